"""The decks lesson app, driven without a browser: buttons, handlers, drawn ops and the mirror."""

import re

import pytest

from cardlab.apps.decks import (
    DealStepper,
    DeckGallery,
    PairOdds,
    ThemePicker,
    demo_replay,
    mirror_parts,
    welcome_banner,
)
from cardlab.core.i18n import SCOPES, using_language
from cardlab.lessons import deals
from cardlab.pictures.decks import table_drawing
from cardlab.render import Sprite


@pytest.fixture
def picker():
    return ThemePicker()


def sprite_keys(drawing):
    return {op.key for op in drawing.ops if isinstance(op, Sprite)}


def test_gallery_draws_every_face_of_the_chosen_deck(picker):
    gallery = DeckGallery(picker, deck="pyramid")
    drawing = gallery.view.drawing
    assert sum(t.startswith("card:") for t in (b.target for b in drawing.hit_boxes())) == 10
    assert "55 cards" in gallery.caption.value
    gallery.choice.value = "triangle"
    assert sum(b.target.startswith("card:") for b in gallery.view.drawing.hit_boxes()) == 24
    assert gallery.view.css_width == gallery.view.drawing.width


def test_theme_switch_redraws_every_view(picker):
    gallery = DeckGallery(picker)
    deal = DealStepper(picker)
    deal.stepper.go(10)
    before = (gallery.view.drawing.background, deal.view.drawing)
    picker.widget.value = "high-contrast"
    assert gallery.view.drawing.background != before[0]
    assert deal.view.drawing != before[1]
    assert sprite_keys(deal.view.drawing) != sprite_keys(before[1])


def test_next_advances_the_deal_card_by_card_and_the_mirror_follows(picker):
    deal = DealStepper(picker)
    deal.choice.value = "triad"  # a Triad deal with the same seed
    assert deal.replay == demo_replay("triad", deal.seed) and deal.stepper.step == 0
    first = deal.mirror.text
    deal.stepper.forward_button.click()
    assert deal.stepper.step == 1
    assert deal.mirror.text != first
    assert deal.replay.event_at(1).narration in deal.stepper.caption.value
    dealt = deal.replay.state_at(1).hands[0][0]
    assert f"Player 1: {dealt}" in deal.mirror.text
    deal.stepper.back_button.click()
    assert deal.stepper.step == 0 and deal.mirror.text == first


def test_reshuffle_deals_a_new_game_from_step_zero(picker):
    deal = DealStepper(picker)
    seed = deals.load("decks-forced-follow").seed
    assert deal.replay == demo_replay("standard52", seed) and deal.seed == seed  # the curated deal
    deal.stepper.go(10)
    old = deal.replay
    deal.reshuffle_button.click()
    assert deal.stepper.step == 0 and deal.seed == seed + 1
    assert deal.replay != old and deal.replay == demo_replay("standard52", seed + 1)


def test_share_and_load_round_trip_and_bad_records_change_nothing(picker):
    deal = DealStepper(picker)
    deal.choice.value = "pyramid"
    deal.share_button.click()
    shared = deal.record.value
    other = DealStepper(picker)
    other.reshuffle_button.click()
    other.stepper.go(7)
    before = (other.replay, other.stepper.step, other.view.drawing)
    other.record.value = shared.replace("deal", "dael", 1)
    other.load_button.click()
    assert other.status.level == "error" and "Line 6" in other.status.message
    assert (other.replay, other.stepper.step, other.view.drawing) == before
    other.record.value = shared
    other.load_button.click()
    assert other.replay == deal.replay and other.choice.value == "pyramid"
    assert other.stepper.step == 0 and "Loaded" in other.status.message


def test_mirror_lists_legal_moves_when_a_player_is_to_act():
    replay = demo_replay("triangle", 5)
    step = next(
        i for i in range(len(replay) + 1) if replay.game.current_player(replay.state_at(i)) == 0
    )
    parts = mirror_parts(replay, step)
    assert parts["legal_moves"][0].startswith("Player 1: play ")
    assert len(parts["hands"]) == 3


def test_pair_odds_explains_the_count_for_the_chosen_deck():
    odds = PairOdds(trials=500, seed=1, deck="triangle")
    assert "36/276 = 3/23" in odds.argument.value
    odds.choice.value = "pyramid"
    assert "540/1,485 = 4/11" in odds.argument.value
    assert len(odds.panel.rows) == 7 and odds.panel.chart.value.startswith("<svg")
    assert "3/23" in odds.panel.table.value


def test_welcome_banner_shows_one_card_of_each_deck():
    view = welcome_banner()
    decks = [op.key.split(":")[1] for op in view.drawing.ops if isinstance(op, Sprite)]
    assert decks == ["standard52", "triad", "pyramid", "triangle", "blocks"]


def test_clicking_a_face_or_choosing_it_says_what_the_card_is(picker):
    gallery = DeckGallery(picker, deck="triad")
    box = next(b for b in gallery.view.drawing.hit_boxes() if b.target == "card:13")
    scale = gallery.view.scale
    gallery.view.handle_pointer((box.x + box.w / 2) * scale, (box.y + box.h / 2) * scale)
    assert gallery.card_choice.value == 13
    assert "2g</b>: 2 of Green; 1 in the deck; 3 frame lines" in gallery.card_caption.value
    gallery.choice.value = "pyramid"
    gallery.card_choice.value = 0
    assert "3P</b>: level-3 Purple; 9 in the deck" in gallery.card_caption.value
    gallery.view.click("back")  # not a face: nothing changes
    assert gallery.card_choice.value == 0


def test_share_this_deal_works_on_the_lesson_page():
    """On the lesson's page the deal gets the page's share box too: the two never share a name
    (the page's box once replaced the deal's ``share`` method: "'ShareBox' object is not
    callable")."""
    from cardlab.widgets.lesson_page import LessonPage

    page = LessonPage("00_decks")
    deal = DealStepper(page)
    assert deal.share_box is not None and deal in page.panels
    deal.share_button.click()
    assert deal.status.level != "error", deal.status.message
    assert deal.record.value.startswith(deal.replay.to_text()[:20]) and deal.record.value


def test_a_panel_cannot_take_a_name_the_page_sets():
    from cardlab.widgets.lesson_panel import LessonPanel

    with pytest.raises(TypeError, match="share_box"):
        type("Clash", (LessonPanel,), {"share_box": lambda self: None})


@pytest.mark.parametrize("lang", ["en", *(lang for lang, scope in SCOPES.items() if "ui" in scope)])
def test_a_seats_plate_says_how_many_cards_it_holds_in_words(lang):
    """The plates once read "Player 1 · 0 tricks (4)": a bare number in brackets.  The count of
    cards left in hand is a message, in every language the controls are translated into."""
    state = deals.load("decks-forced-follow").state_at(16)  # Player 1 has led: 4, 5, 5 cards
    with using_language(lang):
        plates = [t for t in table_drawing(state, "default").texts() if "·" in t]
    assert len(plates) == 3 and not any(re.search(r"\(\d+\)", t) for t in plates), plates
    for plate, n in zip(plates, (4, 5, 5), strict=True):
        assert re.search(rf"· {n}\b", plate), plate
        assert (lang == "en") == plate.endswith(("cards", "card")), plate
