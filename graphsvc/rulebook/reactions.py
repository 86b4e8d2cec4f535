"""Whether an assistant turn says something of its own or only reacts to the person's message it answers
(issue 33: "That sounds exciting!" answering "I'm going to Japan in May with my brother").

A message is embedded with the end of the message said before it (:mod:`graphsvc.pipeline.ingest.vectors`), so
a reply that adds nothing matches a query only through what it answers; recall ranks it just below that message
(:func:`graphsvc.pipeline.recall.hydrate.below_answered`). The test, on the rulebook's parse
(:func:`graphsvc.rulebook.parse.parse`: spaCy for English, jieba's parts of speech for Chinese):

- a reply of at most ``MAX_REACTION_WORDS`` words (English) or ``MAX_REACTION_CHARS`` characters (Chinese) is a
  reaction when none of its nouns, proper nouns and numerals is new: each is a word of the message it answers
  (lemmas, case-folded), a word of that speaker's name, or a word a reply reacts with (the lexicon's
  ``REPLY_NOUNS``, ``VAGUE_OBJECTS``, ``REACTION_WORDS``, interjections, thanks and greetings; in Chinese its
  ``REACTION_WORDS``, ``VAGUE_WORDS``, interjections, thanks, greetings, moods and pep talk);
- a longer reply, or one that names a thing, a person or a number the message did not, has content of its own;
- with no parse (the English pipeline unavailable, no tokens) nothing is a reaction: precision first.
"""

from __future__ import annotations

from typing import Any

from graphsvc.rulebook.lexicon import en, zh
from graphsvc.rulebook.parse import parse
from graphsvc.text.language import Language, detect_language

MAX_REACTION_WORDS = 20
"""English: a reply of more words than this says something of its own (whitespace-separated words)."""
MAX_REACTION_CHARS = 40
"""Chinese: a reply of more characters than this says something of its own."""
CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM"})
"""The parts of speech that carry what a reply could add: things, names, numbers."""

REPLY_WORDS: dict[Language, frozenset[str]] = {
    "en": en.REPLY_NOUNS | en.VAGUE_OBJECTS | en.REACTION_WORDS | en.INTERJECTIONS | en.THANKS | en.GREETINGS,
    "zh": zh.REACTION_WORDS | zh.VAGUE_WORDS | zh.INTERJECTIONS | zh.THANKS | zh.GREETINGS | zh.MOODS | zh.PEP_TALK,
}
"""Words a reply reacts with, which name nothing (an answer made of them answers nothing either)."""


def reacts_only(reply: str, answered: str, *, answered_speaker: str | None = None) -> bool:
    """Whether ``reply`` (an assistant's turn) only reacts to ``answered`` (the person's message before it).

    Args:
        reply: the assistant's message text.
        answered: the text of the person's message it answers.
        answered_speaker: that person's name, when known (a reply may address them: "Have fun, Ana!").

    Returns:
        True when the reply is short and names nothing new (see the module docstring); False otherwise, and for
        a blank reply or one the parser gives no tokens for.
    """
    language = detect_language(reply)
    if not reply.strip() or _too_long(reply, language):
        return False
    doc = parse(reply, language)
    if len(doc) == 0:
        return False
    known = {_key(t, language) for t in parse(answered, language)}
    known |= {w.casefold() for w in (answered_speaker or "").split()}
    allowed = REPLY_WORDS[language]
    for token in doc:
        if token.pos_ not in CONTENT_POS:
            continue
        key = _key(token, language)
        if key not in known and key not in allowed and token.lower_ not in allowed:
            return False
    return True


def _too_long(text: str, language: Language) -> bool:
    if language == "zh":
        return len("".join(text.split())) > MAX_REACTION_CHARS
    return len(text.split()) > MAX_REACTION_WORDS


def _key(token: Any, language: Language) -> str:
    """How a word is compared: its case-folded lemma in English, the word itself in Chinese."""
    return str(token.lemma_ if language == "en" and token.lemma_ else token.text).casefold()
