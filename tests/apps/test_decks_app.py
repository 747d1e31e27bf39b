"""The decks lesson's figures, as values and as their page shows them: the gallery, the deal
stepped card by card (its buttons, its step field, its link) and the counting lesson."""

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.decks import (
    DealStepper,
    DeckGallery,
    PairOdds,
    WelcomeBanner,
    demo_replay,
    mirror_parts,
)
from cardlab.core.cards import DECKS, get_deck
from cardlab.core.i18n import SCOPES, using_language
from cardlab.lessons import deals
from cardlab.pictures.decks import table_drawing
from cardlab.render import Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def picker():
    return ThemePicker()


def sprite_keys(drawing):
    return {op.key for op in drawing.ops if isinstance(op, Sprite)}


def faces_drawn(gallery: DeckGallery) -> int:
    drawing = gallery.blocks("default")[0].drawing
    return sum(box.target.startswith("card:") for box in drawing.hit_boxes())


def test_gallery_draws_every_face_of_the_chosen_deck(picker):
    gallery = DeckGallery(deck="pyramid")
    assert faces_drawn(gallery) == 10 == len(gallery.blocks("default")[0].cards)
    assert "55 cards" in gallery.blocks("default")[0].words
    assert faces_drawn(gallery.act("deck", "triangle")) == 24
    view = FigureView(gallery, picker)
    view.controls["deck"].value = "triangle"
    canvas = view.shown[0].canvas
    assert view.model == DeckGallery(deck="triangle") and canvas.css_width == canvas.drawing.width


def test_the_gallery_refuses_a_deck_it_does_not_have():
    gallery = DeckGallery()
    with pytest.raises(ValueError, match="tarot"):
        gallery.act("deck", "tarot")
    with pytest.raises(ValueError):
        DeckGallery(deck="triad", card=54)


def test_theme_switch_redraws_every_view(picker):
    gallery = FigureView(DeckGallery(), picker)
    deal = FigureView(DealStepper.start().act("step", 10), picker)
    before = (gallery.shown[0].canvas.drawing.background, deal.shown[2].canvas.drawing)
    picker.widget.value = "high-contrast"
    assert gallery.shown[0].canvas.drawing.background != before[0]
    after = deal.shown[2].canvas.drawing
    assert after != before[1] and sprite_keys(after) != sprite_keys(before[1])


def words_of(deal: DealStepper) -> str:
    """The deal's text mirror, as its text version shows it."""
    return deal.blocks("default")[2].words


def test_next_advances_the_deal_card_by_card_and_the_mirror_follows():
    deal = DealStepper.start().act("deck", "triad")  # a Triad deal with the same seed
    assert deal.replay == demo_replay("triad", deal.seed) and deal.step == 0
    first = words_of(deal)
    deal = deal.act("next")
    assert deal.step == 1 and words_of(deal) != first
    assert deal.replay.event_at(1).narration in deal.blocks("default")[1].html
    dealt = deal.replay.state_at(1).hands[0][0]
    assert f"Player 1: {dealt}" in words_of(deal)
    deal = deal.act("back")
    assert deal.step == 0 and words_of(deal) == first


def test_the_step_buttons_go_where_they_say_and_refuse_past_the_ends(picker):
    view = FigureView(DealStepper.start(), picker)
    last = len(view.model.replay)
    assert view.controls["back"].disabled and view.controls["start"].disabled
    view.controls["end"].click()
    assert view.model.step == last and view.controls["step"].value == last
    assert view.controls["next"].disabled and not view.controls["back"].disabled
    with pytest.raises(ValueError, match="not possible now"):
        view.model.act("next")
    view.controls["start"].click()
    assert view.model.step == 0
    view.controls["next"].click()  # the browser tests' hook: class cardlab-next
    assert view.model.step == 1 and "cardlab-next" in view.controls["next"]._dom_classes


@settings(max_examples=60, deadline=None)
@given(value=st.one_of(st.text(max_size=12), st.integers(-3, 40), st.none(), st.booleans()))
def test_a_step_goes_there_or_is_refused_and_nothing_changes(value):
    deal = DealStepper.start().act("next")
    try:
        moved = deal.act("step", value)
    except ValueError as refused:
        assert "Step" in str(refused) and "is not one of 0-30" in str(refused)
        assert deal.step == 1
    else:
        assert moved.step == value and isinstance(value, int)


def test_a_refused_step_shows_on_the_status_line_and_the_deal_stays(picker):
    view = FigureView(DealStepper.start().act("step", 5), picker)
    drawing = view.shown[2].canvas.drawing
    view.controls["step"].value = 99
    assert view.status.level == "error" and "is not one of 0-30" in view.status.message
    assert view.model.step == 5 and view.shown[2].canvas.drawing == drawing
    assert view.controls["step"].slider.value == 5  # the refused step springs back


def test_play_steps_on_its_own_and_the_slider_follows(picker):
    view = FigureView(DealStepper.start(), picker)
    steps = view.controls["step"]
    steps.playing.value = True
    assert steps.play.playing and steps.playing.description == "\u275a\u275a Pause"
    steps.play.value = 1  # the browser's timer ticks
    steps.play.value = 2
    assert view.model.step == 2 and steps.slider.value == 2
    steps.slider.value = 7  # the learner drags the slider while it plays
    assert view.model.step == 7 and steps.play.value == 7
    steps.playing.value = False
    assert not steps.play.playing and steps.playing.description == "\u25b6 Play"


def test_a_deal_is_made_only_at_a_step_it_has_of_a_deck_there_is():
    deal = DealStepper.start()
    with pytest.raises(ValueError, match="step 31 is out of range"):
        replace(deal, step=31)
    with pytest.raises(ValueError, match="tarot"):
        replace(deal, deck="tarot")
    assert replace(deal, step=30).step == 30 == len(deal.replay)


def test_reshuffle_deals_a_new_game_from_step_zero():
    deal = DealStepper.start()
    seed = deals.load("decks-forced-follow").seed
    assert deal.replay == demo_replay("standard52", seed) and deal.seed == seed  # the curated deal
    old = deal.act("step", 10)
    new = old.act("reshuffle")
    assert new.step == 0 and new.seed == seed + 1
    assert new.replay != old.replay and new.replay == demo_replay("standard52", seed + 1)
    assert new.blocks("default")[0].html == f"seed {seed + 1}"


def test_mirror_lists_legal_moves_when_a_player_is_to_act():
    replay = demo_replay("triangle", 5)
    step = next(
        i for i in range(len(replay) + 1) if replay.game.current_player(replay.state_at(i)) == 0
    )
    parts = mirror_parts(replay, step)
    assert parts["legal_moves"][0].startswith("Player 1: play ")
    assert len(parts["hands"]) == 3


def test_pair_odds_explains_the_count_for_the_chosen_deck():
    odds = PairOdds(deck="triangle", trials=500, seed=1)
    assert "36/276 = 3/23" in odds.blocks("default")[0].html
    argument, table, chart = odds.act("deck", "pyramid").blocks("default")
    assert "540/1,485 = 4/11" in argument.html
    assert table.html.count("<tr>") == 1 + len(DECKS) and chart.html.startswith("<svg")
    assert "3/23" in table.html and chart.name == "chart"


def test_welcome_banner_shows_one_card_of_each_deck():
    (banner,) = WelcomeBanner().blocks("default")
    decks = [op.key.split(":")[1] for op in banner.drawing.ops if isinstance(op, Sprite)]
    assert decks == ["standard52", "triad", "pyramid", "triangle", "blocks"]


def test_clicking_a_face_or_choosing_it_says_what_the_card_is(picker):
    gallery = FigureView(DeckGallery(deck="triad"), picker)
    canvas = gallery.shown[0].canvas
    box = next(b for b in canvas.drawing.hit_boxes() if b.target == "card:13")
    canvas.handle_pointer(
        [((box.x + box.w / 2) * canvas.scale, (box.y + box.h / 2) * canvas.scale)]
    )
    assert gallery.model.card == 13
    assert "2g</b>: 2 of Green; 1 in the deck; 3 frame lines" in gallery.blocks[1].html
    assert gallery.controls["card"].value == 13 and gallery.shown[0].buttons is None
    canvas.click("card:13")  # a second click leaves the face described
    assert gallery.model.card == 13
    gallery.controls["deck"].value = "pyramid"
    assert gallery.model.card == 0 and gallery.controls["card"].value == 0
    assert "3P</b>: level-3 Purple; 9 in the deck" in gallery.blocks[1].html
    gallery.controls["card"].value = 1  # the keyboard's way: the Card choice
    assert gallery.model.card == 1 and gallery.controls["card"].label == "2P"
    gallery.shown[0].canvas.click("back")  # not a face: nothing changes
    assert gallery.model.card == 1 and gallery.status.level != "error"


@pytest.mark.parametrize("name", list(DECKS))
def test_every_face_is_said_in_words(name):
    gallery = DeckGallery(deck=name)
    deck = get_deck(name)
    for index, card in enumerate(deck.kinds()):
        words = gallery.select((index,)).blocks("default")[1].html
        assert words.startswith(f"<b>{card.code}</b>: ")
        assert f"{deck.count(card)} in the deck" in words


def test_share_this_position_works_on_the_lesson_page():
    """On the lesson's page the deal gets the page's share box; its link follows the deal."""
    from cardlab.widgets.lesson_page import LessonPage

    page = LessonPage("00_decks")
    deal = page.show(DealStepper.start())
    assert deal.share_box is not None and deal in page.panels
    assert "cardlab-at-deal" in deal._dom_classes and deal.children[-1] is deal.share_box
    deal.share_box.toggle()
    assert "at=deal&deal=decks-forced-follow&step=0" in deal.share_box.address
    deal.controls["next"].click()
    assert deal.share_box.address.endswith("step=1")
    assert page.show(DeckGallery()).share_box is None  # a figure without a position


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
