"""Reflection engine and trait lifecycle (seed 002): memories → traits with evidence-graded confidence.

Import the stages from their modules (``cycle.reflect``, ``triggers.should_reflect``,
``traits_query.user_traits``); this package file stays import-free so that
``graphsvc.config`` can use :mod:`.vocabulary` without an import cycle.
"""
