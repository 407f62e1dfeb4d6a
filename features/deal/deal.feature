@rule:deal.three-two-three @rule:deal.dealing-order-given @rule:deal.six-cards-and-blind
Feature: Dealing a pack 3-2-3
  A given pack order is dealt as it is: three cards to each player from the dealer's left, two to
  the blind, three more to each player. A picker who buries and goes alone has no called suit, and
  the first leader (the dealer's left) may lead any card, so the legal plays show the leader's
  whole hand: whatever the table does when all five pass, and in either call order.

  # S2 picks and goes alone; S1, the dealer's left, leads first with the six cards dealt to it.
  @call-timing:bury-then-call @requires:deal-from-deck
  Scenario: The dealer's left receives cards 1-3 and 18-20
    Given S5 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S1 pass, S2 pick, S2 bury TS 7S, S2 alone
    Then it is S1's turn
    And the legal plays of S1 are AH JD 7D 9C 8S 8H

  # Dealt by S2, the same pack gives S3 what S1 had above (cards 1-3 and 18-20) and S4 what S2
  # had; S4 picks and goes alone, and S3 leads first.
  @call-timing:bury-then-call @requires:deal-from-deck
  Scenario: Another dealer deals the same pack to other seats
    Given S2 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S3 pass, S4 pick, S4 bury TS 7S, S4 alone
    Then the legal plays of S3 are AH JD 7D 9C 8S 8H

  # S1 picks the blind (cards 16 and 17, TS 7S), buries two of its own cards and goes alone: its
  # hand to lead is its other four cards and the blind's two.
  @call-timing:bury-then-call @requires:deal-from-deck
  Scenario: Cards 16 and 17 form the blind
    Given S5 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S1 pick, S1 bury 9C 8H, S1 alone
    Then it is S1's turn
    And the legal plays of S1 are AH JD 7D 8S TS 7S
