"""The table a learner plays at, as plain data: one `TableModel` per game, drawn by the one
`cardlab.widgets.table.TableView`.

Why a model: the six "play against the AI" tables differ only in their rules and words, so
everything a table shows (picture, controls, status line, log, score sheet, text mirror) is
computed here from an immutable value, and a move is ``model.act(key, value) -> model``.  Tests
play whole games without a widget, the widget has one way to update (show the new model), and a
refused move raises before anything is replaced, so the table stays exactly as it was.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, cast

from cardlab.apps import hand_review
from cardlab.apps.control import Control, checked, read_texts
from cardlab.core.bots import Bot, reason_for
from cardlab.core.classdeals import class_seed, deal_words
from cardlab.core.engine import TERMINAL, Event, IllegalMove, seat_name
from cardlab.core.i18n import Message, language, msg, msgn
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.core.text import Phrase, shown
from cardlab.lessons.table_position import MAX_HINTS, MAX_PRESSES, Press, Recipe, describe
from cardlab.lessons.variants import rules_variant, standard_rules
from cardlab.render.ops import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardlab.core.review import Reviewer

T = TypeVar("T", bound="TableModel")
"""A kind of table (`new_table` makes one of it)."""


LEARNER = 0
"""The learner's seat at every table: the bottom of the picture, Player 1."""

Level = Literal["info", "ok", "error"]


def player(seat: int) -> str:
    """How a table names a seat to the learner: "you", or "Player 2" (in the current
    language)."""
    return str(msg("you") if seat == LEARNER else seat_name(seat))


def named(seat: int) -> str:
    """A seat as a log or a score sheet names it: "you (Player 1)", or "Player 2" (in the
    current language)."""
    return str(msg("you (Player 1)") if seat == LEARNER else seat_name(seat))


@dataclass(frozen=True)
class Suggestion:
    """What to press now, as the AI would in the learner's place: select ``selected`` (cards of
    ``hand()``), then use control ``key`` with ``value``.  The Hint button shows it (and makes
    the selection); the autoplayer of the tests and benchmarks presses it."""

    key: str
    why: str = ""
    selected: tuple[int, ...] = ()
    value: Any = None

    def __post_init__(self) -> None:
        read_texts(self, "why")


@dataclass(frozen=True)
class Said:
    """The status line: one message and how it reads (info, done, refused)."""

    text: str | Message = ""
    level: Level = "info"

    def __post_init__(self) -> None:
        read_texts(self, "text")


@dataclass(frozen=True)
class ScoreRow:
    label: str
    scores: tuple[float, ...]
    note: str = ""

    def __post_init__(self) -> None:
        read_texts(self, "label", "note")


@dataclass(frozen=True)
class Mirror:
    """The table in words (for screen readers and anyone who prefers text)."""

    hands: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    last_move: str = ""
    legal_moves: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        read_texts(self, "hands", "table", "last_move", "legal_moves")


@dataclass(frozen=True)
class Entry:
    """One step in a table's log: its event, and the reason of the bot that acted (if one did).

    Both are kept whole and read through the table's eyes when shown, so the same log can be
    shown during the hand (reasons held back) and after it (reasons without hidden cards)."""

    event: Event
    reason: Narration | None = None

    @property
    def seat(self) -> int:
        return self.event.actor


def worth_logging(event: Event) -> bool:
    """A table's log keeps the players' moves and the public chance steps (a shuffle, who bids
    first); the cards dealt face down are on the table picture, and in a log only noise."""
    return event.actor >= 0 or event.public


def entries(
    replay: Replay[Any], start: int, reasons: Mapping[int, tuple[int, Narration]]
) -> tuple[Entry, ...]:
    """The log entries of ``replay``'s steps after ``start``, with the bots' reasons."""
    found = []
    for step in range(start + 1, len(replay) + 1):
        event = replay.event_at(step)
        if worth_logging(event):
            found.append(Entry(event, reasons[step][1] if step in reasons else None))
    return tuple(found)


def first_lines(items: Sequence[str], limit: int) -> list[str]:
    """At most ``limit`` of ``items``, the rest counted ("... 7 more")."""
    left = len(items) - limit
    more = [str(msgn("... {count} more", "... {count} more", left))] if left > 0 else []
    return [*items[:limit], *more]


R = TypeVar("R")

DERIVED = (
    "controls", "hand", "suggest", "mirror", "log_lines", "log_footer", "notes_html",
    "score_columns",
)  # fmt: skip
"""What a table derives from its fields alone: computed once per model and language."""


def derived(method: Callable[[Any], R]) -> Callable[[Any], R]:
    """``method`` (no arguments) computed once per model and language, kept on the model.

    A model is a value, so what it derives never goes stale, and one press reads the same
    controls, hand and mirror several times (the view, `act`, the log) without recomputing
    them; the words are kept per language, as a page may switch languages."""
    name = method.__name__

    @functools.wraps(method)
    def once(self: Any) -> R:
        kept: dict[tuple[str, str], R] = self.__dict__.setdefault("_derived", {})
        key = (name, language())
        if key not in kept:
            kept[key] = method(self)
        return kept[key]

    return once


@dataclass(frozen=True, kw_only=True)
class TableModel:
    """A learner's table: the replay so far, the bots, the log, the score sheet and what the
    status line says.  Subclasses describe a game: its controls, what each does, its picture
    and its words; this base plays the bots' turns and keeps the log and the scores."""

    replay: Replay[Any]
    bots: Mapping[int, Bot] = field(compare=False)
    seed: int
    log: tuple[Entry, ...] = ()
    scores: tuple[ScoreRow, ...] = ()
    said: Said = Said()
    selected: tuple[int, ...] = ()
    teacher: bool = False
    """Every hand face up ("Show all hands"), for a teacher at the projector."""
    pressed: str = field(default="", compare=False)
    """The control whose press made this table: a second press of it, once it is disabled, is
    the other half of a double click and changes nothing (its job is done)."""
    recipe: Recipe = field(default=Recipe(0), compare=False)
    """How this game began (`begin` starts it again); a new game has a new recipe."""
    presses: tuple[Press, ...] = field(default=(), compare=False)
    """The learner's presses since the recipe's start: with it, this table's position."""
    reviewing: bool = False
    """The review of the hand just ended is shown (`cardlab.apps.hand_review`)."""
    review_pick: int = 0
    """The review's decision chosen to open as a branch (its place in the review)."""
    played: TableModel | None = field(default=None, compare=False, repr=False)
    """The table as the learner played it, when this one is a what-if branch of its review:
    *Back to my game* returns to it, and a branch writes no score."""

    size: ClassVar[tuple[float, float]] = (880.0, 440.0)
    log_title: ClassVar[str] = Phrase(msg("What happened"))  # type: ignore[assignment]
    log_window: ClassVar[int] = 40
    score_title: ClassVar[str] = Phrase(msg("Score sheet"))  # type: ignore[assignment]
    mirror_label: ClassVar[str] = Phrase(msg("Your view of the table in words"))  # type: ignore[assignment]
    picture_label: ClassVar[str] = Phrase(  # type: ignore[assignment]
        msg("Your view of the table, drawn (the same in words below)")
    )
    hint_keys: ClassVar[tuple[str, ...]] = ("hint", "play-hint")
    """The controls that tell the learner what to play or show what a player could not see
    (the odds, the advisor, every hand): an exam page refuses them (`offered`)."""
    aids: ClassVar[tuple[str, ...]] = ()
    """The table's settings (fields, all off by default) the hint controls turn on: always off
    on an exam page, whatever a link's moves say."""
    multi_select: ClassVar[bool] = True
    again: ClassVar[tuple[str, ...]] = ("new-game",)
    """The controls that start the next game (or hand) once this one is over."""
    goes_on: ClassVar[tuple[str, ...]] = ()
    """The controls that deal the next round of the same game (Next round): with `again`,
    what a what-if branch of the review refuses."""
    game_name: ClassVar[str]
    """The game's registered name: it also names the table's sequence of class deals."""
    first_words: ClassVar[str] = Phrase(  # type: ignore[assignment]
        msg("A new game: you are Player 1, at the bottom of the table.")
    )
    """The status line at the start of the lesson's first game."""
    ai_range: ClassVar[tuple[int, int] | None] = None
    """How many AI the learner may seat (low, high); None: the table has one number of them."""
    carried: ClassVar[tuple[str, ...]] = ()
    """The table's settings (fields) a new game keeps, e.g. a ticked "Show my odds"."""
    review_label: ClassVar[str] = Phrase(msg("Review this hand"))  # type: ignore[assignment]
    review_title: ClassVar[str] = Phrase(msg("Your decisions in this hand"))  # type: ignore[assignment]
    """The review's button and heading: a game of rounds or deals names its own."""
    learner: ClassVar[int] = LEARNER
    """The learner's seat, as the review reads it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's table derives its `DERIVED` values once per model (`derived`)."""
        super().__init_subclass__(**kwargs)
        for name in DERIVED:
            if name in cls.__dict__:
                setattr(cls, name, derived(cls.__dict__[name]))

    def __post_init__(self) -> None:
        """An exam page's table (its recipe allows no hints) has every aid off."""
        if not self.recipe.hints:
            for name in self.aids:
                object.__setattr__(self, name, False)

    # -- what every table derives ------------------------------------------------------------------
    @property
    def hints(self) -> bool:
        """Whether the page allows hints (not on an exam page)."""
        return self.recipe.hints

    def with_hints(self, allowed: bool) -> Self:
        """This table on a page that allows hints or not (an exam page: every aid off)."""
        if allowed == self.hints:
            return self
        return dataclasses.replace(self, recipe=dataclasses.replace(self.recipe, hints=allowed))

    @property
    def state(self) -> Any:
        return self.replay.state

    @property
    def game(self) -> Any:
        return self.replay.game

    @property
    def viewer(self) -> int | None:
        """Whose eyes every text and picture reads through: the learner's (None: the teacher's)."""
        return None if self.teacher else LEARNER

    @functools.cached_property
    def observation(self) -> Any:
        """What the learner's seat may see: the table's own decisions (hints, odds) use this."""
        return self.game.observe(self.state, LEARNER)

    @functools.cached_property
    def seen(self) -> Any:
        """What the table shows: the learner's observation, or everything for the teacher."""
        return self.game.observe(self.state, self.viewer)

    @property
    def my_turn(self) -> bool:
        return self.replay.current_player == LEARNER

    @property
    def over(self) -> bool:
        return self.replay.current_player == TERMINAL

    @property
    def selected_cards(self) -> tuple[Any, ...]:
        hand = self.hand()
        return tuple(hand[i] for i in self.selected)

    def learner_moves(self, start: int = 0) -> list[str]:
        """The learner's own actions in the replay after step ``start``, as action text."""
        replay = self.replay
        steps = range(start + 1, len(replay) + 1)
        return [str(replay.actions[i - 1]) for i in steps if replay.event_at(i).actor == LEARNER]

    def entry_text(self, entry: Entry, *, shown: bool, why: str | None = None) -> str:
        """An entry as the table's eyes read it; a bot's reason follows only when ``shown`` (the
        hand is over) and even then without the cards the bot keeps hidden (after ``why``, or
        "Why:" in the current language)."""
        text = entry.event.narration_for(self.viewer)
        if entry.reason is not None:
            reason = reason_for(entry.reason, entry.seat, self.viewer, shown=shown)
            if reason and why is not None:
                text += why + reason
            elif reason:
                text = str(msg("{event} Why: {reason}", event=text, reason=reason))
        return text

    def reasons_shown(self) -> list[str]:
        """Every AI reason in the log, as the table's eyes may read them once a hand is over."""
        return [
            str(
                msg(
                    "{player}: {reason}",
                    player=seat_name(e.seat),
                    reason=reason_for(e.reason, e.seat, self.viewer, shown=True) or "",
                )
            )
            for e in self.log
            if e.reason is not None
        ]

    def last_line(self) -> str:
        return next((line for line in reversed(self.log_lines()) if line), "")

    # -- what a game describes ---------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        """Every control of this table, enabled or not, in a fixed set of keys per game."""
        raise NotImplementedError

    def _act(self, key: str, value: Any) -> Self:
        """The model after the learner used control ``key`` (already known to be enabled)."""
        raise NotImplementedError

    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        """The table in ``theme`` with the learner's ``selected`` cards lifted; ``portrait``: laid
        out for a phone held upright (`cardlab.render.portrait`)."""
        raise NotImplementedError

    def hand(self) -> tuple[Any, ...]:
        """The learner's cards that can be clicked to select them (empty: nothing to select)."""
        return ()

    def card_label(self, card: Any) -> str:
        """A card's name on its button under the table (the keyboard's way to select it)."""
        return str(card)

    def log_lines(self) -> list[str]:
        """The log as the learner reads it, newest last."""
        return [self.entry_text(e, shown=self.over) for e in self.log]

    def log_footer(self) -> list[str]:
        """What to do now: the lines under the log."""
        return []

    def mirror(self) -> Mirror:
        raise NotImplementedError

    def score_columns(self) -> tuple[str, ...]:
        raise NotImplementedError

    def notes_html(self) -> str:
        """An extra panel under the log (odds, advice, card counting); HTML, escaped by the game."""
        return ""

    def suggest(self) -> Suggestion:
        """What the AI would press in the learner's place now (one of ``again`` when over)."""
        raise NotImplementedError

    def hinted(self) -> Self:
        """The table after Hint: the suggestion's cards selected, its reason on the status line."""
        tip = self.suggest()
        if tip.why:
            said = msg("Hint: {why}", why=tip.why)
        else:
            said = msg("Hint: press {control}", control=self.control(tip.key).label)
        return self.select(tip.selected).say(str(said))

    def click(self, target: str) -> Self:
        """The table after a click on canvas target ``target`` (not one of the learner's cards,
        which select): what the game's `_click` makes of it, recorded as a press."""
        return self._recorded(self._click(target), ("click", target))

    def _click(self, target: str) -> Self:
        """What a click on ``target`` does at this game's table (nothing, unless it says)."""
        raise ValueError(msg("Nothing to do there: use the buttons under the table."))

    def pause(self, state: Any) -> bool:
        """Stop the bots before ``state`` even if the learner is not to act (e.g. a hand's end)."""
        return False

    def score_row(self, replay: Replay[Any]) -> ScoreRow | None:
        """The score sheet's row for a hand or game that has just ended in ``replay``."""
        return None

    def reviewer(self) -> Reviewer | None:
        """The game's review of the learner's decisions (`cardlab.core.review`); None: this
        table offers no review."""
        return None

    @property
    def reviews(self) -> bool:
        """Whether this table offers a review: its game defines `reviewer`.  Asked without
        making a reviewer, whose counting may bring numpy into a page that does not load it."""
        return type(self).reviewer is not TableModel.reviewer

    def hand_start(self) -> int:
        """The step the hand (round, deal) now on the table began after: what a review looks
        back over.  The whole game, unless the game plays hands."""
        return 0

    def hand_done(self) -> bool:
        """Whether the hand (round, deal) on the table is over: its review is ready."""
        return self.over

    def review_html(self) -> str:
        """The review of the hand just ended, when the learner asked for it (HTML)."""
        return hand_review.html_of(self)

    def ahead(self) -> None:
        """Work out now, while the learner thinks, what the bots' next turns will need and
        keep it (an answer the game caches), so the next press answers sooner; the view calls
        it after showing the table.  Most tables' bots need nothing costly: nothing to do."""

    def foresee(self) -> None:
        """Work out, while the learner thinks, the table after each button they may press next
        and keep it on this model (a value: it never goes stale), so that press finds its answer
        made (`act`); the view calls it once the press is answered.  Per language, like what a
        model derives.  A press refused here is refused again, with its reason, when made."""
        kept: dict[tuple[str, str], TableModel] = self.__dict__.setdefault("_foreseen", {})
        for control in self.offered():
            key = (control.key, language())
            if control.key in hand_review.KEYS:
                continue  # asked for rarely, and a review values moves: not worth it ahead
            if control.kind == "button" and control.enabled and key not in kept:
                try:
                    kept[key] = self.act(control.key)
                except (ValueError, IllegalMove):
                    continue

    def foreseen(self) -> tuple[TableModel, ...]:
        """The tables `foresee` has worked out, in this language."""
        now = language()
        kept: dict[tuple[str, str], TableModel] = self.__dict__.get("_foreseen", {})
        return tuple(after for (_, lang), after in kept.items() if lang == now)

    def drawn(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        """`picture`, kept on this model per theme, selection, layout and language (a value: it
        never goes stale): the view prepares a foreseen table's drawing for the canvas while the
        learner thinks, and the press then shows that very drawing."""
        key = (theme, frozenset(selected), portrait, language())
        kept: dict[tuple[str, frozenset[int], bool, str], Drawing] = self.__dict__.setdefault(
            "_drawn", {}
        )
        if key not in kept:
            kept[key] = self.picture(theme, key[1], portrait)
        return kept[key]

    def score_rows(self, replay: Replay[Any]) -> tuple[ScoreRow, ...]:
        """The score sheet's rows for what has just ended in ``replay``: most tables write one
        row a hand or round (`score_row`), a table may write several (each hand of a game)."""
        row = self.score_row(replay)
        return () if row is None else (row,)

    def record_rows(self, new: tuple[ScoreRow, ...]) -> tuple[tuple[str, float], ...]:
        """What the student's results record of the score-sheet rows ``new`` that one press
        added, as (label, the learner's score): a row each here; a table whose sheet shows the
        parts of one unit (Pyramid Poker's hands of a game) records the unit once."""
        return tuple((row.label, row.scores[0]) for row in new)

    # -- what every table does ---------------------------------------------------------------------
    def offered(self) -> tuple[Control, ...]:
        """The controls as the table offers them: the game's (`controls`), and on an exam page
        the hint controls refused (off, and pressing one says why)."""
        controls = self.controls()
        if self.reviews:
            controls = (*controls, *hand_review.controls(self))
        if self.played is not None:
            controls = tuple(
                dataclasses.replace(c, enabled=False, why_not=str(hand_review.IN_BRANCH))
                if c.key in self.again or c.key in self.goes_on
                else c
                for c in controls
            )
        if self.hints:
            return controls
        return tuple(
            dataclasses.replace(
                c,
                enabled=False,
                value=False if c.kind == "toggle" else c.value,
                why_not=str(NO_HINTS),
            )
            if c.key in self.hint_keys or c.key in hand_review.REVIEW_KEYS
            else c
            for c in controls
        )

    def control(self, key: str) -> Control:
        for control in self.offered():
            if control.key == key:
                return control
        raise ValueError(msg("There is no {key} control at this table.", key=repr(key)))

    def act(self, key: str, value: Any = None) -> Self:
        """The model after using control ``key`` (``value`` for a toggle or a choice).

        Raises ``ValueError`` naming why when the control is disabled now, and the engine's
        ``IllegalMove`` for a refused move; either way this model is unchanged (it is a value).
        A press `foresee` has worked out is answered from what it kept.
        """
        if value is None:
            foreseen = self.__dict__.get("_foreseen", {}).get((key, language()))
            if foreseen is not None:
                return cast("Self", foreseen)
        control = self.control(key)
        if not control.enabled:
            if key == self.pressed:
                return self  # a double click: the first press did the job, say nothing wrong
            raise ValueError(
                control.why_not or msg("{control} is not possible now.", control=control.label)
            )
        checked(control, value)
        after = (
            hand_review.act(self, key, value) if key in hand_review.KEYS else self._act(key, value)
        )
        return self._recorded(dataclasses.replace(after, pressed=key), ("act", key, value))

    def _recorded(self, after: Self, press: Press) -> Self:
        """``after`` with ``press`` added to this table's presses, unless the press began a new
        game (a new recipe: its presses start empty).  Presses made inside a press (a click
        that takes a card, a hint that selects) are replaced by the one the learner made."""
        if after.recipe is not self.recipe:
            return after
        return dataclasses.replace(after, presses=(*self.presses, press))

    # -- where the table stands: how its game began and the learner's presses since ----------
    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Self:
        """The game ``recipe`` describes, at its start (``bots``: others than the table's AI,
        which a position cannot name: a link opens with the table's own)."""
        raise NotImplementedError

    @classmethod
    def greeting(cls, recipe: Recipe) -> str:
        """The status line at the start of ``recipe``'s game: the first words, or which game
        a press began; a class deal says which one it is."""
        words = cls.again_words(recipe) if recipe.again else cls.first_words
        if recipe.deal:
            deal = deal_words(recipe.class_code, recipe.deal)
            return str(msg("{deal}. {words}", deal=deal, words=words))
        return str(words)

    @classmethod
    def again_words(cls, recipe: Recipe) -> str:
        """What the status line says when New game (or Play against) began ``recipe``."""
        return str(msg("A new game (seed {seed}).", seed=recipe.seed))

    @classmethod
    def class_recipe(cls, recipe: Recipe, code: str, deal: int) -> Recipe:
        """``recipe`` moved to deal number ``deal`` of class ``code`` (the class's seed)."""
        seed = class_seed(code, cls.game_name, deal)
        return dataclasses.replace(recipe, seed=seed, class_code=code, deal=deal)

    @classmethod
    def opened(cls, recipe: Recipe, presses: Iterable[Press]) -> tuple[TableModel, list[str]]:
        """The table at the start of ``recipe`` after ``presses``, each made again through the
        method that recorded it, and a notice when the replay stops early: at a hint on an exam
        page, past `MAX_HINTS` hints or `MAX_PRESSES` presses, or at a press that begins
        another game (a link holds one game), so a link costs at most one game and a few
        hints.  ``ValueError`` naming the first press that does not replay."""
        model, hints = cls.begin(recipe), 0
        for n, press in enumerate(presses, 1):
            hint = press[0] == "act" and press[1] in cls.hint_keys
            if n > MAX_PRESSES:
                why = msg("a link replays at most {most} presses", most=MAX_PRESSES)
            elif hint and not recipe.hints:
                why = msg("it is a hint, and this page has no hints")
            elif hint and hints >= MAX_HINTS:
                why = msg("a link replays at most {most} hints", most=MAX_HINTS)
            else:
                why = None
            if why is not None:
                return model, [_stopped(n, press, why)]
            try:
                after = model.pressed_again(press)
            except Exception as exc:  # a refusal of any kind: the link does not lead here
                raise ValueError(
                    msg(
                        "move {number} ({press}) cannot be made: {reason}",
                        number=n,
                        press=describe(press),
                        reason=exc.args[0] if exc.args else str(exc),
                    )
                ) from None
            if after.recipe is not model.recipe:
                return model, [_stopped(n, press, msg("it begins another game"))]
            model, hints = after, hints + hint
        return model, []

    def pressed_again(self, press: Press) -> Self:
        """The table after ``press`` (one of `presses`), made again."""
        if press[0] == "act":
            return self.act(press[1], press[2])
        if press[0] == "select":
            return self.select(press[1])
        return self.click(press[1])

    def settings_now(self) -> tuple[tuple[str, Any], ...]:
        """The table's settings as they are now (a new game keeps them)."""
        return tuple((name, getattr(self, name)) for name in self.carried)

    @classmethod
    def read_settings(cls, settings: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
        """A link's settings checked against this table's (their names and kinds)."""
        defaults = {f.name: f.default for f in dataclasses.fields(cls)}
        for name, value in settings.items():
            if name not in cls.carried or type(value) is not type(defaults[name]):
                raise ValueError(
                    msg(
                        "moves: {name} = {value} is not a table setting",
                        name=shown(name),
                        value=shown(value),
                    )
                )
        return tuple((name, settings[name]) for name in cls.carried if name in settings)

    def next_recipe(self, **changes: Any) -> Recipe:
        """The recipe New game begins: the class's next deal (or the next seed), with this
        table's settings; ``changes`` replace more (e.g. the number of AI)."""
        recipe = dataclasses.replace(
            self.recipe, settings=self.settings_now(), again=True, **changes
        )
        if recipe.class_code:
            return self.class_recipe(recipe, recipe.class_code, recipe.deal + 1)
        return dataclasses.replace(recipe, seed=recipe.seed + 1)

    def in_class(self, code: str) -> Self:
        """The table at class ``code``'s first deal ("" : out of class mode, the same game), or
        this very table when it already plays one of that class's deals."""
        recipe = self.recipe
        if code == recipe.class_code and (
            not code or recipe.seed == class_seed(code, self.game_name, recipe.deal or 1)
        ):
            return self
        settings = dataclasses.replace(recipe, settings=self.settings_now(), again=False)
        if not code:
            return type(self).begin(dataclasses.replace(settings, class_code="", deal=0))
        return type(self).begin(self.class_recipe(settings, code, 1))

    def with_rules(
        self, options: Mapping[str, Any], before: Mapping[str, Any] | None = None
    ) -> Self:
        """The same deal begun again under the rules ``options`` (a game's full options): the
        ones that differ from the lesson's standard rules (`rules_variant`), and ``players`` as
        the number of AI where this table may seat that many (the status line says when it may
        not) - only when ``players`` itself changed from ``before``, the rules the table
        followed until now (None: the standard ones), so that another rule never changes the
        players.  The standard rules all through mean the table's own rules (Triad's table plays
        10 hands against 2 AI).  This very table when nothing changes, so a position opened
        under those rules stays."""
        chosen = rules_variant(self.game, options)
        chosen.pop("players", None)
        ai, note = self.recipe.ai, ""
        players = options.get("players")
        earlier = standard_rules(self.game) if before is None else before
        if players is not None and players != earlier.get("players"):
            low, high = self.ai_range or (len(self.bots), len(self.bots))
            if low <= players - 1 <= high:
                ai = players - 1 if self.ai_range else ai
            else:
                seats = f"{low}-{high}" if low != high else str(low)
                note = " " + str(
                    msg(
                        "This table seats you and {seats} AI, so it keeps {kept} players, "
                        "not {players}.",
                        seats=seats,
                        kept=len(self.bots) + 1,
                        players=players,
                    )
                )
        recipe = dataclasses.replace(
            self.recipe, ai=ai, options=tuple(sorted(chosen.items())), settings=self.settings_now()
        )
        if recipe.ai == self.recipe.ai and recipe.options == self.recipe.options:
            return self.say(note.strip()) if note else self
        table = type(self).begin(dataclasses.replace(recipe, again=False))
        said = msg("New rules: the same deal (seed {seed}) begins again.", seed=recipe.seed)
        if self.scores:
            said = msg(
                "New rules: a new game of the same deal (seed {seed}) begins, so the score "
                "sheet starts again; the hands already finished stay in Download my results.",
                seed=recipe.seed,
            )
        return table.say(f"{said}{note}")

    def select(self, indices: Iterable[int]) -> Self:
        """The same table with cards ``indices`` of ``hand()`` selected."""
        chosen = tuple(sorted(set(indices)))
        size = len(self.hand())
        if any(not 0 <= i < size for i in chosen):
            raise ValueError(
                msgn(
                    "There is no card {number} in your hand of {count}.",
                    "There is no card {number} in your hand of {count}.",
                    size,
                    number=max(chosen) + 1,
                )
            )
        if len(chosen) > 1 and not self.multi_select:
            chosen = chosen[-1:]
        return self._recorded(dataclasses.replace(self, selected=chosen, pressed=""),
                              ("select", chosen))  # fmt: skip

    def say(self, text: str, level: Level = "info") -> Self:
        return dataclasses.replace(self, said=Said(text, level))

    def move(self, action: str, said: str | None = None) -> Self:
        """The learner's ``action`` (refused with the engine's reason), then the bots' turns;
        the status line says ``said``, or the learner's move as the narration tells it."""
        replay = self.replay.append(action)
        if said is None:
            told = replay.event_at(len(replay)).narration_for(LEARNER)
            said = str(msg("You: {move}", move=told))
        return self.advance(replay, said, begin=len(self.replay))

    def advance(
        self,
        replay: Replay[Any],
        said: str,
        *,
        begin: int | None = None,
        level: Level = "ok",
        fresh: bool = False,
    ) -> Self:
        """Let chance and the bots act in ``replay`` until the learner must (or ``pause`` or
        the end), log what happened after step ``begin`` and score what ended.  ``fresh``
        starts a new log (a new hand or game)."""
        begin = len(replay) if begin is None else begin
        reasons: dict[int, tuple[int, Narration]] = {}
        played = replay.play_out(self.bots, reasons=reasons, until=self.pause)
        log = entries(played, begin, reasons)
        written = {r.label for r in self.scores}
        rows = self.score_rows(played) if self.played is None else ()  # a branch never counts
        new = tuple(r for r in rows if r.label not in written)
        return dataclasses.replace(
            self,
            replay=played,
            log=log if fresh else (*self.log, *log),
            scores=(*self.scores, *new),
            said=Said(said, level),
            selected=(),
        )


NO_HINTS = msg("The teacher switched the hints off on this page.")


def _stopped(number: int, press: Press, why: object) -> str:
    """The notice of a link's moves replayed up to move ``number``, and not further."""
    return str(
        msg(
            "the link's moves stop before move {number} ({press}): {why}",
            number=number,
            press=describe(press),
            why=why,
        )
    )


def new_table(
    cls: type[T], replay: Replay[Any], bots: Mapping[int, Bot], said: str, **fields: Any
) -> T:
    """A table at the start of ``replay``: the bots play until the learner must act."""
    model = cls(replay=replay, bots=dict(bots), **fields)
    return model.advance(replay, said, begin=0, level="info", fresh=True)


def indices_of(hand: Sequence[Any], cards: Iterable[Any]) -> tuple[int, ...]:
    """Where ``cards`` are in ``hand``, one index each (a repeated card takes the next copy): the
    selection of a suggestion that names cards."""
    taken: list[int] = []
    for card in cards:
        taken.append(next(i for i, c in enumerate(hand) if c == card and i not in taken))
    return tuple(taken)
