"""The dashboard area of the service: small reads a person's view needs beside the other areas' reads.

``messages`` opens the source messages behind a memory, an impression, a trait's evidence or a pending
observation; ``user_counts`` counts what a user's graph holds (the dashboard's overview until the knowledge
brain's ``userStats`` replaces or extends it); ``users`` lists the users that have conversations.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphsvc.errors import InvalidInputError
from graphsvc.graph import dashboard_reads
from graphsvc.graph.dashboard_reads import UserCounts, UserPage
from graphsvc.graph.events import EventView
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_limit

MAX_MESSAGE_IDS = 200
MAX_USER_PAGE = 200


class DashboardArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    async def messages(
        self, *, user_id: str, message_ids: Sequence[str] = (), event_ids: Sequence[str] = ()
    ) -> list[EventView]:
        """The user's source messages named by the caller's message id or by event id, oldest first.

        Unknown ids (and another user's) are left out, never an error: a view shows what is there.

        Raises:
            InvalidInputError: bad user id, a blank or oversized id, more than 200 ids in all.
        """
        settings = self.rt.settings
        user_id = require_id("userId", user_id, settings)
        if len(message_ids) + len(event_ids) > MAX_MESSAGE_IDS:
            raise InvalidInputError(
                field="messageIds",
                problem=f"{len(message_ids) + len(event_ids)} ids, over the limit of {MAX_MESSAGE_IDS}",
                fix="ask for the messages in several calls",
            )
        wanted = [require_id("messageIds", m, settings) for m in message_ids]
        events = [require_id("eventIds", e, settings) for e in event_ids]
        if not wanted and not events:
            return []
        return await dashboard_reads.messages_by_ids(self.rt.db, user_id=user_id, message_ids=wanted, event_uids=events)

    async def user_counts(self, *, user_id: str) -> UserCounts:
        """What the user's graph holds, counted by label, type, status and stage (zeros for an unknown user).

        Raises:
            InvalidInputError: bad user id.
        """
        user_id = require_id("userId", user_id, self.rt.settings)
        return await dashboard_reads.user_counts(self.rt.db, user_id=user_id)

    async def users(
        self,
        *,
        only: Sequence[str] | None = None,
        prefix: str | None = None,
        limit: int = 50,
        after: str | None = None,
    ) -> UserPage:
        """A page of the users that have conversations, by user id.

        Args:
            only: the user ids the caller may see (None: every user; the API passes its caller's scope).
            prefix: keep the user ids that start with it (blank: all).

        Raises:
            InvalidInputError: limit outside 1..200, an oversized prefix, a malformed cursor.
        """
        limit = require_limit("limit", limit, maximum=MAX_USER_PAGE)
        if prefix is not None:
            prefix = prefix.strip()
            longest = self.rt.settings.limits.max_id_chars
            if len(prefix) > longest:
                raise InvalidInputError(field="prefix", problem=f"is over {longest} characters")
        return await dashboard_reads.list_users(self.rt.db, only=only, prefix=prefix or None, limit=limit, after=after)
