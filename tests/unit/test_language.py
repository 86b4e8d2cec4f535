"""Which language a text is read as (the share of Han characters, a Latin word counting once whatever its length),
and where its sentences end."""

from __future__ import annotations

import pytest

from graphsvc.text.language import detect_language, split_sentences, unquoted


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("我家WiFi密码是bluefern42。", "zh"),  # a long code leaves a Chinese sentence Chinese
        ("我的邮箱是 zhang.wei.work@example.com", "zh"),
        ("我用iPhone拍的照片发到Instagram上了", "zh"),
        ("我觉得这个 project 的 deadline 太 tight 了", "zh"),
        ("I met 王芳 yesterday.", "en"),  # a Chinese name leaves an English sentence English
        ("The hotel is near 天安门广场.", "en"),
        ("My gate code is 2291.", "en"),
        ("ok", "en"),
    ],
)
def test_a_text_is_read_in_the_language_most_of_its_words_are_in(text: str, language: str) -> None:
    assert detect_language(text) == language


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("the wifi password is Lakeview!2290", ["the wifi password is Lakeview!2290"]),  # a mark inside a code
        ("My GPA is 3.8. I live in Oslo!", ["My GPA is 3.8.", "I live in Oslo!"]),
        ("Wow! Great. Really?", ["Wow!", "Great.", "Really?"]),
        ("I saw Dr. Ruiz today.", ["I saw Dr. Ruiz today."]),
        ("我好开心！真的。", ["我好开心！", "真的。"]),
    ],
)
def test_a_sentence_ends_at_its_mark_not_at_a_mark_inside_a_word(text: str, sentences: list[str]) -> None:
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ('"I live in Paris."', "I live in Paris."),
        ('"My PIN is 4471".', "My PIN is 4471."),
        ("“我住在巴黎。”", "我住在巴黎。"),
        ('"I live in Paris" is my favourite line', '"I live in Paris" is my favourite line'),  # a quotation spoken of
        ('My band is called "The Owls".', 'My band is called "The Owls".'),
        ('"a" and "b"', '"a" and "b"'),
        ("“你好”，他说。", "“你好”，他说。"),
    ],
)
def test_a_sentence_wrapped_whole_in_quotation_marks_is_said_without_them(sentence: str, said: str) -> None:
    assert unquoted(sentence) == said
