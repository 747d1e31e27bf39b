"""The review of a Pyramid Poker game (`cardlab.core.review`): each decision valued by the
lesson's own measure of where a block belongs (`placement.hand_gains`), the rise a block brings
to one hand's worth, that hand's empty places filled from the blocks the seat had not seen,
against a random unseen block in its place.

* **A block into a hand**: its rise in that hand.
* **Keeping a revealed block**, or **taking a face-up one**: the block's worth to the seat, its
  rise in the hand it suits best (where it would then go).
* **Taking a face-down block**: that worth averaged over every block the seat had not seen, each
  as likely to lie there; a pharaoh is worth the best of the three blocks it turns up, any three
  of the unseen ones (the general supply is among them, every block as likely).  The two blocks
  it turns up and discards stay among those a hand is filled from: a small approximation.
* **A block placed in the build** goes into no hand, so every slot is worth the same, 0.  What a
  slot changes (who can take the block, and when) is beyond the measure, and its method says so;
  so is what a take leaves to the bot or uncovers.

A hand's worth is the scoring's.  Advanced: its expected points (with the rule, the expected
penalty for three No Pair hands as `hand_gains` counts it; like the lesson, the bonus for the
comparisons won is left out), exact: every filling counted, where
the lesson simulates beyond 20,000 fillings (one pass over a hand's fillings from the whole pool
gives every unseen block's rise at once: the fillings that hold the block, and those that do
not).  Basic: its chance of winning the comparison with the other player's hand in the same place
(a tie half), in percentage points, by a seeded simulation of both hands' fillings (`samples`,
drawn from the observation, the same fillings for every move) with its 95% margin.

Every decision is counted in the same points of one game, so a decision's stake is 1: the cost
alone orders the review.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import comb

import numpy as np

from cardlab.core.bots import Bot, Decision, rng_for
from cardlab.core.cards import Card
from cardlab.core.engine import Action
from cardlab.core.i18n import Message, msg, msgn, num
from cardlab.core.review import Estimate, mean_margin
from cardlab.games.poker.ranking import CATEGORIES, CATEGORY_BASE, CATEGORY_INDEX
from cardlab.games.poker.tables import card_ids, evaluate_many
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.rules import (
    DECK,
    HAND_NAMES,
    HAND_POINTS,
    HAND_SIZE,
    NO_PAIR_PENALTY,
    PointsChange,
    action_slot,
    is_joker,
)

EXPECTED_POINTS = msg("expected points")
PERCENTAGE_POINTS = msg("percentage points")
_POINTS = np.array([HAND_POINTS.get(c, 0) for c in CATEGORIES], dtype=np.float64)
"""Advanced points by category index (five of a kind, impossible with the jokers out: 0)."""
_NO_PAIR = CATEGORY_INDEX["high_card"]
_Series = np.ndarray
"""A value per sample: one sample when it is exact, else the simulation's, in its order."""


def _measure(scoring: str, penalty: bool) -> Message:
    """What a hand is worth under the scoring, as a method names it."""
    if scoring == "basic":
        return msg(
            "its chance of beating the other player's hand in the same place, a tie counting half"
        )
    if penalty:
        return msg("its expected points with the penalty for three No Pair hands")
    return msg("its expected points")


@dataclass(frozen=True)
class PyramidPokerReviewer:
    """The review of a Pyramid Poker seat: ``bot`` is the table's AI in the learner's place (the
    Hint's), ``no_pair_penalty`` the rule of the game reviewed, ``samples`` the simulated fillings
    a basic game's values rest on."""

    bot: Bot
    no_pair_penalty: bool = False
    samples: int = 4000

    def ai(self, view: PyramidPokerView, legal: Sequence[Action]) -> Decision:
        return self.bot.choose(view, legal)

    def where(self, view: PyramidPokerView) -> Message:
        turn = view.taken + 1
        if view.phase == "place":
            return msg(
                "build, turn {turn} of 30: where the {card} goes",
                turn=view.placed + 1,
                card=str(view.holding),
            )
        if view.phase == "keep":
            return msg("take, turn {turn} of 30: which revealed block to keep", turn=turn)
        if view.phase == "assign":
            return msg(
                "take, turn {turn} of 30: which hand the {card} goes into",
                turn=turn,
                card=str(view.pending),
            )
        return msg("take, turn {turn} of 30: which block to take", turn=turn)

    def same(self, view: PyramidPokerView, first: Action, second: Action) -> bool:
        return first == second

    def values(
        self, view: PyramidPokerView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        worth = _Worth(view, self.no_pair_penalty and view.scoring == "advanced", self.samples)
        if view.phase == "place":
            method = msg(
                "exact: in the build a block goes into no hand, so every slot leaves your hands' "
                "worth as it was; what a slot changes (who can take the block, and when) is not "
                "counted"
            )
            return tuple(worth.estimate(np.zeros(1), method) for _ in moves)
        if view.phase == "assign":
            assert view.pending is not None  # the assign phase always has a block to put
            rises = worth.rises((view.pending,))[0]
            series = [rises[worth.open_hands.index(_hand(move))] for move in moves]
            what = msg(
                "what the {card} adds to that hand's worth, {measure}, against a random unseen "
                "block in its place",
                measure=worth.measure,
                card=str(view.pending),
            )
        elif view.phase == "keep":
            series = list(worth.best(worth.rises([_kept(move) for move in moves])))
            what = msg(
                "the block's worth to you: what it adds to the hand it suits best, {measure}, "
                "against a random unseen block in its place",
                measure=worth.measure,
            )
        else:
            series = [worth.take(view.pyramid[action_slot(str(move))]) for move in moves]
            what = msg(
                "the block's worth to you: what it adds to the hand it suits best, {measure}, "
                "against a random unseen block in its place; a face-down block is averaged over "
                "the blocks you had not seen, a pharaoh is worth the best of three of them; what "
                "the take leaves to the bot or uncovers is not counted",
                measure=worth.measure,
            )
        method = msg("{how}: {what}", how=worth.how, what=what)
        return tuple(worth.estimate(s, method) for s in series)


def _change(value: float, digits: int) -> PointsChange:
    """``value`` signed, to ``digits`` decimals, as Pyramid Poker writes a change; never -0.00."""
    return PointsChange(round(value, digits) + 0.0, digits)


def _hand(action: Action) -> int:
    return HAND_NAMES.index(str(action).split()[1])


def _kept(action: Action) -> Card:
    return DECK.parse_card(str(action).split()[1])


def _subsets(n: int, r: int) -> np.ndarray:
    """Every ``r``-subset of ``range(n)``, one a row, in order: each row of the subsets one
    smaller extended by every larger element, all at once (`itertools.combinations` took a
    third of a review's time)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(r):
        last = rows[:, -1] if rows.shape[1] else np.full(1, -1)
        counts = n - 1 - last
        starts = np.cumsum(counts) - counts
        new = np.repeat(last + 1 - starts, counts) + np.arange(int(counts.sum()))
        rows = np.concatenate([np.repeat(rows, counts, axis=0), new[:, None]], axis=1)
    return rows


def _without(fills: np.ndarray, i: int) -> np.ndarray:
    """Each row of ``fills`` with pool block ``i`` taken out (the rows without it lose their
    last place instead): an ordered fill of the pool drawn at random, less one block, is one of
    the rest of the pool drawn at random."""
    width = fills.shape[1]
    pos = np.where(fills == i, np.arange(width), width - 1).min(axis=1)
    keep = np.arange(width - 1) < pos[:, None]
    return np.where(keep, fills[:, :-1], fills[:, 1:])


class _Worth:
    """One decision's measure: the seat's hands and the other's, the blocks the seat had not seen
    (the plain ones, which fill a hand, as ``pool``), and the rise a block brings to each of its
    open hands: exact (one sample) under advanced scoring, simulated under basic."""

    def __init__(self, view: PyramidPokerView, penalty: bool, samples: int) -> None:
        seat = view.seat
        assert seat is not None  # a review looks through the learner's eyes
        self.view, self.penalty, self.samples = view, penalty, samples
        self.basic = view.scoring == "basic"
        self.mine, self.theirs = view.hands[seat], view.hands[1 - seat]
        self.unseen = tuple(view.unseen().elements())
        self.pool = tuple(c for c in self.unseen if not is_joker(c))
        self.ids = card_ids(self.pool).astype(np.int64)
        self.open_hands = tuple(h for h, hand in enumerate(self.mine) if len(hand) < HAND_SIZE)
        self.measure = _measure(view.scoring, penalty)
        self._made: dict[int, np.ndarray] = {}
        self._means: dict[tuple[Card, ...], np.ndarray] = {}

    @property
    def how(self) -> Message:
        count = len(self.unseen)
        if self.basic:
            return msgn(
                "a seeded simulation of {samples} fillings of both players' hands from the "
                "{count} block you had not seen",
                "a seeded simulation of {samples} fillings of both players' hands from the "
                "{count} blocks you had not seen",
                count,
                samples=num(self.samples),
            )
        return msgn(
            "exact, every filling of your hands from the {count} block you had not seen counted",
            "exact, every filling of your hands from the {count} blocks you had not seen counted",
            count,
        )

    def estimate(self, series: _Series, method: Message) -> Estimate:
        """A value from its samples (one: exact), in the scoring's unit."""
        if self.basic:
            samples = (100 * series).tolist()
            value, margin = mean_margin(samples)
            shown = msg("{change} percentage points", change=_change(value, 1))
            return Estimate(value, shown, PERCENTAGE_POINTS, method, margin, samples=tuple(samples))
        value = float(series.mean())
        shown = msg("{change} expected points", change=_change(value, 2))
        return Estimate(value, shown, EXPECTED_POINTS, method)

    # -- a block's rise in each open hand ---------------------------------------------------
    def rises(self, blocks: Sequence[Card]) -> np.ndarray:
        """The rise each of ``blocks`` (seen ones) brings to each open hand: (block, hand,
        sample)."""
        if self.basic:
            fills = self._fills[:, :-1]
            return np.stack([self._compared(b, fills) for b in blocks])
        return np.stack([self._counted(b) for b in blocks])

    @cached_property
    def pooled(self) -> np.ndarray:
        """The rise each pool block brings to each open hand, were it the block (the pool less
        it filling the hands): (pool block, hand, sample)."""
        if self.basic:
            return np.stack(
                [
                    self._compared(block, _without(self._fills, i))
                    for i, block in enumerate(self.pool)
                ]
            )
        return self._counted_pool()

    @staticmethod
    def best(rises: np.ndarray) -> np.ndarray:
        """Each block's rise in the hand it suits best (the highest mean): (block, sample)."""
        top = rises.mean(axis=2).argmax(axis=1)
        return np.asarray(rises[np.arange(len(rises)), top])

    def take(self, card: Card | None) -> _Series:
        """A block's worth when taken: a face-up block's own (a pharaoh's, the best of three
        unseen blocks), a face-down one's averaged over the unseen blocks."""
        if card is None:
            worth = self.best(self.pooled)
            total = worth.sum(axis=0)
            for _ in range(len(self.unseen) - len(self.pool)):  # a pharaoh, of the rest
                total = total + self._best_of_three(len(self.unseen) - 1)
            return np.asarray(total / len(self.unseen))
        if is_joker(card):
            return self._best_of_three(len(self.unseen))
        return np.asarray(self.best(self.rises((card,)))[0])

    def _best_of_three(self, blocks: int) -> _Series:
        """The worth of the best of three blocks turned up from ``blocks`` unseen ones (the
        whole pool and at most one pharaoh, which is never kept): the pool's blocks ranked by
        worth, the ``i``-th best is kept when the other two come from below it."""
        worth = self.best(self.pooled)
        order = np.argsort(-worth.mean(axis=1), kind="stable")
        weights = np.array([comb(blocks - i, 2) for i in range(1, len(order) + 1)], dtype=float)
        return np.asarray(weights @ worth[order] / comb(blocks, 3))

    def _codes(self, cards: Sequence[Card], fills: np.ndarray) -> np.ndarray:
        """The value of ``cards`` completed by each row of ``fills`` (pool indices)."""
        base = np.broadcast_to(card_ids(cards).astype(np.int64), (len(fills), len(cards)))
        return evaluate_many(np.concatenate([base, self.ids[fills]], axis=1).astype(np.int16))

    # -- advanced scoring: every filling counted ------------------------------------------
    def _points(self, cards: Sequence[Card], fills: np.ndarray) -> np.ndarray:
        """Points and No Pair (1 or 0) of ``cards`` completed by each row of ``fills``: (2, row)."""
        category = self._codes(cards, fills) // CATEGORY_BASE
        return np.stack([_POINTS[category], (category == _NO_PAIR).astype(np.float64)])

    def _subsets(self, room: int) -> np.ndarray:
        """Every filling of ``room`` places from the pool (made once per decision)."""
        if room not in self._made:
            self._made[room] = _subsets(len(self.pool), room)
        return self._made[room]

    def _mean(self, cards: tuple[Card, ...]) -> np.ndarray:
        """``cards``' expected points and No Pair chance over every filling from the pool (once
        per decision: the take begins with three empty hands)."""
        if cards not in self._means:
            fills = self._subsets(HAND_SIZE - len(cards))
            self._means[cards] = np.asarray(self._points(cards, fills).mean(axis=1))
        return self._means[cards]

    @cached_property
    def _before(self) -> list[np.ndarray]:
        """Each hand's expected points and No Pair chance as it stands."""
        return [self._mean(hand) for hand in self.mine]

    def _rise(self, h: int, after: np.ndarray, before: Sequence[np.ndarray]) -> np.ndarray:
        """Hand ``h``'s rise from ``before`` (every hand's points and No Pair chance) to
        ``after``: the points, and with the rule the expected penalty, the other hands' No Pair
        chances taken as they stand (`hand_gains`' approximation).  Each row of ``after`` and
        ``before`` may hold one value or one per pool block."""
        rise = after[0] - before[h][0]
        if self.penalty:
            others = np.prod([b[1] for g, b in enumerate(before) if g != h], axis=0)
            rise = rise + NO_PAIR_PENALTY * (after[1] - before[h][1]) * others
        return np.asarray(rise)

    def _counted(self, block: Card) -> np.ndarray:
        """A seen block's rise in each open hand, exact: (hand, 1)."""
        before = self._before
        rises = [self._rise(h, self._mean((*self.mine[h], block)), before) for h in self.open_hands]
        return np.array(rises).reshape(-1, 1)

    def _counted_pool(self) -> np.ndarray:
        """Every pool block's rise in each open hand, exact, from one pass over each hand's
        fillings from the whole pool: those that hold the block are the hand with it, the others
        the hand filled from the rest of the pool."""
        n = len(self.pool)
        found: dict[tuple[Card, ...], tuple[np.ndarray, np.ndarray]] = {}
        for hand in dict.fromkeys(self.mine):  # the take begins with three empty hands
            room = HAND_SIZE - len(hand)
            fills = self._subsets(room)
            values = self._points(hand, fills)
            held = np.zeros((2, n))
            for column in fills.T:
                for k in (0, 1):
                    held[k] += np.bincount(column, weights=values[k], minlength=n)
            after = held / comb(n - 1, room - 1) if room else held
            found[hand] = after, (values.sum(axis=1)[:, None] - held) / comb(n - 1, room)
        before = [found[hand][1] for hand in self.mine]
        rises = [self._rise(h, found[self.mine[h]][0], before) for h in self.open_hands]
        return np.stack(rises, axis=1)[:, :, None]

    # -- basic scoring: both hands' fillings simulated --------------------------------------
    @cached_property
    def _fills(self) -> np.ndarray:
        """The simulation's ordered fillings (pool indices), one a row, drawn from the
        observation: one place more than any open hand and its rival need, so that one block
        can be taken out (`_without`)."""
        need = max(2 * HAND_SIZE - len(self.mine[h]) - len(self.theirs[h]) for h in self.open_hands)
        rng = np.random.default_rng(rng_for("review/pyramid_poker", self.view).getrandbits(64))
        return rng.random((self.samples, len(self.pool))).argsort(axis=1)[:, : need + 1]

    def _compared(self, block: Card, fills: np.ndarray) -> np.ndarray:
        """``block``'s rise in each open hand's chance of winning its comparison (a tie half),
        sample by sample: (hand, sample).  A row fills the seat's hand from its front and the
        rival's from after the seat's places, with the block or without (`hand_gains`' way)."""
        out = []
        for h in self.open_hands:
            mine, theirs = self.mine[h], self.theirs[h]
            room = HAND_SIZE - len(mine)
            rival = self._codes(theirs, fills[:, room : room + HAND_SIZE - len(theirs)])
            before = self._codes(mine, fills[:, :room])
            after = self._codes((*mine, block), fills[:, : room - 1])
            out.append(_share(after, rival) - _share(before, rival))
        return np.stack(out)


def _share(mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Per sample: 1 for a win, a half for a tie, 0 for a loss."""
    return np.asarray((mine > theirs) + 0.5 * (mine == theirs))
