"""Why graphsvc believes an entity: what decided its kind (the rulebook's rule, an LLM, a person, or nothing: a
THING by default), the messages it was observed in, and each of its relations with the rule and the messages that
stated it.

Statements: ``cypher/queries/entity_provenance.cypher`` (``entity_kind_setter``, ``entity_observed_in``,
``entity_relation_sources``). Every statement filters on ``user_id``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from graphsvc.graph.database import Queries
from graphsvc.graph.entities import EntityView, RelationView
from graphsvc.graph.events import EventView

DecidedBy = Literal["rulebook", "llm", "person", "nobody"]
"""What decided an entity's kind or stated a relation: a rule of the offline rulebook (its id is stored), an LLM's
extraction, a person (or an agent) through the API, or nothing (an entity's kind left at "thing", the default)."""


@dataclass(frozen=True)
class RelationProvenance:
    """One relation of the entity and why it is believed.

    Attributes:
        relation: the relation as the entity sees it (``rule_id`` the rule that stated it).
        stated_by: see :data:`DecidedBy` ("nobody" never: a relation is stated by someone).
        observed: how many messages it was observed in (0 for one made by hand).
        messages: the newest of those messages still stored, newest first (fewer than ``observed`` once some
            are deleted or forgotten, or past the cap).
    """

    relation: RelationView
    stated_by: DecidedBy
    observed: int
    messages: list[EventView]


@dataclass(frozen=True)
class EntityProvenance:
    """An entity and why it is believed.

    Attributes:
        entity: the entity (``kind_rule`` the rule that decided its kind, if one did).
        kind_decided_by: see :data:`DecidedBy`.
        observed: how many stored, not forgotten messages it was observed in.
        messages: the newest of them, newest first, at most the cap asked for.
        relations: its relations both ways, strongest first.
    """

    entity: EntityView
    kind_decided_by: DecidedBy
    observed: int
    messages: list[EventView]
    relations: list[RelationProvenance]


def kind_decided_by(entity: EntityView, *, kind_actor: str | None, extraction_actor: str) -> DecidedBy:
    """The rulebook when a rule decided the kind; nobody for a "thing" without one (the default); an LLM when the
    extraction set the kind without a rule; else a person (or an agent) through the API."""
    if entity.kind_rule:
        return "rulebook"
    if entity.kind == "thing":
        return "nobody"
    return "llm" if kind_actor == extraction_actor else "person"


def relation_stated_by(relation: RelationView, *, observed: int) -> DecidedBy:
    """The rulebook when a rule stated it; an LLM when it was observed in messages without a rule; else a person
    (a relation made by hand has no messages)."""
    if relation.rule_id:
        return "rulebook"
    return "llm" if observed > 0 else "person"


async def read(
    db: Queries, *, user_id: str, entity_uid: str, limit: int, per_relation: int, extraction_actor: str
) -> EntityProvenance | None:
    """The provenance of one of the user's entities; None when the user has no entity ``entity_uid``.

    Args:
        limit: at most this many messages the entity was observed in (newest first).
        per_relation: at most this many messages per relation (newest first).
        extraction_actor: the actor the impression pipeline records on the history of what it writes (a kind it
            set without a rule is an LLM's).
    """
    found = await db.read("entity_kind_setter", user_id=user_id, uid=entity_uid)
    if not found:
        return None
    entity = EntityView.from_node(found[0]["entity"])
    observed = (await db.read("entity_observed_in", user_id=user_id, uid=entity_uid, limit=limit))[0]
    rows = await db.read("entity_relation_sources", user_id=user_id, uid=entity_uid, per_relation=per_relation)
    relations = []
    for row in rows:
        relation = RelationView.from_row(row)
        count = int(row["observed"])
        relations.append(
            RelationProvenance(
                relation=relation,
                stated_by=relation_stated_by(relation, observed=count),
                observed=count,
                messages=[EventView.from_node(x) for x in row["messages"]],
            )
        )
    return EntityProvenance(
        entity=entity,
        kind_decided_by=kind_decided_by(entity, kind_actor=found[0]["kind_actor"], extraction_actor=extraction_actor),
        observed=int(observed["observed"]),
        messages=[EventView.from_node(x) for x in observed["messages"]],
        relations=relations,
    )
