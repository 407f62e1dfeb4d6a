Feature: Card points
  Each card counts by its rank alone: ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and
  seven 0 (spec: points.card-values, points.same-in-every-suit, points.total-120).

  @rule:points.card-values @rule:points.same-in-every-suit
  Scenario Outline: <card> counts <points> card points
    Then <card> is worth <points> card points

    Examples:
      | card | points |
      | AC   | 11     |
      | AD   | 11     |
      | TS   | 10     |
      | KH   | 4      |
      | QC   | 3      |
      | JD   | 2      |
      | 9S   | 0      |
      | 8D   | 0      |
      | 7H   | 0      |

  @rule:points.total-120
  Scenario: The whole pack holds 120 card points
    Then AC TC KC QC JC 9C 8C 7C AS TS KS QS JS 9S 8S 7S AH TH KH QH JH 9H 8H 7H AD TD KD QD JD 9D 8D 7D are worth 120 card points

  @rule:points.bury-counts-for-picker @rule:scoring.no-tricks @bury-on-no-trick:picker
  Scenario: Without a trick the bury still counts for the picker's side
    When the picker's side takes 0 tricks worth 0 points with 10 buried
    Then the outcome is no-tricks
    And the picker's side is credited with 10 card points

  @rule:points.bury-counts-for-picker @rule:scoring.no-tricks @bury-on-no-trick:defenders
  Scenario: Without a trick the bury goes to the defenders
    When the picker's side takes 0 tricks worth 0 points with 10 buried
    Then the outcome is no-tricks
    And the picker's side is credited with 0 card points
