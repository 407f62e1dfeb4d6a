"""The class of a divergence: what differs and the rule it breaks, named the same whatever the
seed, the hand, the trick or the seat that showed it.

A fuzzing run reports one class per bug, not one per hand: hands that part from the reference in
the same way (the same kind of difference, blamed on the same rules) are counted together, and one
of them, shrunk, is the class's record. A class never names anything a seed decides (a trick's
number, a seat, a card, a hand of a session), so that the same bug gets the same class name in
every run, and runs of several seeds merge (``fuzz report``). The kinds of difference:

- at a decision: ``turn`` (another seat to act), ``ended`` (no seat to act), ``stuck`` (a seat
  to act after the end), ``not-offered`` (a legal action left out of the legal actions),
  ``refused`` (a legal action refused), ``offered`` (an action the rules forbid listed as legal),
  ``accepted`` (an action the rules forbid accepted), ``deal`` (a pack dealt otherwise: the same
  hand dealt by hands agrees);
- in a result: ``trick-winner``, ``trick-points``, ``outcome``, ``points``, ``scores``, and for a
  hand asked as queries ``query-`` and the query (``query-legal-plays``, ``query-trick-winner``…);
- ``score-query``; in a session, the difference of its first hand that shows it when played
  alone; else (the doubler, the deal's rotation, the totals) ``session-`` and what differs in the
  session: ``session-deal`` (a hand's dealer refused), ``session-scores``, ``session-totals``…;
- ``crash`` (in a hand), ``crash-session``, ``crash-score-query``, ``crash-query``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["check_difference", "class_name"]

_HAND_PREFIX = re.compile(r"^hand \d+: ")
_CHECKS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name)
    for pattern, name in (
        (r"^winner of trick \d+", "trick-winner"),
        (r"^points of trick \d+", "trick-points"),
        (r"^trick \d+", "trick"),
        (r"^legal plays of ", "legal-plays"),
        (r"^who is to play after ", "turn"),
        (r"^rule broken by ", "rule-named"),
        (r"^index of the rejected action", "refused"),
        (r"^end of the hand", "ended"),
        (r"^session totals", "totals"),
        (r"^session: rule broken", "rule-named"),
        (r"^hand \d+ of the session", "deal"),
        (r"^hand \d+$", "missing-hand"),
    )
)


def check_difference(label: str, expected: str = "") -> str:
    """The kind of difference a record judge's check names, without its trick, hand or seat.

    >>> check_difference("winner of trick 3 (who leads trick 4)")
    'trick-winner'
    >>> check_difference("hand 2: legality of 'S3 play QC'", "accepted")
    'refused'
    >>> check_difference("hand 1: picker side card points")
    'points'
    """
    label = _HAND_PREFIX.sub("", label)
    if label.startswith("legality of "):
        return "refused" if expected.startswith("accepted") else "accepted"
    for pattern, name in _CHECKS:
        if pattern.match(label):
            return name
    if label.endswith(("card points", "tricks", "seat points")):
        return "points"
    if label in ("outcome", "scores", "partner", "leaster winner"):
        return "outcome" if label == "leaster winner" else label
    words = re.sub(r"'[^']*'|\bS[1-5]\b|\d+", " ", label).split()
    return "-".join(words) or "result"


def class_name(difference: str, rules: Sequence[str]) -> str:
    """A class's name: the kind of difference and the rules blamed.

    >>> class_name("not-offered", ["play.hold-card-last-trick"])
    'not-offered play.hold-card-last-trick'
    """
    return f"{difference} {' + '.join(rules) or '(no rule named)'}"
