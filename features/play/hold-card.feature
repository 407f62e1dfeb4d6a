Feature: The picker's hold card
  Until the called suit is first led the picker keeps a card of it (the under card after an under
  call), except in the last trick; on its first lead the picker follows with it.

  Background:
    Given the called card is AH

  @rule:play.hold-card-kept
  Scenario: The picker may not throw off the last heart on a club lead
    Given a picker holding 7H QS AD
    And the trick so far is 9C
    And it is trick 2
    Then the legal plays are QS AD

  # The duty is to keep one card of the called suit, not every card: with two hearts the picker
  # may throw either of them off, but not both, before hearts are led. Under must-trump the
  # picker, void in clubs and holding the trump QS, must play it, the hold card kept or not.
  @rule:play.hold-card-kept @rule:play.void-in-led-suit
  Scenario Outline: With two cards of the called suit the picker may throw one off
    Given a picker holding 7H 8H QS
    And the trick so far is 9C
    And it is trick 3
    Then the legal plays are <legal>

    @void-play:free
    Examples: Any card, one heart kept
      | legal    |
      | 7H 8H QS |

    @void-play:must-trump
    Examples: Under must-trump, the trump
      | legal |
      | QS    |

  @rule:play.hold-card-last-trick
  Scenario: In the last trick the hold card may fall on any lead
    Given a picker holding 7H
    And the trick so far is 9C
    And it is trick 6
    Then the legal plays are 7H

  # Void in clubs, the duty over: free, any card; must-trump, one of the trumps QS AD.
  @rule:play.hold-card-kept @rule:play.void-in-led-suit
  Scenario Outline: Once hearts have been led the duty ends
    Given a picker holding 7H QS AD
    And the called suit has been led
    And the trick so far is 9C
    And it is trick 4
    Then the legal plays are <legal>

    @void-play:free
    Examples: Any card, the heart included
      | legal    |
      | 7H QS AD |

    @void-play:must-trump
    Examples: Under must-trump, a trump
      | legal |
      | QS AD |

  # A picker who called AS under 8D. Under no-callable-suit=alone there is no under call
  # (call.no-callable-suit), so no card is ever an under card: the position cannot arise. The
  # whole hand below plays the call itself, refused under alone.
  @rule:call.under-card @rule:play.hold-card-on-first-lead @no-callable-suit:under
  Scenario: The under card follows the called suit
    Given under no-callable-suit=alone the scenario does not apply: no under call is allowed, so there is no under card
    And the called card is AS
    And the under card is 8D
    And a picker holding QC QS QH JC 8D
    And the trick so far is KS
    And it is trick 2
    Then the legal plays are 8D

  # A whole hand, so that the under call itself is played. S3 picks holding only trumps (QC QS
  # QH JC 8D 7D, the blind JD 9D): no ace or ten can be called, in six cards or in eight. S3
  # buries JD 9D and calls AH under 8D (under call-then-bury the call comes first, with all eight
  # trumps, and the bury keeps 8D). Trick 1: S1 9C, S2 AC, S3 7D, S4 TD (void in clubs), S5 7C;
  # TD is the highest trump, S4 leads 9H, hearts' first lead: S5 KH, S1 AH (the partner), S2 8H.
  # S3 holds no heart but the under card, which counts as one: S3 must follow with 8D. Every play
  # before is legal under both void-play options (S3 and S4, void in clubs, play trumps). Under
  # no-callable-suit=alone the picker with no legal call must go alone: the under call is refused.
  @rule:call.under-card @rule:play.hold-card-on-first-lead @rule:call.no-callable-suit
  @no-callable-suit:under @call-timing:bury-then-call
  Scenario: In a whole hand, the under card follows the called suit's first lead
    Given under no-callable-suit=alone, S3 call AH under 8D is rejected under rule call.no-callable-suit
    And S5 deals:
      | seat  | cards             |
      | S1    | 9C AH QD 8S 7S TH |
      | S2    | AC 8H TC KC AD KD |
      | S3    | QC QS QH JC 8D 7D |
      | S4    | TD 9H JS AS TS 7H |
      | S5    | 7C KH 8C KS 9S JH |
      | blind | JD 9D             |
    And the actions S1 pass, S2 pass, S3 pick, S3 bury JD 9D, S3 call AH under 8D
    And the actions S1 9C, S2 AC, S3 7D, S4 TD, S5 7C
    And the actions S4 9H, S5 KH, S1 AH, S2 8H
    Then the legal plays of S3 are 8D

  # The called-suit-lead axis: may the picker lead the called suit (here hearts, AH called)
  # before anyone else has led it? The picker leads trick 2 holding 7H QS AD.
  @rule:play.picker-leads-called-suit @rule:play.lead-any-card
  Scenario Outline: The picker may lead the called suit before it has been led
    Given a picker holding 7H QS AD
    And the trick so far is none
    And it is trick 2
    Then the legal plays are <legal>

    @called-suit-lead:any-time
    Examples: Any time
      | legal    |
      | 7H QS AD |

    @called-suit-lead:after-first-lead
    Examples: Under after-first-lead, not before another player has led it
      | legal |
      | QS AD |

  @rule:play.picker-leads-called-suit @rule:play.lead-any-card
  Scenario: A picker holding only the called suit leads it
    Given a picker holding 7H 9H
    And the trick so far is none
    And it is trick 5
    Then the legal plays are 7H 9H

  @rule:play.picker-leads-called-suit @rule:play.hold-card-last-trick
  Scenario: In the last trick the picker may lead the hold card
    Given a picker holding 7H
    And the trick so far is none
    And it is trick 6
    Then the legal plays are 7H

  @rule:play.picker-leads-called-suit @rule:play.lead-any-card
  Scenario: Once the called suit has been led the picker may lead it
    Given a picker holding 7H QS AD
    And the called suit has been led
    And the trick so far is none
    And it is trick 4
    Then the legal plays are 7H QS AD
