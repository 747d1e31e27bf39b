"""`HandByHandTable`: the tables whose game is a run of hands (Triad and Pyramid, both on the
draw-poker engine): each hand ends in phase ``done`` and stays on show until *Next hand*, the
last one until *New game*."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab.apps.control import Control
from cardlab.apps.model import LEARNER, Suggestion, TableModel, indices_of, new_table
from cardlab.core.bots import Bot, reason_for
from cardlab.core.cards import format_cards
from cardlab.core.i18n import msg
from cardlab.core.replay import Replay
from cardlab.core.review import Reviewer
from cardlab.games.poker.review import DrawReviewer
from cardlab.lessons.table_position import Recipe
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


OPPONENTS_WORDS = (
    (msg("1 AI"), 1),
    (msg("2 AI"), 2),
    (msg("3 AI"), 3),
)
"""How many AI the learner may play against (from the next game)."""


def opponents() -> tuple[tuple[str, int], ...]:
    """`OPPONENTS_WORDS` in the current language, as a dropdown lists them."""
    return tuple((str(words), n) for words, n in OPPONENTS_WORDS)


class HandByHandTable(TableModel):
    """A table played hand by hand: what the hands' end changes (the pause, the waiting words,
    the footer, the result of the hand just ended)."""

    again: ClassVar[tuple[str, ...]] = ("next-hand", "new-game")
    ai_range = (1, 3)
    play_seed: ClassVar[int] = 2
    hands_per_game: ClassVar[int] = 10

    @classmethod
    def ai(cls, opponents: int, seed: int) -> dict[int, Bot]:
        """The AI of a new game: seats 1 to ``opponents``."""
        raise NotImplementedError

    @classmethod
    def start(
        cls,
        seed: int | None = None,
        opponents: int = 2,
        hands: int | None = None,
        bots: Mapping[int, Bot] | None = None,
        **fields: Any,
    ) -> Any:
        """A new game of ``hands`` hands against ``opponents`` AI (or the given ``bots``);
        ``fields`` are the table's own settings (e.g. a ticked hint box)."""
        seed = cls.play_seed if seed is None else seed
        hands = cls.hands_per_game if hands is None else hands
        opponents = opponents if bots is None else len(bots)
        options = () if hands == cls.hands_per_game else (("hands", hands),)
        settings = tuple(sorted(fields.items()))
        return cls.begin(Recipe(seed, ai=opponents, options=options, settings=settings), bots)

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Any:
        ai = 2 if recipe.ai is None else recipe.ai
        bots = dict(bots) if bots is not None else cls.ai(ai, recipe.seed)
        options = {"hands": cls.hands_per_game, **dict(recipe.options)}
        replay = Replay.start(cls.game_name, recipe.seed, **options, players=1 + len(bots))
        fields = dict(recipe.settings)
        return new_table(
            cls, replay, bots, cls.greeting(recipe), seed=recipe.seed, recipe=recipe, **fields
        )

    @classmethod
    def again_words(cls, recipe: Recipe) -> str:
        return str(
            msg("A new game (seed {seed}) against {count} AI.", seed=recipe.seed, count=recipe.ai)
        )

    @property
    def hand_over(self) -> str | None:
        """``over`` (the game), ``between`` (a hand, and the game goes on), or None."""
        if self.over:
            return "over"
        return "between" if self.state.phase == "done" else None

    def pause(self, state: Any) -> bool:
        return state.phase == "done"

    def hand_done(self) -> bool:
        return self.hand_over is not None

    def hand_start(self) -> int:
        """After the last *Next hand* (the first hand: from the deal)."""
        actions = self.replay.actions
        return next(
            (i + 1 for i in range(len(actions) - 1, -1, -1) if actions[i] == "next hand"), 0
        )

    def reviewer(self) -> Reviewer:
        """The exchange valued exactly, the bets by the showdown's simulated equity, against
        the Hint's AI (`cardlab.games.poker.review`)."""
        return DrawReviewer(self.game, self.hint_bot())

    def ahead(self) -> None:
        """Before the draw, each AI still in the hand will ask the game's exact exchange
        advice for its hand (every draw counted: the costliest part of a press): ask it now,
        with the same observation, so the game has it kept (`DrawPoker.advise`)."""
        state, game = self.state, self.game
        if state.phase not in ("bet1", "draw") or state.muck or game.rules.advisor is None:
            return  # only the first exchange: later ones depend on the cards thrown away
        for seat in state.live:
            if seat in self.bots:
                view = game.observe(state, seat)
                game.advise(view, tuple(view.hands[seat]))

    def hand(self) -> tuple[Any, ...]:
        return tuple(self.state.hands[LEARNER])

    def waiting(self) -> str:
        """Why the learner cannot move now."""
        if self.hand_over == "over":
            return str(msg("The game is over: press New game to play again."))
        if self.hand_over == "between":
            return str(msg("This hand is over: press Next hand to deal the next one."))
        return str(msg("It is not your turn."))

    def again_footer(self) -> list[str]:
        """The line under the log once a hand (or the game) is over."""
        if self.hand_over == "between":
            return [str(msg("Press Next hand to deal the next hand."))]
        if self.hand_over == "over":
            return [str(msg("Press New game to play again."))]
        return []

    @staticmethod
    def ended(replay: Replay) -> Any:
        """The result of the hand that has just ended in ``replay`` (None: none has)."""
        state = replay.state
        return state.results[-1] if state.phase == "done" and state.results else None

    def restart(self, key: str, value: Any) -> Self:
        """New game (the next deal), or the same deal against ``value`` AI (Play against); the
        table's settings carry over."""
        if key == "new-game":
            return self.begin(self.next_recipe(ai=len(self.bots)))
        recipe = replace(self.recipe, ai=int(value), settings=self.settings_now(), again=True)
        return self.begin(recipe)

    # -- what the learner sees ---------------------------------------------------------------------
    draw_table: ClassVar[Callable[..., Drawing]]
    """The game's table picture:
    ``draw_table(view, you=, selected=, banner=, theme=, portrait=, ...)``."""
    picture_options: ClassVar[Mapping[str, Any]] = {}

    def banner(self) -> str:
        raise NotImplementedError

    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        return type(self).draw_table(
            self.seen,
            you=LEARNER,
            selected=frozenset(selected),
            banner=self.banner(),
            theme=theme,
            portrait=portrait,
            **self.picture_options,
        )

    def game_controls(self, row: int, playing: str) -> tuple[Control, ...]:
        """Next hand, New game and how many AI to play against; ``playing`` says why there is
        no next hand while this one is played."""
        stage = self.hand_over
        why = self.waiting() if stage == "over" else playing
        return (
            Control(
                "next-hand",
                str(msg("Next hand")),
                stage == "between",
                row=row,
                style="info",
                why_not=why,
            ),
            Control("new-game", str(msg("New game")), row=row),
            Control(
                "opponents",
                str(msg("Play against")),
                row=row,
                kind="choice",
                value=len(self.bots),
                options=opponents(),
            ),
        )

    # -- the AI's advice in the learner's place (Hint, and the autoplayer) ----------------------
    def hint_bot(self) -> Bot:
        """The AI whose bet the learner is advised."""
        raise NotImplementedError

    def suggest(self) -> Suggestion:
        """The next hand (or a new game) once a hand is over; in the exchange the exact
        advisor's discard, its cards selected; otherwise the AI's bet."""
        over = self.hand_over
        if over:
            return Suggestion("next-hand" if over == "between" else "new-game")
        view = self.observation
        if self.state.phase == "draw":
            hand = self.state.hands[LEARNER]
            cards, told = self.game.advise(view, hand)  # under the table's rules
            what = msg("discard {cards}", cards=format_cards(cards)) if cards else msg("stand pat")
            reason = reason_for(told, LEARNER, LEARNER, shown=False)
            why = str(msg("{move} \u2014 {why}", move=what, why=reason))
            return Suggestion("discard" if cards else "stand-pat", why, indices_of(hand, cards))
        decision = self.hint_bot().choose(view, self.game.legal_actions(self.state))
        reason_read = reason_for(decision.told, LEARNER, LEARNER, shown=False)
        said = msg("{move} \u2014 {why}", move=str(decision.action), why=reason_read or "")
        return Suggestion(str(decision.action), str(said))
