"""The decks lesson app: every deck drawn, a deal stepped card by card, and a first counting lesson.

Three small views share one theme picker, so a learner who switches to the colour-blind or
high-contrast theme sees every drawing change at once.  All game logic comes from
`cardlab.games.highcard` and `cardlab.core.odds`; this module only wires widgets to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.apps.words import TextVersion, describe
from cardlab.core import link_values
from cardlab.core.bots import RandomBot
from cardlab.core.cards import DECKS, get_deck
from cardlab.core.engine import CHANCE, TERMINAL, Event, legal_moves_in_words, seat_name
from cardlab.core.odds import pair_in_first_two, simulate_pairs
from cardlab.core.replay import Replay
from cardlab.core.text import shown
from cardlab.games.highcard import HighCardState
from cardlab.lessons import deals
from cardlab.pictures.decks import table_drawing, welcome_picture
from cardlab.render import (
    TRIAD_FRAME_LINES,
    Drawing,
    deck_sheet,
)
from cardlab.widgets import CanvasView, OddsPanel, OddsRow, Stepper, TextMirror
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

DECK_CHOICES = [(deck.title, name) for name, deck in DECKS.items()]
SHORT_NAMES = {
    "standard52": "Standard 52",
    "standard54": "Standard 54",
    "ranks54": "Dou Dizhu ranks",
    "triad": "Triad",
    "pyramid": "Pyramid (level)",
    "triangle": "Triangle",
    "blocks": "Pyramid Poker",
}
SHEET_CARD_WIDTH = 62  # 13 cards a row fit a 1024-pixel window
PLAYERS = 3
HAND_SIZE = 5


def deck_summary(name: str) -> str:
    """What a deck holds, in words and notation (the caption under the deck sheet)."""
    deck = get_deck(name)
    example = deck.format(deck.kinds()[:3] + tuple(c for c in deck.kinds() if c.is_extra))
    return (
        f"<b>{deck.title}</b>: {len(deck)} cards, {len(deck.kinds())} different faces. "
        f"{deck.about}<br>Notation: {deck.allowed()}.<br>Example: <code>{example}</code>"
    )


class DeckGallery(LessonPanel):
    """A dropdown of decks and a sheet of every face of the chosen one.

    Clicking a face (or choosing it in the "Card" dropdown, the keyboard equivalent) says what
    the card is, how many copies the deck holds, and how to write it.
    """

    def __init__(self, picker: ThemePicker, deck: str = "triad") -> None:
        super().__init__(picker, size=(10, 10))
        self.choice = widgets.Dropdown(options=DECK_CHOICES, value=deck, description="Deck")
        self.card_choice = widgets.Dropdown(description="Card")
        self.caption = TextVersion("The deck in words")
        self.card_caption = widgets.HTML()
        self.view.on_click(guarded(self.status, self._clicked))
        self.choice.observe(guarded(self.status, lambda _: self.refresh()), names="value")
        self.card_choice.observe(guarded(self.status, lambda _: self.describe()), names="value")
        self.children = [
            self.choice,
            self.caption.widget,
            self.view.widget,
            widgets.HBox([self.card_choice, self.card_caption]),
            self.status.widget,
        ]
        self.refresh()

    @property
    def drawing(self) -> Drawing:
        return deck_sheet(self.choice.value, self.theme, card_w=SHEET_CARD_WIDTH)

    def refresh(self) -> None:
        drawing = self.drawing
        deck = get_deck(self.choice.value)
        self.caption.show(deck_summary(deck.name))
        describe(self.view, f"Every face of the {deck.title}: {len(deck)} cards", self.caption)
        self.card_choice.options = [(card.code, i) for i, card in enumerate(deck.kinds())]
        self.card_choice.value = 0
        self.view.resize(drawing.width, drawing.height)
        self.view.draw(drawing)
        self.describe()

    def describe(self) -> None:
        """Put the chosen card into words in the caption beside the dropdown."""
        deck = get_deck(self.choice.value)
        card = deck.kinds()[self.card_choice.value]
        copies = deck.count(card)
        text = f"<b>{card.code}</b>: {deck.describe(card)}; {copies} in the deck"
        if deck.name == "triad" and not card.is_extra:
            text += f"; {TRIAD_FRAME_LINES[card.suit]} frame lines"
        self.card_caption.value = text

    def _clicked(self, target: str) -> None:
        kind, _, index = target.partition(":")
        if kind == "card":
            self.card_choice.value = int(index)

    def _redraw(self) -> None:
        self.refresh()


def demo_replay(deck: str, seed: int) -> Replay:
    """A whole High Card game with three random players: the deal, then every trick."""
    hand_size = 6 if deck == "pyramid" else HAND_SIZE
    start = Replay.start("highcard", seed, deck=deck, players=PLAYERS, hand_size=hand_size)
    return start.play_out({seat: RandomBot(f"{seed}/{seat}") for seat in range(PLAYERS)})


def mirror_parts(replay: Replay, step: int) -> dict[str, Any]:
    """The text mirror of a step: hands, table, last move and legal moves, in words."""
    state = replay.state_at(step)
    deck = get_deck(state.deck)
    hands = [f"{seat_name(s)}: {deck.format(h) or 'no cards'}" for s, h in enumerate(state.hands)]
    shown = state.trick or state.last_trick
    trick = ", ".join(f"{seat_name(s)} {c}" for s, c in shown) or "nothing played yet"
    table = f"stock {len(state.stock)} cards; on the table: {trick}"
    last = replay.event_at(step).narration if step else "nothing yet: the deck is shuffled"
    player = replay.game.current_player(state)
    if player == TERMINAL:
        legal = ["none: the game is over"]
    elif player == CHANCE:
        legal = ["the dealer deals the next card"]
    else:
        legal = [f"{seat_name(player)}: " + ", ".join(legal_moves_in_words(replay.game, state))]
    return {"hands": hands, "table": table, "last_move": last, "legal_moves": legal}


class DealStepper(LessonPanel):
    """A High Card deal (at first the lesson's curated deal), stepped card by card; "Reshuffle"
    deals again with the next seed, and choosing a deck deals that deck with the current seed.
    Its position is the curated deal or a deck and seed, and the step."""

    share_key: ClassVar[str] = "deal"
    POSITION_NAMES = ("deal", "deck", "seed", "step")

    def __init__(self, picker: ThemePicker, deal: str = "decks-forced-follow") -> None:
        super().__init__(picker, size=(760, 440))
        self.story = deal
        replay = deals.load(deal)
        self.seed = replay.seed
        self.choice = widgets.Dropdown(
            options=DECK_CHOICES, value=dict(replay.options)["deck"], description="Deck"
        )
        self.reshuffle_button = widgets.Button(description="Reshuffle")
        self.reshuffle_button.add_class("cardlab-reshuffle")
        self.seed_label = widgets.Label(f"seed {self.seed}")
        self.mirror = TextMirror("The deal in words")
        self.view.describe(
            "A High Card deal of three players at this step: hands and the table",
            self.mirror.element_id,
        )
        self.stepper = Stepper(replay, status=self.status, view=self.view)
        self.stepper.on_step(self._show)
        self.record = widgets.Textarea(
            placeholder="Paste a shared deal here (cardlab-replay text) and press Load",
            layout=widgets.Layout(width="520px", height="5em"),
        )
        self.load_button = widgets.Button(description="Load deal")
        self.share_button = widgets.Button(description="Share this deal")
        self.load_button.on_click(guarded(self.status, lambda _: self.load(self.record.value)))
        self.share_button.on_click(guarded(self.status, lambda _: self.share()))
        self.reshuffle_button.on_click(guarded(self.status, lambda _: self.reshuffle()))
        self._loading = False
        self.choice.observe(guarded(self.status, self._deck_changed), names="value")
        controls = widgets.HBox([self.choice, self.reshuffle_button, self.seed_label])
        sharing = widgets.HBox([self.record, widgets.VBox([self.share_button, self.load_button])])
        self.children = [controls, self.stepper.widget, self.mirror.widget, sharing]
        self.redraw()

    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    def reshuffle(self) -> None:
        self.seed += 1
        self.deal()

    def deal(self) -> None:
        """Deal a fresh game of the chosen deck with the current seed, back at step 0."""
        self.stepper.set_replay(demo_replay(self.choice.value, self.seed), step=0)
        self.seed_label.value = f"seed {self.seed}"
        self.redraw()

    def _deck_changed(self, change: dict[str, Any]) -> None:
        if not self._loading:
            self.deal()

    def share(self) -> None:
        """Put the deal's replay text in the box, to copy and send to someone."""
        self.record.value = self.replay.to_text()
        self.status.info("Copy the text above; Load on another page replays this exact deal.")

    def load(self, text: str) -> None:
        """Replay a shared deal; a malformed record is refused and the current deal stays."""
        replay = Replay.from_text(text)
        if replay.game_name != "highcard":
            raise ValueError(f"this is a {replay.game.title} record, not a High Card deal")
        self._loading = True
        try:
            self.choice.value = dict(replay.options)["deck"]
        finally:
            self._loading = False
        self.seed = replay.seed
        self.seed_label.value = f"seed {self.seed} (loaded)"
        self.stepper.set_replay(replay, step=0)
        self.redraw()
        self.status.ok(f"Loaded a deal of {len(replay)} steps.")

    def position(self) -> dict[str, str]:
        """``deal`` (the curated deal) or ``deck`` and ``seed``, and ``step``; none for a loaded
        deal no deck and seed deal again (a link cannot carry it: Share this deal can)."""
        if self.replay == deals.load(self.story):
            where = {"deal": self.story}
        elif self.replay == demo_replay(self.choice.value, self.seed):
            where = {"deck": self.choice.value, "seed": str(self.seed)}
        else:
            return {}
        return {**where, "step": str(self.stepper.step)}

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        """Go to a position `position` gave; ``ValueError`` (nothing changes) for one that
        cannot be reached."""
        notices = link_values.unknown(params, self.POSITION_NAMES)
        deal = params.get("deal")
        if deal is not None and ("seed" in params or "deck" in params):
            raise ValueError("a link gives either a deal or a deck and seed, not both")
        if deal is not None:
            if deal != self.story:
                raise ValueError(
                    f"this lesson has no deal {shown(deal)}: its deal is {self.story!r}"
                )
            replay = deals.load(deal)
            deck, seed = dict(replay.options)["deck"], replay.seed
        else:
            deck = params.get("deck", self.choice.value)
            if deck not in DECKS:
                raise ValueError(f"no deck {shown(deck)}: the decks are {', '.join(DECKS)}")
            seed = link_values.read_seed(params["seed"]) if "seed" in params else self.seed
            replay = demo_replay(deck, seed)
        step = link_values.read_step(params["step"], len(replay)) if "step" in params else 0
        self._loading = True
        try:
            self.choice.value = deck
        finally:
            self._loading = False
        self.seed = seed
        self.seed_label.value = f"seed {seed}"
        self.stepper.set_replay(replay, step=step)
        self.redraw()
        return notices

    def _redraw(self) -> None:
        self._show(self.stepper.step, self.stepper.state, None)

    def _show(self, step: int, state: HighCardState, event: Event | None) -> None:
        self.view.draw(table_drawing(state, self.theme))
        self.mirror.update(**mirror_parts(self.replay, step))


def pair_rows(trials: int = 20_000, seed: int = 2026) -> list[OddsRow]:
    """Exact and simulated P(first two cards match) for every deck."""
    rows = []
    estimates = simulate_pairs(trials, seed)
    for deck in DECKS.values():
        exact = pair_in_first_two(deck).probability
        estimate = estimates[deck.name]
        rows.append(OddsRow(SHORT_NAMES[deck.name], exact, estimate.mean, estimate.stderr))
    return rows


class PairOdds(LessonPanel):
    """The counting lesson: pick a deck to read its counting argument; the table compares all."""

    def __init__(
        self,
        trials: int = 20_000,
        seed: int = 2026,
        deck: str = "pyramid",
        picker: ThemePicker | None = None,
    ) -> None:
        super().__init__(picker)
        self.choice = widgets.Dropdown(options=DECK_CHOICES, value=deck, description="Deck")
        self.argument = widgets.HTML()
        self.panel = OddsPanel(
            pair_rows(trials, seed),
            title="P(the first two cards match)",
            plot=True,
            picker=self.picker,
        )
        self.choice.observe(lambda _: self.explain(), names="value")
        self.children = [self.choice, self.argument, self.panel.widget]
        self.explain()

    def explain(self) -> None:
        counted = pair_in_first_two(get_deck(self.choice.value))
        self.argument.value = f"<p><b>{counted.question}?</b> {counted.argument}</p>"


def welcome_banner(theme: str = "default") -> CanvasView:
    """One card of each deck in a row: the index page's picture."""
    drawing = welcome_picture(theme)
    view = CanvasView(
        drawing.width, drawing.height, label="One card from each deck the lessons teach"
    )
    view.draw(drawing)
    return view
