"""In-process engines for the plugin's tests, each named after its one fault (``python:`` factories).

Each wraps the reference adapter and changes one thing, so the suite's verdicts on it are known:

- :func:`wrong_engine` counts every ace 12 and ranks the jack of spades above the jack of clubs:
  card-point and ranking cases fail with expected vs actual, the rest pass.
- :func:`card_points_only_engine` declares only ``card-points``: every other case is unsupported.
- :func:`standard_only_engine` supports only the standard profile's options.
- :func:`crashing_engine` fails every replay with an :class:`~conformance.adapter.AdapterError`.
- :func:`not_an_engine` returns something that is not an adapter.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from sheepshead_spec import load_spec

from conformance.adapter import (
    AdapterError,
    Capability,
    CardPointsRequest,
    EngineInfo,
    ReplayRequest,
    ReplayResponse,
    SessionRequest,
    SessionResponse,
    TrickWinnerRequest,
)
from conformance.engines.reference import ReferenceAdapter


class _Wrapper(ReferenceAdapter):
    """The reference engine, to be changed by a subclass."""


class WrongOnPurpose(_Wrapper):
    """Aces count 12; the jack of spades beats the jack of clubs under every profile."""

    def card_points(self, request: CardPointsRequest) -> int:
        return super().card_points(request) + sum(1 for card in request.cards if card.startswith("A"))

    def trick_winner(self, request: TrickWinnerRequest) -> int:
        if set(request.cards) == {"JC", "JS"}:
            return request.cards.index("JS")
        return super().trick_winner(request)


class CardPointsOnly(_Wrapper):
    """Declares (and answers) card points only."""

    def __init__(self) -> None:
        super().__init__()
        self._limited = dataclasses.replace(super().info(), capabilities=frozenset({Capability.CARD_POINTS}))

    def info(self) -> EngineInfo:
        return self._limited


class StandardOnly(_Wrapper):
    """Declares only the standard profile's options."""

    def __init__(self) -> None:
        super().__init__()
        options: Mapping[str, str] = load_spec().profile_options("standard")
        only = {axis: (option,) for axis, option in options.items()}
        self._standard = dataclasses.replace(super().info(), options=only)

    def info(self) -> EngineInfo:
        return self._standard


class Crashing(_Wrapper):
    """Every replay and session fails as if the engine process had died."""

    def replay(self, request: ReplayRequest) -> ReplayResponse:
        raise AdapterError("crash", "the engine exited with status 3 during a replay", detail="Traceback: boom")

    def session(self, request: SessionRequest) -> SessionResponse:
        raise AdapterError("crash", "the engine exited with status 3 during a session", detail="Traceback: boom")


def wrong_engine() -> WrongOnPurpose:
    """See :class:`WrongOnPurpose`."""
    return WrongOnPurpose()


def card_points_only_engine() -> CardPointsOnly:
    """See :class:`CardPointsOnly`."""
    return CardPointsOnly()


def standard_only_engine() -> StandardOnly:
    """See :class:`StandardOnly`."""
    return StandardOnly()


def crashing_engine() -> Crashing:
    """See :class:`Crashing`."""
    return Crashing()


def not_an_engine() -> object:
    """Returns a plain object."""
    return object()
