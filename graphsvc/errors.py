"""Domain errors: one base class, typed fields, a message and a fix.

They become GraphQL errors in exactly one place (``graphsvc.api.errors``).
"""

from __future__ import annotations


class GraphsvcError(Exception):
    """Base of every error graphsvc raises on purpose.

    Attributes:
        code: stable machine-readable code, exposed as ``extensions.code``.
        suggestion: how the caller can fix it, or None.
    """

    code = "GRAPHSVC_ERROR"

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


class ConfigurationError(GraphsvcError):
    """A setting is missing or wrong."""

    code = "CONFIGURATION_ERROR"

    def __init__(self, *, setting: str, problem: str, fix: str) -> None:
        super().__init__(f"{setting} {problem}", suggestion=fix)
        self.setting = setting


class InvalidInputError(GraphsvcError):
    """A request field is malformed, empty or over its limit."""

    code = "INVALID_INPUT"

    def __init__(self, *, field: str, problem: str, fix: str | None = None) -> None:
        super().__init__(f"{field}: {problem}", suggestion=fix)
        self.field = field


class NotFoundError(GraphsvcError):
    """A referenced object does not exist for this tenant."""

    code = "NOT_FOUND"

    def __init__(self, *, kind: str, ident: str) -> None:
        super().__init__(f"{kind} {ident!r} not found", suggestion=f"check the {kind} id")
        self.kind = kind
        self.ident = ident


class SchemaMismatchError(GraphsvcError):
    """The database holds an index that disagrees with the configuration."""

    code = "SCHEMA_MISMATCH"

    def __init__(self, *, index: str, expected: str, found: str) -> None:
        super().__init__(
            f"index {index} has {found}, but the configured embedder needs {expected}",
            suggestion=(
                "use the embedder the index was built with, or drop the index "
                f"(`DROP INDEX {index}`) and re-embed; graphsvc never rewrites it silently"
            ),
        )
        self.index = index


class DatabaseUnavailableError(GraphsvcError):
    """Neo4j could not be reached."""

    code = "DATABASE_UNAVAILABLE"

    def __init__(self, *, uri: str, reason: str) -> None:
        super().__init__(
            f"cannot reach Neo4j at {uri}: {reason}",
            suggestion="start the local server with `scripts/neo4j start`, or set NEO4J_URI/NEO4J_PASSWORD",
        )


class LLMError(GraphsvcError):
    """The LLM call failed, timed out, refused, or returned output that does not validate."""

    code = "LLM_ERROR"

    def __init__(self, *, task: str, reason: str) -> None:
        super().__init__(f"LLM task {task} failed: {reason}")
        self.task = task
        self.reason = reason
