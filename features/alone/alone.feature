Feature: Going alone
  A picker who goes alone takes the partner's share too: each defender scores what a defender
  scores in a partner hand, and the picker four times that amount.

  @rule:alone.scoring @rule:scoring.win
  Scenario: A lone picker wins with 71 card points
    When the picker alone takes 4 tricks worth 61 points with 10 buried
    Then the outcome is win
    And the picker scores +4, the partner 0 and each defender -1

  @rule:alone.scoring @rule:scoring.schneider
  Scenario: A lone picker wins a schneider with 95 card points
    When the picker alone takes 5 tricks worth 85 points with 10 buried
    Then the outcome is schneider
    And the picker scores +8, the partner 0 and each defender -2
