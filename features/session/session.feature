@rule:session.cumulative-scores @rule:session.deal-rotates-left
@call-timing:bury-then-call @called-suit-lead:any-time
Feature: A session
  Score changes add up over the hands of a session, and the deal passes to the left.

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
    And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S
    And the actions S3 7H, S4 TH, S5 KH, S1 AH, S2 9H
    And the actions S1 JD, S2 QD, S3 QS, S4 QH, S5 JH
    And the actions S3 AD, S4 KD, S5 8C, S1 8H, S2 TD

  @void-play:free @schneider-line:ninety-one
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
    And the actions S2 AH, S3 7H, S4 9C, S5 8H, S1 TH
    And the actions S2 KC, S3 8D, S4 JD, S5 8C, S1 TC
    And the actions S4 KS, S5 AS, S1 QS, S2 TS, S3 9S
    And the actions S1 QC, S2 KD, S3 JH, S4 9D, S5 7D
    And the actions S1 AC, S2 JC, S3 QD, S4 8S, S5 9H
    And the actions S3 AD, S4 JS, S5 7S, S1 TD, S2 QH
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

  Rule: The dealer after a thrown-in deal
    The all-pass-dealer axis, where five passes throw the cards in (a doubler or a redeal): the
    deal passes to the left as after any hand (passes-left), or the same dealer deals again
    (same-dealer). Hand 1 is the Background's hand, dealt by S5; hand 2, dealt by S1, is passed
    out by all five players; hand 3 is dealt by S2 (to the left) or S1 (the same dealer).

    @rule:all-pass.doubler @rule:all-pass.redeal @all-pass:doubler @all-pass:redeal @all-pass-dealer:passes-left
    Scenario: After a thrown-in deal the next dealer is at the left
      Given S1 deals:
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
      Then the scores of hand 2 are S1 0, S2 0, S3 0, S4 0, S5 0
      And it is S3's turn
      And the legal actions of S3 are S3 pick, S3 pass

    @rule:all-pass.doubler @rule:all-pass.redeal @all-pass:doubler @all-pass:redeal @all-pass-dealer:passes-left
    Scenario: After a thrown-in deal the same dealer may not deal again
      Given S1 deals:
        | seat  | cards             |
        | S1    | JH 8D 8C 7C 9S KH |
        | S2    | AH JD 7D 9C 8S 8H |
        | S3    | QC QD TD AC KS 9H |
        | S4    | QS JC AD 9D 7H KC |
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
      Then hand 3 is rejected under rule session.deal-rotates-left

    @rule:all-pass.doubler @rule:all-pass.redeal @all-pass:doubler @all-pass:redeal @all-pass-dealer:same-dealer
    Scenario: After a thrown-in deal the same dealer deals again
      Given S1 deals:
        | seat  | cards             |
        | S1    | JH 8D 8C 7C 9S KH |
        | S2    | AH JD 7D 9C 8S 8H |
        | S3    | QC QD TD AC KS 9H |
        | S4    | QS JC AD 9D 7H KC |
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
      Then the scores of hand 2 are S1 0, S2 0, S3 0, S4 0, S5 0
      And it is S2's turn
      And the legal actions of S2 are S2 pick, S2 pass

    @rule:all-pass.doubler @rule:all-pass.redeal @all-pass:doubler @all-pass:redeal @all-pass-dealer:same-dealer
    Scenario: After a thrown-in deal the deal does not pass to the left
      Given S1 deals:
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
      Then hand 3 is rejected under rule session.deal-rotates-left
