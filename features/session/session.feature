@rule:session.cumulative-scores @rule:session.deal-rotates-left
@call-timing:bury-then-call
Feature: A session
  Score changes add up over the hands of a session, and the deal passes to the left.

  # Hand 1: S3 picks, buries TS 7S (10) and calls AH (partner S1). Hearts are first led by S2, a
  # defender, so the hand holds under both called-suit-lead options; every void player holding
  # a trump plays one, so it holds under both void-play options.
  # Trick 1: S1 9C, S2 AC, S3 KC, S4 TC, S5 7C: AC, S2, 0 + 11 + 4 + 10 + 0 = 25.
  # Trick 2: S2 QC, S3 9D, S4 JS, S5 8D, S1 7D: QC, S2, 3 + 0 + 2 + 0 + 0 = 5.
  # Trick 3: S2 9H, S3 7H, S4 TH, S5 KH, S1 AH: AH, S1, 0 + 0 + 10 + 4 + 11 = 25.
  # Trick 4: S1 8S, S2 KS, S3 JC (no spade), S4 AS, S5 9S: JC, S3, 0 + 4 + 2 + 11 + 0 = 17.
  # Trick 5: S3 QS, S4 QH, S5 JH, S1 JD, S2 TD: QS, S3, 3 + 3 + 2 + 2 + 10 = 20.
  # Trick 6: S3 AD, S4 KD, S5 8C, S1 8H, S2 QD: QD, S2, 11 + 4 + 0 + 0 + 3 = 18.
  # Picker's side 25 + 17 + 20 + 10 = 72, defenders 25 + 5 + 18 = 48: a plain win under both
  # schneider lines: S3 +2, S1 +1, S2 S4 S5 -1.
  Background:
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
    And the actions S2 9H, S3 7H, S4 TH, S5 KH, S1 AH
    And the actions S1 8S, S2 KS, S3 JC, S4 AS, S5 9S
    And the actions S3 QS, S4 QH, S5 JH, S1 JD, S2 TD
    And the actions S3 AD, S4 KD, S5 8C, S1 8H, S2 QD

  # Hand 2: S3 picks, buries KH 7C (4) and calls AS (partner S5); spades are first led by S4, a
  # defender. Every void player holding a trump plays one (S4 in trick 1, S1 in trick 2, S3 in
  # trick 6), so the hand holds under both void-play options.
  # Trick 1: S2 AH, S3 7H, S4 9D (no heart), S5 8H, S1 TH: 9D, S4, 11 + 0 + 0 + 0 + 10 = 21.
  # Trick 2: S4 KS, S5 AS, S1 QS (no spade), S2 TS, S3 9S: QS, S1, 4 + 11 + 3 + 10 + 0 = 28.
  # Trick 3: S1 QC, S2 KD, S3 JH, S4 JD, S5 7D: QC, S1, 3 + 4 + 2 + 2 + 0 = 11.
  # Trick 4: S1 TD, S2 QH, S3 8D, S4 JS, S5 7S: QH, S2, 10 + 3 + 0 + 2 + 0 = 15.
  # Trick 5: S2 JC, S3 AD, S4 8S, S5 9H, S1 TC: JC, S2, 2 + 11 + 0 + 0 + 10 = 23.
  # Trick 6: S2 KC, S3 QD (no club), S4 9C, S5 8C, S1 AC: QD, S3, 4 + 3 + 0 + 0 + 11 = 18.
  # Picker's side 18 + 4 = 22, defenders 21 + 28 + 11 + 15 + 23 = 98: schneidered (30 or fewer)
  # under both schneider lines: S3 -4, S5 -2, S1 S2 S4 +2 (doubled on the bump -8, -4, +4).
  Scenario Outline: Two hands, the second dealt by the first dealer's left
    Given S1 deals:
      | seat  | cards             |
      | S1    | QC QS TD AC TC TH |
      | S2    | QH JC KD KC TS AH |
      | S3    | QD JH AD 8D 9S 7C |
      | S4    | JS JD 9D 9C KS 8S |
      | S5    | AS 7D 8C 9H 8H 7S |
      | blind | KH 7H             |
    And the actions S2 pass, S3 pick, S3 bury KH 7C, S3 call AS
    And the actions S2 AH, S3 7H, S4 9D, S5 8H, S1 TH
    And the actions S4 KS, S5 AS, S1 QS, S2 TS, S3 9S
    And the actions S1 QC, S2 KD, S3 JH, S4 JD, S5 7D
    And the actions S1 TD, S2 QH, S3 8D, S4 JS, S5 7S
    And the actions S2 JC, S3 AD, S4 8S, S5 9H, S1 TC
    And the actions S2 KC, S3 QD, S4 9C, S5 8C, S1 AC
    Then the scores of hand 1 are S1 +1, S2 -1, S3 +2, S4 -1, S5 -1
    And the scores of hand 2 are <second>
    And the session totals are <totals>

    @double-on-the-bump:off
    Examples: Schneidered, as played
      | second                            | totals                            |
      | S1 +2, S2 +2, S3 -4, S4 +2, S5 -2 | S1 +3, S2 +1, S3 -2, S4 +1, S5 -3 |

    @double-on-the-bump:on
    Examples: Schneidered, doubled on the bump
      | second                            | totals                            |
      | S1 +4, S2 +4, S3 -8, S4 +4, S5 -4 | S1 +5, S2 +3, S3 -6, S4 +3, S5 -5 |

  Scenario: The second hand may not be dealt by the same dealer
    Given S5 deals:
      | seat  | cards             |
      | S1    | AS 7D 8C 9H 8H 7S |
      | S2    | QC QS TD AC TC TH |
      | S3    | QH JC KD KC TS AH |
      | S4    | QD JH AD 8D 9S 7C |
      | S5    | JS JD 9D 9C KS 8S |
      | blind | KH 7H             |
    And the actions S1 pass
    Then hand 2 is rejected under rule session.deal-rotates-left

  Rule: The dealer after a passed-out deal
    The all-pass-dealer axis, where five passes throw the cards in (a doubler or a redeal): the
    deal passes to the left as after any hand (passes-left), or the same dealer deals again
    (same-dealer). A schwanzer is not thrown in but scored, so the deal passes to the left
    whatever the all-pass-dealer option; under a leaster the passed-out hand is played out, and
    the deal after it is in all-pass.feature ("A leaster is a hand like any other"). Hand 1 is
    the Background's hand, dealt by S5; hand 2, dealt by S1, is passed out by all five players;
    hand 3 is dealt by S2 (to the left) or S1 (the same dealer). Hand 2's deal is the Background's
    turned one seat to the left, S1's 8C and S4's 9D exchanged.
    Hand 2's trump power, for a schwanzer (queens 3, jacks 2, other diamonds 1): S1 JH 8D 9D = 4,
    S2 JD 7D = 3, S3 QC QD TD = 7, S4 QS JC AD = 6, S5 QH JS KD = 6. S3 alone has the most and
    pays 1 to each of the others: S3 -4, S1 S2 S4 S5 +1.

    @rule:all-pass.doubler @rule:all-pass.redeal @rule:all-pass.schwanzer
    Scenario Outline: After a passed-out deal the dealer's left deals next
      Given under all-pass=leaster the scenario does not apply: five passes start a leaster, which is played out, so no deal is passed out without play
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
      Then the scores of hand 2 are <second>
      And <third>

      @all-pass:doubler @all-pass:redeal @all-pass-dealer:passes-left
      Examples: Thrown in; the deal passes to the left
        | second                       | third                                   |
        | S1 0, S2 0, S3 0, S4 0, S5 0 | the legal actions of S3 are S3 pick, S3 pass |

      @all-pass:doubler @all-pass:redeal @all-pass-dealer:same-dealer
      Examples: Thrown in; S1 must deal again
        | second                       | third                                                 |
        | S1 0, S2 0, S3 0, S4 0, S5 0 | hand 3 is rejected under rule session.deal-rotates-left |

      @all-pass:schwanzer
      Examples: A schwanzer is scored, and the deal passes to the left
        | second                             | third                                   |
        | S1 +1, S2 +1, S3 -4, S4 +1, S5 +1 | the legal actions of S3 are S3 pick, S3 pass |

    @rule:all-pass.doubler @rule:all-pass.redeal @rule:all-pass.schwanzer
    Scenario Outline: After a passed-out deal the same dealer deals again
      Given under all-pass=leaster the scenario does not apply: five passes start a leaster, which is played out, so no deal is passed out without play
      And S1 deals:
        | seat  | cards             |
        | S1    | JH 8D 9D 7C 9S KH |
        | S2    | AH JD 7D 9C 8S 8H |
        | S3    | QC QD TD AC KS 9H |
        | S4    | QS JC AD 8C 7H KC |
        | S5    | QH JS KD TC AS TH |
        | blind | TS 7S             |
      And the actions S2 pass, S3 pass, S4 pass, S5 pass, S1 pass
      And S1 deals:
        | seat  | cards             |
        | S1    | QH JS KD TC AS TH |
        | S2    | JH 8D 8C 7C 9S KH |
        | S3    | AH JD 7D 9C 8S 8H |
        | S4    | QC QD TD AC KS 9H |
        | S5    | QS JC AD 9D 7H KC |
        | blind | TS 7S             |
      Then the scores of hand 2 are <second>
      And <third>

      @all-pass:doubler @all-pass:redeal @all-pass-dealer:passes-left
      Examples: Thrown in; the deal has passed to S2
        | second                       | third                                                 |
        | S1 0, S2 0, S3 0, S4 0, S5 0 | hand 3 is rejected under rule session.deal-rotates-left |

      @all-pass:doubler @all-pass:redeal @all-pass-dealer:same-dealer
      Examples: Thrown in; S1 deals again
        | second                       | third                                   |
        | S1 0, S2 0, S3 0, S4 0, S5 0 | the legal actions of S2 are S2 pick, S2 pass |

      @all-pass:schwanzer
      Examples: A schwanzer is scored, and the deal has passed to S2
        | second                             | third                                                 |
        | S1 +1, S2 +1, S3 -4, S4 +1, S5 +1 | hand 3 is rejected under rule session.deal-rotates-left |
