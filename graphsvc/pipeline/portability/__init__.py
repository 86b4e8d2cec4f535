"""Portability (issue 12): one user's graph out as JSON lines (``graphsvc export``) and back in (``graphsvc
restore``), into an empty or another database, re-embedding when the embedder differs or vectors were left out.
"""
