@rule:deal.three-two-three @rule:deal.dealing-order-given @rule:deal.six-cards-and-blind
Feature: Dealing a pack 3-2-3
  A given pack order is dealt as it is: three cards to each player from the dealer's left, two to
  the blind, three more to each player. When all five pass and a leaster is played, the first
  leader may lead any card, so the legal plays show the leader's whole hand.

  @all-pass:leaster @requires:deal-from-deck
  Scenario: The dealer's left receives cards 1-3 and 18-20
    Given S5 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S1 pass, S2 pass, S3 pass, S4 pass, S5 pass
    Then it is S1's turn
    And the legal plays of S1 are AH JD 7D 9C 8S 8H

  @all-pass:leaster @requires:deal-from-deck
  Scenario: Another dealer deals the same pack to other seats
    Given S2 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S3 pass, S4 pass, S5 pass, S1 pass, S2 pass
    Then the legal plays of S3 are AH JD 7D 9C 8S 8H

  @call-timing:bury-then-call @requires:deal-from-deck
  Scenario: Cards 16 and 17 form the blind
    Given S5 deals the deck:
      """
      AH JD 7D  QC QD TD  QS JC AD  QH JS KD  JH 8D 8C
      TS 7S
      9C 8S 8H  AC KS 9H  9D 7H KC  TC AS TH  7C 9S KH
      """
    And the actions S1 pick
    When S1 buries TS 7S
    Then the action is accepted
