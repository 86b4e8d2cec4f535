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
    """A ``Session``'s uid: one per (user, session id as delivered)."""
    return _digest("session", user_id, session_id)


def event_uid(user_id: str, session_id: str, message_id: str | None, content: str, occurred_at: datetime) -> str:
    """A message id is scoped per session (the README's ``m1``, ``m2`` in every session are different
    messages); without one, session + content + time identify the message."""
    if message_id is not None:
        return message_event_uid(user_id, session_id, message_id)
    return unnamed_message_event_uid(user_id, session_id, content, occurred_at)


def message_event_uid(user_id: str, session_id: str, message_id: str) -> str:
    """A conversation message's ``Event`` uid when it came with an id: (user, session id, message id)."""
    return _digest("event-id", user_id, session_id, message_id)


def unnamed_message_event_uid(user_id: str, session_id: str, content: str, occurred_at: datetime) -> str:
    """A conversation message's ``Event`` uid when it came without an id: (user, session id, its content as
    delivered, ``occurred_at`` in ISO 8601 as given, offset included)."""
    return _digest("event-content", user_id, session_id, content, occurred_at.isoformat())


def source_uid(user_id: str, source_type: str, source_id: str) -> str:
    """A ``Source`` record's uid: (user, source type such as ``note`` or ``document``, the caller's source id)."""
    return _digest("source", user_id, source_type, source_id)


def source_event_uid(user_id: str, source_type: str, source_id: str, version: str) -> str:
    """The uid of one version of a source record (its ``Event``): (user, source type, source id, version).

    ``version`` is a record's fingerprint (``graphsvc.pipeline.sources.events.fingerprint``) or, for a document,
    the sha256 hex of the uploaded bytes; the same version delivered again is the same event.
    """
    return _digest("source-event", user_id, source_type, source_id, version)


def document_uid(user_id: str, source_id: str) -> str:
    """A ``Document``'s uid: one per (user, its source id: the caller's id of the document, or its filename)."""
    return _digest("document", user_id, source_id)


def chunk_uid(document_uid: str, version: str, position: int) -> str:
    """A document ``Chunk``'s uid: (its document's uid, the version's content hash, its position in the version's
    chunk tree). The user is in the document's uid."""
    return _digest("chunk", document_uid, version, str(position))


def document_entity_uid(user_id: str, document_uid: str, normalised_name: str) -> str:
    """A ``DocumentEntity``'s uid: one per (user, document uid, :func:`normalise_text` of the name)."""
    return _digest("document-entity", user_id, document_uid, normalised_name)


def tag_uid(user_id: str, normalised_name: str) -> str:
    """A ``Tag``'s uid: one per (user, normalised name, ``graphsvc.pipeline.tags.assign.normalise``)."""
    return _digest("tag", user_id, normalised_name)


def learning_run_uid(user_id: str, day: str) -> str:
    """A ``LearningRun``'s uid: one per (user, local day in ISO ``YYYY-MM-DD``, as the run stores it)."""
    return _digest("learning-run", user_id, day)


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
    """An ``Entity``'s subject key: one per (user, :func:`normalise_text` of one of its names)."""
    return _digest("entity", user_id, normalised_subject)


def alias_uid(user_id: str, entity_subject_key: str, normalised_alias: str) -> str:
    """An ``Alias`` (a name of an entity)'s uid: (user, the entity's subject key, the normalised name)."""
    return _digest("alias", user_id, entity_subject_key, normalised_alias)


def impression_uid(user_id: str, entity_subject_key: str, content_hash_: str) -> str:
    """An ``Impression``'s uid: one per (user, its entity's subject key, :func:`content_hash` of its text)."""
    return _digest("impression", user_id, entity_subject_key, content_hash_)


def impression_evidence_uid(user_id: str, entity_subject_key: str, content_hash_: str, event_uid_: str) -> str:
    """The uid of an impression's ``Evidence`` from one event: (user, the entity's subject key, the impression's
    content hash, the event's uid)."""
    return _digest("evidence", user_id, entity_subject_key, content_hash_, event_uid_)


def feature_uid(user_id: str, entity_subject_key: str, feature_key: str) -> str:
    """A ``Feature``'s uid: one per (user, its entity's subject key, the feature's key such as ``home_city``)."""
    return _digest("feature", user_id, entity_subject_key, feature_key)


def feature_evidence_uid(user_id: str, entity_subject_key: str, feature_key: str, event_uid_: str, value: str) -> str:
    """The uid of a feature's ``Evidence`` from one event: (user, the entity's subject key, the feature's key,
    the event's uid, the value the event gave)."""
    return _digest("feature-evidence", user_id, entity_subject_key, feature_key, event_uid_, value)


def job_dedup_key(kind: str, scope: str) -> str:
    """Jobs with the same key are coalesced while one is queued: ``extract`` per session uid, ``reflect`` per user."""
    return _digest("job", kind, scope)


def erasure_uid(user_id: str) -> str:
    """The uid of a user's ``Erasure`` node (one per user, so an interrupted erasure is found again)."""
    return _digest("erasure", user_id)


def new_uid() -> str:
    """A random id for nodes with no natural key (jobs, history entries)."""
    return str(uuid.uuid4())


def space_uid(space_id: str) -> str:
    """A group's or an agent's registration uid: one per space id (:mod:`graphsvc.spaces`)."""
    return _digest("space", space_id)


def membership_uid(group_id: str, user_id: str) -> str:
    """A ``Membership`` uid: one per (group space id, member user id)."""
    return _digest("membership", group_id, user_id)
