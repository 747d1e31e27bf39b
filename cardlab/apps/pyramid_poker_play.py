"""The Pyramid Poker table: the learner (Player 1, seat 0) against the reasoning bot.

Build: click a dashed slot (or choose one in the list and press Place) to place the drawn block,
which only the learner sees.  Take: click a free block (or choose it and press Take), then a
hand button; after a pharaoh, one of the three revealed blocks.  The bot and chance move at
once.  "Hint" asks a reasoning bot what it would do in the learner's place; "Play the hint" does
it.  Every handler is guarded: an illegal move shows the engine's reason and changes nothing
(the new replay is computed first and assigned last).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, Entry, LearnerTable, ThemePicker
from cardlab.apps.pyramid_poker_draw import (
    HAND_NAMES,
    HEIGHT,
    WIDTH,
    TablePicture,
    table_picture,
)
from cardlab.apps.pyramid_poker_scoring import basic_verdict, showdown_rows
from cardlab.core.bots import Bot
from cardlab.core.engine import TERMINAL, seat_name
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.games.poker.ranking import evaluate
from cardlab.games.pyramid_poker import PyramidPokerView, new_game, slot_position
from cardlab.render import HIDDEN
from cardlab.widgets import CanvasView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded

BOT = 1
PLAY_SEED = 1


def reasoning_bot(seed: int | str = 0) -> Bot:
    """The engine's reasoning bot (`SmartBot`): every decision comes with a one-line reason."""
    from cardlab.games.pyramid_poker.bots import SmartBot

    return SmartBot(seed)


def hand_notes(hands) -> tuple[str, ...]:
    """A complete hand's poker name (e.g. "Flush, A-high"); the count of an incomplete one."""
    out = []
    for h in hands:
        out.append(evaluate(h).poker_name if len(h) == 5 else f"{len(h)} of 5")
    return tuple(out)


def slot_label(k: int, width: int) -> str:
    r, i = slot_position(k, width)
    return f"slot {k}: row {r + 1}, position {i + 1}"


def showdown_lines(show) -> list[str]:
    """The showdown in short lines for the canvas: each comparison, the bonus, the total."""
    verdict = {1: "Player 1 wins", -1: "Player 2 wins", 0: "tie"}
    lines = ["Showdown (Player 1 v Player 2):"]
    for pos, name in enumerate(HAND_NAMES):
        pa, pb = show.hand_points[0][pos], show.hand_points[1][pos]
        who = verdict[show.comparisons[pos]]
        lines.append(f"{name.capitalize()}: {who} (points {pa:+d} v {pb:+d})")
    lines.append(f"Bonus: {show.bonus[0]:+d} v {show.bonus[1]:+d}")
    a, b = show.advanced_points
    lines.append(f"Points: {a} v {b}")
    return lines


def view_picture(
    view: PyramidPokerView, viewer: int | None, banner: str = "", names=None, interactive=False
) -> TablePicture:
    """What ``view`` shows, as a `TablePicture`: the viewer's hands at the bottom (the teacher
    sees Player 1's there) and tags on the blocks only their owner can see."""
    me = LEARNER if viewer is None else viewer
    other = 1 - me
    if viewer is None:
        marks = {k: f"P{p + 1}" for k, p in enumerate(view.placer) if p is not None}
    else:
        marks = {k: "you" for k, p in enumerate(view.placer) if p == viewer}
    names = names or (
        (f"{seat_name(me)}", f"{seat_name(other)}")
        if viewer is None
        else (f"{seat_name(me)} (these eyes)", seat_name(other))
    )
    drawn, label, revealed = None, "", view.revealed
    mover = names[0] if view.turn == me else names[1]
    if view.phase == "place" and view.holding is not None:
        drawn = view.holding
        label = f"{mover} drew this block" + (": click a slot" if interactive else "")
    elif view.phase == "place":
        drawn, label = HIDDEN, f"{mover} drew a block (hidden from these eyes)"
    elif view.pending is not None:
        drawn = view.pending
        label = f"{mover} took this block" + (
            ": choose a hand" if interactive and view.turn == me else ""
        )
    elif revealed:
        label = f"A pharaoh! {mover} keeps one of these" + (
            " (click it)" if interactive and view.turn == me else ""
        )
    notes = [
        f"Placed {view.placed} of 30 · taken {view.taken} of 30 · general supply "
        f"{view.general_size}"
    ]
    if view.phase == "over" and view.results:
        notes = showdown_lines(view.results[-1].showdown) + notes
    return TablePicture(
        rows=view.rows(HIDDEN),
        hands=(view.hands[me], view.hands[other]),
        names=names,
        marks=marks,
        drawn=drawn,
        drawn_label=label,
        revealed=revealed,
        show_slots=view.phase == "place" and (viewer is None or view.turn == viewer),
        active=None if view.to_act < 0 else (0 if view.to_act == me else 1),
        banner=banner,
        notes=notes,
        hand_notes=(hand_notes(view.hands[me]), hand_notes(view.hands[other])),
    )


class PyramidPokerPlay(LearnerTable):
    """The learner against the bot: table, controls, hint, score sheet and text mirror."""

    def __init__(
        self, picker: ThemePicker | None = None, seed: int = PLAY_SEED, bot: Bot | None = None
    ) -> None:
        self.picker = picker or ThemePicker()
        self.bot = bot if bot is not None else reasoning_bot()
        self.helper = reasoning_bot()
        self.seed = seed
        self.status = StatusLine()
        self.view = CanvasView(WIDTH, HEIGHT, status=self.status)
        self.slot = widgets.Dropdown(description="Slot", layout=widgets.Layout(width="300px"))
        self.place_button = widgets.Button(description="Place", button_style="primary")
        self.block = widgets.Dropdown(
            description="Free block", layout=widgets.Layout(width="300px")
        )
        self.take_button = widgets.Button(description="Take", button_style="primary")
        self.hand_buttons = {
            name: widgets.Button(description=name.capitalize(), button_style="success")
            for name in HAND_NAMES
        }
        self.keep_buttons = [widgets.Button(description="-") for _ in range(3)]
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.play_hint_button = widgets.Button(description="Play the hint", button_style="info")
        self.new_button = widgets.Button(description="New game")
        self.hint_box = widgets.HTML()
        self.log = widgets.HTML()
        self.scores = ScoreSheet(["You (P1)", "Bot (P2)"])
        self.verdict = widgets.HTML()
        self.mirror = TextMirror("Your view of the table in words")
        hooks = {
            self.place_button: "cardlab-place",
            self.slot: "cardlab-slot",
            self.take_button: "cardlab-take",
            self.block: "cardlab-block",
            self.hint_button: "cardlab-hint",
            self.play_hint_button: "cardlab-play-hint",
            self.new_button: "cardlab-new-game",
            self.scores.widget: "cardlab-scoresheet",
            self.verdict: "cardlab-verdict",
            self.log: "cardlab-round-log",
        }
        for name, button in self.hand_buttons.items():
            hooks[button] = f"cardlab-hand-{name}"
        for button in self.keep_buttons:
            hooks[button] = "cardlab-keep"
        for widget, css in hooks.items():
            widget.add_class(css)

        def guard(func):
            return guarded(self.status, func)

        self.view.on_click(guard(self.click))
        self.place_button.on_click(guard(lambda _: self.act(f"place {self.slot.value}")))
        self.take_button.on_click(guard(lambda _: self.act(f"take {self.block.value}")))
        for name, button in self.hand_buttons.items():
            button.on_click(guard(lambda _, n=name: self.act(f"hand {n}")))
        for i, button in enumerate(self.keep_buttons):
            button.on_click(guard(lambda _, i=i: self.keep(i)))
        self.hint_button.on_click(guard(lambda _: self.show_hint()))
        self.play_hint_button.on_click(guard(lambda _: self.play_hint()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.picker.subscribe(guard(lambda _: self.redraw()))

        sheet = widgets.VBox(
            [widgets.HTML("<b>Score sheet</b>"), self.scores.widget, self.verdict],
            layout=widgets.Layout(width="520px"),
        )
        self.widget = widgets.VBox(
            [
                self.view.widget,
                widgets.HBox([self.slot, self.place_button]),
                widgets.HBox([self.block, self.take_button, *self.hand_buttons.values()]),
                widgets.HBox(self.keep_buttons),
                widgets.HBox([self.hint_button, self.play_hint_button, self.new_button]),
                self.status.widget,
                self.hint_box,
                self.log,
                sheet,
                self.mirror.widget,
            ]
        )
        self.replay: Replay = new_game(seed, games=1)
        self.log_entries: list[Entry] = []
        self._start(self.replay, "A new game: you are Player 1. Your hands are at the bottom.")

    # -- what the learner sees -------------------------------------------------------------------

    @property
    def stage(self) -> str:
        """``place``, ``take``, ``keep``, ``assign`` (the learner to move) or ``over``."""
        return self.state.phase

    # -- handlers --------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """Play ``action`` for the learner, then let chance and the bot move."""
        if self.replay.current_player == TERMINAL:
            raise ValueError("The game is over: press New game to play again.")
        replay = self.replay.append(action)  # raises IllegalMove with the engine's reason
        mine = Entry(replay.event_at(len(replay)))
        replay, more = self._play_on(replay)
        self.replay, self.log_entries = replay, [mine, *more]
        self.hint_box.value = ""
        self.status.ok(mine.event.narration_for(LEARNER))
        self.refresh()

    def click(self, target: str) -> None:
        """A click on the table: a slot (place), a free block (take), a revealed block (keep) or
        one of the learner's hands (assign)."""
        kind, _, arg = target.partition(":")
        phase = self.stage
        if kind == "slot":
            self.act(f"place {arg}")
        elif kind == "card":
            if phase == "place":
                raise ValueError("That slot is taken: click an empty (dashed) slot.")
            self.act(f"take {arg}")
        elif kind == "pick":
            self.keep(int(arg))
        elif kind == "hand":
            self.act(f"hand {arg}")

    def keep(self, i: int) -> None:
        revealed = self.state.revealed
        if self.stage != "keep" or i >= len(revealed):
            raise ValueError("There is nothing to keep now: that comes after taking a pharaoh.")
        self.act(f"keep {revealed[i].code}")

    def hint(self):
        """The reasoning bot's decision in the learner's place."""
        if self.replay.current_player != LEARNER:
            raise ValueError("The game is over: press New game to play again.")
        legal = self.replay.game.legal_actions(self.state)
        return self.helper.choose(self.observation, legal)

    def show_hint(self) -> None:
        decision = self.hint()
        self.hint_box.value = (
            f"<p class='cardlab-hint-text'>Hint: <b>{html.escape(str(decision.action))}</b> "
            f"\u2014 {html.escape(decision.reason)}</p>"
        )

    def play_hint(self) -> None:
        decision = self.hint()
        self.act(decision.action)
        self.hint_box.value = (
            f"<p class='cardlab-hint-text'>Played the hint <b>{html.escape(str(decision.action))}"
            f"</b> \u2014 {html.escape(decision.reason)}</p>"
        )

    def new_game(self, seed: int | None = None) -> None:
        self.seed = self.seed + 1 if seed is None else seed
        self._start(new_game(self.seed, games=1), f"A new game (seed {self.seed}).")

    # -- internals -------------------------------------------------------------------------------
    def _start(self, replay: Replay, message: str) -> None:
        replay, entries = self._play_on(replay)
        self.replay, self.log_entries = replay, entries
        self.hint_box.value = ""
        self.status.info(message)
        self.refresh()

    def _play_on(self, replay: Replay) -> tuple[Replay, list[Entry]]:
        """Chance and the bot move until the learner must act or the game is over."""
        reasons: dict[int, tuple[int, Narration]] = {}
        start = len(replay)
        replay = replay.play_out({BOT: self.bot}, reasons=reasons)
        return replay, self.entries(replay, start, reasons)

    @property
    def lines(self) -> list[str]:
        """The last moves as the learner reads them.  The bot's reason for a placement rests on
        the block only it has seen, so it waits until the game is over; a take names the block
        it turns face up, which everyone then sees."""
        over = self.stage == "over"
        lines = []
        for entry in self.log_entries:
            shown = over or not str(entry.event.action).startswith("place ")
            lines.append(self.entry_text(entry, shown=shown))
        return lines

    def refresh(self) -> None:
        self.redraw()
        self._controls()
        self._score()
        self._log()
        self._mirror()

    def _banner(self) -> str:
        phase = self.stage
        view = self.observation
        return {
            "place": f"Build, turn {view.placed + 1} of 30: place your block",
            "take": f"Take, turn {view.taken + 1} of 30: take a free block",
            "keep": "A pharaoh: keep one of the three revealed blocks",
            "assign": "Put the block into one of your hands",
            "over": "Game over: " + self._winner_text(),
        }.get(phase, phase)

    def _winner_text(self) -> str:
        if not self.state.results:
            return ""
        t = self.state.results[-1].totals
        if t[0] == t[1]:
            return f"a draw, {t[0]} to {t[1]}"
        return f"you win {t[0]} to {t[1]}" if t[0] > t[1] else f"the bot wins {t[1]} to {t[0]}"

    def redraw(self) -> None:
        pic = view_picture(
            self.observation,
            LEARNER,
            banner=self._banner(),
            names=("You (Player 1)", "Bot (Player 2)"),
            interactive=True,
        )
        self.view.draw(table_picture(pic, self.picker.theme))

    def _controls(self) -> None:
        view = self.observation
        phase = self.stage
        slots = (
            [(slot_label(k, view.width), k) for k in view.open_slots] if phase == "place" else []
        )
        free = []
        if phase == "take":
            for k in view.free_slots:
                face = view.pyramid[k]
                free.append((f"{slot_label(k, view.width)} ({face or 'face down'})", k))
        for dropdown, options in ((self.slot, slots), (self.block, free)):
            if list(dropdown.options) != options:
                dropdown.options = options
                dropdown.value = options[0][1] if options else None
            dropdown.disabled = not options
        self.place_button.disabled = phase != "place"
        self.take_button.disabled = phase != "take"
        hands = view.hands[LEARNER]
        for name, button in self.hand_buttons.items():
            full = len(hands[HAND_NAMES.index(name)]) >= 5
            button.disabled = phase != "assign" or full
        for i, button in enumerate(self.keep_buttons):
            if phase == "keep" and i < len(view.revealed):
                card = view.revealed[i]
                button.description = f"Keep {card}"
                button.disabled = card.rank in ("BJ", "RJ")
                button.layout.display = None
            else:
                button.layout.display = "none"
        over = phase == "over"
        self.hint_button.disabled = self.play_hint_button.disabled = over

    def _score(self) -> None:
        results = self.state.results
        if not results:
            self.scores.set_rows([])
            self.verdict.value = "<p><i>The score sheet fills in at the showdown.</i></p>"
            return
        show = results[-1].showdown
        self.scores.set_rows(showdown_rows(show))
        self.verdict.value = (
            f"<p><b>Game over: {html.escape(self._winner_text())}.</b> "
            f"{html.escape(basic_verdict(show))}</p>"
            f"<pre>{html.escape(show.arithmetic)}</pre>"
        )

    def _log(self) -> None:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines[-8:] if line)
        self.log.value = f"<div class='cardlab-log'><b>Last moves</b><ul>{items}</ul></div>"

    def _mirror(self) -> None:
        view = self.observation
        hands = []
        for seat, who in ((LEARNER, "You"), (BOT, "Bot")):
            for name, h in zip(HAND_NAMES, view.hands[seat], strict=True):
                shown = " ".join(str(c) for c in h) or "empty"
                hands.append(f"{who}, {name} hand: {shown}")
        mine = [f"{k} {view.pyramid[k]}" for k, p in enumerate(view.placer) if p == LEARNER]
        theirs = [str(k) for k, p in enumerate(view.placer) if p == BOT]
        table = [
            f"your blocks in the pyramid (only you see them): {', '.join(mine) or 'none'}",
            f"the bot's face-down blocks: slots {', '.join(theirs) or 'none'}",
        ]
        if view.holding is not None:
            table.append(f"you drew {view.holding}")
        if view.pending is not None:
            table.append(f"you took {view.pending}")
        if view.revealed:
            table.append("revealed by the pharaoh: " + " ".join(str(c) for c in view.revealed))
        legal = (
            list(self.replay.game.legal_actions(self.state))
            if self.replay.current_player == LEARNER
            else ["New game"]
        )
        last = next((line for line in reversed(self.lines) if line), "")
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=legal)
