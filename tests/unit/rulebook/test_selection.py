"""Which rules run: the rulebook's defaults (off below the precision floor on held-out data), and a deployment's
RULEBOOK_DISABLED / RULEBOOK_ENABLED."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.config import Settings
from graphsvc.conversation import ConversationMessage
from graphsvc.errors import ConfigurationError
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.rulebook import book

SAID = [
    ConversationMessage(
        message_id="m1", role="user", speaker="Ana", content="I'm allergic to peanuts.", occurred_at=datetime.now(UTC)
    )
]


def test_a_disabled_rule_keeps_nothing_and_an_enabled_one_runs_again() -> None:
    assert [m.rule_id for m in extract_offline(SAID).memories] == ["en.keep.allergy"]
    off = book.selection(disabled=["en.keep.allergy"])
    assert extract_offline(SAID, selection=off).memories == []
    back = book.selection(disabled=["en.keep.allergy"], enabled=["en.keep.allergy"])
    assert [m.rule_id for m in extract_offline(SAID, selection=back).memories] == ["en.keep.allergy"]


def test_settings_name_rules_by_id_and_refuse_an_unknown_one() -> None:
    settings = Settings(rulebook_disabled="en.keep.allergy, zh.keep.schedule")
    assert settings.rulebook.disabled == ["en.keep.allergy", "zh.keep.schedule"]
    with pytest.raises(ConfigurationError, match="en.keep.nope"):
        Settings(rulebook_disabled="en.keep.nope")
    with pytest.raises(ValueError, match="no rule has the id"):
        book.selection(enabled=["zh.keep.nope"])


@pytest.mark.parametrize(
    ("judged", "right", "runs"),
    [
        (20, 17, True),  # 0.85 runs
        (20, 16, True),  # 0.80, but its 95 % interval (0.58-0.92) reaches 0.85: not shown to be under it
        (60, 42, False),  # 0.70, interval 0.57-0.80: under 0.85 with confidence
        (11, 4, False),  # 0.36, interval 0.15-0.65
        (4, 0, True),  # too few judged says nothing
    ],
)
def test_a_rule_measured_below_the_floor_is_off_by_default(
    monkeypatch: pytest.MonkeyPatch, judged: int, right: int, runs: bool
) -> None:
    measured = {"en.keep.allergy": book.Measurement(fired=judged, judged=judged, right=right)}
    monkeypatch.setattr(book, "measurements", lambda: measured)
    assert book.on_by_default(book.rule("en.keep.allergy")) is runs
    assert ("en.keep.allergy" in book.selection().enabled) is runs


def test_the_wilson_interval_matches_its_textbook_values() -> None:
    assert book.wilson(0, 0) is None
    assert book.wilson(16, 20) == (0.584, 0.9193)
    assert book.wilson(10, 10) == (0.7225, 1.0)
