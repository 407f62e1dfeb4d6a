"""``sheepshead-conformance ask "…"``: a rules question in one line, ruled on under every axis
that matters.

The question is a few clauses separated by ``;`` (a ``:`` before the question works too), in
the words a table uses::

    S3 picked and called AH; S1 led 9H; S2 holds QD KS 7C: what may S2 play?
    called AH; S1 9H, S2 KH, S3 QC, S4 AH, S5 7H: who wins?
    S3 picked and called AH; S2 led 9H; S3 holds 7H QS AD: may S3 play QS?
    the picker's side took 4 tricks and 80 points with 10 buried: score?
    S1 picked alone; cracked and re-cracked; the picker took 0 tricks and 0 points: score?

What each clause may say (cards as ``QD``, ``10D`` or ``TD``, any case):

- the hand: ``S3 picked`` (``… and called AH``, ``… called AH under 8D``, ``… alone``),
  ``called AH``, ``nobody picked`` (a leaster), ``S4 is the partner``, ``buried 7C 8C``,
  ``trick 4`` (else worked out from the cards held), ``the called suit was led``;
- the trick so far: ``S1 led 9H``, then ``S2 played KH`` or ``S2 KH``, separated by commas;
- the seat to play: ``S2 holds QD KS 7C``;
- a result to score: ``the picker's side took 4 tricks and 80 points`` (``with 10 buried``),
  ``the picker alone took …``, ``cracked``, ``re-cracked``, ``blitzed``, ``doubled`` (each
  doubles the stakes);
- the question: ``what may S2 play?``, ``may S2 play QD?``, ``who wins?``, ``score?``.

A position question is turned into a position record (``sheepshead-position/1``, hand-records.md
14), printed so that it can be saved as a fixture, and ruled on as ``check`` rules on it. A score
question is a ``score`` query, printed with the Gherkin steps that state it. Either is answered
under the profile and under every option of every axis that changes the answer.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

import yaml
from sheepshead_spec import Spec
from sheepshead_spec.record_actions import LoadedRecord, RecordProblems, configuration
from sheepshead_spec.records import card_code, parse_record

from conformance.adapter import Adapter, AdapterError, Capability, EngineInfo, ScoreRequest
from conformance.cli.commands import summary
from conformance.cli.support import (
    EXIT_OK,
    Environment,
    UsageError,
    add_option_argument,
    add_timeout_argument,
    selection_of,
    spec_or_usage_error,
)
from conformance.judge.ruleset import RuleSet

__all__ = ["Question", "add_parser", "ask", "parse_question"]

_CARD = r"(?:10|[akqjt987])[cdhs]"
_SEAT = r"s[1-5]"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``ask``."""
    parser = commands.add_parser(
        "ask",
        help=summary("ask"),
        description="Rule on a question written in one line, under the profile and under every"
        " option of every axis that changes the answer. Clauses are separated by ';'. Examples:"
        ' "S3 picked and called AH; S1 led 9H; S2 holds QD KS 7C: what may S2 play?";'
        ' "called AH; S1 9H, S2 KH, S3 QC, S4 AH, S5 7H: who wins?";'
        ' "the picker\'s side took 4 tricks and 80 points with 10 buried: score?".'
        " The notation is in the README (Settling a dispute).",
    )
    parser.add_argument("question", metavar="QUESTION", help="the question, quoted as one argument")
    parser.add_argument("--profile", metavar="P", help="rule under profile P (default: the engine's own rule set)")
    add_option_argument(parser)
    parser.add_argument("--engine", default="reference", metavar="E", help="the engine that rules (default: reference)")
    add_timeout_argument(parser)
    parser.set_defaults(handler=ask)


@dataclass
class Question:
    """A parsed one-line question."""

    kind: str
    """``legal`` (what may a seat play), ``play`` (may a seat play a card), ``trick`` (who wins a
    complete trick) or ``score`` (the score of a described result)."""
    position: dict[str, Any] = field(default_factory=dict)
    """The ``position`` mapping of a position record (``legal``, ``play``, ``trick``)."""
    card: str | None = None
    """The card of a ``play`` question."""
    score: dict[str, Any] = field(default_factory=dict)
    """``tricks``, ``points``, ``buried``, ``alone``, ``stakes`` of a ``score`` question."""


def _code(text: str) -> str:
    """``10d`` -> ``TD``, ``qs`` -> ``QS`` (the records' own spelling rules)."""
    return card_code(text)


def _cards(text: str) -> list[str]:
    return [_code(card) for card in re.findall(_CARD, text)]


class _Parser:
    """Reads the clauses of a question one by one; the first clause it cannot read is an error."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.position: dict[str, Any] = {}
        self.trick: list[str] = []
        self.holder: str | None = None
        self.score: dict[str, Any] = {"stakes": 1}
        self.scored = False
        self.kind: str | None = None
        self.asked_seat: str | None = None
        self.card: str | None = None

    def clause(self, raw: str) -> None:
        text = " ".join(raw.lower().replace("’", "'").split()).rstrip("?. ")
        if not text:
            return
        for read in (
            self._question,
            self._picked,
            self._called,
            self._leaster,
            self._partner,
            self._buried,
            self._trick_number,
            self._called_led,
            self._holds,
            self._plays,
            self._result,
            self._doublings,
        ):
            if read(text):
                return
        raise UsageError(
            f"ask: cannot read {raw.strip()!r}. A clause says who picked and called, the trick so far"
            " ('S1 led 9H, S2 KH'), what a seat holds ('S2 holds QD KS 7C'), a result to score"
            " ('the picker's side took 4 tricks and 80 points with 10 buried'), or asks"
            " ('what may S2 play?', 'may S2 play QD?', 'who wins?', 'score?'); see ask --help"
        )

    def _question(self, text: str) -> bool:
        if m := re.fullmatch(rf"(?:so )?what (?:may|can) ({_SEAT}) play", text):
            self.kind, self.asked_seat = "legal", m[1].upper()
        elif m := re.fullmatch(rf"(?:so )?(?:may|can) ({_SEAT}) (?:play|lead) ({_CARD})", text):
            self.kind, self.asked_seat, self.card = "play", m[1].upper(), _code(m[2])
        elif re.fullmatch(r"(?:so )?who (?:wins|takes)(?: it| the trick)?", text):
            self.kind = "trick"
        elif re.fullmatch(r"(?:so )?(?:what(?:'s| is) the )?scores?|what do (?:we|they) pay|who pays", text):
            self.kind = "score"
        else:
            return False
        return True

    def _picked(self, text: str) -> bool:
        m = re.fullmatch(
            rf"({_SEAT}) (?:picked|picks|is the picker)(?:,? (?:and )?(?:(?:went|goes|is|plays) )?(alone)"
            rf"|,? (?:and )?(?:called|calls?) ({_CARD})(?: under ({_CARD}))?)?",
            text,
        )
        if not m:
            return False
        self.position["picker"] = m[1].upper()
        if m[2]:
            self.score["alone"] = True
        if m[3]:
            self._call(m[3], m[4])
        return True

    def _call(self, called: str, under: str | None) -> None:
        self.position["called"] = _code(called)
        if under:
            self.position["under"] = _code(under)

    def _called(self, text: str) -> bool:
        m = re.fullmatch(rf"(?:the picker )?called ({_CARD})(?: under ({_CARD}))?", text)
        if m:
            self._call(m[1], m[2])
        return m is not None

    def _leaster(self, text: str) -> bool:
        if re.fullmatch(r"nobody picked|all passed|everyone passed|(?:a |in a )?leaster", text):
            self.position["picker"] = None
            return True
        return False

    def _partner(self, text: str) -> bool:
        m = re.fullmatch(rf"({_SEAT}) is (?:the )?partner", text)
        if m:
            self.position["partner"] = m[1].upper()
        return m is not None

    def _buried(self, text: str) -> bool:
        m = re.fullmatch(rf"(?:(?:the picker|{_SEAT}) )?buried ((?:{_CARD} ?)+)", text)
        if m:
            self.position["buried"] = _cards(m[1])
        return m is not None

    def _trick_number(self, text: str) -> bool:
        m = re.fullmatch(r"(?:in |it is )?trick ([1-6])", text)
        if m:
            self.position["earlier_tricks"] = int(m[1]) - 1
        return m is not None

    def _called_led(self, text: str) -> bool:
        if re.fullmatch(r"the called suit (?:was|has been) led(?: before| already)?", text):
            self.position["called_suit_led"] = True
            return True
        return False

    def _holds(self, text: str) -> bool:
        m = re.fullmatch(rf"({_SEAT}) (?:holds|has|is holding) ((?:{_CARD} ?)+)", text)
        if m:
            self.holder = m[1].upper()
            self.position["hand"] = _cards(m[2])
        return m is not None

    def _plays(self, text: str) -> bool:
        plays = [part.strip() for part in re.split(r",|\band\b", text) if part.strip()]
        found = []
        for number, part in enumerate(plays):
            verbs = r"(?:led|leads)" if number == 0 and not self.trick else r"(?:played|plays|led|leads)"
            m = re.fullmatch(rf"({_SEAT}) (?:{verbs} )?({_CARD})", part)
            if not m:
                return False
            found.append(f"{m[1].upper()} {_code(m[2])}")
        self.trick += found
        return bool(found)

    def _result(self, text: str) -> bool:
        m = re.fullmatch(
            r"the picker(?:'s side| and (?:the )?partner)?( alone)? (?:took|takes|has|won) (\d) tricks?"
            r",? (?:and|with|worth|for) (\d+) (?:card )?points"
            r"(?:,? (?:and|with) (\d+) (?:points )?(?:buried|in the bury))?",
            text,
        )
        if not m:
            return False
        self.scored = True
        self.score.update(tricks=int(m[2]), points=int(m[3]), buried=int(m[4] or 0))
        if m[1]:
            self.score["alone"] = True
        return True

    def _doublings(self, text: str) -> bool:
        words = re.split(r",? (?:and|then) |, ", text)
        if not words or not all(
            re.fullmatch(r"(?:it was |the hand was )?(?:cracked|re-?cracked|blitzed|doubled)(?: twice)?", w)
            for w in words
        ):
            return False
        for word in words:
            self.score["stakes"] *= 4 if word.endswith("twice") else 2
        return True


def parse_question(text: str) -> Question:
    """Read a one-line question (see the module docstring).

    :raises UsageError: a clause it cannot read, no question, or a question without what it needs.
    """
    if not text.strip():
        raise UsageError(
            'ask: give a question, e.g. "S3 picked and called AH; S1 led 9H; S2 holds QD KS 7C: what may S2 play?"'
        )
    parser = _Parser(text)
    clauses = re.split(r";|:(?=[^:;]*\?\s*$)", text)
    for clause in clauses:
        parser.clause(clause)
    kind = parser.kind
    if kind is None:
        raise UsageError("ask: no question: end with 'what may S2 play?', 'may S2 play QD?', 'who wins?' or 'score?'")
    if kind == "score":
        if not parser.scored:
            raise UsageError(
                "ask: a score question needs a result, e.g. 'the picker's side took 4 tricks and 80 points'"
            )
        score = parser.score
        if not (
            0 <= score["tricks"] <= 6 and 0 <= score["buried"] <= 22 and 0 <= score["points"] <= 120 - score["buried"]
        ):
            raise UsageError("ask: tricks 0-6, at most 22 points buried, and at most 120 card points in all")
        return Question("score", score=score)
    position = dict(parser.position)
    if "picker" not in position and kind != "trick":
        raise UsageError("ask: say who picked ('S3 picked and called AH'), or 'nobody picked' for a leaster")
    if parser.trick:
        position["trick"] = parser.trick
    if kind == "trick":
        if len(parser.trick) != 5:
            raise UsageError(f"ask: 'who wins?' needs the five cards of the trick; {len(parser.trick)} given")
        return Question("trick", position=_ordered(position))
    seat = parser.asked_seat
    if parser.holder != seat or "hand" not in position:
        raise UsageError(f"ask: say what {seat} holds ('{seat} holds QD KS 7C')")
    position["to_act"] = seat
    position.setdefault("earlier_tricks", max(0, 6 - len(position["hand"])))
    if kind == "play" and parser.card not in position["hand"]:
        raise UsageError(f"ask: {seat} does not hold {parser.card} (holds {' '.join(position['hand'])})")
    return Question(kind, position=_ordered(position), card=parser.card)


_ORDER = (
    "picker",
    "partner",
    "called",
    "under",
    "buried",
    "earlier_tricks",
    "called_suit_led",
    "trick",
    "to_act",
    "hand",
)


def _ordered(position: Mapping[str, Any]) -> dict[str, Any]:
    return {key: position[key] for key in _ORDER if key in position}


def position_record(question: Question, text: str, rules: Sequence[str] = ("play.follow-suit",)) -> str:
    """The question as a position record's YAML text (no expectations: the ruling is the answer)."""
    document = {
        "format": "sheepshead-position/1",
        "id": "asked",
        "description": " ".join(text.split()),
        "rules": list(rules),
        "position": question.position,
    }
    return yaml.safe_dump(document, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def _load(text: str, spec: Spec) -> LoadedRecord:
    try:
        return parse_record(text, spec, file="<ask>")
    except RecordProblems as error:
        problems = "; ".join(re.sub(r"^<ask>:(\d+:)?\s*", "", str(problem)) for problem in error.problems)
        raise UsageError(f"ask: not a possible position: {problems}") from None


def ask(args: argparse.Namespace, env: Environment) -> int:
    """Carry out ``ask``.

    :return: the exit status (0: ruled; 2: a question it cannot read, or a usage error).
    :raises UsageError: the question cannot be read or the engine cannot rule on it.
    """
    from conformance.cli.check import own_rule_set
    from conformance.runner import install_reference_aids

    install_reference_aids()
    spec = spec_or_usage_error()
    question = parse_question(args.question)
    adapter = env.engine(args.engine)
    try:
        try:
            info = adapter.info()
        except AdapterError as error:
            raise UsageError(f"engine {args.engine!r} failed its handshake ({error.kind}): {error}") from None
        chosen = args.profile or own_rule_set("standard", info, spec)
        profile = (
            selection_of(spec, [chosen], None, None, need_rules=False, options=args.option).profiles or (chosen,)
        )[0]
        out = env.out
        if question.kind == "score":
            out.write(f"engine: {info.name} {info.version} · profile: {profile}\n\n")
            _ask_score(out, question, adapter, info, spec, spec.profile_options(profile), profile)
            return EXIT_OK
        record = _load(position_record(question, args.question), spec)
        options = configuration(record, spec, profile)
        text = position_record(question, args.question, _rules_of(question, record, info.sent(options)))
        out.write(f"engine: {info.name} {info.version} · profile: {profile}\n\n")
        _ask_position(out, question, _load(text, spec), adapter, info, spec, options, profile)
        out.write("As a position record (save it under fixtures/positions/ and add its expect):\n")
        out.write("".join(f"  {line}\n" for line in text.splitlines()))
        return EXIT_OK
    finally:
        adapter.close()


def _rules_of(question: Question, record: LoadedRecord, options: Mapping[str, str]) -> list[str]:
    """The rules the position's record names: for a play, every rule a card of the hand breaks
    there (as the reference reads the moment), else the general rule of leading or following; for
    a trick, the rule that decides it."""
    from conformance.cases.blame import is_trump
    from conformance.cases.positions import Position
    from conformance.engines.reference import play_violations

    position = Position(record)
    if position.to_act is None:
        trump = any(is_trump(card) for card in position.trick)
        return ["trick.highest-trump-wins" if trump else "trick.highest-of-led-suit-wins"]
    request = position.legal_request(options)
    found = dict.fromkeys(rule for card in position.hand for rule in play_violations(request, card))
    return list(found) or (["play.follow-suit"] if position.trick else ["play.lead-any-card"])


def _ask_position(
    out: TextIO,
    question: Question,
    record: LoadedRecord,
    adapter: Adapter,
    info: EngineInfo,
    spec: Spec,
    options: Mapping[str, str],
    profile: str,
) -> None:
    from conformance.cases.positions import Position
    from conformance.cli.position import rule_on_position
    from conformance.runner import install_reference_aids

    position = Position(record)
    needed = Capability.LEGAL_PLAYS if question.kind != "trick" else Capability.TRICK_WINNER
    if needed not in info.capabilities and Capability.REPLAY not in info.capabilities:
        raise UsageError(f"engine {info.name} cannot rule on this: it lacks capability {needed.value}")
    ruling = rule_on_position(out, position, adapter, info, spec, options, profile, aids=install_reference_aids())
    if question.kind == "play" and question.card is not None and position.to_act is not None:
        out.write(_may_play(question.card, position, ruling.cards, spec, options, info) + "\n")


def _may_play(
    card: str, position: Any, legal: Sequence[str], spec: Spec, options: Mapping[str, str], info: EngineInfo
) -> str:
    """``Answer: S3 may not play QS: it breaks play.follow-suit (Follow suit).``"""
    from conformance.engines.reference import play_violations

    seat = position.to_act
    if card in legal:
        return f"Answer: {seat} may play {card}."
    broken = play_violations(position.legal_request(info.sent(options)), card)
    titles = {rule.id: rule.title for rule in spec.rules}
    why = ", or ".join(f"{rule} ({titles.get(rule, '?')})" for rule in broken) or "no rule the reference names"
    return f"Answer: {seat} may not play {card}: it breaks {why}."


def _score_text(response: Any, stakes: int, options: Mapping[str, str]) -> str:
    """``loss: the picker -2, the partner -1, each defender +1``, and the stakes when they count."""
    partner = f", the partner {response.partner:+d}" if response.partner else ""
    text = f"{response.kind}: the picker {response.picker:+d}{partner}, each defender {response.defender:+d}"
    bumped = response.kind in ("loss", "schneidered", "no-tricks") and options.get("double-on-the-bump") == "on"
    factor = stakes * (2 if bumped else 1)
    if factor > 1:
        text += f" (x{factor}" + (", the loss doubled on the bump" if bumped else "")
        text += f"{_cap_text(response.kind, factor, options)})"
    return text


_TIER = {"schneider": 2, "schneidered": 2, "all-tricks": 3, "no-tricks": 3}
"""A hand's tier, counted with the doublings under ``stakes-cap: sixty-four-with-tiers``."""


def _cap_text(kind: str, factor: int, options: Mapping[str, str]) -> str:
    """``, capped at x16`` when the hand's cap bites (rule ``crack.cap``), else nothing."""
    cap = options.get("stakes-cap")
    if cap == "sixteen" and factor > 16:
        return ", capped at x16"
    tier = _TIER.get(kind, 1)
    if cap == "sixty-four-with-tiers" and tier * factor > 64:
        plain = "loss" if kind in ("loss", "schneidered", "no-tricks") else "win"
        return f", x{tier} for the tier = x{tier * factor}, capped at x64 a plain {plain}"
    return ""


def _ask_score(
    out: TextIO,
    question: Question,
    adapter: Adapter,
    info: EngineInfo,
    spec: Spec,
    options: Mapping[str, str],
    profile: str,
) -> None:
    if Capability.SCORE not in info.capabilities:
        raise UsageError(f"engine {info.name} cannot rule on this: it lacks capability score")
    score = question.score
    tricks, points, buried = score["tricks"], score["points"], score["buried"]
    alone, stakes = bool(score.get("alone")), int(score["stakes"])

    def ruled(chosen: Mapping[str, str]) -> str:
        try:
            return _score_text(
                adapter.score(ScoreRequest(info.sent(chosen), points, buried, tricks, alone, stakes)), stakes, chosen
            )
        except AdapterError as error:
            return f"engine error ({error.kind}): {error}"

    side = "the picker alone" if alone else "the picker's side"
    stake = f", at stakes x{stakes}" if stakes > 1 else ""
    out.write(
        f"Result: {side} took {tricks} trick{'s' if tricks != 1 else ''} and {points} card points,"
        f" {buried} buried{stake}\n"
    )
    base = ruled(options)
    out.write(f"Ruling under {profile}: {base}\n\n")
    rules = RuleSet.of_engine(info, spec)
    rows = [["axis", "option", "ruling"]]
    for axis in spec.axes:
        played = [option.id for option in axis.options if option.id in rules.plays(axis.id)]
        rulings = [(option, ruled({**options, axis.id: option})) for option in played]
        if len({text for _, text in rulings}) > 1:
            rows += [[axis.id, option, text] for option, text in rulings]
    if len(rows) > 1:
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        out.write("Where the variants differ (each axis switched alone from the profile):\n")
        out.write("".join("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() + "\n" for row in rows))
    else:
        out.write("No variant axis changes this ruling.\n")
    who = "The picker alone" if alone else "The picker's side"
    out.write("\nAs scenario steps (features/scoring/):\n")
    if stakes > 1:
        out.write(f"  Given the stakes are multiplied by {stakes}\n")
    out.write(f"  When {who[0].lower() + who[1:]} takes {tricks} tricks worth {points} points with {buried} buried\n")
