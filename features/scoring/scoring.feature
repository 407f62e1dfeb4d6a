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

  # S3 picks, buries TS 7S (10) and calls AH, S1's. Tricks: 1 S2 (AC: 9C 0 + AC 11 + KC 4 +
  # TC 10 + 7C 0 = 25), 2 S2 (QC: 3 + 0 + 2 + 0 + 0 = 5), 3 S3 (JC: KS 4 + JC 2 + AS 11 = 17),
  # 4 S1 (AH: 0 + 10 + 4 + 11 + 0 = 25), 5 S3 (QS: JD 2 + QD 3 + QS 3 + QH 3 + JH 2 = 13),
  # 6 S3 (AD: 11 + KD 4 + 8C 0 + 8H 0 + TD 10 = 25). The picker's side: 17 + 25 + 13 + 25 + 10
  # buried = 90 in 4 tricks; the defenders 25 + 5 = 30 in 2. Under schneider-line ninety-one 90
  # is a plain win (+2/+1/-1); under ninety it is a schneider (+4/+2/-2). Under called-suit-lead
  # after-first-lead S3 may not lead the called suit (hearts, not yet led) in trick 4 while
  # holding QS and AD: its 7H is refused.
  @rule:scoring.win @rule:scoring.schneider @rule:scoring.schneider-thresholds @rule:points.side-totals
  @rule:points.bury-counts-for-picker @rule:call.partner-is-holder @rule:play.picker-leads-called-suit
  @call-timing:bury-then-call @called-suit-lead:any-time
  Scenario Outline: A whole hand won with 90 card points
    Given under called-suit-lead=after-first-lead, S3 plays 7H is rejected under rule play.picker-leads-called-suit
    And S5 deals:
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
    And the outcome is <kind>
    And the scores are <scores>
    And the hand is in the scored phase

    @schneider-line:ninety-one
    Examples: 90 is a plain win
      | kind | scores                            |
      | win  | S1 +1, S2 -1, S3 +2, S4 -1, S5 -1 |

    @schneider-line:ninety
    Examples: With the line at 90, 90 is a schneider
      | kind      | scores                            |
      | schneider | S1 +2, S2 -2, S3 +4, S4 -2, S5 -2 |

  # The scoring table at every boundary of the picker's side's card points (trick points plus
  # the bury): 0-30 schneidered, 31-60 loss, 61-90 win, 91-120 schneider, all six tricks +6/+3/-3.
  # <split> is picker's side - defenders; tricks are chosen to fit the points (0 tricks only with
  # 0 trick points, 6 tricks only when the defenders have 0 points). Losses are doubled under
  # double on the bump, wins never.
  @rule:scoring.win-threshold @rule:scoring.win @rule:scoring.loss @rule:scoring.schneider @rule:scoring.schneidered
  @rule:scoring.schneider-thresholds @rule:scoring.tie-goes-to-defenders @rule:scoring.all-tricks
  @rule:scoring.double-on-the-bump @rule:scoring.zero-sum @rule:points.side-totals
  Scenario Outline: The picker's side scores <kind> with <split> card points in <tricks> tricks
    When the picker's side takes <tricks> tricks worth <trick_points> points with <bury> buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    Examples: Wins, the same under every profile
      | split  | tricks | trick_points | bury | kind       | picker | partner | defender |
      | 61-59  | 3      | 51           | 10   | win        | +2     | +1      | -1       |
      | 61-59  | 4      | 61           | 0    | win        | +2     | +1      | -1       |
      | 89-31  | 4      | 79           | 10   | win        | +2     | +1      | -1       |
      | 91-29  | 4      | 91           | 0    | schneider  | +4     | +2      | -2       |
      | 91-29  | 5      | 81           | 10   | schneider  | +4     | +2      | -2       |
      | 119-1  | 5      | 108          | 11   | schneider  | +4     | +2      | -2       |
      | 120-0  | 6      | 110          | 10   | all-tricks | +6     | +3      | -3       |
      | 120-0  | 6      | 120          | 0    | all-tricks | +6     | +3      | -3       |

    @schneider-line:ninety-one
    Examples: 90 is the highest plain win
      | split  | tricks | trick_points | bury | kind       | picker | partner | defender |
      | 90-30  | 4      | 80           | 10   | win        | +2     | +1      | -1       |
      | 90-30  | 5      | 68           | 22   | win        | +2     | +1      | -1       |

    @schneider-line:ninety
    Examples: With the line at 90, 90 is already a schneider
      | split  | tricks | trick_points | bury | kind       | picker | partner | defender |
      | 90-30  | 4      | 80           | 10   | schneider  | +4     | +2      | -2       |
      | 90-30  | 5      | 68           | 22   | schneider  | +4     | +2      | -2       |

    @double-on-the-bump:off
    Examples: Losses, not doubled
      | split  | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 60-60  | 3      | 50           | 10   | loss        | -2     | -1      | +1       |
      | 60-60  | 2      | 60           | 0    | loss        | -2     | -1      | +1       |
      | 31-89  | 2      | 31           | 0    | loss        | -2     | -1      | +1       |
      | 31-89  | 1      | 21           | 10   | loss        | -2     | -1      | +1       |
      | 30-90  | 2      | 26           | 4    | schneidered | -4     | -2      | +2       |
      | 30-90  | 1      | 20           | 10   | schneidered | -4     | -2      | +2       |
      | 2-118  | 1      | 2            | 0    | schneidered | -4     | -2      | +2       |

    @double-on-the-bump:on
    Examples: Losses, doubled on the bump
      | split  | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 60-60  | 3      | 50           | 10   | loss        | -4     | -2      | +2       |
      | 60-60  | 2      | 60           | 0    | loss        | -4     | -2      | +2       |
      | 31-89  | 2      | 31           | 0    | loss        | -4     | -2      | +2       |
      | 31-89  | 1      | 21           | 10   | loss        | -4     | -2      | +2       |
      | 30-90  | 2      | 26           | 4    | schneidered | -8     | -4      | +4       |
      | 30-90  | 1      | 20           | 10   | schneidered | -8     | -4      | +4       |
      | 2-118  | 1      | 2            | 0    | schneidered | -8     | -4      | +4       |

  # The no-tricker axis: by tricks, 120 points without all six tricks is a schneider and a side
  # with a zero-point trick is only schneidered; by points, the defenders' taking no card points
  # is the picker's triple win and the picker's side's taking none in tricks is the triple loss.
  @rule:scoring.all-tricks @rule:scoring.schneider @rule:scoring.schneidered @rule:scoring.no-tricks
  @rule:scoring.zero-point-trick @rule:scoring.double-on-the-bump
  Scenario Outline: <split> with <tricks> tricks under the no-tricker axis is <kind>
    When the picker's side takes <tricks> tricks worth <trick_points> points with <bury> buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    @no-tricker:tricks
    Examples: 120 without all six tricks is a schneider
      | split  | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 120-0  | 5      | 110          | 10   | schneider | +4     | +2      | -2       |
      | 120-0  | 4      | 98           | 22   | schneider | +4     | +2      | -2       |

    @no-tricker:points
    Examples: 120 without all six tricks wins triple
      | split  | tricks | trick_points | bury | kind       | picker | partner | defender |
      | 120-0  | 5      | 110          | 10   | all-tricks | +6     | +3      | -3       |
      | 120-0  | 4      | 98           | 22   | all-tricks | +6     | +3      | -3       |

    @no-tricker:tricks @double-on-the-bump:off
    Examples: A zero-point trick saves the picker's side from the triple loss
      | split  | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | schneidered | -4     | -2      | +2       |
      | 10-110 | 1      | 0            | 10   | schneidered | -4     | -2      | +2       |

    @no-tricker:tricks @double-on-the-bump:on
    Examples: A zero-point trick saves the picker's side from the triple loss, doubled on the bump
      | split  | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | schneidered | -8     | -4      | +4       |
      | 10-110 | 1      | 0            | 10   | schneidered | -8     | -4      | +4       |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:off
    Examples: No card points in tricks loses triple, shared
      | split  | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | no-tricks | -6     | -3      | +3       |
      | 10-110 | 1      | 0            | 10   | no-tricks | -6     | -3      | +3       |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:on
    Examples: No card points in tricks loses triple, shared and doubled on the bump
      | split  | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | no-tricks | -12    | -6      | +6       |
      | 10-110 | 1      | 0            | 10   | no-tricks | -12    | -6      | +6       |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:off
    Examples: No card points in tricks loses triple, the partner off the hook
      | split  | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | no-tricks | -9     | 0       | +3       |
      | 10-110 | 1      | 0            | 10   | no-tricks | -9     | 0       | +3       |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:on
    Examples: No card points in tricks loses triple, the partner off the hook, doubled on the bump
      | split  | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120  | 1      | 0            | 0    | no-tricks | -18    | 0       | +6       |
      | 10-110 | 1      | 0            | 10   | no-tricks | -18    | 0       | +6       |

  # The defenders take all six tricks: each defender +3; the picker and partner -6 and -3
  # (shared) or -9 and 0 (partner off the hook); all doubled on the bump. The bury (0, 10 or
  # 22 points) changes nothing.
  @rule:scoring.no-tricks @rule:scoring.double-on-the-bump @rule:scoring.zero-sum
  Scenario Outline: The defenders take all six tricks with <bury> buried
    When the picker's side takes 0 tricks worth 0 points with <bury> buried
    Then the outcome is no-tricks
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    @defender-sweep:shared @double-on-the-bump:off
    Examples: Shared
      | bury | picker | partner | defender |
      | 0    | -6     | -3      | +3       |
      | 10   | -6     | -3      | +3       |
      | 22   | -6     | -3      | +3       |

    @defender-sweep:shared @double-on-the-bump:on
    Examples: Shared, doubled on the bump
      | bury | picker | partner | defender |
      | 0    | -12    | -6      | +6       |
      | 10   | -12    | -6      | +6       |
      | 22   | -12    | -6      | +6       |

    @defender-sweep:partner-off-hook @double-on-the-bump:off
    Examples: The partner off the hook
      | bury | picker | partner | defender |
      | 0    | -9     | 0       | +3       |
      | 10   | -9     | 0       | +3       |
      | 22   | -9     | 0       | +3       |

    @defender-sweep:partner-off-hook @double-on-the-bump:on
    Examples: The partner off the hook, doubled on the bump
      | bury | picker | partner | defender |
      | 0    | -18    | 0       | +6       |
      | 10   | -18    | 0       | +6       |
      | 22   | -18    | 0       | +6       |

  # Alone: each defender scores what a defender scores in the same result with a partner, the
  # picker four times that amount with the opposite sign (so a defender sweep is -12/+3 under
  # either defender-sweep option, the partner's share being the picker's).
  @rule:alone.scoring @rule:alone.teams @rule:scoring.win @rule:scoring.loss @rule:scoring.schneider
  @rule:scoring.schneidered @rule:scoring.all-tricks @rule:scoring.no-tricks @rule:scoring.schneider-thresholds
  @rule:scoring.double-on-the-bump @rule:scoring.zero-sum
  Scenario Outline: The picker alone scores <kind> with <split> card points in <tricks> tricks
    When the picker alone takes <tricks> tricks worth <trick_points> points with <bury> buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner 0 and each defender <defender>

    Examples: Wins, the same under every profile
      | split | tricks | trick_points | bury | kind       | picker | defender |
      | 61-59 | 3      | 51           | 10   | win        | +4     | -1       |
      | 89-31 | 4      | 79           | 10   | win        | +4     | -1       |
      | 91-29 | 4      | 91           | 0    | schneider  | +8     | -2       |
      | 119-1 | 5      | 108          | 11   | schneider  | +8     | -2       |
      | 120-0 | 6      | 110          | 10   | all-tricks | +12    | -3       |

    @schneider-line:ninety-one
    Examples: Alone, 90 is the highest plain win
      | split | tricks | trick_points | bury | kind       | picker | defender |
      | 90-30 | 4      | 80           | 10   | win        | +4     | -1       |

    @schneider-line:ninety
    Examples: Alone, with the line at 90, 90 is a schneider
      | split | tricks | trick_points | bury | kind       | picker | defender |
      | 90-30 | 4      | 80           | 10   | schneider  | +8     | -2       |

    @double-on-the-bump:off
    Examples: Losses, not doubled
      | split | tricks | trick_points | bury | kind        | picker | defender |
      | 60-60 | 3      | 50           | 10   | loss        | -4     | +1       |
      | 31-89 | 2      | 31           | 0    | loss        | -4     | +1       |
      | 30-90 | 2      | 26           | 4    | schneidered | -8     | +2       |
      | 0-120 | 0      | 0            | 0    | no-tricks   | -12    | +3       |
      | 0-120 | 0      | 0            | 10   | no-tricks   | -12    | +3       |

    @double-on-the-bump:on
    Examples: Losses, doubled on the bump
      | split | tricks | trick_points | bury | kind        | picker | defender |
      | 60-60 | 3      | 50           | 10   | loss        | -8     | +2       |
      | 31-89 | 2      | 31           | 0    | loss        | -8     | +2       |
      | 30-90 | 2      | 26           | 4    | schneidered | -16    | +4       |
      | 0-120 | 0      | 0            | 0    | no-tricks   | -24    | +6       |
      | 0-120 | 0      | 0            | 10   | no-tricks   | -24    | +6       |

    @no-tricker:tricks
    Examples: 120 without all six tricks is a schneider
      | split | tricks | trick_points | bury | kind      | picker | defender |
      | 120-0 | 5      | 110          | 10   | schneider | +8     | -2       |

    @no-tricker:points
    Examples: 120 without all six tricks wins triple
      | split | tricks | trick_points | bury | kind       | picker | defender |
      | 120-0 | 5      | 110          | 10   | all-tricks | +12    | -3       |

    @no-tricker:tricks @double-on-the-bump:off
    Examples: A zero-point trick is only schneidered
      | split  | tricks | trick_points | bury | kind        | picker | defender |
      | 10-110 | 1      | 0            | 10   | schneidered | -8     | +2       |

    @no-tricker:tricks @double-on-the-bump:on
    Examples: A zero-point trick is only schneidered, doubled on the bump
      | split  | tricks | trick_points | bury | kind        | picker | defender |
      | 10-110 | 1      | 0            | 10   | schneidered | -16    | +4       |

    @no-tricker:points @double-on-the-bump:off
    Examples: No card points in tricks loses triple
      | split  | tricks | trick_points | bury | kind      | picker | defender |
      | 10-110 | 1      | 0            | 10   | no-tricks | -12    | +3       |

    @no-tricker:points @double-on-the-bump:on
    Examples: No card points in tricks loses triple, doubled on the bump
      | split  | tricks | trick_points | bury | kind      | picker | defender |
      | 10-110 | 1      | 0            | 10   | no-tricks | -24    | +6       |

  # A doubler hand (stakes 2): every change doubled, and doubled again when double on the
  # bump doubles a loss (2 x 2 = 4).
  @rule:scoring.stakes-multiply @rule:all-pass.doubler @rule:scoring.double-on-the-bump
  Scenario Outline: A doubled hand with <split> card points in <tricks> tricks is <kind>
    Given the stakes are multiplied by 2
    When the picker's side takes <tricks> tricks worth <trick_points> points with <bury> buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner <partner> and each defender <defender>

    Examples: Wins, doubled once under every profile
      | split | tricks | trick_points | bury | kind       | picker | partner | defender |
      | 61-59 | 3      | 51           | 10   | win        | +4     | +2      | -2       |
      | 91-29 | 4      | 91           | 0    | schneider  | +8     | +4      | -4       |
      | 120-0 | 6      | 110          | 10   | all-tricks | +12    | +6      | -6       |

    @double-on-the-bump:off
    Examples: A schneidered loss, doubled once
      | split | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 30-90 | 2      | 26           | 4    | schneidered | -8     | -4      | +4       |

    @double-on-the-bump:on
    Examples: A schneidered loss, doubled twice
      | split | tricks | trick_points | bury | kind        | picker | partner | defender |
      | 30-90 | 2      | 26           | 4    | schneidered | -16    | -8      | +8       |

    @defender-sweep:shared @double-on-the-bump:off
    Examples: The defenders take every trick, shared, doubled once
      | split | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120 | 0      | 0            | 10   | no-tricks | -12    | -6      | +6       |

    @defender-sweep:shared @double-on-the-bump:on
    Examples: The defenders take every trick, shared, doubled twice
      | split | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120 | 0      | 0            | 10   | no-tricks | -24    | -12     | +12      |

    @defender-sweep:partner-off-hook @double-on-the-bump:off
    Examples: The defenders take every trick, the partner off the hook, doubled once
      | split | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120 | 0      | 0            | 10   | no-tricks | -18    | 0       | +6       |

    @defender-sweep:partner-off-hook @double-on-the-bump:on
    Examples: The defenders take every trick, the partner off the hook, doubled twice
      | split | tricks | trick_points | bury | kind      | picker | partner | defender |
      | 0-120 | 0      | 0            | 10   | no-tricks | -36    | 0       | +12      |

  # The card points credited to the picker's side: trick points plus the bury, except that
  # under bury-on-no-trick defenders a side without a trick loses the bury to the defenders.
  # A zero-point trick is a trick, so the bury still counts then, except under no-trick-points,
  # where a side with no card points in tricks loses the bury whatever its tricks.
  @rule:points.side-totals @rule:points.bury-counts-for-picker @rule:scoring.zero-point-trick
  Scenario Outline: <tricks> tricks worth <trick_points> points with <bury> buried credit <credited> card points
    When the picker's side takes <tricks> tricks worth <trick_points> points with <bury> buried
    Then the picker's side is credited with <credited> card points

    Examples: With trick points the bury always counts
      | tricks | trick_points | bury | credited |
      | 3      | 50           | 10   | 60       |
      | 4      | 98           | 22   | 120      |

    @bury-on-no-trick:picker @bury-on-no-trick:defenders
    Examples: With a zero-point trick the bury counts
      | tricks | trick_points | bury | credited |
      | 1      | 0            | 10   | 10       |
      | 1      | 0            | 22   | 22       |

    @bury-on-no-trick:no-trick-points
    Examples: With only zero-point tricks the bury goes to the defenders
      | tricks | trick_points | bury | credited |
      | 1      | 0            | 10   | 0        |
      | 1      | 0            | 22   | 0        |

    @bury-on-no-trick:picker
    Examples: Without a trick the bury counts for the picker's side
      | tricks | trick_points | bury | credited |
      | 0      | 0            | 10   | 10       |
      | 0      | 0            | 22   | 22       |

    @bury-on-no-trick:defenders @bury-on-no-trick:no-trick-points
    Examples: Without a trick the bury goes to the defenders
      | tricks | trick_points | bury | credited |
      | 0      | 0            | 10   | 0        |
      | 0      | 0            | 22   | 0        |
