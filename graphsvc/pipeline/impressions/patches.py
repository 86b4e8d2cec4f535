"""Stage 3, first half: normalise one planner observation and drop the patches that break the rules.

Seed 000 §执行流程 3 (去掉低置信、无证据、模板化、过长的 patch). Names are normalised with
:func:`graphsvc.pipeline.keys.normalise_text` (Unicode NFKC, so full-width becomes half-width; case folding;
punctuation and whitespace folded to one space). A patch (impression, feature, relation, alias) is dropped,
with its reason, when its confidence is below ``impression_min_patch_confidence`` (``low_confidence``) or is
not a finite number in [0, 1] (``invalid_confidence``, also for a relation's strength), when its text is
templated (placeholders, "N/A", "X was mentioned in the conversation") or blank (``templated``), longer than
``impression_max_patch_chars`` (names: ``impression_max_name_chars``) (``too_long``), or cites no message of
this conversation (``no_evidence``: invented ids do not count). An observation with a blank subject is
``empty_observation``; one that no message supports at all is ``no_evidence``. The merging half is
:mod:`graphsvc.pipeline.impressions.aggregate`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from graphsvc.config import Settings
from graphsvc.pipeline import keys
from graphsvc.pipeline.extraction import ConversationMessage, EntityKind
from graphsvc.pipeline.impressions.observation import (
    FeaturePatch,
    ImpressionEntityObservation,
    ImpressionPatch,
    RelationPatch,
)

DropReason = Literal[
    "rejected_plan",
    "empty_observation",
    "no_evidence",
    "low_confidence",
    "invalid_confidence",
    "templated",
    "too_long",
]
DroppedKind = Literal["plan", "observation", "alias", "impression", "feature", "relation"]

TEMPLATED = re.compile(
    r"\{\{?[^{}]{0,40}\}\}?|<[A-Za-z_ ]{1,30}>|\[(?:name|subject|entity|person|placeholder|todo|insert|value|"
    r"impression|feature)[^\]]{0,30}\]|lorem ipsum|\b(?:is|was|were|are) (?:mentioned|discussed|referenced|"
    r"talked about) (?:in|during) (?:the|this) conversation\b|^\s*(?:n/?a|none|null|nil|unknown|tbd|todo|"
    r"placeholder|example|sample|string|text|impression|feature|value|content|\.{3}|…|-+|\?+|无|未知|暂无)\s*[.!。]?\s*$",
    re.IGNORECASE,
)
"""Placeholder or boilerplate patch text (seed 000: 去掉模板化 patch)."""


class DroppedItem(BaseModel):
    """Something the aggregate removed, and why."""

    model_config = ConfigDict(frozen=True)

    reason: DropReason
    item: DroppedKind
    batch_index: int
    subject: str = ""
    detail: str = ""


class CleanObservation(BaseModel):
    """One planner observation after normalisation and patch drops."""

    batch_index: int
    position: int
    subject: str
    kind: EntityKind
    names: dict[str, str]
    impressions: list[ImpressionPatch]
    features: list[FeaturePatch]
    relations: list[RelationPatch]
    runtime_ids: set[str]
    evidence_ids: set[str]
    snippets: list[str]
    evidence_hash: str | None
    confidence: float


def valid_score(value: float) -> bool:
    """A confidence or strength must be a finite number in [0, 1]."""
    return isinstance(value, int | float) and math.isfinite(value) and 0.0 <= value <= 1.0


def feature_key(key: str) -> str:
    """``"Lives In"`` → ``"lives_in"``: normalised, words joined by underscores."""
    return keys.normalise_text(key).replace(" ", "_")


def clean_observation(
    observation: ImpressionEntityObservation,
    *,
    batch_index: int,
    position: int,
    valid_ids: set[str],
    mentions: dict[str, list[str]],
    messages: Sequence[ConversationMessage],
    settings: Settings,
    dropped: list[DroppedItem],
) -> CleanObservation | None:
    """Normalise one planner observation and drop what breaks the rules (see the module docstring).

    Args:
        observation: as the planner returned it.
        batch_index, position: where it came from (kept for merging and for drop records).
        valid_ids: message ids of the conversation; others are invented and ignored.
        mentions: runtime id → message ids mentioning that active entity (evidence of the observation).
        messages: the conversation, where evidence snippets must be found verbatim to count.
        settings: the ``impression_*`` thresholds.
        dropped: receives a :class:`DroppedItem` for every drop.

    Returns:
        the cleaned observation, or None when the whole observation is dropped.
    """
    subject = observation.proposed_subject.strip()
    norm = keys.normalise_text(subject)

    def drop(reason: DropReason, item: DroppedKind, detail: str = "") -> None:
        dropped.append(DroppedItem(reason=reason, item=item, batch_index=batch_index, subject=subject, detail=detail))

    if not norm:
        drop("empty_observation", "observation", "blank subject")
        return None
    if len(subject) > settings.impression_max_name_chars:
        drop("too_long", "observation", f"subject of {len(subject)} characters")
        return None
    if not valid_score(observation.confidence):
        drop("invalid_confidence", "observation", f"confidence {observation.confidence!r}")
        return None
    names = {norm: subject}
    for alias in observation.aliases:
        alias = alias.strip()
        alias_norm = keys.normalise_text(alias)
        if not alias_norm or alias_norm in names:
            continue
        if len(alias) > settings.impression_max_name_chars:
            drop("too_long", "alias", alias[:80])
        elif TEMPLATED.search(alias):
            drop("templated", "alias", alias)
        else:
            names[alias_norm] = alias

    def keep(item: DroppedKind, texts: list[str], scores: list[float], evidence: list[str]) -> list[str] | None:
        """The patch's valid evidence ids, or None after recording why it is dropped."""
        label = " / ".join(texts)[:80]
        if not all(valid_score(s) for s in scores):
            drop("invalid_confidence", item, f"{label}: {scores!r}")
        elif scores[0] < settings.impression_min_patch_confidence:
            drop("low_confidence", item, f"{label}: {scores[0]}")
        elif any(not t.strip() or TEMPLATED.search(t) for t in texts):
            drop("templated", item, label)
        elif any(len(t) > settings.impression_max_patch_chars for t in texts):
            drop("too_long", item, label)
        else:
            ids = [i for i in dict.fromkeys(evidence) if i in valid_ids]
            if ids:
                return ids
            drop("no_evidence", item, label)
        return None

    impressions = []
    for p in observation.impressions:
        if (ids := keep("impression", [p.content], [p.confidence], p.evidence_message_ids)) is not None:
            impressions.append(
                ImpressionPatch(content=p.content.strip(), confidence=p.confidence, evidence_message_ids=ids)
            )
    features = []
    for f in observation.features:
        if (ids := keep("feature", [f.key, f.value], [f.confidence], f.evidence_message_ids)) is not None:
            features.append(
                FeaturePatch(
                    key=feature_key(f.key), value=f.value.strip(), confidence=f.confidence, evidence_message_ids=ids
                )
            )
    relations = []
    for r in observation.relations:
        scores = [r.confidence, r.strength]
        if (ids := keep("relation", [r.target, r.relation], scores, r.evidence_message_ids)) is not None:
            if keys.normalise_text(r.target) not in names:  # a relation to itself says nothing
                relations.append(
                    RelationPatch(
                        target=r.target.strip(),
                        relation=feature_key(r.relation),
                        strength=r.strength,
                        confidence=r.confidence,
                        evidence_message_ids=ids,
                    )
                )
    runtime_ids = {i for i in observation.source_active_runtime_ids if i in mentions}
    snippets = [s.strip() for s in observation.evidence_snippets if s.strip()]
    snippet_ids = _snippet_sources(snippets, messages)
    evidence = {i for p in impressions for i in p.evidence_message_ids}
    evidence |= {i for f in features for i in f.evidence_message_ids}
    evidence |= {i for r in relations for i in r.evidence_message_ids}
    evidence |= {i for r in runtime_ids for i in mentions[r]} | set(snippet_ids)
    if not evidence:
        drop("no_evidence", "observation", "no message of the conversation supports it")
        return None
    verified = [s for s in snippets if keys.normalise_text(s) and s in snippet_ids.values()]
    digest = keys.content_hash("\n".join(sorted({keys.normalise_text(s) for s in verified}))) if verified else None
    return CleanObservation(
        batch_index=batch_index,
        position=position,
        subject=subject,
        kind=observation.kind,
        names=names,
        impressions=impressions,
        features=features,
        relations=relations,
        runtime_ids=runtime_ids,
        evidence_ids=evidence,
        snippets=verified,
        evidence_hash=digest,
        confidence=observation.confidence,
    )


def _snippet_sources(snippets: list[str], messages: Sequence[ConversationMessage]) -> dict[str, str]:
    """message id → snippet, for snippets found verbatim (after normalisation) in a message; others are invented."""
    found: dict[str, str] = {}
    texts = [(m.message_id, f" {keys.normalise_text(m.content)} ") for m in messages]
    for snippet in snippets:
        norm = keys.normalise_text(snippet)
        if not norm:
            continue
        for message_id, text in texts:
            if f" {norm} " in text or (norm in text and not norm.isascii()):
                found.setdefault(message_id, snippet)
    return found
