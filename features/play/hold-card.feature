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
  # may throw either of them off, but not both, before hearts are led.
  @rule:play.hold-card-kept @rule:play.void-in-led-suit @void-play:free
  Scenario: With two cards of the called suit the picker may throw one off
    Given a picker holding 7H 8H QS
    And the trick so far is 9C
    And it is trick 3
    Then the legal plays are 7H 8H QS

  @rule:play.hold-card-kept @rule:play.void-in-led-suit @void-play:must-trump
  Scenario: Under must-trump the picker void in the led suit trumps, the hold card kept or not
    Given a picker holding 7H 8H QS
    And the trick so far is 9C
    And it is trick 3
    Then the legal plays are QS

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

  # The called-suit-lead axis: may the picker lead the called suit (here hearts, AH called)
  # before anyone else has led it? The picker leads trick 2 holding 7H QS AD.
  @rule:play.picker-leads-called-suit @rule:play.lead-any-card @called-suit-lead:any-time
  Scenario: The picker may lead the called suit before it has been led
    Given a picker holding 7H QS AD
    And the trick so far is none
    And it is trick 2
    Then the legal plays are 7H QS AD

  @rule:play.picker-leads-called-suit @rule:play.lead-any-card @called-suit-lead:after-first-lead
  Scenario: Under after-first-lead the picker may not be the first to lead the called suit
    Given a picker holding 7H QS AD
    And the trick so far is none
    And it is trick 2
    Then the legal plays are QS AD

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
