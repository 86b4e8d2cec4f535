"""English: how a reflection phrases what several memories of one person share (decision ``trait``).

Each rule finds, in each memory, the words that lead to what the person likes, wants or does (its pattern), and
the composer (:mod:`graphsvc.rulebook.traits`) takes what follows as an item: an item named in at least two of the
memories becomes the trait, worded by the rule's ``output`` ("Enjoys {items}"). The rules are tried in order; the
first that grounds an item words the trait. Examples are memories joined by " | ".
"""

from __future__ import annotations

from graphsvc.rulebook.en.shapes import among, lemma, lower, verb_forms
from graphsvc.rulebook.lexicon import en
from graphsvc.rulebook.rule import Example, Rule, Tokens

RULES: tuple[Rule, ...] = (
    Rule(
        id="en.trait.likes",
        language="en",
        decision="trait",
        description="What a person likes, named in two or more of their memories: 'Enjoys …'.",
        pattern=Tokens(
            (
                (among(en.LIKING, attr="LEMMA"), lower("to", op="?")),
                (lemma("be"), {"POS": "ADV", "OP": "*"}, lower("into", "passionate")),
                (lemma("be"), lower("a", op="?"), lower("big", "huge", op="?"), lower("fan"), lower("of")),
            ),
            anchored=False,
        ),
        output="Enjoys {items}",
        confidence=0.85,
        examples=(
            Example(
                "Ana loves hiking in the Alps. | Ana really enjoys hiking with friends. | Ana likes tea.",
                "Enjoys hiking",
            ),
            Example("Ana loves the sea. | Ana really loves the sea in winter.", "Enjoys the sea"),
            Example("Ana loves her job. | Ana loves her job at the bakery.", "Enjoys their job"),
        ),
        counterexamples=(
            "Ana loves hiking. | Ana likes tea.",
            "Ana doesn't like coffee. | Ana doesn't like coffee at all.",
            "Ana used to love skiing. | Ana loved skiing as a kid.",
            "Ana's son loves football. | Ana's son loves football practice on Saturdays.",
        ),
    ),
    Rule(
        id="en.trait.quitting",
        language="en",
        decision="trait",
        description="A habit a person is giving up, named in two or more of their memories: 'Is giving up …'.",
        pattern=Tokens(
            (
                (
                    lemma("quit", "stop", "give", "cut"),
                    lower("up", "down", op="?"),
                    lower("on", op="?"),
                    among(en.GIVEN_UP, attr="LOWER"),
                ),
            ),
            anchored=False,
        ),
        output="Is giving up {items}",
        confidence=0.85,
        examples=(Example("Ana wants to quit smoking. | Ana is trying to quit smoking.", "Is giving up smoking"),),
        counterexamples=("Ana wants to quit smoking. | Ana likes tea.", "Ana quit smoking. | Ana gave up alcohol."),
    ),
    Rule(
        id="en.trait.wants",
        language="en",
        decision="trait",
        description="What a person wants or plans to do, named in two or more of their memories: 'Wants to …'.",
        pattern=Tokens(
            (
                (among(verb_forms(en.WANTING)), lower("to")),
                (lemma("be"), lower("planning", "hoping", "going"), lower("to")),
                (lemma("would"), lemma("like", "love"), lower("to")),
            ),
            anchored=False,
        ),
        output="Wants to {items}",
        confidence=0.8,
        examples=(
            Example(
                "Ana wants to open a pottery studio. | Ana is planning to open a pottery studio next year.",
                "Wants to open a pottery studio",
            ),
        ),
        counterexamples=(
            "Ana wants to take a walk. | Ana plans to take a walk.",
            "Ana's husband wants to buy a boat. | Ana's husband is planning to buy a boat next year.",
        ),
    ),
    Rule(
        id="en.trait.learning",
        language="en",
        decision="trait",
        description="What a person is learning, named in two or more of their memories: 'Is learning …'.",
        pattern=Tokens(((lemma("be"), among(en.PRACTICE_FORMS, attr="LOWER")),), anchored=False),
        output="Is learning {items}",
        confidence=0.8,
        examples=(
            Example("Ana is learning German. | Ana is learning German.", "Is learning German"),
            Example("Ana is studying Japanese. | Ana is learning Japanese on Duolingo.", "Is learning Japanese"),
        ),
        counterexamples=(
            "Ana's son is learning French. | Ana's son is learning French at school.",
            "Ana is learning a lot. | Ana is learning a lot at work.",
            "Ana was learning Spanish. | Ana is learning to cook.",
        ),
    ),
    Rule(
        id="en.trait.activity",
        language="en",
        decision="trait",
        description="What a person does again and again, named in two or more of their memories: '… regularly'.",
        pattern=Tokens(
            (
                (
                    {
                        "POS": "VERB",
                        "TAG": {"IN": ["VBZ", "VBD", "VBG"]},
                        "LEMMA": {"NOT_IN": sorted(en.NO_EVENT_VERBS | en.MISHAP_VERBS)},
                    },
                ),
            ),
            anchored=False,
        ),
        output="{items} regularly",
        confidence=0.8,
        examples=(
            Example(
                "Ana goes bouldering every Tuesday. | Ana went bouldering with Sam again. | Ana bought new shoes.",
                "Goes bouldering regularly",
            ),
            Example(
                "Ana goes to the climbing gym every Thursday. | Ana went to the climbing gym after work.",
                "Goes to the climbing gym regularly",
            ),
            Example("Theo plays cricket every Sunday. | Theo plays cricket every Sunday.", "Plays cricket regularly"),
            Example(
                "Ana walks the dog to the beach every morning. | Ana walked the dog to the beach.",
                "Walks the dog to the beach regularly",
            ),
            Example(
                'Ana watched a great film called "Up". | Ana watched a film called "Heat" with Sam.',
                "Watches a film regularly",
            ),
        ),
        counterexamples=(
            "Ana goes bouldering every Tuesday. | Ana bought new shoes.",
            "Ana went to bed early. | Ana goes to bed late on Fridays.",
            "Ana went to a park. | Ana went for a run in the nearby park.",
            "Ana missed the bus. | Ana missed the bus again this morning.",
            "Ana hates running. | Ana really hates running in the rain.",
            "Ana's daughter goes swimming every Tuesday. | Ana's daughter went swimming with her friends.",
        ),
    ),
)
