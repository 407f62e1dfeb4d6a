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

  # S3 picks, buries TS 7S and calls AH; once S1 has led 9C the call cannot become alone. The
  # bury and the call are sent in the order of call-timing: under call-then-bury S3 calls AH from
  # its eight cards (7H among them), then buries TS 7S keeping 7H; the refusal is the same.
  @rule:alone.declare @call-timing:bury-then-call @call-timing:call-then-bury
  Scenario: Going alone is declared before the first lead, not after it
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 play 9C
    When S3 goes alone
    Then the action is rejected under rule alone.declare
