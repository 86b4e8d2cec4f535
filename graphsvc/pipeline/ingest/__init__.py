"""Ingest (the write path's first step): what callers send becomes ``Event`` nodes, embedded at once.

``messages.run`` stores conversation messages of one session (idempotent per delivery).
"""
