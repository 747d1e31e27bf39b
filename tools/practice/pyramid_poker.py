"""Pyramid Poker's practice positions: which hand a taken block goes into, which free block to
take, and which revealed block to keep after a pharaoh (see `tools/curate_practice.py`).

Each seed's game at the lesson's table (the learner's seat played by the Hint, the bot by the
reasoning bot) is followed through the take phase until the learner faces a decision of a wanted
kind with a clear answer: one best move by the review's exact values (or, taking, every
face-down block alike at the top), the practice's AI playing it, its reason's sign agreeing with
the value, and the gap to the next move in the kind's range (a wide one for a first-lesson idea,
a narrow one for a subtle point).  The first ones of each kind are kept, one position a game.
The build never asks: the review values every slot the same.

A kind is what makes the answer right, and for some what a wrong answer does (the practice's
mistake classes, `cardlab.apps.pyramid_poker.practice`), so that every class is met: a hand
finished as No Pair, a draw broken, a block that fits two hands.

``python tools/practice/pyramid_poker.py`` prints the positions' answers and gaps for
`cardlab.apps.pyramid_poker.practice`.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable

from cardlab.apps.practice import SEAT
from cardlab.apps.pyramid_poker.practice import (
    PRACTICE_AI,
    assign_mistake,
    best_fit,
    fit,
    take_mistake,
)
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.core.cards import Card
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker.bots import best_gain
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.review import PyramidPokerReviewer
from cardlab.games.pyramid_poker.rules import HAND_NAMES, HAND_SIZE, action_slot, is_joker

CLEAR = 0.03
"""The least gap (expected points) between the answer and the next move."""
WIDE, MEDIUM, ANY = 0.4, 0.15, 99.0
"""A first-lesson position's least gap, a medium one's, and no upper bound."""
SEEDS = range(1, 1500)
REVIEWER = PyramidPokerReviewer(PRACTICE_AI)


class Decision:
    """A decision of the learner's with a clear answer: the view, the moves, the answers (the
    AI's first), the gap to the next move, and each wrong move's class of mistake."""

    def __init__(self, view: PyramidPokerView, legal: tuple[str, ...], answers: list[str]):
        self.view, self.legal, self.answers = view, legal, answers
        wrong = [m for m in legal if m not in answers]
        if view.phase == "assign":
            self.mistakes = {assign_mistake(view, m, answers[0]) for m in wrong}
        elif view.phase == "take":
            self.mistakes = {take_mistake(view, m, answers[0]) for m in wrong}
        else:
            self.mistakes = {"keep"}

    @property
    def mine(self):
        return self.view.hands[SEAT]

    @property
    def block(self) -> Card:
        """The taken block (a decision of which hand)."""
        assert self.view.pending is not None
        return self.view.pending

    def fits(self) -> list[str]:
        """How the taken block fits each open hand."""
        return [fit(h, self.block) for h in self.mine if len(h) < HAND_SIZE]

    def there(self) -> str:
        """How the taken block fits the answer's hand."""
        return fit(self.mine[HAND_NAMES.index(self.answers[0].split()[1])], self.block)

    def face(self, move: str):
        return self.view.pyramid[action_slot(move)]

    def kept(self) -> str:
        card = next(c for c in self.view.revealed if c.code == self.answers[0].split()[1])
        return best_fit(self.view, card)[0]

    def mixed(self) -> bool:
        """Taking: known blocks and face-down ones to choose from."""
        faces = [self.face(m) for m in self.legal]
        return any(f is None for f in faces) and any(f is not None for f in faces)


def _assign(d: Decision) -> bool:
    return d.view.phase == "assign" and len(d.answers) == 1


def _keep(d: Decision) -> bool:
    return d.view.phase == "keep" and len(d.answers) == 1


def _take(d: Decision) -> bool:
    return d.view.phase == "take"


def _known(d: Decision) -> bool:
    """Taking one known block, not a pharaoh."""
    if not _take(d) or len(d.answers) != 1:
        return False
    card = d.face(d.answers[0])
    return card is not None and not is_joker(card)


def _pharaoh_offered(d: Decision) -> bool:
    return any((c := d.face(m)) is not None and is_joker(c) for m in d.legal)


def _pair(d: Decision) -> bool:
    return _assign(d) and d.there() == "rank"


def _take_pair(d: Decision) -> bool:
    return _known(d) and best_fit(d.view, d.face(d.answers[0]))[0] == "rank"


def _keep_pair(d: Decision) -> bool:
    return _keep(d) and d.kept() == "rank"


def _flush(d: Decision) -> bool:
    return _assign(d) and d.there() == "suit" and "missed-flush" in d.mistakes


def _straight(d: Decision) -> bool:
    return _assign(d) and d.there() == "run" and "missed-straight" in d.mistakes


def _finish(d: Decision) -> bool:
    return _assign(d) and "no-pair" in d.mistakes


def _face_down(d: Decision) -> bool:
    return _take(d) and d.mixed() and d.face(d.answers[0]) is None


def _pharaoh(d: Decision) -> bool:
    if not _take(d) or len(d.answers) != 1:
        return False
    card = d.face(d.answers[0])
    return card is not None and is_joker(card)


def _keep_draw(d: Decision) -> bool:
    return _keep(d) and d.kept() in ("suit", "run")


def _least_harm(d: Decision) -> bool:
    return _assign(d) and all(f == "none" for f in d.fits())


def _spare_the_draw(d: Decision) -> bool:
    return _assign(d) and bool({"broke-straight", "broke-flush"} & d.mistakes)


def _two_homes(d: Decision) -> bool:
    return _assign(d) and "weaker-fit" in d.mistakes


def _not_the_pharaoh(d: Decision) -> bool:
    return _take(d) and "wasted-pharaoh" in d.mistakes


def _close_take(d: Decision) -> bool:
    return _take(d) and d.mixed() and not _pharaoh_offered(d)


KINDS: dict[str, tuple[int, int, float, float, Callable[[Decision], bool]]] = {
    # kind: (level, count, least gap, gap below, what the decision is)
    "pair": (1, 3, WIDE, ANY, _pair),
    "take-pair": (1, 2, WIDE, ANY, _take_pair),
    "keep-pair": (1, 1, WIDE, ANY, _keep_pair),
    "flush": (2, 2, MEDIUM, ANY, _flush),
    "straight": (2, 2, MEDIUM, ANY, _straight),
    "finish": (2, 1, MEDIUM, ANY, _finish),
    "face-down": (2, 2, MEDIUM, ANY, _face_down),
    "pharaoh": (2, 2, MEDIUM, ANY, _pharaoh),
    "not-the-pharaoh": (2, 1, MEDIUM, ANY, _not_the_pharaoh),
    "keep-draw": (2, 1, MEDIUM, ANY, _keep_draw),
    "least-harm": (3, 3, CLEAR, MEDIUM, _least_harm),
    "spare-the-draw": (3, 1, CLEAR, MEDIUM, _spare_the_draw),
    "two-homes": (3, 2, CLEAR, MEDIUM, _two_homes),
    "close-take": (3, 2, CLEAR, MEDIUM, _close_take),
}
"""Easy to hard, in this order: each kind's level, how many, its range of gaps, and what makes a
decision of the kind (the first kind still wanted that fits a decision takes it)."""


def graded(view, legal) -> tuple[list[str], float, float]:
    """The answers (every move at the top value, the AI's first), the gap to the next move and
    the top value."""
    values = [v.value for v in REVIEWER.values(view, legal, legal)]
    top = max(values)
    answers = [m for m, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    rest = [v for v in values if v < top - 1e-9]
    ai = str(REVIEWER.ai(view, legal).action)
    if ai not in answers or not rest:
        return [], 0.0, top
    answers.remove(ai)
    return [ai, *answers], top - max(rest), top


def _told_alike(view, top: float) -> bool:
    """Whether the AI's reason for a hand or a kept block (its own quick estimate of the gain)
    and the review's exact value agree in sign, where the value is not about zero: a reason
    "costs least" beside a gain, or "adds most" beside a loss, would confuse."""
    mine = view.hands[SEAT]
    if view.phase == "assign":
        estimate = best_gain(mine, view.pending)[0]
    elif view.phase == "keep":
        estimate = max(best_gain(mine, c)[0] for c in view.revealed if not is_joker(c))
    else:
        return True
    return abs(top) < 0.01 or (estimate < 0) == (top < 0)


def _decision(table: PyramidPokerTable, count: Counter[str]) -> str | None:
    """The kind of the learner's decision now, when it makes a clear exercise still wanted."""
    view = table.observation
    if not table.my_turn or view.phase not in ("take", "assign", "keep"):
        return None
    legal = tuple(table.game.legal_actions(table.state))
    if len(legal) < 2:
        return None
    answers, gap, top = graded(view, legal)
    if not answers or gap < CLEAR or not _told_alike(view, top):
        return None
    decision = Decision(view, legal, answers)
    for kind, (_, wanted, low, high, what) in KINDS.items():
        if count[kind] < wanted and low <= gap < high and what(decision):
            return kind
    return None


def find() -> list[tuple[str, Replay]]:
    found: list[tuple[str, Replay]] = []
    count: Counter[str] = Counter()
    for seed in SEEDS:
        if seed % 50 == 0:
            print(f"seed {seed}: {dict(count)}", file=sys.stderr)
        if all(count[k] >= n for k, (_, n, _, _, _) in KINDS.items()):
            break
        table = PyramidPokerTable.start(seed=seed)
        while not table.over:
            kind = _decision(table, count)
            if kind:
                count[kind] += 1
                found.append((kind, table.replay))
                break
            tip = table.suggest()
            table = table.select(tip.selected).act(tip.key, tip.value)
    order = list(KINDS)
    ordered = sorted(found, key=lambda item: order.index(item[0]))
    return [(f"{n:02d}-{kind}", replay) for n, (kind, replay) in enumerate(ordered, 1)]


def main() -> None:
    """The positions' answers and gaps, as `cardlab.apps.pyramid_poker.practice` lists them."""
    for name, replay in find():
        view = replay.game.observe(replay.state, SEAT)
        legal = tuple(replay.game.legal_actions(replay.state))
        answers, gap, _ = graded(view, legal)
        level = KINDS[name[3:]][0]
        print(f"    Position({name!r}, {level}, {tuple(answers)!r}, HINT),  # gap {gap:.3f}")


if __name__ == "__main__":
    main()
