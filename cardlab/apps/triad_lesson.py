"""The pure (widget-free) pieces of the Triad lesson: tables, counting arguments, quiz questions.

Kept apart from the widgets so tests check the figures without ipywidgets, and the lesson shows
exactly what these functions return.  Every number comes from the engine
(`cardlab.games.poker.tables`) or is checked against it in the tests.
"""

from __future__ import annotations

import html
import io
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cardlab.core.cards import Card
from cardlab.games.poker.ranking import CATEGORIES, CATEGORY_INDEX, POKER_NAMES, TRIAD_NAMES
from cardlab.games.triad import DECK, HandValue, evaluate
from cardlab.games.triad.game import deck as triad_deck

PLAIN_TOTAL = comb(52, 5)
WILD_TOTAL = comb(54, 5)


@dataclass(frozen=True)
class Counting:
    """A category's count derived by hand: the formula in words and its value."""

    category: str
    formula: str
    explanation: str
    value: int


COUNTING: tuple[Counting, ...] = (
    Counting("four_up", "13 \u00d7 48", "choose the rank of the four (13 ways); the fifth card "
             "is any of the other 48", 13 * 48),
    Counting("full_up", "13 \u00d7 C(4,3) \u00d7 12 \u00d7 C(4,2)", "the rank of the three and "
             "which 3 of its 4 cards, then the rank of the pair and which 2 of its 4 cards",
             13 * comb(4, 3) * 12 * comb(4, 2)),
    Counting("run", "10 \u00d7 4\u2075 \u2212 40", "10 possible tops (5 up to A), each of the "
             "five cards in any of 4 suits, minus the 40 one-suit runs (Half and Full Colors)",
             10 * 4**5 - 40),
    Counting("three_up", "13 \u00d7 C(4,3) \u00d7 C(12,2) \u00d7 4\u00b2", "the rank and 3 of "
             "its 4 cards, then two different other ranks with any suit each",
             13 * comb(4, 3) * comb(12, 2) * 4**2),
    Counting("two_pair", "C(13,2) \u00d7 C(4,2)\u00b2 \u00d7 44", "two ranks for the pairs, two "
             "cards of each, then a fifth card of neither rank (52 \u2212 8 = 44)",
             comb(13, 2) * comb(4, 2) ** 2 * 44),
    Counting("one_pair", "13 \u00d7 C(4,2) \u00d7 C(12,3) \u00d7 4\u00b3", "the pair's rank and "
             "2 of its 4 cards, then three different other ranks with any suit each",
             13 * comb(4, 2) * comb(12, 3) * 4**3),
)  # fmt: skip


def counting_html() -> str:
    """The counting argument for a few rows, each as a fraction of all C(52,5) hands."""
    rows = []
    for c in COUNTING:
        p = Fraction(c.value, PLAIN_TOTAL)
        rows.append(
            f"<tr><th scope='row' style='text-align:left'>{TRIAD_NAMES[c.category]}</th>"
            f"<td>{html.escape(c.formula)} = <b>{c.value:,}</b></td>"
            f"<td>{html.escape(c.explanation)}</td>"
            f"<td>{c.value:,}/{PLAIN_TOTAL:,} = {p.numerator}/{p.denominator}</td></tr>"
        )
    return (
        "<table class='cardlab-counting' style='border-collapse:collapse'>"
        "<thead><tr><th scope='col'>Hand</th><th scope='col'>Count</th>"
        "<th scope='col'>Why</th><th scope='col'>Probability</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def rarity_order(table: dict[str, int]) -> dict[str, int]:
    """Each category's place by rarity: 1 for the rarest (ties share a place)."""
    return {c: 1 + sum(1 for m in table.values() if m < n) for c, n in table.items()}


def tables_html(plain: dict[str, int], wild: dict[str, int]) -> str:
    """The plain and the wild-joker tables side by side, best hand first; the rows where the
    ranking no longer follows rarity (a lower hand is rarer, or as rare) are marked."""
    cats = list(CATEGORIES)[::-1]
    wild_rarity = rarity_order(wild)
    plain_rarity = rarity_order(plain)
    body = []
    for cat in cats:
        p = plain.get(cat)
        w = wild.get(cat, 0)
        lower = [c for c in wild if CATEGORY_INDEX[c] < CATEGORY_INDEX[cat]]
        broken = any(wild[c] <= w for c in lower)
        style = " style='background:#fde2e1'" if broken else ""
        plain_cells = (
            f"<td>{p:,}</td><td>{p / PLAIN_TOTAL:.6f}</td><td>{plain_rarity[cat]}</td>"
            if p is not None
            else "<td>\u2014</td><td>\u2014</td><td>\u2014</td>"
        )
        mark = " \u26a0" if broken else ""
        body.append(
            f"<tr{style}><th scope='row' style='text-align:left'>{TRIAD_NAMES[cat]}{mark}</th>"
            f"<td><small>{POKER_NAMES[cat]}</small></td>{plain_cells}"
            f"<td>{w:,}</td><td>{w / WILD_TOTAL:.6f}</td><td>{wild_rarity[cat]}</td></tr>"
        )
    head = (
        "<tr><th scope='col' rowspan='2'>Hand (best first)</th><th scope='col' rowspan='2'>Poker"
        "</th><th colspan='3'>52 cards, jokers out</th><th colspan='3'>54 cards, both jokers "
        "wild</th></tr><tr><th>hands</th><th>probability</th><th>rarity place</th><th>hands</th>"
        "<th>probability</th><th>rarity place</th></tr>"
    )
    return (
        "<table class='cardlab-triad-tables' style='border-collapse:collapse'>"
        f"<thead>{head}</thead><tbody>{''.join(body)}</tbody>"
        f"<tfoot><tr><th>All hands</th><td></td><td>{sum(plain.values()):,} = C(52,5)</td>"
        f"<td>1</td><td></td><td>{sum(wild.values()):,} = C(54,5)</td><td>1</td><td></td></tr>"
        "</tfoot></table><p><small>\u26a0 marks a hand that is <b>not rarer</b> than every "
        "hand it beats: with wild jokers the ladder no longer follows rarity. Rarity place 1 "
        "is the rarest hand.</small></p>"
    )


def tables_plot_png(plain: dict[str, int], wild: dict[str, int], dpi: int = 100) -> bytes:
    """Grouped horizontal bars (log scale): the probability of each hand, jokers out and wild."""
    from matplotlib.figure import Figure

    cats = list(CATEGORIES)[::-1]
    fig = Figure(figsize=(6.4, 4.6), dpi=dpi, layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(cats)))
    pv = [plain.get(c, 0) / PLAIN_TOTAL for c in cats]
    wv = [wild.get(c, 0) / WILD_TOTAL for c in cats]
    ax.barh([y - 0.2 for y in ys], pv, 0.4, color="#4c72b0", edgecolor="#1f2937",
            label="jokers out (52 cards)")  # fmt: skip
    ax.barh([y + 0.2 for y in ys], wv, 0.4, color="#dd8452", edgecolor="#1f2937", hatch="//",
            label="both jokers wild (54 cards)")  # fmt: skip
    ax.set_xscale("log")
    ax.set_yticks(ys, [TRIAD_NAMES[c] for c in cats])
    ax.invert_yaxis()
    ax.set_xlabel("probability of a 5-card hand (log scale)")
    ax.set_title("Each Triad hand, best at the top", fontsize="medium", loc="left")
    fig.legend(loc="outside lower center", ncols=2, fontsize="small")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


WILD_WHY = (
    "A joker always becomes the card that makes the <b>best</b> hand, so hands are pulled "
    "<b>up</b> the ladder. A pair plus a joker is Three Up, never Two Pair: the joker could "
    "pair the kicker, but three of a kind ranks higher. So Two Pair gains no hand at all "
    "({two_pair:,}, exactly as without jokers) while Three Up collects every pair-plus-joker "
    "({three_up:,}). For the same reason a joker with four odd cards always pairs the highest "
    "one: One Pair ({one_pair:,}) overtakes High Card ({high_card:,}), which gains nothing. "
    "And two pair plus a joker is a Full Up, three of a kind plus a joker a Four Up: both "
    "end at {full_up:,}. The ladder is fixed in advance, the jokers choose their hand after "
    "the deal, and that breaks the link between rank and rarity."
)


def wild_why_html(wild: dict[str, int]) -> str:
    return "<p>" + WILD_WHY.format(**wild) + "</p>"


# -- the quiz: which hand wins? --------------------------------------------------------------------
KEY_WORDS: dict[str, tuple[str, ...]] = {
    "high_card": ("highest card", "second card", "third card", "fourth card", "last card"),
    "one_pair": ("pair", "highest kicker", "second kicker", "last kicker"),
    "two_pair": ("higher pair", "lower pair", "kicker"),
    "three_up": ("three", "higher kicker", "lower kicker"),
    "run": ("top card",),
    "colors": ("highest card", "second card", "third card", "fourth card", "last card"),
    "full_up": ("three", "pair"),
    "four_up": ("four", "kicker"),
    "half_colors": ("top card",),
    "full_colors": (),
    "five_up": ("rank",),
}
RANK_WORD: dict[int, str] = dict(
    zip(
        range(2, 15),
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "Prince", "Queen", "King", "Ace"],
        strict=True,
    )
)


def why_wins(a: HandValue, b: HandValue) -> str:
    """Why ``a`` beats (or ties) ``b``, in one sentence."""
    if a.index != b.index:
        return (
            f"{TRIAD_NAMES[a.category]} ranks above {TRIAD_NAMES[b.category]}: the category "
            "decides before any card is compared."
        )
    cat = TRIAD_NAMES[a.category]
    for word, x, y in zip(KEY_WORDS[a.category], a.key, b.key, strict=False):
        if x != y:
            return (
                f"Both are {cat}, so the tie-break compares in order; the first difference is the "
                f"{word}: {RANK_WORD[x]} against {RANK_WORD[y]}."
            )
    return f"Both are {cat} with the same ranks in every place: suits never count, so it is a tie."


@dataclass(frozen=True)
class Showdown:
    """A quiz question: ``hands`` dealt from one shuffled deck and their values."""

    hands: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.values)
        return tuple(i for i, v in enumerate(self.values) if v == best)

    @property
    def answer(self) -> str:
        """``"0"``, ``"1"``... for a single winner, ``"tie"`` when the best hands are equal."""
        w = self.winners
        return str(w[0]) if len(w) == 1 else "tie"


def showdown_question(seed: int, players: int | None = None) -> Showdown:
    """Deal 2 or 3 hands from a shuffled 52-card deck; most questions are close calls (the two
    best hands in the same category), and some are ties, since those teach the tie-break."""
    rng = random.Random(f"triad-quiz:{seed}")
    n = players or rng.choice((2, 2, 3))
    close = rng.random() < 0.7
    cards = list(triad_deck({}))
    best: Showdown | None = None
    for _ in range(400):
        rng.shuffle(cards)
        hands = tuple(tuple(cards[5 * i : 5 * i + 5]) for i in range(n))
        hands = tuple(tuple(sorted(h, key=lambda c: (-DECK.strength(c), c.code))) for h in hands)
        values = tuple(evaluate(h) for h in hands)
        q = Showdown(hands, values)
        top = sorted(values, reverse=True)
        if not close or top[0].index == top[1].index:
            return q
        best = best or q
    assert best is not None
    return best
