"""The English rules, one module per decision; :mod:`.compose` applies them to a sentence."""

from __future__ import annotations

from graphsvc.rulebook.en import keep, refuse, split, subject, trait, trim
from graphsvc.rulebook.en import type as retype
from graphsvc.rulebook.rule import Rule

RULES: tuple[Rule, ...] = (
    *trim.RULES,
    *split.RULES,
    *subject.RULES,
    *refuse.RULES,
    *keep.RULES,
    *retype.RULES,
    *trait.RULES,
)
"""Every English rule, in the order the composer applies their decisions."""
