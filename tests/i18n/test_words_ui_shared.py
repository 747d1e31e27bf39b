"""The shared half of the ``ui`` catalog reads in every language of its scope: High Card's
narrations and refusals, the decks lesson's panels and pictures, the stepper's and the what-if
row's words, the table model's words, the links' notices and the rules' labels (issue #16)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from figure_texts import figure_texts
from language_check import english_in, english_phrases

from cardlab.core import i18n
from cardlab.core.bots import RandomBot
from cardlab.core.cards import DECKS
from cardlab.core.engine import IllegalMove, get_game
from cardlab.core.i18n import SCOPES, set_language, using_language
from cardlab.core.replay import Replay

LANGS = tuple(lang for lang, scope in SCOPES.items() if "ui" in scope)
CARD_PRINTS = {"JOKER", "WILD", "PHARAOH", "BLACK", "RED", "BLUE", "GREEN", "ORANGE", "PURPLE"}
"""Words printed on the card faces themselves (a picture of a physical card), not sentences."""
ENGLISH = [
    re.compile(r"The dealer gives Player \d a card( \(.+\))?, face down\."),
    re.compile(r"Player \d plays .+ \((leads|follows)\)\."),
    re.compile(r"Player \d plays .+; Player \d wins the trick with .+\."),
]


def _labels(widget: object) -> list[str]:
    """What a dropdown or a button shows (its value is a key, not a text)."""
    labels = [getattr(widget, "description", ""), getattr(widget, "tooltip", None) or ""]
    return [*labels, *getattr(widget, "_options_labels", ())]


def _missed(lang: str) -> set[str]:
    return {msgid for missed_lang, msgid in i18n.missed() if missed_lang == lang}


def _games() -> Iterator[Replay]:
    for deck, players, size in (("standard52", 2, 5), ("triad", 3, 4), ("pyramid", 4, 6),
                                ("blocks", 2, 6), ("ranks54", 3, 3)):  # fmt: skip
        for seed in (1, 7):
            start = Replay.start("highcard", seed, deck=deck, players=players, hand_size=size)
            yield start.play_out({s: RandomBot(f"{seed}/{s}") for s in range(players)})


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_high_card_narrations_read_in_the_language(lang: str) -> None:
    before = _missed(lang)
    for replay in _games():
        for step in range(1, len(replay) + 1):
            event = replay.event_at(step)
            english = event.told.text(None, "en")
            assert any(p.fullmatch(english) for p in ENGLISH), english
            assert event.told.text(None) == english  # the current language is still English
            for seat in (None, 0):
                text = event.told.text(seat, lang)
                assert "{" not in text and text != english, text
                assert not english_phrases(text, lang), text
    replay = next(_games()).truncate(0).play_out({0: RandomBot(0), 1: RandomBot(1)})
    with using_language(lang):  # a sum is a message, read in the language it is shown in
        sums = [str(replay.event_at(s).arithmetic) for s in range(1, len(replay) + 1)]
    assert [said for said in sums if said and english_phrases(said, lang)] == []
    assert _missed(lang) == before


@pytest.mark.parametrize("lang", ("ru", "zh"))
def test_a_refused_move_says_why_in_the_language(lang: str) -> None:
    game = get_game("highcard")
    replay = Replay.start("highcard", 3, deck="standard52", players=2, hand_size=5)
    while replay.current_player < 0:
        replay = replay.advance_chance()
    state = replay.state
    for action in ("deal As", "play", "play Zz", 42, "play " + "x" * 300):
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, action)
        english = refused.value.reason.text(None, "en")
        text = refused.value.reason.text(None, lang)
        assert text != english and "{" not in text, text
        assert not english_phrases(text, lang, {"deal", "play", "Zz", "xxx"}), text
        with using_language(lang):
            assert str(game.why_illegal(state, action)) == text


@pytest.mark.parametrize("lang", LANGS)
def test_the_decks_lesson_figures_and_pictures_read_in_the_language(lang: str) -> None:
    from cardlab.apps.decks import DealStepper, DeckGallery, PairOdds, WelcomeBanner

    set_language(lang)
    before = _missed(lang)
    found = []
    for name in DECKS:
        gallery = DeckGallery(deck=name)
        found += english_in(figure_texts(gallery), lang, {"Zz", *CARD_PRINTS})
        for index in range(0, len(gallery.blocks("default")[0].cards), 5):
            found += english_in(figure_texts(gallery.select((index,))), lang, CARD_PRINTS)
        found += english_in(figure_texts(PairOdds(deck=name, trials=200)), lang)
    deal = DealStepper.start()
    for step in range(len(deal.replay) + 1):
        shown = figure_texts(deal.act("step", step))
        found += english_in(shown, lang, {"deal", "play", *CARD_PRINTS})
    found += english_in(figure_texts(WelcomeBanner()), lang, CARD_PRINTS)
    assert found == []
    assert _missed(lang) == before


def random_bots() -> dict[int, RandomBot]:
    return {seat: RandomBot(seat) for seat in range(3)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_stepper_and_what_if_words_read_in_the_language(lang: str) -> None:
    from cardlab.apps.bot_stepper import BotStepper
    from cardlab.render.ops import Drawing
    from cardlab.widgets.stepper_view import StepperView
    from cardlab.widgets.theme import ThemePicker

    class HighCardStepper(BotStepper):
        deal = "decks-forced-follow"
        bots = staticmethod(random_bots)

        def picture(self, theme: str) -> Drawing:
            return Drawing(10, 10, ())

        def mirror_parts(self) -> tuple[list[str], str]:
            return [], ""

    set_language(lang)
    before = _missed(lang)
    stepper = StepperView(HighCardStepper.start(), ThemePicker())
    found = english_in([*_labels(stepper.eyes), str(stepper.model.mirror_label)], lang)
    for widget in (stepper.whatif.moves, stepper.whatif.play, stepper.whatif.ask,
                   stepper.whatif.lines, stepper.whatif.main):  # fmt: skip
        found += english_in(_labels(widget), lang, {"AI"})
    notation = {"play", "deal"}
    for step in range(len(stepper.replay) + 1):
        stepper.stepper.go(step)
        texts = [stepper.whatif.help.value, stepper.why.value, stepper.eyes_words]
        found += english_in([*texts, *stepper.model.legal_moves()], lang, notation)
    stepper.eyes.value = 1
    for step in range(len(stepper.replay) + 1):
        stepper.stepper.go(step)
        texts = [stepper.whatif.help.value, stepper.why.value, stepper.eyes_words]
        found += english_in([*texts, *stepper.model.legal_moves()], lang, notation)
    stepper.rules_changed({**stepper.game.options(), "hand_size": 3})
    found += english_in([stepper.deal_note.value], lang, {"hand_size"})
    assert found == []
    assert _missed(lang) == before


@pytest.mark.parametrize("lang", LANGS)
def test_links_rules_and_table_words_read_in_the_language(lang: str) -> None:
    from cardlab.apps.model import first_lines, named, player
    from cardlab.apps.rules_words import rules_note
    from cardlab.lessons.page_state import read_page
    from cardlab.lessons.table_position import decode_moves, describe
    from cardlab.lessons.variants import VARIANTS

    set_language(lang)
    before = _missed(lang)
    link = read_page("?palette=neon&at=x!&jokers=maybe&players=9&zz=1", VARIANTS["triad"])
    texts = list(link.notices)
    texts += [label for variant in VARIANTS.values() for _, label in variant.options]
    texts += [rules_note("triad", {"jokers": "wild", "five_of_a_kind": True}, ("jokers",))]
    texts += [player(0), named(0), *first_lines(["a"] * 5, 2)[-1:]]
    texts += [describe(("select", (0, 2))), describe(("act", "hint", None))]
    for bad in ("%%%", "a" * 3000):
        with pytest.raises(ValueError) as refused:
            decode_moves(bad)
        texts.append(str(refused.value))
    allowed = {"theme", "palette", "neon", "jokers", "maybe", "players", "default", "colorblind",
               "high", "contrast", "hint", "wild", "five_of_a_kind", "out", "zz",
               "None"}  # fmt: skip
    assert english_in(texts, lang, allowed) == []
    assert all("{" not in text for text in texts)
    assert _missed(lang) == before


def test_a_card_in_words_keeps_its_english_and_declines_in_russian() -> None:
    deck = DECKS["standard52"]
    ace = deck.parse_card("As")
    assert deck.describe(ace) == "Ace of Spades"
    assert deck.words(ace).text(lang="ru") == "Туз пик"
    assert deck.words(ace).text(lang="zh") == "黑桃 A"
    assert DECKS["pyramid"].words(DECKS["pyramid"].parse_card("3P")).text(lang="ru") == (
        "фиолетовая карта третьего уровня"
    )
