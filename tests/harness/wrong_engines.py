"""Wrong engines named by an engine text, as a user names theirs on the command line
(``--sheepshead-engine python:tests.harness.wrong_engines:void_must_trump``): the reference with
one planted bug each (:data:`conformance.gates.mutants.MUTANTS`)."""

from __future__ import annotations

from conformance.adapter import Adapter
from conformance.gates.mutants import MUTANTS

__all__ = ["first_trump_wins", "schneider_at_ninety", "void_must_trump"]


def void_must_trump() -> Adapter:
    """A void player must trump (``play.void-must-trump``)."""
    return MUTANTS["play.void-must-trump"].adapter()


def first_trump_wins() -> Adapter:
    """The first trump played wins the trick (``trick.first-trump-wins``)."""
    return MUTANTS["trick.first-trump-wins"].adapter()


def schneider_at_ninety() -> Adapter:
    """90 card points is a schneider (``scoring.schneider-at-ninety``)."""
    return MUTANTS["scoring.schneider-at-ninety"].adapter()
