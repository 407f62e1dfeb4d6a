Feature: Scoring a hand
  61 card points win for the picker's side; 60 loses (the tie goes to the defenders). Under double
  on the bump every change of a lost hand is doubled.

  @rule:scoring.win-threshold @rule:scoring.win @rule:scoring.loss @rule:scoring.tie-goes-to-defenders
  @rule:scoring.double-on-the-bump
  Scenario Outline: The picker's side with <trick_points> points in tricks and 10 buried
    When the picker's side takes 4 tricks worth <trick_points> points with 10 buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    Examples: 61 wins under every profile
      | trick_points | kind | picker | partner | defender |
      | 51           | win  | +2     | +1      | -1       |

    @double-on-the-bump:off
    Examples: 60 loses
      | trick_points | kind | picker | partner | defender |
      | 50           | loss | -2     | -1      | +1       |

    @double-on-the-bump:on
    Examples: 60 loses, doubled
      | trick_points | kind | picker | partner | defender |
      | 50           | loss | -4     | -2      | +2       |

  @rule:scoring.stakes-multiply @rule:scoring.double-on-the-bump
  Scenario Outline: A doubled hand lost with 60 card points
    Given the stakes are multiplied by 2
    When the picker's side takes 3 tricks worth 50 points with 10 buried
    Then the outcome is loss
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    @double-on-the-bump:off
    Examples: Doubled once
      | picker | partner | defender |
      | -4     | -2      | +2       |

    @double-on-the-bump:on
    Examples: Doubled twice
      | picker | partner | defender |
      | -8     | -4      | +4       |

  @rule:scoring.win @rule:points.side-totals @rule:points.bury-counts-for-picker @rule:call.partner-is-holder
  @call-timing:bury-then-call @called-suit-lead:any-time
  Scenario: A whole hand won with 90 card points
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C
    And the actions S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
    And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S
    And the actions S3 7H, S4 TH, S5 KH, S1 AH, S2 9H
    And the actions S1 JD, S2 QD, S3 QS, S4 QH, S5 JH
    And the actions S3 AD, S4 KD, S5 8C, S1 8H, S2 TD
    Then the partner is S1
    And trick 4 is won by S1 with 25 points
    And the picker's side has 90 card points and 4 tricks
    And the defenders have 30 card points and 2 tricks
    And the outcome is win
    And the scores are S1 +1, S2 -1, S3 +2, S4 -1, S5 -1
    And the hand is in the scored phase
