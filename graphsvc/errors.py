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


MAX_ECHOED_CHARS = 200
"""Longest caller-given id an error message repeats whole; a longer one (no stored id is that long) is shown by
its start and length, so an error never echoes megabytes back."""


def echoed(ident: str) -> str:
    """``ident`` as an error message shows it: quoted, cut to its first 40 characters past ``MAX_ECHOED_CHARS``."""
    if len(ident) <= MAX_ECHOED_CHARS:
        return repr(ident)
    return f"{ident[:40]!r}… ({len(ident)} characters)"


class NotFoundError(GraphsvcError):
    """A referenced object does not exist for this tenant."""

    code = "NOT_FOUND"

    def __init__(self, *, kind: str, ident: str) -> None:
        super().__init__(f"{kind} {echoed(ident)} not found", suggestion=f"check the {kind} id")
        self.kind = kind
        self.ident = ident


class ForbiddenError(GraphsvcError):
    """The caller may not act for this user."""

    code = "FORBIDDEN"

    def __init__(self, *, user_id: str) -> None:
        super().__init__(f"not allowed to access user {echoed(user_id)}", suggestion="authenticate as that user")
        self.user_id = user_id


class AuthenticationError(GraphsvcError):
    """The request carries no valid credentials (HTTP 401 before any resolver or tool runs)."""

    code = "UNAUTHENTICATED"

    def __init__(self, *, problem: str, fix: str) -> None:
        super().__init__(problem, suggestion=fix)


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
    """The LLM call failed, timed out, refused, or returned output that does not validate.

    Attributes:
        task: the LLM task (``extract_memories``...).
        reason: what went wrong, without the endpoint.
        model: the chat model asked, when known.
        base_url: the endpoint asked (credentials and query left out), when known.
        status: the HTTP status the endpoint answered, None when it did not answer or answered 200.
        retryable: False when asking again cannot help until someone changes a setting: an HTTP 4xx answer
            other than 429 (a refused key, an unknown model, a bad request). The job that met it fails at once.
    """

    code = "LLM_ERROR"

    def __init__(
        self,
        *,
        task: str,
        reason: str,
        model: str | None = None,
        base_url: str | None = None,
        status: int | None = None,
    ) -> None:
        where = f" (model {model} at {base_url})" if model and base_url else ""
        super().__init__(f"LLM task {task} failed{where}: {reason}", suggestion=_llm_fix(status, base_url))
        self.task = task
        self.reason = reason
        self.model = model
        self.base_url = base_url
        self.status = status
        self.retryable = status is None or status == 429 or status >= 500
        self.llm_calls = 0
        self.tokens_in = 0
        self.tokens_out = 0

    def add_usage(self, *, calls: int, tokens_in: int, tokens_out: int) -> None:
        """Account LLM usage spent before the failure (recorded on the job that failed)."""
        self.llm_calls += calls
        self.tokens_in += tokens_in
        self.tokens_out += tokens_out


def _llm_fix(status: int | None, base_url: str | None) -> str | None:
    """How to fix an LLM endpoint's HTTP answer, by status (None when a retry may do)."""
    if status in (401, 403):
        return f"check LLM_API_KEY: the endpoint {base_url} refused it (HTTP {status})"
    if status == 404:
        return "check LLM_MODEL and LLM_BASE_URL (the endpoint knows no such model or path)"
    if status is not None and 400 <= status < 500 and status != 429:
        return "check LLM_MODEL, LLM_BASE_URL and LLM_STRUCTURED_OUTPUT against what the endpoint accepts"
    return None


class AmbiguousEntityError(GraphsvcError):
    """A name matches more than one entity of the user (seed 000 §4: ambiguous, never guessed)."""

    code = "AMBIGUOUS_ENTITY"

    def __init__(self, *, name: str, candidates: list[str]) -> None:
        super().__init__(
            f"{name!r} names {len(candidates)} entities: {', '.join(candidates)}",
            suggestion="pick one by id (entities(search:) lists them), or merge them with mergeEntities",
        )
        self.name = name
        self.candidates = candidates


class PlanRejectedError(GraphsvcError):
    """The context-aware validator rejected an entity change (seed 000 §6); nothing was written."""

    code = "PLAN_REJECTED"

    def __init__(self, *, reasons: list[str]) -> None:
        super().__init__("entity change rejected: " + "; ".join(reasons), suggestion=_plan_fix(reasons))
        self.reasons = reasons


def _plan_fix(reasons: list[str]) -> str:
    if any("clash" in r for r in reasons):
        return "the name already belongs to another entity: update that entity, or merge the two with mergeEntities"
    return "fix the listed fields and retry"


class CrossUserError(GraphsvcError):
    """An operation would join nodes of two different users."""

    code = "CROSS_USER"

    def __init__(self, *, operation: str) -> None:
        super().__init__(
            f"{operation} refused: the nodes belong to different users",
            suggestion="both ids must belong to the same user",
        )


class ConflictError(GraphsvcError):
    """The object is not in a state that allows the operation (e.g. an already resolved observation)."""

    code = "CONFLICT"

    def __init__(self, *, kind: str, ident: str, problem: str, fix: str | None = None) -> None:
        suggestion = fix or f"reload the {kind} and check its status"
        super().__init__(f"{kind} {echoed(ident)} {problem}", suggestion=suggestion)


class ExistingIdsError(GraphsvcError):
    """A restore would write nodes whose ids (uids, or other keys the database holds once) already exist in the
    database, held by another user: the export was restored here before under another id, or its user id was
    changed by hand. Nothing of the batch that holds them is written.

    Attributes:
        user_id: the user being restored.
        count: how many of the batch's ids exist.
        owners: the users holding them.
        written: nodes of this restore written before the clash was found (0 when it was in the first batch).
    """

    code = "CONFLICT"

    def __init__(self, *, user_id: str, count: int, example: str, owners: list[str], written: int) -> None:
        held = ", ".join(repr(o) for o in owners[:3]) + (" and others" if len(owners) > 3 else "")
        fix = (
            "restore it under another user id, whose ids are made anew (graphsvc restore FILE --as NEW_USER), or "
            f"erase user {held} first"
        )
        if written:
            fix += (
                f"; first remove the {written} nodes restored so far with graphsvc erase --user {user_id} "
                f"--confirm {user_id}"
            )
        super().__init__(
            f"the export of user {user_id!r} holds {count} ids that already exist in this database (e.g. "
            f"{example}), held by user {held}",
            suggestion=fix,
        )
        self.user_id = user_id
        self.count = count
        self.owners = owners
        self.written = written


class ErasureInProgressError(GraphsvcError):
    """The user is being erased: no write of the user is taken until ``eraseUser`` answers ``complete`` (so an
    erasure never says complete while something written meanwhile is left)."""

    code = "CONFLICT"

    def __init__(self, *, user_id: str) -> None:
        super().__init__(
            f"user {user_id!r} is being erased: nothing was written",
            suggestion="call eraseUser again until it answers complete: true, then write again",
        )
        self.user_id = user_id


class TraitCycleError(GraphsvcError):
    """A PARENT_OF edge would make a trait its own ancestor (seed 002 §4: 循环引用检测)."""

    code = "TRAIT_CYCLE"

    def __init__(self, *, parent_uid: str, child_uid: str) -> None:
        what = "itself" if parent_uid == child_uid else "one of its own descendants"
        super().__init__(
            f"trait {parent_uid!r} cannot become a parent of {child_uid!r}: the parent would be {what}",
            suggestion="upgrade into a new trait instead; PARENT_OF must point from a broader trait to narrower ones",
        )
        self.parent_uid = parent_uid
        self.child_uid = child_uid


class OverloadedError(GraphsvcError):
    """The service is at capacity for this kind of work; the caller should retry after ``retry_after_s``."""

    code = "OVERLOADED"

    def __init__(self, *, what: str, retry_after_s: float) -> None:
        super().__init__(
            f"{what} is at capacity",
            suggestion=f"retry after {retry_after_s:g} s, or send less work per request",
        )
        self.retry_after_s = retry_after_s


class DeadlineExceededError(GraphsvcError):
    """The request ran past its server-side deadline; its work was stopped."""

    code = "DEADLINE_EXCEEDED"

    def __init__(self, *, deadline_s: float) -> None:
        super().__init__(
            f"the request took longer than its {deadline_s:g} s deadline and was stopped",
            suggestion="retry later, ask for less (a smaller limit or batch), or raise REQUEST_DEADLINE_S",
        )


class DocumentError(GraphsvcError):
    """A document cannot be taken: wrong or unsupported format, corrupt, encrypted, over a limit, a zip bomb, too
    costly to parse. Raised at upload (nothing is written), or by its parsing job (the document is FAILED with
    this reason)."""

    code = "INVALID_DOCUMENT"

    def __init__(self, *, filename: str, problem: str, fix: str | None = None) -> None:
        super().__init__(f"document {filename!r} {problem}", suggestion=fix)
        self.filename = filename
        self.problem = problem
        self.fix = fix


class JobGaveUpError(GraphsvcError):
    """A background job whose work cannot succeed by being retried (a document refused by its parser): the job
    ends FAILED with this reason at once, whatever attempts it has left (``retryJob`` queues it again)."""

    code = "JOB_GAVE_UP"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
