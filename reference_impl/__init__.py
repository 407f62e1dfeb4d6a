"""The reference Sheepshead engine: five-handed called-ace Sheepshead, exactly as ``spec/`` says.

Every rule of ``spec/rules.yaml`` is enforced, and every variant behaviour is read from one
:class:`Profile` (``spec/variants.yaml``). Rejected actions raise :class:`IllegalActionError`
naming the rule they break and leave the hand unchanged. This package imports nothing from
``conformance``.
"""

from reference_impl.cards import Card, CardMask, parse_card, parse_cards
from reference_impl.errors import IllegalActionError, InvalidActionError, SheepsheadError
from reference_impl.hand import Action, ActionKind, Hand, Outcome, Phase, Trick
from reference_impl.perft import divide, perft
from reference_impl.profile import Profile, profile_names
from reference_impl.record import (
    HandRecord,
    RecordError,
    ReplayResult,
    dumps,
    load,
    load_session,
    loads,
    replay,
    replay_session,
)
from reference_impl.scoring import OutcomeKind
from reference_impl.session import Session

__all__ = [
    "Action",
    "ActionKind",
    "Card",
    "CardMask",
    "Hand",
    "HandRecord",
    "IllegalActionError",
    "InvalidActionError",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "Profile",
    "RecordError",
    "ReplayResult",
    "Session",
    "SheepsheadError",
    "Trick",
    "divide",
    "dumps",
    "load",
    "load_session",
    "loads",
    "parse_card",
    "parse_cards",
    "perft",
    "profile_names",
    "replay",
    "replay_session",
]
