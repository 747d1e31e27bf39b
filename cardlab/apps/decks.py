"""The decks lesson app: every deck drawn, a deal stepped card by card, and a first counting lesson.

Three small views share one theme picker, so a learner who switches to the colour-blind or
high-contrast theme sees every drawing change at once.  All game logic comes from
`cardlab.games.highcard` and `cardlab.core.odds`; this module only wires widgets to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.core import link_values
from cardlab.core.bots import RandomBot
from cardlab.core.cards import DECKS, get_deck
from cardlab.core.engine import CHANCE, TERMINAL, Event, legal_moves_in_words, seat_name
from cardlab.core.i18n import joined, msg, msgn
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
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker


def deck_choices() -> list[tuple[str, str]]:
    """The decks as a dropdown lists them, titled in the current language."""
    return [(str(deck.title), name) for name, deck in DECKS.items()]


SHORT_NAMES = {
    "standard52": msg("Standard 52"),
    "standard54": msg("Standard 54"),
    "ranks54": msg("Dou Dizhu ranks"),
    "triad": msg("Triad"),
    "pyramid": msg("Pyramid (level)"),
    "triangle": msg("Triangle"),
    "blocks": msg("Pyramid Poker"),
}
SHEET_CARD_WIDTH = 62  # 13 cards a row fit a 1024-pixel window
PLAYERS = 3
HAND_SIZE = 5


def deck_summary(name: str) -> str:
    """What a deck holds, in words and notation (the caption under the deck sheet)."""
    deck = get_deck(name)
    example = deck.format(deck.kinds()[:3] + tuple(c for c in deck.kinds() if c.is_extra))
    return str(
        msg(
            "<b>{deck}</b>: {cards} cards, {faces} different faces. {about}<br>Notation: "
            "{notation}.<br>Example: <code>{example}</code>",
            deck=deck.title,
            cards=len(deck),
            faces=len(deck.kinds()),
            about=deck.about,
            notation=deck.allowed(),
            example=example,
        )
    )


class DeckGallery(LessonPanel):
    """A dropdown of decks and a sheet of every face of the chosen one.

    Clicking a face (or choosing it in the "Card" dropdown, the keyboard equivalent) says what
    the card is, how many copies the deck holds, and how to write it.
    """

    def __init__(self, picker: ThemePicker, deck: str = "triad") -> None:
        super().__init__(picker, size=(10, 10))
        self.choice = widgets.Dropdown(
            options=deck_choices(), value=deck, description=str(msg("Deck"))
        )
        self.card_choice = widgets.Dropdown(description=str(msg("Card")))
        self.caption = TextVersion(str(msg("The deck in words")))
        self.card_caption = widgets.HTML()
        self.canvas_view.on_click(guarded(self.status, self._clicked))
        self.choice.observe(guarded(self.status, lambda _: self.refresh()), names="value")
        self.card_choice.observe(guarded(self.status, lambda _: self.describe()), names="value")
        self.children = [
            self.choice,
            self.caption.widget,
            self.canvas_view.widget,
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
        label = msg("Every face of the {deck}: {count} cards", deck=deck.title, count=len(deck))
        describe(self.canvas_view, str(label), self.caption)
        self.card_choice.options = [(card.code, i) for i, card in enumerate(deck.kinds())]
        self.card_choice.value = 0
        self.canvas_view.resize(drawing.width, drawing.height)
        self.canvas_view.draw(drawing)
        self.describe()

    def describe(self) -> None:
        """Put the chosen card into words in the caption beside the dropdown."""
        deck = get_deck(self.choice.value)
        card = deck.kinds()[self.card_choice.value]
        copies = deck.count(card)
        words = deck.words(card)
        if deck.name == "triad" and not card.is_extra:
            text = msg(
                "<b>{card}</b>: {words}; {copies} in the deck; {lines} frame lines",
                card=card.code,
                words=words,
                copies=copies,
                lines=TRIAD_FRAME_LINES[card.suit],
            )
        else:
            text = msg(
                "<b>{card}</b>: {words}; {copies} in the deck",
                card=card.code,
                words=words,
                copies=copies,
            )
        self.card_caption.value = str(text)

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
    hands = [
        str(msg("{player}: {cards}", player=seat_name(s), cards=deck.format(h) or msg("no cards")))
        for s, h in enumerate(state.hands)
    ]
    shown = state.trick or state.last_trick
    played = [msg("{player} {card}", player=seat_name(s), card=c.code) for s, c in shown]
    trick = joined(played) if played else msg("nothing played yet")
    table = str(
        msgn(
            "stock {count} card; on the table: {trick}",
            "stock {count} cards; on the table: {trick}",
            len(state.stock),
            trick=trick,
        )
    )
    last = (
        replay.event_at(step).told.text(None)
        if step
        else str(msg("nothing yet: the deck is shuffled"))
    )
    player = replay.game.current_player(state)
    if player == TERMINAL:
        legal = [str(msg("none: the game is over"))]
    elif player == CHANCE:
        legal = [str(msg("the dealer deals the next card"))]
    else:
        moves = joined(legal_moves_in_words(replay.game, state))
        legal = [str(msg("{player}: {moves}", player=seat_name(player), moves=moves))]
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
            options=deck_choices(),
            value=dict(replay.options)["deck"],
            description=str(msg("Deck")),
        )
        self.reshuffle_button = widgets.Button(description=str(msg("Reshuffle")))
        self.reshuffle_button.add_class("cardlab-reshuffle")
        self.seed_label = widgets.Label(_seed_words(self.seed))
        self.mirror = TextMirror(str(msg("The deal in words")))
        self.canvas_view.describe(
            str(msg("A High Card deal of three players at this step: hands and the table")),
            self.mirror.element_id,
        )
        self.stepper = Stepper(replay, status=self.status, view=self.view)
        self.stepper.on_step(self._show)
        self.record = widgets.Textarea(
            placeholder=str(msg("Paste a shared deal here (cardlab-replay text) and press Load")),
            layout=widgets.Layout(width="520px", height="5em"),
        )
        self.load_button = widgets.Button(description=str(msg("Load deal")))
        self.share_button = widgets.Button(description=str(msg("Share this deal")))
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
        self.seed_label.value = _seed_words(self.seed)
        self.redraw()

    def _deck_changed(self, change: dict[str, Any]) -> None:
        if not self._loading:
            self.deal()

    def share(self) -> None:
        """Put the deal's replay text in the box, to copy and send to someone."""
        self.record.value = self.replay.to_text()
        self.status.info(
            str(msg("Copy the text above; Load on another page replays this exact deal."))
        )

    def load(self, text: str) -> None:
        """Replay a shared deal; a malformed record is refused and the current deal stays."""
        replay = Replay.from_text(text)
        if replay.game_name != "highcard":
            raise ValueError(
                msg("this is a {game} record, not a High Card deal", game=replay.game.title)
            )
        self._loading = True
        try:
            self.choice.value = dict(replay.options)["deck"]
        finally:
            self._loading = False
        self.seed = replay.seed
        self.seed_label.value = str(msg("seed {seed} (loaded)", seed=self.seed))
        self.stepper.set_replay(replay, step=0)
        self.redraw()
        self.status.ok(
            str(
                msgn(
                    "Loaded a deal of {count} step.", "Loaded a deal of {count} steps.", len(replay)
                )
            )
        )

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
            raise ValueError(msg("a link gives either a deal or a deck and seed, not both"))
        if deal is not None:
            if deal != self.story:
                raise ValueError(
                    msg(
                        "this lesson has no deal {deal}: its deal is {story}",
                        deal=shown(deal),
                        story=repr(self.story),
                    )
                )
            replay = deals.load(deal)
            deck, seed = dict(replay.options)["deck"], replay.seed
        else:
            deck = params.get("deck", self.choice.value)
            if deck not in DECKS:
                raise ValueError(
                    msg(
                        "no deck {deck}: the decks are {decks}",
                        deck=shown(deck),
                        decks=joined(DECKS),
                    )
                )
            seed = link_values.read_seed(params["seed"]) if "seed" in params else self.seed
            replay = demo_replay(deck, seed)
        step = link_values.read_step(params["step"], len(replay)) if "step" in params else 0
        self._loading = True
        try:
            self.choice.value = deck
        finally:
            self._loading = False
        self.seed = seed
        self.seed_label.value = _seed_words(seed)
        self.stepper.set_replay(replay, step=step)
        self.redraw()
        return notices

    def _redraw(self) -> None:
        self._show(self.stepper.step, self.stepper.state, None)

    def _show(self, step: int, state: HighCardState, event: Event | None) -> None:
        self.canvas_view.draw(table_drawing(state, self.theme))
        self.mirror.update(**mirror_parts(self.replay, step))


def pair_rows(trials: int = 20_000, seed: int = 2026) -> list[OddsRow]:
    """Exact and simulated P(first two cards match) for every deck."""
    rows = []
    estimates = simulate_pairs(trials, seed)
    for deck in DECKS.values():
        exact = pair_in_first_two(deck).probability
        estimate = estimates[deck.name]
        name = str(SHORT_NAMES[deck.name])
        rows.append(OddsRow(name, exact, estimate.mean, estimate.stderr))
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
        self.choice = widgets.Dropdown(
            options=deck_choices(), value=deck, description=str(msg("Deck"))
        )
        self.argument = widgets.HTML()
        self.panel = OddsPanel(
            pair_rows(trials, seed),
            title=str(msg("P(the first two cards match)")),
            plot=True,
            picker=self.picker,
        )
        self.choice.observe(lambda _: self.explain(), names="value")
        self.children = [self.choice, self.argument, self.panel.widget]
        self.explain()

    def explain(self) -> None:
        counted = pair_in_first_two(get_deck(self.choice.value))
        self.argument.value = str(
            msg(
                "<p><b>{question}?</b> {argument}</p>",
                question=counted.question,
                argument=counted.argument,
            )
        )


def welcome_banner(theme: str = "default") -> CanvasView:
    """One card of each deck in a row: the index page's picture."""
    drawing = welcome_picture(theme)
    view = CanvasView(
        drawing.width, drawing.height, label=str(msg("One card from each deck the lessons teach"))
    )
    view.draw(drawing)
    return view


def _seed_words(seed: int) -> str:
    return str(msg("seed {seed}", seed=seed))
