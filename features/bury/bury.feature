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

  @rule:bury.two-cards @rule:bury.cards-from-hand @rule:bury.before-call @call-timing:bury-then-call
  Scenario: The picker buries the two blind cards
    When S3 buries TS 7S
    Then the action is accepted
    And it is S3's turn
    And the hand is in the call phase

  @rule:bury.cards-from-hand @call-timing:bury-then-call
  Scenario: The picker may not bury a card they do not hold
    When S3 buries KH 7S
    Then the action is rejected under rule bury.cards-from-hand

  @rule:bury.two-cards @call-timing:bury-then-call
  Scenario: The picker may not bury three cards
    When S3 buries TS 7S KC
    Then the action is rejected under rule bury.two-cards

  @rule:bury.any-two-cards @call-timing:bury-then-call
  Scenario: The picker may bury trumps and point cards
    When S3 buries AD QS
    Then the action is accepted

  @rule:bury.before-call @call-timing:call-then-bury
  Scenario: Under call-then-bury the picker calls before burying
    When S3 buries TS 7S
    Then the action is rejected under rule bury.before-call
