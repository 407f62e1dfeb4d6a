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

  # Leaster: the hand is played, led by the dealer's left (S1), who may lead any card.
  # Doubler and redeal: the cards are thrown in, nobody scores.
  # Schwanzer: trump power (queens 3, jacks 2, other diamonds 1): S1 JD 7D = 3, S2 QC QD TD = 7,
  # S3 QS JC AD 9D = 7, S4 QH JS KD = 6, S5 JH 8D = 3. S2 and S3 tie for the most (7); who pays is
  # the schwanzer-tie axis: nobody: all five 0; highest-trump-pays: S2's QC is the highest trump of
  # the two (above S3's QS under either jack order): S2 pays 1 to each other player, S2 -4, S1 S3
  # S4 S5 +1; all-tied-pay: k = 2 tied, each pays 1 to each of the four others and they cancel
  # between them: S2 and S3 -(5 - 2) = -3 each, S1 S4 S5 +2 each (-6 + 6 = 0).
  @rule:all-pass.table-choice @rule:leaster.every-player-for-themselves @rule:all-pass.doubler
  @rule:all-pass.redeal @rule:all-pass.schwanzer @rule:all-pass.schwanzer-tie
  Scenario Outline: Five passes start a leaster, a doubler, a redeal or a schwanzer
    When S5 passes
    Then the action is accepted
    And the hand is in the <phase> phase
    And <state>
    And <detail>

    @all-pass:leaster
    Examples: A leaster led by the dealer's left
      | phase | state           | detail                                    |
      | play  | it is S1's turn | the legal plays of S1 are AH JD 7D 9C 8S 8H |

    @all-pass:doubler
    Examples: A doubler
      | phase  | state                    | detail                                       |
      | scored | the outcome is doubler   | the scores are S1 0, S2 0, S3 0, S4 0, S5 0 |

    @all-pass:redeal
    Examples: The cards are thrown in for a redeal
      | phase  | state                    | detail                                       |
      | scored | the outcome is redeal    | the scores are S1 0, S2 0, S3 0, S4 0, S5 0 |

    @all-pass:schwanzer @schwanzer-tie:nobody
    Examples: A schwanzer; a tie for the most trump power pays nothing
      | phase  | state                    | detail                                       |
      | scored | the outcome is schwanzer | the scores are S1 0, S2 0, S3 0, S4 0, S5 0 |

    @all-pass:schwanzer @schwanzer-tie:highest-trump-pays
    Examples: A schwanzer; of the tied players, S2 holds the highest trump (QC) and pays
      | phase  | state                    | detail                                           |
      | scored | the outcome is schwanzer | the scores are S1 +1, S2 -4, S3 +1, S4 +1, S5 +1 |

    @all-pass:schwanzer @schwanzer-tie:all-tied-pay
    Examples: A schwanzer; both tied players pay
      | phase  | state                    | detail                                           |
      | scored | the outcome is schwanzer | the scores are S1 +2, S2 -3, S3 -3, S4 +2, S5 +2 |

  # A session of four hands: S5's deal (the Background) and S1's deal are both passed out (S1's
  # is the Background's deal turned one seat to the left, S1's 8C and S4's 9D exchanged); S2's
  # and S3's deals are the Background's hand turned two and three seats to the left, each won by
  # the picker's side with 72 card points (session.feature's hand 1, turned): picker +2,
  # partner +1, defenders -1 at single stakes. Hand 3: picker S5, partner S3: S1 -1, S2 -1,
  # S3 +1, S4 -1, S5 +2; doubled S1 -2, S2 -2, S3 +2, S4 -2, S5 +4. Hand 4: picker S1, partner
  # S4: S1 +2, S2 -1, S3 -1, S4 +1, S5 -1; doubled S1 +4, S2 -2, S3 -2, S4 +2, S5 -2.
  # Doubler, queue: both doublers double a hand, hands 3 and 4: totals S1 -2+4 = +2,
  # S2 -2-2 = -4, S3 +2-2 = 0, S4 -2+2 = 0, S5 +4-2 = +2. Doubler, single: only hand 3 is
  # doubled: S1 -2+2 = 0, S2 -2-1 = -3, S3 +2-1 = +1, S4 -2+1 = -1, S5 +4-1 = +3.
  # Redeal: nothing is doubled: S1 -1+2 = +1, S2 -1-1 = -2, S3 +1-1 = 0, S4 -1+1 = 0, S5 +2-1 = +1.
  # Schwanzer: hands 1 and 2 are scored, not thrown in, and the deal passes to the left whatever
  # the all-pass-dealer option. Hand 1: S2 and S3 tie (7; the Background's powers, above). Hand
  # 2's power: S1 JH 8D 9D = 4, S2 JD 7D = 3, S3 QC QD TD = 7, S4 QS JC AD = 6, S5 QH JS KD = 6:
  # S3 alone has the most: S3 -4, the others +1. Hands 3 and 4 single, together S1 +1, S2 -2,
  # S3 0, S4 0, S5 +1.
  # schwanzer-tie nobody: hand 1 scores 0; totals S1 +1+1 = +2, S2 +1-2 = -1, S3 -4+0 = -4,
  # S4 +1+0 = +1, S5 +1+1 = +2.
  # highest-trump-pays: in hand 1 S2 holds QC, the highest trump of the tied two: S2 -4, the others
  # +1; totals S1 +1+2 = +3, S2 -4-1 = -5, S3 +1-4 = -3, S4 +1+1 = +2, S5 +1+2 = +3 (sum 0).
  # all-tied-pay: in hand 1 S2 and S3 pay -3 each, S1 S4 S5 +2 each; totals S1 +2+2 = +4,
  # S2 -3-1 = -4, S3 -3-4 = -7, S4 +2+1 = +3, S5 +2+2 = +4 (sum 0).
  # Doubler or redeal under same-dealer: S5 deals again after hand 1, so S1's deal is refused.
  @rule:all-pass.doubler @rule:all-pass.doubler-stacking @rule:all-pass.redeal @rule:all-pass.schwanzer
  @rule:all-pass.schwanzer-tie @rule:scoring.stakes-multiply @rule:session.cumulative-scores @rule:session.deal-rotates-left
  @call-timing:bury-then-call
  Scenario Outline: Two doublers in a row, then two hands with a picker
    Given under all-pass=leaster the scenario does not apply: five passes start a leaster, which is played out, so no deal is thrown in and no hand doubled (the deal after a leaster: "A leaster is a hand like any other")
    And the actions S5 pass
    And S1 deals:
      | seat  | cards             |
      | S1    | JH 8D 9D 7C 9S KH |
      | S2    | AH JD 7D 9C 8S 8H |
      | S3    | QC QD TD AC KS 9H |
      | S4    | QS JC AD 8C 7H KC |
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
    And the actions S4 9H, S5 7H, S1 TH, S2 KH, S3 AH
    And the actions S3 8S, S4 KS, S5 JC, S1 AS, S2 9S
    And the actions S5 QS, S1 QH, S2 JH, S3 JD, S4 TD
    And the actions S5 AD, S1 KD, S2 8C, S3 8H, S4 QD
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
    And the actions S5 9H, S1 7H, S2 TH, S3 KH, S4 AH
    And the actions S4 8S, S5 KS, S1 JC, S2 AS, S3 9S
    And the actions S1 QS, S2 QH, S3 JH, S4 JD, S5 TD
    And the actions S1 AD, S2 KD, S3 8C, S4 8H, S5 QD
    Then the scores of hand <hand> are <scores>
    And <then>

    @all-pass:doubler @all-pass-dealer:passes-left @doubler-stacking:queue
    Examples: Each doubler doubles one hand
      | hand | scores                            | then                                                         |
      | 3    | S1 -2, S2 -2, S3 +2, S4 -2, S5 +4 | the session totals are S1 +2, S2 -4, S3 0, S4 0, S5 +2       |

    @all-pass:doubler @all-pass-dealer:passes-left @doubler-stacking:single
    Examples: A run of doublers doubles only the next hand
      | hand | scores                            | then                                                         |
      | 3    | S1 -2, S2 -2, S3 +2, S4 -2, S5 +4 | the session totals are S1 0, S2 -3, S3 +1, S4 -1, S5 +3      |

    @all-pass:redeal @all-pass-dealer:passes-left
    Examples: Two redeals double nothing
      | hand | scores                            | then                                                         |
      | 3    | S1 -1, S2 -1, S3 +1, S4 -1, S5 +2 | the session totals are S1 +1, S2 -2, S3 0, S4 0, S5 +1       |

    @all-pass:schwanzer @schwanzer-tie:nobody
    Examples: Two schwanzers, scored at once; nothing is doubled
      | hand | scores                            | then                                                         |
      | 2    | S1 +1, S2 +1, S3 -4, S4 +1, S5 +1 | the session totals are S1 +2, S2 -1, S3 -4, S4 +1, S5 +2     |

    @all-pass:schwanzer @schwanzer-tie:highest-trump-pays
    Examples: Two schwanzers; the first one's tie is paid by the holder of QC
      | hand | scores                            | then                                                         |
      | 1    | S1 +1, S2 -4, S3 +1, S4 +1, S5 +1 | the session totals are S1 +3, S2 -5, S3 -3, S4 +2, S5 +3     |

    @all-pass:schwanzer @schwanzer-tie:all-tied-pay
    Examples: Two schwanzers; both tied players of the first one pay
      | hand | scores                            | then                                                         |
      | 1    | S1 +2, S2 -3, S3 -3, S4 +2, S5 +2 | the session totals are S1 +4, S2 -4, S3 -7, S4 +3, S5 +4     |

    @all-pass:doubler @all-pass:redeal @all-pass-dealer:same-dealer
    Examples: The same dealer deals again, so S1 may not deal the second hand
      | hand | scores                            | then                                                         |
      | 1    | S1 0, S2 0, S3 0, S4 0, S5 0      | hand 2 is rejected under rule session.deal-rotates-left      |

  # Hand 1, a leaster (every play follows suit or, void, plays a trump, so both void-play options
  # allow it):
  # Trick 1: S1 9C, S2 AC, S3 KC, S4 TC, S5 7C: AC, S2, 0 + 11 + 4 + 10 + 0 = 25.
  # Trick 2: S2 9H, S3 7H, S4 TH, S5 KH, S1 AH: AH, S1, 0 + 0 + 10 + 4 + 11 = 25.
  # Trick 3: S1 7D, S2 TD, S3 9D, S4 KD, S5 JH: JH, S5, 0 + 10 + 0 + 4 + 2 = 16.
  # Trick 4: S5 9S, S1 8S, S2 KS, S3 AD (no spade), S4 AS: AD, S3, 0 + 0 + 4 + 11 + 11 = 26.
  # Trick 5: S3 JC, S4 QH, S5 8D, S1 JD, S2 QD: QH, S4, 2 + 3 + 0 + 2 + 3 = 10.
  # Trick 6: S4 JS, S5 8C, S1 8H, S2 QC, S3 QS: QC, S2, 2 + 0 + 0 + 3 + 3 = 8.
  # S1 25, S2 33, S3 26, S4 10, S5 16; the blind (10) goes to S2 (first and last trick) or to
  # nobody, and S2 has 33 or 43. Every player took a trick and S4 alone has the fewest, whatever
  # the leaster options: S4 +4, the others -1.
  # Hand 2: the deal passes to the left, S1; the Background's hand turned one seat to the left,
  # won by the picker S4 and the partner S2 with 72 (session.feature's hand 1, turned), at single
  # stakes: S1 -1, S2 +1, S3 -1, S4 +2, S5 -1. Totals S1 -2, S2 0, S3 -2, S4 +6, S5 -2.
  # Under a doubler, a redeal or a schwanzer the hand is over after the fifth pass: no card is
  # played.
  @rule:all-pass.table-choice @rule:leaster.fewest-points-wins @rule:leaster.scoring
  @rule:all-pass.doubler @rule:all-pass.redeal @rule:all-pass.schwanzer
  @rule:session.cumulative-scores @rule:session.deal-rotates-left
  @all-pass:leaster @call-timing:bury-then-call
  Scenario: A leaster is a hand like any other: the deal passes to the left, at single stakes
    Given under all-pass=doubler, S1 play 9C is rejected under rule all-pass.doubler
    And under all-pass=redeal, S1 play 9C is rejected under rule all-pass.redeal
    And under all-pass=schwanzer, S1 play 9C is rejected under rule all-pass.schwanzer
    And the actions S5 pass
    And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C
    And the actions S2 9H, S3 7H, S4 TH, S5 KH, S1 AH
    And the actions S1 7D, S2 TD, S3 9D, S4 KD, S5 JH
    And the actions S5 9S, S1 8S, S2 KS, S3 AD, S4 AS
    And the actions S3 JC, S4 QH, S5 8D, S1 JD, S2 QD
    And the actions S4 JS, S5 8C, S1 8H, S2 QC, S3 QS
    And S1 deals:
      | seat  | cards             |
      | S1    | JH 8D 8C 7C 9S KH |
      | S2    | AH JD 7D 9C 8S 8H |
      | S3    | QC QD TD AC KS 9H |
      | S4    | QS JC AD 9D 7H KC |
      | S5    | QH JS KD TC AS TH |
      | blind | TS 7S             |
    And the actions S2 pass, S3 pass, S4 pick, S4 bury TS 7S, S4 call AH
    And the actions S2 9C, S3 AC, S4 KC, S5 TC, S1 7C
    And the actions S3 QC, S4 9D, S5 JS, S1 8D, S2 7D
    And the actions S3 9H, S4 7H, S5 TH, S1 KH, S2 AH
    And the actions S2 8S, S3 KS, S4 JC, S5 AS, S1 9S
    And the actions S4 QS, S5 QH, S1 JH, S2 JD, S3 TD
    And the actions S4 AD, S5 KD, S1 8C, S2 8H, S3 QD
    Then the scores of hand 1 are S1 -1, S2 -1, S3 -1, S4 +4, S5 -1
    And the scores of hand 2 are S1 -1, S2 +1, S3 -1, S4 +2, S5 -1
    And the session totals are S1 -2, S2 0, S3 -2, S4 +6, S5 -2
