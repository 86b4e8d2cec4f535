"""GraphQL read of why graphsvc believes an entity (``entityProvenance``): what decided its kind, the messages it
was observed in, and each relation with the rule and the messages that stated it."""

from __future__ import annotations

from enum import Enum

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.dashboard_ops import Message
from graphsvc.api.entity_types import Entity, Relation
from graphsvc.api.rule_types import RulebookRule
from graphsvc.service.views import EntityProvenance, RelationProvenance


@strawberry.enum(description="What decided an entity's kind or stated a relation.")
class DecidedBy(Enum):
    RULEBOOK = strawberry.enum_value("rulebook", description="A rule of the offline rulebook (rule names it)")
    LLM = strawberry.enum_value("llm", description="An LLM's extraction (no rule decided)")
    PERSON = strawberry.enum_value(
        "person", description="A person or an agent through the API (upsertEntity, a merge, a pending observation)"
    )
    NOBODY = strawberry.enum_value(
        "nobody", description="Nothing: an entity's kind left at THING, the default (never a relation's)"
    )


@strawberry.type(description="One relation of the entity, with what stated it and the messages it was observed in.")
class RelationProvenanceView:
    relation: Relation
    stated_by: DecidedBy
    rule: RulebookRule | None = strawberry.field(
        description="The rule that stated it, with its description and precision measured on held-out data"
    )
    observed: int = strawberry.field(description="How many messages it was observed in (0: made by hand)")
    messages: list[Message] = strawberry.field(
        description="The newest of those messages still stored, newest first (at most 5)"
    )

    @classmethod
    def from_domain(cls, r: RelationProvenance) -> RelationProvenanceView:
        return cls(
            relation=Relation.from_view(r.relation),
            stated_by=DecidedBy(r.stated_by),
            rule=RulebookRule.by_id(r.relation.rule_id),
            observed=r.observed,
            messages=[Message.from_domain(m) for m in r.messages],
        )


@strawberry.type(
    description="Why graphsvc believes an entity and its kind: what decided the kind (a rule with its measured "
    "precision, an LLM, a person, or nothing), the messages it was observed in, and each relation with the rule "
    "and the messages that stated it."
)
class EntityProvenanceView:
    entity: Entity
    kind_decided_by: DecidedBy
    kind_rule: RulebookRule | None = strawberry.field(
        description="The rule that decided the kind, with its description and precision measured on held-out data; "
        "null when no rule did (or no rule has the id any more)"
    )
    observed: int = strawberry.field(description="How many stored messages it was observed in")
    messages: list[Message] = strawberry.field(
        description="The newest of those messages, newest first, at most `limit`"
    )
    relations: list[RelationProvenanceView] = strawberry.field(description="Its relations both ways, strongest first")

    @classmethod
    def from_domain(cls, p: EntityProvenance) -> EntityProvenanceView:
        return cls(
            entity=Entity.from_view(p.entity),
            kind_decided_by=DecidedBy(p.kind_decided_by),
            kind_rule=RulebookRule.by_id(p.entity.kind_rule),
            observed=p.observed,
            messages=[Message.from_domain(m) for m in p.messages],
            relations=[RelationProvenanceView.from_domain(r) for r in p.relations],
        )


@strawberry.type
class EntityProvenanceQuery:
    @strawberry.field(
        description="Why graphsvc believes one of the user's entities and its kind: what decided the kind, the "
        "messages it was observed in (newest first, at most `limit`, 1-100), and its relations with what stated "
        "each. NOT_FOUND for an entity the user does not have."
    )
    async def entity_provenance(
        self, info: Info, user_id: str, entity_id: strawberry.ID, limit: int = 20
    ) -> EntityProvenanceView:
        found = await info.context.service.entity_provenance(
            user_id=info.context.scope(user_id), entity_id=str(entity_id), limit=limit
        )
        return EntityProvenanceView.from_domain(found)
