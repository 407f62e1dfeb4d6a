Feature: Calling a partner
  The picker calls the ace of a fail suit in which they hold a card other than the ace, never a
  card they hold or buried; with no such suit the no-callable-suit axis decides.

  @rule:call.ace-of-held-fail-suit @call-timing:bury-then-call
  Scenario: Only aces of suits the picker still holds can be called
    Given a picker holding QS JC AD 9D 7H KC
    And the picker buried TS 7S
    Then the callable cards are AC AH
    And the under calls are none

  @rule:call.not-own-card @call-timing:bury-then-call
  Scenario: The picker may not call an ace they hold
    Given a picker holding QS JC AD AC KC 7H
    And the picker buried TS 7S
    Then the callable cards are AH

  @rule:call.not-own-card @call-timing:bury-then-call
  Scenario: The picker may not call an ace they buried
    Given a picker holding QS JC AD 9D 7H KC
    And the picker buried AH 7S
    Then the callable cards are AC

  @rule:call.ten-when-all-aces @call-timing:bury-then-call
  Scenario: A picker whose eight cards hold every fail ace may call a ten
    Given a picker holding AC AS AH 9C 8S QS
    And the picker buried 7H KD
    Then the callable cards are TC TS TH

  # AH is buried, 9H kept: the three aces are the picker's, so a ten may be called; the
  # ten-call-ace axis decides whether TH, whose ace is in the bury, is one of them.
  @rule:call.ten-when-all-aces @call-timing:bury-then-call @ten-call-ace:hand-or-bury @ten-call-hold:any-card
  Scenario: A picker who buried an ace may call that suit's ten
    Given a picker holding AC AS 9H 8S QS 7C
    And the picker buried AH KD
    Then the callable cards are TC TS TH

  @rule:call.ten-when-all-aces @call-timing:bury-then-call @ten-call-ace:in-hand
  Scenario: A picker who buried an ace may not call that suit's ten
    Given a picker holding AC AS 9H 8S QS 7C
    And the picker buried AH KD
    Then the callable cards are TC TS

  @rule:call.ten-when-all-aces @rule:play.ace-kept-for-called-ten @call-timing:bury-then-call
  @ten-call-ace:hand-or-bury @ten-call-hold:the-ace
  Scenario: With the ace as the hold card, a ten whose ace is buried cannot be called
    Given a picker holding AC AS 9H 8S QS 7C
    And the picker buried AH KD
    Then the callable cards are TC TS

  @rule:call.ace-of-held-fail-suit @call-timing:call-then-bury
  Scenario: Calling before the bury, the picker's eight cards count
    Given a picker holding QS JC AD 9D 7H KC TS 7S
    Then the callable cards are AC AS AH

  @rule:call.no-callable-suit @rule:call.under-card @no-callable-suit:under @call-timing:bury-then-call
  Scenario: A picker holding only trumps may call an ace under
    Given a picker holding QC QS QH QD JC JS
    And the picker buried 7D 8D
    Then the callable cards are none
    And the under calls are AC AS AH

  @rule:call.no-callable-suit @call-timing:bury-then-call
  Scenario: A picker holding every fail ace and ten has no call, not even an under
    Given a picker holding AC AS AH TC TS TH
    And the picker buried 8D 7D
    Then the callable cards are none
    And the under calls are none

  @rule:call.no-callable-suit @no-callable-suit:alone @call-timing:bury-then-call
  Scenario: A picker holding only trumps has no call at all
    Given a picker holding QC QS QH QD JC JS
    And the picker buried 7D 8D
    Then the callable cards are none
    And the under calls are none

  Rule: Calls in a hand
    Background:
      Given S5 deals:
        | seat  | cards             |
        | S1    | AH JD 7D 9C 8S 8H |
        | S2    | QC QD TD AC KS 9H |
        | S3    | QS JC AD 9D 7H KC |
        | S4    | QH JS KD TC AS TH |
        | S5    | JH 8D 8C 7C 9S KH |
        | blind | TS 7S             |
      And the actions S1 pass, S2 pass, S3 pick, S3 bury TS 7S

    @rule:call.ace-of-held-fail-suit @call-timing:bury-then-call
    Scenario: The picker may not call the ace of a suit they no longer hold
      When S3 calls AS
      Then the action is rejected under rule call.ace-of-held-fail-suit

    @rule:call.partner-or-alone @rule:play.first-lead @call-timing:bury-then-call
    Scenario: After the call the dealer's left leads
      When S3 calls AH
      Then the action is accepted
      And it is S1's turn
      And the hand is in the play phase

    # After the bury S3 holds QS JC AD 9D 7H KC: a club (KC) and a heart (7H) but no spade, and
    # neither AC nor AH; so AC and AH can be called, and going alone is always open.
    @rule:call.partner-or-alone @rule:call.ace-of-held-fail-suit @rule:alone.declare @call-timing:bury-then-call
    Scenario: After the bury the picker may call AC or AH, or go alone
      Then the legal actions of S3 are S3 call AC, S3 call AH, S3 alone

    # The called AH is S1's. Nobody announces it: the hand goes on with S1's lead as in any
    # hand, and S1 is known as the partner only by playing AH on the first heart lead (trick 4).
    @rule:call.partner-secret @rule:play.partner-revealed @rule:call.partner-is-holder
    @call-timing:bury-then-call @called-suit-lead:any-time
    Scenario: The holder of the called ace is the partner, known when the ace falls
      When S3 calls AH
      Then it is S1's turn
      Given the actions S1 9C, S2 AC, S3 KC, S4 TC, S5 7C
      And the actions S2 QC, S3 9D, S4 JS, S5 8D, S1 7D
      And the actions S2 KS, S3 JC, S4 AS, S5 9S, S1 8S
      And the actions S3 7H, S4 TH, S5 KH, S1 AH, S2 9H
      And the actions S1 JD, S2 QD, S3 QS, S4 QH, S5 JH
      And the actions S3 AD, S4 KD, S5 8C, S1 8H, S2 TD
      # trick 4: 7H 0 + TH 10 + KH 4 + AH 11 + 9H 0 = 25, to S1's AH
      Then trick 4 is won by S1 with 25 points
      And the partner is S1

  Rule: The call and the bury in either order
    The call-timing axis: the picker buries, then calls (bury-then-call), or calls holding all
    eight cards, then buries (call-then-bury).

    Background:
      Given S5 deals:
        | seat  | cards             |
        | S1    | AH JD 7D 9C 8S 8H |
        | S2    | QC QD TD AC KS 9H |
        | S3    | QS JC AD 9D 7H KC |
        | S4    | QH JS KD TC AS TH |
        | S5    | JH 8D 8C 7C 9S KH |
        | blind | TS 7S             |
      And the actions S1 pass, S2 pass, S3 pick

    @rule:bury.before-call @call-timing:bury-then-call
    Scenario: The picker may not call before burying
      When S3 calls AH
      Then the action is rejected under rule bury.before-call

    # S3's eight cards QS JC AD 9D 7H KC TS 7S hold a club, a spade and a heart, and no fail
    # ace: AC, AS and AH can be called; no under call when an ace can be called.
    @rule:bury.before-call @rule:call.partner-or-alone @rule:call.ace-of-held-fail-suit @call-timing:call-then-bury
    Scenario: Right after the pick the picker calls a partner or goes alone
      Then the hand is in the call phase
      And the legal actions of S3 are S3 call AC, S3 call AS, S3 call AH, S3 alone

    @rule:bury.any-two-cards @rule:play.hold-card-kept @call-timing:call-then-bury
    Scenario: Having called AS, the picker may not bury both spades
      Given the actions S3 call AS
      When S3 buries TS 7S
      Then the action is rejected under rule play.hold-card-kept

    @rule:bury.any-two-cards @call-timing:call-then-bury
    Scenario: Having called AS, the picker may bury one spade
      Given the actions S3 call AS
      When S3 buries TS KC
      Then the action is accepted
      And it is S1's turn
      And the hand is in the play phase
