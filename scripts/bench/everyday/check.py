"""Validate the everyday benchmark set (conversations.jsonl + gold.jsonl) and print its counts.

Run from the worktree root:

    python3 scripts/bench/everyday/check.py

Checks, for conversations.jsonl:
  * every record has exactly the keys userId, sessionId, messageId, role, speaker, content, occurredAt, in that order;
  * userId starts with everyday-en- or everyday-zh-; sessionId is s<n>; messageId is <sessionId>-<index>, the
    index counting 0, 1, 2, ... within the session; (userId, messageId) is unique;
  * role is user or assistant; the assistant's speaker is "Assistant", a user's speaker is a name;
  * occurredAt is ISO 8601 with an offset; times strictly increase within a session; the sessions of a user are
    numbered s1, s2, ... in time order and do not overlap;
  * a user whose sessions have two user speakers has no assistant turn (a chat between two people).
For gold.jsonl:
  * keys in the documented order for each kind; kind, type, entity_kind and relation from the documented lists;
  * a memory points at an existing USER message of that user and session; its about is a speaker of that user
    or a person/animal entity of that user; its text is non-empty and in the user's language;
  * trait / trait_maybe / trait_never: about is a speaker of that user; sessions exist for that user; a trait has
    3 or more sessions, a trait_maybe exactly 2, a trait_never 1; for trait and trait_maybe every listed session
    has a gold memory about that person whose text contains one of the keywords;
  * an entity / entity_never name occurs in that user's own (user-role) words; no name is both;
  * a relation's source is a speaker or a person entity of that user, its target an entity or a speaker of it.
Then it prints the counts and checks the minimums of the set (36 sessions, 330 user turns, about 60 % English,
two two-person chats of 3 or more sessions). Exit status 1 when anything fails.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

Record = dict[str, Any]
Rows = list[tuple[int, Record]]
Msgs = dict[tuple[str, str], Record]
Sessions = defaultdict[str, defaultdict[str, list[tuple[datetime, Record]]]]
ByUser = defaultdict[str, defaultdict[str, list[tuple[str, Record]]]]

HERE = Path(__file__).resolve().parent
CONV_KEYS = ["userId", "sessionId", "messageId", "role", "speaker", "content", "occurredAt"]
GOLD_KEYS = {
    "memory": ["kind", "userId", "sessionId", "messageId", "about", "type", "plain", "text"],
    "trait": ["kind", "userId", "about", "text", "sessions", "keywords"],
    "trait_maybe": ["kind", "userId", "about", "text", "sessions", "keywords"],
    "trait_never": ["kind", "userId", "about", "text", "sessions"],
    "entity": ["kind", "userId", "name", "entity_kind"],
    "entity_never": ["kind", "userId", "name"],
    "relation": ["kind", "userId", "source", "relation", "target"],
}
TYPES = {"fact", "preference", "goal", "pain_point", "event"}
ENTITY_KINDS = {"person", "place", "organization", "work", "thing", "animal", "language", "product"}
RELATIONS = {"sister", "brother", "mother", "father", "son", "daughter", "partner", "wife", "husband", "friend",
             "colleague", "boss", "works_at", "lives_in", "owns", "has_pet", "from", "studies_at"}
CJK = re.compile(r"[\u4e00-\u9fff]")

errors: list[str] = []


def err(msg: str) -> None:
    errors.append(msg)


def load(name: str) -> Rows:
    rows: Rows = []
    with open(HERE / name, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: empty line")
                continue
            try:
                rows.append((n, json.loads(line)))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: not JSON ({e})")
    return rows


def lang(user: str) -> str:
    return "en" if user.startswith("everyday-en-") else "zh"


def check_conversations(rows: Rows) -> tuple[Msgs, Sessions]:
    msgs: Msgs = {}  # (user, messageId) -> record
    sessions: Sessions = defaultdict(lambda: defaultdict(list))  # user -> session -> [records]
    for n, r in rows:
        where = f"conversations.jsonl:{n}"
        if list(r) != CONV_KEYS:
            err(f"{where}: keys {list(r)} are not {CONV_KEYS}")
            continue
        u, s, m = r["userId"], r["sessionId"], r["messageId"]
        if not re.fullmatch(r"everyday-(en|zh)-[a-z0-9-]+", u):
            err(f"{where}: bad userId {u!r}")
        if not re.fullmatch(r"s[1-9][0-9]*", s):
            err(f"{where}: bad sessionId {s!r}")
        if not re.fullmatch(re.escape(s) + r"-(0|[1-9][0-9]*)", m):
            err(f"{where}: messageId {m!r} does not follow {s}-<index>")
        if (u, m) in msgs:
            err(f"{where}: duplicate messageId {m} for {u}")
        if r["role"] not in ("user", "assistant"):
            err(f"{where}: bad role {r['role']!r}")
        if r["role"] == "assistant" and r["speaker"] != "Assistant":
            err(f"{where}: assistant speaker must be 'Assistant'")
        if r["role"] == "user" and (not r["speaker"] or r["speaker"] == "Assistant"):
            err(f"{where}: user turn needs the person's name as speaker")
        if not r["content"].strip():
            err(f"{where}: empty content")
        try:
            t = datetime.fromisoformat(r["occurredAt"])
            if t.tzinfo is None:
                err(f"{where}: occurredAt has no offset")
        except ValueError:
            err(f"{where}: bad occurredAt {r['occurredAt']!r}")
            continue
        msgs[(u, m)] = r
        sessions[u][s].append((t, r))
    for u, ss in sessions.items():
        names = sorted(ss, key=lambda x: int(x[1:]))
        if names != [f"s{i}" for i in range(1, len(names) + 1)]:
            err(f"{u}: sessions {names} are not s1..s{len(names)}")
        prev_end = None
        for s in names:
            recs = ss[s]
            for i, (_, r) in enumerate(recs):
                if r["messageId"] != f"{s}-{i}":
                    err(f"{u} {s}: message {i} has id {r['messageId']} (ids must count 0, 1, 2, ... in file order)")
            times = [t for t, _ in recs]
            if any(b <= a for a, b in zip(times, times[1:], strict=False)):
                err(f"{u} {s}: times do not strictly increase")
            if prev_end is not None and times[0] <= prev_end:
                err(f"{u} {s}: starts before the previous session ends")
            prev_end = times[-1]
        speakers = {r["speaker"] for recs in ss.values() for _, r in recs if r["role"] == "user"}
        has_assistant = any(r["role"] == "assistant" for recs in ss.values() for _, r in recs)
        if len(speakers) > 1 and has_assistant:
            err(f"{u}: two user speakers and an assistant (a two-person chat has no assistant)")
    return msgs, sessions


def check_gold(rows: Rows, msgs: Msgs, sessions: Sessions) -> ByUser:
    by_user: ByUser = defaultdict(lambda: defaultdict(list))
    for n, g in rows:
        where = f"gold.jsonl:{n}"
        k = g.get("kind")
        if k not in GOLD_KEYS:
            err(f"{where}: unknown kind {k!r}")
            continue
        if list(g) != GOLD_KEYS[k]:
            err(f"{where}: keys {list(g)} are not {GOLD_KEYS[k]}")
            continue
        if g["userId"] not in sessions:
            err(f"{where}: unknown userId {g['userId']}")
            continue
        by_user[g["userId"]][k].append((where, g))

    for u, kinds in by_user.items():
        speakers = {r["speaker"] for recs in sessions[u].values() for _, r in recs if r["role"] == "user"}
        user_text = " \n".join(r["content"] for recs in sessions[u].values() for _, r in recs
                               if r["role"] == "user").casefold()
        ent_names: dict[str, str] = {}
        for where, g in kinds["entity"]:
            if g["entity_kind"] not in ENTITY_KINDS:
                err(f"{where}: bad entity_kind {g['entity_kind']!r}")
            if g["name"] in ent_names:
                err(f"{where}: entity {g['name']!r} listed twice")
            ent_names[g["name"]] = g["entity_kind"]
            if g["name"].casefold() not in user_text:
                err(f"{where}: entity {g['name']!r} is not in {u}'s own words")
        for where, g in kinds["entity_never"]:
            if g["name"] in ent_names:
                err(f"{where}: {g['name']!r} is both entity and entity_never")
            if g["name"].casefold() not in user_text:
                err(f"{where}: entity_never {g['name']!r} is not in {u}'s own words")
        people = speakers | {n for n, k in ent_names.items() if k == "person"}
        abouts = people | {n for n, k in ent_names.items() if k == "animal"}

        mem_by_session: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
        for where, g in kinds["memory"]:
            r = msgs.get((u, g["messageId"]))
            if r is None:
                err(f"{where}: no message {g['messageId']} for {u}")
            elif r["role"] != "user":
                err(f"{where}: {g['messageId']} is not a user turn")
            elif r["sessionId"] != g["sessionId"]:
                err(f"{where}: sessionId {g['sessionId']} does not match the message's")
            if g["type"] not in TYPES:
                err(f"{where}: bad type {g['type']!r}")
            if not isinstance(g["plain"], bool):
                err(f"{where}: plain must be true or false")
            if g["about"] not in abouts:
                err(f"{where}: about {g['about']!r} is neither a speaker nor a person/animal entity of {u}")
            if not g["text"].strip():
                err(f"{where}: empty text")
            elif bool(CJK.search(g["text"])) != (lang(u) == "zh"):
                err(f"{where}: text is not in the user's language")
            mem_by_session[(g["about"], g["sessionId"])].append(g["text"].casefold())

        needs: tuple[tuple[str, int | None], ...] = (("trait", None), ("trait_maybe", 2), ("trait_never", 1))
        for k, need in needs:
            for where, g in kinds[k]:
                if g["about"] not in speakers:
                    err(f"{where}: {k} about {g['about']!r} is not a speaker of {u}")
                if len(set(g["sessions"])) != len(g["sessions"]):
                    err(f"{where}: repeated session")
                for s in g["sessions"]:
                    if s not in sessions[u]:
                        err(f"{where}: session {s} does not exist for {u}")
                n = len(g["sessions"])
                if (need is None and n < 3) or (need is not None and n != need):
                    err(f"{where}: {k} with {n} sessions")
                if k != "trait_never":
                    kws = [w.casefold() for w in g["keywords"]]
                    if not kws or not all(w.strip() for w in kws):
                        err(f"{where}: empty keywords")
                    for s in g["sessions"]:
                        if not any(w in t for t in mem_by_session[(g["about"], s)] for w in kws):
                            err(f"{where}: no memory about {g['about']} in {s} contains a keyword {kws}")

        for where, g in kinds["relation"]:
            if g["relation"] not in RELATIONS:
                err(f"{where}: bad relation {g['relation']!r}")
            if g["source"] not in people:
                err(f"{where}: source {g['source']!r} is neither a speaker nor a person entity of {u}")
            if g["target"] not in ent_names and g["target"] not in speakers:
                err(f"{where}: target {g['target']!r} is neither an entity nor a speaker of {u}")
    return by_user


def main() -> int:
    msgs, sessions = check_conversations(load("conversations.jsonl"))
    by_user = check_gold(load("gold.jsonl"), msgs, sessions)

    users: dict[str, list[str]] = {"en": [], "zh": []}
    for u in sorted(sessions):
        users[lang(u)].append(u)
    turns: Counter[str] = Counter()
    asst: Counter[str] = Counter()
    sess: Counter[str] = Counter()
    for u, ss in sessions.items():
        sess[lang(u)] += len(ss)
        for recs in ss.values():
            for _, r in recs:
                (turns if r["role"] == "user" else asst)[lang(u)] += 1
    kinds: Counter[str] = Counter()
    plain = 0
    for ks in by_user.values():
        for k, items in ks.items():
            kinds[k] += len(items)
            if k == "memory":
                plain += sum(1 for _, g in items if g["plain"])

    print("users:", len(sessions), f"(en {len(users['en'])}, zh {len(users['zh'])})")
    for u in users["en"] + users["zh"]:
        speakers = sorted({r["speaker"] for recs in sessions[u].values() for _, r in recs if r["role"] == "user"})
        n_user = sum(1 for recs in sessions[u].values() for _, r in recs if r["role"] == "user")
        print(f"  {u}: {len(sessions[u])} sessions, {n_user} user turns, speakers {', '.join(speakers)}")
    print("sessions:", sum(sess.values()), f"(en {sess['en']}, zh {sess['zh']})")
    total = turns["en"] + turns["zh"]
    print("user turns:", total, f"(en {turns['en']}, zh {turns['zh']}; en share {turns['en'] / max(total, 1):.0%})")
    print("assistant turns:", asst["en"] + asst["zh"])
    print("gold items:", sum(kinds.values()))
    for k in GOLD_KEYS:
        print(f"  {k}: {kinds[k]}")
    print("plain memories:", plain, f"(not plain: {kinds['memory'] - plain})")

    two = [u for u, ss in sessions.items()
           if len({r['speaker'] for recs in ss.values() for _, r in recs if r['role'] == 'user'}) == 2]
    print("two-person chats:", ", ".join(sorted(two)) or "none")
    if sum(sess.values()) < 36:
        err("fewer than 36 sessions")
    if total < 330:
        err("fewer than 330 user turns")
    if total and not 0.5 <= turns["en"] / total <= 0.7:
        err("English share of user turns is not about 60 %")
    if len([u for u in two if len(sessions[u]) >= 3]) < 2:
        err("fewer than two two-person chats with 3 or more sessions")
    for u, ss in sessions.items():
        if not 2 <= len(ss) <= 5:
            err(f"{u}: {len(ss)} sessions (2 to 5 expected)")

    if errors:
        print(f"\nFAILED: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
