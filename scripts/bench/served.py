"""``graphsvc serve`` started for one benchmark run, shared by the benchmark scripts."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

import click
import httpx


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(env: dict[str, str], *, ready_s: float = 180.0, log: IO[str] | None = None) -> Iterator[tuple[str, int]]:
    """``graphsvc serve`` with ``env`` (the version on its PYTHONPATH, its settings) on a free port, until the
    block ends; yields its base URL and pid. Its log goes to ``log`` (default: this process's stderr).

    Raises:
        click.ClickException: it did not answer ``/ready`` with 200 within ``ready_s`` seconds, or exited.
    """
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "graphsvc.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    url = f"http://127.0.0.1:{port}"
    try:
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
    finally:
        process.terminate()
        process.wait(timeout=60)
