"""The observation contract (seed 000 "数据模型建议"): what a planner may say about the entities of a conversation.

Planners (the LLM task ``observe_entities`` and the offline rules) return an
:class:`ImpressionObservationPlan`. An observation names entities the way the conversation does
(``proposed_subject``, ``aliases``); it never carries a stored entity id and never decides whether to update
or create: the identity resolver does that later. The field descriptions are what the LLM reads.

The rule ids (``kind_rule``, ``rule_id``) are the offline rules' provenance: they are left out of the JSON schema
an LLM reads, and the aggregate keeps only ids that name a rule of the rulebook.

Numbers are not range-checked here on purpose: a confidence of 1.5 or NaN is dropped by the aggregate and
rejected by the validator, with a reason, instead of failing the whole answer.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from graphsvc.vocabulary import EntityKind

ObservationPlanStatus = Literal["PREPARED", "REJECTED"]
"""seed 000: PREPARED, or REJECTED (the planner saw nothing worth observing, or its answer broke the contract)."""

_EVIDENCE = "message_id of every message this rests on (only ids given in the conversation)."


class _Patch(BaseModel):
    # "allow" keeps unexpected fields (such as an "entity_uuid") visible, so the planner stage can reject them.
    model_config = ConfigDict(extra="allow")


class ImpressionPatch(_Patch):
    """One impression of an entity: a durable characterisation worth remembering."""

    content: str = Field(
        description="One self-contained sentence in the conversation's language (never translated), at most "
        '200 characters, e.g. "Ana is training to become a nurse." No placeholders.'
    )
    confidence: float = Field(default=0.8, description="0-1: 0.9 explicit statement, 0.6 indirect cue.")
    evidence_message_ids: list[str] = Field(default=[], description=_EVIDENCE)


class FeaturePatch(_Patch):
    """A stable key/value attribute of an entity."""

    key: str = Field(
        description="snake_case English key: occupation, lives_in, hometown, age, pet, employer, "
        "relationship_status, nationality, ..."
    )
    value: str = Field(description="The value as stated, in the conversation's language.")
    confidence: float = Field(default=0.8, description="0-1.")
    evidence_message_ids: list[str] = Field(default=[], description=_EVIDENCE)


class RelationPatch(_Patch):
    """A relation from the observed entity to another entity of the conversation."""

    target: str = Field(description="The other entity's name as used in the conversation. Never an id.")
    relation: str = Field(description="snake_case: friend, sister, colleague, lives_in, works_at, owns, ...")
    strength: float = Field(default=0.5, description="0-1: how strong or close the relation is.")
    confidence: float = Field(default=0.8, description="0-1.")
    evidence_message_ids: list[str] = Field(default=[], description=_EVIDENCE)
    rule_id: SkipJsonSchema[str | None] = Field(default=None, description="The rulebook rule that stated it.")


class ImpressionEntityObservation(_Patch):
    """What the conversation shows about one entity. Not bound to any stored entity."""

    proposed_subject: str = Field(description="The entity's fullest name in the conversation, e.g. 'Samantha'.")
    kind: EntityKind = Field(
        default="thing",
        description="person, place, organization, work (a titled book, film, song, game, artwork), animal (a pet "
        "or another animal with a name) or thing (anything else: a product, a language, an event).",
    )
    kind_rule: SkipJsonSchema[str | None] = Field(default=None, description="The rulebook rule that decided the kind.")
    aliases: list[str] = Field(
        default=[],
        description="Other names the conversation uses for this same entity ('Sam'). Similar names of "
        "different entities (Ann / Anna, 张伟 / 张薇) are NOT aliases.",
    )
    impressions: list[ImpressionPatch] = Field(default=[])
    features: list[FeaturePatch] = Field(default=[])
    relations: list[RelationPatch] = Field(default=[])
    source_active_runtime_ids: list[str] = Field(
        default=[], description="runtime_id of the active entities this observation is about (e.g. 'e2')."
    )
    evidence_snippets: list[str] = Field(
        default=[], description="Short verbatim quotes from the messages that show the entity."
    )
    confidence: float = Field(default=1.0, description="0-1: how sure it is that this entity exists as named.")
    reason: str | None = Field(default=None, description="Why this observation was made, briefly.")


class ImpressionObservationPlan(_Patch):
    """The planner's answer for one batch of active entities."""

    observations: list[ImpressionEntityObservation] = Field(default=[])
    status: ObservationPlanStatus = Field(
        default="PREPARED", description="PREPARED, or REJECTED when nothing in the conversation is worth observing."
    )
    reason: str | None = Field(default=None, description="Why REJECTED; optional for PREPARED.")


class BatchObservation(BaseModel):
    """A planner answer with the batch it answers (the aggregate needs both)."""

    model_config = ConfigDict(frozen=True)

    batch_index: int
    plan: ImpressionObservationPlan
