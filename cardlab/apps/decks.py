"""The decks lesson's figures: every deck drawn, a deal stepped card by card, and a first
counting lesson (and the index page's banner, one card of each deck).

Each is a `Figure`, a value the page shows (``page.show(DeckGallery())``); all game logic comes
from `cardlab.games.highcard` and `cardlab.core.odds`, all drawing from `cardlab.pictures.decks`.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_table_html
from cardlab.apps.words import MirrorParts, caption_html, mirror_html
from cardlab.core import link_values
from cardlab.core.bots import RandomBot
from cardlab.core.cards import DECKS, get_deck
from cardlab.core.engine import CHANCE, TERMINAL, legal_moves_in_words, seat_name
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.odds import pair_in_first_two, simulate_pairs
from cardlab.core.replay import Replay
from cardlab.core.text import shown
from cardlab.lessons import deals
from cardlab.pictures.decks import table_drawing, welcome_picture
from cardlab.render import TRIAD_FRAME_LINES, deck_sheet


def deck_choices() -> tuple[tuple[str | Message, str], ...]:
    """The decks as a deck control lists them (titled in the page's language)."""
    return tuple((deck.title, name) for name, deck in DECKS.items())


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
    """What a deck holds, in words and notation (the deck sheet's text version)."""
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


def card_words(name: str, index: int) -> str:
    """Face ``index`` of deck ``name`` in words: what it is, its copies, how it is written (and
    a Triad suit's frame lines)."""
    deck = get_deck(name)
    card = deck.kinds()[index]
    said = {"card": card.code, "words": deck.words(card), "copies": deck.count(card)}
    if deck.name == "triad" and not card.is_extra:
        return str(
            msg(
                "<b>{card}</b>: {words}; {copies} in the deck; {lines} frame lines",
                lines=TRIAD_FRAME_LINES[card.suit],
                **said,
            )
        )
    return str(msg("<b>{card}</b>: {words}; {copies} in the deck", **said))


@dataclass(frozen=True)
class DeckGallery(Figure):
    """A deck chosen from every deck, a sheet of its faces, and what the face chosen is.

    Clicking a face (or choosing it under Card, the keyboard's way) says what the card is, how
    many copies the deck holds, and how to write it."""

    deck: str = "triad"
    card: int = 0
    """The face described (an index into the deck's faces, in the order drawn)."""

    def __post_init__(self) -> None:
        faces = len(get_deck(self.deck).kinds())  # an unknown deck is refused here
        if not 0 <= self.card < faces:
            raise ValueError(f"the {self.deck} deck has faces 0-{faces - 1}, not {self.card}")

    def controls(self) -> tuple[Control, ...]:
        faces = tuple((card.code, i) for i, card in enumerate(get_deck(self.deck).kinds()))
        return (
            Control("deck", msg("Deck"), kind="choice", value=self.deck, options=deck_choices()),
            Control("card", msg("Card"), row=1, kind="choice", value=self.card, options=faces),
        )

    def _act(self, key: str, value: Any) -> DeckGallery:
        if key == "card":
            return replace(self, card=value)
        return replace(self, deck=value, card=0)

    def select(self, selected: tuple[int, ...]) -> DeckGallery:
        """The face last chosen; a second press on the face described leaves it described."""
        return replace(self, card=selected[-1]) if selected else self

    def blocks(self, theme: str) -> tuple[Block, ...]:
        deck = get_deck(self.deck)
        label = msg("Every face of the {deck}: {count} cards", deck=deck.title, count=len(deck))
        return (
            Picture(
                deck_sheet(self.deck, theme, card_w=SHEET_CARD_WIDTH),
                label,
                words=deck_summary(self.deck),
                words_title=msg("The deck in words"),
                name="deck-sheet",
                cards=tuple(card.code for card in deck.kinds()),
                selected=(self.card,),
                multi=False,
                card_buttons=False,  # the Card choice is the keyboard's way to a face
            ),
            Markup(card_words(self.deck, self.card), name="card-words"),
        )


# -- a deal, card by card --------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def demo_replay(deck: str, seed: int) -> Replay:
    """A whole High Card game with three random players: the deal, then every trick."""
    hand_size = 6 if deck == "pyramid" else HAND_SIZE
    start = Replay.start("highcard", seed, deck=deck, players=PLAYERS, hand_size=hand_size)
    return start.play_out({seat: RandomBot(f"{seed}/{seat}") for seat in range(PLAYERS)})


@functools.lru_cache(maxsize=4)
def curated(story: str) -> Replay:
    """The curated deal ``story`` (read once)."""
    return deals.load(story)


def mirror_parts(replay: Replay, step: int) -> MirrorParts:
    """The deal at ``step`` in words: hands, table, last move and legal moves."""
    state = replay.state_at(step)
    deck = get_deck(state.deck)
    hands = [
        str(msg("{player}: {cards}", player=seat_name(s), cards=deck.format(h) or msg("no cards")))
        for s, h in enumerate(state.hands)
    ]
    on_table = state.trick or state.last_trick
    played = [msg("{player} {card}", player=seat_name(s), card=c.code) for s, c in on_table]
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


@dataclass(frozen=True)
class DealStepper(Figure):
    """A High Card deal (at first the lesson's curated deal), stepped card by card; Reshuffle
    deals again with the next seed, and choosing a deck deals that deck with the same seed.
    Its position (its link) is the curated deal or a deck and seed, and the step."""

    story: str
    """The curated deal the lesson tells about (`cardlab.lessons.deals`)."""
    deck: str
    seed: int
    step: int = 0

    share_key: ClassVar[str] = "deal"
    POSITION_NAMES: ClassVar[tuple[str, ...]] = ("deal", "deck", "seed", "step")

    @classmethod
    def start(cls, story: str = "decks-forced-follow") -> DealStepper:
        """The curated deal ``story`` at its first step."""
        replay = curated(story)
        return cls(story, dict(replay.options)["deck"], replay.seed)

    def __post_init__(self) -> None:
        get_deck(self.deck)  # an unknown deck is refused here
        link_values.read_step(str(self.step), len(self.replay))  # so is a step it has not

    @property
    def is_curated(self) -> bool:
        """Whether the deal is the curated one (its deck and seed)."""
        story = curated(self.story)
        return (self.deck, self.seed) == (dict(story.options)["deck"], story.seed)

    @property
    def replay(self) -> Replay:
        return curated(self.story) if self.is_curated else demo_replay(self.deck, self.seed)

    # -- what the learner presses ----------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        last = len(self.replay)
        steps = (
            Control("start", msg("« Start"), self.step > 0, row=1),
            Control("back", msg("◀ Back"), self.step > 0, row=1),
            Control("next", msg("Forward ▶"), self.step < last, row=1),
            Control("end", msg("End »"), self.step < last, row=1),
        )
        return (
            Control("deck", msg("Deck"), kind="choice", value=self.deck, options=deck_choices()),
            Control("reshuffle", msg("Reshuffle")),
            *steps,
            Control("step", msg("Step"), row=1, kind="steps", value=self.step, bounds=(0, last)),
        )

    def _act(self, key: str, value: Any) -> DealStepper:
        if key == "deck":
            return replace(self, deck=value, step=0)
        if key == "reshuffle":
            return replace(self, seed=self.seed + 1, step=0)
        last = len(self.replay)
        if key == "step":
            return replace(self, step=value)  # a step of the slider or the Play, checked
        steps = {"start": 0, "back": self.step - 1, "next": self.step + 1, "end": last}
        return replace(self, step=steps[key])  # the buttons ("next": the hook ``cardlab-next``)

    # -- its link --------------------------------------------------------------------------------
    def position(self) -> dict[str, str]:
        """``deal`` (the curated deal) or ``deck`` and ``seed``, and ``step``."""
        where = (
            {"deal": self.story} if self.is_curated else {"deck": self.deck, "seed": str(self.seed)}
        )
        return {**where, "step": str(self.step)}

    def at(self, params: Mapping[str, str]) -> tuple[DealStepper, list[str]]:
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
            there = self.start(deal)
        else:
            deck = params.get("deck", self.deck)
            if deck not in DECKS:
                raise ValueError(
                    msg(
                        "no deck {deck}: the decks are {decks}",
                        deck=shown(deck),
                        decks=joined(DECKS),
                    )
                )
            seed = link_values.read_seed(params["seed"]) if "seed" in params else self.seed
            there = replace(self, deck=deck, seed=seed, step=0)
        if "step" in params:
            there = replace(there, step=link_values.read_step(params["step"], len(there.replay)))
        return there, notices

    # -- what the page shows ---------------------------------------------------------------------
    def blocks(self, theme: str) -> tuple[Block, ...]:
        replay = self.replay
        caption = caption_html(replay, self.step)
        mirror = mirror_html(mirror_parts(replay, self.step))
        return (
            Markup(html.escape(str(msg("seed {seed}", seed=self.seed))), name="seed"),
            Markup(f'<div class="cardlab-caption" aria-live="polite">{caption}</div>'),
            Picture(
                table_drawing(replay.state_at(self.step), theme),
                msg("A High Card deal of three players at this step: hands and the table"),
                words=f'<div class="cardlab-mirror" role="log" aria-live="polite">{mirror}</div>',
                words_title=msg("The deal in words"),
                name="deal-table",
            ),
        )


# -- a first probability ---------------------------------------------------------------------------
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


@dataclass(frozen=True)
class PairOdds(Figure):
    """The counting lesson: a deck chosen shows its counting argument; the table and the chart
    compare every deck's exact chance with a seeded simulation."""

    deck: str = "pyramid"
    trials: int = 20_000
    seed: int = 2026

    def controls(self) -> tuple[Control, ...]:
        return (Control("deck", msg("Deck"), kind="choice", value=self.deck,
                        options=deck_choices()),)  # fmt: skip

    def __post_init__(self) -> None:
        get_deck(self.deck)  # an unknown deck is refused here

    def _act(self, key: str, value: Any) -> PairOdds:
        return replace(self, deck=value)

    def blocks(self, theme: str) -> tuple[Block, ...]:
        counted = pair_in_first_two(get_deck(self.deck))
        argument = msg(
            "<p><b>{question}?</b> {argument}</p>",
            question=counted.question,
            argument=counted.argument,
        )
        rows = pair_rows(self.trials, self.seed)
        title = str(msg("P(the first two cards match)"))
        return (
            Markup(str(argument), name="argument"),
            Markup(odds_table_html(rows, title)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
        )


@dataclass(frozen=True)
class WelcomeBanner(Figure):
    """One card of each deck in a row: the index page's picture."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg("One card from each deck the lessons teach")
        return (Picture(welcome_picture(theme), label),)
