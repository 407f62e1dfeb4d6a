"""An :class:`~conformance.adapter.Adapter` made of protocol messages.

:class:`ProtocolAdapter` implements every request method once: encode the request
(:func:`~conformance.engines.protocol.encode_request`), exchange it for a reply (:meth:`_exchange`,
which subclasses provide: a function call or a pipe), decode the reply
(:func:`~conformance.engines.protocol.decode_reply`). A request of a capability the engine did not
declare is refused as :class:`~conformance.adapter.Unsupported` without being sent.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Mapping, Sequence
from abc import ABC, abstractmethod
from typing import Any

from conformance.adapter import (
    AdapterError,
    Capability,
    CallableCardsRequest,
    Deal,
    CallableCardsResponse,
    CardPointsRequest,
    EngineInfo,
    LegalPlaysRequest,
    ReplayRequest,
    ReplayResponse,
    ScoreRequest,
    ScoreResponse,
    SessionRequest,
    SessionResponse,
    TrickWinnerRequest,
    Unsupported,
)
from conformance.kit.steps import ApplyRequest, ResultRequest, StartRequest, Step, StepAdapter, StepResult, StepState
from conformance.engines.protocol import (
    Request,
    capability_of,
    decode_reply,
    encode_request,
    kind_of,
    withhold_dealt_cards,
)

__all__ = ["AheadSteps", "ProtocolAdapter", "ProtocolSteps"]


class ProtocolAdapter(ABC):
    """Base of the adapters that talk to an engine in protocol messages.

    An engine that declares ``steps`` and not ``replay`` is replayed through its step messages
    (:class:`ProtocolSteps` under a :class:`~conformance.kit.steps.StepAdapter`): its handshake
    is then seen with ``replay`` added (:func:`with_replay_by_steps`).

    :param validate: check every request against its schema before it is sent, and every
        reply (subclasses may always check replies).
    """

    def __init__(self, *, validate: bool) -> None:
        self.validate = validate
        self._request_ids = itertools.count(1)
        self._replay_by_steps = False
        """Set by :func:`with_replay_by_steps` when the handshake is read."""
        self._trick_winner_by_replay = False
        self._card_points_by_replay = False
        self._score_by_replay = False

    @abstractmethod
    def info(self) -> EngineInfo:
        """The engine's handshake answer."""

    @abstractmethod
    def _exchange(self, request_id: int, kind: str, message: dict[str, Any]) -> Any:
        """Send one request message and return the engine's reply (parsed JSON, unchecked)."""

    @property
    def _validate_replies(self) -> bool:
        """Whether replies are checked against their schemas (subclasses may force it on)."""
        return self.validate

    def close(self) -> None:
        """Release the engine (nothing to do by default)."""

    def _encode(self, request: Request) -> tuple[int, str, dict[str, Any]]:
        kind = kind_of(request)
        capability = capability_of(kind)
        if capability not in self.info().capabilities:
            raise Unsupported(f"the engine does not declare capability {capability.value!r}")
        request_id = next(self._request_ids)
        message = encode_request(request_id, request, validate=self.validate)
        if isinstance(message.get("options"), dict):  # never an axis the handshake leaves out
            message["options"] = self.info().sent(message["options"])
        if Capability.DEAL_FROM_DECK in self.info().capabilities:
            message = withhold_dealt_cards(message)
        return request_id, kind, message

    def _ask(self, request: Request) -> Any:
        request_id, kind, message = self._encode(request)
        reply = self._exchange(request_id, kind, message)
        return decode_reply(request_id, kind, reply, validate=self._validate_replies)

    def _ask_ahead(self, requests: Sequence[Request]) -> Iterator[Any]:
        """Send every request before reading a reply (step messages of one hand, PROTOCOL.md
        3.3); the replies are read and decoded as the returned iterator is, in order, and a failed
        exchange raises where it happened. Every reply must be read before the next request."""
        encoded = [self._encode(request) for request in requests]
        return self._decoded(encoded, self._exchange_ahead(encoded))

    def _decoded(self, encoded: Sequence[tuple[int, str, dict[str, Any]]], replies: Iterator[Any]) -> Iterator[Any]:
        for (request_id, kind, _), reply in zip(encoded, replies):
            if isinstance(reply, AdapterError):
                raise reply
            try:
                decoded = decode_reply(request_id, kind, reply, validate=self._validate_replies)
            except AdapterError:
                for _ in replies:  # the batch's other replies are read and dropped: none is left for the next hand
                    pass
                raise
            yield decoded

    def _exchange_ahead(self, messages: Sequence[tuple[int, str, dict[str, Any]]]) -> Iterator[Any]:
        """The replies to ``messages`` sent ahead, up to and including the first failure (an
        :class:`AdapterError` in its place). By default one exchange after the other, as read."""
        for request_id, kind, message in messages:
            try:
                yield self._exchange(request_id, kind, message)
            except AdapterError as error:
                yield error
                return

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        """Replay a deal and actions (capability ``replay``, or ``steps``)."""
        if self._replay_by_steps:
            # The engine checks turns itself (PROTOCOL.md, apply): its refusal and rule are judged.
            return StepAdapter(ProtocolSteps(self, tie_break=request.tie_break), check_turn=False).replay(request)
        response: ReplayResponse = self._ask(request)
        return response

    def with_replay_by_steps(self, info: EngineInfo) -> EngineInfo:
        """The handshake as the harness uses it: ``replay`` added for a ``steps`` engine, and
        ``trick-winner``, ``card-points`` and ``score`` for an engine that replays but has no such
        query (each is answered by a replay: :mod:`conformance.kit.derived`)."""
        capabilities = set(info.capabilities)
        if Capability.STEPS in capabilities and Capability.REPLAY not in capabilities:
            self._replay_by_steps = True
            capabilities.add(Capability.REPLAY)
        if Capability.REPLAY in capabilities and Capability.TRICK_WINNER not in capabilities:
            self._trick_winner_by_replay = True
            capabilities.add(Capability.TRICK_WINNER)
        if Capability.REPLAY in capabilities and Capability.CARD_POINTS not in capabilities:
            self._card_points_by_replay = True
            capabilities.add(Capability.CARD_POINTS)
        if Capability.REPLAY in capabilities and Capability.SCORE not in capabilities:
            self._score_by_replay = True  # a hand played to the result (kit.derived.score_by_replay)
            capabilities.add(Capability.SCORE)
        return dataclasses.replace(info, capabilities=frozenset(capabilities))

    @property
    def answered_by_replay(self) -> frozenset[Capability]:
        """The queries the harness answers by replaying hands, the engine having none of its own."""
        return frozenset(
            capability
            for capability, derived in (
                (Capability.TRICK_WINNER, self._trick_winner_by_replay),
                (Capability.CARD_POINTS, self._card_points_by_replay),
                (Capability.SCORE, self._score_by_replay),
            )
            if derived
        )

    def session(self, request: SessionRequest) -> SessionResponse:
        """Replay hands in sequence (capability ``session``)."""
        response: SessionResponse = self._ask(request)
        return response

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        """Index (0-based, in play order) of the winning card (capability ``trick-winner``)."""
        if self._trick_winner_by_replay:
            from conformance.kit.derived import trick_winner_by_replay

            return trick_winner_by_replay(request, request.options, self.replay)
        winner: int = self._ask(request)
        return winner

    def legal_plays(self, request: LegalPlaysRequest) -> tuple[str, ...]:
        """The legal cards of a described position (capability ``legal-plays``)."""
        cards: tuple[str, ...] = self._ask(request)
        return cards

    def callable_cards(self, request: CallableCardsRequest) -> CallableCardsResponse:
        """The picker's possible calls (capability ``callable-cards``)."""
        response: CallableCardsResponse = self._ask(request)
        return response

    def score(self, request: ScoreRequest) -> ScoreResponse:
        """The outcome class and score changes of a described result (capability ``score``; for an
        engine that replays but has no such query, its own score of a hand played to the result)."""
        if self._score_by_replay:
            from conformance.kit.derived import score_by_replay

            return score_by_replay(request, self.replay)
        response: ScoreResponse = self._ask(request)
        return response

    def card_points(self, request: CardPointsRequest) -> int:
        """The card points of some cards (capability ``card-points``)."""
        if self._card_points_by_replay:  # a card-points request has no options: the engine's own (one per axis)
            from conformance.kit.derived import card_points_by_replay, options_for_a_leaster

            return card_points_by_replay(tuple(request.cards), options_for_a_leaster(self.info().options), self.replay)
        points: int = self._ask(request)
        return points


class ProtocolSteps:
    """A ``steps`` engine's messages as a :class:`~conformance.kit.steps.StepEngine`: ``start``
    and ``apply`` replies carry the turn and the legal actions, kept until the next message."""

    def __init__(self, adapter: ProtocolAdapter, *, tie_break: str | None = None) -> None:
        self.adapter = adapter
        self.tie_break = tie_break
        """Sent with each ``start``: the draw for a leaster tie of the replay being stepped."""
        self._state = StepState(Step.accept(), None, None)

    def info(self) -> EngineInfo:
        return self.adapter.info()

    def start(self, deal: Deal, options: Mapping[str, str]) -> None:
        self._state = self.adapter._ask(StartRequest(options, deal, self.tie_break))

    def turn(self) -> str | None:
        return self._state.turn

    def legal_actions(self) -> Sequence[str] | None:
        return self._state.legal

    def apply(self, action: str) -> Step:
        self._state = self.adapter._ask(ApplyRequest(action))
        return self._state.step

    def result(self) -> StepResult:
        result: StepResult = self.adapter._ask(ResultRequest())
        return result

    def ahead(self, deal: Deal, options: Mapping[str, str], actions: Sequence[str]) -> AheadSteps:
        """Play a whole scripted hand in one write: ``start``, an ``apply`` per action, then
        ``result``, sent before any reply is read (a pipe's round trip per action saved). The
        replies are read back through the returned step engine, in the script's order."""
        requests: list[Request] = [
            StartRequest(options, deal, self.tie_break),
            *(ApplyRequest(action) for action in actions),
            ResultRequest(),
        ]
        return AheadSteps(self, self.adapter._ask_ahead(requests), actions)


class AheadSteps:
    """The replies of a hand sent ahead (:meth:`ProtocolSteps.ahead`), read as a step engine:
    each :meth:`apply` must be the script's next action and returns the engine's answer to it."""

    def __init__(self, steps: ProtocolSteps, replies: Iterator[Any], actions: Sequence[str]) -> None:
        self.steps = steps
        self._replies = replies
        self._actions = iter(actions)
        self._latest: StepState | None = None
        """The last step reply read (``None``: not even the start reply yet)."""
        self._result: StepResult | None = None

    def _next(self) -> Any:
        try:
            return next(self._replies)
        except StopIteration:  # an earlier reply failed and ended the exchange
            raise AdapterError("crash", "no further reply: the hand's exchange ended at an earlier failure") from None

    def _state(self) -> StepState:
        """The latest state, the start reply read first when it has not been."""
        if self._latest is None:
            self._latest = self._next()
        return self._latest

    def drain(self) -> None:
        """Read what is left of the hand's replies (the pipe must be empty before the next
        request), ignoring them: a hand judged after its first divergence."""
        try:
            self.result()
        except AdapterError:
            pass

    def info(self) -> EngineInfo:
        return self.steps.info()

    def start(self, deal: Deal, options: Mapping[str, str]) -> None:
        raise TypeError("a hand sent ahead has started already")

    def turn(self) -> str | None:
        return self._state().turn

    def legal_actions(self) -> Sequence[str] | None:
        return self._state().legal

    def apply(self, action: str) -> Step:
        scripted = next(self._actions, None)
        if scripted != action:
            raise ValueError(f"the script goes on with {scripted!r}, not {action!r}")
        self._state()
        self._latest = self._next()
        return self._latest.step

    def result(self) -> StepResult:
        if self._result is None:
            self._state()
            for _ in self._actions:  # the replies to the rest of the script
                self._latest = self._next()
            self._result = self._next()
        return self._result
