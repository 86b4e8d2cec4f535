"""Deterministic ids and content hashes, so repeated deliveries land on the same nodes.

Every key folds in ``user_id``: two tenants can never share a node. Parts are length-prefixed before
hashing (:func:`digest`), so no choice of ids can make two different part lists hash alike: with a
separator byte, ``("a\x1fb", "c")`` and ``("a", "b\x1fc")`` were the same key (issue 11).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
import uuid
from datetime import datetime

_PUNCT_OR_SPACE = re.compile(r"[\W_]+", re.UNICODE)


def digest(*parts: str) -> str:
    """sha256 hex of the parts, each encoded as its UTF-8 byte length (8 bytes, big-endian) and its bytes.

    Length prefixes make the encoding injective: different part lists never give the same input bytes.
    """
    h = hashlib.sha256()
    h.update(len(parts).to_bytes(8, "big"))
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


_digest = digest


def normalise_text(text: str) -> str:
    """NFKC (full-width → half-width), case-folded, punctuation and whitespace folded to one space."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _PUNCT_OR_SPACE.sub(" ", folded).strip()


def content_hash(text: str) -> str:
    """sha256 hex of :func:`normalise_text` (seed 001 §4 / seed 002: content_hash dedup)."""
    return _digest(normalise_text(text))


def tenant_key(user_id: str) -> str:
    """A single alphanumeric token standing for the tenant inside Lucene full-text indexes."""
    return "t" + _digest("tenant", user_id)[:24]


def candidate_uid(user_id: str, memory_type: str, content_hash: str) -> str:
    """A memory candidate's uid: one per (user, memory type, normalised content) (seed 003: BrainCandidate)."""
    return _digest("candidate", user_id, memory_type, content_hash)


def session_uid(user_id: str, session_id: str) -> str:
    return _digest("session", user_id, session_id)


def event_uid(user_id: str, session_id: str, message_id: str | None, content: str, occurred_at: datetime) -> str:
    """A message id is scoped per session (the README's ``m1``, ``m2`` in every session are different
    messages); without one, session + content + time identify the message."""
    if message_id is not None:
        return _digest("event-id", user_id, session_id, message_id)
    return _digest("event-content", user_id, session_id, content, occurred_at.isoformat())


def derived_message_id(event_uid_: str) -> str:
    """The message id reported for a message delivered without one."""
    return "msg-" + event_uid_[:20]


def memory_dedup_key(user_id: str, memory_type: str, content_hash_: str) -> str:
    """Exact-duplicate key: same user, same type, same normalised content (seed 001 §4)."""
    return _digest("memory", user_id, memory_type, content_hash_)


def memory_slot_key(user_id: str, subject: str, slot: str) -> str:
    """Supersession key: same user, same subject (normalised speaker, "" for the user), same slot (issue 12)."""
    return _digest("slot", user_id, subject, slot)


def entity_subject_key(user_id: str, normalised_subject: str) -> str:
    return _digest("entity", user_id, normalised_subject)


def alias_uid(user_id: str, entity_subject_key: str, normalised_alias: str) -> str:
    return _digest("alias", user_id, entity_subject_key, normalised_alias)


def job_dedup_key(kind: str, scope: str) -> str:
    """Jobs with the same key are coalesced while one is queued: ``extract`` per session uid, ``reflect`` per user."""
    return _digest("job", kind, scope)


def erasure_uid(user_id: str) -> str:
    """The uid of a user's ``Erasure`` node (one per user, so an interrupted erasure is found again)."""
    return _digest("erasure", user_id)


def new_uid() -> str:
    """A random id for nodes with no natural key (jobs, history entries)."""
    return str(uuid.uuid4())
