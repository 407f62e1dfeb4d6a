"""The engine's exceptions, split by kind of wrongness.

- :class:`InvalidActionError`: the input cannot be understood at all (an unknown card code,
  a malformed action, an unknown profile or option).
- :class:`IllegalActionError`: well formed, but the rules forbid it here; it names the rule
  ID it breaks, the seat that tried it and the action.

Both carry ``rule_id`` so that a caller (the conformance harness, a test) can act on it
without parsing the message.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["IllegalActionError", "InvalidActionError", "SheepsheadError"]


class SheepsheadError(ValueError):
    """Base class of every error the engine raises on bad input."""

    rule_id: str | None
    """The ID of the rule in ``spec/rules.yaml`` behind the error, when there is one."""

    def __init__(self, message: str, *, rule_id: str | None = None) -> None:
        super().__init__(message)
        self.rule_id = rule_id


class InvalidActionError(SheepsheadError):
    """The input is malformed: it names no card, action, seat, profile or option."""


class IllegalActionError(SheepsheadError):
    """A well-formed action that the rules forbid in the current position.

    The state it was tried on is left exactly as it was.
    """

    rule_id: str
    seat: int | None
    """The seat (1-5) that tried the action, when the action had one."""
    action: str
    """The action as text, e.g. ``'S3 play QC'``."""

    reason: str
    """The message without the position."""

    rule_ids: tuple[str, ...]
    """Every rule the action breaks, :attr:`rule_id` (the one named) first."""

    def __init__(
        self,
        message: str,
        *,
        rule_id: str,
        seat: int | None,
        action: str,
        position: Callable[[], str] | None = None,
        also: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, rule_id=rule_id)
        self.rule_id = rule_id
        self.rule_ids = (rule_id, *also)
        self.seat = seat
        self.action = action
        self.reason = message
        self._position = position
        self._text: str | None = None

    def __str__(self) -> str:
        # The position is rendered when the message is first read, not when the action is
        # refused: a simulation refusing thousands of probes never pays for it. A refusal leaves
        # the hand unchanged, so it is the refusal's position unless the hand was played on since.
        if self._text is None:
            self._text = self.reason if self._position is None else f"{self.reason}; position: {self._position()}"
        return self._text
