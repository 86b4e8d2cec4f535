"""The types the service returns and takes: what the API converts to and from (it imports them from here).

Each is defined beside the code that builds it (graph reads, pipelines); this module is the facade's
public list of them, so that ``graphsvc.api`` depends on the service alone.
"""

from __future__ import annotations

from graphsvc.conversation import MessageIn, Turn
from graphsvc.graph.api_keys import ApiKeyView
from graphsvc.graph.belief_changes import MEMORY_CHANGES, TRAIT_CHANGES, BeliefChange, BeliefChangePage, BeliefTime
from graphsvc.graph.dashboard_reads import KeyCount, UserCounts, UserPage, UserSummary
from graphsvc.graph.document_entities import DocumentEntityView, DocumentMention
from graphsvc.graph.documents import ChunkView, DocumentView
from graphsvc.graph.entities import AliasView, EntityPage, EntitySnapshot, EntityView, FeatureView, RelationView
from graphsvc.graph.entity_provenance import DecidedBy, EntityProvenance, RelationProvenance
from graphsvc.graph.events import EventView
from graphsvc.graph.extraction_traces import ExtractionTraceView, TraceDecision
from graphsvc.graph.impressions import EvidenceView as ImpressionEvidenceView
from graphsvc.graph.impressions import ImpressionView
from graphsvc.graph.jobs import JobRow
from graphsvc.graph.learning import LearningRunView
from graphsvc.graph.memory_reads import HistoryView, MemoryPage, MemoryView
from graphsvc.graph.pending_observations import PendingView
from graphsvc.graph.provenance import MemoryProvenance, TraitUse
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.graph.sources import CandidateView
from graphsvc.graph.spaces import AgentView, GroupView
from graphsvc.graph.tags import TagView
from graphsvc.graph.timeline import GrowthDay, SessionView, TimelineItem, TimelinePage, UserStats
from graphsvc.graph.traits import EvidenceMemoryView, TraitHistoryPoint, TraitView
from graphsvc.graph.traits import EvidenceView as TraitEvidenceView
from graphsvc.pipeline.documents.ingest import DocumentOutcome
from graphsvc.pipeline.ingest.messages import IngestOutcome
from graphsvc.pipeline.recall.context import ContextLine, MemoryContext
from graphsvc.pipeline.recall.explain import RANK_RULES, ChannelContribution, HitExplanation, RankAdjustment, RankRule
from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.pipeline.retraction.result import ForgetResult
from graphsvc.pipeline.sources.events import EventsOutcome, SourceEventIn
from graphsvc.spaces import SpaceKind

__all__ = [
    "AgentView",
    "GroupView",
    "SpaceKind",
    "AliasView",
    "BeliefChange",
    "MEMORY_CHANGES",
    "TRAIT_CHANGES",
    "BeliefChangePage",
    "BeliefTime",
    "CandidateView",
    "ChunkView",
    "DocumentEntityView",
    "DocumentMention",
    "DocumentOutcome",
    "DocumentView",
    "TagView",
    "TraceDecision",
    "EventsOutcome",
    "SourceEventIn",
    "ApiKeyView",
    "DecidedBy",
    "EntityPage",
    "EntityProvenance",
    "EventView",
    "RelationProvenance",
    "EntitySnapshot",
    "EntityView",
    "EvidenceMemoryView",
    "ExtractionTraceView",
    "MemoryProvenance",
    "TraitUse",
    "FeatureView",
    "ForgetResult",
    "ChannelContribution",
    "RANK_RULES",
    "RankRule",
    "HistoryView",
    "HitExplanation",
    "ImpressionEvidenceView",
    "ImpressionView",
    "IngestOutcome",
    "JobRow",
    "LearningRunView",
    "KeyCount",
    "MemoryContext",
    "ContextLine",
    "MemoryPage",
    "MemoryView",
    "MessageIn",
    "PendingView",
    "RankAdjustment",
    "RecallHit",
    "ReflectionOutcome",
    "RelationView",
    "TraitEvidenceView",
    "TraitHistoryPoint",
    "TraitView",
    "Turn",
    "UserCounts",
    "GrowthDay",
    "SessionView",
    "TimelineItem",
    "TimelinePage",
    "UserStats",
    "UserPage",
    "UserSummary",
]
