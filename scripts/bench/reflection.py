"""Seed 002, measured: reflection over a multi-day history, offline and with a scripted fake LLM.

    .venv/bin/python scripts/bench/reflection.py [--lang en|cn|both] [--users 15] [--mode offline|llm|both]
                                                 [--data FILE.json] [--verbose]

MemoryBank (``../shared/bench/data/memorybank_siliconfriend/{en,cn}/memory_bank_*.json``, 15 users with
10 days each; any file of that format via ``--data``) is replayed day by day through the service
in-process: each day is ingested as one conversation at 10:00 (the service clock is set to the day),
ended at 20:00 and extracted (offline extractor), then ``reflect(session_ended=True)`` runs. Two
reflectors:

- offline: the embedding + word-rule reflector (no LLM);
- llm: the real ``openai`` client against a local fake endpoint whose answers are scripted from the
  prompt it receives (keyword groups → trends and behaviors, reinforcement of traits whose keyword
  recurs, upgrades of strong behaviors, a rewrite on the contradiction call). It measures the LLM
  path's calls, prompt and answer tokens (estimated like the extractor does: one per CJK character,
  one per four other characters) and overhead, not model quality.

Prints per mode and language: LLM calls and tokens per cycle, cycle time (p50/p95), and the traits
each user ends with; then one JSON object. Users are named ``rb-<run>-<mode>-<name>``, so runs never
overlap; nothing of the dataset is copied into the project.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import click
import numpy as np
from datasets import MEMORYBANK, memorybank_records
from figures import percentiles
from starlette.requests import Request
from starlette.responses import JSONResponse

from graphsvc.config import ReflectionSettings, Settings
from graphsvc.conversation import MessageIn
from graphsvc.embed.local import LocalEmbedder
from graphsvc.graph.reflection_cycles import ReflectionOutcome
from graphsvc.graph.traits import TraitView
from graphsvc.llm.client import LLMClient
from graphsvc.pipeline.reflection.offline import content_keys, is_negated
from graphsvc.service import MemoryService
from graphsvc.text.tokens import estimate_tokens

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.fakes.openai_server import FakeOpenAI  # noqa: E402

_KEY = re.compile(r"「(.+?)」")


class ScriptedReflector(FakeOpenAI):
    """A fake OpenAI endpoint that answers the two reflection tasks from the prompt's own data."""

    async def _chat(self, request: Request) -> JSONResponse:
        body = await request.json()
        self.requests.append(body)
        schema = body.get("response_format", {}).get("json_schema", {}).get("name", "")
        user = str(body["messages"][-1]["content"])
        data = json.loads(user.split("\n", 1)[1].rsplit("\n\n", 1)[0])
        answer = self._resolve(data) if schema == "ContradictionResolution" else self._reflect(data)
        content = json.dumps(answer, ensure_ascii=False)
        prompt = sum(estimate_tokens(str(m.get("content") or "")) for m in body["messages"])
        completion = estimate_tokens(content)
        return JSONResponse(
            {
                "id": "chatcmpl-scripted",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", "fake"),
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                ],
                "usage": {
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "total_tokens": prompt + completion,
                },
            }
        )

    @staticmethod
    def _reflect(data: dict[str, Any]) -> dict[str, Any]:
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for m in data["memories"]:
            for key in content_keys(m["content"]):
                if len(key) >= 4 or re.match(r"[\u4e00-\u9fff]", key):
                    groups[key].append(m)
        out: dict[str, list[dict[str, Any]]] = {
            "new_trends": [],
            "new_behaviors": [],
            "reinforcements": [],
            "contradictions": [],
            "upgrades": [],
        }
        known: dict[str, dict[str, Any]] = {}
        for t in data["traits"]:
            match = _KEY.search(t["content"])
            if match:
                known[match.group(1)] = t
        used: set[str] = set()
        ScriptedReflector._reinforce(known, groups, out, used)
        ScriptedReflector._propose(known, groups, out, used)
        ScriptedReflector._upgrade(data["traits"], out)
        return out

    @staticmethod
    def _reinforce(
        known: dict[str, dict[str, Any]],
        groups: dict[str, list[dict[str, Any]]],
        out: dict[str, list[dict[str, Any]]],
        used: set[str],
    ) -> None:
        """New memories sharing a known trait's key support it (or contradict it when negated)."""
        for key, trait in known.items():
            new = [m for m in groups.get(key, []) if m["is_new"] and m["id"] not in used]
            support = [m["id"] for m in new if not is_negated(m["content"])]
            against = [m["id"] for m in new if is_negated(m["content"])]
            if support:
                out["reinforcements"].append(
                    {"trait_id": trait["id"], "new_evidence_ids": support, "quality_grade": "C"}
                )
            if against:
                out["contradictions"].append({"trait_id": trait["id"], "contradicting_evidence_ids": against})
            used.update(m["id"] for m in new)

    @staticmethod
    def _propose(
        known: dict[str, dict[str, Any]],
        groups: dict[str, list[dict[str, Any]]],
        out: dict[str, list[dict[str, Any]]],
        used: set[str],
    ) -> None:
        """A key shared by 3+ memories of 2+ conversations is a behavior; by 2 memories, a trend."""
        for key, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            if key in known or not any(m["is_new"] and m["id"] not in used for m in members):
                continue
            conversations = {c for m in members for c in m["conversations"]}
            ids = [m["id"] for m in members][:6]
            zh = bool(re.search(r"[\u4e00-\u9fff]", key))
            if len(members) >= 3 and len(conversations) >= 2:
                text = f"经常提到「{key}」" if zh else f"Often talks about 「{key}」"
                out["new_behaviors"].append({"content": text, "evidence_ids": ids, "quality_grade": "C"})
            elif len(members) == 2 and len(conversations) >= 2:
                text = f"最近在谈「{key}」" if zh else f"Lately talks about 「{key}」"
                out["new_trends"].append({"content": text, "evidence_ids": ids, "window_days": 14})
            used.update(ids)

    @staticmethod
    def _upgrade(traits: list[dict[str, Any]], out: dict[str, list[dict[str, Any]]]) -> None:
        """Two strong traits of one subtype are upgraded together."""
        for subtype, target, gate in (("behavior", "preference", 0.5), ("preference", "core", 0.6)):
            strong = [t for t in traits if t["subtype"] == subtype and (t["confidence"] or 0) >= gate]
            for a, b in zip(strong[::2], strong[1::2], strict=False):
                out["upgrades"].append(
                    {
                        "from_trait_ids": [a["id"], b["id"]],
                        "new_content": f"{target}: {a['content']} + {b['content']}"[:400],
                        "new_subtype": target,
                        "reasoning": "scripted: two strong traits",
                    }
                )

    @staticmethod
    def _resolve(data: dict[str, Any]) -> dict[str, Any]:
        content = data["trait"]["content"]
        return {"action": "modify", "new_content": f"Mixed: {content}", "reasoning": "scripted"}


def day_batches(path: Path, users: int) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """``{user: {day: [records]}}`` for the first ``users`` users of the file."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for record in memorybank_records(path):
        if record["userId"] not in out and len(out) >= users:
            continue
        out[record["userId"]][record["sessionId"]].append(record)
    return out


class Clock:
    def __init__(self) -> None:
        self.now = datetime.fromisoformat("2023-01-01T00:00:00+00:00")

    def __call__(self) -> datetime:
        return self.now


async def replay(
    *,
    lang: str,
    path: Path,
    users: int,
    mode: str,
    run_id: str,
    embedder: LocalEmbedder,
    memory_types: tuple[str, ...],
    verbose: bool,
) -> dict[str, Any]:
    clock = Clock()
    settings = Settings(reflection=ReflectionSettings(memory_types=memory_types))
    service = await MemoryService.open(settings, clock=clock, embedder=embedder)
    server: ScriptedReflector | None = None
    llm: LLMClient | None = None
    if mode == "llm":
        server = ScriptedReflector()
        server.start()
        llm = LLMClient.from_settings(Settings(llm_base_url=server.base_url, llm_max_retries=0).llm)
    # The same runtime with the reflector's client: extraction stays offline, reflection uses ``mode``.
    reflector = MemoryService(replace(service.rt, llm=llm))
    outcomes: list[ReflectionOutcome] = []
    final: dict[str, list[TraitView]] = {}
    try:
        for name, days in day_batches(path, users).items():
            user_id = f"rb-{run_id}-{mode}-{name.removeprefix('memorybank-').strip()}"
            for day, records in sorted(days.items()):
                start = datetime.fromisoformat(records[0]["occurredAt"])
                clock.now = start
                await service.ingest_messages(
                    user_id=user_id,
                    session_id=day,
                    messages=[
                        MessageIn(
                            role=r["role"],
                            content=r["content"],
                            occurred_at=datetime.fromisoformat(r["occurredAt"]),
                            message_id=r["messageId"],
                            speaker=r["speaker"],
                        )
                        for r in records
                    ],
                )
                clock.now = start.replace(hour=20)
                await service.end_conversation(user_id=user_id, session_id=day)
                await service.wait_for_jobs(poll_s=0.05)
                clock.now = clock.now + timedelta(minutes=5)
                began = time.perf_counter()
                outcome = await reflector.reflect(user_id=user_id, session_ended=True)
                outcome = outcome.model_copy(update={"duration_ms": (time.perf_counter() - began) * 1000})
                outcomes.append(outcome)
                if verbose:
                    click.echo(
                        f"  {lang} {mode} {user_id} {day}: {outcome.status} scanned {outcome.memories_scanned} "
                        f"created {outcome.traits_created} reinforced {outcome.traits_reinforced} "
                        f"llm {outcome.llm_calls} tokens {outcome.tokens_in}/{outcome.tokens_out} "
                        f"{outcome.duration_ms:.0f} ms",
                        err=True,
                    )
            final[user_id] = await service.user_traits(user_id=user_id, min_stage="trend")
    finally:
        if llm is not None:
            await llm.aclose()
        if server is not None:
            server.stop()
        await service.close()
    return summarise(lang, mode, outcomes, final)


def summarise(
    lang: str, mode: str, outcomes: list[ReflectionOutcome], final: dict[str, list[TraitView]]
) -> dict[str, Any]:
    ran = [o for o in outcomes if o.status != "SKIPPED"]
    ms = np.array([o.duration_ms for o in ran]) if ran else np.zeros(1)
    calls = np.array([o.llm_calls for o in ran]) if ran else np.zeros(1)
    stages = Counter(t.stage for traits in final.values() for t in traits)
    return {
        "lang": lang,
        "mode": mode,
        "users": len(final),
        "cycles": len(ran),
        "failed": sum(o.status == "FAILED" for o in outcomes),
        "llm_calls_per_cycle": {"mean": round(float(calls.mean()), 2), "max": int(calls.max())},
        "tokens_in_per_cycle": round(float(np.mean([o.tokens_in for o in ran] or [0])), 1),
        "tokens_out_per_cycle": round(float(np.mean([o.tokens_out for o in ran] or [0])), 1),
        "tokens_in_per_call": round(sum(o.tokens_in for o in ran) / max(1, sum(o.llm_calls for o in ran)), 1),
        "tokens_out_per_call": round(sum(o.tokens_out for o in ran) / max(1, sum(o.llm_calls for o in ran)), 1),
        "cycle_ms": percentiles(ms) | {"max": round(float(ms.max()), 1)},
        "memories_scanned": sum(o.memories_scanned for o in ran),
        "traits_created": sum(o.traits_created for o in ran),
        "traits_reinforced": sum(o.traits_reinforced for o in ran),
        "traits_upgraded": sum(o.traits_upgraded for o in ran),
        "traits_promoted": sum(o.traits_promoted for o in ran),
        "traits_dissolved": sum(o.traits_dissolved for o in ran),
        "operations_rejected": sum(o.operations_rejected for o in ran),
        "final_traits_by_stage": dict(stages),
        "final_traits": {
            user: [
                f"{t.stage}/{t.subtype} {t.confidence if t.confidence is None else round(t.confidence, 2)} "
                f"{t.content[:70]}"
                for t in traits
            ]
            for user, traits in final.items()
        },
    }


def show(report: dict[str, Any]) -> None:
    click.echo(
        f"\n{report['lang']} / {report['mode']}: {report['users']} users, {report['cycles']} cycles "
        f"({report['failed']} failed), {report['memories_scanned']} memories read"
    )
    calls = report["llm_calls_per_cycle"]
    click.echo(
        f"  LLM calls per cycle: mean {calls['mean']}, max {calls['max']}; "
        f"tokens per cycle: in {report['tokens_in_per_cycle']}, out {report['tokens_out_per_cycle']} "
        f"(per call: in {report['tokens_in_per_call']}, out {report['tokens_out_per_call']})"
    )
    c = report["cycle_ms"]
    click.echo(f"  cycle time: p50 {c['p50']} ms, p95 {c['p95']} ms, max {c['max']} ms")
    click.echo(
        f"  traits: created {report['traits_created']}, reinforced {report['traits_reinforced']}, "
        f"upgraded {report['traits_upgraded']}, promoted {report['traits_promoted']}, "
        f"dissolved {report['traits_dissolved']}, proposals refused {report['operations_rejected']}; "
        f"final by stage {report['final_traits_by_stage']}"
    )
    for user, traits in report["final_traits"].items():
        click.echo(f"  {user}: {len(traits)} trait(s)")
        for line in traits:
            click.echo(f"    - {line}")


@click.command()
@click.option("--lang", type=click.Choice(["en", "cn", "both"]), default="both", show_default=True)
@click.option("--users", default=15, show_default=True, help="Users per language (MemoryBank has 15).")
@click.option("--mode", type=click.Choice(["offline", "llm", "both"]), default="both", show_default=True)
@click.option("--data", type=click.Path(exists=True, path_type=Path), default=None, help="A MemoryBank-format file.")
@click.option(
    "--memory-types",
    default="fact,event",
    show_default=True,
    help="Memory types reflection reads (seed 002: fact/episodic); e.g. fact,event,preference.",
)
@click.option("--verbose", is_flag=True, help="One line per cycle on stderr.")
def main(lang: str, users: int, mode: str, data: Path | None, memory_types: str, verbose: bool) -> None:
    types = tuple(t.strip() for t in memory_types.split(",") if t.strip())

    async def all_runs() -> list[dict[str, Any]]:
        embedder = LocalEmbedder()
        run_id = uuid.uuid4().hex[:6]
        reports = []
        for language in ("en", "cn") if lang == "both" else (lang,):
            path = data or MEMORYBANK[language]
            for m in ("offline", "llm") if mode == "both" else (mode,):
                reports.append(
                    await replay(
                        lang=language,
                        path=path,
                        users=users,
                        mode=m,
                        run_id=run_id,
                        embedder=embedder,
                        memory_types=types,
                        verbose=verbose,
                    )
                )
        return reports

    reports = asyncio.run(all_runs())
    for report in reports:
        show(report)
    summary = [{k: v for k, v in r.items() if k != "final_traits"} for r in reports]
    sys.stdout.write(json.dumps({"reflection": summary, "memory_types": list(types)}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
