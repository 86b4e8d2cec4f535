"""The closed sets of the trait model (seed 002), shared by settings, pipeline, graph and API."""

from __future__ import annotations

from typing import Literal

TraitStage = Literal["trend", "candidate", "emerging", "established", "core", "dissolved"]
"""Seed 002 §4–5: trend (short-lived, window-managed) → candidate → emerging → established → core;
dissolved when expired, decayed below the floor, or given up after contradictions."""

STAGE_ORDER: tuple[TraitStage, ...] = ("trend", "candidate", "emerging", "established", "core")
"""Active stages from lowest to highest (dissolved is outside the order)."""

ActiveStage = Literal["candidate", "emerging", "established", "core"]
"""Stages a confidence maps to (seed 002 §5)."""

TraitSubtype = Literal["behavior", "preference", "core"]
"""Seed 002 §3–4: what a trait describes; upgrades go behavior → preference → core."""

TraitContext = Literal["work", "personal", "social", "learning", "general"]
"""Seed 002 §3: where a trait shows."""

EvidenceGrade = Literal["A", "B", "C", "D"]
"""Seed 002 §5: A consistent across contexts, B explicitly stated, C behaviour seen across
conversations, D within one conversation or implicit."""

EvidenceKind = Literal["supporting", "contradicting"]

TriggerType = Literal["force", "first", "importance", "session_end", "interval"]
"""Why a cycle ran (seed 002 §1); ``first`` = the user was never reflected on."""

CycleStatus = Literal["COMPLETED", "FAILED", "SKIPPED"]
"""COMPLETED and FAILED cycles are recorded as ``ReflectionCycle`` nodes; SKIPPED calls leave none."""

HistoryEvent = Literal[
    "created", "reinforced", "contradicted", "promoted", "stage_changed", "modified", "dissolved", "upgraded"
]

ACTOR = "reflection"
"""``HistoryEntry.actor`` of every change the engine makes (seed 002 §6)."""
