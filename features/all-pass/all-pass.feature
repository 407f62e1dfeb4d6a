Feature: When all five pass
  What follows five passes is the all-pass axis: a leaster, a doubler or a redeal.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |
    And the actions S1 pass, S2 pass, S3 pass, S4 pass

  @rule:all-pass.table-choice @rule:leaster.every-player-for-themselves @all-pass:leaster
  Scenario: Five passes start a leaster led by the dealer's left
    When S5 passes
    Then the action is accepted
    And the hand is in the play phase
    And it is S1's turn

  @rule:all-pass.table-choice @rule:all-pass.redeal @all-pass:redeal
  Scenario: Five passes throw the cards in for a redeal
    When S5 passes
    Then the outcome is redeal
    And the scores are S1 0, S2 0, S3 0, S4 0, S5 0

  @rule:all-pass.table-choice @rule:all-pass.doubler @all-pass:doubler
  Scenario: Five passes make a doubler
    When S5 passes
    Then the outcome is doubler
    And the scores are S1 0, S2 0, S3 0, S4 0, S5 0
