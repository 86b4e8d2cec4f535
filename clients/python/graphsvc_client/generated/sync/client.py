from datetime import datetime
from typing import Any, Optional, Union

from .add_alias import AddAlias
from .add_group_member import AddGroupMember
from .agents import Agents
from .archive_memory import ArchiveMemory
from .base_client import BaseClient
from .base_model import UNSET, UnsetType
from .belief_changes import BeliefChanges
from .cancel_job import CancelJob
from .candidates import Candidates
from .correct_memory import CorrectMemory
from .create_agent import CreateAgent
from .create_group import CreateGroup
from .document import Document
from .documents import Documents
from .end_conversation import EndConversation
from .entities import Entities
from .entity import Entity
from .entity_provenance import EntityProvenance
from .enums import (
    BeliefTime,
    CandidateStatus,
    JobPriority,
    JobStatus,
    MemoryStatus,
    MemoryType,
    PendingStatus,
    SourceType,
    TimelineKind,
    TraitContext,
    TraitStage,
    TraitSubtype,
)
from .erase_user import EraseUser
from .extraction_trace import ExtractionTrace
from .forget_document import ForgetDocument
from .forget_events import ForgetEvents
from .forget_memory import ForgetMemory
from .forget_messages import ForgetMessages
from .forget_session import ForgetSession
from .group import Group
from .groups import Groups
from .ingest_document import IngestDocument
from .ingest_events import IngestEvents
from .ingest_messages import IngestMessages
from .input_types import (
    IngestDocumentInput,
    IngestEventsInput,
    IngestMessagesInput,
    RememberInput,
    TurnInput,
    UpsertEntityInput,
)
from .job import Job
from .jobs import Jobs
from .learning_runs import LearningRuns
from .memories import Memories
from .memory import Memory
from .memory_context import MemoryContext
from .memory_history import MemoryHistory
from .memory_provenance import MemoryProvenance
from .merge_entities import MergeEntities
from .messages import Messages
from .pending_observations import PendingObservations
from .promote_candidate import PromoteCandidate
from .recall import Recall
from .reflect import Reflect
from .reflection_cycles import ReflectionCycles
from .reject_candidate import RejectCandidate
from .remember import Remember
from .remove_group_member import RemoveGroupMember
from .resolve_pending_observation import ResolvePendingObservation
from .restore_memory import RestoreMemory
from .retry_job import RetryJob
from .rule import Rule
from .rules import Rules
from .run_daily_learning import RunDailyLearning
from .sessions import Sessions
from .should_reflect import ShouldReflect
from .tag_memory import TagMemory
from .tags import Tags
from .timeline import Timeline
from .untag_memory import UntagMemory
from .upsert_entity import UpsertEntity
from .user_counts import UserCounts
from .user_stats import UserStats
from .user_traits import UserTraits
from .users import Users
from .viewer import Viewer


def gql(q: str) -> str:
    return q


class GraphsvcApi(BaseClient):
    def recall(
        self,
        user_id: str,
        query: Union[Optional[str], UnsetType] = UNSET,
        conversation: Union[Optional[list[TurnInput]], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        include_superseded: Union[Optional[bool], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        tags: Union[Optional[list[str]], UnsetType] = UNSET,
        explain: Union[Optional[bool], UnsetType] = UNSET,
        include_groups: Union[Optional[bool], UnsetType] = UNSET,
        agent_id: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Recall:
        _query = gql("""
            query recall($userId: String!, $query: String, $conversation: [TurnInput!], $limit: Int, $includeSuperseded: Boolean, $asOf: DateTime, $tags: [String!], $explain: Boolean, $includeGroups: Boolean, $agentId: String) {
              recall(
                userId: $userId
                query: $query
                conversation: $conversation
                limit: $limit
                includeSuperseded: $includeSuperseded
                asOf: $asOf
                tags: $tags
                explain: $explain
                includeGroups: $includeGroups
                agentId: $agentId
              ) {
                ...RecallHitFields
              }
            }

            fragment ChannelContributionFields on ChannelContribution {
              channel
              rank
              contribution
            }

            fragment RankAdjustmentFields on RankAdjustment {
              rule
              scoreBefore
              scoreAfter
              factor
              term
              relativeTo
              detail
            }

            fragment RecallExplanationFields on RecallExplanation {
              channels {
                ...ChannelContributionFields
              }
              fusion
              fusedScore
              adjustments {
                ...RankAdjustmentFields
              }
              finalScore
            }

            fragment RecallHitFields on RecallHit {
              id
              kind
              content
              score
              occurredAt
              sourceMessageIds
              memoryType
              entity
              status
              validFrom
              validTo
              documentId
              headingPath
              title
              lastConfirmedAt
              explanation {
                ...RecallExplanationFields
              }
              space
              spaceKind
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "query": query,
            "conversation": conversation,
            "limit": limit,
            "includeSuperseded": include_superseded,
            "asOf": as_of,
            "tags": tags,
            "explain": explain,
            "includeGroups": include_groups,
            "agentId": agent_id,
        }
        response = self.execute(
            query=_query, operation_name="recall", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Recall.model_validate(data)

    def memory_context(
        self,
        user_id: str,
        query: Union[Optional[str], UnsetType] = UNSET,
        conversation: Union[Optional[list[TurnInput]], UnsetType] = UNSET,
        max_tokens: Union[Optional[int], UnsetType] = UNSET,
        include_groups: Union[Optional[bool], UnsetType] = UNSET,
        agent_id: Union[Optional[str], UnsetType] = UNSET,
        explain: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> MemoryContext:
        _query = gql("""
            query memoryContext($userId: String!, $query: String, $conversation: [TurnInput!], $maxTokens: Int, $includeGroups: Boolean, $agentId: String, $explain: Boolean) {
              memoryContext(
                userId: $userId
                query: $query
                conversation: $conversation
                maxTokens: $maxTokens
                includeGroups: $includeGroups
                agentId: $agentId
                explain: $explain
              ) {
                ...MemoryContextFields
              }
            }

            fragment ChannelContributionFields on ChannelContribution {
              channel
              rank
              contribution
            }

            fragment ContextLineFields on ContextLine {
              section
              id
              kind
              text
              included
              reason
              rank
              score
              space
              explanation {
                ...RecallExplanationFields
              }
            }

            fragment MemoryContextFields on MemoryContext {
              text
              tokens
              traitIds
              memoryIds
              impressionIds
              eventIds
              chunkIds
              sessionIds
              lines {
                ...ContextLineFields
              }
            }

            fragment RankAdjustmentFields on RankAdjustment {
              rule
              scoreBefore
              scoreAfter
              factor
              term
              relativeTo
              detail
            }

            fragment RecallExplanationFields on RecallExplanation {
              channels {
                ...ChannelContributionFields
              }
              fusion
              fusedScore
              adjustments {
                ...RankAdjustmentFields
              }
              finalScore
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "query": query,
            "conversation": conversation,
            "maxTokens": max_tokens,
            "includeGroups": include_groups,
            "agentId": agent_id,
            "explain": explain,
        }
        response = self.execute(
            query=_query, operation_name="memoryContext", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return MemoryContext.model_validate(data)

    def memories(
        self,
        user_id: str,
        type_: Union[Optional[MemoryType], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        status: Union[Optional[list[MemoryStatus]], UnsetType] = UNSET,
        include_superseded: Union[Optional[bool], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Memories:
        query = gql("""
            query memories($userId: String!, $type: MemoryType, $limit: Int, $after: String, $status: [MemoryStatus!], $includeSuperseded: Boolean, $asOf: DateTime) {
              memories(
                userId: $userId
                type: $type
                limit: $limit
                after: $after
                status: $status
                includeSuperseded: $includeSuperseded
                asOf: $asOf
              ) {
                ...MemoryPageFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment MemoryPageFields on MemoryPage {
              items {
                ...MemoryFields
              }
              nextCursor
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "type": type_,
            "limit": limit,
            "after": after,
            "status": status,
            "includeSuperseded": include_superseded,
            "asOf": as_of,
        }
        response = self.execute(
            query=query, operation_name="memories", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Memories.model_validate(data)

    def job(
        self, id: str, user_id: Union[Optional[str], UnsetType] = UNSET, **kwargs: Any
    ) -> Job:
        query = gql("""
            query job($id: ID!, $userId: String) {
              job(id: $id, userId: $userId) {
                ...JobFields
              }
            }

            fragment JobFields on Job {
              id
              status
              error
              kind
              userId
              sessionId
              attempts
              createdAt
              updatedAt
              llmCalls
              tokensIn
              tokensOut
              memoriesCreated
              memoriesReinforced
              priority
              cancelRequested
              extractor
              fallbackReason
            }
            """)
        variables: dict[str, object] = {"id": id, "userId": user_id}
        response = self.execute(
            query=query, operation_name="job", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Job.model_validate(data)

    def jobs(
        self,
        user_id: str,
        status: Union[Optional[JobStatus], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Jobs:
        query = gql("""
            query jobs($userId: String!, $status: JobStatus, $limit: Int) {
              jobs(userId: $userId, status: $status, limit: $limit) {
                ...JobFields
              }
            }

            fragment JobFields on Job {
              id
              status
              error
              kind
              userId
              sessionId
              attempts
              createdAt
              updatedAt
              llmCalls
              tokensIn
              tokensOut
              memoriesCreated
              memoriesReinforced
              priority
              cancelRequested
              extractor
              fallbackReason
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "status": status,
            "limit": limit,
        }
        response = self.execute(
            query=query, operation_name="jobs", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Jobs.model_validate(data)

    def memory(self, user_id: str, memory_id: str, **kwargs: Any) -> Memory:
        query = gql("""
            query memory($userId: String!, $memoryId: ID!) {
              memory(userId: $userId, memoryId: $memoryId) {
                ...MemoryFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "memoryId": memory_id}
        response = self.execute(
            query=query, operation_name="memory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Memory.model_validate(data)

    def memory_history(
        self, user_id: str, memory_id: str, **kwargs: Any
    ) -> MemoryHistory:
        query = gql("""
            query memoryHistory($userId: String!, $memoryId: ID!) {
              memoryHistory(userId: $userId, memoryId: $memoryId) {
                ...HistoryEntryFields
              }
            }

            fragment HistoryEntryFields on HistoryEntry {
              id
              targetId
              event
              actor
              createdAt
              oldValue
              newValue
              reason
              scrubbed
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "memoryId": memory_id}
        response = self.execute(
            query=query, operation_name="memoryHistory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return MemoryHistory.model_validate(data)

    def candidates(
        self,
        user_id: str,
        status: Union[Optional[CandidateStatus], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Candidates:
        query = gql("""
            query candidates($userId: String!, $status: CandidateStatus, $limit: Int) {
              candidates(userId: $userId, status: $status, limit: $limit) {
                ...MemoryCandidateFields
              }
            }

            fragment MemoryCandidateFields on MemoryCandidate {
              id
              memoryType
              content
              status
              importance
              confidence
              days
              sources
              eventIds
              sourceTypes
              createdAt
              expiresAt
              decidedAt
              promotionReason
              memoryId
              origin
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "status": status,
            "limit": limit,
        }
        response = self.execute(
            query=query, operation_name="candidates", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Candidates.model_validate(data)

    def documents(
        self,
        user_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Documents:
        query = gql("""
            query documents($userId: String!, $limit: Int) {
              documents(userId: $userId, limit: $limit) {
                ...DocumentFields
              }
            }

            fragment DocumentEntityFields on DocumentEntity {
              id
              name
              kind
              mentions
              entityIds
            }

            fragment DocumentFields on Document {
              id
              userId
              sourceId
              filename
              mimeType
              format
              title
              version
              pages
              byteSize
              chunkCount
              history
              tags
              createdAt
              updatedAt
              indexedAt
              eventId
              changed
              status
              error
              jobId
              entities {
                ...DocumentEntityFields
              }
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "limit": limit}
        response = self.execute(
            query=query, operation_name="documents", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Documents.model_validate(data)

    def document(self, user_id: str, id: str, **kwargs: Any) -> Document:
        query = gql("""
            query document($userId: String!, $id: ID!) {
              document(userId: $userId, id: $id) {
                ...DocumentFields
                normalizedContent
                chunks {
                  ...DocumentChunkFields
                }
              }
            }

            fragment DocumentChunkFields on DocumentChunk {
              id
              kind
              headingPath
              level
              position
              content
              tokens
              parentId
            }

            fragment DocumentEntityFields on DocumentEntity {
              id
              name
              kind
              mentions
              entityIds
            }

            fragment DocumentFields on Document {
              id
              userId
              sourceId
              filename
              mimeType
              format
              title
              version
              pages
              byteSize
              chunkCount
              history
              tags
              createdAt
              updatedAt
              indexedAt
              eventId
              changed
              status
              error
              jobId
              entities {
                ...DocumentEntityFields
              }
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "id": id}
        response = self.execute(
            query=query, operation_name="document", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Document.model_validate(data)

    def tags(
        self,
        user_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Tags:
        query = gql("""
            query tags($userId: String!, $limit: Int) {
              tags(userId: $userId, limit: $limit) {
                ...TagFields
              }
            }

            fragment TagFields on Tag {
              id
              name
              count
              memories
              events
              documents
              chunks
              origins
              createdAt
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "limit": limit}
        response = self.execute(
            query=query, operation_name="tags", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Tags.model_validate(data)

    def should_reflect(
        self,
        user_id: str,
        session_ended: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ShouldReflect:
        query = gql("""
            query shouldReflect($userId: String!, $sessionEnded: Boolean) {
              shouldReflect(userId: $userId, sessionEnded: $sessionEnded)
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "sessionEnded": session_ended,
        }
        response = self.execute(
            query=query, operation_name="shouldReflect", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ShouldReflect.model_validate(data)

    def user_traits(
        self,
        user_id: str,
        min_stage: Union[Optional[TraitStage], UnsetType] = UNSET,
        subtype: Union[Optional[TraitSubtype], UnsetType] = UNSET,
        context: Union[Optional[TraitContext], UnsetType] = UNSET,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> UserTraits:
        query = gql("""
            query userTraits($userId: String!, $minStage: TraitStage, $subtype: TraitSubtype, $context: TraitContext, $asOf: DateTime) {
              userTraits(
                userId: $userId
                minStage: $minStage
                subtype: $subtype
                context: $context
                asOf: $asOf
              ) {
                ...TraitFields
              }
            }

            fragment EvidenceFields on Evidence {
              id
              grade
              kind
              cycleId
              createdAt
              inheritedFrom
              resolvedAt
              memory {
                ...EvidenceMemoryFields
              }
            }

            fragment EvidenceMemoryFields on EvidenceMemory {
              id
              content
              memoryType
              sourceMessageIds
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }

            fragment TraitFields on Trait {
              id
              content
              stage
              subtype
              confidence
              context
              windowStart
              windowEnd
              firstObserved
              lastReinforced
              reinforcementCount
              contradictionCount
              derivedFrom
              createdAt
              about
              reasoning
              ruleId
              rule {
                ...RulebookRuleFields
              }
              evidence {
                ...EvidenceFields
              }
              history {
                ...TraitHistoryPointFields
              }
              parents {
                id
                content
                stage
                subtype
                confidence
                context
                windowStart
                windowEnd
                firstObserved
                lastReinforced
                reinforcementCount
                contradictionCount
                derivedFrom
                createdAt
                about
                reasoning
                ruleId
              }
              children {
                id
                content
                stage
                subtype
                confidence
                context
                windowStart
                windowEnd
                firstObserved
                lastReinforced
                reinforcementCount
                contradictionCount
                derivedFrom
                createdAt
                about
                reasoning
                ruleId
              }
            }

            fragment TraitHistoryPointFields on TraitHistoryPoint {
              at
              stage
              confidence
              event
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "minStage": min_stage,
            "subtype": subtype,
            "context": context,
            "asOf": as_of,
        }
        response = self.execute(
            query=query, operation_name="userTraits", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return UserTraits.model_validate(data)

    def reflection_cycles(
        self,
        user_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ReflectionCycles:
        query = gql("""
            query reflectionCycles($userId: String!, $limit: Int) {
              reflectionCycles(userId: $userId, limit: $limit) {
                ...ReflectionCycleFields
              }
            }

            fragment ReflectionCycleFields on ReflectionCycle {
              id
              status
              trigger
              triggerValue
              skippedReason
              error
              mode
              memoriesScanned
              memoriesInContext
              traitsCreated
              traitsReinforced
              traitsContradicted
              traitsUpgraded
              traitsPromoted
              traitsModified
              traitsDissolved
              operationsRejected
              notes
              llmCalls
              tokensIn
              tokensOut
              startedAt
              finishedAt
              durationMs
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "limit": limit}
        response = self.execute(
            query=query,
            operation_name="reflectionCycles",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return ReflectionCycles.model_validate(data)

    def entities(
        self,
        user_id: str,
        search: Union[Optional[str], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Entities:
        query = gql("""
            query entities($userId: String!, $search: String, $limit: Int, $after: String) {
              entities(userId: $userId, search: $search, limit: $limit, after: $after) {
                ...EntityPageFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment EntityPageFields on EntityPage {
              nodes {
                ...EntityFields
              }
              endCursor
              hasNextPage
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "search": search,
            "limit": limit,
            "after": after,
        }
        response = self.execute(
            query=query, operation_name="entities", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Entities.model_validate(data)

    def entity(
        self,
        user_id: str,
        subject_or_alias: str,
        as_of: Union[Optional[datetime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Entity:
        query = gql("""
            query entity($userId: String!, $subjectOrAlias: String!, $asOf: DateTime) {
              entity(userId: $userId, subjectOrAlias: $subjectOrAlias, asOf: $asOf) {
                ...EntityFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "subjectOrAlias": subject_or_alias,
            "asOf": as_of,
        }
        response = self.execute(
            query=query, operation_name="entity", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Entity.model_validate(data)

    def pending_observations(
        self,
        user_id: str,
        status: Union[Optional[PendingStatus], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> PendingObservations:
        query = gql("""
            query pendingObservations($userId: String!, $status: PendingStatus, $limit: Int) {
              pendingObservations(userId: $userId, status: $status, limit: $limit) {
                ...PendingObservationFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment PendingObservationFields on PendingObservation {
              id
              userId
              subject
              aliases
              kind
              reason
              detail
              status
              confidence
              impressions
              features
              relations
              evidenceSnippets
              eventIds
              createdAt
              resolvedAt
              resolvedEntityId
              candidates {
                ...EntityFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "status": status,
            "limit": limit,
        }
        response = self.execute(
            query=query,
            operation_name="pendingObservations",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return PendingObservations.model_validate(data)

    def entity_provenance(
        self,
        user_id: str,
        entity_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> EntityProvenance:
        query = gql("""
            query entityProvenance($userId: String!, $entityId: ID!, $limit: Int) {
              entityProvenance(userId: $userId, entityId: $entityId, limit: $limit) {
                ...EntityProvenanceViewFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment EntityProvenanceViewFields on EntityProvenanceView {
              entity {
                ...EntityFields
              }
              kindDecidedBy
              kindRule {
                ...RulebookRuleFields
              }
              observed
              messages {
                ...MessageFields
              }
              relations {
                ...RelationProvenanceViewFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment MessageFields on Message {
              id
              messageId
              sessionId
              sourceType
              role
              speaker
              title
              content
              occurredAt
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }

            fragment RelationProvenanceViewFields on RelationProvenanceView {
              relation {
                ...RelationFields
              }
              statedBy
              rule {
                ...RulebookRuleFields
              }
              observed
              messages {
                ...MessageFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "entityId": entity_id,
            "limit": limit,
        }
        response = self.execute(
            query=query,
            operation_name="entityProvenance",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return EntityProvenance.model_validate(data)

    def viewer(self, **kwargs: Any) -> Viewer:
        query = gql("""
            query viewer {
              viewer {
                ...ViewerFields
              }
            }

            fragment ViewerFields on Viewer {
              authRequired
              principal
              admin
              userIds
            }
            """)
        variables: dict[str, object] = {}
        response = self.execute(
            query=query, operation_name="viewer", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Viewer.model_validate(data)

    def messages(
        self,
        user_id: str,
        message_ids: Union[Optional[list[str]], UnsetType] = UNSET,
        event_ids: Union[Optional[list[str]], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Messages:
        query = gql("""
            query messages($userId: String!, $messageIds: [String!], $eventIds: [ID!]) {
              messages(userId: $userId, messageIds: $messageIds, eventIds: $eventIds) {
                ...MessageFields
              }
            }

            fragment MessageFields on Message {
              id
              messageId
              sessionId
              sourceType
              role
              speaker
              title
              content
              occurredAt
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "messageIds": message_ids,
            "eventIds": event_ids,
        }
        response = self.execute(
            query=query, operation_name="messages", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Messages.model_validate(data)

    def user_counts(self, user_id: str, **kwargs: Any) -> UserCounts:
        query = gql("""
            query userCounts($userId: String!) {
              userCounts(userId: $userId) {
                ...UserCountsFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }

            fragment UserCountsFields on UserCounts {
              userId
              events
              sessions
              openSessions
              firstMessageAt
              lastMessageAt
              memories
              memoriesByType {
                ...KeyCountFields
              }
              memoriesByStatus {
                ...KeyCountFields
              }
              entities
              aliases
              impressions
              features
              relations
              traits
              traitsByStage {
                ...KeyCountFields
              }
              pendingObservations
              jobsByStatus {
                ...KeyCountFields
              }
              llmCalls
              tokensIn
              tokensOut
              reflectionCycles
              lastReflectionAt
            }
            """)
        variables: dict[str, object] = {"userId": user_id}
        response = self.execute(
            query=query, operation_name="userCounts", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return UserCounts.model_validate(data)

    def users(
        self,
        prefix: Union[Optional[str], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Users:
        query = gql("""
            query users($prefix: String, $limit: Int, $after: String) {
              users(prefix: $prefix, limit: $limit, after: $after) {
                ...UserPageFields
              }
            }

            fragment UserPageFields on UserPage {
              nodes {
                ...UserSummaryFields
              }
              endCursor
              hasNextPage
            }

            fragment UserSummaryFields on UserSummary {
              userId
              sessions
              lastMessageAt
            }
            """)
        variables: dict[str, object] = {
            "prefix": prefix,
            "limit": limit,
            "after": after,
        }
        response = self.execute(
            query=query, operation_name="users", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Users.model_validate(data)

    def learning_runs(
        self,
        user_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> LearningRuns:
        query = gql("""
            query learningRuns($userId: String!, $limit: Int) {
              learningRuns(userId: $userId, limit: $limit) {
                ...LearningRunFields
              }
            }

            fragment LearningRunFields on LearningRun {
              id
              userId
              day
              status
              ranNow
              attempts
              startedAt
              finishedAt
              durationMs
              error
              reflectionStatus
              reflectionTrigger
              conversationsConsolidated
              traitsDissolved
              candidatesPromoted
              candidatesExpired
              memoriesArchived
              tagsAssigned
              llmCalls
              extractionTracesPruned
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "limit": limit}
        response = self.execute(
            query=query, operation_name="learningRuns", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return LearningRuns.model_validate(data)

    def timeline(
        self,
        user_id: str,
        from_: Union[Optional[datetime], UnsetType] = UNSET,
        to: Union[Optional[datetime], UnsetType] = UNSET,
        source_types: Union[Optional[list[SourceType]], UnsetType] = UNSET,
        kinds: Union[Optional[list[TimelineKind]], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Timeline:
        query = gql("""
            query timeline($userId: String!, $from: DateTime, $to: DateTime, $sourceTypes: [SourceType!], $kinds: [TimelineKind!], $limit: Int, $after: String) {
              timeline(
                userId: $userId
                from: $from
                to: $to
                sourceTypes: $sourceTypes
                kinds: $kinds
                limit: $limit
                after: $after
              ) {
                ...TimelineFields
              }
            }

            fragment TimelineEntryFields on TimelineEntry {
              kind
              id
              at
              content
              title
              sourceType
              sourceId
              sessionId
              memoryType
              status
              speaker
              role
            }

            fragment TimelineFields on Timeline {
              nodes {
                ...TimelineEntryFields
              }
              endCursor
              hasNextPage
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "from": from_,
            "to": to,
            "sourceTypes": source_types,
            "kinds": kinds,
            "limit": limit,
            "after": after,
        }
        response = self.execute(
            query=query, operation_name="timeline", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Timeline.model_validate(data)

    def belief_changes(
        self,
        user_id: str,
        from_: Union[Optional[datetime], UnsetType] = UNSET,
        to: Union[Optional[datetime], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        after: Union[Optional[str], UnsetType] = UNSET,
        by: Union[Optional[BeliefTime], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> BeliefChanges:
        query = gql("""
            query beliefChanges($userId: String!, $from: DateTime, $to: DateTime, $limit: Int, $after: String, $by: BeliefTime) {
              beliefChanges(
                userId: $userId
                from: $from
                to: $to
                limit: $limit
                after: $after
                by: $by
              ) {
                ...BeliefChangesFields
              }
            }

            fragment BeliefChangeFields on BeliefChange {
              id
              at
              happenedAt
              kind
              targetId
              change
              actor
              recordedActor
              oldValue
              newValue
              reason
              stage
              evidenceIds
              scrubbed
            }

            fragment BeliefChangesFields on BeliefChanges {
              nodes {
                ...BeliefChangeFields
              }
              endCursor
              hasNextPage
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "from": from_,
            "to": to,
            "limit": limit,
            "after": after,
            "by": by,
        }
        response = self.execute(
            query=query, operation_name="beliefChanges", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return BeliefChanges.model_validate(data)

    def sessions(
        self,
        user_id: str,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Sessions:
        query = gql("""
            query sessions($userId: String!, $limit: Int) {
              sessions(userId: $userId, limit: $limit) {
                ...ConversationSessionFields
              }
            }

            fragment ConversationSessionFields on ConversationSession {
              sessionId
              status
              startedAt
              lastMessageAt
              endedAt
              messages
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "limit": limit}
        response = self.execute(
            query=query, operation_name="sessions", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Sessions.model_validate(data)

    def user_stats(self, user_id: str, **kwargs: Any) -> UserStats:
        query = gql("""
            query userStats($userId: String!) {
              userStats(userId: $userId) {
                ...UserStatsViewFields
              }
            }

            fragment GrowthDayFields on GrowthDay {
              day
              events
              memories
              candidates
              documents
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }

            fragment UserCountsFields on UserCounts {
              userId
              events
              sessions
              openSessions
              firstMessageAt
              lastMessageAt
              memories
              memoriesByType {
                ...KeyCountFields
              }
              memoriesByStatus {
                ...KeyCountFields
              }
              entities
              aliases
              impressions
              features
              relations
              traits
              traitsByStage {
                ...KeyCountFields
              }
              pendingObservations
              jobsByStatus {
                ...KeyCountFields
              }
              llmCalls
              tokensIn
              tokensOut
              reflectionCycles
              lastReflectionAt
            }

            fragment UserStatsViewFields on UserStatsView {
              counts {
                ...UserCountsFields
              }
              eventsBySource {
                ...KeyCountFields
              }
              candidatesByStatus {
                ...KeyCountFields
              }
              documents
              passages
              tags
              learningRuns
              lastLearningAt
              growth {
                ...GrowthDayFields
              }
            }
            """)
        variables: dict[str, object] = {"userId": user_id}
        response = self.execute(
            query=query, operation_name="userStats", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return UserStats.model_validate(data)

    def extraction_trace(
        self,
        user_id: str,
        session_id: str,
        message_id: Union[Optional[str], UnsetType] = UNSET,
        limit: Union[Optional[int], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ExtractionTrace:
        query = gql("""
            query extractionTrace($userId: String!, $sessionId: String!, $messageId: String, $limit: Int) {
              extractionTrace(
                userId: $userId
                sessionId: $sessionId
                messageId: $messageId
                limit: $limit
              ) {
                ...ExtractionTraceFields
              }
            }

            fragment ExtractionTraceFields on ExtractionTrace {
              id
              sessionId
              messageId
              role
              occurredAt
              recordedAt
              jobId
              extractor
              llmProvider
              llmModel
              fallbackReason
              fromPerson
              refusedBy
              decisions {
                ...TraceDecisionViewFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }

            fragment TraceDecisionViewFields on TraceDecisionView {
              outcome
              sentence
              piece
              ruleId
              rule {
                ...RulebookRuleFields
              }
              shapedBy
              memoryId
              candidateId
              supersededIds
              supersededById
              explanation
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "sessionId": session_id,
            "messageId": message_id,
            "limit": limit,
        }
        response = self.execute(
            query=query, operation_name="extractionTrace", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ExtractionTrace.model_validate(data)

    def memory_provenance(
        self, user_id: str, memory_id: str, **kwargs: Any
    ) -> MemoryProvenance:
        query = gql("""
            query memoryProvenance($userId: String!, $memoryId: ID!) {
              memoryProvenance(userId: $userId, memoryId: $memoryId) {
                ...MemoryProvenanceViewFields
              }
            }

            fragment ExtractionTraceFields on ExtractionTrace {
              id
              sessionId
              messageId
              role
              occurredAt
              recordedAt
              jobId
              extractor
              llmProvider
              llmModel
              fallbackReason
              fromPerson
              refusedBy
              decisions {
                ...TraceDecisionViewFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment MemoryProvenanceViewFields on MemoryProvenanceView {
              memory {
                ...MemoryFields
              }
              madeBy
              rule {
                ...RulebookRuleFields
              }
              steps {
                ...ExtractionTraceFields
              }
              traits {
                ...TraitRestingFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }

            fragment TraceDecisionViewFields on TraceDecisionView {
              outcome
              sentence
              piece
              ruleId
              rule {
                ...RulebookRuleFields
              }
              shapedBy
              memoryId
              candidateId
              supersededIds
              supersededById
              explanation
            }

            fragment TraitRestingFields on TraitResting {
              traitId
              content
              stage
              supports
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "memoryId": memory_id}
        response = self.execute(
            query=query,
            operation_name="memoryProvenance",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return MemoryProvenance.model_validate(data)

    def rules(
        self,
        language: Union[Optional[str], UnsetType] = UNSET,
        decision: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Rules:
        query = gql("""
            query rules($language: String, $decision: String) {
              rules(language: $language, decision: $decision) {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"language": language, "decision": decision}
        response = self.execute(
            query=query, operation_name="rules", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Rules.model_validate(data)

    def rule(self, id: str, **kwargs: Any) -> Rule:
        query = gql("""
            query rule($id: ID!) {
              rule(id: $id) {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"id": id}
        response = self.execute(
            query=query, operation_name="rule", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Rule.model_validate(data)

    def group(self, group_id: str, **kwargs: Any) -> Group:
        query = gql("""
            query group($groupId: ID!) {
              group(groupId: $groupId) {
                ...GroupFields
              }
            }

            fragment GroupFields on Group {
              id
              name
              members
              createdAt
              createdBy
            }
            """)
        variables: dict[str, object] = {"groupId": group_id}
        response = self.execute(
            query=query, operation_name="group", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Group.model_validate(data)

    def groups(self, user_id: str, **kwargs: Any) -> Groups:
        query = gql("""
            query groups($userId: String!) {
              groups(userId: $userId) {
                ...GroupFields
              }
            }

            fragment GroupFields on Group {
              id
              name
              members
              createdAt
              createdBy
            }
            """)
        variables: dict[str, object] = {"userId": user_id}
        response = self.execute(
            query=query, operation_name="groups", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Groups.model_validate(data)

    def agents(self, owner_id: str, **kwargs: Any) -> Agents:
        query = gql("""
            query agents($ownerId: String!) {
              agents(ownerId: $ownerId) {
                ...AgentFields
              }
            }

            fragment AgentFields on Agent {
              id
              name
              ownerId
              createdAt
            }
            """)
        variables: dict[str, object] = {"ownerId": owner_id}
        response = self.execute(
            query=query, operation_name="agents", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Agents.model_validate(data)

    def ingest_messages(
        self, input: IngestMessagesInput, **kwargs: Any
    ) -> IngestMessages:
        query = gql("""
            mutation ingestMessages($input: IngestMessagesInput!) {
              ingestMessages(input: $input) {
                ...IngestResultFields
              }
            }

            fragment IngestResultFields on IngestResult {
              stored
              duplicates
              messageIds
              eventIds
              newVersions
              candidates
              promoted
              jobIds
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="ingestMessages", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return IngestMessages.model_validate(data)

    def end_conversation(
        self,
        user_id: str,
        session_id: str,
        priority: Union[Optional[JobPriority], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> EndConversation:
        query = gql("""
            mutation endConversation($userId: String!, $sessionId: String!, $priority: JobPriority) {
              endConversation(userId: $userId, sessionId: $sessionId, priority: $priority) {
                ...JobFields
              }
            }

            fragment JobFields on Job {
              id
              status
              error
              kind
              userId
              sessionId
              attempts
              createdAt
              updatedAt
              llmCalls
              tokensIn
              tokensOut
              memoriesCreated
              memoriesReinforced
              priority
              cancelRequested
              extractor
              fallbackReason
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "sessionId": session_id,
            "priority": priority,
        }
        response = self.execute(
            query=query, operation_name="endConversation", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EndConversation.model_validate(data)

    def retry_job(self, user_id: str, id: str, **kwargs: Any) -> RetryJob:
        query = gql("""
            mutation retryJob($userId: String!, $id: ID!) {
              retryJob(userId: $userId, id: $id) {
                ...JobFields
              }
            }

            fragment JobFields on Job {
              id
              status
              error
              kind
              userId
              sessionId
              attempts
              createdAt
              updatedAt
              llmCalls
              tokensIn
              tokensOut
              memoriesCreated
              memoriesReinforced
              priority
              cancelRequested
              extractor
              fallbackReason
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "id": id}
        response = self.execute(
            query=query, operation_name="retryJob", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RetryJob.model_validate(data)

    def cancel_job(self, user_id: str, id: str, **kwargs: Any) -> CancelJob:
        query = gql("""
            mutation cancelJob($userId: String!, $id: ID!) {
              cancelJob(userId: $userId, id: $id) {
                ...JobFields
              }
            }

            fragment JobFields on Job {
              id
              status
              error
              kind
              userId
              sessionId
              attempts
              createdAt
              updatedAt
              llmCalls
              tokensIn
              tokensOut
              memoriesCreated
              memoriesReinforced
              priority
              cancelRequested
              extractor
              fallbackReason
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "id": id}
        response = self.execute(
            query=query, operation_name="cancelJob", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CancelJob.model_validate(data)

    def remember(self, input: RememberInput, **kwargs: Any) -> Remember:
        query = gql("""
            mutation remember($input: RememberInput!) {
              remember(input: $input) {
                ...MemoryFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="remember", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Remember.model_validate(data)

    def correct_memory(
        self, user_id: str, memory_id: str, content: str, **kwargs: Any
    ) -> CorrectMemory:
        query = gql("""
            mutation correctMemory($userId: String!, $memoryId: ID!, $content: String!) {
              correctMemory(userId: $userId, memoryId: $memoryId, content: $content) {
                ...MemoryFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "memoryId": memory_id,
            "content": content,
        }
        response = self.execute(
            query=query, operation_name="correctMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CorrectMemory.model_validate(data)

    def forget_memory(
        self,
        user_id: str,
        memory_id: str,
        reason: Union[Optional[str], UnsetType] = UNSET,
        keep_sources: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ForgetMemory:
        query = gql("""
            mutation forgetMemory($userId: String!, $memoryId: ID!, $reason: String, $keepSources: Boolean) {
              forgetMemory(
                userId: $userId
                memoryId: $memoryId
                reason: $reason
                keepSources: $keepSources
              ) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "memoryId": memory_id,
            "reason": reason,
            "keepSources": keep_sources,
        }
        response = self.execute(
            query=query, operation_name="forgetMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ForgetMemory.model_validate(data)

    def forget_events(
        self,
        user_id: str,
        source_type: SourceType,
        source_ids: list[str],
        **kwargs: Any,
    ) -> ForgetEvents:
        query = gql("""
            mutation forgetEvents($userId: String!, $sourceType: SourceType!, $sourceIds: [String!]!) {
              forgetEvents(userId: $userId, sourceType: $sourceType, sourceIds: $sourceIds) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "sourceType": source_type,
            "sourceIds": source_ids,
        }
        response = self.execute(
            query=query, operation_name="forgetEvents", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ForgetEvents.model_validate(data)

    def forget_document(
        self, user_id: str, document_id: str, **kwargs: Any
    ) -> ForgetDocument:
        query = gql("""
            mutation forgetDocument($userId: String!, $documentId: ID!) {
              forgetDocument(userId: $userId, documentId: $documentId) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "documentId": document_id}
        response = self.execute(
            query=query, operation_name="forgetDocument", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ForgetDocument.model_validate(data)

    def forget_messages(
        self,
        user_id: str,
        message_ids: list[str],
        session_id: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ForgetMessages:
        query = gql("""
            mutation forgetMessages($userId: String!, $messageIds: [String!]!, $sessionId: String) {
              forgetMessages(userId: $userId, messageIds: $messageIds, sessionId: $sessionId) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "messageIds": message_ids,
            "sessionId": session_id,
        }
        response = self.execute(
            query=query, operation_name="forgetMessages", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ForgetMessages.model_validate(data)

    def forget_session(
        self, user_id: str, session_id: str, **kwargs: Any
    ) -> ForgetSession:
        query = gql("""
            mutation forgetSession($userId: String!, $sessionId: String!) {
              forgetSession(userId: $userId, sessionId: $sessionId) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "sessionId": session_id}
        response = self.execute(
            query=query, operation_name="forgetSession", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ForgetSession.model_validate(data)

    def erase_user(self, user_id: str, confirm: str, **kwargs: Any) -> EraseUser:
        query = gql("""
            mutation eraseUser($userId: String!, $confirm: String!) {
              eraseUser(userId: $userId, confirm: $confirm) {
                ...ForgetResultFields
              }
            }

            fragment ForgetResultFields on ForgetResult {
              events
              eventsForgotten
              sessions
              memoriesDeleted
              memoriesForgotten
              memoriesUpdated
              memoriesReinstated
              impressions
              aliases
              featuresDeleted
              featuresChanged
              relations
              entities
              pendingObservations
              evidence
              traitsDeleted
              traitsDissolved
              traitsRescored
              candidates
              documents
              chunks
              documentVersions
              sources
              tags
              summariesRebuilt
              historyScrubbed
              eventsReembedded
              nodesDeleted
              complete
              deletedByLabel {
                ...KeyCountFields
              }
            }

            fragment KeyCountFields on KeyCount {
              key
              count
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "confirm": confirm}
        response = self.execute(
            query=query, operation_name="eraseUser", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return EraseUser.model_validate(data)

    def archive_memory(
        self, user_id: str, memory_id: str, **kwargs: Any
    ) -> ArchiveMemory:
        query = gql("""
            mutation archiveMemory($userId: String!, $memoryId: ID!) {
              archiveMemory(userId: $userId, memoryId: $memoryId) {
                ...MemoryFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "memoryId": memory_id}
        response = self.execute(
            query=query, operation_name="archiveMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return ArchiveMemory.model_validate(data)

    def restore_memory(
        self, user_id: str, memory_id: str, **kwargs: Any
    ) -> RestoreMemory:
        query = gql("""
            mutation restoreMemory($userId: String!, $memoryId: ID!) {
              restoreMemory(userId: $userId, memoryId: $memoryId) {
                ...MemoryFields
              }
            }

            fragment MemoryFields on Memory {
              id
              type
              content
              confidence
              importance
              reinforcementCount
              createdAt
              lastReinforcedAt
              occurredAt
              sourceMessageIds
              status
              validFrom
              validTo
              slot
              origin
              supersededBy
              ruleId
              rule {
                ...RulebookRuleFields
              }
            }

            fragment RuleExampleFields on RuleExample {
              said
              expect
            }

            fragment RulebookRuleFields on RulebookRule {
              id
              language
              decision
              description
              output
              confidence
              enabled
              measuredPrecision
              judged
              examples {
                ...RuleExampleFields
              }
              counterexamples
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "memoryId": memory_id}
        response = self.execute(
            query=query, operation_name="restoreMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RestoreMemory.model_validate(data)

    def ingest_events(self, input: IngestEventsInput, **kwargs: Any) -> IngestEvents:
        query = gql("""
            mutation ingestEvents($input: IngestEventsInput!) {
              ingestEvents(input: $input) {
                ...IngestResultFields
              }
            }

            fragment IngestResultFields on IngestResult {
              stored
              duplicates
              messageIds
              eventIds
              newVersions
              candidates
              promoted
              jobIds
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="ingestEvents", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return IngestEvents.model_validate(data)

    def promote_candidate(
        self, user_id: str, id: str, **kwargs: Any
    ) -> PromoteCandidate:
        query = gql("""
            mutation promoteCandidate($userId: String!, $id: ID!) {
              promoteCandidate(userId: $userId, id: $id) {
                ...MemoryCandidateFields
              }
            }

            fragment MemoryCandidateFields on MemoryCandidate {
              id
              memoryType
              content
              status
              importance
              confidence
              days
              sources
              eventIds
              sourceTypes
              createdAt
              expiresAt
              decidedAt
              promotionReason
              memoryId
              origin
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "id": id}
        response = self.execute(
            query=query,
            operation_name="promoteCandidate",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return PromoteCandidate.model_validate(data)

    def reject_candidate(self, user_id: str, id: str, **kwargs: Any) -> RejectCandidate:
        query = gql("""
            mutation rejectCandidate($userId: String!, $id: ID!) {
              rejectCandidate(userId: $userId, id: $id) {
                ...MemoryCandidateFields
              }
            }

            fragment MemoryCandidateFields on MemoryCandidate {
              id
              memoryType
              content
              status
              importance
              confidence
              days
              sources
              eventIds
              sourceTypes
              createdAt
              expiresAt
              decidedAt
              promotionReason
              memoryId
              origin
            }
            """)
        variables: dict[str, object] = {"userId": user_id, "id": id}
        response = self.execute(
            query=query, operation_name="rejectCandidate", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return RejectCandidate.model_validate(data)

    def ingest_document(
        self, input: IngestDocumentInput, **kwargs: Any
    ) -> IngestDocument:
        query = gql("""
            mutation ingestDocument($input: IngestDocumentInput!) {
              ingestDocument(input: $input) {
                ...DocumentFields
              }
            }

            fragment DocumentEntityFields on DocumentEntity {
              id
              name
              kind
              mentions
              entityIds
            }

            fragment DocumentFields on Document {
              id
              userId
              sourceId
              filename
              mimeType
              format
              title
              version
              pages
              byteSize
              chunkCount
              history
              tags
              createdAt
              updatedAt
              indexedAt
              eventId
              changed
              status
              error
              jobId
              entities {
                ...DocumentEntityFields
              }
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="ingestDocument", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return IngestDocument.model_validate(data)

    def tag_memory(
        self, user_id: str, memory_id: str, tag: str, **kwargs: Any
    ) -> TagMemory:
        query = gql("""
            mutation tagMemory($userId: String!, $memoryId: ID!, $tag: String!) {
              tagMemory(userId: $userId, memoryId: $memoryId, tag: $tag)
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "memoryId": memory_id,
            "tag": tag,
        }
        response = self.execute(
            query=query, operation_name="tagMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return TagMemory.model_validate(data)

    def untag_memory(
        self, user_id: str, memory_id: str, tag: str, **kwargs: Any
    ) -> UntagMemory:
        query = gql("""
            mutation untagMemory($userId: String!, $memoryId: ID!, $tag: String!) {
              untagMemory(userId: $userId, memoryId: $memoryId, tag: $tag)
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "memoryId": memory_id,
            "tag": tag,
        }
        response = self.execute(
            query=query, operation_name="untagMemory", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return UntagMemory.model_validate(data)

    def reflect(
        self,
        user_id: str,
        force: Union[Optional[bool], UnsetType] = UNSET,
        session_ended: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> Reflect:
        query = gql("""
            mutation reflect($userId: String!, $force: Boolean, $sessionEnded: Boolean) {
              reflect(userId: $userId, force: $force, sessionEnded: $sessionEnded) {
                ...ReflectionCycleFields
              }
            }

            fragment ReflectionCycleFields on ReflectionCycle {
              id
              status
              trigger
              triggerValue
              skippedReason
              error
              mode
              memoriesScanned
              memoriesInContext
              traitsCreated
              traitsReinforced
              traitsContradicted
              traitsUpgraded
              traitsPromoted
              traitsModified
              traitsDissolved
              operationsRejected
              notes
              llmCalls
              tokensIn
              tokensOut
              startedAt
              finishedAt
              durationMs
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "force": force,
            "sessionEnded": session_ended,
        }
        response = self.execute(
            query=query, operation_name="reflect", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return Reflect.model_validate(data)

    def upsert_entity(self, input: UpsertEntityInput, **kwargs: Any) -> UpsertEntity:
        query = gql("""
            mutation upsertEntity($input: UpsertEntityInput!) {
              upsertEntity(input: $input) {
                ...EntityFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {"input": input}
        response = self.execute(
            query=query, operation_name="upsertEntity", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return UpsertEntity.model_validate(data)

    def add_alias(
        self, user_id: str, entity_id: str, alias: str, **kwargs: Any
    ) -> AddAlias:
        query = gql("""
            mutation addAlias($userId: String!, $entityId: ID!, $alias: String!) {
              addAlias(userId: $userId, entityId: $entityId, alias: $alias) {
                ...EntityFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "entityId": entity_id,
            "alias": alias,
        }
        response = self.execute(
            query=query, operation_name="addAlias", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return AddAlias.model_validate(data)

    def resolve_pending_observation(
        self,
        user_id: str,
        id: str,
        entity_id: Union[Optional[str], UnsetType] = UNSET,
        create_new: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> ResolvePendingObservation:
        query = gql("""
            mutation resolvePendingObservation($userId: String!, $id: ID!, $entityId: ID, $createNew: Boolean) {
              resolvePendingObservation(
                userId: $userId
                id: $id
                entityId: $entityId
                createNew: $createNew
              ) {
                ...ResolvePendingResultFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment PendingObservationFields on PendingObservation {
              id
              userId
              subject
              aliases
              kind
              reason
              detail
              status
              confidence
              impressions
              features
              relations
              evidenceSnippets
              eventIds
              createdAt
              resolvedAt
              resolvedEntityId
              candidates {
                ...EntityFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }

            fragment ResolvePendingResultFields on ResolvePendingResult {
              pendingObservation {
                ...PendingObservationFields
              }
              entity {
                ...EntityFields
              }
            }
            """)
        variables: dict[str, object] = {
            "userId": user_id,
            "id": id,
            "entityId": entity_id,
            "createNew": create_new,
        }
        response = self.execute(
            query=query,
            operation_name="resolvePendingObservation",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return ResolvePendingObservation.model_validate(data)

    def merge_entities(
        self,
        keep_id: str,
        drop_id: str,
        user_id: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> MergeEntities:
        query = gql("""
            mutation mergeEntities($keepId: ID!, $dropId: ID!, $userId: String) {
              mergeEntities(keepId: $keepId, dropId: $dropId, userId: $userId) {
                ...EntityFields
              }
            }

            fragment AliasFields on Alias {
              id
              name
              normalized
            }

            fragment EntityDocumentMentionFields on EntityDocumentMention {
              documentId
              title
              name
              mentions
            }

            fragment EntityFields on Entity {
              id
              userId
              subject
              kind
              kindRule
              createdAt
              updatedAt
              aliases {
                ...AliasFields
              }
              impressions {
                ...ImpressionFields
              }
              features {
                ...FeatureFields
              }
              documentMentions {
                ...EntityDocumentMentionFields
              }
              relations {
                ...RelationFields
              }
            }

            fragment FeatureFields on Feature {
              id
              key
              value
              confidence
              observedAt
              updatedAt
            }

            fragment ImpressionEvidenceFields on ImpressionEvidence {
              id
              grade
              eventId
              messageId
              sessionId
              speaker
              content
              occurredAt
            }

            fragment ImpressionFields on Impression {
              id
              content
              confidence
              createdAt
              evidence {
                ...ImpressionEvidenceFields
              }
            }

            fragment RelationFields on Relation {
              relation
              strength
              direction
              other {
                id
                userId
                subject
                kind
                kindRule
                createdAt
                updatedAt
              }
              ruleId
            }
            """)
        variables: dict[str, object] = {
            "keepId": keep_id,
            "dropId": drop_id,
            "userId": user_id,
        }
        response = self.execute(
            query=query, operation_name="mergeEntities", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return MergeEntities.model_validate(data)

    def run_daily_learning(self, user_id: str, **kwargs: Any) -> RunDailyLearning:
        query = gql("""
            mutation runDailyLearning($userId: String!) {
              runDailyLearning(userId: $userId) {
                ...LearningRunFields
              }
            }

            fragment LearningRunFields on LearningRun {
              id
              userId
              day
              status
              ranNow
              attempts
              startedAt
              finishedAt
              durationMs
              error
              reflectionStatus
              reflectionTrigger
              conversationsConsolidated
              traitsDissolved
              candidatesPromoted
              candidatesExpired
              memoriesArchived
              tagsAssigned
              llmCalls
              extractionTracesPruned
            }
            """)
        variables: dict[str, object] = {"userId": user_id}
        response = self.execute(
            query=query,
            operation_name="runDailyLearning",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return RunDailyLearning.model_validate(data)

    def create_group(
        self,
        group_id: str,
        name: Union[Optional[str], UnsetType] = UNSET,
        created_by: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> CreateGroup:
        query = gql("""
            mutation createGroup($groupId: ID!, $name: String, $createdBy: String) {
              createGroup(groupId: $groupId, name: $name, createdBy: $createdBy) {
                ...GroupFields
              }
            }

            fragment GroupFields on Group {
              id
              name
              members
              createdAt
              createdBy
            }
            """)
        variables: dict[str, object] = {
            "groupId": group_id,
            "name": name,
            "createdBy": created_by,
        }
        response = self.execute(
            query=query, operation_name="createGroup", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CreateGroup.model_validate(data)

    def add_group_member(
        self, group_id: str, user_id: str, **kwargs: Any
    ) -> AddGroupMember:
        query = gql("""
            mutation addGroupMember($groupId: ID!, $userId: String!) {
              addGroupMember(groupId: $groupId, userId: $userId) {
                ...GroupFields
              }
            }

            fragment GroupFields on Group {
              id
              name
              members
              createdAt
              createdBy
            }
            """)
        variables: dict[str, object] = {"groupId": group_id, "userId": user_id}
        response = self.execute(
            query=query, operation_name="addGroupMember", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return AddGroupMember.model_validate(data)

    def remove_group_member(
        self,
        group_id: str,
        user_id: str,
        retract_contributions: Union[Optional[bool], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> RemoveGroupMember:
        query = gql("""
            mutation removeGroupMember($groupId: ID!, $userId: String!, $retractContributions: Boolean) {
              removeGroupMember(
                groupId: $groupId
                userId: $userId
                retractContributions: $retractContributions
              ) {
                ...GroupFields
              }
            }

            fragment GroupFields on Group {
              id
              name
              members
              createdAt
              createdBy
            }
            """)
        variables: dict[str, object] = {
            "groupId": group_id,
            "userId": user_id,
            "retractContributions": retract_contributions,
        }
        response = self.execute(
            query=query,
            operation_name="removeGroupMember",
            variables=variables,
            **kwargs,
        )
        data = self.get_data(response)
        return RemoveGroupMember.model_validate(data)

    def create_agent(
        self,
        agent_id: str,
        owner_id: str,
        name: Union[Optional[str], UnsetType] = UNSET,
        **kwargs: Any,
    ) -> CreateAgent:
        query = gql("""
            mutation createAgent($agentId: ID!, $ownerId: String!, $name: String) {
              createAgent(agentId: $agentId, ownerId: $ownerId, name: $name) {
                ...AgentFields
              }
            }

            fragment AgentFields on Agent {
              id
              name
              ownerId
              createdAt
            }
            """)
        variables: dict[str, object] = {
            "agentId": agent_id,
            "ownerId": owner_id,
            "name": name,
        }
        response = self.execute(
            query=query, operation_name="createAgent", variables=variables, **kwargs
        )
        data = self.get_data(response)
        return CreateAgent.model_validate(data)
