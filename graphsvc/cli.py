"""Command line: ``graphsvc serve | worker | mcp | keys create/list/revoke | groups create/add/remove/show/list |
agents create/list | schema apply | schema print | import FILE | recall | export | restore | erase |
ingest-doc FILE | learn``."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, Iterator
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

import click
from pydantic import ValidationError
from tqdm import tqdm

from graphsvc import logs
from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.errors import GraphsvcError
from graphsvc.validation import parse_datetime

if TYPE_CHECKING:
    from graphsvc.service import MemoryService
    from graphsvc.service.views import AgentView, GroupView

IMPORT_BATCH = 100
T = TypeVar("T")


def _settings() -> Settings:
    """The settings, or one clear line and exit 2 when the environment holds a bad value."""
    try:
        return Settings()
    except GraphsvcError as exc:
        _fail(exc)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]).upper() if first.get("loc") else "a setting"
        fix = "correct it in the environment or .env (README, Configuration)"
        click.echo(f"error: {name}: {first['msg']} -- fix: {fix}", err=True)
        sys.exit(2)


def _fail(exc: GraphsvcError) -> NoReturn:
    """One line on stderr, the error and its fix, then exit 2 (no traceback)."""
    fix = f" -- fix: {exc.suggestion}" if exc.suggestion else ""
    click.echo(f"error: {exc.message}{fix}", err=True)
    sys.exit(2)


@click.group()
@click.version_option(version("graphsvc"), prog_name="graphsvc")
@click.option("-v", "--verbose", is_flag=True, help="Log at INFO level.")
def main(verbose: bool) -> None:
    """graphsvc: long-term memory for AI assistants, on Neo4j."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )


@main.command()
@click.option("--host", default=None, help="Bind address (default: HOST setting, 127.0.0.1).")
@click.option("--port", default=None, type=int, help="Port (default: PORT setting, 8000; 0: any free port).")
@click.option(
    "--no-worker",
    is_flag=True,
    help="Serve requests only; the background jobs they queue wait for a `graphsvc worker` process.",
)
def serve(host: str | None, port: int | None, no_worker: bool) -> None:
    """Run the GraphQL service (POST /graphql, GraphiQL in the browser).

    By default the same process also runs the background jobs (extraction, reflection, embedding, document
    parsing, daily learning); with --no-worker it runs none, and `graphsvc worker` processes on the same Neo4j
    run them. The port is bound first, then the shared rate limit store is checked (when RATE_LIMIT_STORAGE_URI
    names a Redis), Neo4j is reached (at most NEO4J_CONNECT_TIMEOUT_S) and the schema applied; any failure is
    one line with its fix. SIGTERM stops it within SHUTDOWN_GRACE_S plus a few seconds. To use more cores, run
    several processes, each on its own port, behind one proxy.
    """
    settings = _settings()
    address = host or settings.host
    try:
        settings.require_safe_bind(address)
    except GraphsvcError as exc:
        _fail(exc)
    logs.configure(fmt=settings.log_format)
    sock = bind(address, port if port is not None else settings.port)  # 0: any free port
    try:
        asyncio.run(_serve(settings.model_copy(update={"host": address}), sock, run_worker=not no_worker))
    except GraphsvcError as exc:
        _fail(exc)
    finally:
        sock.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``, bound before the heavy start-up so a taken port fails at once.
    Every connection it accepts has ``TCP_NODELAY`` set (no Nagle delay on responses).

    Raises:
        click.ClickException: the port is taken or the address cannot be bound (one line with the fix).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on an accepted connection only when its socket says TCP,
    # and without it every keep-alive response waits ~40 ms for Nagle (uvicorn writes head and body apart).
    # The listener's own TCP_NODELAY is inherited by what it accepts on Linux as well.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(
                f"port {port} on {host} is already in use -- fix: stop the process holding it, "
                f"or pick another port: graphsvc serve --port {port + 1}"
            ) from exc
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


async def _serve(settings: Settings, sock: socket.socket, *, run_worker: bool) -> None:
    import uvicorn

    from graphsvc.api.app import build_app
    from graphsvc.api.rate_limits import LimitStore
    from graphsvc.api.server import uvicorn_config
    from graphsvc.service import MemoryService
    from graphsvc.service.warm_up import warm_request_plans

    store = LimitStore(settings.limits.rate_limit_storage_uri)
    try:  # a shared rate limit store that does not answer is one line at start-up (the app checks it again)
        await store.require()
    finally:
        await store.close()
    service = await MemoryService.open(settings, run_worker=run_worker, run_scheduler=run_worker)
    try:
        if settings.neo4j.warm_up:  # a cold Neo4j plans the first recall for longer than its deadline
            await warm_request_plans(service)
        app = build_app(settings, service=service, close_service=True)
    except BaseException:
        await service.close()
        raise
    config = uvicorn_config(app, settings)  # the app's lifespan closes the service (uvicorn re-raises SIGTERM)
    try:
        await uvicorn.Server(config).serve(sockets=[sock])
    except BaseException:
        await service.close()
        raise


@main.command("worker")
def worker_() -> None:
    """Run the background jobs without serving HTTP: extraction, reflection, embedding, document parsing, the
    idle-conversation sweep and the daily learning timer.

    Run one or more beside `graphsvc serve --no-worker` processes, with the same settings (NEO4J_URI, the LLM,
    the embedder): jobs are stored in Neo4j, and each runs once, in whichever process claims it first. A worker
    takes up to JOB_CONCURRENCY jobs at once and looks for new ones every JOB_POLL_INTERVAL_S. Neo4j is reached
    (at most NEO4J_CONNECT_TIMEOUT_S) and the schema applied first; a failure is one line with its fix (exit 2).
    SIGTERM or Ctrl-C stops it: no job is claimed any more, running jobs get SHUTDOWN_GRACE_S to finish, and
    those still running then are handed back to the queue for another worker (exit 0).
    """
    settings = _settings()
    logs.configure(fmt=settings.log_format)
    try:
        asyncio.run(_work(settings))
    except GraphsvcError as exc:
        _fail(exc)


async def _work(settings: Settings) -> None:
    from graphsvc.service import MemoryService

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):  # set first: a signal during start-up stops it once started
        loop.add_signal_handler(signum, stop.set)
    service = await MemoryService.open(settings, run_worker=True, run_scheduler=True)
    try:
        await stop.wait()
    finally:
        await service.close(drain_s=settings.shutdown_grace_s)


@main.command("mcp")
@click.option("--user", "user_id", default=None, help="Bind every tool to this user (tools then need no user_id).")
def mcp_(user_id: str | None) -> None:
    """Serve the MCP tools over stdio (for Claude Desktop, Cursor and other local MCP clients)."""
    from graphsvc.api.mcp import serve_stdio

    try:
        asyncio.run(serve_stdio(_settings(), user_id=user_id))
    except GraphsvcError as exc:
        _fail(exc)


@main.group()
def keys() -> None:
    """API keys for AUTH_MODE=api_key (stored as Argon2id hashes in Neo4j)."""


def _with_service(work: Callable[[MemoryService], Awaitable[T]]) -> T:
    from graphsvc.service import MemoryService

    async def run() -> T:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            return await work(service)
        finally:
            await service.close()

    try:
        return asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)


@keys.command("create")
@click.option("--user", "user_id", default=None, help="The one user this key may act for.")
@click.option("--admin", is_flag=True, help="A key that may act for any user.")
@click.option("--name", default=None, help="A label to recognise the key by in `keys list`.")
@click.option(
    "--space",
    "spaces",
    multiple=True,
    help="Limit a user key to this group or agent (repeat for several); without it, all of the user's.",
)
def keys_create(user_id: str | None, admin: bool, name: str | None, spaces: tuple[str, ...]) -> None:
    """Create a key and print it once (only its hash is stored)."""
    limit = list(spaces) if spaces else None
    view, key = _with_service(lambda s: s.create_api_key(user_id=user_id, admin=admin, name=name, spaces=limit))
    who = "any user (admin)" if view.admin else f"user {view.user_id}"
    if view.spaces is not None:
        who += f", only {', '.join(view.spaces)} of their shared spaces"
    click.echo(f"created key {view.uid} ({view.name}) for {who}; it is shown only now:", err=True)
    click.echo(key)


@keys.command("list")
@click.option("--all", "include_revoked", is_flag=True, help="Include revoked keys.")
def keys_list(include_revoked: bool) -> None:
    """List keys (id, who, name, created, revoked), never their secrets."""
    views = _with_service(lambda s: s.api_keys(include_revoked=include_revoked))
    for v in views:
        who = "admin" if v.admin else f"user:{v.user_id}" + (f" [{' '.join(v.spaces)}]" if v.spaces else "")
        revoked = f"  revoked {v.revoked_at:%Y-%m-%d %H:%M}" if v.revoked_at else ""
        click.echo(f"{v.uid}  {who:<24} {v.name:<24} created {v.created_at:%Y-%m-%d %H:%M}{revoked}")
    if not views:
        click.echo("no keys", err=True)


@keys.command("revoke")
@click.argument("key_id")
def keys_revoke(key_id: str) -> None:
    """Revoke the key KEY_ID (from `keys list`); it fails from the next request on."""
    view = _with_service(lambda s: s.revoke_api_key(key_id=key_id))
    click.echo(f"revoked key {view.uid} ({view.name})")


def _group_line(view: GroupView) -> str:
    members = ", ".join(view.members) if view.members else "(no members)"
    return f"{view.group_id}  {view.name}  members: {members}"


@main.group()
def groups() -> None:
    """Groups: memory spaces (group:<name>) shared by their members.

    A group's id is used as the user id to write and read its memories; only its members (and admin keys) may.
    These commands act as an admin, on the database NEO4J_URI names."""


@groups.command("create")
@click.argument("group_id")
@click.option("--name", default=None, help="A display name (default: the id without group:).")
@click.option("--member", "members", multiple=True, help="A member's user id (repeatable).")
def groups_create(group_id: str, name: str | None, members: tuple[str, ...]) -> None:
    """Register the group GROUP_ID (group:<name>) with its first members (people, or registered agents). Exits 2
    when GROUP_ID does not start with group: (or a member id names a group). Creating a group that exists changes
    nothing but adding the --member ids."""

    async def work(service: MemoryService) -> GroupView:
        view = await service.create_group(group_id=group_id, name=name)
        for member in members:
            view = await service.add_group_member(group_id=view.group_id, user_id=member)
        return view

    click.echo(_group_line(_with_service(work)))


@groups.command("add")
@click.argument("group_id")
@click.argument("user_id")
def groups_add(group_id: str, user_id: str) -> None:
    """Make USER_ID (a person, or a registered agent:<name>) a member of GROUP_ID: a person may read and write its
    space from their next request on; an agent's recall reads it when the agent asks."""
    view = _with_service(lambda s: s.add_group_member(group_id=group_id, user_id=user_id))
    click.echo(_group_line(view))


@groups.command("remove")
@click.argument("group_id")
@click.argument("user_id")
def groups_remove(group_id: str, user_id: str) -> None:
    """End USER_ID's membership of GROUP_ID: from their next request on they can no longer read or write its
    space (what they said there stays the group's). Exits 2 when they are not a member."""
    view = _with_service(lambda s: s.remove_group_member(group_id=group_id, user_id=user_id))
    click.echo(_group_line(view))


@groups.command("show")
@click.argument("group_id")
def groups_show(group_id: str) -> None:
    """Print one group: id, name, members (in joining order), when and by whom it was created."""
    view = _with_service(lambda s: s.group(group_id=group_id))
    click.echo(_group_line(view))
    click.echo(f"  created {view.created_at:%Y-%m-%d %H:%M} by {view.created_by or 'an admin'}")


@groups.command("list")
@click.option("--user", "user_id", required=True, help="The person whose groups to list.")
def groups_list(user_id: str) -> None:
    """List the groups USER is a member of, one line each."""
    views = _with_service(lambda s: s.groups(user_id=user_id))
    for view in views:
        click.echo(_group_line(view))
    if not views:
        click.echo(f"{user_id} is a member of no group", err=True)


def _agent_line(view: AgentView) -> str:
    return f"{view.agent_id}  {view.name}  owner: {view.owner_id}  created {view.created_at:%Y-%m-%d %H:%M}"


@main.group()
def agents() -> None:
    """Agents: memory spaces (agent:<name>) for what an agent learned about doing its job, read and written by
    the agent's owner (and admin keys)."""


@agents.command("create")
@click.argument("agent_id")
@click.option("--owner", "owner_id", required=True, help="The user id of the person who owns the agent.")
@click.option("--name", default=None, help="A display name (default: the id without agent:).")
def agents_create(agent_id: str, owner_id: str, name: str | None) -> None:
    """Register the agent AGENT_ID (agent:<name>) owned by OWNER. Exits 2 when AGENT_ID does not start with agent:,
    or the agent is registered to another owner."""
    view = _with_service(lambda s: s.create_agent(agent_id=agent_id, owner_id=owner_id, name=name))
    click.echo(_agent_line(view))


@agents.command("list")
@click.option("--owner", "owner_id", required=True, help="The person whose agents to list.")
def agents_list(owner_id: str) -> None:
    """List the agents OWNER owns, one line each."""
    views = _with_service(lambda s: s.agents(owner_id=owner_id))
    for view in views:
        click.echo(_agent_line(view))
    if not views:
        click.echo(f"{owner_id} owns no agent", err=True)


@main.group()
def schema() -> None:
    """Database and GraphQL schema."""


@schema.command("apply")
def schema_apply() -> None:
    """Apply cypher/schema.cypher to Neo4j (idempotent)."""
    from graphsvc.runtime import Runtime

    async def run() -> None:
        runtime = await Runtime.open(_settings())  # connecting applies the schema
        await runtime.aclose()

    try:
        asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    click.echo("schema applied")


@schema.command("print")
def schema_print() -> None:
    """Print the GraphQL SDL (what schema.graphql holds)."""
    from graphsvc.api.schema import schema_sdl

    click.echo(schema_sdl(), nl=False)


def read_import_file(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_number, object)`` of a JSONL file; blank lines skipped.

    Raises:
        click.ClickException: a line is not a JSON object (with its line number).
    """
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise click.ClickException(f"{path}:{number}: not JSON ({exc.msg})") from exc
            if not isinstance(obj, dict):
                raise click.ClickException(f"{path}:{number}: expected a JSON object")
            yield number, obj


def message_from_record(path: Path, number: int, obj: dict[str, Any]) -> tuple[str, str, MessageIn]:
    """One import line → ``(userId, sessionId, message)``.

    Raises:
        click.ClickException: a required field is missing or malformed.
    """
    missing = [k for k in ("userId", "sessionId", "role", "content", "occurredAt") if not obj.get(k)]
    if missing:
        raise click.ClickException(f"{path}:{number}: missing {', '.join(missing)}")
    try:
        occurred = parse_datetime("occurredAt", str(obj["occurredAt"]))
    except GraphsvcError as exc:
        raise click.ClickException(f"{path}:{number}: {exc.message}") from exc
    message = MessageIn(
        role=str(obj["role"]),
        content=str(obj["content"]),
        occurred_at=occurred,
        message_id=str(obj["messageId"]) if obj.get("messageId") else None,
        speaker=str(obj["speaker"]) if obj.get("speaker") else None,
    )
    return str(obj["userId"]), str(obj["sessionId"]), message


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--no-wait", is_flag=True, help="Queue extraction and return without waiting for it.")
def import_(file: Path, no_wait: bool) -> None:
    """Import a JSONL file of messages, end each session, and wait for extraction.

    Each line: {"userId", "sessionId", "messageId"?, "role", "speaker"?, "content", "occurredAt"}.
    """
    from graphsvc.service import MemoryService

    records = [message_from_record(file, n, obj) for n, obj in read_import_file(file)]
    groups: dict[tuple[str, str], list[MessageIn]] = {}
    for user_id, session_id, message in records:
        groups.setdefault((user_id, session_id), []).append(message)

    async def run() -> None:
        service = await MemoryService.open(_settings())
        try:
            stored = duplicates = 0
            with tqdm(total=len(records), desc="ingest", unit="msg") as bar:
                for (user_id, session_id), messages in groups.items():
                    for start in range(0, len(messages), IMPORT_BATCH):
                        batch = messages[start : start + IMPORT_BATCH]
                        outcome = await service.ingest_messages(user_id=user_id, session_id=session_id, messages=batch)
                        stored, duplicates = stored + outcome.stored, duplicates + outcome.duplicates
                        bar.update(len(batch))
                    await service.end_conversation(user_id=user_id, session_id=session_id, priority="bulk")
            click.echo(f"stored {stored} messages ({duplicates} already present) in {len(groups)} sessions")
            if not no_wait:
                click.echo("extracting memories...")
                await service.wait_for_jobs()
                click.echo("done")
        finally:
            await service.close()

    try:
        asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)


def private_file(path: Path) -> TextIO:
    """``path`` opened for writing (truncated), readable and writable by its owner only (0600, also when it
    existed): an export holds everything of a user."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "w", encoding="utf-8")


@main.command("export")
@click.option("--user", "user_id", required=True, help="The user to export.")
@click.option("--embeddings", is_flag=True, help="Include the vectors (else a restore re-embeds).")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="File (default: stdout).")
def export_(user_id: str, embeddings: bool, output: Path | None) -> None:
    """Write every node and edge of one user as JSON lines (graphsvc export --user U > u.jsonl)."""
    from graphsvc.service import MemoryService

    async def run() -> int:
        service = await MemoryService.open(_settings(), run_worker=False)
        lines = 0
        try:
            with private_file(output) if output else contextlib.nullcontext(sys.stdout) as handle:
                async for line in service.export_user(user_id=user_id, embeddings=embeddings):
                    handle.write(json.dumps(line, ensure_ascii=False) + "\n")
                    lines += 1
        finally:
            await service.close()
        return lines

    try:
        lines = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    click.echo(f"exported {lines - 1} nodes and edges of {user_id}", err=True)


@main.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--as",
    "as_user",
    metavar="USER",
    help="Restore it under this user id instead of the exported one (which may still exist here): every id of "
    "the export is made anew for USER.",
)
def restore_(file: Path, as_user: str | None) -> None:
    """Restore a user from an export into this database (re-embedding where needed), under its own user id or,
    with --as, another one."""
    from graphsvc.service import MemoryService

    async def run() -> Any:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            return await service.restore_user(lines=(obj for _, obj in read_import_file(file)), as_user=as_user)
        finally:
            await service.close()

    try:
        report = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    line = (
        f"restored {report.user_id}: {report.nodes} nodes, {report.edges} edges, {report.reembedded} vectors computed"
    )
    if report.user_id != report.exported_user_id:
        line += (
            f" (the export of {report.exported_user_id}: {report.keys_derived} ids derived for {report.user_id}, "
            f"{report.keys_renamed} made anew)"
        )
    click.echo(line)


@main.command("erase")
@click.option("--user", "user_id", required=True, help="The user to erase.")
@click.option("--confirm", required=True, help="The user id again.")
def erase_(user_id: str, confirm: str) -> None:
    """Delete every node of one user (in bounded batches; run again to resume an interrupted erasure).

    Prints the nodes deleted, in all and per label; exits 1 when nodes of the user were left (run it again)."""
    from graphsvc.service import MemoryService

    async def run() -> Any:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            return await service.erase_user(user_id=user_id, confirm=confirm)
        finally:
            await service.close()

    try:
        result = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    click.echo(f"erased {user_id}: {result.nodes_deleted} nodes")
    by_label = ", ".join(f"{label} {n}" for label, n in result.deleted_by_label.items() if n)
    if by_label:
        click.echo(f"  {by_label}")
    if not result.complete:
        click.echo(
            f"error: nodes of {user_id} were written while it was erased -- fix: run graphsvc erase again", err=True
        )
        sys.exit(1)


@main.command("ingest-doc")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--user", "user_id", required=True, help="The user the document belongs to.")
@click.option("--mime-type", default=None, help="The file's mime type (default: from its extension).")
@click.option("--source-id", default=None, help="The document's id (default: the file name).")
@click.option(
    "--no-wait", is_flag=True, help="Return once it is uploaded (a running service parses, embeds and indexes it)."
)
def ingest_doc(file: Path, user_id: str, mime_type: str | None, source_id: str | None, no_wait: bool) -> None:
    """Ingest a document FILE (PDF, DOCX, XLSX, CSV, Markdown, text, HTML) for a user.

    Without --no-wait it waits for the document's background jobs (parse, chunk, embed; then entities,
    candidates, tags) and exits 2 when the document FAILED (the reason is printed).
    """
    from graphsvc.service import MemoryService

    async def run() -> str | None:
        service = await MemoryService.open(_settings(), run_worker=not no_wait)
        try:
            content = service.read_document_file(file)
            outcome = await service.ingest_document_bytes(
                user_id=user_id, filename=file.name, content=content, mime_type=mime_type, source_id=source_id
            )
            doc = outcome.document
            if not outcome.changed:
                click.echo(f"unchanged: document {doc.uid} {doc.title!r} ({doc.status}, version {doc.version})")
                return None
            if no_wait:
                click.echo(f"uploaded: document {doc.uid} ({doc.status}; job {doc.job_uid})")
                return None
            await service.wait_for_jobs()
            doc = await service.document(user_id=user_id, document_id=doc.uid)
            if doc.status == "failed":
                return f"document {doc.uid} failed: {doc.error}"
            click.echo(
                f"stored: document {doc.uid} {doc.title!r} ({doc.format}, {doc.pages} pages, {doc.chunks} chunks, "
                f"version {doc.version})"
            )
            click.echo("indexed (entities, candidates, tags)")
            return None
        finally:
            await service.close()

    try:
        failure = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    if failure:
        click.echo(f"error: {failure}", err=True)
        sys.exit(2)


@main.command("forget-doc")
@click.argument("document_id")
@click.option("--user", "user_id", required=True, help="The user the document belongs to.")
def forget_doc(document_id: str, user_id: str) -> None:
    """Delete a document (every version, its chunks and events) and what rested only on it."""
    from graphsvc.service import MemoryService

    async def run() -> Any:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            return await service.forget_document(user_id=user_id, document_id=document_id)
        finally:
            await service.close()

    try:
        result = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    if not result.documents:
        click.echo(f"no document {document_id} of {user_id} (already forgotten?)")
        return
    click.echo(
        f"forgot document {document_id}: {result.chunks} chunks, {result.document_versions} earlier versions, "
        f"{result.events} events, {result.candidates} candidates, {result.memories_deleted} memories, "
        f"{result.tags} tags; {result.nodes_deleted} nodes deleted"
    )


@main.command("learn")
@click.option(
    "--user", "user_ids", multiple=True, help="A user to run it for (repeatable; default: every active user)."
)
def learn(user_ids: tuple[str, ...]) -> None:
    """Run today's daily learning now (reflection, candidates, archival, tags); once per user and day."""
    from graphsvc.service import MemoryService

    async def run() -> None:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            for user_id in user_ids or await service.learning_users():
                r = await service.run_daily_learning(user_id=user_id)
                what = "ran" if r.ran_now else "already"
                click.echo(
                    f"{user_id} {r.day} {r.status} ({what}): reflection {r.reflection_status or '-'}, "
                    f"{r.traits_dissolved} traits dissolved, {r.candidates_promoted} candidates promoted, "
                    f"{r.candidates_expired} expired, {r.memories_archived} memories archived, "
                    f"{r.tags_assigned} tags"
                )
        finally:
            await service.close()

    try:
        asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)


@main.command("recall")
@click.option("--user", "user_id", required=True, help="The user whose memory to search.")
@click.option("--limit", default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.argument("query")
def recall_(user_id: str, limit: int, as_json: bool, query: str) -> None:
    """Recall a user's memories and events for QUERY."""
    from graphsvc.service import MemoryService

    async def run() -> list[Any]:
        service = await MemoryService.open(_settings(), run_worker=False)
        try:
            return await service.recall(user_id=user_id, query=query, limit=limit)
        finally:
            await service.close()

    try:
        hits = asyncio.run(run())
    except GraphsvcError as exc:
        _fail(exc)
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "id": h.uid,
                        "kind": h.kind,
                        "content": h.content,
                        "score": h.score,
                        "occurredAt": h.occurred_at.isoformat() if h.occurred_at else None,
                        "sourceMessageIds": h.source_message_ids,
                    }
                    for h in hits
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for rank, h in enumerate(hits, start=1):
        when = h.occurred_at.date().isoformat() if h.occurred_at else "-"
        click.echo(f"{rank:>2}. [{h.kind:<6}] {h.score:.4f} {when}  {h.content[:120]}")


@main.command("rules")
@click.option("--language", type=click.Choice(["en", "zh"]), help="Only the rules of this language.")
@click.option("--decision", help="Only the rules of this decision (keep, refuse, entity_kind, relation, trait...).")
@click.option("--examples", is_flag=True, help="Also print each rule's examples and counterexamples.")
def rules_(language: str | None, decision: str | None, examples: bool) -> None:
    """List the offline rulebook: each rule's id, whether it runs, its measured precision and what it decides."""
    from graphsvc.rulebook import book

    settings = _settings()
    running = book.selection(disabled=settings.rulebook.disabled, enabled=settings.rulebook.enabled)
    for rule in book.RULES:
        if (language and rule.language != language) or (decision and rule.decision != decision):
            continue
        measured = book.measurements().get(rule.id)
        precision = (
            f"{measured.precision:.2f} of {measured.judged}"
            if measured is not None and measured.precision is not None
            else "not measured"
        )
        state = "on " if running.allows(rule) else "off"
        click.echo(f"{state} {rule.id:<32} {precision:<16} {rule.description}")
        if examples:
            for example in rule.examples:
                click.echo(f"      + {example.said}" + (f"  ->  {example.expect}" if example.expect else ""))
            for counter in rule.counterexamples:
                click.echo(f"      - {counter}")


if __name__ == "__main__":
    main()
