"""A rule-based conversation summary (issue 15: the offline summary of a conversation in ``memoryContext``).

Extractive, deterministic, English and Chinese: the sentences of the user's messages (not assistant, system or AI
turns, not a message carrying an injection pattern: :func:`graphsvc.rulebook.extract.source_messages`) are scored
by how many distinct content terms they hold (:func:`graphsvc.text.lucene.content_terms`: English stop words
dropped, CJK text as bigrams) once a leading filler ("Well,", "嗯，") is trimmed by the rulebook; greetings and
thanks (the rulebook's ``small_talk`` refusals) and sentences with fewer than ``MIN_TERMS`` are small talk and never
chosen. The
``MAX_SENTENCES`` best (ties: the earlier) are kept in conversation order, each run of one speaker's sentences
prefixed once by the speaker's name (``"Ana: … Bob: …"``), and the lowest-scored are dropped until the text fits
``max_chars``. The LLM path writes its summary in the extraction call instead (no extra call).
"""

from __future__ import annotations

from collections.abc import Sequence

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.extract import lead_trimmed, source_messages, speech_refusal
from graphsvc.text.language import split_sentences
from graphsvc.text.lucene import content_terms

MAX_SENTENCES = 3
MIN_TERMS = 3
SUMMARY_MAX_CHARS = 300


def clip(text: str, *, max_chars: int = SUMMARY_MAX_CHARS) -> str:
    """``text`` on one line, at most ``max_chars`` characters (cut at the last space before, with an ellipsis)."""
    line = " ".join(text.split())
    if len(line) <= max_chars:
        return line
    cut = line[: max_chars - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > max_chars // 2 else cut).rstrip(" ,;，；") + "…"


def summarise(messages: Sequence[ConversationMessage], *, max_chars: int = SUMMARY_MAX_CHARS) -> str:
    """The extractive summary of one conversation (see the module docstring).

    Args:
        messages: the conversation in time order.
        max_chars: the longest summary returned (characters).

    Returns:
        the summary, or ``""`` when no user sentence holds ``MIN_TERMS`` content terms.
    """
    scored: list[tuple[int, int, str, str]] = []  # (-terms, position, speaker, sentence)
    for message in source_messages(messages):
        for sentence in split_sentences(message.content):
            if speech_refusal(sentence, tag="small_talk") is not None:
                continue
            sentence = lead_trimmed(sentence)
            terms = len(content_terms(sentence))
            if terms >= MIN_TERMS:
                scored.append((-terms, len(scored), message.speaker or message.role, sentence))
    chosen = sorted(sorted(scored)[:MAX_SENTENCES], key=lambda row: row[1])
    while chosen:
        text = _join([(speaker, sentence) for _, _, speaker, sentence in chosen])
        if len(text) <= max_chars or len(chosen) == 1:
            return clip(text, max_chars=max_chars)
        chosen.remove(max(chosen))  # the fewest terms; among equals the latest
    return ""


def _join(parts: list[tuple[str, str]]) -> str:
    out: list[str] = []
    previous = None
    for speaker, sentence in parts:
        out.append(f"{speaker}: {sentence}" if speaker != previous else sentence)
        previous = speaker
    return " ".join(out)
