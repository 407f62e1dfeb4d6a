Feature: Winning a trick
  The highest trump wins; without trump, the highest card of the led suit; other fail suits never
  win. A called ten ranks normally, wins its suit, or wins it on the suit's first lead only, as the
  called-ten-rank axis says.

  @rule:trick.highest-of-led-suit-wins
  Scenario: Without trump the highest club wins a club lead
    Then the trick 9C AC KC TC 7C is won by AC

  @rule:trick.highest-of-led-suit-wins @rule:ranking.fail-suits-equal
  Scenario: An ace of another fail suit cannot win
    Then the trick 9C AH 8C AS 7C is won by 9C

  @rule:trick.highest-trump-wins
  Scenario: The highest trump wins a fail lead
    Then the trick KS JC AS 9S 7D is won by JC

  # Text 003's own worked example (003:52): AH is led and followed by TH and KH; the next player,
  # void in hearts, plays 7D, the only trump; the last, also void, throws KC. 7D wins "because
  # trump beats side suit", and the trick is worth 11 + 10 + 4 + 0 + 4 = 29 card points.
  @rule:ranking.trump-beats-fail @rule:trick.highest-trump-wins
  Scenario: Text 003's worked example: the seven of diamonds wins the trick
    Then the trick AH TH KH 7D KC is won by 7D

  @rule:points.card-values
  Scenario: Text 003's worked example: the trick is worth 29 card points
    Then AH TH KH 7D KC are worth 29 card points

  # normal: the called ten ranks as any ten, below the ace; wins-suit: it beats the ace. Nothing
  # says the called suit was led before, so the trick is hearts' first lead: under until-led the
  # called ten beats the ace there too.
  @rule:trick.called-ten-rank
  Scenario Outline: A called ten ranks below the ace of its suit
    Given the called card is TH
    Then the trick 9H TH AH is won by <winner>

    @called-ten-rank:normal
    Examples: Below the ace
      | winner |
      | AH     |

    @called-ten-rank:wins-suit
    Examples: Under wins-suit, above it
      | winner |
      | TH     |

    @called-ten-rank:until-led
    Examples: Under until-led, above it on the suit's first lead
      | winner |
      | TH     |

  # The same trick after hearts were led in an earlier trick (so this is a later heart lead; in a
  # hand played by the rules the partner would have played TH on the first one, but a revoke can
  # keep it back, and a question at the table can describe the trick). normal: the ten ranks below
  # AH, which wins. wins-suit: the called ten beats every heart in every trick: TH. until-led: the
  # ten beats its ace only in the trick that leads hearts for the first time; this one does not,
  # so it ranks as any ten and AH wins. Only wins-suit gives TH; only normal and until-led give AH
  # here, and the scenario above tells until-led from normal.
  @rule:trick.called-ten-rank
  Scenario Outline: After its suit was led, a called ten beats its ace only under wins-suit
    Given the called card is TH
    And the called suit has been led
    Then the trick 9H TH AH is won by <winner>

    @called-ten-rank:normal
    Examples: Below the ace, as in every trick
      | winner |
      | AH     |

    @called-ten-rank:wins-suit
    Examples: Above the ace, as in every trick
      | winner |
      | TH     |

    @called-ten-rank:until-led
    Examples: Below the ace once its suit has been led
      | winner |
      | AH     |

  # AS called under 8D. Under no-callable-suit=alone there is no under call (call.no-callable-suit),
  # so no card is ever an under card: the trick cannot arise. The whole hand below plays the
  # call itself, refused under alone.
  @rule:trick.under-never-wins @no-callable-suit:under
  Scenario: The under card never wins, though it is a diamond
    Given under no-callable-suit=alone the scenario does not apply: no under call is allowed, so there is no under card
    And the called card is AS
    And the under card is 8D
    Then the trick 9S 8D 7S is won by 9S

  # A whole hand, so that the under call itself is played. S3 picks holding only trumps (QC QS
  # QH JC 8D 7D, the blind JD 9D): no ace or ten can be called, in six cards or in eight. S3
  # buries JD 9D (2 points) and calls AH under 8D (under call-then-bury the call comes first, with
  # all eight trumps, and the bury keeps 8D). Trick 1: S1 9C, S2 AC, S3 7D, S4 TD (void in
  # clubs), S5 7C: TD is the highest trump, S4 wins 0 + 11 + 0 + 10 + 0 = 21. Trick 2, hearts'
  # first lead: S4 9H, S5 KH, S1 AH (the partner), S2 8H, S3 8D, the under card. As a diamond
  # 8D would be the only trump and win; as the under card it cannot: AH wins, S1 takes
  # 0 + 4 + 11 + 0 + 0 = 15 and leads. Every play is legal under both void-play options (S3 and
  # S4, void in clubs, play trumps). Under no-callable-suit=alone the picker with no legal call
  # must go alone: the under call is refused.
  @rule:trick.under-never-wins @rule:call.under-card @rule:call.no-callable-suit
  @no-callable-suit:under @call-timing:bury-then-call
  Scenario: In a whole hand, the under card falls on the called suit's first lead and loses
    Given under no-callable-suit=alone, S3 call AH under 8D is rejected under rule call.no-callable-suit
    And S5 deals:
      | seat  | cards             |
      | S1    | 9C AH QD 8S 7S TH |
      | S2    | AC 8H TC KC AD KD |
      | S3    | QC QS QH JC 8D 7D |
      | S4    | TD 9H JS AS TS 7H |
      | S5    | 7C KH 8C KS 9S JH |
      | blind | JD 9D             |
    And the actions S1 pass, S2 pass, S3 pick, S3 bury JD 9D, S3 call AH under 8D
    And the actions S1 9C, S2 AC, S3 7D, S4 TD, S5 7C
    And the actions S4 9H, S5 KH, S1 AH, S2 8H, S3 8D
    Then trick 2 is won by S1 with 15 points
    And it is S1's turn

  @rule:trick.highest-of-led-suit-wins @rule:points.trick-to-winner @call-timing:bury-then-call
  Scenario: The winner of a trick takes its card points
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
    Then trick 1 is won by S2 with 25 points
    And it is S2's turn

  # A called ten (the picker holding all three fail aces): normal, it ranks below its ace;
  # wins-suit, it beats every card of its suit; until-led, the same on the suit's first lead,
  # which each of these tricks is (nothing says the called suit was led before). A trump still
  # beats it, and another suit's ten is not affected: those tricks are in the next outline (a row
  # for every profile beside the rows per option with the same called card would keep the latter
  # from being one case each).
  @rule:trick.called-ten-rank @rule:trick.highest-of-led-suit-wins @rule:trick.highest-trump-wins
  Scenario Outline: With <called> called, the trick <trick> is won by <winner>
    Given the called card is <called>
    Then the trick <trick> is won by <winner>

    @called-ten-rank:normal
    Examples: The called ten ranks as any ten
      | called | trick          | winner |
      | TH     | TH AH KH 9H 8H | AH     |
      | TC     | 9C TC AC       | AC     |
      | TS     | AS TS 9S 8S 7S | AS     |

    @called-ten-rank:wins-suit
    Examples: The called ten wins its suit
      | called | trick          | winner |
      | TH     | TH AH KH 9H 8H | TH     |
      | TC     | 9C TC AC       | TC     |
      | TS     | AS TS 9S 8S 7S | TS     |

    @called-ten-rank:until-led
    Examples: The called ten wins its suit's first lead
      | called | trick          | winner |
      | TH     | TH AH KH 9H 8H | TH     |
      | TC     | 9C TC AC       | TC     |
      | TS     | AS TS 9S 8S 7S | TS     |

  # Under every rank of the called ten: a trump beats it, and another suit's ten is not affected.
  @rule:trick.called-ten-rank @rule:trick.highest-of-led-suit-wins @rule:trick.highest-trump-wins
  Scenario Outline: Whatever the called ten's rank, with <called> called the trick <trick> is won by <winner>
    Given the called card is <called>
    Then the trick <trick> is won by <winner>

    Examples: Every profile
      | called | trick          | winner |
      | TH     | TH AH 7D       | 7D     |
      | TH     | TC AC          | AC     |
      | TS     | 9S TS AS QD    | QD     |
