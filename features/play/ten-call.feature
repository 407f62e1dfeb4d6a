Feature: The hold card after a ten call
  After a ten call the picker's hold card is any card of the ten's suit, as after an ace call, or
  the ace of that suit (the ten-call-hold axis).

  Background:
    Given the called card is TH

  # Void in clubs, holding AH 9H QS. free: any-card, either heart may go (one is kept); the-ace,
  # the ace is kept, 9H may go. must-trump: the trump QS, whatever the hold card.
  @rule:play.ace-kept-for-called-ten @rule:play.hold-card-kept @rule:play.void-in-led-suit
  Scenario Outline: With two hearts the picker may throw off the ace of hearts on a club lead
    Given a picker holding AH 9H QS
    And the trick so far is 9C
    And it is trick 2
    Then the legal plays are <legal>

    @void-play:free @ten-call-hold:any-card
    Examples: Any heart is the hold card
      | legal    |
      | AH 9H QS |

    @void-play:free @ten-call-hold:the-ace
    Examples: The ace is the hold card
      | legal |
      | 9H QS |

    @void-play:must-trump
    Examples: Under must-trump, the trump
      | legal |
      | QS    |

  @rule:play.ace-kept-for-called-ten @rule:play.hold-card-on-first-lead
  Scenario Outline: On the first heart lead the picker may follow with any heart
    Given a picker holding AH 9H QS
    And the trick so far is 7H
    And it is trick 2
    Then the legal plays are <legal>

    @ten-call-hold:any-card
    Examples: Any heart
      | legal |
      | AH 9H |

    @ten-call-hold:the-ace
    Examples: The ace
      | legal |
      | AH    |

  # Leading in trick 2, hearts not yet led. any-time: any-card, any card; the-ace, a heart lead
  # must be the ace. after-first-lead: no heart before another player has led one (QS is held,
  # and it is not the last trick), whatever the hold card.
  @rule:play.ace-kept-for-called-ten @rule:play.picker-leads-called-suit
  Scenario Outline: Leading hearts first, the picker may lead any heart
    Given a picker holding AH 9H QS
    And the trick so far is none
    And it is trick 2
    Then the legal plays are <legal>

    @called-suit-lead:any-time @ten-call-hold:any-card
    Examples: Any heart
      | legal    |
      | AH 9H QS |

    @called-suit-lead:any-time @ten-call-hold:the-ace
    Examples: The ace
      | legal |
      | AH QS |

    @called-suit-lead:after-first-lead
    Examples: Under after-first-lead, no heart
      | legal |
      | QS    |

  # The picker's last card: it falls whatever the hold card (any-card or the-ace), and the
  # void-play options agree (no trump in hand).
  @rule:play.ace-kept-for-called-ten
  Scenario: In the last trick the ace may fall on any lead
    Given a picker holding AH
    And the trick so far is 9C
    And it is trick 6
    Then the legal plays are AH
