"""``graphsvc worker`` outside a database: a Neo4j that does not answer stops it with one line and its fix."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_a_worker_that_cannot_reach_neo4j_stops_with_one_line_and_exit_2() -> None:
    env = {
        **os.environ,
        "ENVIRONMENT": "test",
        "NEO4J_URI": "bolt://127.0.0.1:1",
        "NEO4J_PASSWORD": "not-the-real-one",
        "NEO4J_CONNECT_TIMEOUT_S": "2",
    }
    graphsvc = Path(sys.executable).parent / "graphsvc"
    result = subprocess.run(
        [str(graphsvc), "worker"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: cannot reach Neo4j at bolt://127.0.0.1:1"), lines[0]
    assert "-- fix: " in lines[0]
