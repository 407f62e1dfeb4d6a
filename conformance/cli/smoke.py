"""``sheepshead-conformance smoke --engine E``: a quick check of a new adapter, with advice.

In a few seconds it checks what a first wrapping most often gets wrong, each check printed as
``ok``, ``FAIL`` or ``skip`` with what was sent, what came back and what to fix:

1. the handshake: an answer, and only axes and options the spec has;
2. each declared capability once, on a request whose answer the reference engine gives: a
   trick's winner, a position's legal plays, a picker's calls, a result's score, card points, a
   whole hand replayed (or played through the engine's steps), a session;
3. a refused illegal action leaves the hand as it was (the legal actions before and after it
   are the same, and the hand then plays on to the reference's result);
4. the options it declares, against a few cases of the suite that depend on each of those axes.

Exit status 0 when nothing failed, 1 when a check failed, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sheepshead_spec import Spec

from conformance.adapter import (
    Adapter,
    AdapterError,
    CallableCardsRequest,
    Capability,
    CardPointsRequest,
    Deal,
    EngineInfo,
    LegalPlaysRequest,
    ReplayRequest,
    ScoreRequest,
    SessionRequest,
    TrickWinnerRequest,
    Unsupported,
    canonical_action,
)
from conformance.cases.model import Aids
from conformance.cli.commands import summary
from conformance.cli.support import (
    EXIT_FAILED,
    EXIT_OK,
    Environment,
    UsageError,
    add_timeout_argument,
    spec_or_usage_error,
)

__all__ = ["add_parser", "smoke"]

CASES_PER_AXIS = 2
"""Cases of the suite run for each axis the engine declares options on."""

_DEAL = Deal(
    "S5",
    {
        "S1": ("AH", "JD", "7D", "9C", "8S", "8H"),
        "S2": ("QC", "QD", "TD", "AC", "KS", "9H"),
        "S3": ("QS", "JC", "AD", "9D", "7H", "KC"),
        "S4": ("QH", "JS", "KD", "TC", "AS", "TH"),
        "S5": ("JH", "8D", "8C", "7C", "9S", "KH"),
    },
    ("TS", "7S"),
)
"""A deal of the suite (features/trick/trick.feature): S3 picks, buries TS 7S and calls AH."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``smoke``."""
    parser = commands.add_parser(
        "smoke",
        help=summary("smoke"),
        description="Check a new adapter in a few seconds: the handshake, each declared capability"
        " once against the reference's answer, that a refused action leaves the hand unchanged, and"
        " the declared options against a few cases; each failure with what was sent, what came back"
        " and what to fix. Exit status: 0 all passed, 1 a check failed, 2 usage error.",
    )
    parser.add_argument("--engine", required=True, metavar="E", help="the engine to check (as for run)")
    add_timeout_argument(parser)
    parser.set_defaults(handler=smoke)


@dataclass(frozen=True)
class _Check:
    name: str
    status: str
    """``ok``, ``FAIL`` or ``skip``."""
    detail: str = ""
    advice: str = ""


def _compare(name: str, sent: str, got: object, want: object, advice: str) -> _Check:
    if got == want:
        return _Check(name, "ok", f"{sent} -> {got}")
    return _Check(name, "FAIL", f"sent {sent}; the engine answered {got}, the reference {want}", advice)


def _attempt(name: str, call: Callable[[], _Check], advice: str) -> _Check:
    try:
        return call()
    except Unsupported as error:  # allowed for a request the engine cannot express (a query derived by replay)
        return _Check(name, "skip", f"the engine declines this request: {error}")
    except AdapterError as error:
        if error.kind == "adapter-error":  # the kit caught the adapter's own mistake: its message says what to mend
            return _Check(
                name, "FAIL", f"the adapter's mistake: {error}", "mend the adapter's callback the message names"
            )
        return _Check(name, "FAIL", f"engine error ({error.kind}): {error}", advice)
    except Exception as error:  # noqa: BLE001 - an in-process adapter's own mistake, reported with its callback
        return _Check(name, "FAIL", f"the adapter raised {type(error).__name__}: {error}", advice)


def _handshake(info: EngineInfo, spec: Spec) -> _Check:
    axes = {axis.id: {option.id for option in axis.options} for axis in spec.axes}
    unknown = [axis for axis in info.options if axis not in axes]
    wrong = [
        f"{axis}={option}"
        for axis, options in info.options.items()
        if axis in axes
        for option in options
        if option not in axes[axis]
    ]
    if unknown or wrong:
        return _Check(
            "handshake",
            "FAIL",
            f"unknown axes {unknown or 'none'}, unknown options {wrong or 'none'}",
            "declare only axes and options of spec/variants.yaml (`sheepshead-conformance rules` and SPEC.md list them);"
            " leave out an axis the engine has never heard of: it is then judged as playing the default",
        )
    capabilities = ", ".join(sorted(c.value for c in info.capabilities)) or "none"
    return _Check(
        "handshake",
        "ok",
        f"{info.name} {info.version}; capabilities {capabilities}; options on {len(info.options)} axes",
    )


def _capability_checks(
    adapter: Adapter, info: EngineInfo, reference: Adapter, options: Mapping[str, str]
) -> list[_Check]:
    sent = info.sent(options)
    caps = info.capabilities
    checks: list[_Check] = []
    if Capability.TRICK_WINNER in caps:
        request = TrickWinnerRequest(dict(sent), ("9H", "KH", "QC", "AH", "7H"))
        checks.append(
            _attempt(
                "trick-winner",
                lambda: _compare(
                    "trick-winner",
                    "9H KH QC AH 7H",
                    adapter.trick_winner(request),
                    reference.trick_winner(request),
                    "answer the index (0-based, in play order) of the winning card: here QC, the only trump, index 2",
                ),
                "implement trick_winner (Python) or trickWinner (Node), or leave trick-winner out of the capabilities",
            )
        )
    if Capability.LEGAL_PLAYS in caps:
        legal = LegalPlaysRequest(dict(sent), ("QD", "KS", "7C", "8H"), ("9H",), 3, "defender", "AH", None, False)
        checks.append(
            _attempt(
                "legal-plays",
                lambda: _compare(
                    "legal-plays",
                    "a defender holding QD KS 7C 8H, 9H led, trick 3",
                    sorted(adapter.legal_plays(legal)),
                    sorted(reference.legal_plays(legal)),
                    "answer every card the seat may play: a card of the led suit when it holds one (here 8H;"
                    " play.follow-suit), else any card or a trump (void-play); card codes as the protocol spells them",
                ),
                "implement legal_plays / legalPlays, or leave legal-plays out of the capabilities",
            )
        )
    if Capability.CALLABLE_CARDS in caps:
        calls = CallableCardsRequest(dict(sent), ("QS", "JC", "AD", "9D", "7H", "KC"), ("TS", "7S"))
        checks.append(
            _attempt(
                "callable-cards",
                lambda: _compare(
                    "callable-cards",
                    "a picker holding QS JC AD 9D 7H KC after burying TS 7S",
                    sorted(adapter.callable_cards(calls).calls),
                    sorted(reference.callable_cards(calls).calls),
                    "list the aces of fail suits the picker holds a card of (here AC and AH), not going alone",
                ),
                "implement callable_cards / callableCards, or leave callable-cards out of the capabilities",
            )
        )
    if Capability.SCORE in caps:
        score = ScoreRequest(dict(sent), 70, 10, 4, False, 1)
        checks.append(
            _attempt(
                "score",
                lambda: _compare(
                    "score",
                    "the picker's side took 70 card points in 4 tricks, 10 buried",
                    _score_text(adapter.score(score)),
                    _score_text(reference.score(score)),
                    "answer the outcome kind and the picker's, partner's and each defender's change (80 card points:"
                    " a win, +2 / +1 / -1); the trick points do not include the bury",
                ),
                "implement score, or leave score out of the capabilities",
            )
        )
    if Capability.CARD_POINTS in caps:
        points = CardPointsRequest(("AH", "TH", "KH", "QC", "9S"))
        checks.append(
            _attempt(
                "card-points",
                lambda: _compare(
                    "card-points",
                    "AH TH KH QC 9S",
                    adapter.card_points(points),
                    reference.card_points(points),
                    "add A 11, T 10, K 4, Q 3, J 2, the others 0 (here 28)",
                ),
                "implement card_points / cardPoints, or leave card-points out of the capabilities",
            )
        )
    return checks


def _score_text(answer: Any) -> str:
    return f"{answer.kind} {answer.picker:+d}/{answer.partner:+d}/{answer.defender:+d}"


def _a_hand(reference: Adapter, options: Mapping[str, str]) -> tuple[str, ...]:
    """A whole legal hand on :data:`_DEAL` as the reference plays it: S3 picks, buries, calls AH,
    and each seat plays its first legal card."""
    from conformance.engines.reference import ReferenceSteps

    steps = ReferenceSteps()
    steps.start(_DEAL, options)
    actions: list[str] = []
    for action in ("S1 pass", "S2 pass", "S3 pick"):
        steps.apply(action)
        actions.append(action)
    while steps.turn() is not None:
        legal = list(steps.legal_actions())
        wanted = [a for a in legal if a in ("S3 bury 7S TS", "S3 bury TS 7S", "S3 call AH")]
        action = canonical_action(wanted[0]) if wanted else next((a for a in legal if " play " in a), legal[0])
        steps.apply(action)
        actions.append(action)
    return tuple(actions)


def _hand_check(adapter: Adapter, info: EngineInfo, reference: Adapter, options: Mapping[str, str]) -> list[_Check]:
    actions = _a_hand(reference, options)
    request = ReplayRequest(options=info.sent(options), deal=_DEAL, actions=actions)
    checks: list[_Check] = []
    want = reference.replay(ReplayRequest(options=dict(options), deal=_DEAL, actions=actions))
    if Capability.REPLAY in info.capabilities:

        def replayed() -> _Check:
            got = adapter.replay(request)
            if got.rejected is not None:
                action = actions[got.rejected.index] if 0 <= got.rejected.index < len(actions) else "?"
                return _Check(
                    "replay",
                    "FAIL",
                    f"a legal hand of {len(actions)} actions; the engine refused {action!r}"
                    f" ({got.rejected.rule or 'no rule'}: {got.rejected.message})",
                    "translate the action as the engine expects it (the call before or after the bury:"
                    " call-timing; the seats; the card codes); `check` on a fixture shows each ruling",
                )
            outcome = got.outcome.kind if got.outcome else None
            scores = dict(got.outcome.scores) if got.outcome else None
            expected = (want.outcome.kind, dict(want.outcome.scores)) if want.outcome else None
            return _compare(
                "replay",
                f"a whole hand ({len(actions)} actions, S3 picks and calls AH)",
                (outcome, scores),
                expected,
                "report the outcome kind and each seat's score change once the hand is over",
            )

        checks.append(
            _attempt("replay", replayed, "answer the replay request, or leave replay out of the capabilities")
        )
        checks.append(_attempt("refused action", lambda: _refusal_by_replay(adapter, info, actions, options), ""))
    if Capability.SESSION in info.capabilities:
        second = Deal("S1", {**_DEAL.hands}, _DEAL.blind)
        session = SessionRequest(info.sent(options), ((_DEAL, actions), (second, ())))
        checks.append(
            _attempt(
                "session",
                lambda: _compare(
                    "session",
                    "two hands, the second dealt by S1 and not played",
                    _session_text(adapter, session),
                    _session_text(reference, SessionRequest(dict(options), session.hands)),
                    "replay each hand in turn; a hand with too few actions is reported unfinished, not refused",
                ),
                "answer the session request, or leave session out of the capabilities",
            )
        )
    return checks


def _session_text(adapter: Adapter, request: SessionRequest) -> str:
    answer = adapter.session(request)
    return f"{len(answer.hands)} hands, rejected {answer.rejected_hand}, totals {dict(sorted(answer.totals.items()))}"


def _refusal_by_replay(
    adapter: Adapter, info: EngineInfo, actions: tuple[str, ...], options: Mapping[str, str]
) -> _Check:
    """A play during the auction is refused at its index, and the hand is as it was before it."""
    prefix = actions[:2]
    before = adapter.replay(ReplayRequest(options=info.sent(options), deal=_DEAL, actions=prefix))
    after = adapter.replay(ReplayRequest(options=info.sent(options), deal=_DEAL, actions=(*prefix, "S3 play QS")))
    if after.rejected is None or after.rejected.index != len(prefix):
        return _Check(
            "refused action",
            "FAIL",
            "sent S1 pass, S2 pass, S3 play QS (a play during the auction); the engine accepted it",
            "refuse an action the rules forbid: answer rejected with its index (and the rule id with capability rule-ids)",
        )
    picked = (*prefix, "S3 pick")
    bury = adapter.replay(ReplayRequest(options=info.sent(options), deal=_DEAL, actions=(*picked, "S3 bury TS")))
    if bury.rejected is None or bury.rejected.index != len(picked):
        return _Check(
            "refused action",
            "FAIL",
            "sent S1 pass, S2 pass, S3 pick, S3 bury TS (one card); the engine accepted it",
            "a bury is two cards (bury.two-cards): refuse any other count; an engine that buries one card per"
            " call is given both cards by the adapter (kit.translate.bury_cards, or two engine calls)",
        )
    same = (after.turn, sorted(after.legal or ())) == (before.turn, sorted(before.legal or ()))
    if not same:
        return _Check(
            "refused action",
            "FAIL",
            f"after the refused S3 play QS the engine has {after.turn} to act with {sorted(after.legal or ())};"
            f" before it, {before.turn} with {sorted(before.legal or ())}",
            "a refused action must leave the hand unchanged: restore the engine's state (snapshot before applying,"
            " or replay from the start) when it changes state before it refuses",
        )
    return _Check("refused action", "ok", "S3 play QS in the auction and a one-card bury refused, the hand unchanged")


def _option_checks(adapter: Adapter, info: EngineInfo, spec: Spec, aids: Aids) -> list[_Check]:
    from conformance.cases.catalog import suite_cases
    from conformance.judge.results import Status
    from conformance.judge.run import run_cases

    declared = [axis.id for axis in spec.axes if info.names(axis.id)]
    chosen: list[Any] = []
    for axis in declared:
        chosen += [case for case in suite_cases() if axis in case.depends and case not in chosen][:CASES_PER_AXIS]
    if not chosen:
        return [_Check("options", "skip", "the engine declares no options: it is judged at every axis's default")]
    run = run_cases(chosen, adapter, info, spec, probes=False, aids=aids)
    failed = [r for r in run.results if r.status in (Status.FAILED, Status.ERROR)]
    ran = sum(1 for r in run.results if r.status is Status.PASSED)
    if failed:
        first = failed[0]
        return [
            _Check(
                "options",
                "FAIL",
                f"{len(failed)} of {len(run.results)} cases on the declared axes failed; first {first.case_id}"
                f" ({', '.join(first.rules[:3])}): {first.message}",
                "declare only the options the engine plays (`run` reads the rule set from behaviour:"
                " see its 'rule set read from behaviour' lines), or fix the rule the case blames",
            )
        ]
    return [_Check("options", "ok", f"{ran} runs of {len(chosen)} cases on the {len(declared)} declared axes passed")]


def smoke(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``smoke``."""
    from conformance.cli.check import own_rule_set
    from conformance.engines.reference import ReferenceAdapter
    from conformance.runner import install_reference_aids

    aids = install_reference_aids()
    spec = spec_or_usage_error()
    started = time.perf_counter()
    adapter = env.engine(args.engine)
    reference = ReferenceAdapter()
    checks: list[_Check] = []
    try:
        try:
            info = adapter.info()
        except AdapterError as error:
            checks.append(
                _Check(
                    "handshake",
                    "FAIL",
                    f"no handshake ({error.kind}): {error}",
                    "answer the hello message first, with name, version, protocol, capabilities and options"
                    " (PROTOCOL.md); a Node engine: kit.serve({...}); Python: an adapter with info()",
                )
            )
            info = None
        if info is not None:
            checks.append(_handshake(info, spec))
            options = spec.profile_options(own_rule_set("standard", info, spec))
            checks += _capability_checks(adapter, info, reference, options)
            checks += _hand_check(adapter, info, reference, options)
            if not info.capabilities & {
                Capability.REPLAY,
                Capability.TRICK_WINNER,
                Capability.LEGAL_PLAYS,
                Capability.SCORE,
            }:
                checks.append(
                    _Check("capabilities", "FAIL", "no capability the suite can ask", "declare what the engine answers")
                )
            checks += _option_checks(adapter, info, spec, aids)
    except UsageError:
        raise
    finally:
        adapter.close()
    width = max(len(check.name) for check in checks)
    out = env.out
    out.write(f"smoke {args.engine}\n")
    for check in checks:
        out.write(f"  {check.status:<4} {check.name:<{width}}  {check.detail}\n")
        if check.advice and check.status == "FAIL":
            out.write(f"       {'':<{width}}  fix: {check.advice}\n")
    failed = sum(check.status == "FAIL" for check in checks)
    seconds = time.perf_counter() - started
    verdict = "all checks passed" if not failed else f"{failed} check{'s' if failed != 1 else ''} failed"
    out.write(f"{verdict} in {seconds:.1f} s\n")
    return EXIT_FAILED if failed else EXIT_OK
