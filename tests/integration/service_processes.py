"""Real ``graphsvc`` processes for tests: start one on the test Neo4j with its output in a log file, wait for it
by polling, stop it with SIGTERM (killed only when it does not stop). A process started here gets SIGTERM when the
test run dies without stopping it (:func:`dies_with_parent`), so no service outlives an interrupted run and keeps
knocking at a test Neo4j that another checkout has started on the same port."""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from graphsvc.config import Settings
from tests.conftest import REPO

START_TIMEOUT_S = 240.0
"""How long a process may take to become ready (it loads its embedding model; a busy test machine is slow)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def service_environment(settings: Settings, **extra: str) -> dict[str, str]:
    """This process's environment with the settings every test service process needs: the test Neo4j, no
    authentication (loopback only), fast job polls, no idle sweep or daily learning, text logs; ``extra`` on top."""
    return {
        **os.environ,
        "ENVIRONMENT": "test",
        "AUTH_MODE": "none",
        "NEO4J_URI": settings.neo4j.uri,
        "GRAPHSVC_DATA_DIR": str(settings.data_dir),
        "JOB_POLL_INTERVAL_S": "0.2",
        "IDLE_SWEEP_INTERVAL_S": "3600",
        "DAILY_LEARNING": "false",
        "LOG_FORMAT": "text",
        # a process's first request loads its embedding model: on a loaded test machine that passes 10 s
        "REQUEST_DEADLINE_S": "120",
        **extra,
    }


PR_SET_PDEATHSIG = 1
"""Linux prctl(2) option: the signal the calling process gets when the thread that started it exits."""


def dies_with_parent() -> None:
    """For ``preexec_fn``: the child gets SIGTERM when the test run that started it exits (Linux; elsewhere it
    does nothing)."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start_graphsvc(args: Sequence[str], *, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """``graphsvc ARGS`` (the one installed beside this interpreter), stdout and stderr into ``log``; it gets
    SIGTERM if the test run dies first."""
    graphsvc = Path(sys.executable).parent / "graphsvc"
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(graphsvc), *args],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=dies_with_parent,  # noqa: PLW1509 -- a prctl call, safe between fork and exec
        )


def wait_until(
    what: str,
    ready: Callable[[], bool],
    procs: Sequence[subprocess.Popen[bytes]],
    logs: Sequence[Path],
    *,
    timeout_s: float = START_TIMEOUT_S,
) -> None:
    """Poll ``ready()`` until it is true; fail with the logs if a process exits or time runs out."""
    deadline = time.monotonic() + timeout_s
    while not ready():
        for proc, log in zip(procs, logs, strict=True):
            assert proc.poll() is None, f"{what} exited {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}"
        assert time.monotonic() < deadline, f"{what} not ready within {timeout_s:g} s"
        time.sleep(0.2)


def stop(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGTERM each process still running, wait for all; kill what has not stopped after 20 s."""
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
