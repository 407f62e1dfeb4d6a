Feature: Cracking
  Where the table plays it (the cracking axis), a defender seated after the picker may crack
  between the call and the first card, and the picker or the partner may then re-crack; each
  doubles every score of the hand. No seed text mentions cracking: under cracking off every
  crack is refused.

  S5 deals; S3 picks, buries TS 7S and calls AH, which S1 holds. S4 and S5 were never offered the
  blind; S1 and S2 passed.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |

  @rule:crack.window @rule:crack.who @cracking:crack @call-timing:bury-then-call
  Scenario: After the call the seats after the picker may crack, next to the first lead
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play JD, S1 play 7D, S4 crack, S5 crack

  @rule:crack.window @rule:crack.who @cracking:crack @call-timing:bury-then-call
  Scenario: A crack is not a turn: S5 cracks while S1 is to lead
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When S5 cracks
    Then the action is accepted
    And it is S1's turn

  @rule:crack.who @cracking:crack @call-timing:bury-then-call
  Scenario Outline: <who> may not crack
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When <seat> cracks
    Then the action is rejected under rule crack.who

    Examples:
      | seat | who                                 |
      | S3   | The picker                          |
      | S1   | The partner (who also passed)       |
      | S2   | A defender who passed               |

  @rule:crack.who @cracking:crack @call-timing:bury-then-call
  Scenario: A partner seated after the picker may not crack; the other defender after it may
    # S3 buries 9D KC and calls AS, which S4 holds: S4 is the partner, S5 a defender.
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury 9D KC, S3 call AS
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play 8H, S1 play JD, S1 play 7D, S5 crack
    When S4 cracks
    Then the action is rejected under rule crack.who

  @rule:crack.who @cracking:crack @call-timing:bury-then-call
  Scenario: One crack a hand
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When S5 cracks
    Then the action is rejected under rule crack.who

  @rule:crack.recrack @cracking:crack @call-timing:bury-then-call
  Scenario Outline: After a crack, <who> <verdict>
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When <seat> re-cracks
    Then the action is <result>

    Examples:
      | seat | who                  | verdict            | result                           |
      | S3   | the picker           | may re-crack       | accepted                         |
      | S1   | the partner          | may re-crack       | accepted                         |
      | S5   | a defender           | may not re-crack   | rejected under rule crack.recrack |
      | S4   | the cracker          | may not re-crack   | rejected under rule crack.recrack |

  @rule:crack.recrack @cracking:crack @call-timing:bury-then-call
  Scenario: A re-crack needs a crack
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When S3 re-cracks
    Then the action is rejected under rule crack.recrack

  @rule:crack.recrack @cracking:crack @call-timing:bury-then-call
  Scenario: One re-crack a hand
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack, S1 recrack
    When S3 re-cracks
    Then the action is rejected under rule crack.recrack

  @rule:crack.window @cracking:crack
  Scenario: No crack before the call and the bury
    Given the actions S1 pass, S2 pass, S3 pick
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.window @cracking:crack @call-timing:bury-then-call
  Scenario: No crack once the first card is played
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 play 9C
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.window @cracking:crack @all-pass:leaster
  Scenario: No crack in a leaster, which has no picker
    Given the actions S1 pass, S2 pass, S3 pass, S4 pass, S5 pass
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.table-choice @cracking:off @call-timing:bury-then-call
  Scenario: A table that does not crack refuses a crack
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play JD, S1 play 7D
    When S4 cracks
    Then the action is rejected under rule crack.table-choice

  @rule:crack.table-choice @cracking:crack @blitzing:off @call-timing:bury-then-call
  Scenario: A table that cracks but does not blitz refuses a blitz
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When S2 blitzes red
    Then the action is rejected under rule crack.table-choice

  @rule:crack.doubles @rule:crack.recrack @rule:scoring.win @cracking:crack @call-timing:bury-then-call
  @called-suit-lead:any-time @schneider-line:ninety-one
  Scenario: A cracked and re-cracked win of 90 card points scores four times
    # The hand of spec/examples/ordinary-win-deck.yaml: the picker's side takes 90, a plain win
    # (picker +2, partner +1, each defender -1), doubled by S4's crack and again by S1's re-crack.
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack, S1 recrack
    And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C, S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
    And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S, S3 7H, S4 TH, S5 KH, S1 AH, S2 9H
    And the actions S1 JD, S2 QD, S3 QS, S4 QH, S5 JH, S3 AD, S4 KD, S5 8C, S1 8H, S2 TD
    Then the outcome is win
    And the scores are S1 +4, S2 -4, S3 +8, S4 -4, S5 -4
