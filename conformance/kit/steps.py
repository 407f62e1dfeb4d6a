"""Wrap an engine that has a game flow by its steps: the harness replays records itself.

Most engines are game objects: you start a hand, ask whose turn it is and what is legal, apply one
action, and read the result at the end. Such an engine is wrapped as a :class:`StepEngine` (five
methods that translate, nothing more), and :class:`StepAdapter` turns it into a full
:class:`~conformance.adapter.Adapter` with capability ``replay``: for every replay request it
starts the hand, applies the actions one by one (an action refused, or offered out of turn, is
the rejection), asks for the legal actions, and builds the tricks from the accepted plays and the
result from what the engine reports. What the engine does not report (a trick's winner or points,
the outcome kind, per-seat points) stays ``None``: the checks that need it are reported as
unsupported, never guessed.

The state handling is the kit's: a refused action leaves the hand as it was even when the engine
changed its state before refusing (its optional ``snapshot()``/``restore(state)`` pair, or a replay
from the deal), and the legal actions of a moment the engine cannot list (``legal_actions()``
answers ``None``) are found by trying each candidate on a copy. The adapter's own mistakes (an
``apply`` answering nothing, a one-card bury accepted, an action made other than the one asked, a
capability without its callback) are :class:`~conformance.adapter.AdapterError` of kind
``adapter-error`` naming the callback, never the engine breaking a rule.

>>> from conformance.adapter import Capability, Deal, EngineInfo, ReplayRequest
>>> class Counting:
...     '''A stand-in whose only rule: everyone passes.'''
...     def info(self): return EngineInfo("passers", "1", frozenset(), {})
...     def start(self, deal, options): self.passes = 0
...     def turn(self): return None if self.passes == 5 else f"S{self.passes + 1}"
...     def legal_actions(self): return [] if self.passes == 5 else [f"{self.turn()} pass"]
...     def apply(self, action):
...         if not action.endswith("pass"): return Step.reject("only passing here")
...         self.passes += 1
...         return True
...     def result(self): return StepResult(over=self.passes == 5)
>>> adapter = StepAdapter(Counting())
>>> Capability.REPLAY in adapter.info().capabilities
True
>>> deal = Deal("S5", {f"S{i}": () for i in range(1, 6)}, ("TS", "7S"))
>>> reply = adapter.replay(ReplayRequest({}, deal, ("S1 pass", "S2 pick")))
>>> reply.applied, reply.rejected.index, reply.rejected.message, reply.legal
(1, 1, 'only passing here', ('S2 pass',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from conformance.adapter import (
    NOT_TURN_VERBS,
    AdapterError,
    CallableCardsRequest,
    CallableCardsResponse,
    Capability,
    CardPointsRequest,
    Deal,
    EngineInfo,
    HandOutcome,
    LegalPlaysRequest,
    Rejection,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    SessionRequest,
    SessionResponse,
    TrickRecord,
    TrickWinnerRequest,
    Unsupported,
    action_key,
    canonical_action,
)
from conformance.kit.translate import Malformed

__all__ = [
    "ApplyRequest",
    "ResultRequest",
    "StartRequest",
    "Step",
    "StepAdapter",
    "StepEngine",
    "StepResult",
    "StepState",
    "StepTrick",
    "as_step",
    "phase_of",
]


@dataclass(frozen=True)
class Step:
    """The engine's answer to one action: accepted, or refused with a reason (and the rule id of
    ``spec/rules.yaml`` it breaks, if the engine can name it)."""

    accepted: bool
    reason: str = ""
    rule: str | None = None
    done: str | None = None
    """The action the engine says it made, as an action text, when it chooses part of it itself
    (asked ``S3 call AH``, an engine calling by suit may call ``TH``): :class:`StepAdapter`
    reports an accepted action whose ``done`` is another action as the adapter's mistake."""

    @classmethod
    def accept(cls, done: str | None = None) -> Step:
        """Accepted; ``done``: the action the engine made, when it can say (:attr:`done`)."""
        return cls(True, done=done)

    @classmethod
    def reject(cls, reason: str = "", rule: str | None = None) -> Step:
        return cls(False, reason, rule)


@dataclass(frozen=True)
class StepTrick:
    """A finished trick as the engine reports it (the harness knows its cards already)."""

    winner: str | None
    points: int | None = None


@dataclass(frozen=True)
class StepResult:
    """What the engine can say about the hand so far; every field may be left out.

    :attr:`outcome` is read only once the hand is over; its ``kind`` and ``scores`` are the
    engine's own (``win``, ``schneider``, ``loss``, ``leaster``, … as in ``spec/hand-records.md``).
    """

    tricks: Sequence[StepTrick] = ()
    """The finished tricks in order, as far as the engine reports them."""
    over: bool | None = None
    """Whether the hand is over (``None``: the engine does not say; then it is over when the
    engine gives nobody the turn)."""
    outcome: HandOutcome | None = None


@dataclass(frozen=True)
class StartRequest:
    """Protocol ``start`` (capability ``steps``): a new hand from a deal."""

    options: Mapping[str, str]
    deal: Deal
    tie_break: str | None = None
    """As :attr:`~conformance.adapter.ReplayRequest.tie_break` (a replay sent as steps)."""


@dataclass(frozen=True)
class ApplyRequest:
    """Protocol ``apply``: one action to the hand in progress."""

    action: str


@dataclass(frozen=True)
class ResultRequest:
    """Protocol ``result``: what the engine can say about the hand so far."""


@dataclass(frozen=True)
class StepState:
    """A ``start`` or ``apply`` reply: the answer to the action (``start``: accepted) and the state."""

    step: Step
    turn: str | None
    legal: tuple[str, ...] | None


@runtime_checkable
class StepEngine(Protocol):
    """An engine with a game flow, in the harness's vocabulary (seats ``S1``…``S5``, card codes
    ``QC``/``TD``/``7H``, action texts ``S3 bury KH 7C``). Translate in these methods; the
    helpers of :mod:`conformance.kit.translate` do the usual translations."""

    def info(self) -> EngineInfo:
        """The engine's name, version, capabilities (``replay`` is added) and options it plays."""
        ...

    def start(self, deal: Deal, options: Mapping[str, str]) -> None:
        """Start a hand: ``deal.dealer`` deals ``deal.hands`` and ``deal.blind`` (or ``deal.deck``,
        a 32-card pack, top first, when the engine declares ``deal-from-deck``)."""
        ...

    def turn(self) -> str | None:
        """The seat to act, or ``None`` once the hand is over (or when the engine cannot say)."""
        ...

    def legal_actions(self) -> Sequence[str] | None:
        """Every legal action now, as action texts, or ``None`` when the engine cannot list them
        (in this phase, or at all): :class:`StepAdapter` then finds them by trial, applying each
        candidate action (:func:`conformance.kit.trial.candidates`) to a copy of the hand."""
        ...

    def apply(self, action: str) -> Step | bool:
        """Apply one action; ``True``/:meth:`Step.accept`, or ``False``/:meth:`Step.reject`.
        Never nothing: ``None`` (a forgotten ``return``) is the adapter's mistake. An engine that
        changes its state before it refuses is fine: :class:`StepAdapter` puts the hand back
        (``snapshot()``/``restore(state)``, or a replay from the deal). ``raise Unsupported``
        for an action the engine cannot express."""
        ...

    def result(self) -> StepResult:
        """What the engine reports about the hand so far (tricks, and the outcome once over)."""
        ...

    # Optional, not part of the protocol check: ``snapshot() -> object`` (a copy of the hand in
    # progress) and ``restore(state: object) -> None`` (back to that copy). With them the kit
    # undoes a refused action and tries candidate actions on a copy; without them it starts the
    # hand again and re-applies the accepted actions. Declare both or neither.


_PHASES = {
    "pick": "auction",
    "pass": "auction",
    "bury": "bury",
    "call": "call",
    "alone": "call",
    "play": "play",
    "crack": "play",
    "recrack": "play",
    "blitz": "play",
    "revoke": "play",
    "claim": "play",
}


def phase_of(legal: Sequence[str] | None, over: bool) -> str | None:
    """The phase the legal actions belong to (``scored`` once over; ``None`` when unknown).

    >>> phase_of(["S3 bury TS 7S"], False), phase_of([], True), phase_of(None, False)
    ('bury', 'scored', None)
    """
    if over:
        return "scored"
    if not legal:
        return None
    verbs = {action.split()[1] for action in legal if len(action.split()) > 1}
    turns = verbs - set(NOT_TURN_VERBS) or verbs  # a blitz at the pick is listed beside the bury or the call
    phases = {_PHASES.get(verb, "") for verb in turns}
    return phases.pop() if len(phases) == 1 else None


_QUERIES = {
    Capability.TRICK_WINNER: "trick_winner",
    Capability.LEGAL_PLAYS: "legal_plays",
    Capability.CALLABLE_CARDS: "callable_cards",
    Capability.SCORE: "score",
    Capability.CARD_POINTS: "card_points",
}
"""The query capabilities an engine may declare, and the callback each needs."""


class StepAdapter:
    """A :class:`StepEngine` as an :class:`~conformance.adapter.Adapter` (capability ``replay``).

    Queries the engine also answers (``trick-winner``, ``legal-plays``, …) are passed through when
    the wrapped object has the methods and declares the capabilities; ``session`` is not offered
    (a session's dealer rotation and stakes belong to the engine).

    The kit does the state handling: a refused action leaves the hand as it was even for an
    engine that changes its state before it refuses (the engine's ``snapshot()`` is
    restored, or, without one, the hand is started again from the deal and the accepted actions
    re-applied), and the legal actions of a moment the engine cannot list are found by trying each
    candidate on a copy of the hand. It also catches the adapter's own mistakes, each reported as
    an :class:`~conformance.adapter.AdapterError` of kind ``adapter-error`` naming the callback,
    never as the engine breaking a rule: an ``apply`` that answers nothing, a bury of other than
    two cards accepted, an action made other than the one asked (:attr:`Step.done`), a query
    capability declared without its callback, ``snapshot`` without ``restore``.

    :param engine: the engine.
    :param check_turn: refuse, without asking the engine, an action whose seat is not the one
        the engine says is to act. Keep it on for an engine whose actions name no seat (it acts
        for "the current player", so an action out of turn would be played by someone else);
        turn it off for an engine that checks seats itself, so that its own rejection, and the
        rule it names, is the one judged. The harness names no rule for such a refusal: which
        rule an action out of turn breaks depends on the moment (``auction.order``,
        ``play.clockwise-one-card``, ``alone.declare``…).
    :param undo_refusals: put the hand back after a refused action (on by default; off only for an
        engine known to leave its state unchanged, to save the replay).
    :param legal_by_trial: find the legal actions by trial when the engine cannot list them
        (``legal_actions()`` answers ``None``).
    """

    def __init__(
        self,
        engine: StepEngine,
        *,
        check_turn: bool = True,
        undo_refusals: bool = True,
        legal_by_trial: bool = True,
    ) -> None:
        self.engine = engine
        self.check_turn = check_turn
        self.undo_refusals = undo_refusals
        self.legal_by_trial = legal_by_trial
        self._info: EngineInfo | None = None
        self._declared: frozenset[Capability] = frozenset()
        """The capabilities the engine itself declares."""
        self._deal: Deal | None = None
        self._options: dict[str, str] = {}
        self._accepted: list[str] = []
        """The actions the engine accepted in the hand in progress (to replay it from the deal)."""

    def info(self) -> EngineInfo:
        if self._info is None:
            base = self.engine.info()
            # trick-winner, card-points and score are answered by a replay when the engine has no query of its own
            derived = {
                Capability.REPLAY,
                Capability.TRICK_WINNER,
                Capability.CARD_POINTS,
                Capability.SCORE,
            }  # answered by replay if need be
            capabilities = (base.capabilities | derived) - {Capability.SESSION, Capability.STEPS}
            self._info = dataclasses.replace(base, capabilities=frozenset(capabilities))
            self._declared = frozenset(base.capabilities)
        return self._info

    @property
    def answered_by_replay(self) -> frozenset[Capability]:
        """The queries the kit answers by replaying hands, the engine having no callback of its own."""
        self.info()
        return frozenset({Capability.TRICK_WINNER, Capability.CARD_POINTS, Capability.SCORE}) - self._declared

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        if request.stakes != 1:
            raise Unsupported("a step-driven engine is replayed one hand at stakes 1 (no session)")
        engine = self.engine
        try:
            copies = self._copies()
            self._deal, self._options, self._accepted = request.deal, dict(request.options), []
            engine.start(request.deal, dict(request.options))
            rejected: Rejection | None = None
            plays: list[tuple[str, str]] = []
            for index, action in enumerate(request.actions):
                words = action.split()
                seat = words[0]
                if self.check_turn and words[1] not in NOT_TURN_VERBS:  # cracks and claims are not turns
                    turn = engine.turn()
                    if turn is not None and turn != seat:
                        rejected = Rejection(index, None, f"out of turn: the engine gives the turn to {turn}")
                        break
                step = self._step(action, copies)
                if not step.accepted:
                    rejected = Rejection(index, step.rule, step.reason)
                    break
                self._accepted.append(action)
                if len(words) == 3 and words[1] in ("play", "revoke"):  # a revoke's card is played too
                    plays.append((seat, words[2]))
            result = engine.result()
            turn = engine.turn()
            over = result.over if result.over is not None else turn is None and len(plays) == 30
            legal = None if over else self._legal(turn, copies)
        except (AdapterError, Unsupported):
            raise
        except Exception as error:  # noqa: BLE001 - the wrapped engine's own failure is an engine error
            raise AdapterError("engine-error", f"the engine raised {type(error).__name__}: {error}") from None
        return ReplayResponse(
            applied=rejected.index if rejected is not None else len(request.actions),
            rejected=rejected,
            turn=None if over else turn,
            phase=phase_of(legal, over),
            legal=None if legal is None else tuple(dict.fromkeys(canonical_action(a) for a in legal)),
            tricks=_tricks(plays, result.tricks),
            outcome=_named(result.outcome, request) if over else None,
        )

    # The state handling: a refused action undone, candidate actions tried on a copy.

    def _copies(self) -> bool:
        """Whether the engine keeps copies of its hand (``snapshot`` and ``restore``)."""
        snapshot = callable(getattr(self.engine, "snapshot", None))
        restore = callable(getattr(self.engine, "restore", None))
        if snapshot != restore:
            has, lacks = ("snapshot()", "restore(state)") if snapshot else ("restore(state)", "snapshot()")
            raise AdapterError(
                "adapter-error",
                f"the step engine has {has} but no {lacks}: give it both (the kit restores the hand"
                " after a refused action) or neither (the kit replays the hand from the deal)",
            )
        return snapshot

    def _answer(self, action: str) -> Step:
        """The engine's answer to ``action`` (the kit's translation refusing it, a one-card bury
        through :func:`~conformance.kit.translate.bury_cards`, is a refusal), checked for the
        adapter's mistakes."""
        try:
            step = as_step(self.engine.apply(action))
        except Malformed as error:
            return Step.reject(str(error), error.rule)
        if step.accepted:
            _check_made(action, step)
        return step

    def _step(self, action: str, copies: bool) -> Step:
        """Apply ``action`` to the hand in progress; refused, the hand is put back as it was."""
        if not self.undo_refusals:
            return self._answer(action)
        state = self.engine.snapshot() if copies else None  # type: ignore[attr-defined]
        step = self._answer(action)
        if not step.accepted:
            if copies:
                self.engine.restore(state)  # type: ignore[attr-defined]
            else:
                self._rebuild()
        return step

    def _rebuild(self) -> None:
        """Start the hand in progress again and re-apply the actions the engine accepted."""
        assert self._deal is not None
        self.engine.start(self._deal, dict(self._options))
        for action in self._accepted:
            if not as_step(self.engine.apply(action)).accepted:
                raise AdapterError(
                    "adapter-error",
                    f"start and apply are not repeatable: {action!r} was accepted, then refused when the kit"
                    " replayed the hand from the deal (to undo a refused action or try one): start() must"
                    " reset the whole hand, or give the engine snapshot() and restore(state)",
                )

    def _legal(self, turn: str | None, copies: bool) -> list[str] | None:
        """The engine's legal actions now, listed by it or, when it cannot, found by trial."""
        listed = self.engine.legal_actions()
        if listed is not None:
            return list(listed)
        if not self.legal_by_trial or turn is None or self._deal is None:
            return None
        from conformance.kit.trial import candidates

        procedure = Capability.PROCEDURE in self.info().capabilities
        tried = candidates(self._deal, self._accepted, turn, self._options, procedure=procedure)
        legal: list[str] | None = []
        try:
            for number, action in enumerate(tried):
                if self._try(action, copies, fresh=number == 0):
                    assert legal is not None
                    legal.append(action)
        except Unsupported:  # a candidate the engine cannot express: it cannot list this moment
            legal = None
        if not copies and tried:
            self._rebuild()
        return legal

    def _try(self, action: str, copies: bool, *, fresh: bool) -> bool:
        """Whether the engine accepts ``action`` now, tried on a copy of the hand (``fresh``: the
        engine is at the hand in progress, no trial made yet)."""
        if copies:
            state = self.engine.snapshot()  # type: ignore[attr-defined]
            try:
                return self._answer(action).accepted
            finally:
                self.engine.restore(state)  # type: ignore[attr-defined]
        if not fresh:
            self._rebuild()
        return self._answer(action).accepted

    # Direct queries: passed through to the engine when it has them.

    def _callback(self, name: str) -> Any:
        """The engine's query callback ``name``, or ``None``; declared without it: the adapter's mistake."""
        method = getattr(self.engine, name, None)
        if method is None:
            self.info()
            capability = next(cap for cap, callback in _QUERIES.items() if callback == name)
            if capability in self._declared:
                raise AdapterError(
                    "adapter-error",
                    f"info() declares capability {capability.value} but the step engine has no {name}(request)"
                    f" callback: add it, or leave {capability.value} out of info()",
                )
        return method

    def _query(self, name: str, request: object) -> Any:
        method = self._callback(name)
        if method is None:
            raise Unsupported(f"the engine does not answer {name.replace('_', '-')} queries")
        return method(request)

    def session(self, request: SessionRequest) -> SessionResponse:
        raise Unsupported("a step-driven engine plays no sessions")

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        if self._callback("trick_winner") is None:
            from conformance.kit.derived import trick_winner_by_replay

            return trick_winner_by_replay(request, request.options, self.replay)
        return int(self._query("trick_winner", request))

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]:
        return tuple(self._query("legal_plays", request))

    def callable_cards(self, request: CallableCardsRequest) -> CallableCardsResponse:
        answer = self._query("callable_cards", request)
        assert isinstance(answer, CallableCardsResponse)
        return answer

    def score(self, request: ScoreRequest) -> ScoreResponse:
        if self._callback("score") is None:
            from conformance.kit.derived import score_by_replay

            return score_by_replay(request, self.replay)
        answer = self._query("score", request)
        assert isinstance(answer, ScoreResponse)
        return answer

    def card_points(self, request: CardPointsRequest) -> int:
        if self._callback("card_points") is None:
            from conformance.kit.derived import card_points_by_replay, options_for_a_leaster

            return card_points_by_replay(tuple(request.cards), options_for_a_leaster(self.info().options), self.replay)
        return int(self._query("card_points", request))

    def close(self) -> None:
        close = getattr(self.engine, "close", None)
        if close is not None:
            close()


def as_step(answer: Step | bool | None) -> Step:
    """A step engine's answer to ``apply`` as a :class:`Step` (``True``: accepted, ``False``:
    refused).

    :raises AdapterError: (kind ``adapter-error``) the answer is ``None``: an ``apply`` without a
        ``return`` would otherwise accept every illegal action.
    """
    if isinstance(answer, Step):
        return answer
    if answer is True:
        return Step.accept()
    if answer is None:
        raise AdapterError(
            "adapter-error",
            "apply returned None: return True or Step.accept() for an accepted action, False or"
            " Step.reject(reason) for a refused one (a forgotten return must not accept every action)",
        )
    return Step.reject()


def _check_made(action: str, step: Step) -> None:
    """The adapter's mistakes an accepted action shows: a bury of other than two different cards,
    and an action made other than the one asked (:attr:`Step.done`)."""
    words = action.split()
    if words[1] == "bury" and len(set(words[2:])) != 2:
        raise AdapterError(
            "adapter-error",
            f"apply accepted {action!r}, a bury of {len(words) - 2} card(s): a bury is two different cards"
            " (bury.two-cards): apply must refuse it (for an engine that buries a card at a time,"
            " conformance.kit.translate.bury_cards raises Malformed, a refusal under that rule)",
        )
    if step.done is not None and action_key(step.done) != action_key(action):
        raise AdapterError(
            "adapter-error",
            f"apply was asked {action!r} and the engine made {step.done!r}: refuse an action the engine will"
            " not make as asked (an engine calling by suit chooses the ace or the ten itself)",
        )


def _tricks(plays: Sequence[tuple[str, str]], reported: Sequence[StepTrick]) -> tuple[TrickRecord, ...]:
    out = []
    for number in range(len(plays) // 5):
        cards = plays[5 * number : 5 * number + 5]
        told = reported[number] if number < len(reported) else StepTrick(None)
        out.append(TrickRecord(cards[0][0], tuple(card for _, card in cards), told.winner, told.points))
    return tuple(out)


def _named(outcome: HandOutcome | None, request: ReplayRequest) -> HandOutcome | None:
    """The engine's outcome, its kind read from the picker's score when the engine leaves it
    empty (``kind=""``: :func:`conformance.kit.translate.outcome_kind`)."""
    if outcome is None or outcome.kind or outcome.picker is None or outcome.picker not in (outcome.scores or {}):
        return outcome
    from conformance.kit.translate import outcome_kind

    raises = sum(action.split()[1] in ("crack", "recrack", "blitz") for action in request.actions)
    kind = outcome_kind(
        outcome.scores[outcome.picker],
        alone=outcome.partner is None,
        options=request.options,
        stakes=request.stakes,
        raises=raises,
    )
    return dataclasses.replace(outcome, kind=kind or "")
