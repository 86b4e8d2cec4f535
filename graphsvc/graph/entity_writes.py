"""The applier's writes to the entity graph (seed 000 stage 7): entities, kinds, names, impressions, features,
their evidence, provenance and relations; plus the bulk identity import and clean-up of the benchmarks.

Statements: ``cypher/queries/entity_writes.cypher``. Entities are addressed by ``subject_key`` (unique), so one
batch can name an entity it creates. Every statement checks what is stored first and changes only what is
missing or older, so applying the same batch twice changes nothing the second time; every change writes a
``HistoryEntry`` (its uid is made here) recording ``actor``. Only events of the same user are linked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.graph.database import Queries
from graphsvc.vocabulary import EntityKind


@dataclass(frozen=True)
class NewEntity:
    """An entity to create unless one with its ``subject_key`` exists (``event_uids``: where it was observed,
    recorded on its history entry; ``kind_rule``: the rulebook rule that decided its kind, None when an LLM or a
    person did)."""

    uid: str
    subject_key: str
    subject: str
    kind: EntityKind
    event_uids: tuple[str, ...]
    kind_rule: str | None = None


@dataclass(frozen=True)
class KindChange:
    """An observed kind: replaces a stored "thing", never a specific kind (``kind_rule``, the rule that decided
    it, comes along; None when an LLM or a person decided)."""

    subject_key: str
    kind: EntityKind
    kind_rule: str | None = None


@dataclass(frozen=True)
class ObservedName:
    """A name of an entity (``normalized``: ``keys.normalise_text``): created when missing, and linked to the
    events it was observed in (``FROM_EVENT``) either way, so a retraction knows what rests on them."""

    subject_key: str
    name: str
    normalized: str
    uid: str
    event_uids: tuple[str, ...]


@dataclass(frozen=True)
class NewImpression:
    """An impression, created unless the entity has one with the same ``content_hash``."""

    subject_key: str
    content: str
    content_hash: str
    confidence: float
    uid: str
    event_uids: tuple[str, ...]


@dataclass(frozen=True)
class ImpressionEvidence:
    """One ``Evidence`` per (impression, source event): ``(Evidence)-[:SUPPORTS]->(Impression)``,
    ``(Evidence)-[:FROM_EVENT]->(Event)``; ``grade`` per seed 002 §5."""

    subject_key: str
    content_hash: str
    event_uid: str
    uid: str
    grade: str


@dataclass(frozen=True)
class ObservedFeature:
    """A feature value observed at ``observed_at`` (UTC): created when the entity has no feature of that key,
    changed only when the stored value was observed earlier (an older conversation never rolls it back)."""

    subject_key: str
    key: str
    value: str
    confidence: float
    observed_at: datetime
    uid: str
    event_uids: tuple[str, ...]


@dataclass(frozen=True)
class FeatureEvidence:
    """One ``Evidence`` per (feature, source event, value): which value the event stated and when, so a
    retraction can fall back to the newest value still supported."""

    subject_key: str
    key: str
    value: str
    event_uid: str
    observed_at: datetime
    grade: str
    uid: str


@dataclass(frozen=True)
class ObservedIn:
    """``(Entity)-[:OBSERVED_IN]->(Event)`` provenance."""

    subject_key: str
    event_uids: tuple[str, ...]


@dataclass(frozen=True)
class EntityBatch:
    """Everything one batch of plan steps writes, applied in one transaction by :func:`apply_batch`."""

    entities: tuple[NewEntity, ...] = ()
    kinds: tuple[KindChange, ...] = ()
    names: tuple[ObservedName, ...] = ()
    impressions: tuple[NewImpression, ...] = ()
    impression_evidence: tuple[ImpressionEvidence, ...] = ()
    features: tuple[ObservedFeature, ...] = ()
    feature_evidence: tuple[FeatureEvidence, ...] = ()
    observed_in: tuple[ObservedIn, ...] = ()


@dataclass(frozen=True)
class ObservedRelation:
    """``(a)-[:RELATES {relation, strength, event_uids, rule_id}]->(b)``: created when missing, strengthened when
    weaker; its events are added every time; ``rule_id``: the rulebook rule that stated it (None when an LLM or a
    person did), kept from its first statement by a rule."""

    subject_key: str
    target_subject_key: str
    relation: str
    strength: float
    event_uids: tuple[str, ...]
    rule_id: str | None = None


@dataclass(frozen=True)
class WriteOutcome:
    """What a write changed.

    Attributes:
        created: subject keys of the entities created.
        changed: subject keys of the entities that changed otherwise (names, kind, impressions, features,
            relations); an entity only re-observed is in neither.
        changes: history entries written (one per change).
        evidence_linked: Evidence nodes created.
    """

    created: frozenset[str] = frozenset()
    changed: frozenset[str] = frozenset()
    changes: int = 0
    evidence_linked: int = 0


@dataclass(frozen=True)
class SeedAlias:
    uid: str
    name: str
    normalized: str


@dataclass(frozen=True)
class SeedIdentity:
    """A bare identity for a bulk import: an entity and its names (the subject among them), nothing else."""

    uid: str
    subject: str
    subject_key: str
    kind: EntityKind
    aliases: tuple[SeedAlias, ...]


def _params(item: Any) -> dict[str, Any]:
    """A row dataclass as the statement's parameter map (tuples as lists, nested rows as maps)."""
    return {f.name: _value(getattr(item, f.name)) for f in dataclasses.fields(item)}


def _value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _params(value)
    return value


def _with_history(items: Sequence[Any]) -> list[dict[str, Any]]:
    return [{**_params(item), "history_uid": keys.new_uid()} for item in items]


def _batch_steps(batch: EntityBatch, common: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The statements of one batch, in the order they must run (entities first, provenance last)."""
    rows: list[tuple[str, list[dict[str, Any]]]] = [
        ("apply_create_entities", _with_history(batch.entities)),
        ("apply_entity_kinds", _with_history(batch.kinds)),
        ("apply_aliases", _with_history(batch.names)),
        ("apply_impressions", _with_history(batch.impressions)),
        ("apply_impression_evidence", [_params(e) for e in batch.impression_evidence]),
        ("apply_feature_changes", _with_history(batch.features)),
        ("apply_feature_creates", _with_history(batch.features)),
        ("apply_feature_evidence", [_params(e) for e in batch.feature_evidence]),
        ("apply_observed_in", [_params(o) for o in batch.observed_in]),
    ]
    return [(name, {**common, "rows": statement_rows}) for name, statement_rows in rows]


def _common(user_id: str, now: datetime, actor: str) -> dict[str, Any]:
    return {"user_id": user_id, "tenant_key": keys.tenant_key(user_id), "now": now, "actor": actor}


async def apply_batch(db: Queries, *, user_id: str, batch: EntityBatch, now: datetime, actor: str) -> WriteOutcome:
    """Write one batch in ONE transaction (all of it or none): create the entities, then kinds, names,
    impressions with their evidence, features (changes, then creates) with their evidence, ``OBSERVED_IN``.

    Args:
        now: the time written on nodes and history entries.
        actor: who history entries record ("impressions" for the pipeline, "api" for GraphQL).

    Returns:
        what changed; the same batch applied again returns nothing created or changed and 0 changes.

    Raises:
        neo4j errors: the transaction failed and was rolled back.
    """
    steps = _batch_steps(batch, _common(user_id, now, actor))
    results = await db.write_many(steps)
    created: set[str] = set()
    changed: set[str] = set()
    changes = evidence = 0
    for (name, _), result in zip(steps, results, strict=True):
        row = result[0] if result else {}
        if name in ("apply_impression_evidence", "apply_feature_evidence"):
            evidence += int(row.get("linked", 0))
        elif name != "apply_observed_in":
            changes += int(row.get("changes", 0))
            (created if name == "apply_create_entities" else changed).update(row.get("changed", []))
    return WriteOutcome(
        created=frozenset(created), changed=frozenset(changed), changes=changes, evidence_linked=evidence
    )


async def apply_relations(
    db: Queries, *, user_id: str, relations: Sequence[ObservedRelation], now: datetime, actor: str
) -> WriteOutcome:
    """Write relations between entities that exist (in one statement: one transaction on a ``Database``).

    Returns:
        ``changed``: subject keys of the entities whose relations were created or strengthened; ``changes``:
        history entries written.
    """
    rows = await db.write("apply_relations", **_common(user_id, now, actor), rows=_with_history(relations))
    if not rows:
        return WriteOutcome()
    return WriteOutcome(changed=frozenset(rows[0].get("changed", [])), changes=int(rows[0].get("changes", 0)))


async def seed_identities(db: Queries, *, user_id: str, identities: Sequence[SeedIdentity], now: datetime) -> int:
    """Bulk-create bare identities (entity + its names) for one user, without checks or history (benchmarks
    and migrations on a user with no entities of these subject keys; a clash is a ConflictError).

    Returns:
        the entities created.
    """
    rows = await db.write(
        "seed_entity_identities",
        user_id=user_id,
        tenant_key=keys.tenant_key(user_id),
        now=now,
        rows=[_params(i) for i in identities],
    )
    return int(rows[0]["entities"]) if rows else 0


async def delete_entity_graph(db: Queries, *, user_id: str, limit: int) -> int:
    """Delete up to ``limit`` of the user's entities with their names, impressions, features, the evidence
    of those and the history entries of all of them (benchmark clean-up; call until it returns 0).

    Returns:
        the nodes deleted.
    """
    rows = await db.write("delete_user_entity_graph", user_id=user_id, limit=limit)
    return int(rows[0]["deleted"])
