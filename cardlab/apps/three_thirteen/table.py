"""The Three Thirteen table: the learner (Player 1, at the bottom) against 1-3 bots.

The learner's hand is drawn as the solver arranges it (melds framed and labelled, wild cards
tagged, deadwood apart) and every card is clickable (or toggled by its button twin).  Take stock /
Take discard draw (or a click on the stock or the discard pile), Discard selected / Go out finish
the turn; a button is enabled only when its move is possible now, and Go out only when some
discard leaves every other card melded.  Chance steps (the deal, the stock card) resolve at once
with the seeded replay and the bots then play until it is the learner's turn again; each bot's
one-sentence reason joins the log when the round is over (it rests on the bot's hand): the log then
holds the whole round, who went out included.  A finished round stays on the table, every hand
face up and arranged with the piles as they ended, until "Next round"; the text version tells the
same round.  The words (log, status line, text version) write cards in the notation
(docs/notation.md: ``7h``, ``10c``); the picture and the card buttons show them as printed.
"Show the advisor" puts the exact draw/discard odds for the learner's own view under the log.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab.apps.control import Control
from cardlab.apps.model import LEARNER, Entry, Mirror, ScoreRow, Suggestion, TableModel, new_table
from cardlab.core.bots import Bot, reason_for
from cardlab.core.cards import Card
from cardlab.core.engine import IllegalMove, seat_name
from cardlab.core.i18n import joined, msg, msgn, num, pct
from cardlab.core.replay import Replay
from cardlab.core.review import Reviewer
from cardlab.core.text import Phrase
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.three_thirteen.game import (
    GAME,
    ThreeThirteenState,
    ThreeThirteenView,
    best_arrangement,
    go_out_discards,
    listed,
)
from cardlab.games.three_thirteen.melds import Arrangement, penalty_value
from cardlab.games.three_thirteen.odds import advise, keep_value, stock_outlook
from cardlab.games.three_thirteen.review import ThreeThirteenReviewer
from cardlab.games.three_thirteen.rules import DECK
from cardlab.games.three_thirteen.rules import card_text as card_code
from cardlab.lessons.table_position import Recipe
from cardlab.pictures.three_thirteen import (
    WIDTH,
    TablePicture,
    arrangement_groups,
    card_text,
    rank_message,
    round_result,
    round_table,
    seat_pictures,
    short_name,
    shown,
    table_picture,
)
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


PLAY_SEED = 7


def opponents_choices() -> tuple[tuple[str, int], ...]:
    """The Opponents dropdown: ``1 bot``, ``2 bots``, ``3 bots``."""
    return tuple((str(msgn("{count} bot", "{count} bots", n)), n) for n in (1, 2, 3))


STAR = " \u2605"


def ai_bots(opponents: int = 1) -> dict[int, Bot]:
    """``opponents`` bots in seats 2 and on (the learner is seat 1)."""
    return {seat: ThreeThirteenBot() for seat in range(1, opponents + 1)}


def round_words(state: Any) -> str:
    """``3 cards each, 3s wild``: what a round deals."""
    return str(
        msgn(
            "{count} card each, {wild} wild",
            "{count} cards each, {wild} wild",
            state.hand_size,
            wild=rank_message(state.wild, True),
        )
    )


# -- the score sheet -------------------------------------------------------------------------------
def round_note(view_or_state: Any, result: Any) -> str:
    """The score sheet's arithmetic for one round: who went out, everyone's deadwood sum."""
    aces = getattr(view_or_state, "aces", "low")
    parts = []
    for s, arr in enumerate(result.arrangements):
        if s == result.went_out:
            parts.append(str(msg("{player} went out: 0", player=short_name(s))))
            continue
        values = [penalty_value(c, aces) for c in arr.deadwood]
        if not values:
            parts.append(str(msg("{player} all melded: 0", player=short_name(s))))
        elif len(values) == 1:
            parts.append(f"{short_name(s)} {values[0]}")
        else:
            parts.append(f"{short_name(s)} {' + '.join(map(str, values))} = {sum(values)}")
    note = "; ".join(parts)
    if getattr(result, "stock_ran_out", False):
        return str(msg("{note} (the stock ran out)", note=note))
    return note


def score_row(view_or_state: Any, result: Any) -> ScoreRow:
    label = str(
        msg(
            "Round {round} ({wild} wild)",
            round=result.number,
            wild=rank_message(result.wild, True),
        )
    )
    return ScoreRow(label, tuple(result.scores), round_note(view_or_state, result))


def score_rows(view_or_state: Any) -> list[tuple[str, tuple[int, ...], str]]:
    """Every round scored so far, as the score sheet's (label, scores, note) rows."""
    rows = [score_row(view_or_state, result) for result in view_or_state.results]
    return [(r.label, tuple(int(x) for x in r.scores), r.note) for r in rows]


# -- the advisor (words only: the odds panel and the table both show it) ---------------------------
def gone_cards(view: ThreeThirteenView) -> tuple[Card, ...]:
    """Cards the seat knows are not in the stock besides its hand: the discard pile and the cards
    others took from it (and must still hold)."""
    gone = list(view.discard)
    for s, cards in enumerate(view.taken):
        if s != view.seat:
            gone += list(cards)
    return tuple(gone)


def advisor_waits() -> str:
    """What the advisor says while nobody is to draw or discard."""
    waits = msg("The advisor speaks when a player is to draw or discard.")
    return f"<p><i>{waits}</i></p>"


def advisor_html(view: Any, who: str = "") -> str:
    """The advisor for the seat to act in ``view`` (its own observation).

    Before the draw: what the top discard would do, and the exact chance that the next stock card
    lets the player go out.  After the draw: every discard's deadwood now and that chance for the
    next turn, best first."""
    who = who or str(seat_name(view.seat) if view.seat is not None else msg("the player"))
    hand = view.hand
    if not hand or view.phase not in ("draw", "discard"):
        return advisor_waits()
    opts = (view.aces, view.max_wilds)
    if view.phase == "draw":
        unseen = view.unseen()
        n = sum(unseen.values())
        outlook = stock_outlook(hand, view.wild, unseen, *opts)
        now = best_arrangement(hand, view.wild, *opts).penalty
        lines = [
            msgn(
                "{player} holds {count} card; best deadwood now <b>{points}</b>.",
                "{player} holds {count} cards; best deadwood now <b>{points}</b>.",
                len(hand),
                player=html.escape(who),
                points=now,
            ),
            msgn(
                "<b>Next stock card:</b> {unseen} cards are unseen (the deck minus the hand, the "
                "discard pile and cards others are known to hold); <b>{count}</b> of them would "
                "let {player} go out: P = {count}/{unseen} = {chance}. Expected deadwood after "
                "the best discard: {expected}.",
                "<b>Next stock card:</b> {unseen} cards are unseen (the deck minus the hand, the "
                "discard pile and cards others are known to hold); <b>{count}</b> of them would "
                "let {player} go out: P = {count}/{unseen} = {chance}. Expected deadwood after "
                "the best discard: {expected}.",
                outlook.go_out_count,
                unseen=n,
                player=html.escape(who),
                chance=pct(float(outlook.p_go_out), 1),
                expected=num(round(outlook.expected_deadwood, 1), 1),
            ),
        ]
        if outlook.go_out_cards:
            shown = str(
                joined(
                    card_text(c) + (f" \u00d7{k}" if k > 1 else "") for c, k in outlook.go_out_cards
                )
            )
            lines.append(msg("Cards that go out: {cards}.", cards=html.escape(shown[:300])))
        top = view.top
        if top is not None:
            plus = (*hand, top)
            keep = keep_value(plus, view.wild, *opts)[0]
            if go_out_discards(plus, view.wild, *opts):
                verdict = msg("<b>take it: you can go out at once</b>")
            elif keep < outlook.expected_deadwood:
                verdict = msg("it beats the stock on average: take it")
            else:
                verdict = msg("the stock is better on average")
            lines.append(
                msg(
                    "<b>Top discard {card}:</b> taking it leaves deadwood {points} after the "
                    "best discard; {verdict}.",
                    card=card_text(top),
                    points=keep,
                    verdict=verdict,
                )
            )
        items = "".join(f"<li>{line}</li>" for line in lines)
        title = msg("Advisor")
        return f"<div class='cardlab-advisor'><b>{title}</b><ul>{items}</ul></div>"
    advice = advise(hand, view.wild, gone_cards(view), view.decks, *opts)
    rows = []
    for k, ch in enumerate(advice.choices[:6]):
        style = " style='font-weight:bold;background:#fff7d6'" if k == 0 else ""
        p = ch.outlook.p_go_out
        rows.append(
            f"<tr{style}><td>{card_text(ch.card)}{STAR if k == 0 else ''}</td>"
            f"<td>{ch.deadwood}</td><td>{ch.outlook.go_out_count}/{ch.outlook.unseen}"
            f" = {pct(float(p), 1)}</td></tr>"
        )
    heads = "".join(
        f"<th>{head}</th>"
        for head in (
            # Translators: a column head: the card to discard
            msg("Discard"),
            msg("Deadwood left"),
            msg("P(next stock card lets you go out)"),
        )
    )
    table = (
        "<table class='cardlab-advice' style='border-collapse:collapse'><thead><tr>"
        f"{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    head = msg(
        "<b>Advisor</b> ({player}, {count} unseen cards): {advice}",
        player=html.escape(who),
        count=advice.unseen,
        advice=html.escape(str(advice.summary())),
    )
    return f"<div class='cardlab-advisor'>{head}{table}</div>"


def _meld_words(meld: Any) -> object:
    """A meld's cards in the notation, then its kind: ``5h 6h 7c (run)``."""
    cards = " ".join(card_code(c) for c in meld.cards)
    if meld.kind == "run":
        return msg("{cards} (run)", cards=cards)
    return msg("{cards} (set)", cards=cards)


def _either(cards: Iterable[Any], write: Any = card_code) -> object:
    """``7h or 9c``: the cards a learner may choose between (``write``: each card's words)."""
    cards = [write(c) for c in cards]
    if len(cards) == 1:
        return cards[0]
    return msg("{first} or {last}", first=joined(cards[:-1]), last=cards[-1])


def _short(text: str, n: int = 34) -> str:
    text = text.replace("Player ", "P")
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def _sentence(reason: object) -> str:
    """The engine's refusal as a sentence on the status line."""
    text = str(reason or "").strip()
    text = text[:1].upper() + text[1:]
    if not text or text.endswith((".", "!", "?", "\u3002")):
        return text
    # Translators: a refusal made a sentence: its full stop ("。" in Chinese)
    return str(msg("{sentence}.", sentence=text))


# -- the table -------------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class ThreeThirteenTable(TableModel):
    """The learner against 1-3 bots: table, hand, controls, log, score sheet and advisor."""

    advisor: bool = False
    """The "Show the advisor" box: the exact odds for the learner's own view, under the log."""
    opponents: int = 1
    """The bots the next New game seats (the dropdown; the table now has ``len(bots)``)."""
    round_log: tuple[Entry, ...] = ()
    """Every logged step of the round being played (the log shows it once the round is over)."""

    size = (WIDTH, 520.0)
    multi_select = False

    @property
    def log_title(self) -> str:  # type: ignore[override]
        if self.round_over:
            return str(msg("This round"))
        return str(msg("This turn"))

    @property
    def round_over(self) -> bool:
        """A scored round lies on the table (between rounds, or the game is over)."""
        return self.stage in ("between", "over")

    def advance(self, replay: Replay[ThreeThirteenState], said: str, **how: Any) -> Self:
        """`TableModel.advance`, the new steps also kept in the round's log (a new one once the
        last round was over)."""
        table = super().advance(replay, said, **how)
        new = table.log if how.get("fresh") else table.log[len(self.log) :]
        return table._round_logged(new, fresh=self.round_over or not self.round_log)

    def _round_logged(self, new: tuple[Entry, ...], fresh: bool = False) -> Self:
        before = () if fresh else self.round_log
        return dataclasses.replace(self, round_log=(*before, *new))

    @property
    def score_title(self) -> str:  # type: ignore[override]
        return str(msg("Score sheet (lowest total wins)"))

    game_name = "three_thirteen"
    ai_range = (1, 3)
    carried = ("advisor",)
    aids = ("advisor",)
    goes_on = ("next-round",)
    review_label: ClassVar[str] = Phrase(msg("Review this round"))  # type: ignore[assignment]
    review_title: ClassVar[str] = Phrase(msg("Your decisions in this round"))  # type: ignore[assignment]

    @classmethod
    def start(
        cls,
        seed: int = PLAY_SEED,
        opponents: int = 1,
        rounds: int = 11,
        bots: Mapping[int, Bot] | None = None,
        advisor: bool = False,
    ) -> Self:
        """A new game of ``rounds`` rounds against ``opponents`` bots (or the given ``bots``)."""
        opponents = opponents if bots is None else len(bots)
        options = () if rounds == GAME.default_options["rounds"] else (("rounds", rounds),)
        recipe = Recipe(seed, ai=opponents, options=options, settings=(("advisor", advisor),))
        return cls.begin(recipe, bots)

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Self:
        bots = dict(bots) if bots is not None else ai_bots(1 if recipe.ai is None else recipe.ai)
        if not 1 <= len(bots) <= 3:
            raise ValueError(
                str(
                    msg(
                        "the table seats you and 1-3 bots (2-4 players), got {count} bots",
                        count=len(bots),
                    )
                )
            )
        replay = Replay.start(GAME, recipe.seed, **dict(recipe.options), players=1 + len(bots))
        said, fields = cls.greeting(recipe), dict(recipe.settings)
        table = new_table(
            cls, replay, bots, said, seed=recipe.seed, recipe=recipe, opponents=len(bots), **fields
        )
        first = msg("Round 1: {dealt}.", dealt=round_words(table.state))
        return table.say(f"{said} {first}")

    @classmethod
    def again_words(cls, recipe: Recipe) -> str:
        return str(
            msgn(
                "A new game (seed {seed}) against {count} bot.",
                "A new game (seed {seed}) against {count} bots.",
                recipe.ai or 0,
                seed=recipe.seed,
            )
        )

    # -- where the game is ---------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``draw`` / ``discard`` (the learner's move), ``between`` rounds, or ``over``."""
        if self.over:
            return "over"
        return self.state.phase if self.my_turn else "between"

    def pause(self, state: Any) -> bool:
        """A scored round stays on the table, every hand laid down, until Next round."""
        return state.phase == "deal" and not any(state.hands) and bool(state.results)

    # -- the review of a round -----------------------------------------------------------------
    def hand_done(self) -> bool:
        """The round on the table is scored: between rounds, or the game is over."""
        return self.round_over

    def hand_start(self) -> int:
        """The step the round on the table began after: the one that scored the round before
        (the first round: from the start)."""
        replay = self.replay
        before = len(replay.state.results) - (1 if self.hand_done() else 0)  # scored before it
        step = len(replay)
        while step > 0 and len(replay.state_at(step - 1).results) >= before:
            step -= 1
        return step

    def hint_bot(self) -> Bot:
        """The table's bot in the learner's seat: the Hint's and the review's AI."""
        return ThreeThirteenBot()

    def reviewer(self) -> Reviewer:
        """Every decision valued exactly in deadwood against the Hint's bot
        (`cardlab.games.three_thirteen.review`)."""
        return ThreeThirteenReviewer(self.hint_bot())

    def waiting(self) -> str:
        """Why the learner cannot move now ("" when they can)."""
        stage = self.stage
        if stage == "over":
            return str(msg("The game is over: press New game to play again."))
        if stage == "between":
            return str(msg("This round is over: press Next round to deal the next one."))
        return ""

    def arrangement(self) -> Arrangement:
        view = self.observation
        return best_arrangement(view.hand, view.wild, view.aces, view.max_wilds)

    def go_out_cards(self) -> tuple[Any, ...]:
        """The discards that go out now (none before the draw or after someone went out)."""
        view = self.observation
        if self.stage != "discard" or view.went_out is not None:
            return ()
        return tuple(go_out_discards(view.hand, view.wild, view.aces, view.max_wilds))

    def _refusal(self, action: str) -> str:
        return _sentence(GAME.why_illegal(self.state, action))

    # -- controls ----------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        stage, view = self.stage, self.observation
        waiting = self.waiting()
        drawing, discarding = stage == "draw", stage == "discard"
        hand = view.hand
        take_why = waiting or ("" if drawing else self._refusal("take stock"))
        pile_why = take_why or str(
            msg("The discard pile is empty: take the top card of the stock.")
        )
        outs = self.go_out_cards()
        chosen = self.selected_cards
        if outs:
            out = chosen[0] if chosen and chosen[0] in outs else self._best_out(outs)
            go_label = str(msg("Go out (discard {card})", card=card_text(out)))
        else:
            go_label = str(msg("Go out"))
        go_why = waiting or self._refusal("go out " + (hand[0].code if hand else "?"))
        if discarding and not outs and view.went_out is None:
            go_why = str(
                msg(
                    "You cannot go out yet: no discard leaves every other card melded (your best "
                    "melds leave deadwood {points}).",
                    points=self.arrangement().penalty,
                )
            )
        next_why = str(msg("This round is still being played: finish your turn first."))
        if stage == "over":
            next_why = waiting
        return (
            Control(
                "take-stock",
                str(msg("Take stock")),
                drawing,
                row=1,
                style="primary",
                why_not=take_why,
            ),
            Control(
                "take-discard",
                str(msg("Take discard")),
                drawing and bool(view.discard),
                row=1,
                why_not=pile_why,
            ),
            Control(
                "discard",
                str(msg("Discard selected")),
                discarding,
                row=1,
                style="info",
                why_not=waiting or ("" if discarding else self._refusal("discard ?")),
            ),
            Control("go-out", go_label, bool(outs), row=1, style="success", why_not=go_why),
            Control(
                "next-round",
                str(msg("Next round")),
                stage == "between",
                row=2,
                style="info",
                why_not=next_why,
            ),
            Control("new-game", str(msg("New game")), row=2),
            Control(
                "opponents",
                str(msg("Opponents")),
                row=2,
                kind="choice",
                value=self.opponents,
                options=opponents_choices(),
            ),
            Control(
                "hint",
                str(msg("Show the advisor (a hint)")),
                row=3,
                kind="toggle",
                value=self.advisor,
            ),
        )

    def _best_out(self, outs: Iterable[Any]) -> Any:
        """The go-out discard that throws away the most points."""
        return max(outs, key=lambda c: penalty_value(c, self.observation.aces))

    def _act(self, key: str, value: Any) -> Self:
        if key in ("take-stock", "take-discard"):
            return self.take(key.removeprefix("take-"))
        if key == "discard":
            return self.discard()
        if key == "go-out":
            return self.go_out()
        if key == "next-round":
            return self.next_round()
        if key == "hint":
            return dataclasses.replace(self, advisor=value)
        if key == "opponents":
            said = msgn(
                "Press New game to play against {count} bot.",
                "Press New game to play against {count} bots.",
                value,
            )
            return dataclasses.replace(self, opponents=value).say(str(said))
        return self.new_game()

    def _click(self, target: str) -> Self:
        """The stock and the discard pile on the canvas are the Take buttons."""
        if target in ("stock", "discard"):
            return self.act(f"take-{target}")
        return super()._click(target)

    # -- moves ---------------------------------------------------------------------------------
    def take(self, source: str) -> Self:
        """Draw from the ``stock`` or the ``discard`` pile; the stock card is a chance step."""
        took = self.state.discard[-1] if source == "discard" and self.state.discard else None
        replay = self.replay.append(f"take {source}").resolve_chance()
        if took is not None:
            said = msg("You took the {card} from the discard pile.", card=card_code(took))
        else:
            drawn = DECK.parse_card(replay.actions[-1].split()[-1])
            said = msg("You drew the {card} from the stock.", card=card_code(drawn))
        table = self.advance(replay, str(said), fresh=True)
        entry = Entry(replay.event_at(len(replay)))
        return dataclasses.replace(table, log=(entry,))._round_logged((entry,))

    def discard(self, card: Any = None) -> Self:
        """Discard the selected card (or ``card``, e.g. ``"7h"``); then the bots play."""
        return self._finish("discard", card)

    def go_out(self, card: Any = None) -> Self:
        """Go out discarding the selected card (or, with nothing selected, a card that works)."""
        if card is None and not self.selected:
            outs = self.go_out_cards()
            if outs:
                card = self._best_out(outs)
        return self._finish("go out", card)

    def _finish(self, verb: str, card: Any) -> Self:
        control = self.control("discard" if verb == "discard" else "go-out")
        if not control.enabled:
            raise ValueError(control.why_not)
        if card is None:
            if not self.selected:
                raise ValueError(
                    str(msg("Select a card first (click it on the table or its button below)."))
                )
            card = self.selected_cards[0]
        code = card if isinstance(card, str) else card.code
        try:  # the engine refuses what is illegal, in the page's language
            replay = self.replay.append(f"{verb} {code}")
        except IllegalMove as exc:
            raise IllegalMove(str(exc.reason), exc.action) from None
        done = DECK.parse_card(replay.actions[-1].split()[-1])
        if verb == "go out":
            said = msg("You went out!")
        else:
            said = msg("You discarded the {card}.", card=card_code(done))
        return self.advance(replay, str(said), begin=len(self.replay), fresh=True)

    def next_round(self) -> Self:
        said = str(
            msg(
                "Round {round} is dealt: {dealt}.",
                round=self.state.round,
                dealt=round_words(self.state),
            )
        )
        replay = self.replay.advance_chance()  # the first card of the deal
        return self.advance(replay, said, begin=len(self.replay), level="info", fresh=True)

    def new_game(self) -> Self:
        """The next game against the number of bots chosen (the same bots if it is theirs)."""
        bots = self.bots if self.opponents == len(self.bots) else None
        return self.begin(self.next_recipe(ai=self.opponents), bots)

    def suggest(self) -> Suggestion:
        """What the table's bot would do in the learner's seat (it goes out whenever it can)."""
        stage = self.stage
        if stage in ("between", "over"):
            return Suggestion("next-round" if stage == "between" else "new-game")
        decision = self.hint_bot().choose(self.observation, GAME.legal_actions(self.state))
        action = str(decision.action)
        if action.startswith("take "):
            return Suggestion(action.replace(" ", "-"), decision.reason)
        key = "go-out" if action.startswith("go out") else "discard"
        card = DECK.parse_card(action.split()[-1])
        return Suggestion(key, decision.reason, (self.hand().index(card),))

    # -- what the learner sees ---------------------------------------------------------------------
    def card_label(self, card: Any) -> str:
        """The card buttons read as the cards are printed: ``7♥``, ``10♣``."""
        return card_text(card)

    def hand(self) -> tuple[Any, ...]:
        """The learner's cards in the order drawn: meld by meld, the deadwood last."""
        if self.stage not in ("draw", "discard"):
            return ()
        groups = arrangement_groups(self.arrangement(), self.observation.wild)
        return tuple(c for g in groups for c in g.cards)

    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        return table_picture(
            self.table(), theme=theme, selected=frozenset(selected), portrait=portrait
        )

    def table(self) -> TablePicture:
        """The table as the learner sees it: their hand arranged, the bots' hands as backs with
        what each did last, or every hand laid down once a round is scored."""
        view = self.observation
        result = round_result(view)
        if result is None:
            banner = str(
                msgn(
                    "Round {round} of {rounds} \u00b7 {count} card \u00b7 {wild} wild",
                    "Round {round} of {rounds} \u00b7 {count} cards \u00b7 {wild} wild",
                    view.hand_size,
                    round=view.round,
                    rounds=view.rounds,
                    wild=rank_message(view.wild, True),
                )
            )
        elif self.stage == "over":
            banner = str(msg("Game over: {winners}", winners=self.winner_text()))
        else:
            banner = str(
                msg("Round {round} of {rounds} is over", round=result.number, rounds=view.rounds)
            )
        seats = seat_pictures(view, result, hidden_notes=lambda s: (_short(self.last_action(s)),))
        return round_table(view, result, banner, self.table_notes(), seats)

    def last_action(self, seat: int) -> str:
        """What ``seat`` did last this game, as the learner read it ("" before its first move)."""
        replay = self.replay
        for step in range(len(replay), 0, -1):
            event = replay.event_at(step)
            if event.actor == seat:
                return event.narration_for(LEARNER)
        return ""

    def table_notes(self) -> tuple[str, ...]:
        stage = self.stage
        view = self.observation
        # Translators: the table's notes are short lines beside the discard pile (about 25 letters)
        if stage == "draw":
            first = msg("Your turn: draw")
            rest: tuple[object, ...] = (
                msg("click the stock or the"),
                msg("discard pile (or a button)"),
            )
        elif stage == "discard":
            first = msg("Now discard (or go out)")
            outs = self.go_out_cards()
            rest = (
                (msg("You can go out!"), msg("discard {cards}", cards=_either(outs, card_text)))
                if outs
                else (msg("select a card, then"), msg("Discard selected"))
            )
        elif stage == "between":
            first, rest = msg("Round over"), (msg("press Next round"),)
        else:
            first, rest = msg("Game over"), (msg("press New game"),)
        if view.went_out is not None and stage in ("draw", "discard"):
            rest = (
                msg("{player} went out:", player=short_name(view.went_out)),
                msg("this is your last turn"),
            )
        return tuple(str(note) for note in (first, *rest))

    def winner_text(self) -> str:
        totals = self.state.totals
        low = min(totals)
        winners = [short_name(s) for s in range(len(totals)) if totals[s] == low]
        if len(winners) == 1:
            return str(msg("{player} wins with {points}", player=winners[0], points=low))
        return str(
            msg(
                "{players} share the win with {points}",
                players=msg("{first} and {last}", first=joined(winners[:-1]), last=winners[-1]),
                points=low,
            )
        )

    def log_lines(self) -> list[str]:
        """This turn's moves; a bot's reason rests on the cards it holds, so it follows its move
        ("Why? ...") only once the round is over, as at a real table: the log then tells the
        whole round, who went out and why each bot did what it did."""
        shown = self.round_over
        lines = []
        for entry in self.round_log if shown else self.log:
            lines.append(entry.event.narration_for(self.viewer))
            if entry.reason is not None:
                reason = reason_for(entry.reason, entry.seat, self.viewer, shown=shown)
                if reason:
                    lines.append(
                        str(
                            msg(
                                "Why? {player}: {reason}",
                                player=seat_name(entry.seat),
                                reason=reason,
                            )
                        )
                    )
        return [line for line in lines if line]

    def log_footer(self) -> list[str]:
        stage = self.stage
        if stage == "draw":
            top = self.observation.top
            if top is None:
                said = msg("Your turn: take the top card of the stock.")
            else:
                said = msg(
                    "Your turn. The top discard is the {card}: take it, or take the unseen "
                    "top card of the stock.",
                    card=card_code(top),
                )
        elif stage == "discard":
            outs = self.go_out_cards()
            if outs:
                said = msg(
                    "Every card but one melds: you can go out by discarding {cards}.",
                    cards=_either(outs),
                )
            else:
                said = msg(
                    "Your best melds leave deadwood {points}. Select a card and "
                    "press Discard selected.",
                    points=self.arrangement().penalty,
                )
        elif stage == "between":
            said = msg("Press Next round to deal the next round.")
        else:
            said = msg("Press New game to play again.")
        return [str(said)]

    def notes_html(self) -> str:
        if not self.advisor or self.stage not in ("draw", "discard"):
            return ""
        return advisor_html(self.observation)

    def mirror(self) -> Mirror:
        view = self.observation
        stage = self.stage
        hands = []
        result = round_result(view)
        if result is not None:
            for s in range(view.players):
                cards = " ".join(card_code(c) for c in result.hands[s])
                hands.append(
                    str(
                        msg(
                            "{player}: {cards} (scored {points})",
                            player=short_name(s),
                            cards=cards,
                            points=result.scores[s],
                        )
                    )
                )
        else:
            arr = self.arrangement()
            melds = listed(_meld_words(m) for m in arr.melds)
            none = msg("none")
            dead = " ".join(card_code(c) for c in arr.deadwood) or none
            hands.append(
                str(
                    msg(
                        "You: melds {melds}; deadwood {cards} = {points}",
                        melds=melds or none,
                        cards=dead,
                        points=arr.penalty,
                    )
                )
            )
            for s in range(1, view.players):
                hands.append(
                    str(
                        msgn(
                            "{player}: {count} card, face down",
                            "{player}: {count} cards, face down",
                            view.hand_sizes[s],
                            player=short_name(s),
                        )
                    )
                )
        now = shown(view, result)  # the round the picture shows
        table = (
            str(
                msg(
                    "round {round} of {rounds}, {wild} wild",
                    round=now.round,
                    rounds=view.rounds,
                    wild=rank_message(now.wild, True),
                )
            ),
            str(
                msgn(
                    "stock {count} card; top discard {top}",
                    "stock {count} cards; top discard {top}",
                    now.stock,
                    top=card_code(now.top) if now.top else msg("none"),
                )
            ),
            *((round_note(view, result),) if result is not None else ()),
            str(
                msg(
                    "totals: {totals}",
                    totals=joined(f"{short_name(s)} {t}" for s, t in enumerate(view.totals)),
                )
            ),
        )
        legal = {
            "draw": [msg("Take stock"), msg("Take discard")],
            "discard": [msg("Discard a card")] + ([msg("Go out")] if self.go_out_cards() else []),
            "between": [msg("Next round")],
            "over": [msg("New game")],
        }[stage]
        return Mirror(tuple(hands), table, self.last_line(), tuple(str(m) for m in legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return tuple(short_name(s) for s in range(1 + len(self.bots)))

    def score_row(self, replay: Replay[ThreeThirteenState]) -> ScoreRow | None:
        state = replay.state
        return score_row(state, state.results[-1]) if state.results else None
