"""Whom a trait is about: a trait rests on one person's memories.

One user id may hold conversations of several people (two friends chatting on one account, both in the role
``user``). A memory is about the person who said the messages it was extracted from (their ``speaker``; an
assistant's messages do not count). Reflection groups evidence per person and never lets one trait rest on two
people's memories; the trait records whom it is about (``Trait.about``: the speaker's name, None when the
messages named no speaker, i.e. the user of the memory space).

Names are compared without case ("Theo" and "theo" are one person); the spelling kept is the first in sort order.
"""

from __future__ import annotations

from collections.abc import Iterable

from graphsvc.pipeline.reflection.book import MemoryRecord

UNNAMED = ""
"""The person key of memories whose messages named no speaker: the user of the memory space."""


def name_key(name: str | None) -> str:
    """The key a name is compared by (case folded, trimmed); :data:`UNNAMED` for None or a blank name."""
    return (name or "").strip().casefold()


def person_of(speakers: Iterable[str]) -> str | None:
    """The key of the one person a memory said by ``speakers`` (:attr:`MemoryRecord.speakers`) is about:
    :data:`UNNAMED` when its messages named no speaker, the speaker's :func:`name_key` when they named one; None
    when they name several people (such a memory is evidence of no trait: it cannot say whose habit it shows)."""
    keys = {name_key(s) for s in speakers} - {UNNAMED}
    if len(keys) > 1:
        return None
    return next(iter(keys), UNNAMED)


def shared_person(memories: Iterable[MemoryRecord]) -> str | None:
    """The key of the one person all ``memories`` are about; None when they are about several (or a memory
    names several)."""
    found = {person_of(m.speakers) for m in memories}
    if len(found) != 1 or None in found:
        return None
    return found.pop()


def display_name(speakers: Iterable[str]) -> str | None:
    """The name a trait resting on memories said by ``speakers`` (one person's) is about: the first spelling in
    sort order; None when no speaker was named."""
    names = sorted(s.strip() for s in speakers if name_key(s) != UNNAMED)
    return names[0] if names else None
