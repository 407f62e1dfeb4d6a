"""The picker's bury and call in the order of the ``call-timing`` option.

A hand written bury-then-call (``S3 pick, S3 bury TS 7S, S3 call AH``) holds under
call-then-bury too, played ``S3 pick, S3 call AH, S3 bury TS 7S``, whenever the call and the bury
are legal in both orders: the same cards are buried and called, and nothing after depends on
which came first. So a scenario or record that holds both is replayed in the order the engine
plays; where the order changes what is legal (a call the eight cards forbid and the six allow),
the case carries an expectation for each order instead.

>>> actions = ["S1 pass", "S2 pass", "S3 pick", "S3 bury TS 7S", "S3 call AH", "S1 play 9C"]
>>> [actions[i] for i in replay_order(actions, "call-then-bury")][2:5]
['S3 pick', 'S3 call AH', 'S3 bury TS 7S']
>>> replay_order(actions, "bury-then-call") == list(range(6))
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["has_bury_and_call", "replay_order"]

_CALL_VERBS = ("call", "alone")


def _verb(action: str) -> str:
    parts = action.split()
    return parts[1] if len(parts) > 1 else ""


def _positions(actions: Sequence[str]) -> tuple[int | None, int | None]:
    bury = next((i for i, a in enumerate(actions) if _verb(a) == "bury"), None)
    call = next((i for i, a in enumerate(actions) if _verb(a) in _CALL_VERBS), None)
    return bury, call


def has_bury_and_call(actions: Sequence[str]) -> bool:
    """Whether the actions hold both the picker's bury and their call (or going alone)."""
    bury, call = _positions(actions)
    return bury is not None and call is not None


def replay_order(actions: Sequence[str], timing: str | None) -> list[int]:
    """The indices of ``actions`` in replay order under ``timing`` (``call-then-bury`` or
    ``bury-then-call``): the call moved before the bury, or the bury before the call, when both
    are present; otherwise the order as written."""
    order = list(range(len(actions)))
    bury, call = _positions(actions)
    if bury is None or call is None:
        return order
    if timing == "call-then-bury" and bury < call:
        order.remove(call)
        order.insert(bury, call)
    elif timing == "bury-then-call" and call < bury:
        order.remove(bury)
        order.insert(call, bury)
    return order
