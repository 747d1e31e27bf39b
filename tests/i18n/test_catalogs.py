"""Every message the code uses is translated in every language's scope, with the same
placeholders and HTML tags as the English, and compiled (``tools/i18n.py check``)."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from tools_loader import load_tool

from cardlab.core.i18n import SCOPES

i18n = load_tool("i18n")


@pytest.mark.parametrize(
    ("lang", "domain"), [(lang, domain) for lang, scope in SCOPES.items() for domain in scope]
)
def test_every_message_of_the_code_is_translated(lang: str, domain: str) -> None:
    assert i18n.problems(lang, domain) == []


def test_every_message_is_written_as_literal_english() -> None:
    assert i18n.literal_problems(sorted(i18n.PACKAGE.rglob("*.py"))) == []


def test_the_check_finds_a_dropped_or_added_placeholder_and_a_missing_plural_form() -> None:
    catalog = Catalog(locale="ru")
    catalog.add("{player} draws {card}.", "{player} тянет.")
    catalog.add("{player} passes.", "{player} {who} пасует.")
    catalog.add("<b>{n}</b> left", "осталось {n}")
    catalog.add(("one card", "{count} cards"), ("{count} карта", "{count} карты"))
    found = [p for m in catalog if m.id for p in i18n._drift(m, catalog.num_plurals)]
    assert any("draws" in p and "placeholders ['player']" in p for p in found)
    assert any("passes" in p and "'who'" in p for p in found)
    assert any("HTML tags differ" in p for p in found)
    assert any("needs 3 plural forms, has 2" in p for p in found)
    assert len(found) == 4


def test_a_message_the_code_has_but_the_catalog_lacks_is_reported(tmp_path, monkeypatch) -> None:
    package = tmp_path / "cardlab"
    (package / "games" / "triad").mkdir(parents=True)
    (package / "games" / "triad" / "game.py").write_text(
        'from cardlab.core.i18n import msg\nX = msg("{player} folds.", player="P")\n'
    )
    monkeypatch.setattr(i18n, "PACKAGE", package)
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    monkeypatch.setattr(i18n, "LOCALE", package / "locale")
    assert any("'{player} folds.'" in p for p in i18n.problems("ru", "triad"))
    catalog = i18n.read_catalog("ru", "triad")
    catalog.add("{player} folds.", "{player} сбрасывает карты.")
    i18n.write_catalog("ru", "triad", catalog)
    assert i18n.problems("ru", "triad") == [
        "ru/triad: triad.mo is not compiled from the .po (tools/i18n.py compile)"
    ]
    i18n.compile_all()
    assert i18n.problems("ru", "triad") == []


def test_a_message_written_from_a_variable_or_hidden_from_babel_is_reported(
    tmp_path, monkeypatch
) -> None:
    path = tmp_path / "bad.py"
    path.write_text(
        "from cardlab.core.i18n import msg, msgn\n"
        'A = msg(f"{1} x")\n'
        'B = msgn("a", b, 2)\n'
        "C = f\"{msg('in an f-string')}\"\n"
        'D = msg("fine {x}", x=msg("also fine"))\n'
    )
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    found = i18n.literal_problems([path])
    assert [p.split(": ")[0] for p in found] == ["bad.py:2", "bad.py:3", "bad.py:4"]
    assert "not found by Babel" in found[2]


def test_a_word_two_games_translate_differently_reads_as_the_page_game_has_it() -> None:
    from cardlab.core.i18n import DOMAINS, catalog, domains_of, set_language

    differing = []
    for lang, scope in SCOPES.items():
        seen: dict[str, dict[str, object]] = {}
        for domain in scope:
            for message in i18n.read_catalog(lang, domain):
                if message.id and isinstance(message.id, str) and message.string:
                    seen.setdefault(message.id, {})[domain] = message.string
        differing += [(lang, m, d) for m, d in seen.items() if len(set(d.values())) > 1]
    try:
        for lang, msgid, by_domain in differing:
            for domain, translation in by_domain.items():
                if domain in DOMAINS and domains_of(domain):
                    set_language(lang, domain)
                    assert catalog(lang).gettext(msgid) == translation, (lang, msgid, domain)
    finally:
        set_language("en")
    assert differing, "no word to try this on"
    assert domains_of("pyramid") == ("pyramid", "poker") and domains_of("index") == ()
