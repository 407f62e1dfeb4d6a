Feature: Card points
  Each card counts by its rank alone: ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and
  seven 0 (spec: points.card-values, points.same-in-every-suit, points.total-120).

  @rule:points.card-values @rule:points.same-in-every-suit
  Scenario Outline: <card> counts <points> card points
    Then <card> is worth <points> card points

    Examples:
      | card | points |
      | AC   | 11     |
      | TC   | 10     |
      | KC   | 4      |
      | QC   | 3      |
      | JC   | 2      |
      | 9C   | 0      |
      | 8C   | 0      |
      | 7C   | 0      |
      | AS   | 11     |
      | TS   | 10     |
      | KS   | 4      |
      | QS   | 3      |
      | JS   | 2      |
      | 9S   | 0      |
      | 8S   | 0      |
      | 7S   | 0      |
      | AH   | 11     |
      | TH   | 10     |
      | KH   | 4      |
      | QH   | 3      |
      | JH   | 2      |
      | 9H   | 0      |
      | 8H   | 0      |
      | 7H   | 0      |
      | AD   | 11     |
      | TD   | 10     |
      | KD   | 4      |
      | QD   | 3      |
      | JD   | 2      |
      | 9D   | 0      |
      | 8D   | 0      |
      | 7D   | 0      |

  @rule:points.total-120
  Scenario: The whole pack holds 120 card points
    Then AC TC KC QC JC 9C 8C 7C AS TS KS QS JS 9S 8S 7S AH TH KH QH JH 9H 8H 7H AD TD KD QD JD 9D 8D 7D are worth 120 card points

  # Per rank over the four suits: aces 4 x 11 = 44, tens 40, kings 16, queens 12, jacks 8;
  # per suit 11 + 10 + 4 + 3 + 2 = 30; the six cards of a fail suit 11 + 10 + 4 = 25, the
  # 18 fail cards 75, the 14 trumps 12 + 8 + 11 + 10 + 4 = 45; 75 + 45 = 120.
  @rule:points.card-values @rule:points.same-in-every-suit @rule:points.total-120
  Scenario Outline: <what> are worth <points> card points
    Then <cards> are worth <points> card points

    Examples:
      | what                | cards                                                                    | points |
      | The four aces       | AC AS AH AD                                                              | 44     |
      | The four tens       | TC TS TH TD                                                              | 40     |
      | The four kings      | KC KS KH KD                                                              | 16     |
      | The four queens     | QC QS QH QD                                                              | 12     |
      | The four jacks      | JC JS JH JD                                                              | 8      |
      | The nines to sevens | 9C 8C 7C 9S 8S 7S 9H 8H 7H 9D 8D 7D                                      | 0      |
      | The eight clubs     | AC TC KC QC JC 9C 8C 7C                                                  | 30     |
      | The eight spades    | AS TS KS QS JS 9S 8S 7S                                                  | 30     |
      | The eight hearts    | AH TH KH QH JH 9H 8H 7H                                                  | 30     |
      | The eight diamonds  | AD TD KD QD JD 9D 8D 7D                                                  | 30     |
      | The fourteen trumps | QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D                                | 45     |
      | The eighteen fails  | AC TC KC 9C 8C 7C AS TS KS 9S 8S 7S AH TH KH 9H 8H 7H                    | 75     |

  # No trick and no card points in tricks: the defenders' sweep under either no-tricker option.
  # The bury's 10 points count for the picker's side under bury-on-no-trick picker; they go to
  # the defenders under defenders (no trick) and under no-trick-points (no points in tricks).
  @rule:points.bury-counts-for-picker @rule:scoring.no-tricks
  Scenario Outline: Without a trick the bury still counts for the picker's side
    When the picker's side takes 0 tricks worth 0 points with 10 buried
    Then the outcome is no-tricks
    And the picker's side is credited with <credited> card points

    @bury-on-no-trick:picker
    Examples: The bury counts for the picker's side
      | credited |
      | 10       |

    @bury-on-no-trick:defenders @bury-on-no-trick:no-trick-points
    Examples: Without a trick the bury goes to the defenders
      | credited |
      | 0        |

  # A trick of nines, eights and sevens: the side has a trick but no card points in tricks, and
  # the bury's 10. The credit: 10 under bury-on-no-trick picker and defenders (a trick was
  # taken), 0 under no-trick-points (no card points in tricks).
  # The result: under no-tricker tricks a side with a trick is not swept; 10 card points (or 0)
  # is 0-30, schneidered: -4/-2/+2, doubled on the bump -8/-4/+4. Under no-tricker points a side
  # with no card points in tricks loses triple (scoring.no-tricks), whatever its tricks: each
  # defender +3, the picker and partner -6/-3 (defender-sweep shared) or -9/0 (partner off the
  # hook); doubled on the bump -12/-6/+6 or -18/0/+6.
  @rule:points.bury-counts-for-picker @rule:points.side-totals @rule:scoring.schneidered
  @rule:scoring.zero-point-trick @rule:scoring.no-tricks @rule:scoring.double-on-the-bump
  Scenario Outline: With a zero-point trick the bury counts for the picker's side
    When the picker's side takes 1 tricks worth 0 points with 10 buried
    Then the outcome is <kind>
    And the picker scores <picker>, the partner <partner> and each defender <defender>
    And the picker's side is credited with <credited> card points

    @no-tricker:tricks @double-on-the-bump:off @bury-on-no-trick:picker @bury-on-no-trick:defenders
    Examples: Schneidered, the bury counted
      | kind        | picker | partner | defender | credited |
      | schneidered | -4     | -2      | +2       | 10       |

    @no-tricker:tricks @double-on-the-bump:off @bury-on-no-trick:no-trick-points
    Examples: With only a zero-point trick the bury goes to the defenders all the same
      | kind        | picker | partner | defender | credited |
      | schneidered | -4     | -2      | +2       | 0        |

    @no-tricker:tricks @double-on-the-bump:on @bury-on-no-trick:picker @bury-on-no-trick:defenders
    Examples: Schneidered and doubled on the bump, the bury counted
      | kind        | picker | partner | defender | credited |
      | schneidered | -8     | -4      | +4       | 10       |

    @no-tricker:tricks @double-on-the-bump:on @bury-on-no-trick:no-trick-points
    Examples: Schneidered and doubled on the bump, the bury to the defenders
      | kind        | picker | partner | defender | credited |
      | schneidered | -8     | -4      | +4       | 0        |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:off @bury-on-no-trick:picker
    @bury-on-no-trick:defenders
    Examples: No card points in tricks loses triple, shared, the bury counted
      | kind      | picker | partner | defender | credited |
      | no-tricks | -6     | -3      | +3       | 10       |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:off @bury-on-no-trick:no-trick-points
    Examples: No card points in tricks loses triple, shared, the bury to the defenders
      | kind      | picker | partner | defender | credited |
      | no-tricks | -6     | -3      | +3       | 0        |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:on @bury-on-no-trick:picker
    @bury-on-no-trick:defenders
    Examples: Triple, shared and doubled on the bump, the bury counted
      | kind      | picker | partner | defender | credited |
      | no-tricks | -12    | -6      | +6       | 10       |

    @no-tricker:points @defender-sweep:shared @double-on-the-bump:on @bury-on-no-trick:no-trick-points
    Examples: Triple, shared and doubled on the bump, the bury to the defenders
      | kind      | picker | partner | defender | credited |
      | no-tricks | -12    | -6      | +6       | 0        |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:off @bury-on-no-trick:picker
    @bury-on-no-trick:defenders
    Examples: Triple, the partner off the hook, the bury counted
      | kind      | picker | partner | defender | credited |
      | no-tricks | -9     | 0       | +3       | 10       |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:off
    @bury-on-no-trick:no-trick-points
    Examples: Triple, the partner off the hook, the bury to the defenders
      | kind      | picker | partner | defender | credited |
      | no-tricks | -9     | 0       | +3       | 0        |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:on @bury-on-no-trick:picker
    @bury-on-no-trick:defenders
    Examples: Triple, the partner off the hook, doubled on the bump, the bury counted
      | kind      | picker | partner | defender | credited |
      | no-tricks | -18    | 0       | +6       | 10       |

    @no-tricker:points @defender-sweep:partner-off-hook @double-on-the-bump:on
    @bury-on-no-trick:no-trick-points
    Examples: Triple, the partner off the hook, doubled on the bump, the bury to the defenders
      | kind      | picker | partner | defender | credited |
      | no-tricks | -18    | 0       | +6       | 0        |

  # The pack is the 32 cards 7 to ace of four suits, dealt to five players; the cards that are
  # not trump form the fail suits clubs, spades and hearts, six cards each (deck.*).
  # The deck, top card first, dealt by S5 3-2-3: cards 1-3 and 18-20 to S1, 4-6 and 21-23 to S2,
  # 7-9 and 24-26 to S3, 10-12 and 27-29 to S4, 13-15 and 30-32 to S5, 16-17 to the blind.
  # S1 gets the six hearts, S2 and S4 twelve trumps, S3 and S5 the clubs and spades, the blind
  # 8D 7D. S1 picks, buries the blind and goes alone, then leads a heart: nobody else holds a
  # heart, and every other seat holds only trumps or only fail cards, so each seat's legal plays
  # are its whole hand of six cards (under either void-play option).
  @rule:deck.five-players @rule:deck.thirty-two-cards @rule:deal.six-cards-and-blind @rule:deal.three-two-three
  @rule:alone.declare @requires:deal-from-deck
  Scenario Outline: A pack of 32 cards deals six cards to each of five players and two to the blind
    Given S5 deals the deck:
      """
      AH TH KH  QC QS QH  AC TC KC  JH JD AD  9C 8C 7C
      8D 7D
      9H 8H 7H  QD JC JS  AS TS KS  TD KD 9D  9S 8S 7S
      """
    And the actions <auction>
    Then the hand is in the play phase
    And the legal plays of S1 are AH TH KH 9H 8H 7H
    When S1 plays AH
    Then the legal plays of S2 are QC QS QH QD JC JS
    When S2 plays JS
    Then the legal plays of S3 are AC TC KC AS TS KS
    When S3 plays KS
    Then the legal plays of S4 are JH JD AD TD KD 9D
    When S4 plays 9D
    Then the legal plays of S5 are 9C 8C 7C 9S 8S 7S
    When S5 plays 9C
    # AH 11 + JS 2 + KS 4 + 9D 0 + 9C 0 = 17, to the jack of spades, the only trump but 9D
    Then trick 1 is won by S2 with 17 points
    And it is S2's turn

    @call-timing:bury-then-call
    Examples: Bury, then go alone
      | auction                              |
      | S1 pick, S1 bury 8D 7D, S1 alone     |

    @call-timing:call-then-bury
    Examples: Go alone, then bury
      | auction                              |
      | S1 pick, S1 alone, S1 bury 8D 7D     |

  @rule:deck.fail-suits @rule:play.follow-suit @rule:deck.trump-is-one-suit
  Scenario Outline: The <suit> are A 10 K 9 8 7, without the queen and jack
    Given a defender holding <hand>
    And the trick so far is <led>
    Then the legal plays are <plays>

    Examples:
      | suit   | led | hand              | plays       |
      | clubs  | 7C  | QC JC AC TC KC 9C | AC TC KC 9C |
      | clubs  | AC  | QC JC 8C 7C AD 9H | 8C 7C       |
      | spades | 7S  | QS JS AS TS KS 9S | AS TS KS 9S |
      | spades | AS  | QS JS 8S 7S AD 9H | 8S 7S       |
      | hearts | 7H  | QH JH AH TH KH 9H | AH TH KH 9H |
      | hearts | AH  | QH JH 8H 7H AD 9C | 8H 7H       |

  @rule:deck.fail-suits @rule:trick.highest-of-led-suit-wins
  Scenario Outline: Five <suit> make a trick won by the ace
    Then the trick <trick> is won by <ace>

    Examples:
      | suit   | trick          | ace |
      | clubs  | KC 9C AC TC 8C | AC  |
      | spades | KS 9S AS TS 8S | AS  |
      | hearts | KH 9H AH TH 8H | AH  |
