Feature: Calling a partner
  The picker calls the ace of a fail suit in which they hold a card other than the ace, never a
  card they hold or buried; with no such suit the no-callable-suit axis decides.

  # The scenarios with a bury ask for the calls open after the bury (bury-then-call). Under
  # call-then-bury the picker calls holding all eight cards, before any bury, so no call follows a
  # bury: their call-then-bury counterparts, the same eight cards before the bury, are the rows
  # of "Calling before the bury, the picker's eight cards count".
  @rule:call.ace-of-held-fail-suit @call-timing:bury-then-call
  Scenario: Only aces of suits the picker still holds can be called
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding QS JC AD 9D 7H KC
    And the picker buried TS 7S
    Then the callable cards are AC AH
    And the under calls are none

  @rule:call.not-own-card @call-timing:bury-then-call
  Scenario: The picker may not call an ace they hold
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding QS JC AD AC KC 7H
    And the picker buried TS 7S
    Then the callable cards are AH

  @rule:call.not-own-card @call-timing:bury-then-call
  Scenario: The picker may not call an ace they buried
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding QS JC AD 9D 7H KC
    And the picker buried AH 7S
    Then the callable cards are AC

  @rule:call.ten-when-all-aces @call-timing:bury-then-call
  Scenario: A picker whose eight cards hold every fail ace may call a ten
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding AC AS AH 9C 8S QS
    And the picker buried 7H KD
    Then the callable cards are TC TS TH

  # AH is buried, 9H kept: the three aces are the picker's, so a ten may be called (TC with 7C,
  # TS with 8S in hand). TH, whose ace is in the bury: callable under ten-call-ace hand-or-bury
  # with any card of hearts as the hold card (9H); not under ten-call-ace in-hand (the ten's ace
  # must be in hand); nor under ten-call-hold the-ace, where AH itself would be the hold card.
  @rule:call.ten-when-all-aces @rule:play.ace-kept-for-called-ten @call-timing:bury-then-call
  Scenario Outline: A picker who buried an ace may call that suit's ten
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding AC AS 9H 8S QS 7C
    And the picker buried AH KD
    Then the callable cards are <callable>

    @ten-call-ace:hand-or-bury @ten-call-hold:any-card
    Examples: The three aces count in hand and bury alike
      | callable |
      | TC TS TH |

    @ten-call-ace:in-hand
    Examples: A picker who buried an ace may not call that suit's ten
      | callable |
      | TC TS    |

    @ten-call-ace:hand-or-bury @ten-call-hold:the-ace
    Examples: With the ace as the hold card, a ten whose ace is buried cannot be called
      | callable |
      | TC TS    |

  # Under call-then-bury the call is judged against the eight cards, none buried yet:
  # - the eight cards of "Only aces of suits the picker still holds …": a club, spades and a
  #   heart, no fail ace: AC AS AH;
  # - of "… an ace they hold": AC held, so AS (TS 7S) and AH (7H);
  # - of "… an ace they buried": AH held (it is buried only later), so AC (KC) and AS (7S);
  # - of "… every fail ace may call a ten": the three aces, and 9C 8S 7H: TC TS TH;
  # - of "A picker who buried an ace …": AH still in hand at the call, so TH can be called
  #   under every ten-call-ace and ten-call-hold option, with TC (7C) and TS (8S);
  # - only trumps: no ace or ten, so an under call of any fail ace (or alone);
  # - every fail ace and ten: no call and no under.
  @rule:call.ace-of-held-fail-suit @rule:call.not-own-card @rule:call.ten-when-all-aces
  @rule:call.no-callable-suit @rule:call.under-card @call-timing:call-then-bury
  Scenario Outline: Calling before the bury, the picker's eight cards count
    Given under call-timing=bury-then-call the scenario does not apply: the picker buries before calling, so no call is made with eight cards in hand
    And a picker holding <hand>
    Then the callable cards are <callable>
    And the under calls are <under>

    Examples:
      | hand                    | callable | under |
      | QS JC AD 9D 7H KC TS 7S | AC AS AH | none  |
      | QS JC AD AC KC 7H TS 7S | AS AH    | none  |
      | QS JC AD 9D 7H KC AH 7S | AC AS    | none  |
      | AC AS AH 9C 8S QS 7H KD | TC TS TH | none  |
      | AC AS 9H 8S QS 7C AH KD | TC TS TH | none  |
      | AC AS AH TC TS TH 8D 7D | none     | none  |

    @no-callable-suit:under
    Examples: Only trumps, an under call
      | hand                    | callable | under    |
      | QC QS QH QD JC JS 7D 8D | none     | AC AS AH |

    @no-callable-suit:alone
    Examples: Only trumps, alone
      | hand                    | callable | under |
      | QC QS QH QD JC JS 7D 8D | none     | none  |

  # No fail card in hand and no fail ace held: no ace or ten can be called; under the `under`
  # option every fail ace can be called with an under card, under `alone` the picker goes alone.
  @rule:call.no-callable-suit @rule:call.under-card @call-timing:bury-then-call
  Scenario Outline: A picker holding only trumps may call an ace under
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding QC QS QH QD JC JS
    And the picker buried 7D 8D
    Then the callable cards are none
    And the under calls are <under>

    @no-callable-suit:under
    Examples: An under call
      | under    |
      | AC AS AH |

    @no-callable-suit:alone
    Examples: A picker holding only trumps has no call at all
      | under |
      | none  |

  @rule:call.no-callable-suit @call-timing:bury-then-call
  Scenario: A picker holding every fail ace and ten has no call, not even an under
    Given under call-timing=call-then-bury the scenario does not apply: the call comes before the bury, from all eight cards, so no call is made with two cards buried
    And a picker holding AC AS AH TC TS TH
    And the picker buried 8D 7D
    Then the callable cards are none
    And the under calls are none

  Rule: Calls in a hand
    The bury and the call are sent in the order of call-timing: under call-then-bury S3 calls
    from its eight cards first (AH, with 7H), then buries TS 7S, keeping 7H.

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

    @rule:call.partner-or-alone @rule:play.first-lead @call-timing:bury-then-call @call-timing:call-then-bury
    Scenario: After the call the dealer's left leads
      When S3 calls AH
      Then the action is accepted
      And it is S1's turn
      And the hand is in the play phase

    # The called AH is S1's. Nobody announces it: the hand goes on with S1's lead as in any
    # hand, and S1 is known as the partner only by playing AH on the first heart lead (trick 4).
    # Under called-suit-lead after-first-lead the picker may not lead hearts before another
    # player has: S3's lead of 7H in trick 4 (holding QS and AD too, not the last trick) is refused.
    @rule:call.partner-secret @rule:play.partner-revealed @rule:call.partner-is-holder
    @rule:play.picker-leads-called-suit
    @call-timing:bury-then-call @call-timing:call-then-bury @called-suit-lead:any-time
    Scenario: The holder of the called ace is the partner, known when the ace falls
      Given under called-suit-lead=after-first-lead, S3 plays 7H is rejected under rule play.picker-leads-called-suit
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

    # Right after the pick: under bury-then-call the call is refused, the bury comes first; under
    # call-then-bury the call of AH (S3 holds 7H) is the next action. Either way S3 then buries.
    @rule:bury.before-call @rule:call.partner-or-alone
    Scenario Outline: The picker may not call before burying
      When S3 calls AH
      Then the action is <result>
      And it is S3's turn
      And the hand is in the bury phase

      @call-timing:bury-then-call
      Examples: Bury, then call
        | result                               |
        | rejected under rule bury.before-call |

      @call-timing:call-then-bury
      Examples: Call, then bury
        | result   |
        | accepted |

    # Right after the pick. Under call-then-bury: S3's eight cards QS JC AD 9D 7H KC TS 7S hold a
    # club, a spade and a heart, and no fail ace: AC, AS and AH can be called; no under call when
    # an ace can be called. Under bury-then-call S3 must bury first: any two of the eight cards,
    # the 28 pairs (bury.any-two-cards).
    @rule:bury.before-call @rule:call.partner-or-alone @rule:call.ace-of-held-fail-suit @rule:bury.any-two-cards
    Scenario Outline: Right after the pick the picker calls a partner or goes alone
      Then the hand is in the <phase> phase
      And the legal actions of S3 are <actions>

      @call-timing:call-then-bury
      Examples: Call, then bury
        | phase | actions                                             |
        | call  | S3 call AC, S3 call AS, S3 call AH, S3 alone        |

      @call-timing:bury-then-call
      Examples: Bury, then call
        | phase | actions |
        | bury  | S3 bury QS JC, S3 bury QS AD, S3 bury QS 9D, S3 bury QS 7H, S3 bury QS KC, S3 bury QS TS, S3 bury QS 7S, S3 bury JC AD, S3 bury JC 9D, S3 bury JC 7H, S3 bury JC KC, S3 bury JC TS, S3 bury JC 7S, S3 bury AD 9D, S3 bury AD 7H, S3 bury AD KC, S3 bury AD TS, S3 bury AD 7S, S3 bury 9D 7H, S3 bury 9D KC, S3 bury 9D TS, S3 bury 9D 7S, S3 bury 7H KC, S3 bury 7H TS, S3 bury 7H 7S, S3 bury KC TS, S3 bury KC 7S, S3 bury TS 7S |

    # After burying TS 7S, S3 holds no spade: AS cannot be called (bury-then-call). Under
    # call-then-bury the bury right after the pick is refused (the call comes first; with all
    # eight cards AS could be called, and burying both spades after it is refused: "Having
    # called AS, the picker may not bury both spades").
    @rule:call.ace-of-held-fail-suit @rule:bury.before-call @call-timing:bury-then-call
    Scenario: The picker may not call the ace of a suit they no longer hold
      Given under call-timing=call-then-bury, S3 bury TS 7S is rejected under rule bury.before-call
      And the actions S3 bury TS 7S
      When S3 calls AS
      Then the action is rejected under rule call.ace-of-held-fail-suit

    # After the bury S3 holds QS JC AD 9D 7H KC: a club (KC) and a heart (7H) but no spade, and
    # neither AC nor AH; so AC and AH can be called, and going alone is always open. Under
    # call-then-bury there is no moment after the bury and before the call: the bury right after
    # the pick is refused.
    @rule:call.partner-or-alone @rule:call.ace-of-held-fail-suit @rule:alone.declare @rule:bury.before-call
    @call-timing:bury-then-call
    Scenario: After the bury the picker may call AC or AH, or go alone
      Given under call-timing=call-then-bury, S3 bury TS 7S is rejected under rule bury.before-call
      And the actions S3 bury TS 7S
      Then the legal actions of S3 are S3 call AC, S3 call AH, S3 alone

    # Under bury-then-call the call right after the pick is refused (the bury comes first; after
    # burying both spades AS could not be called: "The picker may not call the ace of a suit they
    # no longer hold").
    @rule:bury.any-two-cards @rule:play.hold-card-kept @rule:bury.before-call @call-timing:call-then-bury
    Scenario: Having called AS, the picker may not bury both spades
      Given under call-timing=bury-then-call, S3 call AS is rejected under rule bury.before-call
      And the actions S3 call AS
      When S3 buries TS 7S
      Then the action is rejected under rule play.hold-card-kept

    # Burying TS KC keeps 7S, a spade: legal after the call of AS (call-then-bury), and before it
    # (bury-then-call, the hand QS JC AD 9D 7H 7S still holds a spade for the call of AS). Either
    # way S1 then leads.
    @rule:bury.any-two-cards @call-timing:call-then-bury @call-timing:bury-then-call
    Scenario: Having called AS, the picker may bury one spade
      Given the actions S3 call AS
      When S3 buries TS KC
      Then the action is accepted
      And it is S1's turn
      And the hand is in the play phase
