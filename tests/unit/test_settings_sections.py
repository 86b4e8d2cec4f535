"""Settings in sections: the environment names stay those of the flat settings, the code reads sections."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphsvc.config import SECTIONS, LLMSettings, Settings
from graphsvc.errors import ConfigurationError

VARIABLES = """
    ADMISSION_BACKOFF_RATIO ADMISSION_MIN_INFLIGHT ADMISSION_OTHER_TARGET_S ADMISSION_RECALL_TARGET_S
    ADMISSION_WRITE_TARGET_S
    ARCHIVE_AFTER_DAYS ARCHIVE_IMPORTANCE_BELOW AUTH_FAILURE_LIMIT AUTH_MODE AUTO_TAGS_PER_DOCUMENT
    AUTO_TAG_MIN_ITEMS CANDIDATE_CONFIDENCE_BELOW CANDIDATE_MIN_DAYS CANDIDATE_MIN_SOURCES
    CANDIDATE_PROMOTE_IMPORTANCE CANDIDATE_STATEMENTS_PER_EVENT CANDIDATE_TTL_DAYS CHANGED_VALUE_THRESHOLD
    CORS_ORIGINS DAILY_LEARNING DAILY_LEARNING_ACTIVE_DAYS DAILY_LEARNING_AT DAILY_LEARNING_TZ
    DOCUMENT_CHUNK_TOKENS DOCUMENT_MAX_BYTES DOCUMENT_MAX_CHARS DOCUMENT_MAX_ELEMENTS
    DOCUMENT_MAX_INFLATED_BYTES DOCUMENT_MAX_PAGES DOCUMENT_MAX_UNZIPPED_BYTES DOCUMENT_MAX_ZIP_ENTRIES
    DOCUMENT_MAX_ZIP_RATIO DOCUMENT_PARSE_CPU_S DOCUMENT_PARSE_MEMORY_MB DOCUMENT_PARSE_NICE
    DOCUMENT_PARSE_STALL_S DOCUMENT_SECTION_TOKENS DOCUMENT_SMALL_CHUNK_TOKENS EMBEDDER EMBEDDING_API_KEY
    EMBEDDING_BASE_URL EMBEDDING_BATCH_SIZE EMBEDDING_CONCURRENCY EMBEDDING_DIMENSIONS EMBEDDING_MAX_WINDOWS
    EMBEDDING_MODEL
    EMBEDDING_QUEUE_PER_USER EMBEDDING_QUEUE_TOTAL EMBEDDING_WINDOW_TOKENS ENVIRONMENT ERASE_BATCH_NODES
    EVENT_CONTEXT_CHARS EXTRACTION_TRACE_RETENTION_DAYS EXTRACTION_WINDOW_TOKENS GRAPHIQL GRAPHSVC_DATA_DIR HOST
    IDLE_CONVERSATION_TIMEOUT_MIN
    IDLE_SWEEP_INTERVAL_S IMPRESSION_APPLY_BATCH_STEPS IMPRESSION_BATCH_SIZE IMPRESSION_CREATE_MIN_CONFIDENCE
    IMPRESSION_CREATE_MIN_EVIDENCE IMPRESSION_LLM_CONCURRENCY IMPRESSION_MAX_NAME_CHARS
    IMPRESSION_MAX_PATCH_CHARS IMPRESSION_MIN_PATCH_CONFIDENCE IMPRESSION_RUNTIME_OVERLAP_MIN
    IMPRESSION_WINDOW_TOKENS INTROSPECTION JOB_CONCURRENCY JOB_LEASE_S JOB_MAX_ATTEMPTS JOB_POLL_INTERVAL_S
    JOB_RETENTION_DAYS JOB_RETRY_INITIAL_S JWT_ADMIN_SCOPE JWT_AUDIENCE JWT_ISSUER JWT_JWKS_FILE JWT_MAX_LIFETIME_S
    JWT_PUBLIC_KEY_FILE JWT_SECRET JWT_SPACES_CLAIM JWT_USER_CLAIM LEARNING_LEASE_S LLM_API_KEY LLM_BASE_URL
    LLM_MAX_RETRIES
    LLM_MODEL LLM_PROVIDER LLM_RETRY_INITIAL_WAIT_S LLM_STRUCTURED_OUTPUT LLM_TIMEOUT_S LOG_FORMAT
    MAX_BODY_BYTES MAX_EVENTS_PER_REQUEST MAX_HEADER_BYTES MAX_ID_CHARS MAX_INFLIGHT_PER_CALLER
    MAX_INFLIGHT_REQUESTS MAX_JSON_DEPTH MAX_LIST_ITEMS MAX_MESSAGES_PER_REQUEST MAX_MESSAGE_CHARS
    MAX_METADATA_CHARS MAX_QUERY_CHARS MAX_QUEUED_REQUESTS MAX_QUEUE_WAIT_S MAX_RECALL_EMBED_CHARS
    MAX_RECALL_LIMIT MAX_ROOT_FIELDS MAX_SPEAKER_CHARS NEAR_DUPLICATE_THRESHOLD NEO4J_CONNECTION_TIMEOUT_S
    NEO4J_CONNECT_TIMEOUT_S NEO4J_DATABASE NEO4J_PASSWORD NEO4J_REQUEST_TIMEOUT_S NEO4J_RETRY_S NEO4J_URI
    NEO4J_USER NEO4J_WARM_UP PORT PUBLIC_HOSTS RATE_LIMIT RATE_LIMIT_STORAGE_URI RECALL_CANDIDATES
    RECALL_CONVERSATION_TURNS RECALL_ENTITY_MAX_SHARE
    RECALL_FULLTEXT_POOL RECALL_IMPORTANCE_WEIGHT RECALL_RECENCY_HALF_LIFE_DAYS RECALL_RECENCY_WEIGHT
    RECALL_RRF_K RECALL_SPEAKER_CUE_BOOST RECALL_STALE_AFTER_DAYS RULEBOOK_DISABLED RULEBOOK_ENABLED
    RECALL_TIME_CUE_BOOST REFLECTION REQUEST_DEADLINE_S RERANKER_API_KEY RERANKER_BASE_URL
    RERANKER_MODEL RERANKER_TIMEOUT_S RERANKER_TOP_N SHUTDOWN_GRACE_S SIMILARITY_FLOOR
    VECTOR_CACHE_MAX_USER_VECTORS VECTOR_CACHE_MAX_VECTORS VECTOR_CACHE_TTL_S VECTOR_CANDIDATE_FRACTION
    VECTOR_EXACT_MAX VECTOR_MAX_CANDIDATES VECTOR_OVERSAMPLE
""".split()
"""Every environment variable graphsvc reads besides whole-section JSON; renaming one breaks deployments."""


def _read_variables() -> set[str]:
    names = {v.upper() for section in SECTIONS.values() for v in section.variables().values()}
    for name, info in Settings.model_fields.items():
        if name not in SECTIONS:
            names.add((info.validation_alias if isinstance(info.validation_alias, str) else name).upper())
    return names


def test_every_variable_keeps_its_name() -> None:
    assert _read_variables() == set(VARIABLES)


def test_a_flat_variable_lands_in_its_section(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLM_MODEL", "from-env")
    monkeypatch.setenv("EMBEDDER", "openai")
    monkeypatch.setenv("DAILY_LEARNING", "false")
    monkeypatch.setenv("RECALL_RRF_K", "7")
    monkeypatch.setenv("CORS_ORIGINS", "https://a.example, https://b.example")
    settings = Settings()
    assert settings.llm.model == "from-env"
    assert settings.embedding.kind == "openai"
    assert settings.learning.enabled is False
    assert settings.recall.rrf_k == 7
    assert settings.auth.cors_origins == ["https://a.example", "https://b.example"]


def test_keyword_arguments_win_over_the_environment_and_dotenv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("LLM_MODEL=from-file\nLLM_TIMEOUT_S=9\nJOB_CONCURRENCY=3\n", encoding="utf-8")
    monkeypatch.setenv("LLM_TIMEOUT_S", "11")
    settings = Settings(job_concurrency=5)
    assert (settings.llm.model, settings.llm.timeout_s, settings.jobs.concurrency) == ("from-file", 11.0, 5)


def test_a_bad_value_names_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAILY_LEARNING_AT", "25:00")
    with pytest.raises(ConfigurationError, match="DAILY_LEARNING_AT"):
        Settings()


def test_model_copy_routes_flat_names_and_refuses_unknown_ones() -> None:
    base = Settings(recall_rrf_k=10)
    tuned = base.model_copy(update={"recall_rrf_k": 30, "host": "localhost"})
    assert (tuned.recall.rrf_k, tuned.host, base.recall.rrf_k) == (30, "localhost", 10)
    with pytest.raises(KeyError, match="recall_rrf"):
        base.model_copy(update={"recall_rrf": 30})


def test_variable_reads_a_setting_by_its_environment_name() -> None:
    settings = Settings(vector_exact_max=12)
    assert settings.variable("VECTOR_EXACT_MAX") == 12
    assert settings.variable("environment") == settings.environment
    with pytest.raises(KeyError):
        settings.variable("NO_SUCH_SETTING")


def test_a_section_stands_alone() -> None:
    section = LLMSettings(provider="deepseek")
    assert (section.base_url, section.enabled) == ("https://api.deepseek.com/v1", True)
