"""The rulebook's word lists, one module per language (:mod:`.en`, :mod:`.zh`): each list spelled once."""
