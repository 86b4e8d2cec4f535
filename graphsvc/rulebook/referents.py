"""Whom a speaker's "he", "she", 他 or 她 stands for: the one person they last named (the ``refer`` rules).

A conversation is judged in order. For each speaker, the person their last statement named is their referent:
one of their people ("my sister", 我女朋友) or a person by name ("Zara", 许晴), with a gender where the word gives
one. A later statement of theirs whose subject or possessor is a third-person pronoun of a gender that fits has the
pronoun replaced by the referent's words ("Her fiancé is called Tunde" → "My sister's fiancé is called Tunde"), and
is judged as if said in full. A pronoun is never resolved when who it means is in doubt:

- a statement that names two or more people forgets the referent (which one the next "she" means is unsure);
- someone else's turn (the assistant's, or another speaker's) that speaks of a person by a relation word other than
  the referent's ("How is your mum?") forgets it;
- it is forgotten after :data:`MAX_MESSAGES` of the speaker's messages that do not name or point at it.

The assistant's turn can also set it: one person of the listener's it speaks of ("Sorry to hear about your landlord.
What's his name?") is the referent of the person who answers ("he never replies" → "my landlord never replies").

Source: the preference of centering theory for the most recently named entity as the referent of a pronoun in the
next utterance (B. J. Grosz, A. K. Joshi and S. Weinstein, "Centering: a framework for modeling the local coherence
of discourse", Computational Linguistics 21(2), 1995), applied only when exactly one candidate is in view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

MAX_MESSAGES = 3
"""A referent lasts for this many of the speaker's messages after the one that last named or pointed at it."""


@dataclass(frozen=True)
class Referent:
    """A person a pronoun can stand for (or someone unnamed, who leaves a pronoun after them unresolved).

    Attributes:
        words: what the pronoun becomes, as the speaker would say it ("my sister", "Zara", "我女朋友"); "" for
            someone named by neither ("a taxi driver", 一个司机): a pronoun after them stands for nobody known.
        gender: ``female``, ``male``, or "" when the words do not tell.
        relation: the relation word it was named by ("sister", 女朋友); "" for a person named only by name.
    """

    words: str
    gender: str = ""
    relation: str = ""

    def fits(self, gender: str) -> bool:
        """Whether a pronoun of ``gender`` can stand for this person (an unknown gender fits either)."""
        return not self.gender or not gender or self.gender == gender


@dataclass
class Discourse:
    """Each speaker's referent as a conversation is read (see the module docstring), and the question the last
    turn asked. Mutable; one per conversation judged."""

    _current: dict[str, Referent] = field(default_factory=dict)
    _age: dict[str, int] = field(default_factory=dict)
    _question: list[tuple[str | None, str]] = field(default_factory=list)
    _offered: list[Referent] = field(default_factory=list)

    def asked(self, asker: str | None, question: str) -> None:
        """A turn of ``asker`` (None: the assistant, or anyone who is no source) ended with ``question`` ("" for
        none): the next message, by someone else, may answer it (:mod:`graphsvc.rulebook.answers`)."""
        self._question[:] = [(asker, question)] if question else []

    def answered(self, speaker: str) -> str:
        """The question the speaker's message now judged answers ("" for none): only the message right after it
        does, and only when someone else asked it."""
        asker, question = self._question[0] if self._question else (speaker, "")
        self._question.clear()
        return question if asker != speaker else ""

    def referent(self, speaker: str, gender: str) -> Referent | None:
        """The speaker's referent when a pronoun of ``gender`` can stand for it; None otherwise."""
        found = self._current.get(speaker)
        return found if found is not None and found.words and found.fits(gender) else None

    def named(self, speaker: str, people: Iterable[Referent]) -> None:
        """A statement of the speaker named ``people`` (in order, one entry per person): one becomes the referent,
        two or more forget it, none leaves it as it is."""
        distinct = list(dict.fromkeys(people))
        if len(distinct) == 1:
            self._current[speaker] = distinct[0]
            self._age[speaker] = 0
        elif distinct:
            self.forget(speaker)

    def offer(self, people: Iterable[Referent]) -> None:
        """The assistant's turn (or anyone's who is no source) spoke of ``people`` of the listener's ("Sorry about
        your landlord. What's his name?"): when it is one person, they become the referent of whoever speaks next."""
        distinct = list(dict.fromkeys(people))
        self._offered[:] = distinct if len(distinct) == 1 else []

    def take_offered(self, speaker: str) -> None:
        """The speaker's message comes right after the turn that offered a person: that person is their referent.
        An offer lasts for that one message."""
        if self._offered:
            self.named(speaker, self._offered)
        self._offered.clear()

    def pointed_at(self, speaker: str) -> None:
        """A pronoun of the speaker's stood for their referent: it stays in view."""
        self._age[speaker] = 0

    def next_message(self, speaker: str) -> None:
        """A new message of the speaker begins: a referent not named or pointed at for :data:`MAX_MESSAGES` of
        their messages is forgotten."""
        if speaker in self._current:
            self._age[speaker] = self._age.get(speaker, 0) + 1
            if self._age[speaker] > MAX_MESSAGES:
                self.forget(speaker)

    def heard(self, speaker: str | None, relations: Iterable[str]) -> None:
        """``speaker`` (None: the assistant, or anyone who is no source) spoke of people by these relation words:
        every other speaker's referent that is not one of them is forgotten ("How is your mum?" after "my sister"
        leaves "she" unsure)."""
        said = set(relations)
        if not said:
            return
        for other, found in list(self._current.items()):
            if other != speaker and not (found.relation and said <= {found.relation}):
                self.forget(other)

    def forget(self, speaker: str) -> None:
        """The speaker has no referent."""
        self._current.pop(speaker, None)
        self._age.pop(speaker, None)


SOMEONE = Referent("")
"""Someone a statement speaks of without a name or a relation of the speaker's ("a taxi driver", 一个司机)."""
