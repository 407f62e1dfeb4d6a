Feature: Ranking of trumps and fail cards
  Trumps rank QC QS QH QD, the jacks (in the order of the jack-order axis), then AD TD KD 9D 8D 7D;
  every trump beats every fail card; in a fail suit A > 10 > K > 9 > 8 > 7.

  @rule:ranking.trump-order
  Scenario Outline: <higher> outranks <lower> in the trump suit
    Then <higher> beats <lower>

    Examples: Every profile
      | higher | lower |
      | QC     | QS    |
      | QS     | QH    |
      | QH     | QD    |
      | QD     | JC    |
      | QD     | JS    |
      | JC     | JH    |
      | JS     | JH    |
      | JH     | JD    |
      | JD     | AD    |
      | AD     | TD    |
      | TD     | KD    |
      | KD     | 9D    |
      | 9D     | 8D    |
      | 8D     | 7D    |

    @jack-order:clubs-first
    Examples: The jack of clubs first
      | higher | lower |
      | JC     | JS    |

    @jack-order:spades-first
    Examples: The jack of spades first
      | higher | lower |
      | JS     | JC    |

  @rule:ranking.trump-beats-fail
  Scenario Outline: The lowest trump <trump> beats the fail ace <fail>
    Then <trump> beats <fail>

    Examples:
      | trump | fail |
      | 7D    | AC   |
      | 7D    | AS   |
      | 7D    | AH   |

  @rule:ranking.fail-order @rule:ranking.fail-king-below-ten
  Scenario Outline: <higher> outranks <lower> in a fail suit
    Then <higher> beats <lower>

    Examples:
      | higher | lower |
      | AC     | TC    |
      | TS     | KS    |
      | KH     | 9H    |
      | 9C     | 8C    |
      | 8S     | 7S    |
