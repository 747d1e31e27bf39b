"""Chinese sets a Latin letter or digit off from a Chinese character by a space ("玩家 2 不叫",
"叫 1 分"), the rule the Chinese catalogs follow in their own text; a value put into a
placeholder follows it too (`cardlab.core.i18n.spaced`), so "{player}不叫" with "玩家 2" reads
"玩家 2 不叫" (issue 26, item 8)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from cardlab.core.i18n import LANGUAGES, Message, msg, placeholders, spaced, using_language

ZH = Path(__file__).resolve().parents[2] / "cardlab" / "locale" / "zh" / "LC_MESSAGES"
CATALOGS = sorted(ZH.glob("*.po"))
TOUCH = re.compile(r"[\u4e00-\u9fff][A-Za-z0-9]|[A-Za-z0-9][\u4e00-\u9fff]")
"""A Chinese character and a Latin letter or digit with no space between them."""
INLINE = re.compile(r"</?(?:b|i|em|strong|small|span|code|a)\b[^>]*>")
BLOCK = re.compile(r"<[^>]+>")


def shown(html: str) -> str:
    """The text a reader sees: inline tags vanish, the others (cells, paragraphs) part words."""
    return BLOCK.sub(" ", INLINE.sub("", html))


def messages() -> list[tuple[str, str | tuple[str, str], str]]:
    """Every translated message of the Chinese catalogs: (catalog, msgid, msgstr)."""
    found = []
    for path in CATALOGS:
        with path.open("rb") as stream:
            for m in read_po(stream):
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                found += [(path.stem, m.id, s) for s in strings if m.id and s]
    return found


MESSAGES = messages()


def test_the_catalogs_own_words_set_latin_off_by_a_space() -> None:
    touching = [
        (domain, text)
        for domain, _, text in MESSAGES
        if TOUCH.search(re.sub(r"\{\w+\}", " ", shown(text)))
    ]
    assert touching == []


@pytest.mark.parametrize("value", ["玩家 2", "A", "7", "3P", "BJ"])
def test_a_latin_or_digit_value_is_set_off_in_every_message(value: str) -> None:
    touching = []
    with using_language("zh"):
        for domain, msgid, _ in MESSAGES:
            single = msgid if isinstance(msgid, str) else msgid[0]
            names = placeholders(single) | ({"count"} if not isinstance(msgid, str) else set())
            params = tuple((name, 2 if name == "count" else value) for name in sorted(names))
            plural = None if isinstance(msgid, str) else msgid[1]
            text = Message(single, params, plural, 2 if plural else None).text(lang="zh")
            if TOUCH.search(shown(text)):
                touching.append((domain, text))
    assert touching == []


def test_the_auction_reads_with_its_spaces() -> None:
    from cardlab.core.engine import seat_name

    assert msg("{player} passes", player=seat_name(1)).text(lang="zh") == "玩家 2 不叫"


@given(st.text(alphabet="玩家叫分牌A7b 。，", max_size=30), st.sampled_from(sorted(LANGUAGES)))
def test_spacing_only_adds_spaces_and_only_in_chinese(text: str, lang: str) -> None:
    out = spaced(text, lang)
    assert out.replace(" ", "") == text.replace(" ", "")
    if lang == "zh":
        assert not TOUCH.search(out)
        assert spaced(out, lang) == out
    else:
        assert out == text
