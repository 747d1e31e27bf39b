"""The page's connection watch (`cardlab.widgets.connection`), its kernel half: a ping is
answered with a pong and anything else is ignored; the banner has every word its script asks
for, in every language.  Its browser half is tried against real faults in
tests/browser/test_faults.py."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardlab.core.i18n import LANGUAGES, using_language
from cardlab.widgets import connection
from cardlab.widgets.a11y import PageScript

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


class Script:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, content: Any) -> None:
        self.sent.append(content)


@given(st.integers() | st.floats(allow_nan=False, allow_infinity=False))
def test_a_ping_is_answered_with_its_own_number(number):
    script = Script()
    connection.answer(script, {"ping": number}, [])
    assert script.sent == [{"pong": number}]


@given(JSON)
def test_anything_but_a_ping_is_ignored(content):
    script = Script()
    connection.answer(script, content, [])
    ping = content.get("ping") if isinstance(content, dict) else None
    is_ping = isinstance(ping, (int, float))
    assert script.sent == ([{"pong": ping}] if is_ping else [])


def test_the_banner_has_every_word_its_script_asks_for_in_every_language():
    script = connection.ESM.read_text(encoding="utf-8")
    asked = set(re.findall(r"words\(\)\.(\w+)", script))
    # a refused press is told the state's words too (``words()[watch.state]``)
    asked |= set(re.findall(r'setState\("(\w+)"', script)) - {"up"}
    english = connection.connection_words()
    assert asked <= set(english), asked - set(english)
    for lang in LANGUAGES:
        with using_language(lang):
            words = connection.connection_words()
        assert set(words) == set(english)
        assert all(words.values())
        if lang != "en":
            assert all(words[k] != english[k] for k in words), lang


def test_the_page_script_runs_the_connection_watch():
    esm = PageScript._esm
    assert isinstance(esm, str)
    assert "function watchConnection" in esm and "watchConnection(model)" in esm
    assert esm.index("function watchConnection") < esm.index("export default")
