"""One vocabulary: the GraphQL enums, the node classes' choices and the Literals hold the same closed sets."""

from __future__ import annotations

from enum import Enum
from typing import Any, get_args

import pytest

from graphsvc import vocabulary as v
from graphsvc.api import entity_types, lifecycle_types, source_types, timeline_ops, trait_types, types
from graphsvc.graph import nodes

ENUMS: list[tuple[type[Enum], tuple[str, ...]]] = [
    (types.MemoryType, v.MEMORY_TYPES),
    (types.JobStatus, v.JOB_STATUSES),
    (types.JobPriority, v.JOB_PRIORITIES),
    (types.MemoryStatus, v.MEMORY_STATUSES),
    (types.MemoryOrigin, v.MEMORY_ORIGINS),
    (lifecycle_types.RememberSource, v.REMEMBER_SOURCES),
    (entity_types.EntityKind, v.ENTITY_KINDS),
    (entity_types.PendingReason, v.PENDING_REASONS),
    (entity_types.PendingStatus, v.PENDING_STATUSES),
    (trait_types.TraitStage, v.TRAIT_STAGES),
    (trait_types.TraitSubtype, v.TRAIT_SUBTYPES),
    (trait_types.TraitContext, v.TRAIT_CONTEXTS),
    (trait_types.EvidenceGrade, v.EVIDENCE_GRADES),
    (trait_types.EvidenceKind, v.EVIDENCE_KINDS),
    (trait_types.ReflectionStatus, v.CYCLE_STATUSES),
    (trait_types.ReflectionTrigger, v.TRIGGER_TYPES),
    (source_types.SourceType, v.SOURCE_TYPES),
    (source_types.CandidateStatus, v.CANDIDATE_STATUSES),
    (timeline_ops.TimelineKind, v.TIMELINE_KINDS),
]


@pytest.mark.parametrize(("enum", "values"), ENUMS, ids=[e.__name__ for e, _ in ENUMS])
def test_graphql_enums_hold_the_vocabulary(enum: type[Enum], values: tuple[str, ...]) -> None:
    assert [m.value for m in enum] == list(values)


CHOICES = [
    (nodes.Memory.memory_type, v.MEMORY_TYPES),
    (nodes.Memory.status, v.MEMORY_STATUSES),
    (nodes.Memory.origin, v.MEMORY_ORIGINS),
    (nodes.Entity.kind, v.ENTITY_KINDS),
    (nodes.Trait.stage, v.TRAIT_STAGES),
    (nodes.Trait.subtype, v.TRAIT_SUBTYPES),
    (nodes.Trait.context, v.TRAIT_CONTEXTS),
    (nodes.Evidence.grade, v.EVIDENCE_GRADES),
    (nodes.Evidence.kind, v.EVIDENCE_KINDS),
    (nodes.PendingObservation.reason, v.PENDING_REASONS),
    (nodes.PendingObservation.status, v.PENDING_STATUSES),
    (nodes.Session.status, v.SESSION_STATUSES),
    (nodes.Job.status, v.JOB_STATUSES),
    (nodes.Job.kind, v.JOB_KINDS),
    (nodes.Event.source_type, v.SOURCE_TYPES),
    (nodes.Source.source_type, v.SOURCE_TYPES),
    (nodes.MemoryCandidate.status, v.CANDIDATE_STATUSES),
    (nodes.MemoryCandidate.promotion_reason, v.PROMOTION_REASONS),
    (nodes.Document.format, v.DOCUMENT_FORMATS),
    (nodes.Chunk.kind, v.CHUNK_KINDS),
    (nodes.LearningRun.status, v.LEARNING_STATUSES),
]


@pytest.mark.parametrize(("prop", "values"), CHOICES)
def test_node_choices_hold_the_vocabulary(prop: Any, values: tuple[str, ...]) -> None:
    assert set(prop.choices) == set(values)


def test_tuples_are_the_literals() -> None:
    assert v.MEMORY_TYPES == get_args(v.MemoryType) == ("fact", "preference", "goal", "pain_point", "event")
    assert set(v.STAGE_ORDER) == set(v.TRAIT_STAGES) - {"dissolved"}
    assert set(get_args(v.ActiveStage)) < set(v.TRAIT_STAGES)
    assert set(v.RECALL_TRAIT_STAGES) == {"emerging", "established", "core"}
    assert v.MEMORY_STATUSES == ("active", "superseded", "archived", "forgotten")
    assert v.RECALL_MEMORY_STATUSES == ("active",)
    assert set(v.SUPERSEDED_RECALL_STATUSES) == {"active", "superseded"}
    assert set(v.REMEMBER_SOURCES) < set(v.MEMORY_ORIGINS)
    assert set(v.JOB_KINDS) == {
        "extract_memories",
        "reflect",
        "embed_events",
        "promote_candidates",
        "parse_document",
        "index_document",
        "learn",
    }
