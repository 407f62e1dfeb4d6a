Feature: Ranking of trumps and fail cards
  Trumps rank QC QS QH QD, the jacks (in the order of the jack-order axis), then AD TD KD 9D 8D 7D;
  every trump beats every fail card; in a fail suit A > 10 > K > 9 > 8 > 7, and a fail card of a
  suit that was not led never wins.

  # Every pair of the fourteen trumps, higher first: 14 x 13 / 2 = 91 pairs. Only the pair of
  # the black jacks depends on the jack order (the next outline); JC and JS both beat JH and JD
  # in either order.
  @rule:ranking.trump-order
  Scenario Outline: <higher> outranks <lower> in the trump suit
    Then <higher> beats <lower>

    Examples: Every profile
      | higher | lower |
      | QC     | QS    |
      | QC     | QH    |
      | QC     | QD    |
      | QC     | JC    |
      | QC     | JS    |
      | QC     | JH    |
      | QC     | JD    |
      | QC     | AD    |
      | QC     | TD    |
      | QC     | KD    |
      | QC     | 9D    |
      | QC     | 8D    |
      | QC     | 7D    |
      | QS     | QH    |
      | QS     | QD    |
      | QS     | JC    |
      | QS     | JS    |
      | QS     | JH    |
      | QS     | JD    |
      | QS     | AD    |
      | QS     | TD    |
      | QS     | KD    |
      | QS     | 9D    |
      | QS     | 8D    |
      | QS     | 7D    |
      | QH     | QD    |
      | QH     | JC    |
      | QH     | JS    |
      | QH     | JH    |
      | QH     | JD    |
      | QH     | AD    |
      | QH     | TD    |
      | QH     | KD    |
      | QH     | 9D    |
      | QH     | 8D    |
      | QH     | 7D    |
      | QD     | JC    |
      | QD     | JS    |
      | QD     | JH    |
      | QD     | JD    |
      | QD     | AD    |
      | QD     | TD    |
      | QD     | KD    |
      | QD     | 9D    |
      | QD     | 8D    |
      | QD     | 7D    |
      | JC     | JH    |
      | JC     | JD    |
      | JC     | AD    |
      | JC     | TD    |
      | JC     | KD    |
      | JC     | 9D    |
      | JC     | 8D    |
      | JC     | 7D    |
      | JS     | JH    |
      | JS     | JD    |
      | JS     | AD    |
      | JS     | TD    |
      | JS     | KD    |
      | JS     | 9D    |
      | JS     | 8D    |
      | JS     | 7D    |
      | JH     | JD    |
      | JH     | AD    |
      | JH     | TD    |
      | JH     | KD    |
      | JH     | 9D    |
      | JH     | 8D    |
      | JH     | 7D    |
      | JD     | AD    |
      | JD     | TD    |
      | JD     | KD    |
      | JD     | 9D    |
      | JD     | 8D    |
      | JD     | 7D    |
      | AD     | TD    |
      | AD     | KD    |
      | AD     | 9D    |
      | AD     | 8D    |
      | AD     | 7D    |
      | TD     | KD    |
      | TD     | 9D    |
      | TD     | 8D    |
      | TD     | 7D    |
      | KD     | 9D    |
      | KD     | 8D    |
      | KD     | 7D    |
      | 9D     | 8D    |
      | 9D     | 7D    |
      | 8D     | 7D    |

  # The 91st pair, the black jacks: JC above JS under clubs-first, JS above JC under
  # spades-first. One moment (a trick of the two jacks) with a row per option, in an outline of
  # its own: beside the rows for every profile it would not be one case.
  @rule:ranking.trump-order
  Scenario Outline: The black jacks: <higher> outranks <lower> in the trump suit
    Then <higher> beats <lower>

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

  @rule:ranking.trump-beats-fail @rule:deck.trump-cards
  Scenario Outline: The trump <trump> beats the fail card <fail>, led or not
    Then <trump> beats <fail>

    Examples:
      | trump | fail |
      | 7D    | TC   |
      | 7D    | TS   |
      | 7D    | TH   |
      | 8D    | KC   |
      | 9D    | KS   |
      | JD    | AC   |
      | JD    | AS   |
      | JH    | AH   |
      | QD    | AH   |

  # Every pair of A 10 K 9 8 7 in each fail suit, higher first: 15 pairs a suit, 45 in all.
  @rule:ranking.fail-order @rule:ranking.fail-king-below-ten @rule:trick.highest-of-led-suit-wins
  Scenario Outline: <higher> outranks <lower> in a fail suit
    Then <higher> beats <lower>

    Examples:
      | higher | lower |
      | AC     | TC    |
      | AC     | KC    |
      | AC     | 9C    |
      | AC     | 8C    |
      | AC     | 7C    |
      | TC     | KC    |
      | TC     | 9C    |
      | TC     | 8C    |
      | TC     | 7C    |
      | KC     | 9C    |
      | KC     | 8C    |
      | KC     | 7C    |
      | 9C     | 8C    |
      | 9C     | 7C    |
      | 8C     | 7C    |
      | AS     | TS    |
      | AS     | KS    |
      | AS     | 9S    |
      | AS     | 8S    |
      | AS     | 7S    |
      | TS     | KS    |
      | TS     | 9S    |
      | TS     | 8S    |
      | TS     | 7S    |
      | KS     | 9S    |
      | KS     | 8S    |
      | KS     | 7S    |
      | 9S     | 8S    |
      | 9S     | 7S    |
      | 8S     | 7S    |
      | AH     | TH    |
      | AH     | KH    |
      | AH     | 9H    |
      | AH     | 8H    |
      | AH     | 7H    |
      | TH     | KH    |
      | TH     | 9H    |
      | TH     | 8H    |
      | TH     | 7H    |
      | KH     | 9H    |
      | KH     | 8H    |
      | KH     | 7H    |
      | 9H     | 8H    |
      | 9H     | 7H    |
      | 8H     | 7H    |

  # The led card is the lowest of its suit and the others are the highest cards of the other
  # fail suits: a fail card of a suit that was not led cannot win.
  @rule:ranking.fail-suits-equal @rule:trick.highest-of-led-suit-wins
  Scenario Outline: A <led> lead wins the trick <trick>
    Then the trick <trick> is won by <led>

    Examples:
      | led | trick          |
      | 7C  | 7C AS          |
      | 7C  | 7C AH          |
      | 7S  | 7S AC          |
      | 7S  | 7S AH          |
      | 7H  | 7H AC          |
      | 7H  | 7H AS          |
      | 7C  | 7C AS AH TS TH |
      | 7S  | 7S AC AH TC TH |
      | 7H  | 7H AC AS TC TS |
