"""The state of one scenario: what its Given steps set up, and the engine's answers so far.

The step definitions (:mod:`conformance.cases.steps`) only translate Gherkin text into calls on a
:class:`Table`; the table turns them into adapter requests, remembers the answers, and raises
:class:`~conformance.cases.mismatches.Mismatch` when an answer contradicts what a step expects, or
:class:`~conformance.adapter.Unsupported` when the engine lacks the capability a step needs.

A scenario describes either

- a **game**: one or more deals (``S5 deals: …``), each followed by actions; several deals make a
  session, replayed as one :class:`~conformance.adapter.SessionRequest`; or
- a **position** for a direct query (``a defender holding …``, ``the trick so far is …``), or a
  direct query with no setup at all (card points, trick winners, scores).

A game is replayed when the engine can replay. An engine that cannot, but answers queries, is
asked them instead, on the hand followed from the scenario's own text
(:mod:`conformance.cases.following`): the legal plays of a seat, a finished trick's winner and
points, the calls open to the picker, the score of a whole hand; a play or a call is accepted
when the query offers it. What no query shows (whose turn it is, the phase, the partner, an
auction action, a bury, a crack, a refusal under a rule no query expresses) leaves the scenario
unsupported, as it was.

The variant options always come from the profile under test, never from a step. The picker's
bury and call are sent in the order of the ``call-timing`` option (:mod:`conformance.cases.call_order`),
whichever order the scenario writes them in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from conformance.adapter import (
    Adapter,
    CallableCardsRequest,
    CallableCardsResponse,
    Capability,
    CardPointsRequest,
    Deal,
    EngineInfo,
    HandOutcome,
    LegalPlaysRequest,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    SessionRequest,
    SessionResponse,
    TrickRecord,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.cases.blame import action_topic, permitting_rules, trick_winner_rules
from conformance.cases.call_order import replay_order
from conformance.cases.following import ASKABLE, QUERY_CAPABILITIES, Followed, card_points_of
from conformance.cases.mismatches import CaseEnds, Mismatch, NotApplicable, ScenarioError, rejection_text
from conformance.cases.model import NO_AIDS, Aids, Config

__all__ = ["Attempt", "Game", "Position", "Table"]


@dataclass
class Game:
    """One deal of the scenario and the actions accepted on it so far."""

    deal: Deal
    actions: list[str] = field(default_factory=list)


@dataclass
class Position:
    """A described position for the ``legal-plays`` and ``callable-cards`` queries."""

    hand: tuple[str, ...] = ()
    role: str = "defender"
    trick: tuple[str, ...] = ()
    trick_number: int = 1
    called: str | None = None
    under: str | None = None
    called_suit_led: bool = False
    buried: tuple[str, ...] = ()
    described: bool = False
    """Whether a step described a holding (``a defender holding …``)."""


@dataclass(frozen=True)
class Attempt:
    """The last action a When step tried."""

    action: str
    accepted: bool
    rule: str | None = None
    message: str = ""
    queried: bool = False
    """Judged through a query (the play among the ``legal-plays`` answer, the call among the
    ``callable-cards`` answer), with no rule named: the engine cannot replay."""


class Table:
    """One scenario's setup and the engine's answers, under the profile under test.

    :param adapter: the engine.
    :param info: its handshake answer (capabilities).
    :param profile: the profile under test.
    :param options: that profile's options (one per axis).
    :param expect: the options the scenario's expectations are read for (those of ``options``
        unless the run is a probe).
    :param rules: the rules the scenario names.
    """

    def __init__(
        self,
        adapter: Adapter,
        info: EngineInfo,
        profile: str,
        options: Mapping[str, str],
        expect: Mapping[str, str] | None = None,
        rules: Sequence[str] = (),
        aids: Aids = NO_AIDS,
    ) -> None:
        self.adapter = adapter
        self.aids = aids
        """The front end's help (a hand built to reach a described position)."""
        self.rules = tuple(rules)
        """The rules the scenario names (its ``@rule:`` tags), among which a wrong answer's blame is chosen."""
        self.info = info
        self.profile = profile
        self.options = dict(options)
        self.expect = dict(options if expect is None else expect)
        self.refusals: dict[str, tuple[str, ...] | None] = {}
        """Actions the options under test forbid (a ``Given under … is rejected`` step), with the
        rules that forbid them."""
        self.games: list[Game] = []
        self.stakes = 1
        self.position = Position()
        self.attempt: Attempt | None = None
        self.score_request: ScoreRequest | None = None
        self.score_result: ScoreResponse | None = None
        self._replies: dict[tuple[object, ...], ReplayResponse | SessionResponse] = {}

    # ------------------------------------------------------------------ capabilities

    def require(self, capability: Capability) -> None:
        """Raise :class:`Unsupported` unless the engine declared ``capability``."""
        if capability not in self.info.capabilities:
            raise Unsupported(f"the engine lacks capability {capability.value}")

    # ------------------------------------------------------------------ games

    def new_deal(self, deal: Deal) -> None:
        """Start a hand with this deal (a second deal makes the scenario a session)."""
        if deal.deck is not None:
            self.require(Capability.DEAL_FROM_DECK)
        self.games.append(Game(deal))

    @property
    def game(self) -> Game:
        """The current (last) hand; a deal step must have come first."""
        if not self.games:
            raise ScenarioError("no deal yet: start with 'Given S5 deals:' or 'Given S5 deals the deck:'")
        return self.games[-1]

    def _exchange(self, actions: tuple[str, ...]) -> ReplayResponse | SessionResponse:
        """The engine's answer when the current hand's actions are ``actions``."""
        key: tuple[object, ...] = (len(self.games), self.stakes, actions)
        if key in self._replies:
            return self._replies[key]
        timing = self.options.get("call-timing")
        order = replay_order(actions, timing)
        sent = tuple(actions[i] for i in order)
        if len(self.games) == 1:
            self.require(Capability.REPLAY)
            reply: ReplayResponse | SessionResponse = self._written_order(
                self.adapter.replay(
                    ReplayRequest(options=self.options, deal=self.game.deal, actions=sent, stakes=self.stakes)
                ),
                order,
            )
        else:
            self.require(Capability.SESSION)
            hands = [(game.deal, self._ordered(game.actions, timing)) for game in self.games[:-1]]
            hands.append((self.game.deal, sent))
            reply = self.adapter.session(SessionRequest(options=self.options, hands=tuple(hands)))
            if len(reply.hands) == len(self.games):
                last = self._written_order(reply.hands[-1], order)
                reply = SessionResponse((*reply.hands[:-1], last), reply.totals, reply.rejected_hand, reply.rule)
        self._replies[key] = reply
        return reply

    @staticmethod
    def _ordered(actions: Sequence[str], timing: str | None) -> tuple[str, ...]:
        return tuple(actions[i] for i in replay_order(actions, timing))

    @staticmethod
    def _written_order(reply: ReplayResponse, order: Sequence[int]) -> ReplayResponse:
        """A reply to actions sent in ``order``, with its rejected index in the written order."""
        rejected = reply.rejected
        if rejected is None or order == sorted(order) or not 0 <= rejected.index < len(order):
            return reply
        return replace(reply, rejected=replace(rejected, index=order[rejected.index]))

    def _hand_reply(self, reply: ReplayResponse | SessionResponse) -> ReplayResponse:
        if isinstance(reply, ReplayResponse):
            return reply
        last = len(self.games) - 1
        self._check_earlier_hands(reply)
        if reply.rejected_hand is not None and reply.rejected_hand < last:
            raise Mismatch(
                f"hand {reply.rejected_hand + 1} of the session",
                "accepted",
                f"rejected{' under ' + reply.rule if reply.rule else ''}",
                topic="session",
            )
        if len(reply.hands) <= last:
            if reply.rejected_hand == last:
                raise Mismatch(
                    f"hand {last + 1} of the session",
                    "accepted",
                    f"rejected{' under ' + reply.rule if reply.rule else ''}",
                    topic="session",
                )
            raise Mismatch(f"hand {last + 1} of the session", "a replayed hand", "no result", topic="session")
        return reply.hands[last]

    def _check_earlier_hands(self, reply: SessionResponse) -> None:
        """Raise a Mismatch if the engine refused an action of a hand before the current one."""
        for number, (game, hand) in enumerate(zip(self.games[:-1], reply.hands)):
            if hand.rejected is not None:  # an earlier hand of the session stopped short
                order = replay_order(game.actions, self.options.get("call-timing"))
                index = order[hand.rejected.index] if 0 <= hand.rejected.index < len(order) else -1
                action = game.actions[index] if index >= 0 else "?"
                raise Mismatch(
                    f"hand {number + 1}: the scenario's action {action!r}",
                    "accepted",
                    rejection_text(hand.rejected.rule, hand.rejected.message),
                    topic=action_topic(action),
                    rules=self._wrong_winner(game.actions[:index], action, hand.turn),
                )

    def _check_setup(self, reply: ReplayResponse, count: int) -> None:
        rejected = reply.rejected
        if rejected is not None and rejected.index < count:
            index = rejected.index
            action = self.game.actions[index] if 0 <= index < len(self.game.actions) else "?"
            earlier = self._ordered(self.game.actions[:index], self.options.get("call-timing"))
            permits = self._wrong_winner(self.game.actions[:index], action, reply.turn)
            if not permits and not rejected.rule:
                permits = permitting_rules(self.game.deal, self.expect, earlier, action)
            raise Mismatch(
                f"the scenario's action {action!r}",
                "accepted",
                rejection_text(rejected.rule, rejected.message),
                topic=action_topic(action),
                rules=permits,
                named=rejected.rule,
            )

    @staticmethod
    def _wrong_winner(earlier: Sequence[str], action: str, turn: str | None) -> tuple[str, ...]:
        """A lead refused because the engine gives the turn to another seat: the engine took the
        previous trick for that seat (play.winner-leads), so the trick's winner is what differs,
        read from the two cards (:func:`~conformance.cases.blame.trick_winner_rules`)."""
        plays = [a.split() for a in earlier if a.split()[1:2] == ["play"]]
        seat = action.split()[0]
        if action.split()[1:2] != ["play"] or not plays or len(plays) % 5 or turn is None or turn == seat:
            return ()
        trick = plays[-5:]
        cards = [words[2] for words in trick]
        by_seat = {words[0]: words[2] for words in trick}
        if seat not in by_seat or turn not in by_seat:
            return ()
        call = next((a.split() for a in earlier if a.split()[1:2] == ["call"]), None)
        called = call[2] if call else None
        under = call[4] if call and len(call) == 5 else None
        return trick_winner_rules(cards, by_seat[seat], by_seat[turn], called=called, under=under)

    def reply(self) -> ReplayResponse:
        """The engine's answer for the current hand after every accepted action.

        :raises Mismatch: if the engine rejects one of the scenario's (legal) actions.
        """
        actions = tuple(self.game.actions)
        reply = self._hand_reply(self._exchange(actions))
        self._check_setup(reply, len(actions))
        return reply

    def session_reply(self) -> SessionResponse:
        """The engine's answer for the whole session (every deal of the scenario)."""
        if len(self.games) < 2:
            raise ScenarioError("a session step needs two deals or more")
        reply = self._exchange(tuple(self.game.actions))
        assert isinstance(reply, SessionResponse)
        self._check_earlier_hands(reply)
        return reply

    def not_applicable_under(self, when: Mapping[str, str], reason: str) -> None:
        """Raise :class:`~conformance.cases.mismatches.NotApplicable` when the options under test are ``when``."""
        if all(self.expect.get(axis) == option for axis, option in when.items()):
            raise NotApplicable(f"not applicable under {', '.join(f'{a}={o}' for a, o in when.items())}: {reason}")

    def refuse_under(self, when: Mapping[str, str], action: str, rules: tuple[str, ...] | None) -> None:
        """Under the options ``when``, ``action`` is refused by one of ``rules``; the scenario ends
        there (:class:`~conformance.cases.mismatches.CaseEnds`). Under other options: nothing."""
        if all(self.expect.get(axis) == option for axis, option in when.items()):
            self.refusals[action] = rules

    def add_actions(self, actions: Sequence[str]) -> None:
        """Given actions: appended to the current hand, checked at the next answer."""
        for index, action in enumerate(actions):
            if action in self.refusals:
                self.game.actions.extend(actions[:index])
                self._refused(action)
        self.game.actions.extend(actions)

    def _refused(self, action: str) -> None:
        """Try an action the options under test forbid, and end the scenario with the answer."""
        rules = self.refusals[action]
        named = " or ".join(rules) if rules else ""
        expected = f"rejected{' under ' + named if named else ''}"
        if self.by_queries():
            self.askable(action, rules)
            offered = self._offered(action)
            actual = "offered" if offered else "not offered"
            raise CaseEnds(
                action, expected, f"{actual} by the {self._query_of(action)} query", rules or (), agrees=not offered
            )
        actions = (*self.game.actions, action)
        reply = self._hand_reply(self._exchange(actions))
        self._check_setup(reply, len(self.game.actions))
        rejected = reply.rejected
        topic_rules = rules or ()
        if rejected is None or rejected.index != len(self.game.actions):
            raise CaseEnds(action, expected, "accepted", topic_rules, agrees=False)
        if rules and Capability.RULE_IDS in self.info.capabilities and rejected.rule not in rules:
            if rejected.rule is not None:
                raise CaseEnds(
                    action,
                    expected,
                    rejection_text(rejected.rule, ""),
                    topic_rules,
                    agrees=False,
                    note=rejected.message,
                )
        raise CaseEnds(action, expected, rejection_text(rejected.rule, ""), topic_rules, agrees=True)

    def try_action(self, action: str) -> Attempt:
        """A When action: replay the hand with it; keep it if the engine accepts it."""
        if action in self.refusals:
            self._refused(action)
        if self.by_queries():
            self.attempt = Attempt(action, self._offered(action), queried=True)
            if self.attempt.accepted:
                self.game.actions.append(action)
            return self.attempt
        actions = (*self.game.actions, action)
        reply = self._hand_reply(self._exchange(actions))
        self._check_setup(reply, len(self.game.actions))
        rejected = reply.rejected
        if rejected is not None and rejected.index == len(self.game.actions):
            self.attempt = Attempt(action, False, rejected.rule, rejected.message)
        else:
            self.game.actions.append(action)
            self.attempt = Attempt(action, True)
        return self.attempt

    def outcome(self) -> HandOutcome:
        """The current hand's outcome; a Mismatch if the engine has not scored it."""
        reply = self.reply()
        if reply.outcome is None:
            state = f"no outcome (phase {reply.phase}, {reply.turn} to act)"
            raise Mismatch("outcome of the hand", "a scored hand", state, topic="phase")
        return reply.outcome

    # ------------------------------------------------------------------ a game asked as queries

    def by_queries(self) -> bool:
        """Whether the current hand is followed from the scenario's own text and asked as queries:
        the engine cannot replay, but answers some of the queries a hand can be asked as
        (:mod:`conformance.cases.following`). A session still needs its capability."""
        caps = self.info.capabilities
        return Capability.REPLAY not in caps and len(self.games) == 1 and bool(caps & QUERY_CAPABILITIES)

    def _followed(self) -> Followed:
        followed = Followed.start(self.game.deal.hands, self.game.deal.blind)
        for action in self.game.actions:
            followed.apply(action)
        return followed

    @staticmethod
    def _query_of(action: str) -> str:
        return "callable-cards" if action.split()[1] == "call" else "legal-plays"

    def askable(self, action: str, rules: Sequence[str] | None) -> None:
        """Raise :class:`Unsupported` unless a query shows the refusal of ``action`` under ``rules``
        (a play refused by ``play.follow-suit`` is missing from the seat's legal plays; one refused
        because it is not the seat's turn is not)."""
        verb = action.split()[1]
        if not rules or not set(rules) & ASKABLE.get(verb, frozenset()):
            named = " or ".join(rules) if rules else "a rule the scenario does not name"
            raise Unsupported(
                f"{_article(verb)} {verb} refused under {named} is judged only through a replay (capability replay)"
            )

    def _offered(self, action: str) -> bool:
        """Whether the engine's query offers ``action`` (a play or a call) at this moment."""
        words = action.split()
        seat, verb = words[0], words[1]
        followed = self._followed()
        if verb == "play":
            self.require(Capability.LEGAL_PLAYS)
            if words[2] not in followed.hands[seat]:
                raise Unsupported("a play of a card not in hand is judged only through a replay (capability replay)")
            return words[2] in self.adapter.legal_plays(followed.legal_request(self.options, seat))
        if verb == "call":
            self.require(Capability.CALLABLE_CARDS)
            answer = self.adapter.callable_cards(
                CallableCardsRequest(self.options, tuple(followed.hands[seat]), followed.buried)
            )
            return words[2] in (answer.under if len(words) > 3 else answer.calls)
        raise Unsupported(f"{_article(verb)} {verb} is judged only through a replay (capability replay)")

    def game_legal_plays(self, seat: str) -> tuple[str, ...]:
        """The legal plays of ``seat`` in the current hand: from the replay, which must give
        ``seat`` the turn; or, without a replay, the ``legal-plays`` query for the followed hand."""
        if self.by_queries():
            self.require(Capability.LEGAL_PLAYS)
            return self.adapter.legal_plays(self._followed().legal_request(self.options, seat))
        reply = self.reply()
        if reply.turn != seat:
            raise Mismatch("seat to play", seat, reply.turn)
        return tuple(a.split()[2] for a in reply.legal or () if a.split()[1] == "play")

    def game_legal_actions(self, seat: str, expected: Sequence[str]) -> tuple[str, ...]:
        """The legal actions of ``seat`` in the current hand: from the replay, which must give
        ``seat`` the turn; or, without a replay, where ``expected`` holds only plays of ``seat``,
        its ``legal-plays`` (whose turn it is not judged), and where it holds only calls and alone
        (the picker's call), the ``callable-cards`` query's calls with alone, always open."""
        if self.by_queries():
            if expected and all(a.split()[0] == seat and a.split()[1:2] == ["play"] for a in expected):
                return tuple(f"{seat} play {card}" for card in self.game_legal_plays(seat))  # not whose turn
            if not expected or any(
                a.split()[0] != seat or a.split()[1:2] not in (["call"], ["alone"]) for a in expected
            ):
                raise Unsupported(
                    "legal actions other than the picker's calls are judged only through a replay (capability replay)"
                )
            if any(len(a.split()) > 3 for a in expected):
                raise Unsupported("the choice of an under card is judged only through a replay (capability replay)")
            self.require(Capability.CALLABLE_CARDS)
            followed = self._followed()
            answer = self.adapter.callable_cards(
                CallableCardsRequest(self.options, tuple(followed.hands[seat]), followed.buried)
            )
            if answer.under:
                raise Unsupported("the choice of an under card is judged only through a replay (capability replay)")
            return (*(f"{seat} call {card}" for card in answer.calls), f"{seat} alone")
        reply = self.reply()
        if reply.turn != seat:
            raise Mismatch("seat to act", seat, reply.turn)
        return tuple(reply.legal or ())

    def finished_trick(self, number: int) -> TrickRecord:
        """Finished trick ``number`` (1-based): as the replay reports it; or, without a replay,
        the followed trick with the ``trick-winner`` (and ``card-points``) queries' answers."""
        if not self.by_queries():
            tricks = self.reply().tricks
            if not 1 <= number <= len(tricks):
                raise Mismatch(f"trick {number}", "a finished trick", f"only {len(tricks)} finished tricks reported")
            return tricks[number - 1]
        self.require(Capability.TRICK_WINNER)
        followed = self._followed()
        if not 1 <= number <= len(followed.tricks):
            raise ScenarioError(f"the scenario's actions finish {len(followed.tricks)} tricks, not {number}")
        trick = followed.tricks[number - 1]
        cards = tuple(card for _, card in trick)
        index = self.adapter.trick_winner(followed.trick_request(self.options, number))
        winner = trick[index][0] if 0 <= index < len(trick) else f"card {index}"
        points = self.card_points(cards) if Capability.CARD_POINTS in self.info.capabilities else None
        return TrickRecord(trick[0][0], cards, winner, points)

    def scored_hand(self) -> HandOutcome:
        """The current hand's outcome kind and score changes: from the replay; or, without one,
        the ``score`` query for the followed hand, its tricks taken as the ``trick-winner``
        query gives them (the partner and the sides are the followed hand's, not the engine's:
        only the kind and the scores are judged)."""
        if not self.by_queries():
            return self.outcome()
        self.require(Capability.SCORE)
        self.require(Capability.TRICK_WINNER)
        followed = self._followed()
        if len(followed.tricks) < 6 or followed.picker is None:
            raise Unsupported(
                "the score of a hand without a picker, or unfinished, is judged only through a replay (capability replay)"
            )
        side = followed.side()
        won = [self.finished_trick(number) for number in range(1, 7)]
        points = sum(card_points_of(trick.cards) for trick in won if trick.winner in side)
        tricks = sum(1 for trick in won if trick.winner in side)
        alone = len(side) == 1
        request = ScoreRequest(
            self.options, points, card_points_of(followed.buried), tricks, alone, self.stakes << followed.raises
        )
        answer = self.adapter.score(request)
        by_role = {followed.picker: answer.picker}
        if followed.partner is not None and not alone:
            by_role[followed.partner] = answer.partner
        scores = {seat: by_role.get(seat, answer.defender) for seat in followed.hands}
        partner = None if alone else followed.partner
        total = points + card_points_of(followed.buried)
        return HandOutcome(answer.kind, scores, followed.picker, partner, total, tricks)

    # ------------------------------------------------------------------ direct queries

    def card_points(self, cards: Sequence[str]) -> int:
        """The engine's card points of ``cards``."""
        self.require(Capability.CARD_POINTS)
        return self.adapter.card_points(CardPointsRequest(tuple(cards)))

    def trick_winner(self, cards: Sequence[str]) -> int:
        """Index of the card the engine says wins a trick of ``cards`` (in play order)."""
        p = self.position
        request = TrickWinnerRequest(self.options, tuple(cards), p.called, p.under, p.called_suit_led)
        try:
            self.require(Capability.TRICK_WINNER)
            return self.adapter.trick_winner(request)
        except Unsupported as why:
            # An engine that only replays: a trick with a called card is played in a built hand.
            if Capability.REPLAY not in self.info.capabilities or p.called is None or self.aids.reach is None:
                raise
            from conformance.cases.positions import trick_winner_by_built_hand

            found = trick_winner_by_built_hand(
                cards,
                p.called,
                p.under,
                p.called_suit_led,
                self.adapter,
                Config(self.options, self.expect),
                f"{cards}{p.called}{p.under}",
                self.aids,
            )
            if isinstance(found, str):
                raise Unsupported(f"{why}; and replaying a hand to the trick: {found}") from None
            return found

    def legal_plays(self) -> tuple[str, ...]:
        """The engine's legal cards in the described position: its ``legal-plays`` query; or, for
        an engine that only replays, the legal plays of a whole hand built to reach the position
        (the front end's ``aids.reach``, as a position record is asked)."""
        if not self.position.described:
            raise ScenarioError("describe the position first: 'Given a defender holding …'")
        p = self.position
        if Capability.LEGAL_PLAYS not in self.info.capabilities and Capability.REPLAY in self.info.capabilities:
            from conformance.cases.positions import described_position, legal_by_replay

            found = legal_by_replay(
                described_position(p.hand, p.role, p.trick, p.trick_number, p.called, p.under, p.called_suit_led),
                self.adapter,
                Config(self.options, self.expect),
                f"{p.hand}{p.trick}{p.role}",
                (),
                self.aids,
            )
            if isinstance(found, str):
                raise Unsupported(
                    f"the engine lacks capability legal-plays, and replaying a hand to the position: {found}"
                )
            return tuple(found[0])
        self.require(Capability.LEGAL_PLAYS)
        request = LegalPlaysRequest(
            self.options, p.hand, p.trick, p.trick_number, p.role, p.called, p.under, p.called_suit_led
        )
        return self.adapter.legal_plays(request)

    def callable_cards(self) -> CallableCardsResponse:
        """The engine's calls open to the described picker."""
        if not self.position.described:
            raise ScenarioError("describe the picker's hand first: 'Given a picker holding …'")
        self.require(Capability.CALLABLE_CARDS)
        return self.adapter.callable_cards(CallableCardsRequest(self.options, self.position.hand, self.position.buried))

    def score(self, trick_points: int, bury_points: int, tricks: int, alone: bool) -> ScoreResponse:
        """Ask the engine to score a described result; remembered for the Then steps."""
        self.require(Capability.SCORE)
        self.score_request = ScoreRequest(self.options, trick_points, bury_points, tricks, alone, self.stakes)
        self.score_result = self.adapter.score(self.score_request)
        return self.score_result


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"
