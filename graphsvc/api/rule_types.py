"""GraphQL types of the offline rulebook: a rule as people read it (why something was kept, typed or refused)."""

from __future__ import annotations

import strawberry

from graphsvc.rulebook import book
from graphsvc.rulebook.rule import Example, Rule


@strawberry.type(description="What a rule must make of something a speaker says (its own test case).")
class RuleExample:
    said: str = strawberry.field(description="What the speaker says")
    expect: str | None = strawberry.field(description="What the rule must output; null when only its firing counts")

    @classmethod
    def from_domain(cls, example: Example) -> RuleExample:
        return cls(said=example.said, expect=example.expect)


@strawberry.type(
    description="A rule of the offline rulebook: one named decision (keep a statement, type it, name its subject, "
    "refuse it, type an entity, find a relation, phrase a trait, sight a pastime) in one language, with its "
    "examples and its precision measured on held-out benchmark data."
)
class RulebookRule:
    id: strawberry.ID = strawberry.field(description="<language>.<decision>.<name>, e.g. en.keep.allergy")
    language: str = strawberry.field(description="en or zh")
    decision: str = strawberry.field(
        description="answer, voice, trim, split, refer, refuse, keep, type, subject, entity_kind, relation, trait "
        "or pastime"
    )
    description: str
    output: str = strawberry.field(
        description="What it decides: a memory type, an entity kind, a relation, a trait wording; empty for a "
        "refusal, a trim or a split"
    )
    confidence: float = strawberry.field(description="How sure its output is, 0-1")
    enabled: bool = strawberry.field(description="Whether it runs by default (RULEBOOK_DISABLED turns rules off)")
    measured_precision: float | None = strawberry.field(
        description="Its precision on the test half of the benchmark data; null when not measured or never judged"
    )
    judged: int = strawberry.field(description="How many of its outputs were judged for measuredPrecision")
    examples: list[RuleExample]
    counterexamples: list[str] = strawberry.field(description="What it must not fire on")

    @classmethod
    def from_domain(cls, rule: Rule) -> RulebookRule:
        measured = book.measurements().get(rule.id)
        return cls(
            id=strawberry.ID(rule.id),
            language=rule.language,
            decision=rule.decision,
            description=rule.description,
            output=rule.output,
            confidence=rule.confidence,
            enabled=book.on_by_default(rule),
            measured_precision=measured.precision if measured is not None else None,
            judged=measured.judged if measured is not None else 0,
            examples=[RuleExample.from_domain(e) for e in rule.examples],
            counterexamples=list(rule.counterexamples),
        )

    @classmethod
    def by_id(cls, rule_id: str | None) -> RulebookRule | None:
        """The rule of ``rule_id``; None for None or an id no rule has (a rule retired since the output was made)."""
        found = book.by_id().get(rule_id) if rule_id else None
        return cls.from_domain(found) if found is not None else None
