"""The variant profile: the one object that decides every variant behaviour of the engine.

A :class:`Profile` holds one option per variant axis of ``spec/variants.yaml``. Named
profiles come from the spec; overrides make new ones:

>>> profile = Profile.named("standard")
>>> profile.double_on_the_bump
'off'
>>> profile.with_options({"double-on-the-bump": "on"}).double_on_the_bump
'on'
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Literal

from reference_impl.errors import InvalidActionError

__all__ = ["AXIS_FIELDS", "Profile", "axes_read", "profile_names"]

JackOrder = Literal["clubs-first", "spades-first"]
VoidPlay = Literal["free", "must-trump"]
DefenderSweep = Literal["shared", "partner-off-hook"]
NoTricker = Literal["tricks", "points"]
OnOff = Literal["on", "off"]
SchneiderLine = Literal["ninety-one", "ninety"]
AllPass = Literal["leaster", "doubler", "redeal", "schwanzer"]
LeasterBlind = Literal["last-trick", "first-trick", "nobody"]
YesNo = Literal["yes", "no"]
LeasterTie = Literal["no-exchange", "split", "random"]
SchwanzerTie = Literal["nobody", "highest-trump-pays", "all-tied-pay"]
CalledTenRank = Literal["normal", "wins-suit", "until-led"]
TenCallAce = Literal["hand-or-bury", "in-hand"]
TenCallHold = Literal["any-card", "the-ace"]
NoCallableSuit = Literal["under", "alone"]
BuryOnNoTrick = Literal["picker", "defenders", "no-trick-points"]
CallTiming = Literal["bury-then-call", "call-then-bury"]
CalledSuitLead = Literal["any-time", "after-first-lead"]
DoublerStacking = Literal["queue", "single"]
AllPassDealer = Literal["passes-left", "same-dealer"]
Cracking = Literal["off", "crack"]
Blitzing = Literal["off", "queens", "at-the-pick"]
StakesCap = Literal["none", "sixteen", "sixty-four-with-tiers"]
RevokePenalty = Literal["loses-hand", "schneider", "redeal"]


@dataclasses.dataclass(frozen=True)
class Profile:
    """One option for every variant axis (field ``jack_order`` is axis ``jack-order``)."""

    name: str
    """The profile's name, or a description of how it was derived (``standard+double-on-the-bump=on``)."""
    jack_order: JackOrder
    void_play: VoidPlay
    defender_sweep: DefenderSweep
    no_tricker: NoTricker
    double_on_the_bump: OnOff
    schneider_line: SchneiderLine
    all_pass: AllPass
    leaster_blind: LeasterBlind
    leaster_needs_trick: YesNo
    leaster_tie: LeasterTie
    schwanzer_tie: SchwanzerTie
    called_ten_rank: CalledTenRank
    ten_call_ace: TenCallAce
    ten_call_hold: TenCallHold
    no_callable_suit: NoCallableSuit
    bury_on_no_trick: BuryOnNoTrick
    call_timing: CallTiming
    called_suit_lead: CalledSuitLead
    doubler_stacking: DoublerStacking
    all_pass_dealer: AllPassDealer
    cracking: Cracking
    blitzing: Blitzing
    stakes_cap: StakesCap
    revoke_penalty: RevokePenalty

    @classmethod
    def named(cls, name: str) -> Profile:
        """The named profile of ``spec/variants.yaml``.

        :raises InvalidActionError: no profile has that name.
        """
        return _named_profile(name)

    @classmethod
    def from_options(cls, name: str, options: Mapping[str, str]) -> Profile:
        """A profile from a complete ``{axis-id: option-id}`` mapping.

        :raises InvalidActionError: an axis is missing or unknown, or an option is unknown.
        """
        missing = sorted(set(AXIS_FIELDS) - set(options))
        if missing:
            raise InvalidActionError(f"profile {name!r} sets no option for axes {missing}")
        _check_options(options)
        values: dict[str, Any] = {AXIS_FIELDS[axis]: option for axis, option in options.items()}
        return cls(name=name, **values)

    def option(self, axis: str) -> str:
        """The option this profile chooses on the axis with the given spec id."""
        if axis not in AXIS_FIELDS:
            raise InvalidActionError(f"unknown variant axis {axis!r}")
        value: str = getattr(self, AXIS_FIELDS[axis])
        return value

    def options(self) -> dict[str, str]:
        """All choices as ``{axis-id: option-id}``."""
        return {axis: getattr(self, field) for axis, field in AXIS_FIELDS.items()}

    def with_options(self, overrides: Mapping[str, str], *, name: str | None = None) -> Profile:
        """This profile with some axes overridden by ``{axis-id: option-id}``.

        :raises InvalidActionError: an axis or option is unknown.
        """
        if not overrides:
            return self
        _check_options(overrides)
        changed: dict[str, Any] = {AXIS_FIELDS[axis]: option for axis, option in overrides.items()}
        label = name or self.name + "".join(f"+{a}={o}" for a, o in sorted(overrides.items()))
        return dataclasses.replace(self, name=label, **changed)


AXIS_FIELDS: dict[str, str] = {
    field.name.replace("_", "-"): field.name for field in dataclasses.fields(Profile) if field.name != "name"
}
"""Spec axis id -> :class:`Profile` field name."""

_HINTS = typing.get_type_hints(Profile)
_ALLOWED: dict[str, frozenset[str]] = {
    axis: frozenset(typing.get_args(_HINTS[field])) for axis, field in AXIS_FIELDS.items()
}


@contextlib.contextmanager
def axes_read() -> Iterator[set[str]]:
    """Collect the axes whose option the engine reads while the block runs.

    Every variant behaviour of the engine reads its :class:`Profile` (the one object that decides
    them), so an axis never read in a run cannot change it: the dependence gate flips only the
    axes a case's run read. Reads of the named profiles themselves (``with_options`` copies the
    standard profile) are not counted.
    """
    read: set[str] = set()
    named = set(map(id, (_named_profile(name) for name in profile_names())))
    axis_of = {field: axis for axis, field in AXIS_FIELDS.items()}
    original = Profile.__getattribute__

    def tracking(self: Profile, name: str) -> Any:
        if name in axis_of and id(self) not in named:
            read.add(axis_of[name])
        return original(self, name)

    Profile.__getattribute__ = tracking  # type: ignore[method-assign, assignment]
    try:
        yield read
    finally:
        Profile.__getattribute__ = original  # type: ignore[method-assign]


def _check_options(options: Mapping[str, str]) -> None:
    for axis, option in options.items():
        allowed = _ALLOWED.get(axis)
        if allowed is None:
            raise InvalidActionError(f"unknown variant axis {axis!r}; known: {sorted(_ALLOWED)}")
        if option not in allowed:
            raise InvalidActionError(f"unknown option {option!r} for axis {axis!r}; known: {sorted(allowed)}")


@functools.cache
def _spec_profiles() -> dict[str, dict[str, str]]:
    from sheepshead_spec import load_spec

    spec = load_spec()
    return {profile.id: spec.profile_options(profile.id) for profile in spec.profiles}


def profile_names() -> list[str]:
    """The names of the spec's profiles, in the spec's order."""
    return list(_spec_profiles())


@functools.cache
def _named_profile(name: str) -> Profile:
    profiles = _spec_profiles()
    if name not in profiles:
        raise InvalidActionError(f"unknown profile {name!r}; known: {list(profiles)}")
    return Profile.from_options(name, profiles[name])
