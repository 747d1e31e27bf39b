"""The Dou Dizhu table: the learner (Player 1, at the bottom) against two AI players.

The learner selects cards on the canvas (or with the card buttons under it) and presses Play, or
Pass; Hint selects what the AI would play in the learner's place.  After each of the learner's
moves the AI seats act at once; chance (the deal, who bids first, a throw-in) resolves with the
seeded replay.  The AI's reasons rest on the cards they hold, so the log shows them once the
deal is over (without the cards they never played), unless "Show all hands" turns the table
into the teacher's view.  An illegal selection is refused with the engine's reason and changes
nothing.  "New deal" keeps the score sheet, so the totals run across deals.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardlab.apps.control import Control
from cardlab.apps.model import (
    LEARNER,
    Mirror,
    ScoreRow,
    Suggestion,
    TableModel,
    first_lines,
    new_table,
)
from cardlab.core.bots import Bot, RandomBot
from cardlab.core.engine import IllegalMove, legal_moves_in_words, seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.text import Phrase
from cardlab.games.doudizhu import GAME, classify, new_game, parse
from cardlab.games.doudizhu.game import DouDizhuState
from cardlab.games.doudizhu.odds import counting_odds
from cardlab.games.doudizhu.review import DouDizhuReviewer
from cardlab.games.doudizhu.scoring import Settlement, settle
from cardlab.lessons.table_position import Recipe
from cardlab.pictures.doudizhu import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


PLAY_SEED = 7
"""The table's first deal."""
SHEET_KEPT = 50
"""The deals the score sheet keeps row by row; the earlier ones become its first row, which
adds them up, so the table's memory stays bounded over a long class (every deal is still a row
of the downloadable results, `cardlab.widgets.results`)."""
BIDS: tuple[tuple[int, str, Message], ...] = (
    (0, "bid-pass", msg("Pass (no bid)")),
    (1, "bid-1", msg("Bid {bid}", bid=1)),
    (2, "bid-2", msg("Bid {bid}", bid=2)),
    (3, "bid-3", msg("Bid {bid}", bid=3)),
)


def ai_bot(seat: int) -> Bot:
    """The AI for ``seat``: the reasoning `DouDizhuBot` (a random player if it is missing)."""
    try:
        from cardlab.games.doudizhu.bots import DouDizhuBot
    except ImportError:  # pragma: no cover - only while the bot is being written
        return RandomBot(f"doudizhu:{seat}")
    return DouDizhuBot()


def default_bots() -> dict[int, Bot]:
    return {1: ai_bot(1), 2: ai_bot(2)}


def pattern_indices(hand: tuple[Any, ...], action: str) -> tuple[int, ...]:
    """The hand indices a ``play <ranks> [as <kind>]`` action takes (first cards of each rank)."""
    text = action.removeprefix("play ").split(" as ")[0]
    taken: list[int] = []
    for card in parse(text):
        index = next(
            i
            for i, c in enumerate(hand)
            if i not in taken and c.rank == card.rank and (card.suit in ("", c.suit))
        )
        taken.append(index)
    return tuple(sorted(taken))


@dataclasses.dataclass(frozen=True, kw_only=True)
class DouDizhuTable(TableModel):
    """The learner against two AI: table, bid/play controls, hint, log, card counting and a
    score sheet that runs across deals."""

    size = (WIDTH, HEIGHT)
    again = ("new-deal",)
    log_window = 13  # with the line of what to do now: the last 14 lines, as before
    game_name = "doudizhu"
    first_words = msg("A new deal: you are Player 1, at the bottom of the table.")  # type: ignore[assignment]
    carried = ("teacher",)
    aids = ("teacher",)
    hint_keys = ("hint", "show-all")
    review_label = Phrase(msg("Review this deal"))
    review_title = Phrase(msg("Your decisions in this deal"))
    sheet: tuple[tuple[int, ...], ...] = ()
    """The deals before this one, as numbers (`sheet_row`): the score sheet is drawn from them
    in the page's language, and a link carries them, so a shared table after New deal reopens
    with its whole sheet.  A first row of four numbers adds up the deals folded into it
    (`SHEET_KEPT`): how many, and each seat's total."""

    @classmethod
    def start(cls, seed: int = PLAY_SEED, bots: Mapping[int, Bot] | None = None) -> Self:
        """The first deal (``seed``) against two AI (or the given ``bots``)."""
        return cls.begin(Recipe(seed), bots)

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Self:
        bots = dict(bots) if bots is not None else default_bots()
        replay = new_game(recipe.seed, **dict(recipe.options))
        fields = dict(recipe.settings)
        said = cls.greeting(recipe)
        table = new_table(cls, replay, bots, said, seed=recipe.seed, recipe=recipe, **fields)
        return replace(table, scores=tuple(sheet_rows(table.sheet)))

    @classmethod
    def read_settings(cls, settings: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
        """A link's settings: the table's (`TableModel.read_settings`) and the earlier deals'
        numbers (`read_sheet`)."""
        rest = {k: v for k, v in settings.items() if k != "sheet"}
        read = super().read_settings(rest)
        return (*read, ("sheet", read_sheet(settings["sheet"]))) if "sheet" in settings else read

    def next_recipe(self, **changes: Any) -> Recipe:
        """The next deal's recipe carries the score sheet, this deal's row added."""
        recipe = super().next_recipe(**changes)
        row = sheet_row(self.seed, self.state)
        sheet = folded((*self.sheet, row) if row else self.sheet)
        return replace(recipe, settings=(*recipe.settings, ("sheet", sheet)))

    @classmethod
    def greeting(cls, recipe: Recipe) -> str:
        """The status line at the start of a deal, in the current language."""
        return str(super().greeting(recipe))

    @classmethod
    def again_words(cls, recipe: Recipe) -> str:
        return str(msg("A new deal (seed {seed}).", seed=recipe.seed))

    # -- where the deal is -----------------------------------------------------------------------
    def waiting(self) -> str:
        """Why the learner cannot play now."""
        phase = self.state.phase
        if phase == "over":
            return str(msg("This deal is over: press New deal to play another."))
        if phase == "bid":
            return str(msg("It is the auction: bid or pass first."))
        return str(msg("It is not your turn."))

    def refusal(self, action: str) -> str:
        """The engine's reason for refusing ``action`` now (a sentence), read without playing it."""
        reason = GAME.why_illegal(self.state, action)
        if reason is None:
            return ""
        text = str(reason)
        return str(msg("{reason}.", reason=text[0].upper() + text[1:]))

    # -- controls --------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        state, mine = self.state, self.my_turn
        bidding = state.phase == "bid" and mine
        playing = state.phase == "play" and mine
        if state.phase == "play":
            bid_why = str(msg("Bidding is over: play a combination, or pass."))
        else:
            bid_why = self.waiting()
        leading = playing and state.table is None
        play_why = self.play_refusal() if playing else ""
        bids = []
        for n, key, label in BIDS:
            allowed = bidding and (n == 0 or n > state.bid)
            why = "" if allowed else self.refusal(f"bid {n}") if bidding else bid_why
            bids.append(Control(key, str(label), allowed, row=1, why_not=why))
        return (
            *bids,
            Control("hint", str(msg("Hint")), playing or bidding, row=2, why_not=self.waiting()),
            Control("play", str(msg("Play selected")), playing and not play_why, row=2,
                    style="success", why_not=play_why if playing else self.waiting()),
            Control("pass", str(msg("Pass")), playing and not leading, row=2,
                    why_not=self.refusal("pass") if leading else self.waiting()),
            Control("clear", str(msg("Clear selection")), playing, row=2, why_not=self.waiting()),
            Control("new-deal", str(msg("New deal")), row=3, style="info"),
            Control("show-all", str(msg("Show all hands (teaching)")), row=3, kind="toggle",
                    value=self.teacher),
        )  # fmt: skip

    def _act(self, key: str, value: Any) -> Self:
        if key.startswith("bid-"):
            n = next(n for n, k, _ in BIDS if k == key)
            said = msg("You pass.") if n == 0 else msg("You bid {bid}.", bid=n)
            return self.move("pass" if n == 0 else f"bid {n}", str(said))
        if key == "play":
            return self.play()
        if key == "pass":
            return self.move("pass", str(msg("You pass.")))
        if key == "hint":
            return self.hinted()
        if key == "clear":
            return self.select(())
        if key == "show-all":
            return dataclasses.replace(self, teacher=value)
        return self.new_deal()

    def play_action(self) -> str:
        """The selected cards as the engine's action (an ambiguous lead as its first reading);
        ``ValueError`` when nothing is selected."""
        cards = self.selected_cards
        if not cards:
            raise ValueError(
                str(msg("Select the cards to play first (click them), or press Pass."))
            )
        action = "play " + " ".join(str(c) for c in cards)
        readings = classify(cards, self.state.ruleset)
        if self.state.table is None and len(readings) > 1:
            action += f" as {readings[0].kind}"
        return action

    def play_refusal(self) -> str:
        """Why the selection cannot be played now (a sentence), or "" when it can: Play
        selected is enabled exactly when this is empty."""
        try:
            action = self.play_action()
        except ValueError as empty:
            return str(empty)
        return self.refusal(action)

    def play(self) -> Self:
        """Play the selected cards (`play_action`)."""
        try:
            replay = self.replay.append(self.play_action())
        except IllegalMove as refused:  # the engine's reason, as text in the page's language
            raise IllegalMove(str(refused.reason), refused.action) from None
        said = str(msg("You play {play}.", play=replay.state.plays[-1].combo.name))
        return self.advance(replay, said, begin=len(self.replay))

    def new_deal(self, seed: int | None = None) -> Self:
        """Deal again: the next deal (``seed``: that one); the score sheet keeps its rows."""
        recipe = self.next_recipe()
        if seed is not None:
            recipe = replace(recipe, seed=seed, class_code="", deal=0)
        return self.begin(recipe, self.bots)

    def suggest(self) -> Suggestion:
        """The AI's bid or play in the learner's place; New deal once the deal is over."""
        state = self.state
        if self.over:
            return Suggestion("new-deal")
        decision = ai_bot(LEARNER).choose(self.observation, GAME.legal_actions(state))
        action = str(decision.action)
        if action.startswith("play "):
            ranks = action[5:].split(" as ")[0]
            chosen = pattern_indices(state.hands[LEARNER], action)
            return Suggestion("play", f"play {ranks} \u2014 {decision.reason}", chosen)
        if state.phase == "play":
            return Suggestion("pass", f"pass \u2014 {decision.reason}")
        key = "bid-pass" if action == "pass" else f"bid-{action.split()[1]}"
        return Suggestion(key, f"{action} \u2014 {decision.reason}")  # the action is notation

    # -- the review of the deal --------------------------------------------------------------
    def reviewer(self) -> DouDizhuReviewer:
        """Each bid and play valued by a seeded simulation of the rest of the deal, against the
        Hint's AI, with the table's own AI in the other seats (`cardlab.games.doudizhu.review`)."""
        return DouDizhuReviewer(ai_bot(LEARNER), self.bots)

    def hand_start(self) -> int:
        """After the last throw-in: a deal nobody bid on is dealt again in the same replay, and
        the deal on the table is the one played out."""
        replay, deal = self.replay, self.state.deal_number
        return next(i for i in range(len(replay) + 1) if replay.state_at(i).deal_number == deal)

    def hand_done(self) -> bool:
        """The deal is over: it is the table's whole game (New deal begins another)."""
        return self.over

    # -- what the learner sees -------------------------------------------------------------------
    def hand(self) -> tuple[Any, ...]:
        return tuple(self.state.hands[LEARNER])

    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        # "show all hands" draws the teacher's view: every hand and the bottom face up
        return table_picture(
            self.seen,
            you=LEARNER,
            selected=frozenset(selected),
            banner=self.banner(),
            theme=theme,
            portrait=portrait,
        )

    def banner(self) -> str:
        state = self.state
        said: Message | None = None
        if state.phase == "bid":
            said = msg("The auction: your bid") if self.my_turn else msg("The auction")
        elif state.phase == "play":
            if not self.my_turn:
                # Translators: the banner over the table during the play (a noun: the play phase)
                said = msg("Play")
            elif state.table is None:
                said = msg("Your lead: play any combination")
            else:
                said = msg("Beat it or pass")
        elif state.phase == "over":
            won = GAME.returns(state)[LEARNER] > 0
            said = msg("You win!") if won else msg("You lose this deal")
        return "" if said is None else str(said)

    def log_footer(self) -> list[str]:
        state = self.state
        if state.phase == "over":
            return [str(msg("Press New deal to play again; the score sheet keeps the totals."))]
        if state.phase == "bid" and self.my_turn:
            return [str(msg("Your bid: Pass, or bid higher than the highest bid so far."))]
        if state.phase == "play" and self.my_turn:
            if state.table is None:
                return [str(msg("You lead: select any combination and press Play."))]
            return [str(msg("Select cards (click them on the table) and press Play, or Pass."))]
        return []

    def notes_html(self) -> str:
        """Card counting from what the learner has seen (during the play only)."""
        if self.state.phase != "play":
            return ""
        c = counting_odds(self.observation, seed=len(self.replay))
        names = [seat_name(s) for s in c.others]  # never the learner: the others' hands
        body = "".join(f"<li>{html.escape(str(line))}</li>" for line in c.lines(names))
        head = msg("<b>Card counting (from what you have seen)</b>")
        return f"<div class='cardlab-counting'>{head}<ul>{body}</ul></div>"

    def mirror(self) -> Mirror:
        view, shown = self.observation, self.seen
        hands = []
        for s, cards in enumerate(shown.hands):
            if cards and cards[0] is not None:
                text: str | Message = " ".join(str(c) for c in cards)
            else:
                text = msgn("{count} card, face down", "{count} cards, face down", len(cards))
            who = msg("You") if s == LEARNER else seat_name(s)
            if view.landlord is None:
                line = msg("{player}: {cards}", player=who, cards=text)
            elif s == view.landlord:
                line = msg("{player} (landlord): {cards}", player=who, cards=text)
            else:
                line = msg("{player} (farmer): {cards}", player=who, cards=text)
            hands.append(str(line))
        bombs = view.bombs + view.rockets
        if view.bid:
            first = msg("bid {bid}, bombs and rockets {count}", bid=view.bid, count=bombs)
        else:
            first = msg("bid none yet, bombs and rockets {count}", count=bombs)
        table = [str(first)]
        if view.table is not None:
            if view.last_player == LEARNER:
                beat = msg("to beat: {play} by you", play=view.table.name)
            else:
                beat = msg(
                    "to beat: {play} by {player}",
                    play=view.table.name,
                    player=seat_name(view.last_player),
                )
            table.append(str(beat))
        bottom = " ".join(str(c) for c in view.bottom if c is not None)
        if bottom:
            table.append(str(msg("bottom cards: {cards}", cards=bottom)))
        else:
            table.append(str(msg("bottom cards: face down")))
        if self.my_turn:
            legal = first_lines(legal_moves_in_words(GAME, self.state), 12)
        else:
            legal = [str(msg("none: it is not your turn"))]
        return Mirror(tuple(hands), tuple(table), self.last_line(), tuple(legal))

    # -- the score sheet -------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return (str(msg("You (P1)")), str(msg("P2")), str(msg("P3")))

    def score_row(self, replay: Replay[DouDizhuState]) -> ScoreRow | None:
        row = sheet_row(self.seed, replay.state)
        return score_line(row, deals_before(self.sheet) + 1) if row else None


# -- the score sheet as numbers -----------------------------------------------------------------
DEAL_ROW = 7
"""A deal's numbers: seed, landlord's seat, bid, bombs, rockets, doubled (a spring or an
anti-spring), whether the landlord won."""
FOLD_ROW = 4
"""The folded deals' numbers: how many, and each seat's total."""


def sheet_row(seed: int, state: Any) -> tuple[int, ...]:
    """The numbers of the deal ``state`` ended (``()``: it has not ended, or was thrown in)."""
    result = state.result
    if result is None:
        return ()
    won = state.winner == state.landlord
    doubled = result.multiplier != 2 ** (state.bombs + state.rockets)
    return (seed, state.landlord, state.bid, state.bombs, state.rockets, int(doubled), int(won))


def settled(row: tuple[int, ...]) -> Settlement:
    """The scoring of a deal's numbers (`sheet_row`)."""
    _, _, bid, bombs, rockets, doubled, won = row
    return settle(bid, bombs, rockets, bool(doubled and won), bool(doubled and not won), bool(won))


def deals_before(sheet: tuple[tuple[int, ...], ...]) -> int:
    """How many deals ``sheet`` holds, the folded ones counted."""
    return sum(row[0] if len(row) == FOLD_ROW else 1 for row in sheet)


def score_line(row: tuple[int, ...], number: int) -> ScoreRow:
    """Deal ``number``'s row of the score sheet, in the current language."""
    seed, landlord, bid, bombs, rockets, doubled, won = row
    result = settle(
        bid, bombs, rockets, bool(doubled and won), bool(doubled and not won), bool(won)
    )
    scores = tuple(result.farmer if s != landlord else result.landlord for s in range(3))
    if won:
        note = msg("{player} landlord, landlord win: {arithmetic}",
                   player=seat_name(landlord), arithmetic=result.arithmetic)  # fmt: skip
    else:
        note = msg("{player} landlord, farmers win: {arithmetic}",
                   player=seat_name(landlord), arithmetic=result.arithmetic)  # fmt: skip
    label = msg("Deal {number} (seed {seed})", number=number, seed=seed)
    return ScoreRow(str(label), scores, str(note))


def sheet_rows(sheet: tuple[tuple[int, ...], ...]) -> list[ScoreRow]:
    """The score sheet's rows drawn from its numbers."""
    rows, number = [], 0
    for row in sheet:
        if len(row) == FOLD_ROW:
            number = row[0]
            label = msgn("Deal 1, added up", "Deals 1-{count}, added up", number)
            rows.append(ScoreRow(str(label), tuple(row[1:])))
        else:
            number += 1
            rows.append(score_line(row, number))
    return rows


def folded(sheet: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """``sheet`` cut to `SHEET_KEPT` rows: the earliest deals (and an earlier sum) added up in
    its first row, so the totals still run across every deal and a long class stays small."""
    if len(sheet) <= SHEET_KEPT:
        return sheet
    cut = len(sheet) - SHEET_KEPT + 1
    rows = sheet_rows(sheet[:cut])
    totals = tuple(int(sum(row.scores[i] for row in rows)) for i in range(3))
    return ((deals_before(sheet[:cut]), *totals), *sheet[cut:])


def read_sheet(value: Any) -> tuple[tuple[int, ...], ...]:
    """A link's score sheet checked: at most `SHEET_KEPT` rows of numbers a deal can have (a
    fold row first, if any); ``ValueError`` naming what is wrong."""
    bad = ValueError(msg("moves: the score sheet {value} is not one of this table's",
                         value=str(value)[:60]))  # fmt: skip
    if not isinstance(value, list | tuple) or len(value) > SHEET_KEPT:
        raise bad
    sheet = []
    for i, row in enumerate(value):
        if not isinstance(row, list | tuple) or not all(
            isinstance(n, int) and not isinstance(n, bool) and abs(n) < 2**64 for n in row
        ):
            raise bad
        if len(row) == FOLD_ROW and i == 0 and row[0] > 0 and sum(row[1:]) == 0:
            sheet.append(tuple(row))
            continue
        if len(row) != DEAL_ROW:
            raise bad
        _, landlord, _, bombs, _, doubled, won = row
        if landlord not in (0, 1, 2) or doubled not in (0, 1) or won not in (0, 1) or bombs > 13:
            raise bad
        try:
            settled(tuple(row))
        except ValueError:
            raise bad from None
        sheet.append(tuple(row))
    return tuple(sheet)
