"""The Triangle table: the learner (Player 1, at the bottom) against two reasoning bots.

The learner's own card stays face down until the round resolves, as in the real game.  The claims
are simultaneous: each seat decides from its own observation, which shows no other seat's
pending decision, so the order the engine asks them in carries no information (a bot asked
before the learner decides before the learner's click, the others after it); the claims are
shown together once all three are in.  Chance steps (the grab) resolve at once with the seeded
replay; a new deal waits for "Next round", so the resolved cards stay on the table, labelled,
until the learner is ready.  "Show my odds" puts the exact odds of every statement under the log.

The table's words (the odds table, the statement labels) are here too: they are plain text, and
the lesson's odds panel and quiz show the same tables.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.apps.control import Control
from cardlab.apps.model import LEARNER, Mirror, ScoreRow, Suggestion, TableModel, new_table
from cardlab.core.bots import Bot
from cardlab.core.engine import CHANCE, seat_name
from cardlab.core.i18n import Message, joined, msg, msgn, num
from cardlab.core.replay import Replay
from cardlab.core.review import Reviewer
from cardlab.core.text import Phrase
from cardlab.games.triangle import GAME, STATEMENTS, new_game, statement_odds
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.game import TriangleState, void_words
from cardlab.games.triangle.odds import Signed, StatementOdds, best_statement
from cardlab.games.triangle.review import TriangleReviewer, rivals
from cardlab.lessons.table_position import Recipe
from cardlab.pictures.triangle import HEIGHT, WIDTH, live_picture, resolved_picture
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


PLAY_SEED = 4
"""The table's first seed: round 1 resolves with a score when the learner claims."""

CLAIMS = ("claim", "no_claim")


def default_bots() -> dict[int, Bot]:
    """Player 2 grabs only for a clear edge; Player 3 is bolder."""
    return {1: ReasoningBot(threshold=0.5), 2: ReasoningBot(threshold=0.0)}


def signed(x: Any) -> Signed:
    """A net value with its sign, in the page's language: ``+0.14`` (``+0,14``)."""
    return Signed(float(x))


def named(seat: int) -> Message:
    """A seat as the log and the banner name it: "you (Player 1)", or "Player 2"."""
    return msg("you (Player 1)") if seat == LEARNER else seat_name(seat)


def capitalised(text: object) -> str:
    """``text`` with its first letter a capital (a sentence that starts with "you")."""
    words = str(text)
    return words[:1].upper() + words[1:]


def statement_label(odds: StatementOdds, best: bool = False) -> str:
    """``I am odd — P = 11/21, net +0.14`` (with a star on the best)."""
    star = "\u2605 " if best else ""
    label = msgn(
        "{statement} \u2014 P = {p}, net {net} (worth {count})",
        "{statement} \u2014 P = {p}, net {net} (worth {count})",
        odds.statement.points,
        statement=odds.statement.said,
        p=str(odds.p_true),
        net=signed(odds.net),
    )
    return f"{star}{label}"


def odds_table_html(odds: tuple[StatementOdds, ...], caption: str = "") -> str:
    """Every statement: the counting argument, expected points each way and the net value."""
    best = max(o.net for o in odds)
    rows = []
    for o in odds:
        mark = " \u2605" if o.net == best else ""
        style = " style='font-weight:bold;background:#fff7d6'" if o.net == best else ""
        rows.append(
            f"<tr{style}><th scope='row' style='text-align:left'>"
            f"{html.escape(o.statement.words)}{mark}</th>"
            f"<td>{o.statement.points}</td>"
            f"<td>{o.favourable}/{o.unseen}"
            + (f" = {o.p_true}" if o.p_true.denominator != o.unseen else "")
            + f"</td><td>{num(float(o.gain), 2)}</td><td>{num(float(o.given), 2)}</td>"
            f"<td>{signed(o.net)} (= {o.net})</td></tr>"
        )
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    heads = (
        msg("Statement"),
        msg("Points"),
        msg("P(true): favourable/unseen"),
        msg("Speaker expects"),
        msg("Each opponent expects"),
        msg("Net"),
    )
    head = "<tr>" + "".join(f"<th scope='col'>{html.escape(str(h))}</th>" for h in heads) + "</tr>"
    note = msg(
        "Net = points \u00d7 P \u2212 3 \u00d7 (1 \u2212 P): what you expect to gain minus what "
        "each opponent expects to gain from a wrong statement. \u2605 marks the best."
    )
    return (
        "<table class='cardlab-statement-odds' style='border-collapse:collapse'>"
        f"{cap}<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p><small>{html.escape(str(note))}</small></p>"
    )


def claims_summary(claims: Mapping[int, bool]) -> str:
    parts = []
    for seat in range(3):
        if seat == LEARNER:
            parts.append(msg("you grabbed") if claims[seat] else msg("you did not grab"))
        elif claims[seat]:
            parts.append(msg("{player} grabbed", player=seat_name(seat)))
        else:
            parts.append(msg("{player} did not grab", player=seat_name(seat)))
    return str(msg("Everyone decided at the same moment: {decisions}.", decisions=joined(parts)))


@dataclass(frozen=True, kw_only=True)
class TriangleTable(TableModel):
    """The learner against two bots: claims, the statement, the odds, the rounds' score sheet."""

    size = (WIDTH, HEIGHT)
    statement: str | None = None
    """The statement the learner picked in the dropdown (None: the best one)."""
    show_odds: bool = False
    """Whether "Show my odds (a hint)" is ticked (New game keeps it)."""

    game_name = "triangle"
    carried = ("show_odds",)
    aids = ("show_odds",)
    goes_on = ("next-round",)
    review_label = Phrase(msg("Review this round"))
    review_title = Phrase(msg("Your decisions in this round"))

    @property
    def log_title(self) -> str:  # type: ignore[override]
        """The log's heading, in the page's language."""
        return str(msg("This round"))

    @classmethod
    def start(
        cls,
        seed: int = PLAY_SEED,
        bots: Mapping[int, Bot] | None = None,
        show_odds: bool = False,
    ) -> Self:
        """A new game against two reasoning bots (or the given ``bots`` in seats 1 and 2)."""
        recipe = Recipe(seed, settings=(("show_odds", show_odds),))
        return cls.begin(recipe, bots)

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Self:
        bots = dict(bots) if bots is not None else default_bots()
        replay = new_game(recipe.seed, **dict(recipe.options))
        said, fields = cls.greeting(recipe), dict(recipe.settings)
        return new_table(cls, replay, bots, said, seed=recipe.seed, recipe=recipe, **fields)

    # -- where the game is ---------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``claim``, ``speak`` (the learner holds the RtS), ``between`` rounds, or ``over``."""
        phase: str = self.state.phase
        if phase == "state":
            return "speak"
        return {"deal": "between"}.get(phase, phase)

    def pause(self, state: Any) -> bool:
        return state.phase == "deal" and state.dealt == 0 and bool(state.rounds)

    # -- the review of a round ---------------------------------------------------------------------
    def hand_done(self) -> bool:
        """A round is reviewed where the table pauses: once it has ended (or the game has)."""
        return self.over or self.pause(self.state)

    def hand_start(self) -> int:
        """The step the round on the table began after: the one that ended the round before it
        (the game's start for the first round)."""
        replay = self.replay
        before = len(self.state.rounds) - self.hand_done()
        step = len(replay)
        while step > 0 and len(replay.state_at(step - 1).rounds) >= before:
            step -= 1
        return step

    def reviewer(self) -> Reviewer:
        """The claim and the statement valued exactly by the lesson's count, against the Hint's
        reasoning player, with the table's bots as the rivals (`cardlab.games.triangle.review`)."""
        return TriangleReviewer(self.hint_bot(), rivals(self.bots), self.state.tie_void)

    def refusal(self, action: str) -> str:
        """Why ``action`` cannot be played now (``deal``: the next round)."""
        phase = self.state.phase
        if phase == "deal":
            return str(msg("This round is over: press Next round to deal the next one."))
        if phase == "over":
            return str(msg("The game is over: press New game to play again."))
        if action == "deal":
            if phase == "claim":
                return str(
                    msg(
                        "This round is not finished: decide whether to claim the Right to Speak "
                        "first."
                    )
                )
            return str(
                msg(
                    "This round is not finished: you hold the Right to Speak, so make your "
                    "statement first."
                )
            )
        # the engine's refusals quote action text ('no_claim'); the table names its buttons
        if phase == "claim" and action.startswith("state"):
            return str(
                msg(
                    "Nobody holds the Right to Speak yet: first decide whether to grab it (Claim "
                    "the Right to Speak, or Don't claim); only the speaker makes a statement."
                )
            )
        if phase == "state" and action in CLAIMS and self.my_turn:
            return str(msg("You hold the Right to Speak: choose a statement and press Say it."))
        reason = GAME.why_illegal(self.state, action) or msg("It is not your turn.")
        return capitalised(reason)

    def claims(self) -> dict[int, bool]:
        """This round's claims, once all three are in (they are shown together)."""
        found = {e.seat: e.event.action == "claim" for e in self.log if e.event.action in CLAIMS}
        return found if len(found) == 3 and self.stage != "claim" else {}

    # -- controls ----------------------------------------------------------------------------------
    def odds(self) -> tuple[StatementOdds, ...]:
        return statement_odds(self.observation)

    def controls(self) -> tuple[Control, ...]:
        stage = self.stage
        claiming, speaking = stage == "claim", stage == "speak"
        if speaking and self.show_odds:  # the hint: every statement's odds, the best chosen
            odds = self.odds()
            best = max(o.net for o in odds)
            options = tuple((statement_label(o, o.net == best), o.statement.code) for o in odds)
            codes = [code for _, code in options]
            chosen = self.statement if self.statement in codes else None
            value = chosen or best_statement(self.observation).statement.code
        elif speaking:  # no hint: the statements in their own order, nothing chosen for you
            options = tuple((s.words, s.code) for s in STATEMENTS)
            kept = self.statement if self.statement in {s.code for s in STATEMENTS} else None
            value = kept or options[0][1]
        else:
            options = tuple((s.words, s.code) for s in STATEMENTS)
            value = options[0][1]
        said = self.refusal(f"state {value}")
        next_why = self.refusal("deal")
        return (
            Control("claim", str(msg("Claim the Right to Speak")), claiming, row=1,
                    style="primary", why_not=self.refusal("claim")),
            Control("noclaim", str(msg("Don't claim")), claiming, row=1,
                    why_not=self.refusal("no_claim")),
            Control("statement", str(msg("Statement")), speaking, row=2, kind="choice",
                    value=value, options=options, why_not=said),
            Control("say", str(msg("Say it")), speaking, row=2, style="success", why_not=said),
            Control("next-round", str(msg("Next round")), stage == "between",
                    row=3, style="info", why_not=next_why),
            Control("new-game", str(msg("New game")), row=3),
            Control("hint", str(msg("Show my odds (a hint)")), row=4, kind="toggle",
                    value=self.show_odds),
        )  # fmt: skip

    def _act(self, key: str, value: Any) -> Self:
        if key == "hint":
            return dataclasses.replace(self, show_odds=value)
        if key == "statement":
            return dataclasses.replace(self, statement=value)
        if key == "new-game":
            return self.begin(self.next_recipe(), self.bots)
        if key == "next-round":
            said = str(msg("A new round is dealt. Look at the two cards you can see."))
            replay = self.replay.advance_chance()
            table = self.advance(replay, said, begin=len(self.replay), level="info", fresh=True)
        elif key == "say":
            code = self.control("statement").value
            table = self.move(f"state {code}", str(msg("You spoke; the cards are shown.")))
        else:
            claim = key == "claim"
            said = str(
                msg("You grabbed for the Right to Speak.") if claim else msg("You let it go.")
            )
            table = self.move("claim" if claim else "no_claim", said)
        return dataclasses.replace(table, statement=None)

    def hint_bot(self) -> ReasoningBot:
        """The AI in the learner's seat, which the Hint and the review both follow: a reasoning
        player who claims when its best statement is worth more than nothing."""
        return ReasoningBot(threshold=0.0)

    def suggest(self) -> Suggestion:
        """A reasoning player's choice in the learner's seat: claim when the best statement is
        worth more than nothing, then pick and say the best statement."""
        stage = self.stage
        if stage in ("between", "over"):
            return Suggestion("next-round" if stage == "between" else "new-game")
        decision = self.hint_bot().choose(self.observation, GAME.legal_actions(self.state))
        why = decision.told.text(LEARNER)
        if stage == "claim":
            return Suggestion("claim" if decision.action == "claim" else "noclaim", why)
        code = str(decision.action).partition(" ")[2]
        if self.control("statement").value != code:
            return Suggestion("statement", why, value=code)
        return Suggestion("say", why)

    def _click(self, target: str) -> Self:
        """A click on a card of the picture says what that card is to the learner (the
        buttons under the table make the moves)."""
        if target == "rts":
            return self.say(
                str(msg("The Right to Speak: whoever wins the grab peeks at it, alone."))
            )
        seat = {"seat:0": 0, "seat:1": 1, "seat:2": 2}.get(target)
        if seat == LEARNER:
            return self.say(
                str(msg("Your own card: nobody sees their own card until the cards are shown."))
            )
        if seat is not None:
            return self.say(
                str(
                    msg(
                        "{player}'s card: everyone but {player} can see it.", player=seat_name(seat)
                    )
                )
            )
        return super()._click(target)

    # -- what the learner sees ---------------------------------------------------------------------
    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        view = self.seen
        if view.phase in ("deal", "over") and view.history:
            record = view.history[-1]
            return resolved_picture(
                view, record, you=LEARNER, banner=self.banner(), theme=theme, portrait=portrait
            )
        claims = self.claims()
        return live_picture(
            view,
            claims=tuple(claims.get(s) for s in range(3)),
            you=LEARNER,
            active=LEARNER,  # the learner decides first, whatever the engine's order
            banner=self.banner(),
            theme=theme,
            portrait=portrait,
        )

    def banner(self) -> str:
        view = self.observation
        where = {"turn": view.turn + 1, "round": view.round_in_turn + 1}
        stage = self.stage
        if stage == "claim":
            return str(msg("Turn {turn}, round {round} of 6: grab the Right to Speak?", **where))
        if stage == "speak":
            return str(
                msg("Turn {turn}, round {round} of 6: you hold the Right to Speak. Speak!", **where)
            )
        record = view.history[-1]
        number = len(view.history)
        if stage == "over":
            return str(msg("Game over: {result}", result=self.winner_text()))
        if record.speaker is None:
            return str(msg("Round {number} is void: nobody scores", number=number))
        mine = record.speaker == LEARNER
        if mine and record.correct:
            said = msg("Round {number}: your statement was true. Cards shown.", number=number)
        elif mine:
            said = msg("Round {number}: your statement was false. Cards shown.", number=number)
        elif record.correct:
            said = msg(
                "Round {number}: {player}'s statement was true. Cards shown.",
                number=number,
                player=seat_name(record.speaker),
            )
        else:
            said = msg(
                "Round {number}: {player}'s statement was false. Cards shown.",
                number=number,
                player=seat_name(record.speaker),
            )
        return str(said)

    def winner_text(self) -> str:
        scores = self.state.scores
        top = max(scores)
        seats = [s for s in range(3) if scores[s] == top]
        winners = [named(s) for s in seats]
        if seats == [LEARNER]:
            return str(msg("you (Player 1) win with {score}", score=top))
        if len(winners) == 1:
            return str(msg("{player} wins with {score}", player=winners[0], score=top))
        return str(msg("{players} win with {score}", players=_and(winners), score=top))

    def round_lines(self) -> list[str]:
        """What happened this round: the claims together, the grab, the statement and its sum."""
        claims = self.claims()
        lines = []
        if claims:
            lines.append(claims_summary(claims))
            claimers = [s for s in range(3) if claims[s]]
            if not claimers:
                lines.append(
                    str(
                        msg(
                            "Nobody reached for the Right to Speak: the round is void, "
                            "nobody scores."
                        )
                    )
                )
            elif len(claimers) > 1:
                who = _and([named(s) for s in claimers])
                lines.append(capitalised(msg("{players} reached at the same moment.", players=who)))
        for entry in self.log:
            event = entry.event
            if event.actor == CHANCE:
                lines.append(event.narration_for(self.viewer))
            elif str(event.action).startswith("state "):
                lines += [event.narration_for(self.viewer), str(event.arithmetic)]
        return [line for line in lines if line]

    def log_lines(self) -> list[str]:
        stage = self.stage
        view = self.observation
        if stage == "claim":
            peers = joined(
                msg("{player} holds {card}", player=seat_name(s), card=str(view.cards[s]))
                for s in range(3)
                if s != LEARNER
            )
            return [
                str(
                    msg(
                        "You see: {peers}. Your own card is face down: you cannot see it.",
                        peers=peers,
                    )
                ),
                str(
                    msg(
                        "Grab the Right to Speak (Claim) or let it go (Don't claim)? The bots "
                        "decide at the same moment, without seeing your choice."
                    )
                ),
            ]
        lines = self.round_lines()
        reasons = [e for e in self.log if e.reason is not None]
        if stage == "between" and reasons:
            if view.history[-1].speaker is not None:
                lines += [str(msg("Why the bots did what they did:")), *self.reasons_shown()]
            else:
                lines.append(
                    str(
                        msg(
                            "The bots' reasons stay private this time: they would give away "
                            "your card, which nobody showed you."
                        )
                    )
                )
        if stage == "over":
            final = self.replay.event_at(len(self.replay)).narration_for(self.viewer)
            lines += [final] if final not in lines else []
        return lines

    def log_footer(self) -> list[str]:
        stage = self.stage
        if stage == "speak":
            return [
                str(
                    msg(
                        "You won the Right to Speak and peek at it: it is {card} (only you see "
                        "it). Choose one statement and press Say it.",
                        card=str(self.observation.rts),
                    )
                )
            ]
        if stage == "between":
            return [str(msg("Press Next round to deal the next round."))]
        if stage == "over":
            return [str(msg("Press New game to play again."))]
        return []

    def notes_html(self) -> str:
        """The odds of every statement, when "Show my odds" is ticked and the cards are up."""
        phase = self.state.phase
        if not self.show_odds or phase not in ("claim", "state"):
            return ""
        if phase == "claim":
            caption = msg("If you grabbed now (before peeking at the Right to Speak)")
        else:
            caption = msg("Now that you have peeked at the Right to Speak")
        return odds_table_html(self.odds(), str(caption))

    def mirror(self) -> Mirror:
        view = self.seen
        between = view.phase in ("deal", "over") and bool(view.history)
        hands = []
        for s in range(3):
            card = view.cards[s]
            if s == LEARNER:
                shown: object = str(card) if card else msg("face down, hidden from you")
                if between:
                    last = view.history[-1].cards[s]
                    shown = (
                        msg("last round's card was {card}", card=str(last))
                        if last
                        else msg("never shown (void)")
                    )
                hands.append(str(msg("Player 1 (you): {card}", card=shown)))
            else:
                if card is None and between:
                    card = view.history[-1].cards[s]
                seen_card = str(card) if card else msg("no card")
                hands.append(str(msg("{player}: {card}", player=seat_name(s), card=seen_card)))
        scores = joined(
            msg("{player} {score}", player=seat_name(s), score=view.scores[s]) for s in range(3)
        )
        if between:
            where = msg("round {number} is over", number=len(view.history))
            seen_rts = view.history[-1].rts
            rts = (
                msg("{card} (you saw it as the speaker)", card=str(seen_rts))
                if seen_rts
                else msg("never shown to you")
            )
        else:
            where = msg(
                "turn {turn}, round {round} of 6", turn=view.turn + 1, round=view.round_in_turn + 1
            )
            rts = (
                msg("{card} (only you see it)", card=str(view.rts))
                if view.rts
                else msg("face down")
            )
        seen = " ".join(str(c) for c in view.known) or msg("none")
        table = (
            str(where),
            str(msg("Right to Speak: {rts}", rts=rts)),
            str(
                msg("scores: {scores} (first to {target} wins)", scores=scores, target=view.target)
            ),
            str(msg("every card you have seen this turn: {cards}", cards=seen)),
        )
        legal = {
            "claim": (msg("Claim the Right to Speak"), msg("Don't claim")),
            "speak": (
                msg(
                    "Say one statement: {statements}",
                    statements="; ".join(s.words for s in STATEMENTS),
                ),
            ),
            "between": (msg("Next round"),),
            "over": (msg("New game"),),
        }[self.stage]
        lines = self.round_lines()
        return Mirror(tuple(hands), table, lines[-1] if lines else "", tuple(str(m) for m in legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return (str(msg("You (P1)")), str(msg("P2")), str(msg("P3")))

    def score_row(self, replay: Replay[TriangleState]) -> ScoreRow | None:
        """A row for the round that has just ended: its gains and, if scored, the arithmetic."""
        state = replay.state
        if not state.rounds or not (state.finished or self.pause(state)):
            return None
        number, record = len(state.rounds), state.rounds[-1]
        label = str(msg("Round {number}", number=number))
        if record.speaker is None or record.statement is None:  # None together: a void round
            note = msg("void: {reason}", reason=void_words(record.void_reason))
            return ScoreRow(label, (0, 0, 0), str(note))
        arithmetic = replay.event_at(len(replay)).arithmetic  # the statement ended the round
        said = {
            "player": seat_name(record.speaker),
            "statement": record.statement.said,
            "arithmetic": arithmetic,
        }
        if record.correct:
            note = msg("{player} said \u201c{statement}\u201d: true. {arithmetic}", **said)
        else:
            note = msg("{player} said \u201c{statement}\u201d: false. {arithmetic}", **said)
        return ScoreRow(label, record.gains, str(note))


def _and(names: list[Message]) -> Message:
    """Two or three players named in a row: "you (Player 1) and Player 3"."""
    if len(names) == 2:
        return msg("{first} and {second}", first=names[0], second=names[1])
    return msg("{first}, {second} and {third}", first=names[0], second=names[1], third=names[2])
