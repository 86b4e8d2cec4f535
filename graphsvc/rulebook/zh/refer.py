"""Chinese: 她 or 他 opening a statement stands for the one person the speaker last named (decision ``refer``).

The rule fires on the pronoun as the statement's subject or possessor (她…, 她的…); the composer replaces it with
the speaker's referent when there is one and its gender fits (:mod:`graphsvc.rulebook.referents`). A pronoun inside
the statement (给她唱首歌) is never resolved.
"""

from __future__ import annotations

from graphsvc.rulebook.lexicon import zh
from graphsvc.rulebook.rule import Example, Rule, Tokens

RULES: tuple[Rule, ...] = (
    Rule(
        id="zh.refer.last_named",
        language="zh",
        decision="refer",
        description=(
            "她 or 他 opening a statement stands for the one person the speaker last named, when its gender fits "
            "and nobody else was named since."
        ),
        pattern=Tokens((({"TEXT": {"IN": sorted(zh.THIRD_PERSON_GENDERS)}},),)),
        output="person",
        examples=(
            Example("我表姐叫林悦，下个月结婚。她对花生过敏。", "王芳的表姐对花生过敏。"),
            Example("我爸爸刚退休。他住在洛阳。", "王芳的爸爸住在洛阳。"),
        ),
        counterexamples=("我哥哥刚退休。她住在洛阳。", "我妈妈和我姑姑来了。她住在洛阳。", "我想给她买个礼物。"),
    ),
)
