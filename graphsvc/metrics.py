"""Prometheus metrics (the official ``prometheus_client``), every name prefixed ``graphsvc_``.

Defined once here, on the ground floor, so every layer can count what it does; ``GET /metrics`` serves
the process's default registry in the text exposition format.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

_LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
_JOB_BUCKETS_S = (0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)

# --- requests -----------------------------------------------------------------------------------
REQUESTS = Counter(
    "graphsvc_requests_total",
    "GraphQL requests by operation (the root fields, sorted and joined with +) and outcome",
    ["operation", "outcome"],
)
REQUEST_SECONDS = Histogram(
    "graphsvc_request_duration_seconds",
    "GraphQL request latency by operation, admission wait included",
    ["operation"],
    buckets=_LATENCY_BUCKETS_S,
)
INFLIGHT = Gauge("graphsvc_requests_inflight", "GraphQL requests being executed now")
QUEUED = Gauge("graphsvc_requests_queued", "GraphQL requests waiting for an execution slot")
REJECTED = Counter(
    "graphsvc_requests_rejected_total",
    "Requests refused before execution, by reason (queue_full, queue_timeout, body_too_large, malformed)",
    ["reason"],
)
ADMISSION_LIMIT = Gauge(
    "graphsvc_admission_limit",
    "Requests of a kind (recall, write, other) that may execute at once now, adapted to their service time",
    ["kind"],
)
ADMISSION_INFLIGHT = Gauge("graphsvc_admission_inflight", "Requests of a kind executing now", ["kind"])
ADMISSION_EXPECTED_SECONDS = Gauge(
    "graphsvc_admission_expected_service_seconds",
    "Expected service time of a request of a kind (90th percentile of the last 64), admission wait excluded",
    ["kind"],
)
ADMISSION_REFUSED = Counter(
    "graphsvc_admission_refused_total",
    "Requests refused at admission by kind and reason (would_miss_deadline: shed because less time was left "
    "than the kind's expected service time; queue_full; queue_timeout; caller_share)",
    ["kind", "reason"],
)
DEADLINES = Counter("graphsvc_request_deadline_exceeded_total", "Requests stopped at their server-side deadline")
DISCONNECTS = Counter("graphsvc_request_abandoned_total", "Requests whose client left; their work was cancelled")
RATE_LIMIT_FALLBACKS = Counter(
    "graphsvc_rate_limit_fallback_total",
    "Times the shared RATE_LIMIT_STORAGE_URI did not answer (rate limits then count in this process's memory)",
)

# --- recall and ingest ------------------------------------------------------------------------------
RECALL_STAGE_SECONDS = Histogram(
    "graphsvc_recall_stage_seconds",
    "Recall latency by stage (embed, vector, fulltext, graph, hydrate, rerank, total)",
    ["stage"],
    buckets=_LATENCY_BUCKETS_S,
)
INGESTED_MESSAGES = Counter(
    "graphsvc_ingest_messages_total", "Messages delivered to ingest, by outcome (stored, duplicate)", ["outcome"]
)

# --- jobs ------------------------------------------------------------------------------------------------
JOBS = Counter("graphsvc_jobs_total", "Jobs finished by kind and outcome", ["kind", "outcome"])
JOB_SECONDS = Histogram(
    "graphsvc_job_duration_seconds", "Job attempt duration by kind", ["kind"], buckets=_JOB_BUCKETS_S
)
JOB_FAILURES = Counter("graphsvc_job_failures_total", "Failed job attempts by kind", ["kind"])
JOBS_QUEUED = Gauge("graphsvc_job_queue_depth", "Jobs in the database by status (PENDING, RUNNING)", ["status"])
JOB_QUEUE_AGE = Gauge("graphsvc_job_queue_oldest_age_seconds", "Age of the oldest due PENDING job")
VECTOR_BACKLOG = Gauge(
    "graphsvc_vector_backlog_events", "Ingested events waiting for their vector (found by full text meanwhile)"
)
VECTOR_BACKLOG_AGE = Gauge(
    "graphsvc_vector_backlog_oldest_age_seconds", "How long the longest-waiting event has waited for its vector"
)
DOCUMENTS_PROCESSING = Gauge(
    "graphsvc_documents_processing", "Uploaded documents still being parsed, chunked and embedded"
)

# --- LLM ---------------------------------------------------------------------------------------------------
LLM_CALLS = Counter("graphsvc_llm_calls_total", "LLM calls by task and outcome", ["task", "outcome"])
LLM_TOKENS = Counter("graphsvc_llm_tokens_total", "LLM tokens by task and direction (in, out)", ["task", "direction"])
LLM_FAILURES = Counter("graphsvc_llm_failures_total", "Failed LLM calls by task", ["task"])

# --- embedder -------------------------------------------------------------------------------------------------
EMBED_SECONDS = Histogram(
    "graphsvc_embedding_seconds",
    "Embedder call latency by kind (query, passage, background)",
    ["kind"],
    buckets=_LATENCY_BUCKETS_S,
)
EMBED_QUEUE = Gauge("graphsvc_embedding_queue_texts", "Texts waiting for the embedder")
EMBED_QUEUE_WAIT = Histogram(
    "graphsvc_embedding_queue_wait_seconds", "Time a batch waited for the embedder", buckets=_LATENCY_BUCKETS_S
)
EMBED_REFUSED = Counter("graphsvc_embedding_refused_total", "Embedding requests refused because the queue was full")
EMBED_TRUNCATED = Counter("graphsvc_embedding_truncated_total", "Texts cut to what the model reads before embedding")
