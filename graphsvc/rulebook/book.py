"""The rulebook: every rule of every language and decision, by id, and which of them run.

A rule runs by default unless its precision, measured on the test half of the benchmark data through the product
path (``scripts/bench/learning.py`` then ``scripts/bench/rejudge.py --write-precision``), is below
:data:`MIN_PRECISION` with 95 % confidence over at least :data:`MIN_JUDGED` judged outputs; the measurements are
``measured.json`` beside this module. A deployment turns rules off or back on with ``RULEBOOK_DISABLED`` and
``RULEBOOK_ENABLED`` (:func:`selection`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from graphsvc.rulebook import en, zh
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.rule import DECISIONS, Rule

MIN_PRECISION = 0.85
"""A rule measured below this precision on the test half is off by default: below it with 95 % confidence (the
upper end of the Wilson interval of its judged outputs under it), so that a handful of judged outputs cannot turn
off a rule whose precision they cannot tell from 0.85."""
MIN_JUDGED = 5
"""Judged outputs a measurement needs before it can turn a rule off (fewer say too little either way)."""
MEASURED = Path(__file__).with_name("measured.json")

RULES: tuple[Rule, ...] = (*en.RULES, *zh.RULES)
"""Every rule, English then Chinese, each language in the order its composer applies the decisions."""


@dataclass(frozen=True)
class Measurement:
    """A rule's precision on the test half: outputs it made, how many were judged, how many were right."""

    fired: int
    judged: int
    right: int

    @property
    def precision(self) -> float | None:
        """right / judged; None when nothing was judged."""
        return self.right / self.judged if self.judged else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The Wilson 95 % interval of the precision (:func:`wilson`); None when nothing was judged."""
        return wilson(self.right, self.judged)


def wilson(right: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    """The Wilson score interval of the proportion ``right / n`` (95 % for the default ``z``, the normal quantile),
    rounded to 4 places; None when ``n`` is 0. Source: E. B. Wilson, "Probable inference, the law of succession, and
    statistical inference", JASA 22 (1927)."""
    if n == 0:
        return None
    p = right / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(centre - spread, 4), round(centre + spread, 4)


@cache
def by_id() -> dict[str, Rule]:
    """Rule id → rule.

    Raises:
        ValueError: two rules share an id.
    """
    table: dict[str, Rule] = {}
    for rule in RULES:
        if rule.id in table:
            raise ValueError(f"two rules have the id {rule.id}")
        table[rule.id] = rule
    return table


def known_rule_id(rule_id: str | None) -> str | None:
    """``rule_id`` when a rule has it, else None (an id an LLM answered with, or a rule retired since)."""
    return rule_id if rule_id is not None and rule_id in by_id() else None


def rule(rule_id: str) -> Rule:
    """The rule of ``rule_id``.

    Raises:
        KeyError: no rule has that id.
    """
    return by_id()[rule_id]


@cache
def measurements() -> dict[str, Measurement]:
    """Rule id → its measured precision (``measured.json``); empty when nothing was measured yet."""
    if not MEASURED.exists():
        return {}
    data = json.loads(MEASURED.read_text(encoding="utf-8"))
    return {rule_id: Measurement(**figures) for rule_id, figures in data.get("rules", {}).items()}


def on_by_default(candidate: Rule) -> bool:
    """Whether a rule runs unless a deployment says otherwise: not measured below :data:`MIN_PRECISION` with 95 %
    confidence over :data:`MIN_JUDGED` or more judged outputs."""
    found = measurements().get(candidate.id)
    interval = found.interval if found is not None else None
    if found is None or found.judged < MIN_JUDGED or interval is None:
        return True
    return interval[1] >= MIN_PRECISION


def selection(*, disabled: Iterable[str] = (), enabled: Iterable[str] = ()) -> Selection:
    """The rules that run: the defaults (:func:`on_by_default`), less ``disabled``, plus ``enabled``.

    Raises:
        ValueError: an id names no rule (a typo would silently change nothing).
    """
    unknown = sorted({*disabled, *enabled} - set(by_id()))
    if unknown:
        raise ValueError(f"no rule has the id {', '.join(unknown)}")
    chosen = {r.id for r in RULES if on_by_default(r)} - set(disabled) | set(enabled)
    return Selection(frozenset(chosen))


@cache
def default() -> Selection:
    """The rulebook's own selection (no deployment settings)."""
    return selection()


def of(language: str) -> tuple[Rule, ...]:
    """Every rule of one language."""
    return tuple(r for r in RULES if r.language == language)


assert set(DECISIONS) >= {r.decision for r in RULES}
