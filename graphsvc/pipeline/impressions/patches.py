"""Stage 3, first half: normalise one planner observation and drop the patches that break the rules.

Seed 000 §执行流程 3 (去掉低置信、无证据、模板化、过长的 patch). Names are normalised with
:func:`graphsvc.keys.normalise_text` (Unicode NFKC, so full-width becomes half-width; case folding;
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
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from graphsvc import keys
from graphsvc.config import ImpressionSettings
from graphsvc.conversation import ConversationMessage
from graphsvc.pipeline.impressions.observation import (
    FeaturePatch,
    ImpressionEntityObservation,
    ImpressionPatch,
    RelationPatch,
)
from graphsvc.rulebook import book
from graphsvc.vocabulary import EntityKind

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
    kind_rule: str | None = None
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


def rulebook_id(rule_id: str | None) -> str | None:
    """``rule_id`` when it names a rule of the rulebook, else None (an LLM's answer records no rule)."""
    return rule_id if rule_id is not None and rule_id in book.by_id() else None


def feature_key(key: str) -> str:
    """``"Lives In"`` → ``"lives_in"``: normalised, words joined by underscores."""
    return keys.normalise_text(key).replace(" ", "_")


@dataclass
class _Drops:
    """The drop rules of one observation's patches; every drop is recorded in ``dropped`` with its reason."""

    settings: ImpressionSettings
    valid_ids: set[str]
    batch_index: int
    subject: str
    dropped: list[DroppedItem]

    def drop(self, reason: DropReason, item: DroppedKind, detail: str = "") -> None:
        self.dropped.append(
            DroppedItem(reason=reason, item=item, batch_index=self.batch_index, subject=self.subject, detail=detail)
        )

    def header_kept(self, observation: ImpressionEntityObservation, norm: str) -> bool:
        """False (and recorded) for a blank or over-long subject, or an invalid confidence."""
        if not norm:
            self.drop("empty_observation", "observation", "blank subject")
        elif len(self.subject) > self.settings.max_name_chars:
            self.drop("too_long", "observation", f"subject of {len(self.subject)} characters")
        elif not valid_score(observation.confidence):
            self.drop("invalid_confidence", "observation", f"confidence {observation.confidence!r}")
        else:
            return True
        return False

    def names(self, observation: ImpressionEntityObservation, norm: str) -> dict[str, str]:
        """Normalised name → name as written: the subject, then every kept alias."""
        names = {norm: self.subject}
        for alias in (a.strip() for a in observation.aliases):
            alias_norm = keys.normalise_text(alias)
            if not alias_norm or alias_norm in names:
                continue
            if len(alias) > self.settings.max_name_chars:
                self.drop("too_long", "alias", alias[:80])
            elif TEMPLATED.search(alias):
                self.drop("templated", "alias", alias)
            else:
                names[alias_norm] = alias
        return names

    def evidence(self, item: DroppedKind, texts: list[str], scores: list[float], cited: list[str]) -> list[str] | None:
        """The patch's valid evidence ids, or None after recording why it is dropped."""
        label = " / ".join(texts)[:80]
        if not all(valid_score(s) for s in scores):
            self.drop("invalid_confidence", item, f"{label}: {scores!r}")
        elif scores[0] < self.settings.min_patch_confidence:
            self.drop("low_confidence", item, f"{label}: {scores[0]}")
        elif any(not t.strip() or TEMPLATED.search(t) for t in texts):
            self.drop("templated", item, label)
        elif any(len(t) > self.settings.max_patch_chars for t in texts):
            self.drop("too_long", item, label)
        else:
            ids = [i for i in dict.fromkeys(cited) if i in self.valid_ids]
            if ids:
                return ids
            self.drop("no_evidence", item, label)
        return None

    def impressions(self, observation: ImpressionEntityObservation) -> list[ImpressionPatch]:
        return [
            ImpressionPatch(content=p.content.strip(), confidence=p.confidence, evidence_message_ids=ids)
            for p in observation.impressions
            if (ids := self.evidence("impression", [p.content], [p.confidence], p.evidence_message_ids)) is not None
        ]

    def features(self, observation: ImpressionEntityObservation) -> list[FeaturePatch]:
        return [
            FeaturePatch(
                key=feature_key(f.key), value=f.value.strip(), confidence=f.confidence, evidence_message_ids=ids
            )
            for f in observation.features
            if (ids := self.evidence("feature", [f.key, f.value], [f.confidence], f.evidence_message_ids)) is not None
        ]

    def relations(self, observation: ImpressionEntityObservation, names: dict[str, str]) -> list[RelationPatch]:
        """Kept relations; one whose target is the observation's own name says nothing and is left out."""
        kept = []
        for r in observation.relations:
            ids = self.evidence("relation", [r.target, r.relation], [r.confidence, r.strength], r.evidence_message_ids)
            if ids is not None and keys.normalise_text(r.target) not in names:
                kept.append(
                    RelationPatch(
                        target=r.target.strip(),
                        relation=feature_key(r.relation),
                        strength=r.strength,
                        confidence=r.confidence,
                        evidence_message_ids=ids,
                        rule_id=rulebook_id(r.rule_id),
                    )
                )
        return kept


def clean_observation(
    observation: ImpressionEntityObservation,
    *,
    batch_index: int,
    position: int,
    valid_ids: set[str],
    mentions: dict[str, list[str]],
    messages: Sequence[ConversationMessage],
    settings: ImpressionSettings,
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
    rules = _Drops(settings, valid_ids, batch_index, subject, dropped)
    if not rules.header_kept(observation, norm):
        return None
    names = rules.names(observation, norm)
    impressions, features = rules.impressions(observation), rules.features(observation)
    relations = rules.relations(observation, names)
    runtime_ids = {i for i in observation.source_active_runtime_ids if i in mentions}
    snippets = [s.strip() for s in observation.evidence_snippets if s.strip()]
    snippet_ids = _snippet_sources(snippets, messages)
    evidence = {i for p in impressions for i in p.evidence_message_ids}
    evidence |= {i for f in features for i in f.evidence_message_ids}
    evidence |= {i for r in relations for i in r.evidence_message_ids}
    evidence |= {i for r in runtime_ids for i in mentions[r]} | set(snippet_ids)
    if not evidence:
        rules.drop("no_evidence", "observation", "no message of the conversation supports it")
        return None
    verified = [s for s in snippets if keys.normalise_text(s) and s in snippet_ids.values()]
    digest = keys.content_hash("\n".join(sorted({keys.normalise_text(s) for s in verified}))) if verified else None
    return CleanObservation(
        batch_index=batch_index,
        position=position,
        subject=subject,
        kind=observation.kind,
        kind_rule=rulebook_id(observation.kind_rule),
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
