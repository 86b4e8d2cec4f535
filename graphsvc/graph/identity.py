"""The light identity index (seed 000 ``KnownEntityIdentity``): uuid, subject and aliases, nothing else.

Read from Neo4j by index lookups only (``alias_lookup`` on ``(Alias.user_id, Alias.normalized)`` and the
``entity_subject_key`` constraint): the cost grows with the names asked for, never with the number of
entities the user has. Names are compared after :func:`graphsvc.keys.normalise_text` (NFKC, so
full-width becomes half-width; case folding; punctuation and whitespace folded), by equality only: "Ann" never
matches "Anna".

Statements: ``cypher/queries/identity.cypher``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from graphsvc import keys
from graphsvc.graph.database import Queries


class KnownEntityIdentity(BaseModel):
    """One stored entity as the resolver sees it.

    Attributes:
        entity_uuid: the Entity node's ``uid``.
        subject: its canonical name.
        aliases: every name stored for it (the subject included), as written.
        normalized_names: ``normalise_text`` of the subject and of every alias.
        subject_key: the storage key (``keys.entity_subject_key``) the applier addresses it by.
    """

    model_config = ConfigDict(frozen=True)

    entity_uuid: str
    subject: str
    aliases: list[str] = Field(default=[])
    normalized_names: frozenset[str] = Field(default=frozenset())
    subject_key: str = ""

    @property
    def normalized_subject(self) -> str:
        return keys.normalise_text(self.subject)


class IdentityIndex(BaseModel):
    """The identities found for a set of names: ``name → entities`` with exact normalised matching."""

    model_config = ConfigDict(frozen=True)

    identities: dict[str, KnownEntityIdentity] = Field(default={})
    """Keyed by entity uuid."""
    looked_up: frozenset[str] = Field(default=frozenset())
    """The normalised names this index was read for: for these, a missing match means no entity has it."""

    @classmethod
    def of(cls, identities: Iterable[KnownEntityIdentity], *, looked_up: Iterable[str] = ()) -> IdentityIndex:
        return cls(identities={i.entity_uuid: i for i in identities}, looked_up=frozenset(looked_up))

    def matches(self, name: str) -> list[KnownEntityIdentity]:
        """Entities whose subject or an alias normalises to ``name`` (already normalised), by uuid order."""
        if not name:
            return []
        return [i for _, i in sorted(self.identities.items()) if name in i.normalized_names]

    def subject_matches(self, name: str) -> list[KnownEntityIdentity]:
        """Entities whose normalised subject is ``name``."""
        return [i for _, i in sorted(self.identities.items()) if name and i.normalized_subject == name]

    def get(self, entity_uuid: str) -> KnownEntityIdentity | None:
        return self.identities.get(entity_uuid)


async def lookup(
    db: Queries, *, user_id: str, names: Iterable[str], known: IdentityIndex | None = None
) -> IdentityIndex:
    """Read the identities of the user's entities named (subject or alias) by any of ``names``.

    Args:
        names: normalised names (``keys.normalise_text``); blanks are ignored.
        known: an index read earlier in the same run (an extraction job shares one between its stages):
            only the names it was not read for are read, and the result holds both.

    Returns:
        the index of every matching entity with all its names; empty when none matches (or ``names`` is empty).
    """
    known = known or IdentityIndex()
    wanted = sorted({n for n in names if n} - known.looked_up)
    if not wanted:
        return known
    rows = await db.read(
        "entity_identities_by_names",
        user_id=user_id,
        names=wanted,
        subject_keys=[keys.entity_subject_key(user_id, n) for n in wanted],
    )
    found = {**known.identities, **{i.entity_uuid: i for i in (_identity(row) for row in rows)}}
    return IdentityIndex(identities=found, looked_up=known.looked_up | frozenset(wanted))


async def identities_by_uid(db: Queries, *, user_id: str, uids: Iterable[str]) -> list[KnownEntityIdentity]:
    """The identities of the user's entities with these uids, with all their names.

    Returns:
        one identity per uid that names an entity of this user; empty when none does (another user's
        entity is not found).
    """
    wanted = list(uids)
    if not wanted:
        return []
    rows = await db.read("entity_identities_by_uids", user_id=user_id, uids=wanted)
    return [_identity(row) for row in rows]


def _identity(row: Mapping[str, Any]) -> KnownEntityIdentity:
    """From a row ``{uid, subject, subject_key, aliases: [name], normalized: [normalised name]}``."""
    subject = str(row["subject"])
    aliases = [str(a) for a in row.get("aliases") or []]
    normalized = {str(n) for n in row.get("normalized") or []}
    normalized.add(keys.normalise_text(subject))
    return KnownEntityIdentity(
        entity_uuid=str(row["uid"]),
        subject=subject,
        aliases=sorted(set(aliases) | {subject}),
        normalized_names=frozenset(n for n in normalized if n),
        subject_key=str(row["subject_key"]),
    )
