"""The window's action texts (area crack): ``S4 crack``, ``S3 recrack``, ``S2 blitz black``.

Rules: crack.who, crack.recrack, crack.blitz (their texts and malformed spellings).
"""

from __future__ import annotations

import pytest

from reference_impl.cards import Card
from reference_impl.errors import InvalidActionError
from reference_impl.hand import Action, ActionKind


@pytest.mark.parametrize("text", ["S4 crack", "S3 recrack", "S2 blitz black", "S5 blitz red"])
def test_window_actions_read_and_write_one_text(text: str) -> None:
    assert str(Action.parse(text)) == text


def test_a_blitz_names_its_queens() -> None:
    assert Action.parse("S2 Blitz RED") == Action(ActionKind.BLITZ, 2, (Card.QH, Card.QD))
    assert Action.blitz(2, "black").cards == (Card.QC, Card.QS)


@pytest.mark.parametrize("text", ["S2 blitz", "S2 blitz green", "S2 blitz QC QS", "S4 crack AS", "S3 recrack now"])
def test_malformed_window_actions_are_named(text: str) -> None:
    with pytest.raises(InvalidActionError, match="malformed action"):
        Action.parse(text)
