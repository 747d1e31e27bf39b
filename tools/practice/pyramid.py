"""Pyramid's practice positions: the learner's exchange with each kind of hand, and bets where
the pot odds (or the share of the showdowns) decide (see `tools/curate_practice.py`).

Each seed's game at the lesson's table (two AI, the standard rules: one exchange round) is
played by the Hint until the learner's exchange or a bet after it; a position is kept when its
best move is clear, and the first ones of each kind are taken, no two of a kind teaching the
same thing (`_idea`: the same hand in other colours).  An exchange is clear when one discard is
best and every other's exact value (`cardlab.games.pyramid.game.discard_values`: the chance of
a better pyramid less the chance of a worse hand) is at least the kind's ``gap`` below it; a bet
when its best move beats every other by more than both margins of the review's simulation and
the practice's AI plays it.

An exchange has up to 57 distinct discards: the position offers the answer and the few moves
worth weighing (`choices`): standing pat, the runner-up, the best discard of each other way of
throwing (by the levels thrown) and, with the Keystone in hand, the best that throws it.
``python tools/practice/pyramid.py`` prints the positions' answers and offered moves for
``cardlab/apps/pyramid/practice.py`` (``find`` first: the search, about a minute of CPU).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from cardlab.apps.pyramid.table import PyramidTable
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import DrawPokerView
from cardlab.games.poker.review import DrawReviewer
from cardlab.games.pyramid import GAME, evaluate

KINDS = {
    # kind: (level, how many, the least gap in percentage points to the next discard)
    "full": (1, 2, 5.0),
    "small": (1, 3, 5.0),
    "middle-draw": (1, 2, 5.0),
    "middle-pat": (2, 2, 5.0),
    "no-pyramid": (2, 2, 0.3),
    "call": (2, 2, 0.0),
    "fold": (2, 2, 0.0),
    "bet": (2, 2, 0.0),
    "keystone": (3, 2, 0.3),
    "colour": (3, 3, 0.3),
    "break": (3, 1, 0.3),
}
ORDER = list(KINDS)
"""Easy to hard: a full pyramid kept and a small or middle one drawn to, then standing pat on a
middle pyramid, no pyramid yet and the bets, then the Keystone, the colour and breaking a
pyramid."""
SEEDS = 3000

PRACTICE_AI = PokerBot(seed="hint/practice", goal="improve", bluff=0, game=GAME)
"""The practice's AI (`cardlab.apps.pyramid.practice`): its reason must explain the answer."""
REVIEWER = DrawReviewer(GAME, PRACTICE_AI)
NEED = {3: (3, 2, 1), 2: (3, 2, 0), 1: (2, 1, 0)}
"""The level-3, level-2 and level-1 cards of each pyramid (full, middle, small)."""


# -- what a discard is ---------------------------------------------------------------------------
def thrown(move: str) -> Counter[str]:
    """The cards a discard throws, by code (stand pat: none)."""
    words = move.split()
    return Counter(words[1:]) if words[:1] == ["discard"] else Counter()


def profile(move: str) -> tuple[str, ...]:
    """The levels a discard throws ("K" for the Keystone): discards of one profile differ only
    in colour."""
    return tuple(sorted(code[0] for code in thrown(move).elements()))


def holds(cards: Counter[str], type_rank: int) -> bool:
    """Whether ``cards`` (codes) still hold a pyramid of ``type_rank`` (the Keystone filling a
    missing card)."""
    have = {level: sum(n for c, n in cards.items() if c[0] == level) for level in "321"}
    need = NEED[type_rank]
    missing = sum(max(0, n - have[level]) for n, level in zip(need, "321", strict=True))
    return missing <= cards["K"]


def hand_of(view: DrawPokerView) -> tuple:
    return tuple(c for c in view.hands[0] if c is not None)


# -- an exchange ---------------------------------------------------------------------------------
def exchange_values(view: DrawPokerView, legal: list[str]) -> dict[str, float]:
    """Every legal discard's exact value, by its action text."""
    found = REVIEWER.values(view, legal, legal)
    return {move: est.value for move, est in zip(legal, found, strict=True)}


def choices(
    view: DrawPokerView, legal: list[str]
) -> tuple[tuple[str, ...], tuple[str, ...], float]:
    """The answers (every discard at the top value), the moves offered (the answers, standing
    pat, the runner-up, the best discard of each other profile and, with the Keystone in hand,
    the best that throws it: at most six, in the legal order) and the gap from the answers to
    the runner-up."""
    values = exchange_values(view, legal)
    top = max(values.values())
    answers = [m for m in legal if values[m] >= top - 1e-9]
    rest = sorted((m for m in legal if m not in answers), key=lambda m: -values[m])
    gap = top - values[rest[0]]
    wrong = [rest[0]]
    if "stand pat" not in answers and "stand pat" not in wrong:
        wrong.append("stand pat")
    seen = {profile(m) for m in answers + wrong}
    for move in rest:
        if len(answers) + len(wrong) >= 6:
            break
        if profile(move) not in seen:
            seen.add(profile(move))
            wrong.append(move)
    keystone = [m for m in rest if "K" in thrown(m)]
    if keystone and not any("K" in thrown(m) for m in wrong):
        if len(answers) + len(wrong) >= 6:
            wrong.pop()
        wrong.append(keystone[0])
    offered = [m for m in legal if m in answers or m in wrong]
    return tuple(answers), tuple(offered), gap


def exchange_kind(view: DrawPokerView, legal: list[str]) -> tuple[str, float]:
    """The kind of exchange (see `KINDS`) and its gap."""
    hand = hand_of(view)
    type_rank = evaluate(hand).key[0]
    values = exchange_values(view, legal)
    answers, _, gap = choices(view, legal)
    best = answers[0]
    runner_up = max((m for m in legal if m not in answers), key=lambda m: values[m])
    codes = Counter(c.code for c in hand)
    if len(answers) > 1:
        return "tied", gap
    if "K" in codes and best != "stand pat":
        return "keystone", gap
    if best == "stand pat":
        return {3: "full", 2: "middle-pat"}.get(type_rank, "other"), gap
    if type_rank and not holds(codes - thrown(best), type_rank):
        return "break", gap
    if profile(runner_up) == profile(best):
        return "colour", gap
    return {2: "middle-draw", 1: "small", 0: "no-pyramid"}.get(type_rank, "other"), gap


# -- a bet ---------------------------------------------------------------------------------------
def bet_kind(view: DrawPokerView, legal: list[str]) -> str | None:
    """``call``, ``fold`` or ``bet`` when that is the clear best bet and the AI plays it."""
    found = REVIEWER.values(view, legal, legal)
    order = sorted(range(len(legal)), key=lambda i: -found[i].value)
    first = order[0]
    best = found[first]
    if any(best.value - found[i].value <= best.margin + found[i].margin for i in order[1:]):
        return None
    move = legal[first]
    if PRACTICE_AI.choose(view, legal).action != move:
        return None
    if move in ("call", "fold") and "call" in legal:
        return move
    return "bet" if move == "bet" else None


def decision(table: PyramidTable) -> str | None:
    """The kind of decision the learner faces now, when it makes a clear exercise."""
    if not table.my_turn:
        return None
    view = table.observation
    legal = list(GAME.legal_actions(table.state))
    if view.phase == "draw":
        kind, gap = exchange_kind(view, legal)
        return kind if kind in KINDS and gap >= KINDS[kind][2] else None
    if view.phase != "bet2":
        return None
    return bet_kind(view, legal)


def find() -> list[tuple[str, Replay]]:
    found: list[tuple[str, Replay]] = []
    count: Counter[str] = Counter()
    ideas: set[tuple[object, ...]] = set()
    for seed in range(1, SEEDS):
        if all(count[k] >= n for k, (_, n, _) in KINDS.items()):
            break
        table = PyramidTable.start(seed=seed, opponents=2)
        for _ in range(40):
            if table.hand_over is not None:
                break
            kind = decision(table)
            if kind and count[kind] < KINDS[kind][1]:
                idea = (kind, *_idea(table))
                if idea not in ideas:
                    ideas.add(idea)
                    count[kind] += 1
                    found.append((kind, table.replay))
                    break
            tip = table.suggest()
            table = table.select(tip.selected).act(tip.key, tip.value)
    ordered = sorted(found, key=lambda item: ORDER.index(item[0]))
    return [(f"{n:02d}-{kind}", replay) for n, (kind, replay) in enumerate(ordered, 1)]


def _idea(table: PyramidTable) -> tuple[object, ...]:
    """What a position teaches beyond its kind: the hand's levels and class and the levels the
    answer throws (two positions of a kind teach different things: not one hand in other
    colours)."""
    view = table.observation
    hand = hand_of(view)
    value = evaluate(hand)
    shape = tuple(sorted(c.code[0] for c in hand))
    if view.phase != "draw":
        return (shape, value.hand_class)
    answers, _, _ = choices(view, list(GAME.legal_actions(table.state)))
    return (shape, value.hand_class, profile(answers[0]))


def positions(folder: Path) -> list[str]:
    """The positions' lines for ``cardlab/apps/pyramid/practice.py``, from the curated deals."""
    lines = []
    for path in sorted(folder.glob("*.txt")):
        replay = Replay.from_text(path.read_text(encoding="utf-8"))
        view = GAME.observe(replay.state, 0)
        legal = list(GAME.legal_actions(replay.state))
        name = path.stem
        kind = name[3:]
        level = KINDS[kind][0]
        if view.phase == "draw":
            answers, offered, _ = choices(view, legal)
            lines.append(
                f"    _exchange({name!r}, {level}, {_short(answers)!r}, {_short(offered)!r}),"
            )
        else:
            lines.append(f"    Position({name!r}, {level}, ({kind!r},), HINT[{kind!r}]),")
    return [line.replace("'", '"') for line in lines]


def _short(moves: tuple[str, ...]) -> str:
    """Exchanges as `cardlab.apps.pyramid.practice._discards` reads them."""
    return " / ".join("-" if m == "stand pat" else m.removeprefix("discard ") for m in moves)


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[2]
    start = time.process_time()
    if sys.argv[1:] == ["find"]:
        for name, _ in find():
            print(name)
    print("\n".join(positions(root / "cardlab" / "lessons" / "practice" / "pyramid")))
    print(f"# {time.process_time() - start:.0f} s of CPU", file=sys.stderr)
