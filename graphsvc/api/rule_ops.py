"""GraphQL operations on the offline rulebook: which rules there are and what each decides."""

from __future__ import annotations

import strawberry

from graphsvc.api.rule_types import RulebookRule
from graphsvc.rulebook import book


@strawberry.type
class RuleQuery:
    @strawberry.field(
        description="The rules of the offline rulebook (what graphsvc learns without an LLM), in the order they "
        "apply; filtered by language (en, zh) and decision (keep, refuse, entity_kind...) when given."
    )
    def rules(self, language: str | None = None, decision: str | None = None) -> list[RulebookRule]:
        return [
            RulebookRule.from_domain(r)
            for r in book.RULES
            if (language is None or r.language == language) and (decision is None or r.decision == decision)
        ]

    @strawberry.field(description="One rule of the offline rulebook by id (e.g. en.keep.allergy); null if none.")
    def rule(self, id: strawberry.ID) -> RulebookRule | None:
        return RulebookRule.by_id(str(id))
