"""Settings: the one place that reads the environment.

Every other module receives a :class:`Settings` instance (built once at start-up)
instead of reading ``os.environ``. Variable names are the field names in upper
case (``NEO4J_URI``, ``LLM_BASE_URL``, ``EMBEDDER``...), or come from a ``.env``
file in the working directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphsvc.errors import ConfigurationError

REPO_ROOT = Path(__file__).resolve().parents[1]
"""The source checkout (or site-packages parent when installed); holds ``cypher/``."""

_PLACEHOLDER_SECRETS = frozenset({"", "changeme", "password", "neo4j", "secret", "sk-xxx", "your-key-here"})

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class Settings(BaseSettings):
    """Runtime configuration of graphsvc.

    Raises:
        ConfigurationError: at construction, for a placeholder secret outside
            development, or inconsistent values.
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    environment: Literal["development", "test", "production"] = "development"

    # --- Neo4j ---------------------------------------------------------------
    neo4j_uri: str = "bolt://127.0.0.1:7687"
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"
    data_dir: Path = Field(default=REPO_ROOT / ".data", validation_alias="GRAPHSVC_DATA_DIR")
    neo4j_connect_timeout_s: float = 60.0

    # --- Models ----------------------------------------------------------------
    embedder: Literal["local", "openai"] = "local"
    embedding_dimensions: int = Field(default=384, ge=8, le=4096)
    embedding_base_url: str | None = None
    embedding_api_key: SecretStr | None = None
    embedding_model: str = "text-embedding-3-small"
    embedding_batch_size: int = Field(default=32, ge=1, le=2048)

    llm_base_url: str | None = None
    llm_api_key: SecretStr | None = None
    llm_model: str = "gpt-4o-mini"
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0, le=10)
    llm_retry_initial_wait_s: float = Field(default=1.0, ge=0)

    # --- Ingest limits -------------------------------------------------------
    max_message_chars: int = Field(default=20_000, ge=1)
    max_messages_per_request: int = Field(default=500, ge=1)
    max_id_chars: int = Field(default=200, ge=1)
    max_query_chars: int = Field(default=2_000, ge=1)
    max_recall_limit: int = Field(default=100, ge=1)

    # --- Extraction (seed 001) ---------------------------------------------------
    near_duplicate_threshold: float = Field(default=0.85, ge=0, le=1)
    """Cosine similarity above which a new memory reinforces an existing one (seed 001 §4: > 0.85)."""
    similarity_floor: float = Field(default=0.75, ge=0, lt=1)
    """Cosine the embedder gives unrelated texts; similarities are rescaled to (cos - floor) / (1 - floor)
    before the near-duplicate threshold applies. multilingual-e5 puts unrelated sentences at 0.7-0.8,
    so on raw e5 cosine 0.85 would merge "I live in Beijing" with "I live in Shanghai" (0.93).
    Use 0 for embedders whose unrelated texts sit near cosine 0."""
    extraction_window_tokens: int = Field(default=6_000, ge=200)
    job_concurrency: int = Field(default=2, ge=1, le=64)
    job_max_attempts: int = Field(default=4, ge=1)
    job_retry_initial_s: float = Field(default=2.0, ge=0)
    job_poll_interval_s: float = Field(default=1.0, gt=0)

    # --- Recall --------------------------------------------------------------
    recall_candidates: int = Field(default=50, ge=1, le=1000)
    recall_rrf_k: int = Field(default=60, ge=1)
    recall_recency_half_life_days: float = Field(default=30.0, gt=0)
    recall_recency_weight: float = Field(default=0.1, ge=0)
    recall_importance_weight: float = Field(default=0.1, ge=0)

    # --- HTTP ---------------------------------------------------------------------
    host: str = "127.0.0.1"
    port: int = 8000

    @model_validator(mode="after")
    def _refuse_placeholder_secrets(self) -> Settings:
        if self.environment != "production":
            return self
        for name in ("neo4j_password", "llm_api_key", "embedding_api_key"):
            secret: SecretStr | None = getattr(self, name)
            if secret is not None and secret.get_secret_value().strip().lower() in _PLACEHOLDER_SECRETS:
                raise ConfigurationError(
                    setting=name.upper(),
                    problem="is a placeholder value",
                    fix="set a real secret or unset it",
                )
        return self

    @property
    def neo4j_is_local(self) -> bool:
        """True when ``neo4j_uri`` points at this machine (the project's own server)."""
        return any(host in self.neo4j_uri for host in LOCAL_HOSTS)

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
    def llm_enabled(self) -> bool:
        """True when an OpenAI-compatible LLM endpoint is configured; else the offline extractor runs."""
        return self.llm_base_url is not None
    idle_conversation_timeout_min: float = Field(default=30.0, gt=0)
    """A session with no new message for this long is ended and extracted (seed 001 §3.3)."""
    idle_sweep_interval_s: float = Field(default=60.0, gt=0)
    vector_exact_max: int = Field(default=2_000, ge=0)
    """Users with at most this many vectors are searched exactly; larger ones through the index."""
    vector_oversample: int = Field(default=4, ge=1)
    vector_min_candidates: int = Field(default=100, ge=1)
