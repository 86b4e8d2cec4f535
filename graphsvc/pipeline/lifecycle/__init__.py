"""Memory lifecycle by hand (issue 12): remember, correct, archive, restore; the service's lifecycle area calls it.

Every write goes through the same dedup and supersession as extraction (the memory-writing wing,
:mod:`graphsvc.pipeline.memories`), in one transaction, with a ``HistoryEntry`` naming who did it.
"""
