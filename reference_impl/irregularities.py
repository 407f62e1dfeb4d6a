"""The reference engine's ruling on a deal that went wrong (area ``procedure``).

An engine is only ever given a regular deal (six cards each and two in the blind), so the protocol
has no request for an irregular one; the suite rules on it from an irregularity record
(``sheepshead-irregularity/1``, hand-records.md 15) with this module:

- a wrong number of cards, a deal not three, two to the blind, three, or a card the dealer turns
  over: a misdeal (``procedure.misdeal``); the cards are thrown in and the same dealer deals again;
- a card a player turns over: not a misdeal (``procedure.card-exposed-by-player``); the hand is
  played and the deal passes left after it;
- a deal out of turn (``procedure.deal-out-of-turn``): noticed before the first card is played,
  the seat whose deal it was deals; noticed after, the hand stands and the deal passes on from the
  seat that dealt it.

>>> rule_on_irregular_deal("card-exposed", dealer=5, exposed_by="dealer")
IrregularRuling(misdeal=True, deals_next=5, rule_id='procedure.misdeal', why='the dealer turned a card over: an automatic misdeal')
"""

from __future__ import annotations

from typing import NamedTuple

from reference_impl.errors import InvalidActionError

__all__ = ["KINDS", "IrregularRuling", "rule_on_irregular_deal"]

KINDS = ("wrong-count", "not-three-two-three", "card-exposed", "out-of-turn")


class IrregularRuling(NamedTuple):
    """Whether the deal is thrown in, who deals next (seats 1-5), the rule and why."""

    misdeal: bool
    deals_next: int
    rule_id: str
    why: str


def _left(seat: int) -> int:
    return seat % 5 + 1


def rule_on_irregular_deal(
    kind: str, *, dealer: int, exposed_by: str | None = None, due: int | None = None, noticed: str | None = None
) -> IrregularRuling:
    """Rule on an irregular deal by ``dealer`` (a seat 1-5).

    :param kind: one of :data:`KINDS`.
    :param exposed_by: ``dealer`` or ``player`` (``card-exposed``).
    :param due: the seat whose deal it was (``out-of-turn``).
    :param noticed: ``before-play`` or ``after-play`` (``out-of-turn``).
    :raises InvalidActionError: an unknown kind, or what the kind needs is missing.
    """
    if not 1 <= dealer <= 5:
        raise InvalidActionError(f"no seat {dealer}")
    if kind in ("wrong-count", "not-three-two-three"):
        why = (
            "a seat or the blind got the wrong number of cards"
            if kind == "wrong-count"
            else ("the cards were not dealt three, two to the blind, three")
        )
        return IrregularRuling(True, dealer, "procedure.misdeal", f"{why}: a misdeal")
    if kind == "card-exposed":
        if exposed_by == "dealer":
            return IrregularRuling(
                True, dealer, "procedure.misdeal", "the dealer turned a card over: an automatic misdeal"
            )
        if exposed_by == "player":
            return IrregularRuling(
                False,
                _left(dealer),
                "procedure.card-exposed-by-player",
                "a player turned the card over: the deal stands",
            )
        raise InvalidActionError("a card-exposed irregularity needs exposed_by: dealer or player")
    if kind == "out-of-turn":
        if due is None or not 1 <= due <= 5 or due == dealer or noticed not in ("before-play", "after-play"):
            raise InvalidActionError(
                "a deal out of turn needs the seat whose deal it was (not the dealer) and when it was noticed"
            )
        if noticed == "before-play":
            return IrregularRuling(
                True,
                due,
                "procedure.deal-out-of-turn",
                "noticed before the first card: thrown in, dealt by the seat whose deal it was",
            )
        return IrregularRuling(
            False,
            _left(dealer),
            "procedure.deal-out-of-turn",
            "noticed after play began: the hand stands, the deal passes on",
        )
    raise InvalidActionError(f"unknown irregularity {kind!r}; expected one of {KINDS}")
