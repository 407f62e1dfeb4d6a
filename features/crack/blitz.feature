Feature: Blitzing, and a cap on the stakes
  Where the table blitzes (the blitzing axis), after a crack the holder of both black queens may
  blitz black and the holder of both red queens blitz red, each doubling the stakes (queens); or
  from the pick to the first card, crack or none (at-the-pick). Under the stakes-cap option
  sixteen a hand scores at most 16 times its value.

  S5 deals; S1 picks, buries 7H 8H and goes alone with six low fail cards. S2 holds QC and QS, S3
  holds QH and QD; S2, S3, S4 and S5 were never offered the blind.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | 7C 8C 9C 7S 8S 9S |
      | S2    | QC QS JC JS AD TD |
      | S3    | QH QD JH JD KD 9D |
      | S4    | 8D 7D AC TC KC AS |
      | S5    | TS KS AH TH KH 9H |
      | blind | 7H 8H             |

  @rule:crack.blitz @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario Outline: A blitz before any crack
    # A table that does not crack, or cracks but does not blitz, refuses every blitz. Under queens
    # a blitz comes only after a crack; under at-the-pick it needs none.
    Given under cracking=off, S2 blitz black is rejected under rule crack.table-choice
    And the actions S1 pick, S1 bury 7H 8H, S1 alone
    When S2 blitzes black
    Then the action is <result>

    @blitzing:off
    Examples: No blitz at this table
      | result                                 |
      | rejected under rule crack.table-choice |

    @blitzing:queens
    Examples: Only after a crack
      | result                          |
      | rejected under rule crack.blitz |

    @blitzing:at-the-pick
    Examples: At the pick no crack is needed
      | result   |
      | accepted |

  @rule:crack.window @rule:crack.blitz @rule:crack.table-choice @cracking:crack
  Scenario Outline: A blitz at the pick, before the bury and the call
    # S1 has just picked up the blind. Under at-the-pick S2 may show QC QS at once, and it is
    # still S1's turn (to bury, or to call under call-then-bury): a blitz is not a turn. Under
    # queens the window opens only after the bury and the call. Accepted or refused, S1 is to act.
    Given under cracking=off, S2 blitz black is rejected under rule crack.table-choice
    And the actions S1 pick
    When S2 blitzes black
    Then the action is <result>
    And it is S1's turn

    @blitzing:off
    Examples: No blitz at this table
      | result                                 |
      | rejected under rule crack.table-choice |

    @blitzing:at-the-pick
    Examples: At the pick
      | result   |
      | accepted |

    @blitzing:queens
    Examples: Not before the bury, the call and a crack
      | result                                          |
      | rejected under rule crack.window or crack.blitz |

  @rule:crack.window @rule:crack.table-choice @cracking:crack @blitzing:queens @blitzing:at-the-pick
  Scenario: A blitz before anyone picks is refused under every blitzing option
    # S1 and S2 have passed and S3 is to act: nobody has picked, so no window is open.
    Given under cracking=off, S2 blitz black is rejected under rule crack.table-choice
    And under blitzing=off, S2 blitz black is rejected under rule crack.table-choice
    And the actions S1 pass, S2 pass
    When S2 blitzes black
    Then the action is rejected under rule crack.window or crack.blitz

  @rule:crack.window @rule:crack.table-choice @cracking:crack @blitzing:queens @blitzing:at-the-pick
  @call-timing:bury-then-call
  Scenario: A blitz after the first card is refused under every blitzing option
    # S1 has led 7C: the window is shut, under queens and at-the-pick alike.
    Given under cracking=off, S2 blitz black is rejected under rule crack.table-choice
    And under blitzing=off, S2 blitz black is rejected under rule crack.table-choice
    And the actions S1 pick, S1 bury 7H 8H, S1 alone, S1 7C
    When S2 blitzes black
    Then the action is rejected under rule crack.window or crack.blitz

  @rule:crack.blitz @rule:crack.recrack @rule:crack.table-choice @cracking:crack @call-timing:bury-then-call
  Scenario Outline: After a crack the lone picker may re-crack and both queen pairs may blitz
    # S2, a defender seated after S1, may crack. Under cracking off that crack is refused.
    Given under cracking=off, S2 crack is rejected under rule crack.table-choice
    And the actions S1 pick, S1 bury 7H 8H, S1 alone, S2 crack
    Then the legal actions of S1 are S1 play 7C, S1 play 8C, S1 play 9C, S1 play 7S, S1 play 8S, S1 play 9S, S1 recrack<blitzes>
    When S3 blitzes red
    Then the action is <result>

    @blitzing:queens @blitzing:at-the-pick
    Examples: S2 may blitz black and S3 red
      | blitzes                        | result   |
      | , S2 blitz black, S3 blitz red | accepted |

    @blitzing:off
    Examples: A table that cracks but does not blitz offers only the re-crack
      | blitzes | result                                 |
      |         | rejected under rule crack.table-choice |

  @rule:crack.blitz @rule:crack.table-choice @cracking:crack @blitzing:queens @blitzing:at-the-pick
  @call-timing:bury-then-call
  Scenario Outline: A blitz <why> is refused
    # Under blitzing off the blitz (the first S2 blitz black in the second row) is refused as such;
    # under cracking off S2's crack is refused already.
    Given under cracking=off, S2 crack is rejected under rule crack.table-choice
    And under blitzing=off, <blitz> is rejected under rule crack.table-choice
    And the actions S1 pick, S1 bury 7H 8H, S1 alone, S2 crack<before>
    When <blitz>
    Then the action is rejected under rule crack.blitz

    Examples:
      | why                              | before          | blitz              |
      | with a queen the seat lacks      |                 | S3 blitzes black   |
      | of queens already shown          | , S2 blitz black | S2 blitzes black  |

  @rule:crack.doubles @rule:crack.blitz @rule:crack.cap @rule:scoring.no-tricks @rule:alone.scoring
  @rule:crack.table-choice @cracking:crack @blitzing:queens @blitzing:at-the-pick @call-timing:bury-then-call
  Scenario Outline: A lone picker's no-tricker, cracked, re-cracked and blitzed twice
    # S1 takes no trick: a no-tricker, which alone scores S1 -12 and each defender +3. Crack,
    # re-crack and two blitzes multiply it by 16; double on the bump doubles the loss once more.
    # stakes-cap sixteen: x32 is scored at x16. sixty-four-with-tiers: the tier counts too, x3 for
    # no tricks: 3 x 16 = 48 without the bump (under 64: -192 / +48 as uncapped), 3 x 32 = 96 with
    # it, over 64: a plain lone loss (S1 -4, each defender +1) times 64: S1 -256, each +64.
    # Under cracking off S2's crack is refused; under blitzing off S2's blitz.
    Given under cracking=off, S2 crack is rejected under rule crack.table-choice
    And under blitzing=off, S2 blitz black is rejected under rule crack.table-choice
    And the actions S1 pick, S1 bury 7H 8H, S1 alone, S2 crack, S1 recrack, S2 blitz black, S3 blitz red
    And the actions S1 7C, S2 QC, S3 9D, S4 AC, S5 9H, S2 QS, S3 KD, S4 8D, S5 TS, S1 8C
    And the actions S2 JC, S3 JH, S4 7D, S5 KS, S1 9C, S2 JS, S3 JD, S4 TC, S5 AH, S1 7S
    And the actions S2 AD, S3 QD, S4 KC, S5 TH, S1 8S, S3 QH, S4 AS, S5 KH, S1 9S, S2 TD
    Then the outcome is no-tricks
    And the scores are <scores>

    @double-on-the-bump:off
    Examples: Sixteen times, at or under any cap
      | scores                                      |
      | S1 -192, S2 +48, S3 +48, S4 +48, S5 +48     |

    @double-on-the-bump:on @stakes-cap:none
    Examples: Thirty-two times, without a cap
      | scores                                      |
      | S1 -384, S2 +96, S3 +96, S4 +96, S5 +96     |

    @double-on-the-bump:on @stakes-cap:sixteen
    Examples: Capped at sixteen times
      | scores                                      |
      | S1 -192, S2 +48, S3 +48, S4 +48, S5 +48     |

    @double-on-the-bump:on @stakes-cap:sixty-four-with-tiers
    Examples: Three (the no-tricker) times thirty-two is over 64: a plain loss times 64
      | scores                                      |
      | S1 -256, S2 +64, S3 +64, S4 +64, S5 +64     |

  @rule:crack.blitz @rule:crack.doubles @rule:crack.window @rule:scoring.no-tricks @rule:alone.scoring
  @rule:crack.table-choice @cracking:crack @blitzing:at-the-pick @call-timing:bury-then-call
  Scenario Outline: A lone picker's no-tricker blitzed twice, at the pick and after the call, with no crack
    # S2 shows QC QS as S1 picks, S3 QH QD after S1 goes alone; nobody cracks. The no-tricker
    # alone scores S1 -12 and each defender +3, times 4 for the two blitzes; double on the bump
    # doubles the loss again (x8, under any cap: the tier x3 makes 24, under 64). Under queens the
    # first blitz, before the bury, is refused as out of the window.
    Given under cracking=off, S2 blitz black is rejected under rule crack.table-choice
    And under blitzing=off, S2 blitz black is rejected under rule crack.table-choice
    And under cracking=crack and blitzing=queens, S2 blitz black is rejected under rule crack.window or crack.blitz
    And the actions S1 pick, S2 blitz black, S1 bury 7H 8H, S1 alone, S3 blitz red
    And the actions S1 7C, S2 QC, S3 9D, S4 AC, S5 9H, S2 QS, S3 KD, S4 8D, S5 TS, S1 8C
    And the actions S2 JC, S3 JH, S4 7D, S5 KS, S1 9C, S2 JS, S3 JD, S4 TC, S5 AH, S1 7S
    And the actions S2 AD, S3 QD, S4 KC, S5 TH, S1 8S, S3 QH, S4 AS, S5 KH, S1 9S, S2 TD
    Then the outcome is no-tricks
    And the scores are <scores>

    @double-on-the-bump:off
    Examples: Four times
      | scores                                  |
      | S1 -48, S2 +12, S3 +12, S4 +12, S5 +12  |

    @double-on-the-bump:on
    Examples: Eight times: the loss is doubled on the bump
      | scores                                  |
      | S1 -96, S2 +24, S3 +24, S4 +24, S5 +24  |
