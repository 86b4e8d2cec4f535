"""Checks on caller input, shared by GraphQL, the CLI and the benchmarks.

Each failure is an :class:`~graphsvc.errors.InvalidInputError` naming the field,
the problem and the limit; nothing is written when one fails.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime

from graphsvc.config import Settings
from graphsvc.conversation import Turn
from graphsvc.errors import InvalidInputError

ID_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories refused in ids: control and format characters (invisible, e.g. U+0000, U+001F,
U+200B), lone surrogates, and line/paragraph separators."""


EDGE_WHITESPACE = frozenset(" \t\n\r")
"""Control characters an id may carry at its ends (stripped): tab, newline, carriage return. Other control
characters are refused wherever they are, even where ``str.strip`` would remove them (U+001C–U+001F, U+0085,
U+2028), so ``"alice\x1c"`` is refused instead of becoming ``"alice"``."""


def require_id(field: str, value: str, settings: Settings) -> str:
    """A non-blank id within ``MAX_ID_CHARS``: :func:`check_id` with that limit."""
    return check_id(field, value, max_chars=settings.limits.max_id_chars)


def check_id(field: str, value: str, *, max_chars: int) -> str:
    """A non-blank id of at most ``max_chars`` characters without control characters; returns it stripped.

    Every comparison of ids (the tenant scope included) is made on what this returns.

    Raises:
        InvalidInputError: empty, too long, or holding a character of ``ID_FORBIDDEN_CATEGORIES`` (tab,
            newline and carriage return only at its ends, where they are stripped).
    """
    if not isinstance(value, str):
        raise InvalidInputError(field=field, problem="must not be empty")
    if len(value) > max_chars + 100:  # never scan megabytes: far over the limit either way
        raise InvalidInputError(
            field=field,
            problem=f"is {len(value)} characters, over the limit of {max_chars}",
            fix="use a shorter id (for example a hash of the long one)",
        )
    stripped = value.strip()
    if not stripped:
        raise InvalidInputError(field=field, problem="must not be empty")
    if len(stripped) > max_chars:
        raise InvalidInputError(
            field=field,
            problem=f"is {len(stripped)} characters, over the limit of {max_chars}",
            fix="use a shorter id (for example a hash of the long one)",
        )
    return require_printable(field, value, fix="use printable characters only in ids")


def require_printable(field: str, value: str, *, fix: str = "use printable characters only") -> str:
    """``value`` stripped, when it holds no character of ``ID_FORBIDDEN_CATEGORIES`` (but tab, newline and
    carriage return where they are stripped): for names and keys made of caller text (ids, tags, slots), where
    NUL or U+001F would be stored or joined into keys.

    Raises:
        InvalidInputError: naming the first such character and its position.
    """
    stripped = value.strip()
    start = len(value) - len(value.lstrip())
    for position, char in enumerate(value):
        inside = start <= position < start + len(stripped)
        if unicodedata.category(char) in ID_FORBIDDEN_CATEGORIES and (inside or char not in EDGE_WHITESPACE):
            raise InvalidInputError(
                field=field,
                problem=f"holds the control or invisible character U+{ord(char):04X} at position {position}",
                fix=fix,
            )
    return stripped


def require_label(field: str, value: str, *, limit: int) -> str:
    """A short piece of caller text used as a name or key (a tag, a memory's slot): stripped, non-blank, within
    ``limit`` characters, without control or invisible characters (``ID_FORBIDDEN_CATEGORIES``: NUL and
    U+001F would otherwise be stored and joined into keys).

    Raises:
        InvalidInputError: empty, too long, or holding such a character.
    """
    return require_printable(field, require_text(field, value, limit=limit))


def require_encodable(field: str, value: str) -> str:
    """Text that can be stored: no lone surrogate (U+D800–U+DFFF), which has no UTF-8 form.

    Raises:
        InvalidInputError: naming the position of the first lone surrogate.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInputError(
            field=field,
            problem=f"holds a lone surrogate (U+{ord(value[exc.start]):04X}) at position {exc.start}",
            fix="send valid Unicode (pair the surrogates, or drop the broken character)",
        ) from exc
    return value


def require_text(field: str, value: str, *, limit: int) -> str:
    """Non-blank, storable text within ``limit`` characters.

    Raises:
        InvalidInputError: empty, too long, or not storable (:func:`require_encodable`).
    """
    if not value or not value.strip():
        raise InvalidInputError(field=field, problem="must not be empty")
    if len(value) > limit:
        raise InvalidInputError(
            field=field,
            problem=f"is {len(value)} characters, over the limit of {limit}",
            fix="split the text into several messages",
        )
    return require_encodable(field, value)


def optional_text(field: str, value: str | None, *, limit: int) -> str | None:
    """Stripped text within ``limit`` characters, or None when missing or blank (e.g. a speaker name).

    Raises:
        InvalidInputError: too long or not storable.
    """
    stripped = (value or "").strip()
    if not stripped:
        return None
    return require_text(field, stripped, limit=limit)


def require_aware(field: str, value: datetime) -> datetime:
    """A datetime in UTC; a naive one is taken as UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def parse_datetime(field: str, value: str) -> datetime:
    """ISO-8601 text → aware UTC datetime.

    Raises:
        InvalidInputError: not ISO-8601.
    """
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError) as exc:
        raise InvalidInputError(
            field=field,
            problem=f"{value!r} is not an ISO-8601 date-time",
            fix="use e.g. 2024-05-01T14:30:00Z",
        ) from exc
    return require_aware(field, parsed)


def require_limit(field: str, value: int, *, maximum: int) -> int:
    if value < 1 or value > maximum:
        raise InvalidInputError(field=field, problem=f"must be between 1 and {maximum}, got {value}")
    return value


def recall_views(query: str | None, conversation: Sequence[Turn] | None, settings: Settings) -> list[str]:
    """The texts recall embeds: for a conversation, its last 1, 2, ... ``recall_conversation_turns`` turns (each
    after the query when one is given), shortest first; the last is :func:`recall_text`. A query alone, or
    ``recall_conversation_turns`` 0 (every turn), gives one text. The texts hold at most
    ``max_recall_embed_chars`` characters in all: :func:`recall_text` always, then the shortest views that fit.

    Raises:
        InvalidInputError: as :func:`recall_text`.
    """
    whole = recall_text(query, conversation, settings)
    spoken = [t.content.strip() for t in conversation or [] if t.content.strip()]
    if not spoken or settings.recall.conversation_turns == 0:
        return [whole]
    head = [query.strip()] if query is not None and query.strip() else []
    longest = min(settings.recall.conversation_turns, len(spoken))
    budget = settings.limits.max_recall_embed_chars - len(whole)
    views: list[str] = []
    for n in range(1, longest):
        view = "\n".join([*head, *spoken[-n:]])[-settings.limits.max_query_chars :].strip()
        budget -= len(view)
        if budget < 0:  # max_recall_embed_chars: the longer views are left out
            break
        views.append(view)
    return [*views, whole]


def recall_text(query: str | None, conversation: Sequence[Turn] | None, settings: Settings) -> str:
    """What recall searches for: the query and the last turns of the conversation so far.

    The service, not the caller, decides how much of the conversation counts: the last
    ``recall_conversation_turns`` turns with content (all roles: a question asked by the assistant is what the
    user's reply is about), oldest first, after the query when one is given; the most recent text is kept
    when the whole is over ``max_query_chars``.

    Raises:
        InvalidInputError: neither a query nor a turn with content; a turn over ``max_message_chars``; more
            than ``max_messages_per_request`` turns; a query over ``max_query_chars``.
    """
    turns = list(conversation or [])
    if len(turns) > settings.limits.max_messages_per_request:
        raise InvalidInputError(
            field="conversation",
            problem=f"has {len(turns)} turns, over the limit of {settings.limits.max_messages_per_request}",
            fix="send the latest turns only",
        )
    for n, turn in enumerate(turns):
        if len(turn.content) > settings.limits.max_message_chars:
            raise InvalidInputError(
                field=f"conversation[{n}].content",
                problem=f"is {len(turn.content)} characters, over the limit of {settings.limits.max_message_chars}",
            )
    spoken = [t.content.strip() for t in turns if t.content.strip()]
    recent = spoken[-settings.recall.conversation_turns :] if settings.recall.conversation_turns else spoken
    if query is not None and query.strip():
        query = require_text("query", query, limit=settings.limits.max_query_chars)
        recent = [query.strip(), *recent]
    if not recent:
        raise InvalidInputError(
            field="query",
            problem="is empty and the conversation has no turn with content",
            fix="pass a query, a conversation, or both",
        )
    return "\n".join(recent)[-settings.limits.max_query_chars :].strip()
