"""The eighteen profiles of spec/variants.yaml as SPEC.md's profile section lists them.

Rules: every rule with a variant axis (jack-order ... revoke-penalty); each profile picks one
option per axis, inheriting from its parent and changing the options SPEC.md names.
"""

from __future__ import annotations

import pytest

from reference_impl.profile import AXIS_FIELDS, Profile, profile_names

# standard, typed from the first column of SPEC.md's profile table.
STANDARD = {
    "jack-order": "clubs-first",
    "void-play": "free",
    "defender-sweep": "shared",
    "no-tricker": "tricks",
    "double-on-the-bump": "off",
    "schneider-line": "ninety-one",
    "all-pass": "leaster",
    "leaster-blind": "last-trick",
    "leaster-needs-trick": "yes",
    "leaster-tie": "no-exchange",
    "schwanzer-tie": "nobody",
    "called-ten-rank": "normal",
    "ten-call-ace": "hand-or-bury",
    "ten-call-hold": "any-card",
    "no-callable-suit": "under",
    "bury-on-no-trick": "picker",
    "call-timing": "bury-then-call",
    "called-suit-lead": "any-time",
    "doubler-stacking": "queue",
    "all-pass-dealer": "passes-left",
    "cracking": "off",
    "blitzing": "off",
    "stakes-cap": "none",
    "revoke-penalty": "loses-hand",
}
TOURNAMENT = {"double-on-the-bump": "on"}
DOUBLER = {"all-pass": "doubler"}
SCHWANZER = {"all-pass": "schwanzer", "schwanzer-tie": "highest-trump-pays"}
CAPPED_CRACKING = {
    "cracking": "crack",
    "blitzing": "queens",
    "double-on-the-bump": "on",
    "stakes-cap": "sixteen",
    "revoke-penalty": "schneider",
}
# Each profile's changes ("Inherits X; changes ...") applied down its chain of parents.
PROFILES = {
    "standard": {},
    "translated-article": {
        "jack-order": "spades-first",
        "void-play": "must-trump",
        "defender-sweep": "partner-off-hook",
        "called-suit-lead": "after-first-lead",
    },
    "tournament": TOURNAMENT,
    "sheepshead-org": {**TOURNAMENT, "defender-sweep": "partner-off-hook"},
    "wikipedia": {
        **TOURNAMENT,
        "bury-on-no-trick": "defenders",
        "called-ten-rank": "wins-suit",
        "leaster-needs-trick": "no",
        "ten-call-ace": "in-hand",
        "ten-call-hold": "the-ace",
    },
    "doubler": DOUBLER,
    "doubler-single": {**DOUBLER, "doubler-stacking": "single"},
    "redeal": {"all-pass": "redeal", "all-pass-dealer": "same-dealer"},
    "compromised-redeal": {"revoke-penalty": "redeal"},
    "sheepsheadai": {
        "call-timing": "call-then-bury",
        "no-tricker": "points",
        "leaster-blind": "first-trick",
        "called-ten-rank": "until-led",
        "double-on-the-bump": "on",
        "bury-on-no-trick": "no-trick-points",
        "leaster-tie": "random",
    },
    "open-leaster": {
        "leaster-blind": "nobody",
        "leaster-needs-trick": "no",
        "leaster-tie": "split",
        "no-callable-suit": "alone",
    },
    "ninety-line": {"schneider-line": "ninety"},
    "schwanzer": SCHWANZER,
    "schwanzer-all-tied": {**SCHWANZER, "schwanzer-tie": "all-tied-pay"},
    "cracking": {"cracking": "crack", "blitzing": "queens"},
    "capped-cracking": CAPPED_CRACKING,
    "capped-cracking-64": {**CAPPED_CRACKING, "stakes-cap": "sixty-four-with-tiers"},
    "blitz-at-the-pick": {"cracking": "crack", "blitzing": "at-the-pick"},
}


def test_eighteen_profiles_in_spec_order() -> None:
    """The 18 profiles of SPEC.md, standard first."""
    assert profile_names() == list(PROFILES)


def test_twenty_four_axes() -> None:
    """The 24 variant axes of SPEC.md."""
    assert set(AXIS_FIELDS) == set(STANDARD)
    assert len(AXIS_FIELDS) == 24


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_options(name: str) -> None:
    """Each profile's option on every axis."""
    assert Profile.named(name).options() == {**STANDARD, **PROFILES[name]}


def test_overrides_change_only_the_named_axes() -> None:
    """A profile with an override is its parent with that one axis changed."""
    derived = Profile.named("standard").with_options({"void-play": "must-trump"})
    assert derived.options() == {**STANDARD, "void-play": "must-trump"}
    assert derived.option("void-play") == "must-trump"
    assert Profile.named("standard").option("void-play") == "free"


def test_axes_read_counts_the_axes_a_run_reads() -> None:
    """The dependence gate's oracle: an axis never read cannot change a run."""
    from reference_impl.profile import axes_read

    derived = Profile.named("standard").with_options({"void-play": "must-trump"})
    with axes_read() as read:
        assert derived.jack_order == "clubs-first" and derived.void_play == "must-trump"
        Profile.named("standard").with_options({"cracking": "crack"})  # copying a named profile reads it
    assert read == {"jack-order", "void-play"}
    assert derived.leaster_tie == "no-exchange" and read == {"jack-order", "void-play"}  # the block is over
