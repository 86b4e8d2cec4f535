"""The reflection contract: what one cycle shows the reflector, and the operations it may answer.

Seed 002 §2: steps 2, 4, 5, 6 and 7 are one LLM call whose input is the new memories plus a summary
of the existing traits, and whose output is ``new_trends``, ``new_behaviors``, ``reinforcements``,
``contradictions`` and ``upgrades``. The LLM task (:mod:`graphsvc.pipeline.reflection.prompt`) uses
:class:`ReflectionOutput` as its response schema, so the field descriptions below are what the model
reads; the offline reflector (:mod:`.offline`) builds the same objects without an LLM. Either way the
code checks every operation (ids, evidence counts, conversations, gates) before anything is written:
the reflector proposes, the code does the maths (seed 002, "LLM 做模式识别，代码做数学").

Ids in both directions are the short prompt ids (``m1``, ``t1``...), mapped back to graph uids by
the cycle; an id the reflector invents is dropped.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator
from pydantic.json_schema import SkipJsonSchema

from graphsvc.vocabulary import EvidenceGrade, TraitContext, TraitStage, TraitSubtype

_CONTEXTS = ("work", "personal", "social", "learning", "general")


def _context_or_general(value: Any) -> Any:
    """An unknown context ("family", "Work ") becomes "general" instead of failing the whole answer."""
    text = str(value).strip().lower() if value is not None else "general"
    return text if text in _CONTEXTS else "general"


def _upper_grade(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


Context = Annotated[TraitContext, BeforeValidator(_context_or_general)]
Grade = Annotated[EvidenceGrade, BeforeValidator(_upper_grade)]


# --- input ------------------------------------------------------------------------------------


class MemoryDigest(BaseModel):
    """One memory as the reflector sees it."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Prompt id (m1, m2...), the only id evidence may cite.")
    content: str
    memory_type: str = Field(description="fact, preference, goal, pain_point or event.")
    importance: float = Field(description="0-1, as extracted.")
    observed_at: datetime = Field(description="When it happened or was said (occurred_at, else created_at).")
    conversations: list[str] = Field(description="Short ids (c1, c2...) of the conversations it comes from.")
    is_new: bool = Field(description="True for memories since the last reflection; False for earlier context.")
    restated_later: bool = Field(
        default=False,
        description="True when a newer memory restated it with a changed detail: it held at the time (evidence of "
        "the habit), the newer one is the current wording.",
    )
    speaker: str | None = Field(
        default=None,
        description="Who said it, when the conversations name people (None: not named, or several people).",
    )


class TraitDigest(BaseModel):
    """One existing trait as the reflector sees it (seed 002 §2: id, content, stage, subtype, confidence,
    context)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Prompt id (t1, t2...).")
    content: str
    stage: TraitStage
    subtype: TraitSubtype
    confidence: float | None = Field(description="None for trends (managed by their window).")
    context: TraitContext
    evidence_count: int
    evidence_conversations: list[str] = Field(
        default=[], description="Short ids of the conversations its supporting evidence comes from, where shown."
    )
    about: str | None = Field(default=None, description="The person it describes, when named.")


class ReflectionInput(BaseModel):
    """Everything one reflection call sees."""

    model_config = ConfigDict(frozen=True)

    now: datetime
    memories: list[MemoryDigest]
    traits: list[TraitDigest]


# --- output -------------------------------------------------------------------------------------


class NewTrend(BaseModel):
    """A short-term tendency seen in the memories (seed 002 §3: stage trend, subtype behavior)."""

    content: str = Field(
        min_length=1,
        max_length=500,
        description="The tendency as one short third-person statement in the memories' language, "
        'e.g. "Has been preparing for the bar exam lately" / "最近在准备司法考试".',
    )
    evidence_ids: list[str] = Field(min_length=1, description="Memory ids (m…) showing it.")
    window_days: int = Field(
        default=30, description="How long the tendency is expected to last: 14 or 30 days (default 30)."
    )
    context: Context = Field(default="general", description="work, personal, social, learning or general.")
    quality_grade: Grade = Field(
        default="C",
        description="Evidence quality: A consistent across contexts, B explicitly stated by the user, "
        "C the behaviour shows in several conversations, D within one conversation or implicit.",
    )
    rule_id: SkipJsonSchema[str | None] = Field(
        default=None,
        exclude=True,
        description="Offline reflector only, never asked of an LLM: the rulebook's trait rule that phrased it "
        "(graphsvc.rulebook); None when an LLM phrased it.",
    )


class NewBehavior(BaseModel):
    """A behaviour pattern: the same pattern in at least 3 memories (seed 002 §3)."""

    content: str = Field(
        min_length=1,
        max_length=500,
        description="The pattern as one short third-person statement in the memories' language, "
        'e.g. "Goes running early in the morning" / "习惯早上跑步".',
    )
    evidence_ids: list[str] = Field(
        min_length=1, description="At least 3 memory ids (m…) from at least 2 different conversations."
    )
    confidence: float = Field(
        default=0.4, ge=0, le=1, description="Ignored: the code starts every behavior at 0.4 (seed 002 §3)."
    )
    context: Context = Field(default="general", description="work, personal, social, learning or general.")
    quality_grade: Grade = Field(default="C", description="Evidence quality A/B/C/D, as for trends.")
    rule_id: SkipJsonSchema[str | None] = Field(
        default=None,
        exclude=True,
        description="Offline reflector only, never asked of an LLM: the rulebook's trait rule that phrased it "
        "(graphsvc.rulebook); None when an LLM phrased it.",
    )


class Reinforcement(BaseModel):
    """New memories supporting an existing trait (seed 002 §5)."""

    trait_id: str = Field(description="The trait id (t…).")
    new_evidence_ids: list[str] = Field(min_length=1, description="Memory ids (m…) that support it.")
    quality_grade: Grade = Field(
        description="A consistent across contexts, B explicitly stated, C shown across conversations, "
        "D within one conversation or implicit."
    )


class Contradiction(BaseModel):
    """New memories contradicting an existing trait (seed 002 §6)."""

    trait_id: str = Field(description="The trait id (t…).")
    contradicting_evidence_ids: list[str] = Field(min_length=1, description="Memory ids (m…) that contradict it.")
    strong: bool = Field(
        default=False, description="True when the memory flatly negates the trait (not just an exception)."
    )


class Upgrade(BaseModel):
    """Several traits pointing to one broader tendency (seed 002 §4)."""

    from_trait_ids: list[str] = Field(
        min_length=2,
        description="At least 2 trait ids (t…), all behaviors (→ preference) or all preferences (→ core).",
    )
    new_content: str = Field(min_length=1, max_length=500, description="The broader trait, one short statement.")
    new_subtype: Literal["preference", "core"] = Field(
        description="preference when the traits are behaviors; core when they are preferences."
    )
    reasoning: str = Field(default="", max_length=1000, description="Why the traits point the same way.")
    context: Context | None = Field(default=None, description="work, personal, social, learning or general.")
    rule_id: SkipJsonSchema[str | None] = Field(
        default=None,
        exclude=True,
        description="Offline reflector only, never asked of an LLM: the rulebook's trait rule that phrased it "
        "(graphsvc.rulebook); None when an LLM phrased it.",
    )


class ReflectionOutput(BaseModel):
    """The operations of one reflection (seed 002 §2). Every list may be empty."""

    new_trends: list[NewTrend] = Field(default=[], description="Short-term tendencies (step 2).")
    new_behaviors: list[NewBehavior] = Field(default=[], description="Behaviour patterns, ≥ 3 memories (step 4).")
    reinforcements: list[Reinforcement] = Field(default=[], description="Support for existing traits.")
    contradictions: list[Contradiction] = Field(default=[], description="Contradicting evidence (step 7).")
    upgrades: list[Upgrade] = Field(default=[], description="behavior → preference, preference → core (5, 6).")

    @field_validator("new_trends", "new_behaviors", "reinforcements", "contradictions", "upgrades", mode="before")
    @classmethod
    def _null_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value


# --- the focused contradiction call (seed 002 §6) ---------------------------------------------


class EvidenceText(BaseModel):
    model_config = ConfigDict(frozen=True)

    content: str
    observed_at: datetime | None = None


class ContradictionCase(BaseModel):
    """A trait whose contradictions passed the ratio, with all its evidence (input of the second call)."""

    model_config = ConfigDict(frozen=True)

    trait_uid: str
    content: str
    subtype: TraitSubtype
    stage: TraitStage
    confidence: float | None
    reinforcement_count: int
    contradiction_count: int
    supporting: list[EvidenceText]
    contradicting: list[EvidenceText]


class ContradictionResolution(BaseModel):
    """What to do with a contradicted trait (seed 002 §6; contextual splitting is out of scope)."""

    action: Literal["modify", "dissolve"] = Field(
        description="modify: rewrite the trait so it fits all the evidence; dissolve: it no longer holds."
    )
    new_content: str | None = Field(
        default=None, max_length=500, description="For modify: the rewritten trait, one short statement."
    )
    reasoning: str = Field(default="", max_length=1000, description="Why, citing the evidence.")
