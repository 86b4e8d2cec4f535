"""Retraction (issue 12): forgetting messages, a session, a memory or a whole user, with every belief derived
from them removed or re-scored.

- :mod:`.engine`: one request's retraction in ONE write transaction (what rested only on the deleted data
  goes, what rested partly on it is re-evaluated, tombstone ``HistoryEntry`` rows keep no content);
- :mod:`.rescore`: a trait's confidence replayed from the evidence left (seed 002 §5);
- :mod:`.forget`: the entry points ``forget_messages``, ``forget_session``, ``forget_memory``;
- :mod:`.erase`: ``erase_user``, in bounded batches, idempotent and resumable.
"""
