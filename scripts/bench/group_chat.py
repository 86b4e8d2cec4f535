"""A group chat over several sessions: does each person keep only their own words, is a shared fact recalled for
every member and no outsider, and do traits name their person?

    .venv/bin/python scripts/bench/group_chat.py [--sessions 3]

Runs the product path on the configured Neo4j (use a separate one: ``GRAPHSVC_DATA_DIR=.data/bench``…): a group
of four members is registered, each session's messages are ingested into the group's space with each message's
``speakerId``, the session is ended and the service's own jobs run (extraction, embedding, reflection). A member
also remembers two house rules into the group's space. The conversations are written for this benchmark (no
benchmark data): each member states facts of their own, one of them (a habit) in every session; every fact and
rule has a marker word that only it uses. Measured:

- **attribution**: of each member's memories that carry a marker, the share whose marker is their own (a
  memory with another member's marker is a leak);
- **own recall**: each member's facts, asked by that member, found among the top 5 (marker in a hit);
- **cross recall**: each member asked about every other member's facts without their groups: hits holding the
  other's marker (leaks; should be 0);
- **shared recall**: each house rule (remembered into the group) and each agreement (said in the group's first
  conversation: "our rent…", "we agreed…"), asked by each member with their groups, found among the top 5 hits
  from the group's space; and asked by an outsider with their groups (should never be found);
- **traits**: each member's traits, and how many name another member (``about``) or hold another's marker;
- **the group's memories**: how many agreements said in the chat became the group's own memories, and how many of
  the members' personal facts the group's memories hold (they belong in each member's own space: 0).

Prints a table and one JSON object, then erases the users and the group it made.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import click

from graphsvc.config import Settings
from graphsvc.conversation import MessageIn
from graphsvc.service import MemoryService


@dataclass(frozen=True)
class Fact:
    """One thing a member says: the sentence, the question that asks for it, and its marker word."""

    text: str
    question: str
    marker: str


MEMBERS: dict[str, tuple[Fact, ...]] = {
    "Ana": (
        Fact("I work as a nurse on the night shift.", "What is my job?", "nurse"),
        Fact("I go swimming before work every morning.", "What do I do before work?", "swimming"),
        Fact("I am allergic to shellfish.", "What am I allergic to?", "shellfish"),
    ),
    "Bram": (
        Fact("I teach chemistry at the secondary school.", "What do I teach?", "chemistry"),
        Fact("I play the trombone in a brass band on Fridays.", "Which instrument do I play?", "trombone"),
        Fact("My sister lives in Rotterdam.", "Where does my sister live?", "rotterdam"),
    ),
    "Chidi": (
        Fact("I am training for a triathlon in September.", "What am I training for?", "triathlon"),
        Fact("I drive an old blue Volvo.", "What car do I drive?", "volvo"),
        Fact("I keep two tortoises in the garden.", "What pets do I have?", "tortoises"),
    ),
    "Dana": (
        Fact("I am a vegetarian.", "What do I eat?", "vegetarian"),
        Fact("I work from home as a translator.", "What is my job?", "translator"),
        Fact("I collect vinyl records of old jazz.", "What do I collect?", "vinyl"),
    ),
}
HABITS: dict[str, Fact] = {name: facts[1] for name, facts in MEMBERS.items()}
"""The fact each member says again in every session (a habit: what reflection can turn into a trait)."""
HOUSE_RULES = (
    Fact("The recycling bins go out on Tuesday evenings.", "When do the recycling bins go out?", "recycling"),
    Fact("The wifi password is kept on the fridge door.", "Where is the wifi password?", "wifi"),
)
"""What the group keeps by ``remember`` into its space."""
SPOKEN = (
    ("Bram", Fact("Our rent is due on the first of every month.", "When is the rent due?", "rent")),
    ("Dana", Fact("We agreed that guests can stay two nights at most.", "How long can guests stay?", "guests")),
)
"""What the group agrees in its first conversation (said by a member, about the group: the group's own)."""
GROUP = "group:bench-flat"
OUTSIDER = "Zoe"


def user_of(name: str, run: str) -> str:
    return f"bench-{run}-{name.lower()}"


def session_messages(session: int, run: str, start: datetime) -> list[MessageIn]:
    """One session: every member says their habit, and one of their other facts in turn, with a reply between."""
    messages: list[MessageIn] = []
    at = start + timedelta(days=7 * session)
    for i, (name, facts) in enumerate(MEMBERS.items()):
        said = [HABITS[name].text]
        other = [f for f in facts if f is not HABITS[name]]
        if session < len(other):
            said.append(other[session].text)
        said += [fact.text for speaker, fact in SPOKEN if speaker == name and session == 0]
        for text in said:
            at += timedelta(minutes=3)
            messages.append(
                MessageIn(
                    role="user",
                    speaker=name,
                    speaker_id=user_of(name, run),
                    content=text,
                    occurred_at=at,
                    message_id=f"s{session}-m{len(messages)}",
                )
            )
        at += timedelta(minutes=1)
        messages.append(
            MessageIn(role="assistant", content="Noted, thanks!", occurred_at=at, message_id=f"s{session}-r{i}")
        )
    return messages


def has(texts: list[str], marker: str) -> bool:
    return any(marker in t.lower() for t in texts)


async def chat(service: MemoryService, sessions: int, run: str) -> tuple[dict[str, str], str]:
    """Register the group, run the sessions through the service and remember the house rules; returns the
    members' user ids by name and the group's id."""
    users = {name: user_of(name, run) for name in MEMBERS}
    group = f"{GROUP}-{run}"
    await service.create_group(group_id=group, created_by=users["Ana"])
    for name in list(MEMBERS)[1:]:
        await service.add_group_member(group_id=group, user_id=users[name])
    start = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
    for session in range(sessions):
        await service.ingest_messages(
            user_id=group, session_id=f"evening-{session}", messages=session_messages(session, run, start)
        )
        await service.end_conversation(user_id=group, session_id=f"evening-{session}")
        await service.wait_for_jobs()
    for rule in HOUSE_RULES:
        await service.remember(user_id=group, content=rule.text, memory_type="fact", source="user")
    await service.wait_for_jobs()
    return users, group


MARKERS = {f.marker: name for name, facts in MEMBERS.items() for f in facts}
"""Each marker word → the member whose fact uses it."""


async def member_figures(service: MemoryService, name: str, user: str, sessions: int) -> dict[str, int]:
    """One member's counts: memories with a marker and with their own only, own facts asked and found, others'
    facts asked and leaked, traits and traits about another."""
    out = dict.fromkeys(("marked", "own_marked", "own_asked", "own_found", "cross_asked", "cross_leaks"), 0)
    for content in [m.content for m in (await service.memories(user_id=user, limit=500)).items]:
        owners = {owner for marker, owner in MARKERS.items() if marker in content.lower()}
        out["marked"] += bool(owners)
        out["own_marked"] += owners == {name}
    for fact in MEMBERS[name][: sessions + 1]:
        out["own_asked"] += 1
        out["own_found"] += has(
            [h.content for h in await service.recall(user_id=user, query=fact.question, limit=5)], fact.marker
        )
    for fact in (f for other, facts in MEMBERS.items() if other != name for f in facts):
        out["cross_asked"] += 1
        out["cross_leaks"] += has(
            [h.content for h in await service.recall(user_id=user, query=fact.question, limit=5)], fact.marker
        )
    traits = await service.user_traits(user_id=user, min_stage=None)
    out["traits"] = len(traits)
    out["traits_naming_another"] = sum(
        any(m in t.content.lower() for m, owner in MARKERS.items() if owner != name) or t.about not in (None, name)
        for t in traits
    )
    return out


async def shared_figures(service: MemoryService, users: dict[str, str], group: str, outsider: str) -> dict[str, int]:
    """Each house rule and each agreement asked by every member with their groups (found in the group's space?)
    and by an outsider."""
    out = {"shared_asked": 0, "shared_found": 0, "outsider_found": 0, "spoken_asked": 0, "spoken_found": 0}
    for _, fact in SPOKEN:
        for user in users.values():
            spaces = [g.group_id for g in await service.groups(user_id=user)]
            hits = await service.recall(user_id=user, query=fact.question, limit=5, spaces=spaces)
            out["spoken_asked"] += 1
            out["spoken_found"] += has([h.content for h in hits if h.space == group], fact.marker)
        spaces = [g.group_id for g in await service.groups(user_id=outsider)]
        hits = await service.recall(user_id=outsider, query=fact.question, limit=5, spaces=spaces)
        out["outsider_found"] += has([h.content for h in hits], fact.marker)
    for rule in HOUSE_RULES:
        for user in users.values():
            spaces = [g.group_id for g in await service.groups(user_id=user)]
            hits = await service.recall(user_id=user, query=rule.question, limit=5, spaces=spaces)
            out["shared_asked"] += 1
            out["shared_found"] += has([h.content for h in hits if h.space == group], rule.marker)
        spaces = [g.group_id for g in await service.groups(user_id=outsider)]
        hits = await service.recall(user_id=outsider, query=rule.question, limit=5, spaces=spaces)
        out["outsider_found"] += has([h.content for h in hits], rule.marker)
    return out


async def measure(service: MemoryService, sessions: int, run: str) -> dict[str, object]:
    users, group = await chat(service, sessions, run)
    outsider = user_of(OUTSIDER, run)
    total: dict[str, int] = {}
    for name, user in users.items():
        for key, value in (await member_figures(service, name, user, sessions)).items():
            total[key] = total.get(key, 0) + value
    shared = await shared_figures(service, users, group, outsider)
    kept = [m.content.lower() for m in (await service.memories(user_id=group, limit=200)).items]
    agreed_kept = sum(any(fact.marker in text for text in kept) for _, fact in SPOKEN)
    personal_in_group = sum(any(f.marker in text for text in kept) for facts in MEMBERS.values() for f in facts)
    for user in [*users.values(), outsider, group]:
        await service.erase_user(user_id=user, confirm=user)
    return {
        "members": len(MEMBERS),
        "sessions": sessions,
        "attribution": round(total["own_marked"] / total["marked"], 3) if total["marked"] else None,
        "memories_with_a_marker": total["marked"],
        "own_recall_at_5": round(total["own_found"] / total["own_asked"], 3),
        "cross_recall_leaks": total["cross_leaks"],
        "cross_questions": total["cross_asked"],
        "shared_recall_at_5": round(shared["shared_found"] / shared["shared_asked"], 3),
        "agreed_recall_at_5": round(shared["spoken_found"] / shared["spoken_asked"], 3),
        "outsider_found": shared["outsider_found"],
        "agreements_kept_as_group_memories": f"{agreed_kept}/{len(SPOKEN)}",
        "personal_facts_in_group_memories": personal_in_group,
        "traits": total["traits"],
        "traits_naming_another": total["traits_naming_another"],
    }


@click.command()
@click.option("--sessions", default=3, show_default=True, help="Evenings of group chat (each member's habit in each).")
def main(sessions: int) -> None:
    """Print the figures (a table, then one JSON object)."""

    async def run() -> dict[str, object]:
        service = await MemoryService.open(Settings())
        try:
            return await measure(service, sessions, uuid.uuid4().hex[:8])
        finally:
            await service.close()

    figures = asyncio.run(run())
    for name, value in figures.items():
        print(f"{name:<24}{value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
