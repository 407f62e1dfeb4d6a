"""A fuzzing run: many seeded random hands, divergences grouped by root cause.

:func:`fuzz` plays hands until a count or a time budget is reached, under configurations drawn
from the options the engine declares (every listed option of every axis is tried in turn), and
groups the divergences into classes (what differs and the rules it breaks:
:mod:`conformance.fuzz.classes`), so that a run reports "3 distinct divergences", not 4,000,
and the same bug is the same class in every run. The first game of each class is its example and
becomes a hand record (:mod:`conformance.fuzz.record`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from sheepshead_spec import Spec

from conformance.adapter import Adapter, AdapterError, Capability, Unsupported
from conformance.engines.protocol_adapter import ProtocolSteps
from conformance.fuzz.choices import Choices
from conformance.fuzz.driver import (
    Divergence,
    HandPlay,
    PreparedHand,
    compare_score,
    judge_hand,
    prepare_hand,
    redealt,
    replayed_hand,
    send_hand,
    steps_of,
)
from conformance.fuzz.queries import judge_by_queries_of, query_capable
from conformance.fuzz.reached import Reached
from conformance.fuzz.sessions import SessionPlay, play_session
from conformance.fuzz.shrink import shrink
from conformance.judge.interrupt import RunInterrupted
from conformance.judge.ruleset import RuleSet
from conformance.kit.steps import StepEngine

__all__ = ["FuzzRun", "Group", "fuzz"]

FuzzProgress = Callable[["FuzzRun"], None]

SESSION_EVERY = 5
"""Every fifth game is a session of two to four hands (with ``session`` and a reference for it)."""

QUERIES_EVERY = 32
"""One hand in this many of a step engine that also answers queries is asked as queries too: its
legal plays, trick winners, card points and calls are checked through those queries as well (the
score query is compared at every hand). Asked one by one, they cost a subprocess engine some 10 %
of its speed at this rate (a third at one hand in eight)."""

QUERY_KINDS = frozenset(
    {Capability.LEGAL_PLAYS, Capability.TRICK_WINNER, Capability.CARD_POINTS, Capability.CALLABLE_CARDS}
)


@dataclass
class Group:
    """The divergences of one class (:attr:`~conformance.fuzz.driver.Divergence.signature`)."""

    signature: tuple[str, ...]
    example: HandPlay | SessionPlay
    count: int = 1
    draws: list[int] = field(default_factory=list)
    """The draws the example is played from (:class:`~conformance.fuzz.choices.Choices`)."""
    found_size: int | None = None
    """The example's size (:func:`~conformance.fuzz.shrink.game_size`) before it was shrunk."""

    @property
    def divergence(self) -> Divergence:
        assert self.example.divergence is not None
        return self.example.divergence


@dataclass
class FuzzRun:
    """What a run found."""

    seed: str
    hands: int = 0
    seconds: float = 0.0
    groups: dict[tuple[str, ...], Group] = field(default_factory=dict)
    unlisted: Mapping[str, str] = field(default_factory=dict)
    """Axes the engine plays none of the listed options on: played at the default, so that
    divergences about them are expected."""
    shrink_seconds: float = 0.0
    interrupted: str | None = None
    """``SIGINT`` or ``SIGTERM`` when a signal stopped the run (what was found is kept)."""
    engine_error: str | None = None
    """Why the run stopped early when the engine failed outside a game (its handshake, a restart)."""

    @property
    def divergent_hands(self) -> int:
        return sum(group.count for group in self.groups.values())

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def _configurations(
    rules: RuleSet, spec: Spec, profile: Mapping[str, str] | Sequence[Mapping[str, str]] | None
) -> Callable[[Choices], dict[str, str]]:
    if isinstance(profile, Mapping):
        fixed = dict(profile)
        return lambda choices: dict(fixed)
    if profile is not None:  # several option sets (``--profile all``): each game draws one of them
        sets = [dict(options) for options in profile]
        return lambda choices: dict(choices.choice(sets))
    options = {axis.id: list(rules.plays(axis.id)) or [axis.default] for axis in spec.axes}
    return lambda choices: {axis: choices.choice(listed) for axis, listed in options.items()}


def fuzz(
    engine: Adapter,
    reference: StepEngine,
    spec: Spec,
    *,
    hands: int | None = 1000,
    seconds: float | None = None,
    seed: str = "0",
    profile: Mapping[str, str] | Sequence[Mapping[str, str]] | None = None,
    progress: FuzzProgress | None = None,
    every: float = 0.5,
    query_reference: Adapter | None = None,
    until: int | None = None,
    shrink_tries: int = 400,
    overlap: bool = True,
    found: Callable[[Group], None] | None = None,
    shrunk: Callable[[Group], None] | None = None,
    shard: tuple[int, int] = (1, 1),
    reached: Reached | None = None,
) -> FuzzRun:
    """Fuzz ``engine`` against ``reference`` (the in-process reference, or a second engine).

    :param hands: stop after this many hands (``None``: only the time budget).
    :param seconds: stop after this many seconds (``None``: only the hand count).
    :param profile: play every hand under these options, or each game under one of these option
        sets (``--profile all``: every profile's); default: drawn from the engine's rule set.
    :param query_reference: an adapter answering ``score`` and ``session`` for the reference side:
        with it, each hand also compares one random ``score`` query (points drawn towards the
        thresholds: 30/31, 60/61, 90/91, no trick, every trick), which random play reaches too
        rarely, and every fifth game is a session of several hands (:mod:`conformance.fuzz.sessions`).
    :param until: stop once this many distinct divergences are found.
    :param shrink_tries: replays allowed to shrink each group's example (0: keep it as found).
    :param overlap: let a protocol engine answer each hand while the next is prepared (the
        results are the same either way; only the time differs).
    :param found: called with each new group as soon as it is found (its example unshrunk), so
        that a caller can write it before anything else can go wrong.
    :param shrunk: called with each group once its example is shrunk.
    :param shard: ``(K, N)``: play only games K, K + N, K + 2N, … of the run (``--shard K/N``): a
        game depends on the seed and its number alone, so N shards together play the run's games.
    :param reached: count in it the rules and options each hand the reference plays reaches
        (:mod:`conformance.fuzz.reached`; sessions are not counted).
    :raises Unsupported: the engine has no step interface to be fuzzed through.

    A signal (SIGINT, or SIGTERM raised as :class:`~conformance.judge.interrupt.RunInterrupted`)
    or an engine failure outside a game ends the run with what it found: the run says why it
    stopped (:attr:`FuzzRun.interrupted`, :attr:`FuzzRun.engine_error`) and nothing is lost.
    """
    from conformance.runner import install_reference_aids

    install_reference_aids()  # the blame oracle: a legal play left out is blamed on the exception that allows it
    try:
        info = engine.info()
    except AdapterError as error:
        return FuzzRun(seed, engine_error=f"the engine's handshake failed ({error.kind}): {error}")
    steps = steps_of(engine)
    if steps is None and not query_capable(info):
        raise Unsupported(
            "fuzzing drives an engine by its steps or asks it queries: it needs capability steps (or a step"
            " engine), or one of legal-plays, trick-winner, card-points, callable-cards, score"
        )
    rules = RuleSet.of_engine(info, spec)
    draw = _configurations(rules, spec, profile)
    run = FuzzRun(seed, unlisted=dict(rules.unlisted))
    scoring = query_reference if query_reference is not None and Capability.SCORE in info.capabilities else None
    sessions = (
        query_reference
        if query_reference is not None and Capability.SESSION in info.capabilities and steps is not None
        else None
    )

    counting = [True]  # the shrinker's replays are not counted
    derived: frozenset[Capability] = getattr(engine, "answered_by_replay", frozenset())  # its own steps: nothing new
    queries_too = steps is not None and bool(info.capabilities & QUERY_KINDS - derived)

    def noted(prepared: PreparedHand) -> PreparedHand:
        if reached is not None and counting[0]:
            hand = prepared.hand
            probes = [d.rule for d in prepared.decisions if d.probe and d.rule]
            reached.note_hand(hand.deal, hand.options, [d.action for d in prepared.decisions], probes)
        return prepared

    def finish(choices: Choices, prepared: PreparedHand) -> HandPlay:
        """Judge a prepared hand, then compare one score query when the hand agreed."""
        assert steps is not None  # a query engine's hands are asked (``asked``), never stepped
        whole = prepared.hand.reference
        played = judge_hand(send_hand(prepared, steps), reference, steps)
        divergence = played.divergence
        if divergence is not None and played.deal.deck is not None and divergence.kind != "crash":
            # Dealt from a pack: the same hand dealt by hands tells whether the engine's dealing is the bug.
            if judge_hand(redealt(prepared, whole), reference, steps).divergence is None:
                played.divergence = dataclasses.replace(divergence, rules=("deal.three-two-three",), about="deal")
        if played.divergence is None and queries_too and played.number % QUERIES_EVERY == 0:
            ask_queries(prepared)  # a step engine is checked through its queries as well
            played.divergence = prepared.hand.divergence
        if played.divergence is None and scoring is not None:
            played.divergence = compare_score(
                choices, engine, scoring, prepared.hand.options, prepared.sent, reached if counting[0] else None
            )
        return played

    def ask_queries(prepared: PreparedHand) -> None:
        """Ask a hand played on the reference of the engine's queries (:mod:`conformance.fuzz.queries`);
        its first difference, or the engine's failure, is the hand's divergence."""
        try:
            judge_by_queries_of(prepared, engine, info)
        except Unsupported:
            pass  # a hand no query of the engine expresses: nothing compared
        except AdapterError as error:
            hand = prepared.hand
            hand.divergence = Divergence(
                "crash",
                len(hand.actions),
                "an answer",
                f"engine error ({error.kind}): {error}",
                (),
                about="crash-query",
            )

    def asked(number: int, choices: Choices, options: dict[str, str], sent: Mapping[str, str]) -> HandPlay:
        """A hand played on the reference and asked of a query engine (:mod:`conformance.fuzz.queries`)."""
        prepared = noted(prepare_hand(number, choices, reference, options, info, sent))
        ask_queries(prepared)
        played = prepared.hand
        if played.divergence is None and scoring is not None:
            played.divergence = compare_score(choices, engine, scoring, options, sent, reached if counting[0] else None)
        return played

    def session_game(
        number: int, choices: Choices, options: dict[str, str], sent: Mapping[str, str]
    ) -> HandPlay | SessionPlay:
        """A session; when it diverges, the first of its hands that diverges played alone, if one
        does: a bug that shows in a hand is the same class in a session (the doubler, the deal's
        rotation and the totals are the session's own)."""
        assert steps is not None and sessions is not None
        session = play_session(number, choices, engine, sessions, reference, options, sent)
        if reached is not None and counting[0]:
            _note_session(reached, session)
        if session.divergence is None or session.divergence.kind == "crash":
            return session
        for deal, actions in session.hands:
            alone = replayed_hand(number, deal, actions, reference, options, sent)
            hand = judge_hand(send_hand(alone, steps), reference, steps)
            if hand.divergence is not None:
                return hand
        return session

    def game(number: int, choices: Choices) -> HandPlay | SessionPlay:
        """One game from its draws, one step after the other (the shrinker replays it so)."""
        options = draw(choices)
        sent = info.sent(options)  # the axes the engine's handshake names
        if steps is None:
            return asked(number, choices, options, sent)
        if sessions is not None and number % SESSION_EVERY == 0:
            return session_game(number, choices, options, sent)
        return finish(choices, prepare_hand(number, choices, reference, options, info, sent))

    def record(choices: Choices, played: HandPlay | SessionPlay) -> bool:
        """Count a judged game; whether the run is to stop (``until`` distinct divergences)."""
        run.hands += 1
        if played.divergence is not None:
            signature = played.divergence.signature
            if signature in run.groups:
                run.groups[signature].count += 1
            else:
                group = run.groups[signature] = Group(signature, played, draws=choices.drawn)
                if found is not None:
                    found(group)
        return until is not None and len(run.groups) >= until

    # A protocol engine is sent each hand whole and answers it while the fuzzer prepares the
    # next hand on the reference (the hand is judged after that): the two processes overlap.
    ahead = overlap and isinstance(steps, ProtocolSteps)
    pending: tuple[Choices, PreparedHand] | None = None
    started = time.perf_counter()
    last = started
    part, parts = shard
    number = part - parts  # this shard's games are part, part + parts, …: the same games whatever the split
    stop = False
    try:
        while (
            not stop
            and (hands is None or number + parts <= hands)
            and (seconds is None or time.perf_counter() - started < seconds)
        ):
            number += parts
            choices = Choices(f"{seed}:{number}")
            if steps is None:  # a query engine: each hand asked whole, nothing sent ahead
                stop = record(choices, game(number, choices))
                continue
            options = draw(choices)
            sent = info.sent(options)  # the axes the engine's handshake names
            if sessions is not None and number % SESSION_EVERY == 0:
                if pending is not None:
                    stop, pending = record(pending[0], finish(*pending)), None
                    if stop:
                        break
                stop = record(choices, session_game(number, choices, options, sent))
            else:
                prepared = noted(prepare_hand(number, choices, reference, options, info, sent))
                if pending is not None:
                    stop, pending = record(pending[0], finish(*pending)), None
                    if stop:
                        break  # this hand was never sent: nothing is left unread
                if ahead:
                    pending = (choices, send_hand(prepared, steps))
                else:
                    stop = record(choices, finish(choices, prepared))
            now = time.perf_counter()
            if progress is not None and now - last >= every:
                run.seconds = now - started
                progress(run)
                last = now
        if pending is not None:
            record(pending[0], finish(*pending))
    except KeyboardInterrupt:
        run.interrupted = "SIGINT"
    except RunInterrupted as signal:
        run.interrupted = str(signal.args[0]) if signal.args else "SIGTERM"
    except AdapterError as error:  # outside a game's judging (a session's restart, a query)
        run.engine_error = f"the engine failed ({error.kind}): {error}"
    run.seconds = time.perf_counter() - started
    counting[0] = False
    if shrink_tries > 0 and run.interrupted is None:
        try:
            for group in run.groups.values():
                if group.divergence.kind != "score-query":
                    _shrink_group(group, game, shrink_tries)
                    if shrunk is not None:
                        shrunk(group)
        except KeyboardInterrupt:
            run.interrupted = "SIGINT"  # the groups not shrunk yet keep their examples as found
        except RunInterrupted as signal:
            run.interrupted = str(signal.args[0]) if signal.args else "SIGTERM"
        except AdapterError as error:
            run.engine_error = f"the engine failed while shrinking ({error.kind}): {error}"
        run.shrink_seconds = time.perf_counter() - started - run.seconds
    return run


def _note_session(reached: Reached, session: SessionPlay) -> None:
    """A session's rules for the rules-reached table: its hands as the reference scored them."""
    answer = session.reference
    kinds = [hand.outcome.kind if hand.outcome else "" for hand in answer.hands] if answer is not None else []
    doubler = session.options.get("all-pass") == "doubler"
    consecutive = doubler and any(a == b == "doubler" for a, b in zip(kinds, kinds[1:]))
    doubled = doubler and any(
        kind == "doubler" and later not in ("doubler", "") for kind, later in zip(kinds, kinds[1:])
    )
    reached.note_session(len(session.hands), session.options, doubled, consecutive)


def _shrink_group(group: Group, game: Callable[[int, Choices], HandPlay | SessionPlay], tries: int) -> None:
    number = group.example.number

    def replay(draws: Sequence[int]) -> tuple[HandPlay | SessionPlay, list[int]]:
        choices = Choices(replay=draws)
        return game(number, choices), choices.drawn

    shrunk = shrink(group.example, group.draws, replay, tries=tries)
    group.found_size = shrunk.size_before
    group.example, group.draws = shrunk.game, shrunk.draws
