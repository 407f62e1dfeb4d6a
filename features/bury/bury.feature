Feature: Burying two cards
  The picker buries exactly two of their eight cards (the blind included), before calling unless
  the profile calls first.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |
    And the actions S1 pass, S2 pass, S3 pick

  # Right after the pick. Under bury-then-call the picker buries first, and the hand moves on to
  # the call. Under call-then-bury the call comes first (bury.before-call): the bury is refused,
  # and S3 is still to call.
  @rule:bury.two-cards @rule:bury.cards-from-hand @rule:bury.before-call
  Scenario Outline: The picker buries the two blind cards
    When S3 buries TS 7S
    Then the action is <result>
    And it is S3's turn
    And the hand is in the call phase

    @call-timing:bury-then-call
    Examples: Bury, then call
      | result   |
      | accepted |

    @call-timing:call-then-bury
    Examples: Under call-then-bury the picker calls before burying
      | result                               |
      | rejected under rule bury.before-call |

  # The bury is tried once the call may be made: the call AH (S3 holds 7H among its eight cards,
  # and after any bury that keeps it) is sent in the order of call-timing, before the bury under
  # call-then-bury, after it under bury-then-call. Either way the bury itself breaks the rule.
  @rule:bury.cards-from-hand @call-timing:bury-then-call @call-timing:call-then-bury
  Scenario: The picker may not bury a card they do not hold
    Given the actions S3 call AH
    When S3 buries KH 7S
    Then the action is rejected under rule bury.cards-from-hand

  @rule:bury.two-cards @call-timing:bury-then-call @call-timing:call-then-bury
  Scenario: The picker may not bury three cards
    Given the actions S3 call AH
    When S3 buries TS 7S KC
    Then the action is rejected under rule bury.two-cards

  # Burying AD QS keeps 7H, the hold card of the called AH: legal in either order, and the hand
  # goes on to S1's first lead once both the bury and the call are made.
  @rule:bury.any-two-cards @call-timing:bury-then-call @call-timing:call-then-bury
  Scenario: The picker may bury trumps and point cards
    Given the actions S3 call AH
    When S3 buries AD QS
    Then the action is accepted
    And it is S1's turn
    And the hand is in the play phase
