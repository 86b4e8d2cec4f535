"""One event layer across sources (seed 003): records of other systems (todos, tasks, notes, forum posts,
calendar entries, documents) become versioned ``Event`` nodes, and what they state becomes
``MemoryCandidate`` nodes that are promoted to memories only when reinforced, important or confirmed.

``events.run`` stores a batch (conversation events go through ``pipeline.ingest.messages``), ``statements``
derives candidate statements from an event by rule, ``candidates`` keeps, promotes, rejects and expires them.
"""
