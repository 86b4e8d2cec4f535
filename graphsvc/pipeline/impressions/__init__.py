"""The impression observation pipeline (seed 000), one stage per module.

``active`` → ``observe`` (LLM or ``offline``) → ``aggregate`` → ``resolve`` (over ``identity``) → ``plan`` →
``validate`` → ``apply``; ``run`` chains them, ``curate`` serves the hand-made changes of the GraphQL API.
"""
