"""The English rules, one module per decision; :mod:`.compose` applies them to a sentence."""

from __future__ import annotations

from graphsvc.rulebook.en import (
    answer,
    entity,
    keep,
    pastime,
    refer,
    refuse,
    relation,
    split,
    subject,
    trait,
    trim,
    voice,
)
from graphsvc.rulebook.en import type as retype
from graphsvc.rulebook.rule import Rule

RULES: tuple[Rule, ...] = (
    *answer.RULES,
    *voice.RULES,
    *trim.RULES,
    *split.RULES,
    *refer.RULES,
    *subject.RULES,
    *refuse.RULES,
    *keep.RULES,
    *pastime.RULES,
    *retype.RULES,
    *entity.RULES,
    *relation.RULES,
    *trait.RULES,
)
"""Every English rule: the statement decisions in the order the composer applies them, then the entity kinds,
relations and trait phrasings; the pastime sightings after the keep rules."""
