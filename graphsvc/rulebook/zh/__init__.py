"""The Chinese rules, one module per decision; :mod:`.compose` applies them to a sentence."""

from __future__ import annotations

from graphsvc.rulebook.rule import Rule
from graphsvc.rulebook.zh import keep, refuse, split, subject, trait, trim
from graphsvc.rulebook.zh import type as retype

RULES: tuple[Rule, ...] = (
    *trim.RULES,
    *split.RULES,
    *subject.RULES,
    *refuse.RULES,
    *keep.RULES,
    *retype.RULES,
    *trait.RULES,
)
"""Every Chinese rule, in the order the composer applies their decisions."""
