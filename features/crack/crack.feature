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

  @rule:crack.window @rule:crack.who @rule:crack.table-choice @call-timing:bury-then-call
  Scenario Outline: After the call the seats after the picker may crack, next to the first lead
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play JD, S1 play 7D<cracks>

    @cracking:crack
    Examples: S4 and S5, never offered the blind, may crack
      | cracks               |
      | , S4 crack, S5 crack |

    @cracking:off
    Examples: A table that does not crack offers only the lead
      | cracks |
      |        |

  @rule:crack.window @rule:crack.who @rule:crack.table-choice @call-timing:bury-then-call
  Scenario Outline: A crack is not a turn: S5 cracks while S1 is to lead
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When S5 cracks
    Then the action is <result>
    And it is S1's turn

    @cracking:crack
    Examples: The crack is taken and S1 still leads
      | result   |
      | accepted |

    @cracking:off
    Examples: The crack is refused and S1 still leads
      | result                                 |
      | rejected under rule crack.table-choice |

  @rule:crack.who @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario Outline: <who> may not crack
    Given under cracking=off, <seat> crack is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When <seat> cracks
    Then the action is rejected under rule crack.who

    Examples:
      | seat | who                                 |
      | S3   | The picker                          |
      | S1   | The partner (who also passed)       |
      | S2   | A defender who passed               |

  @rule:crack.who @rule:crack.table-choice @call-timing:bury-then-call
  Scenario Outline: A partner seated after the picker may not crack; the other defender after it may
    # S3 buries 9D KC and calls AS, which S4 holds: S4 is the partner, S5 a defender. S1, a
    # defender, may lead any card.
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury 9D KC, S3 call AS
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play 8H, S1 play JD, S1 play 7D<cracks>
    When S4 cracks
    Then the action is rejected under rule <rule>

    @cracking:crack
    Examples: Only S5 may crack
      | cracks     | rule      |
      | , S5 crack | crack.who |

    @cracking:off
    Examples: Nobody may crack
      | cracks | rule               |
      |        | crack.table-choice |

  @rule:crack.who @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario: One crack a hand
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When S5 cracks
    Then the action is rejected under rule crack.who

  @rule:crack.recrack @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario Outline: After a crack, <who> <verdict>
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When <seat> re-cracks
    Then the action is <result>

    Examples:
      | seat | who                  | verdict            | result                           |
      | S3   | the picker           | may re-crack       | accepted                         |
      | S1   | the partner          | may re-crack       | accepted                         |
      | S5   | a defender           | may not re-crack   | rejected under rule crack.recrack |
      | S4   | the cracker          | may not re-crack   | rejected under rule crack.recrack |

  @rule:crack.recrack @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario: A re-crack needs a crack
    # Under cracking off the re-crack breaks both rules: no table crack, and no crack to answer.
    Given under cracking=off, S3 recrack is rejected under rule crack.table-choice or crack.recrack
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When S3 re-cracks
    Then the action is rejected under rule crack.recrack

  @rule:crack.recrack @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario: One re-crack a hand
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack, S1 recrack
    When S3 re-cracks
    Then the action is rejected under rule crack.recrack

  @rule:crack.window @rule:crack.table-choice @cracking:crack
  Scenario: No crack before the call and the bury
    # Under cracking off the crack breaks both rules: no table crack, and the window is not open.
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice or crack.window
    And the actions S1 pass, S2 pass, S3 pick
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.window @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario: No crack once the first card is played
    # Under cracking off the crack breaks both rules: no table crack, and the window is closed.
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice or crack.window
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 play 9C
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.window @rule:crack.table-choice @rule:all-pass.doubler @rule:all-pass.redeal @rule:all-pass.schwanzer
  @cracking:crack @all-pass:leaster
  Scenario: No crack in a leaster, which has no picker
    # Under the other all-pass options the five passes throw the cards in (redeal, doubler) or
    # show them (schwanzer): no picker either, so no window, and the hand is not played; an engine
    # may name either rule. Under cracking off no crack is ever taken, nor is the window open.
    Given under cracking=crack and all-pass=doubler, S4 crack is rejected under rule crack.window or all-pass.doubler
    And under cracking=crack and all-pass=redeal, S4 crack is rejected under rule crack.window or all-pass.redeal
    And under cracking=crack and all-pass=schwanzer, S4 crack is rejected under rule crack.window or all-pass.schwanzer
    And under cracking=off, S4 crack is rejected under rule crack.table-choice or crack.window
    And the actions S1 pass, S2 pass, S3 pass, S4 pass, S5 pass
    When S4 cracks
    Then the action is rejected under rule crack.window

  @rule:crack.table-choice @rule:crack.window @rule:crack.who @call-timing:bury-then-call
  Scenario Outline: A table that does not crack refuses a crack
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    Then the legal actions of S1 are S1 play 9C, S1 play 8S, S1 play AH, S1 play JD, S1 play 7D<cracks>
    When S4 cracks
    Then the action is <result>

    @cracking:off
    Examples: No crack is offered, and S4's is refused
      | cracks | result                                 |
      |        | rejected under rule crack.table-choice |

    @cracking:crack
    Examples: A table that cracks offers it to S4 and S5, and takes S4's
      | cracks               | result   |
      | , S4 crack, S5 crack | accepted |

  @rule:crack.table-choice @rule:crack.blitz @cracking:crack @call-timing:bury-then-call
  Scenario Outline: A table that cracks but does not blitz refuses a blitz
    # S2 holds QC and QD, not both red queens (QH is S4's): a table that blitzes refuses it too,
    # under crack.blitz. Under cracking off S4's crack is refused already.
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack
    When S2 blitzes red
    Then the action is rejected under rule <rule>

    @blitzing:off
    Examples: No blitz at this table
      | rule               |
      | crack.table-choice |

    @blitzing:queens @blitzing:at-the-pick
    Examples: A blitz with a queen the seat lacks
      | rule        |
      | crack.blitz |

  @rule:crack.doubles @rule:crack.recrack @rule:scoring.win @rule:scoring.schneider @rule:crack.table-choice
  @rule:play.picker-leads-called-suit @cracking:crack @call-timing:bury-then-call @called-suit-lead:any-time
  Scenario Outline: A cracked and re-cracked win of 90 card points scores four times
    # The hand of spec/examples/ordinary-win-deck.yaml: the picker's side takes 90, doubled by S4's
    # crack and again by S1's re-crack. Tricks: S2 25 (9C AC KC TC 7C), S2 5 (QC 9D JS 8D 7D),
    # S3 17 (KS JC AS 9S 8S), S1 25 (7H TH KH AH 9H), S3 13 (JD QD QS QH JH), S3 25 (AD KD 8C 8H
    # TD): the picker's side 80 + the bury's 10 = 90, the defenders 30. Under schneider-line
    # ninety-one that is a plain win (picker +2, partner +1, each defender -1), under ninety a
    # schneider (+4, +2, -2); times 4 (a win: double on the bump does not apply, and 4 is under any
    # cap). Under called-suit-lead after-first-lead S3 may not lead 7H in trick 4: hearts, the
    # called suit, has not been led and S3 still holds QS and AD.
    Given under cracking=off, S4 crack is rejected under rule crack.table-choice
    And under called-suit-lead=after-first-lead, S3 play 7H is rejected under rule play.picker-leads-called-suit
    And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S4 crack, S1 recrack
    And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C, S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
    And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S, S3 7H, S4 TH, S5 KH, S1 AH, S2 9H
    And the actions S1 JD, S2 QD, S3 QS, S4 QH, S5 JH, S3 AD, S4 KD, S5 8C, S1 8H, S2 TD
    Then the outcome is <outcome>
    And the scores are <scores>

    @schneider-line:ninety-one
    Examples: 90 is a plain win
      | outcome | scores                            |
      | win     | S1 +4, S2 -4, S3 +8, S4 -4, S5 -4 |

    @schneider-line:ninety
    Examples: With the line at 90, 90 is a schneider
      | outcome   | scores                             |
      | schneider | S1 +8, S2 -8, S3 +16, S4 -8, S5 -8 |
