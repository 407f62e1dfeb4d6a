"""``check IRREGULARITY.yaml``: rule on a deal that went wrong (hand-records.md 15).

The protocol has no request for an irregular deal (an engine is only ever given six cards each
and two in the blind), so the ruling is the reference engine's (:mod:`reference_impl.irregularities`,
through :func:`conformance.engines.reference.rule_on_irregular_deal`): whether the deal is thrown
in, who deals next, and the rule. The record's expectations are compared with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TextIO

from sheepshead_spec import Spec
from sheepshead_spec.record_actions import LoadedRecord, configuration, resolve

from conformance.cli.support import EXIT_FAILED, EXIT_OK, UsageError

__all__ = ["check_irregularity"]

_KINDS = {
    "wrong-count": "a seat or the blind got the wrong number of cards",
    "not-three-two-three": "the cards were not dealt three, two to the blind, three",
    "card-exposed": "a card was turned face up in the deal",
    "out-of-turn": "the wrong seat dealt",
}


def _described(data: Mapping[str, Any]) -> str:
    what = data["irregularity"]
    kind = what["kind"]
    text = f"{data['dealer']} deals; {_KINDS[kind]}"
    if kind == "wrong-count":
        counts = what["counts"]
        text += " (" + ", ".join(f"{seat} {counts[seat]}" for seat in ("S1", "S2", "S3", "S4", "S5", "blind")) + ")"
    if kind == "card-exposed":
        card = f" {what['card']}" if what.get("card") else ""
        text += f": the {what['exposed_by']} turned{card} over"
    if kind == "out-of-turn":
        text += f": it was {what['due']}'s deal, noticed {what['noticed'].replace('-', ' ')}"
    return text


def _text(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def check_irregularity(out: TextIO, spec: Spec, record: LoadedRecord, profile: str) -> int:
    """Print the ruling on an irregularity record and compare it with the record's expectations.

    :return: the exit status (0 the ruling agrees with the record, 1 it does not).
    :raises UsageError: the reference cannot rule on the record.
    """
    from conformance.engines.reference import rule_on_irregular_deal

    data = record.data
    what = data["irregularity"]
    try:
        ruling = rule_on_irregular_deal(
            what["kind"],
            data["dealer"],
            exposed_by=what.get("exposed_by"),
            due=what.get("due"),
            noticed=what.get("noticed"),
        )
    except ValueError as error:
        raise UsageError(f"{record.file}: no ruling: {error}") from None
    titles = {rule.id: rule.title for rule in spec.rules}
    out.write(f"check {record.file}: {data.get('id') or record.file}\n")
    if data.get("description"):
        out.write(f"  {data['description']}\n")
    out.write(
        f"profile: {profile} · ruled by the reference engine (the protocol has no request for an irregular deal)\n\n"
    )
    out.write(f"Irregularity: {_described(data)}\n")
    verdict = "thrown in: the hand is not played and nothing is scored" if ruling.misdeal else "the deal stands"
    out.write(f"Ruling: {verdict} ({ruling.why}) ({ruling.rule_id}: {titles.get(ruling.rule_id, '?')})\n")
    next_deal = (
        "deals again"
        if ruling.misdeal and ruling.deals_next == data["dealer"]
        else "deals instead"
        if ruling.misdeal
        else "deals the next hand"
    )
    out.write(f"  {ruling.deals_next} {next_deal}\n\n")
    options = configuration(record, spec, profile)
    expect = data.get("expect") or {}
    wanted = {"misdeal": ruling.misdeal, "deals_next": ruling.deals_next, "rule": ruling.rule_id}
    out.write(f"Expectations of the record under {profile}:\n")
    differs = 0
    for key in ("misdeal", "deals_next", "rule"):
        if key not in expect:
            continue
        applies, value = resolve(expect[key], options, profile)
        if not applies:
            continue
        line = record.where(("expect", key))
        if value == wanted[key]:
            out.write(f"  agrees   {key.replace('_', ' ')}: {_text(value)}\n")
        else:
            differs += 1
            out.write(
                f"  DIFFERS  {key.replace('_', ' ')}: record {_text(value)}, ruling {_text(wanted[key])} ({line})\n"
            )
    if differs:
        out.write(
            f"\nVerdict: FAILED: the ruling disagrees with {differs} expectation{'s' if differs != 1 else ''} of the record.\n"
        )
        return EXIT_FAILED
    out.write("\nVerdict: PASSED: the ruling agrees with the record.\n")
    return EXIT_OK
