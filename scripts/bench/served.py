"""``graphsvc serve`` started for one benchmark run, shared by the benchmark scripts."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import click
import httpx


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# Runs graphsvc's CLI from the checkout given as its first argument: the virtual environment's editable install
# of this checkout answers imports of graphsvc before PYTHONPATH is looked at, so its finder is taken out first.
_FROM_CHECKOUT = """
import runpy, sys
editable = "__editable___graphsvc_0"
sys.meta_path[:] = [f for f in sys.meta_path if not str(getattr(f, "__module__", "")).startswith(editable)]
sys.path.insert(0, sys.argv.pop(1))
sys.argv[0] = "graphsvc"
runpy.run_module("graphsvc.cli", run_name="__main__", alter_sys=True)
"""


@contextmanager
def served(
    env: dict[str, str],
    *,
    ready_s: float = 180.0,
    log: IO[str] | None = None,
    checkout: str | None = None,
    own_session: bool = False,
    args: Sequence[str] = (),
) -> Iterator[tuple[str, int]]:
    """``graphsvc serve`` with ``env`` (its settings) on a free port, until the block ends; yields its base URL
    and pid. Its log goes to ``log`` (default: this process's stderr). ``checkout`` is the directory of another
    version of graphsvc to serve (e.g. ``git archive main | tar -x -C DIR``); by default, the installed one.
    With ``own_session`` it runs in a session of its own, as a service started on its own does: with autogroup
    scheduling (Linux), the benchmark's load generator then has a CPU share of its own instead of taking the
    service's. ``args`` are more options of ``graphsvc serve`` (e.g. ``--no-worker``).

    Raises:
        click.ClickException: it did not answer ``/ready`` with 200 within ``ready_s`` seconds, or exited.
    """
    port = free_port()
    program = ["-m", "graphsvc.cli"] if checkout is None else ["-c", _FROM_CHECKOUT, checkout]
    command = [sys.executable, *program, "serve", "--port", str(port), *args]
    url = f"http://127.0.0.1:{port}"
    with _running(command, env, log=log, own_session=own_session) as process:
        deadline = time.monotonic() + ready_s
        while True:
            try:
                if httpx.get(f"{url}/ready", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise click.ClickException("graphsvc serve did not become ready")
            time.sleep(0.5)
        yield url, process.pid


@contextmanager
def worker(env: dict[str, str], *, log: IO[str] | None = None) -> Iterator[int]:
    """``graphsvc worker`` (the background jobs, no HTTP) with ``env``, in a session of its own, until the block
    ends; yields its pid. Its log goes to ``log`` (default: this process's stderr)."""
    with _running([sys.executable, "-m", "graphsvc.cli", "worker"], env, log=log, own_session=True) as process:
        yield process.pid


@contextmanager
def _running(
    command: Sequence[str], env: dict[str, str], *, log: IO[str] | None, own_session: bool
) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` running (stdout discarded, stderr to ``log``) until the block ends, then terminated."""
    process = subprocess.Popen(
        list(command), env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=own_session
    )
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=60)


def caught_up(ready: dict[str, Any], *, jobs: bool = True) -> bool:
    """Whether a ``/ready`` answer (its JSON) says the background work is done: no event waits for its vector and,
    with ``jobs``, no job is pending or running. False while Neo4j is down (the backlog is unknown then).

    Reads the checks' ``counts``; a version of graphsvc that predates them (a ``--checkout`` baseline) is read
    from its ``detail`` sentences instead."""
    checks = ready.get("checks", {})
    vectors, queue = checks.get("vectors", {}), checks.get("jobs", {})
    if "counts" in vectors and "counts" in queue:
        waiting = vectors["counts"]["events"]
        return not waiting and not (jobs and (queue["counts"]["pending"] or queue["counts"]["running"]))
    said = str(vectors.get("detail", "")).startswith("0 events")
    return said and (not jobs or str(queue.get("detail", "")).startswith("0 pending, 0 running"))
