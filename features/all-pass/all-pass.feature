Feature: When all five pass
  What follows five passes is the all-pass axis: a leaster, a doubler, a redeal or a schwanzer.

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

  # Trump power (queens 3, jacks 2, other diamonds 1): S1 JD 7D = 3, S2 QC QD TD = 7,
  # S3 QS JC AD 9D = 7, S4 QH JS KD = 6, S5 JH 8D = 3. S2 and S3 tie for the most: nobody pays.
  @rule:all-pass.table-choice @rule:all-pass.schwanzer @all-pass:schwanzer
  Scenario: Five passes make a schwanzer; a tie for the most trump power pays nothing
    When S5 passes
    Then the outcome is schwanzer
    And the scores are S1 0, S2 0, S3 0, S4 0, S5 0
    And the hand is in the scored phase

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

  # A session of four hands: S5's deal (the Background) and S1's deal are both passed out, two
  # doublers in a row; S2's and S3's deals are the Background's hand turned two and three seats
  # to the left, each won by the picker with 90 card points (picker +2, partner +1, defenders
  # -1 at single stakes). Hand 3: picker S5, partner S3: S1 -1, S2 -1, S3 +1, S4 -1, S5 +2,
  # doubled S1 -2, S2 -2, S3 +2, S4 -2, S5 +4. Hand 4: picker S1, partner S4: S1 +2, S2 -1,
  # S3 -1, S4 +1, S5 -1. Queue: the second doubler doubles hand 4 too, totals S1 -2+4 = +2,
  # S2 -2-2 = -4, S3 +2-2 = 0, S4 -2+2 = 0, S5 +4-2 = +2. Single: hand 4 at single stakes,
  # totals S1 -2+2 = 0, S2 -2-1 = -3, S3 +2-1 = +1, S4 -2+1 = -1, S5 +4-1 = +3.
  @rule:all-pass.doubler @rule:all-pass.doubler-stacking @rule:scoring.stakes-multiply
  @rule:session.cumulative-scores @rule:session.deal-rotates-left
  @all-pass:doubler @all-pass-dealer:passes-left @call-timing:bury-then-call @called-suit-lead:any-time @schneider-line:ninety-one
  Scenario Outline: Two doublers in a row, then two hands with a picker
    Given the actions S5 pass
    And S1 deals:
      | seat  | cards             |
      | S1    | JH 8D 8C 7C 9S KH |
      | S2    | AH JD 7D 9C 8S 8H |
      | S3    | QC QD TD AC KS 9H |
      | S4    | QS JC AD 9D 7H KC |
      | S5    | QH JS KD TC AS TH |
      | blind | TS 7S             |
    And the actions S2 pass, S3 pass, S4 pass, S5 pass, S1 pass
    And S2 deals:
      | seat  | cards             |
      | S1    | QH JS KD TC AS TH |
      | S2    | JH 8D 8C 7C 9S KH |
      | S3    | AH JD 7D 9C 8S 8H |
      | S4    | QC QD TD AC KS 9H |
      | S5    | QS JC AD 9D 7H KC |
      | blind | TS 7S             |
    And the actions S3 pass, S4 pass, S5 pick, S5 bury TS 7S, S5 call AH
    And the actions S3 9C, S4 AC, S5 KC, S1 TC, S2 7C
    And the actions S4 QC, S5 9D, S1 JS, S2 8D, S3 7D
    And the actions S4 KS, S5 JC, S1 AS, S2 9S, S3 8S
    And the actions S5 7H, S1 TH, S2 KH, S3 AH, S4 9H
    And the actions S3 JD, S4 QD, S5 QS, S1 QH, S2 JH
    And the actions S5 AD, S1 KD, S2 8C, S3 8H, S4 TD
    And S3 deals:
      | seat  | cards             |
      | S1    | QS JC AD 9D 7H KC |
      | S2    | QH JS KD TC AS TH |
      | S3    | JH 8D 8C 7C 9S KH |
      | S4    | AH JD 7D 9C 8S 8H |
      | S5    | QC QD TD AC KS 9H |
      | blind | TS 7S             |
    And the actions S4 pass, S5 pass, S1 pick, S1 bury TS 7S, S1 call AH
    And the actions S4 9C, S5 AC, S1 KC, S2 TC, S3 7C
    And the actions S5 QC, S1 9D, S2 JS, S3 8D, S4 7D
    And the actions S5 KS, S1 JC, S2 AS, S3 9S, S4 8S
    And the actions S1 7H, S2 TH, S3 KH, S4 AH, S5 9H
    And the actions S4 JD, S5 QD, S1 QS, S2 QH, S3 JH
    And the actions S1 AD, S2 KD, S3 8C, S4 8H, S5 TD
    Then the scores of hand 1 are S1 0, S2 0, S3 0, S4 0, S5 0
    And the scores of hand 2 are S1 0, S2 0, S3 0, S4 0, S5 0
    And the scores of hand 3 are S1 -2, S2 -2, S3 +2, S4 -2, S5 +4
    And the scores of hand 4 are <fourth>
    And the session totals are <totals>

    @doubler-stacking:queue
    Examples: Each doubler doubles one hand
      | fourth                            | totals                           |
      | S1 +4, S2 -2, S3 -2, S4 +2, S5 -2 | S1 +2, S2 -4, S3 0, S4 0, S5 +2  |

    @doubler-stacking:single
    Examples: A run of doublers doubles only the next hand
      | fourth                            | totals                           |
      | S1 +2, S2 -1, S3 -1, S4 +1, S5 -1 | S1 0, S2 -3, S3 +1, S4 -1, S5 +3 |
