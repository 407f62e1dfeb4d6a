Feature: Playing the cards
  Follow the led suit if able (trump is one suit: a queen or jack is not a card of its printed
  suit); a player who cannot follow plays any card, or a trump under void-play must-trump; the
  partner plays the called ace when its suit is first led.

  @rule:play.follow-suit @rule:deck.trump-is-one-suit
  Scenario: Holding a club, follow a club lead
    Given a defender holding QC QD TD AC KS 9H
    And the trick so far is 9C
    Then the legal plays are AC

  @rule:play.follow-trump
  Scenario: Follow a trump lead with a trump
    Given a defender holding JH 8D 8C 7C 9S KH
    And the trick so far is QS
    Then the legal plays are JH 8D

  @rule:play.lead-any-card
  Scenario: A defender leading may lead any card
    Given a defender holding QC QD TD AC KS 9H
    And the trick so far is none
    Then the legal plays are QC QD TD AC KS 9H

  # Void in clubs: free, any card; must-trump, one of the two trumps QD TD.
  @rule:play.void-in-led-suit
  Scenario Outline: A player void in the led suit may play any card
    Given a defender holding QD TD KS 9H
    And the trick so far is 9C
    Then the legal plays are <legal>

    @void-play:free
    Examples: Any card
      | legal       |
      | QD TD KS 9H |

    @void-play:must-trump
    Examples: Under must-trump, a trump
      | legal |
      | QD TD |

  Rule: Play in a hand
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

    @rule:play.follow-suit @rule:deck.trump-is-one-suit @call-timing:bury-then-call
    Scenario: The queen of clubs does not follow a club lead
      Given the actions S1 plays 9C
      Then the legal plays of S2 are AC
      When S2 plays QC
      Then the action is rejected under rule play.follow-suit

    @rule:play.clockwise-one-card @call-timing:bury-then-call
    Scenario: Only the player whose turn it is may play
      Given the actions S1 plays 9C
      When S3 plays KC
      Then the action is rejected under rule play.clockwise-one-card

    @rule:play.card-in-hand @call-timing:bury-then-call
    Scenario: A player may play only a card they hold
      When S1 plays AC
      Then the action is rejected under rule play.card-in-hand

    # S3 takes trick 3 with JC and leads 7H, its only heart, in trick 4 of 6 with QS and AD still
    # in hand: the called suit's first lead. Under after-first-lead the picker may not lead the
    # called suit before another player has (neither the last trick nor a hand of hearts only):
    # the lead is refused. Every earlier play is legal under both options (only picker leads differ).
    @rule:play.partner-plays-called-card @rule:play.picker-leads-called-suit @rule:play.winner-leads
    @call-timing:bury-then-call @called-suit-lead:any-time
    Scenario: The partner plays the called ace on the first lead of its suit
      Given under called-suit-lead=after-first-lead, S3 play 7H is rejected under rule play.picker-leads-called-suit
      And the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C
      And the actions S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
      And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S
      And the actions S3 7H, S4 TH, S5 KH
      Then the legal plays of S1 are AH

    # S2 leads 9H, the called suit's first lead; the picker S3 holds 7H but plays QS, which
    # breaks two rules: the engine may name either (SPEC.md, "When an action breaks several rules").
    @rule:play.follow-suit @rule:play.hold-card-on-first-lead @call-timing:bury-then-call
    Scenario: A queen on the called suit's first lead breaks two rules, and either may be named
      Given the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C
      And the actions S2 9H
      When S3 plays QS
      Then the action is rejected under rule play.follow-suit or play.hold-card-on-first-lead
