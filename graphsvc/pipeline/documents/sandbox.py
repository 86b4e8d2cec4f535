"""Parse a document in a killable child process with CPU and memory limits, stopped when it hangs.

Parsers run on untrusted bytes: a dense 500-page PDF takes minutes of CPU, a stream can inflate to gigabytes, a
DOCX of millions of paragraphs loads into gigabytes. None of that runs in the service's process or on its
thread pool (which serves requests, embedding and Argon2). :func:`parse` starts
``python -m graphsvc.pipeline.documents.sandbox`` for one document and

- the child first lowers its priority (``DOCUMENT_PARSE_NICE``) and limits itself (``setrlimit``): CPU time
  (``RLIMIT_CPU`` = ``DOCUMENT_PARSE_CPU_S``: the kernel stops it past that) and address space (``RLIMIT_AS`` =
  ``DOCUMENT_PARSE_MEMORY_MB``: an allocation past it fails), then reads the document from stdin, checks,
  parses and chunks it (:func:`graphsvc.pipeline.documents.normalize.normalize` under the ``DOCUMENT_*`` limits,
  which cap inflated bytes, elements and characters), and writes one JSON object to stdout;
- the parent waits for it as long as it makes progress, and kills the child (its whole process group) when it
  hangs: when it has used no CPU for ``DOCUMENT_PARSE_STALL_S`` while asleep (:class:`Progress`), or when the job
  waiting for it is cancelled. A parser waiting for the CPU on a busy machine is not hung, however long it
  waits: its work is bounded by its CPU time and memory, not by the wall clock (at its low priority, a dense
  PDF that takes a minute of CPU on a quiet machine can take many minutes beside other work).

Every way it can end is a :class:`~graphsvc.errors.DocumentError` with a reason a person can act on (refused,
too slow, too much CPU, too much memory), never an internal error.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import signal
import sys
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import psutil

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents.chunker import ChunkDraft, build_chunks
from graphsvc.pipeline.documents.limits import DocumentLimits, ParseLimits
from graphsvc.pipeline.documents.normalize import normalize
from graphsvc.vocabulary import DOCUMENT_FORMATS, DocumentFormat

MODULE = "graphsvc.pipeline.documents.sandbox"
_MB = 1024 * 1024


class SandboxSettings(DocumentLimits, Protocol):
    """What :func:`parse` reads: the ``DOCUMENT_*`` limits and the process limits (``graphsvc.config.Settings``)."""

    @property
    def parse_stall_s(self) -> float: ...
    @property
    def parse_cpu_s(self) -> int: ...
    @property
    def parse_memory_mb(self) -> int: ...
    @property
    def parse_nice(self) -> int: ...


@dataclass(frozen=True)
class ParsedDocument:
    """A document as the child parsed it: its markdown, format, pages, title and chunk tree (in order)."""

    markdown: str
    format: DocumentFormat
    pages: int
    title: str
    chunks: list[ChunkDraft]


async def parse(data: bytes, *, filename: str, mime_type: str | None, settings: SandboxSettings) -> ParsedDocument:
    """Parse and chunk one document in a sandboxed child process (see the module docstring).

    Raises:
        DocumentError: refused by a check or a limit, unreadable, or stopped for time, CPU or memory.
    """
    header = {
        "filename": filename,
        "mime_type": mime_type,
        "size": len(data),
        "limits": ParseLimits.of(settings).as_json(),
        "cpu_s": settings.parse_cpu_s,
        "memory_bytes": settings.parse_memory_mb * _MB,
        "nice": settings.parse_nice,
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        MODULE,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,  # its own process group: killed whole, never signalled with the service
    )
    talk = asyncio.ensure_future(child.communicate(json.dumps(header).encode() + b"\n" + data))
    watch = asyncio.ensure_future(_hung(child.pid, settings.parse_stall_s))
    try:
        await asyncio.wait({talk, watch}, return_when=asyncio.FIRST_COMPLETED)
    except BaseException:  # cancelled (the job's lease was lost, the service stops): the child goes too
        await _stop(child, talk, watch)
        raise
    if not talk.done():  # hung
        await _stop(child, talk, watch)
        raise DocumentError(
            filename=filename,
            problem=f"hung: the parser used no CPU for {settings.parse_stall_s:g} s and was stopped",
            fix="send it in another format, or raise DOCUMENT_PARSE_STALL_S",
        )
    watch.cancel()
    out, err = talk.result()
    return _result(out, err, child.returncode, filename=filename, settings=settings)


POLL_S = 0.25
"""How often the parent reads the parser's CPU time and state (seconds)."""


class Progress:
    """Whether a process is hung, from samples of its CPU time and state: hung once it has used no CPU for
    ``stall_s`` while not runnable (asleep, stopped: waiting on something that will not come). A runnable process
    that gets no CPU is waiting its turn on a busy machine, and each sample that finds it runnable or finds its
    CPU time grown starts the count again.

    Args:
        stall_s: seconds without CPU while not runnable that make it hung, > 0.
        now: the time of the first sample (seconds, monotonic).
    """

    def __init__(self, stall_s: float, now: float) -> None:
        self.stall_s = stall_s
        self._cpu_s = -1.0
        self._since = now

    def hung(self, *, now: float, cpu_s: float, runnable: bool) -> bool:
        """One sample: ``cpu_s`` the process's CPU time so far (seconds), ``runnable`` whether it is running or
        waiting for the CPU. True when it is hung."""
        if runnable or cpu_s > self._cpu_s:
            self._cpu_s = max(self._cpu_s, cpu_s)
            self._since = now
        return now - self._since >= self.stall_s


async def _hung(pid: int, stall_s: float) -> None:
    """Return once the process ``pid`` is hung (:class:`Progress`); wait for ever while it makes progress, has
    ended (its end is what the caller waits for otherwise) or cannot be read."""
    loop = asyncio.get_running_loop()
    progress = Progress(stall_s, loop.time())
    try:
        process = psutil.Process(pid)
        while True:
            with process.oneshot():
                times, status = process.cpu_times(), process.status()
            if progress.hung(
                now=loop.time(), cpu_s=times.user + times.system, runnable=status == psutil.STATUS_RUNNING
            ):
                return
            await asyncio.sleep(POLL_S)
    except psutil.NoSuchProcess:  # ended (or a zombie not yet reaped): the caller reads its answer
        await asyncio.Event().wait()
    except psutil.Error:  # not readable here (access denied): never called hung; the CPU and memory limits hold
        await asyncio.Event().wait()


async def _stop(child: asyncio.subprocess.Process, talk: asyncio.Future[Any], watch: asyncio.Future[None]) -> None:
    """Kill the child, stop watching it, and let the talk with it end (its pipes close with it)."""
    watch.cancel()
    await _kill(child)
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await talk


async def _kill(child: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        await child.wait()


def _result(out: bytes, err: bytes, code: int | None, *, filename: str, settings: SandboxSettings) -> ParsedDocument:
    if code == -signal.SIGXCPU or code == -signal.SIGKILL:
        raise DocumentError(
            filename=filename,
            problem=f"needed more than {settings.parse_cpu_s} s of CPU to parse and was stopped",
            fix="split it, or raise DOCUMENT_PARSE_CPU_S",
        )
    try:
        answer: dict[str, Any] = json.loads(out)
    except ValueError:
        answer = {}
    if "error" in answer:
        raise DocumentError(filename=filename, problem=str(answer["error"]), fix=answer.get("fix"))
    if code != 0 or "markdown" not in answer:
        memory = b"MemoryError" in err or b"Cannot allocate memory" in err
        problem = (
            f"needed more than {settings.parse_memory_mb} MiB of memory to parse"
            if memory
            else f"stopped the parser (exit {code})"
        )
        raise DocumentError(filename=filename, problem=problem, fix="split it, or send it in another format")
    fmt = answer["format"]
    if fmt not in DOCUMENT_FORMATS:
        raise DocumentError(filename=filename, problem=f"was parsed as an unknown format {fmt!r}")
    return ParsedDocument(
        markdown=str(answer["markdown"]),
        format=fmt,
        pages=int(answer["pages"]),
        title=str(answer["title"]),
        chunks=[ChunkDraft(**c) for c in answer["chunks"]],
    )


def _limit_self(header: dict[str, Any]) -> None:
    """The child's own limits, set before it reads the document (see the module docstring)."""
    with contextlib.suppress(OSError):
        os.nice(int(header["nice"]))
    cpu_s = int(header["cpu_s"])
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
    memory = int(header["memory_bytes"])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def _peak_memory_bytes() -> int:
    """The child's peak address space (``VmPeak``), 0 where ``/proc`` does not tell."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def child_main() -> int:
    """The child process: read a header line and the document from stdin, answer one JSON object on stdout."""
    stdin = sys.stdin.buffer
    header = json.loads(stdin.readline())
    _limit_self(header)
    data = stdin.read(int(header["size"]))
    limits = ParseLimits.from_json(header["limits"])
    try:
        parsed = normalize(data, filename=header["filename"], mime_type=header["mime_type"], settings=limits)
        chunks = build_chunks(parsed.markdown, chunk_tokens=limits.chunk_tokens, section_tokens=limits.section_tokens)
        answer: dict[str, Any] = {
            "markdown": parsed.markdown,
            "format": parsed.format,
            "pages": parsed.pages,
            "title": parsed.title,
            "chunks": [asdict(c) for c in chunks],
        }
    except DocumentError as exc:
        answer = {"error": exc.problem, "fix": exc.fix}
    except RecursionError:
        answer = {"error": "nests too deeply to parse", "fix": "send it in another format"}
    except Exception as exc:  # a parser library failing on hostile input, often out of memory (lxml: "unknown error")
        limit_mb = int(header["memory_bytes"]) // _MB
        if isinstance(exc, MemoryError) or _peak_memory_bytes() >= 0.9 * int(header["memory_bytes"]):
            answer = {
                "error": f"needed more than {limit_mb} MiB of memory to parse",
                "fix": "split it, or raise DOCUMENT_PARSE_MEMORY_MB",
            }
        else:
            answer = {
                "error": f"could not be parsed ({type(exc).__name__}: {exc})"[:400],
                "fix": "check that the file opens in its own application",
            }
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover - runs in the child process (tests reach it through parse())
    sys.exit(child_main())
