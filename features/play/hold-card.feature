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

  @rule:play.hold-card-last-trick
  Scenario: In the last trick the hold card may fall on any lead
    Given a picker holding 7H
    And the trick so far is 9C
    And it is trick 6
    Then the legal plays are 7H

  @rule:play.hold-card-kept @rule:play.void-in-led-suit @void-play:free
  Scenario: Once hearts have been led the duty ends
    Given a picker holding 7H QS AD
    And the called suit has been led
    And the trick so far is 9C
    And it is trick 4
    Then the legal plays are 7H QS AD

  @rule:call.under-card @rule:play.hold-card-on-first-lead @no-callable-suit:under
  Scenario: The under card follows the called suit
    Given the called card is AS
    And the under card is 8D
    And a picker holding QC QS QH JC 8D
    And the trick so far is KS
    And it is trick 2
    Then the legal plays are 8D
