Feature: The hold card after a ten call
  After a ten call the picker's hold card is any card of the ten's suit, as after an ace call, or
  the ace of that suit (the ten-call-hold axis).

  Background:
    Given the called card is TH

  @rule:play.ace-kept-for-called-ten @rule:play.hold-card-kept @void-play:free @ten-call-hold:any-card
  Scenario: With two hearts the picker may throw off the ace of hearts on a club lead
    Given a picker holding AH 9H QS
    And the trick so far is 9C
    And it is trick 2
    Then the legal plays are AH 9H QS

  @rule:play.ace-kept-for-called-ten @void-play:free @ten-call-hold:the-ace
  Scenario: The picker keeps the ace of the called ten's suit on a club lead
    Given a picker holding AH 9H QS
    And the trick so far is 9C
    And it is trick 2
    Then the legal plays are 9H QS

  @rule:play.ace-kept-for-called-ten @rule:play.hold-card-on-first-lead @ten-call-hold:any-card
  Scenario: On the first heart lead the picker may follow with any heart
    Given a picker holding AH 9H QS
    And the trick so far is 7H
    And it is trick 2
    Then the legal plays are AH 9H

  @rule:play.ace-kept-for-called-ten @ten-call-hold:the-ace
  Scenario: On the first heart lead the picker plays the ace
    Given a picker holding AH 9H QS
    And the trick so far is 7H
    And it is trick 2
    Then the legal plays are AH

  @rule:play.ace-kept-for-called-ten @called-suit-lead:any-time @ten-call-hold:any-card
  Scenario: Leading hearts first, the picker may lead any heart
    Given a picker holding AH 9H QS
    And the trick so far is none
    And it is trick 2
    Then the legal plays are AH 9H QS

  @rule:play.ace-kept-for-called-ten @called-suit-lead:any-time @ten-call-hold:the-ace
  Scenario: Leading hearts first, the picker leads the ace
    Given a picker holding AH 9H QS
    And the trick so far is none
    And it is trick 2
    Then the legal plays are AH QS

  @rule:play.ace-kept-for-called-ten @ten-call-hold:the-ace
  Scenario: In the last trick the ace may fall on any lead
    Given a picker holding AH
    And the trick so far is 9C
    And it is trick 6
    Then the legal plays are AH
