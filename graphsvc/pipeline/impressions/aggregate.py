"""Stage 3: aggregate the observations of every batch into one observation per entity.

Seed 000 §执行流程 3, in this order (steps 1-3 per observation in :mod:`graphsvc.pipeline.impressions.patches`):

1. Drop REJECTED plans and empty observations (blank subject after normalisation, or no evidence at all).
2. Normalise subject and aliases with :func:`graphsvc.keys.normalise_text` (Unicode NFKC, so
   full-width becomes half-width; case folding; punctuation and whitespace folded to one space).
3. Drop patches (impressions, features, relations, aliases) that are low-confidence (below
   ``impression_min_patch_confidence``), have an invalid confidence/strength (not a finite number in [0, 1]),
   are evidence-free (no message id of this conversation), templated (placeholders, "N/A", "X was mentioned in
   the conversation") or over the length limit (``impression_max_patch_chars``, names
   ``impression_max_name_chars``). Each drop is recorded with its reason.
4. Merge, transitively (union-find): observations with the same normalised subject; with overlapping names
   (subject or alias); from different batches with the same evidence hash or with source runtime ids
   overlapping at Jaccard >= ``impression_runtime_overlap_min``. The last two never join observations that
   one planner call kept apart (same batch, disjoint names), nor observations of different active entities.

Names are compared by equality after normalisation only: "Ann" and "Anna", "张伟" and "张薇" never merge.
Nothing is written here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.config import ImpressionSettings
from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.impressions.active import ActiveEntities
from graphsvc.pipeline.impressions.observation import BatchObservation, FeaturePatch, ImpressionPatch, RelationPatch
from graphsvc.pipeline.impressions.patches import CleanObservation, DroppedItem, clean_observation
from graphsvc.vocabulary import EntityKind


class AggregatedObservation(BaseModel):
    """One entity's observations from every batch, merged; still unbound to any stored entity.

    Attributes:
        key: the normalised subject; unique within an aggregate.
        kind_rule: the rulebook rule that decided the kind (None: an LLM did).
        names: normalised name → name as written, for the subject and every alias.
        evidence_message_ids: every message of the conversation the observation rests on.
        confidence: the highest confidence of the merged observations.
        merged_from: how many planner observations were merged into this one.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    subject: str
    kind: EntityKind = "thing"
    kind_rule: str | None = None
    names: dict[str, str]
    impressions: list[ImpressionPatch] = Field(default=[])
    features: list[FeaturePatch] = Field(default=[])
    relations: list[RelationPatch] = Field(default=[])
    source_runtime_ids: list[str] = Field(default=[])
    evidence_message_ids: list[str] = Field(default=[])
    evidence_snippets: list[str] = Field(default=[])
    confidence: float = 1.0
    merged_from: int = 1
    batches: list[int] = Field(default=[])

    @property
    def normalized_subject(self) -> str:
        return self.key

    @property
    def aliases(self) -> list[str]:
        """Names other than the subject, as written."""
        return [name for norm, name in self.names.items() if norm != self.key]


class ObservationAggregate(BaseModel):
    """The aggregate's output: independent entity observations and what was dropped."""

    model_config = ConfigDict(frozen=True)

    observations: list[AggregatedObservation] = Field(default=[])
    dropped: list[DroppedItem] = Field(default=[])


def aggregate(
    plans: Sequence[BatchObservation],
    *,
    messages: Sequence[ConversationMessage],
    active: ActiveEntities,
    settings: ImpressionSettings,
) -> ObservationAggregate:
    """Stage 3 (pure): drop, normalise and merge the batch plans.

    Args:
        plans: every batch's plan (``observe.run``).
        messages: the conversation; evidence ids outside it (invented ones) are ignored.
        active: the active entities (runtime ids outside it are ignored; their mentions are evidence).
        settings: the ``impression_*`` thresholds.

    Returns:
        one observation per entity in order of first appearance, and every dropped item with its reason.
    """
    dropped: list[DroppedItem] = []
    valid_ids = {m.message_id for m in messages}
    mentions = {e.runtime_id: e.message_ids for e in active.entities}
    cleaned: list[CleanObservation] = []
    for batch in plans:
        if batch.plan.status == "REJECTED":
            dropped.append(
                DroppedItem(
                    reason="rejected_plan", item="plan", batch_index=batch.batch_index, detail=batch.plan.reason or ""
                )
            )
            continue
        for position, observation in enumerate(batch.plan.observations):
            clean = clean_observation(
                observation,
                batch_index=batch.batch_index,
                position=position,
                valid_ids=valid_ids,
                mentions=mentions,
                messages=messages,
                settings=settings,
                dropped=dropped,
            )
            if clean is not None:
                cleaned.append(clean)
    groups = _group(cleaned, settings.runtime_overlap_min)
    times = {m.message_id: m.occurred_at for m in messages}
    return ObservationAggregate(observations=[_merge(g, times) for g in groups], dropped=dropped)


def _group(cleaned: list[CleanObservation], overlap_min: float) -> list[list[CleanObservation]]:
    """Union-find: names join always; evidence hash and runtime ids join only compatible groups."""
    parent = list(range(len(cleaned)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    members: dict[int, list[int]] = {i: [i] for i in range(len(cleaned))}

    def union(a: int, b: int, *, checked: bool) -> None:
        ra, rb = find(a), find(b)
        if ra == rb or (checked and not _compatible(members[ra], members[rb], cleaned)):
            return
        parent[rb] = ra
        members[ra] += members.pop(rb)

    first_with_name: dict[str, int] = {}
    for i, c in enumerate(cleaned):
        for name in c.names:
            if name in first_with_name:
                union(first_with_name[name], i, checked=False)
            else:
                first_with_name[name] = i
    for i, a in enumerate(cleaned):
        for j in range(i + 1, len(cleaned)):
            if _same_entity_across_batches(a, cleaned[j], overlap_min):
                union(i, j, checked=True)
    groups: dict[int, list[CleanObservation]] = {}
    for i, c in enumerate(cleaned):
        groups.setdefault(find(i), []).append(c)
    return sorted(groups.values(), key=lambda g: min((c.batch_index, c.position) for c in g))


def _same_entity_across_batches(a: CleanObservation, b: CleanObservation, overlap_min: float) -> bool:
    """Two observations of different batches are one entity when they rest on the same evidence snippets
    (and do not name distinct active entities), or their source runtime ids overlap enough."""
    if a.batch_index == b.batch_index:
        return False
    same_evidence = a.evidence_hash is not None and a.evidence_hash == b.evidence_hash
    distinct_mentions = bool(a.runtime_ids and b.runtime_ids and a.runtime_ids.isdisjoint(b.runtime_ids))
    return (same_evidence and not distinct_mentions) or _jaccard(a.runtime_ids, b.runtime_ids) >= overlap_min


def _compatible(left: list[int], right: list[int], cleaned: list[CleanObservation]) -> bool:
    """False when one planner call kept two of the observations apart (same batch, no common name)."""
    for i in left:
        for j in right:
            a, b = cleaned[i], cleaned[j]
            if a.batch_index == b.batch_index and set(a.names).isdisjoint(b.names):
                return False
    return True


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _merge(group: list[CleanObservation], times: dict[str, datetime]) -> AggregatedObservation:
    counts = Counter(keys.normalise_text(c.subject) for c in group)
    display = {keys.normalise_text(c.subject): c.subject for c in reversed(group)}
    order = {n: i for i, n in reversed(list(enumerate(keys.normalise_text(c.subject) for c in group)))}
    subject_norm = max(counts, key=lambda n: (counts[n], len(display[n]), -order[n]))
    names: dict[str, str] = {subject_norm: display[subject_norm]}
    for c in group:
        for norm, name in c.names.items():
            names.setdefault(norm, name)
    kinds = Counter(c.kind for c in group if c.kind != "thing")
    kind: EntityKind = kinds.most_common(1)[0][0] if kinds else "thing"
    impressions: dict[str, ImpressionPatch] = {}
    features: dict[str, FeaturePatch] = {}
    relations: dict[tuple[str, str], RelationPatch] = {}
    for c in group:
        for p in c.impressions:
            _merge_impression(impressions, p)
        for f in c.features:
            _merge_feature(features, f, times)
        for r in c.relations:
            _merge_relation(relations, r)
    return AggregatedObservation(
        key=subject_norm,
        subject=display[subject_norm],
        kind=kind,
        kind_rule=next((c.kind_rule for c in group if c.kind == kind and c.kind_rule), None),
        names=names,
        impressions=list(impressions.values()),
        features=list(features.values()),
        relations=list(relations.values()),
        source_runtime_ids=sorted({r for c in group for r in c.runtime_ids}),
        evidence_message_ids=sorted({i for c in group for i in c.evidence_ids}, key=lambda i: (times[i], i)),
        evidence_snippets=list(dict.fromkeys(s for c in group for s in c.snippets)),
        confidence=max(c.confidence for c in group),
        merged_from=len(group),
        batches=sorted({c.batch_index for c in group}),
    )


def _merge_impression(found: dict[str, ImpressionPatch], patch: ImpressionPatch) -> None:
    key = keys.content_hash(patch.content)
    old = found.get(key)
    if old is None:
        found[key] = patch
        return
    found[key] = old.model_copy(
        update={
            "confidence": max(old.confidence, patch.confidence),
            "evidence_message_ids": list(dict.fromkeys([*old.evidence_message_ids, *patch.evidence_message_ids])),
        }
    )


def _merge_feature(found: dict[str, FeaturePatch], patch: FeaturePatch, times: dict[str, datetime]) -> None:
    """One value per key: the one with the newest evidence wins (then the more confident)."""
    old = found.get(patch.key)
    if old is None:
        found[patch.key] = patch
        return
    if keys.normalise_text(old.value) == keys.normalise_text(patch.value):
        found[patch.key] = old.model_copy(
            update={
                "confidence": max(old.confidence, patch.confidence),
                "evidence_message_ids": list(dict.fromkeys([*old.evidence_message_ids, *patch.evidence_message_ids])),
            }
        )
        return

    def rank(p: FeaturePatch) -> tuple[datetime, float]:
        return max(times[i] for i in p.evidence_message_ids), p.confidence

    if rank(patch) > rank(old):
        found[patch.key] = patch


def _merge_relation(found: dict[tuple[str, str], RelationPatch], patch: RelationPatch) -> None:
    key = (keys.normalise_text(patch.target), patch.relation)
    old = found.get(key)
    if old is None:
        found[key] = patch
        return
    found[key] = old.model_copy(
        update={
            "strength": max(old.strength, patch.strength),
            "confidence": max(old.confidence, patch.confidence),
            "evidence_message_ids": list(dict.fromkeys([*old.evidence_message_ids, *patch.evidence_message_ids])),
            "rule_id": old.rule_id or patch.rule_id,
        }
    )
