"""Ids are normalised once and compared as normalised (issue 25): stripping may never turn a refused character
into an accepted id, and a long id is never echoed whole in an error."""

from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.errors import ConflictError, ForbiddenError, InvalidInputError, NotFoundError
from graphsvc.validation import require_id, require_label

SETTINGS = Settings()


@pytest.mark.parametrize("raw", ["alice", " alice ", "\talice", "alice\n", "alice\u00a0", "\r\nalice \t"])
def test_whitespace_at_the_ends_is_stripped(raw: str) -> None:
    assert require_id("userId", raw, SETTINGS) == "alice"


@pytest.mark.parametrize(
    "raw", ["alice\x1c", "\x1falice", "alice\x85", "alice\u2028", "alice\x00", "a\tb", "\x0balice"]
)
def test_control_characters_are_refused_even_where_strip_would_drop_them(raw: str) -> None:
    with pytest.raises(InvalidInputError, match="control or invisible character"):
        require_id("userId", raw, SETTINGS)


def test_a_huge_id_is_refused_by_its_length() -> None:
    with pytest.raises(InvalidInputError, match="over the limit of 200"):
        require_id("userId", "x" * 5_000_000, SETTINGS)


@pytest.mark.parametrize("raw", ["a\x00b", "a\x1fb", "tag\x1f", "\x00"])
def test_labels_refuse_nul_and_unit_separators(raw: str) -> None:
    with pytest.raises(InvalidInputError):
        require_label("tags[0]", raw, limit=50)
    assert require_label("tags[0]", "  travel plans ", limit=50) == "travel plans"


def test_errors_echo_long_ids_by_their_start_and_length() -> None:
    huge = "x" * 20_000
    for error in (
        NotFoundError(kind="memory", ident=huge),
        ForbiddenError(user_id=huge),
        ConflictError(kind="message", ident=huge, problem="clashes"),
    ):
        assert len(error.message) < 200 and "20000 characters" in error.message
    assert NotFoundError(kind="memory", ident="m-1").message == "memory 'm-1' not found"
