@requires:procedure
Feature: Table procedure
  A revoke (a play the rules forbid) that the table does not notice stands until a player claims
  it; the claim ends the hand, which the revoking side loses (the revoke-penalty axis says how
  much). An action out of turn is taken back without penalty. No seed text gives any of this: it
  is common table practice (basis practice).

  S5 deals; S3 picks, buries TS 7S and calls AH, which S1 holds.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |

  @rule:procedure.revoke-claimed @rule:procedure.revoke-penalty @call-timing:bury-then-call
  Scenario Outline: A defender's revoke, claimed in the next trick, loses the hand for the defenders
    # S2 holds AC but trumps the club lead with QC, unnoticed; S4 claims it once S2 has led again.
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    And the actions S1 9C, S2 revoke QC, S3 KC, S4 TC, S5 7C, S2 KS
    When S4 claims
    Then the action is accepted
    And the outcome is revoke
    And the scores are <scores>

    @revoke-penalty:loses-hand
    Examples: Scored as the picker's side's plain win
      | scores                           |
      | S1 +1, S2 -1, S3 +2, S4 -1, S5 -1 |

    @revoke-penalty:schneider
    Examples: Scored as a schneider win
      | scores                           |
      | S1 +2, S2 -2, S3 +4, S4 -2, S5 -2 |

    @revoke-penalty:redeal
    Examples: The hand is compromised and dealt again: nobody scores
      | scores                       |
      | S1 0, S2 0, S3 0, S4 0, S5 0 |

  # In trick 3 spades are led and S1, holding 8S, throws 8H; S3 takes the trick with JC and
  # leads QS (a lead every called-suit-lead option allows: not the called suit), and S4 claims.
  # The partner revoked: the picker's side loses, -2/-1/+1 (loses-hand) or -4/-2/+2
  # (schneider), doubled on the bump; under redeal the hand is dealt again and nobody scores.
  @rule:procedure.revoke-claimed @rule:procedure.revoke-penalty @rule:scoring.double-on-the-bump
  @call-timing:bury-then-call
  Scenario Outline: The partner's revoke loses the hand for the picker's side
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C, S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
    And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 revoke 8H, S3 QS
    When S4 claims
    Then the outcome is revoke
    And the scores are <scores>

    @revoke-penalty:loses-hand @double-on-the-bump:off
    Examples: A plain loss
      | scores                           |
      | S1 -1, S2 +1, S3 -2, S4 +1, S5 +1 |

    @revoke-penalty:loses-hand @double-on-the-bump:on
    Examples: A plain loss, doubled on the bump
      | scores                           |
      | S1 -2, S2 +2, S3 -4, S4 +2, S5 +2 |

    @revoke-penalty:schneider @double-on-the-bump:off
    Examples: Schneidered
      | scores                           |
      | S1 -2, S2 +2, S3 -4, S4 +2, S5 +2 |

    @revoke-penalty:schneider @double-on-the-bump:on
    Examples: Schneidered, doubled on the bump
      | scores                           |
      | S1 -4, S2 +4, S3 -8, S4 +4, S5 +4 |

    @revoke-penalty:redeal
    Examples: Compromised and dealt again, on the bump or not: nobody scores
      | scores                       |
      | S1 0, S2 0, S3 0, S4 0, S5 0 |

  @rule:procedure.revoke-claimed @call-timing:bury-then-call
  Scenario: After a revoke the play goes on, and any player may claim it
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 9C, S2 revoke QC
    Then the legal actions of S3 are S3 play KC, S1 claim, S2 claim, S3 claim, S4 claim, S5 claim

  @rule:procedure.revoke-claimed @call-timing:bury-then-call
  Scenario: A claim when no revoke was made is refused
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 9C, S2 AC
    When S4 claims
    Then the action is rejected under rule procedure.revoke-claimed

  @rule:procedure.revoke-claimed @call-timing:bury-then-call
  Scenario: A legal card is no revoke
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH, S1 9C
    When S2 revokes AC
    Then the action is rejected under rule procedure.revoke-claimed

  # S2 holds AC; trumping the club lead is refused like any illegal play. Only a leaster is
  # played after five passes: under the other all-pass options the cards are thrown in (doubler,
  # redeal) or shown and scored (schwanzer), and no card is played at all.
  @rule:procedure.revoke-claimed @all-pass:leaster
  Scenario: The spec gives no revoke penalty in a leaster
    Given under all-pass=doubler the scenario does not apply: after five passes the deal is thrown in, no leaster is played
    And under all-pass=redeal the scenario does not apply: after five passes the deal is thrown in, no leaster is played
    And under all-pass=schwanzer the scenario does not apply: after five passes the hands are shown, not played, no leaster is played
    And the actions S1 pass, S2 pass, S3 pass, S4 pass, S5 pass, S1 9C
    When S2 revokes QC
    Then the action is rejected under rule procedure.revoke-claimed

  @rule:procedure.out-of-turn @call-timing:bury-then-call
  Scenario: A card played out of turn is taken back, and the hand goes on
    Given the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S, S3 call AH
    When S2 plays AC
    Then the action is rejected
    And it is S1's turn
    When S1 plays 9C
    Then the action is accepted
    And it is S2's turn
