Feature: Calling a partner
  The picker calls the ace of a fail suit in which they hold a card other than the ace, never a
  card they hold or buried; with no such suit the no-callable-suit axis decides.

  @rule:call.ace-of-held-fail-suit @call-timing:bury-then-call
  Scenario: Only aces of suits the picker still holds can be called
    Given a picker holding QS JC AD 9D 7H KC
    And the picker buried TS 7S
    Then the callable cards are AC AH
    And the under calls are none

  @rule:call.not-own-card @call-timing:bury-then-call
  Scenario: The picker may not call an ace they hold
    Given a picker holding QS JC AD AC KC 7H
    And the picker buried TS 7S
    Then the callable cards are AH

  @rule:call.ace-of-held-fail-suit @call-timing:call-then-bury
  Scenario: Calling before the bury, the picker's eight cards count
    Given a picker holding QS JC AD 9D 7H KC TS 7S
    Then the callable cards are AC AS AH

  @rule:call.no-callable-suit @rule:call.under-card @no-callable-suit:under @call-timing:bury-then-call
  Scenario: A picker holding only trumps may call an ace under
    Given a picker holding QC QS QH QD JC JS
    And the picker buried 7D 8D
    Then the callable cards are none
    And the under calls are AC AS AH

  @rule:call.no-callable-suit @no-callable-suit:alone @call-timing:bury-then-call
  Scenario: A picker holding only trumps has no call at all
    Given a picker holding QC QS QH QD JC JS
    And the picker buried 7D 8D
    Then the callable cards are none
    And the under calls are none

  Rule: Calls in a hand
    Background:
      Given S5 deals:
        | seat  | cards             |
        | S1    | AH JD 7D 9C 8S 8H |
        | S2    | QC QD TD AC KS 9H |
        | S3    | QS JC AD 9D 7H KC |
        | S4    | QH JS KD TC AS TH |
        | S5    | JH 8D 8C 7C 9S KH |
        | blind | TS 7S             |
      And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S

    @rule:call.ace-of-held-fail-suit @call-timing:bury-then-call
    Scenario: The picker may not call the ace of a suit they no longer hold
      When S3 calls AS
      Then the action is rejected under rule call.ace-of-held-fail-suit

    @rule:call.partner-or-alone @rule:play.first-lead @call-timing:bury-then-call
    Scenario: After the call the dealer's left leads
      When S3 calls AH
      Then the action is accepted
      And it is S1's turn
      And the hand is in the play phase
