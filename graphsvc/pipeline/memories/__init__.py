"""Memory writing: the one path every new memory takes (extraction, ``remember``, ``correctMemory``, candidate
promotion and, through promotion, documents).

``run.prepare`` embeds and places the drafts (:mod:`.draft`) and decides create or reinforce (:mod:`.dedup`,
seed 001 §4; :mod:`.slots`, issue 12) outside any transaction; ``run.run`` writes them inside the caller's
transaction and puts the slots they touched back in valid-time order (:mod:`.supersession`). Archive, restore
and retraction settle slots through :func:`.supersession.settle_slots` too.
"""
