"""HandView / CardView: canvas clicks, taps, select(), and the button twins stay in sync."""

from __future__ import annotations

import pytest

from cardlab.render.ops import Drawing, HitBox, Rect
from cardlab.widgets.card_view import (
    CardView,
    HandView,
    card_target,
    parse_card_target,
    simple_hand,
)
from cardlab.widgets.panels import StatusLine

CARDS = ("As", "Kd", "3c", "9h")


def centre_of(view: HandView, index: int, scale: float = 2.0) -> tuple[float, float]:
    """The backing-pixel point the page would report for a click on card ``index``."""
    box = next(b for b in view.drawing.hit_boxes() if b.target == card_target(index))
    return (box.x + box.w / 2) * scale, (box.y + box.h / 2) * scale


def test_simple_hand_draws_codes_and_hit_boxes():
    drawing = simple_hand(CARDS, frozenset({1}))
    assert drawing.texts().count("As") == 1 and "✓" in drawing.texts()
    assert [b.target for b in reversed(drawing.hit_boxes())] == [f"card:{i}" for i in range(4)]
    lifted = {b.target: b.y for b in drawing.hit_boxes()}
    assert lifted["card:1"] < lifted["card:0"]  # selected card is raised, not only recoloured
    assert parse_card_target("card:12") == 12 and parse_card_target("deck") is None


def test_click_and_tap_toggle_selection_and_buttons_follow():
    hand = HandView(CARDS)
    changes: list[tuple[int, ...]] = []
    hand.on_selection_change(changes.append)

    hand.view.handle_pointer([centre_of(hand, 2)])  # mouse
    assert hand.selected == (2,)
    hand.view.handle_pointer([centre_of(hand, 0)])  # touch
    assert hand.selected == (0, 2)
    assert hand.selected_cards == ("As", "3c")
    assert [b.value for b in hand.buttons.children[:4]] == [True, False, True, False]
    hand.view.handle_pointer([centre_of(hand, 2)])  # toggles off
    assert hand.selected == (0,)
    assert changes == [(2,), (0, 2), (0,)]
    # the kept drawing shows the selection
    assert "✓" in hand.drawing.texts()


def test_buttons_are_the_accessible_twin():
    hand = HandView(CARDS)
    buttons = hand.buttons.children
    assert [b.description for b in buttons] == list(CARDS)
    assert buttons[1].tooltip == "Card 2: Kd"
    buttons[1].value = True
    assert hand.selected == (1,)
    buttons[1].value = False
    assert hand.selected == ()


def test_single_selection_mode():
    hand = HandView(CARDS, multi=False)
    hand.select(0)
    hand.select(3)
    assert hand.selected == (3,)
    assert [b.value for b in hand.buttons.children] == [False, False, False, True]
    hand.select(3)
    assert hand.selected == ()
    with pytest.raises(ValueError, match="only one"):
        hand.set_selected([0, 1])


def test_disabled_cards_refuse_with_a_message_and_spring_back():
    status = StatusLine()
    hand = HandView(CARDS, status=status)
    hand.set_selected([1])
    hand.set_disabled([1, 2])
    assert hand.selected == ()  # a disabled card cannot stay selected
    assert hand.buttons.children[2].disabled
    hand.view.handle_pointer([centre_of(hand, 2)])
    assert hand.selected == ()
    assert status.message == "3c cannot be chosen now"
    hand.buttons.children[2].value = True  # e.g. a stale click in the browser
    assert hand.selected == () and hand.buttons.children[2].value is False


def test_set_cards_reuses_the_button_pool():
    hand = HandView(CARDS)
    pool = hand.buttons.children
    hand.set_cards(["Qs", "Jh"], selected=[1])
    assert hand.buttons.children == pool  # the tree is built once, values change in place
    assert [b.layout.display for b in pool] == [None, None, "none", "none"]
    assert hand.selected_cards == ("Jh",)
    with pytest.raises(ValueError, match="no card 3"):
        hand.select(2)


def test_custom_render_and_non_card_targets():
    calls: list[tuple[tuple[str, ...], frozenset[int]]] = []

    def render(cards, selected) -> Drawing:
        calls.append((tuple(cards), selected))
        return Drawing(
            100,
            50,
            (Rect(0, 0, 50, 50, fill="#ffffff"), HitBox(0, 0, 50, 50, "card:0"),
             HitBox(50, 0, 50, 50, "deck")),
        )  # fmt: skip

    hand = HandView(["As"], render=render)
    others: list[str] = []
    hand.on_click(others.append)
    hand.view.handle_pointer([(150, 50)])  # CSS (75, 25): the deck
    hand.view.handle_pointer([(50, 50)])  # CSS (25, 25): the card
    assert others == ["deck"]
    assert calls[-1] == (("As",), frozenset({0}))


def test_selection_callback_errors_go_to_status():
    status = StatusLine()
    hand = HandView(CARDS, status=status)

    def picky(selected):
        if len(selected) > 1:
            raise ValueError("choose one card to lead")

    hand.on_selection_change(picky)
    hand.select(0)
    hand.select(1)
    assert status.message == "Choose one card to lead"


def test_card_view():
    view = CardView("As")
    assert view.card == "As"
    view.view.handle_pointer([centre_of(view, 0)])
    assert view.selected == (0,)
    view.set_card("Kd")
    assert view.card == "Kd" and view.selected == ()
    view.set_card(None)
    assert view.card is None
