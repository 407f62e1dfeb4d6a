Feature: Picking the blind
  The blind is offered from the dealer's left, clockwise; each player picks or passes once, and the
  first to pick is the picker.

  Background:
    Given S5 deals:
      | seat  | cards             |
      | S1    | AH JD 7D 9C 8S 8H |
      | S2    | QC QD TD AC KS 9H |
      | S3    | QS JC AD 9D 7H KC |
      | S4    | QH JS KD TC AS TH |
      | S5    | JH 8D 8C 7C 9S KH |
      | blind | TS 7S             |

  @rule:auction.order @rule:auction.pick-or-pass
  Scenario: The dealer's left is offered the blind first
    Then it is S1's turn
    And the legal actions of S1 are S1 pick, S1 pass

  @rule:auction.order
  Scenario: A player may not pick out of turn
    When S2 picks
    Then the action is rejected under rule auction.order

  @rule:auction.order
  Scenario: After a pass the next player clockwise is offered the blind
    Given the actions S1 pass
    Then the legal actions of S2 are S2 pick, S2 pass

  # What follows the pick is the call-timing axis: the bury (bury-then-call) or the call
  # (call-then-bury).
  @rule:auction.first-pick-ends @rule:auction.picker-takes-blind
  Scenario Outline: The first to pick takes the blind and buries or calls next
    Given the actions S1 pass
    When S2 picks
    Then the action is accepted
    And it is S2's turn
    And the hand is in the <phase> phase

    @call-timing:bury-then-call
    Examples: Bury, then call
      | phase |
      | bury  |

    @call-timing:call-then-bury
    Examples: Call, then bury
      | phase |
      | call  |
