"""Dou Dizhu bots that say why: a planning AI, and a greedy baseline.

`DouDizhuBot` bids from a hand-strength score and plays from a plan: it splits its hand into few
plays (`cardlab.games.doudizhu.plan`), leads the weakest of them, follows only with plays that
fit the plan, keeps bombs for when an opponent is about to go out or a bomb wins the deal, leaves
its partner's winning tricks alone, and counts the cards seen so it knows what can still beat it.
Every decision comes with one sentence for the narration.

`GreedyBot` always plays its smallest legal combination (fewest cards, then lowest rank; a bomb
or the rocket only when nothing else can be played) and bids 1 when it can.  For a random
baseline use the core `cardlab.core.bots.RandomBot`: it picks uniformly among the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.core.bots import Decision
from cardlab.core.engine import Action, seat_name
from cardlab.core.narration import Narration, hidden, told
from cardlab.games.doudizhu.combos import (
    BLACK_JOKER,
    PASS,
    RANKS,
    RED_JOKER,
    TWO,
    Combo,
    Counts,
    counts_of,
    legal_plays,
)
from cardlab.games.doudizhu.game import DouDizhuView
from cardlab.games.doudizhu.plan import cost, minus, plan, unseen

BOMBS = ("bomb", "rocket")


# -- words ----------------------------------------------------------------------------------------
def rank_word(i: int) -> str:
    """A rank as a learner reads it: ``10`` for T, the jokers by name."""
    return {"T": "10", "BJ": "Black joker", "RJ": "Red joker"}.get(RANKS[i], RANKS[i])


def _run(c: Combo) -> str:
    return f"{rank_word(c.main - c.chain + 1)}-{rank_word(c.main)}"


def _extras(c: Combo, core: set[int]) -> str:
    """The attachments in words: "9 and J", "9 9"."""
    return " and ".join(
        " ".join([rank_word(i)] * n) for i, n in enumerate(c.counts) if n and i not in core
    )


def describe(c: Combo) -> str:
    """A combination in a few words: "the pair of 9s", "the straight 3-7", "the bomb 7777"."""
    high = rank_word(c.main)
    if c.kind == "rocket":
        return "the rocket (both jokers)"
    if c.kind == "solo":
        return f"the single {high}"
    if c.kind in ("pair", "trio"):
        return f"the {c.kind} of {high}s"
    if c.kind == "bomb":
        return f"the bomb {RANKS[c.main] * 4}".replace("TTTT", "10-10-10-10")
    if c.kind == "straight":
        return f"the straight {_run(c)}"
    if c.kind == "pair_run":
        return f"the pair run {_run(c)}"
    core = set(range(c.main - c.chain + 1, c.main + 1))
    if c.kind == "airplane":
        return f"the airplane {_run(c)}"
    if c.kind.startswith("airplane"):
        return f"the airplane {_run(c)} with {_extras(c, core)}"
    if c.kind.startswith("trio"):
        return f"the trio of {high}s with {_extras(c, {c.main})}"
    return f"four {high}s with {_extras(c, {c.main})}"


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _role(view: DouDizhuView, seat: int) -> str:
    return "landlord" if seat == view.landlord else "farmer"


# -- hand strength and bidding --------------------------------------------------------------------
def hand_strength(hand: Counts) -> float:
    """A bidding score: jokers, 2s, aces and bombs count up, and every play the hand needs
    beyond six counts down (a hand that goes out in few plays is worth more)."""
    score = 4.0 * hand[RED_JOKER] + 3.0 * hand[BLACK_JOKER] + 2.0 * hand[TWO] + 1.0 * hand[11]
    score += 5.0 * sum(1 for r in range(13) if hand[r] == 4)
    if hand[RED_JOKER] and hand[BLACK_JOKER]:
        score += 2.0
    score -= max(0.0, cost(hand) - 6.0)
    return score


BID_LEVELS = ((12.0, 3), (9.0, 2), (7.0, 1))
"""(least strength, bid): the bid the AI wants for a hand of that strength."""


def wanted_bid(strength: float) -> int:
    """The bid a hand of ``strength`` is worth (0: pass); never lower for a stronger hand."""
    return next((bid for least, bid in BID_LEVELS if strength >= least), 0)


# -- the AI ---------------------------------------------------------------------------------------
class DouDizhuBot:
    """The planning AI (see the module docstring).

    Tuning (defaults chosen with `benchmarks/doudizhu_ai.py`): ``gain`` is how much a follow
    must shrink the plan (in plays, see `plan.cost`) to be worth making; once an opponent holds
    ``alarm`` cards or fewer it beats whatever it can (the play that costs its plan least), at
    ``block`` or fewer it beats as high as it can, and at ``bomb_alarm`` or fewer it bombs."""

    def __init__(
        self,
        name: str = "ai",
        gain: float = 0.5,
        alarm: int = 10,
        bomb_alarm: int = 2,
        block: int = 4,
    ) -> None:
        self.name = name
        self.block = block
        self.gain = gain
        self.alarm = alarm
        self.bomb_alarm = bomb_alarm

    def __repr__(self) -> str:
        return f"DouDizhuBot(name={self.name!r})"

    def choose(self, observation: DouDizhuView, legal_actions: Sequence[Action]) -> Decision:
        view = observation
        if view.phase == "bid":
            return self._bid(view, legal_actions)
        if view.phase != "play":
            raise ValueError(f"a Dou Dizhu bot acts when bidding or playing, not {view.phase}")
        return _Turn(view, legal_actions, self).decide()

    def _bid(self, view: DouDizhuView, legal: Sequence[Action]) -> Decision:
        hand = counts_of(view.hands[view.seat])  # type: ignore[index,arg-type]
        strength = hand_strength(hand)
        want = wanted_bid(strength)
        what = f"my hand scores {strength:.1f} for strength (jokers, twos, aces, bombs, few plays)"
        action = f"bid {want}"
        if want and action in legal:
            return Decision(action, f"Bids {want}: {what}, worth a bid of {want}.")
        if want:
            return Decision(
                PASS, f"Passes: {what}, worth {want}, and the bid is already {view.bid}."
            )
        return Decision(PASS, f"Passes: {what}, too weak to be the landlord.")


class _Turn:
    """One play-phase decision: everything the AI knows, and the rules it follows."""

    def __init__(self, view: DouDizhuView, legal: Sequence[Action], bot: DouDizhuBot) -> None:
        self.view = view
        self.gain, self.alarm, self.bomb_alarm, self.block = (
            bot.gain,
            bot.alarm,
            bot.bomb_alarm,
            bot.block,
        )
        self.legal = list(legal)
        me = view.seat
        assert me is not None
        self.me = me
        self.hand = counts_of(view.hands[me])  # type: ignore[arg-type]
        self.sizes = [len(h) for h in view.hands]
        landlord = view.landlord
        self.partner = (
            None if me == landlord else next(s for s in range(3) if s not in (me, landlord))
        )
        self.opponents = [s for s in range(3) if s not in (me, self.partner)]
        self.unseen = unseen(self.hand, (p.combo.counts for p in view.plays if p.combo))
        plays = legal_plays(self.hand, view.table, view.ruleset)
        self.options = {
            text: c for c in plays if isinstance(c, Combo) and (text := _text(c)) in self.legal
        }

    # -- helpers ----------------------------------------------------------------------------
    def play(self, c: Combo, reason: str | Narration) -> Decision:
        return Decision(_text(c), reason)

    def danger(self) -> int:
        """The fewest cards an opponent holds."""
        return min(self.sizes[o] for o in self.opponents)

    def who(self, seat: int) -> str:
        return f"{seat_name(seat)} ({_role(self.view, seat)})"

    def beatable(self, c: Combo) -> bool:
        """Could the unseen cards beat ``c`` (a higher play of its kind, a bomb or the rocket)?"""
        u = self.unseen
        if c.kind == "rocket":
            return False
        if u[BLACK_JOKER] and u[RED_JOKER]:
            return True
        if any(u[r] == 4 and (c.kind != "bomb" or r > c.main) for r in range(13)):
            return True
        if c.kind == "bomb":
            return False
        width = {"solo": 1, "pair": 2, "trio": 3, "trio_solo": 3, "trio_pair": 3}.get(c.kind)
        if width is not None:
            top = 15 if width == 1 else 13
            return any(u[r] >= width for r in range(c.main + 1, top))
        if c.kind in ("straight", "pair_run") or c.kind.startswith("airplane"):
            width = {"straight": 1, "pair_run": 2}.get(c.kind, 3)
            for top in range(c.main + 1, 12):
                if all(u[r] >= width for r in range(top - c.chain + 1, top + 1)):
                    return True
            return False
        return any(u[r] == 4 for r in range(c.main + 1, 13))  # four + two

    # -- the decision -----------------------------------------------------------------------
    def decide(self) -> Decision:
        whole = next((c for c in self.options.values() if c.counts == self.hand), None)
        if whole is not None:
            return self.play(whole, f"Plays {describe(whole)}, its last cards, to win the deal.")
        if self.view.table is None:
            return self.lead()
        return self.follow()

    def lead(self) -> Decision:
        groups = [g for g in plan(self.hand) if _text(g) in self.options]
        if not groups:  # the plan always fits the hand; this is only a guard
            c = min(self.options.values(), key=lambda c: (cost(minus(self.hand, c.counts)), c.main))
            return self.play(c, f"Leads {describe(c)}, the play that leaves the fewest plays.")
        normal = [g for g in groups if g.kind not in BOMBS]
        # two plays left and one of them cannot be beaten: play it, then go out
        if len(groups) == 2:
            for g in groups:
                if not self.beatable(g):
                    other = next(x for x in groups if x is not g)
                    return self.play(
                        g,
                        told(
                            f"Leads {describe(g)}: none of the unseen cards can beat it, and then ",
                            hidden(describe(other), "its last play"),
                            " goes out.",
                        ),
                    )
        partner = self.partner
        if partner is not None and self.sizes[partner] <= 2:
            n = self.sizes[partner]
            kind = "solo" if n == 1 else "pair"
            low = [c for c in self.options.values() if c.kind == kind]
            if low:
                c = min(low, key=lambda c: c.main)
                return self.play(
                    c,
                    f"Leads {describe(c)}, as low as it has, so partner {seat_name(partner)} "
                    f"({_cards(n)} left) can go out.",
                )
        if not normal:
            c = groups[0]
            return self.play(c, f"Leads {describe(c)}: only bombs are left to play.")
        danger = self.danger()
        if danger <= 2:
            short = next(o for o in self.opponents if self.sizes[o] == danger)
            risky = {"solo"} if danger == 1 else {"solo", "pair"}
            safe = [g for g in normal if g.kind not in risky]
            if safe:
                c = safe[0]
                return self.play(
                    c,
                    f"Leads {describe(c)}, not a {'single' if danger == 1 else 'single or pair'}: "
                    f"{self.who(short)} has only {_cards(danger)} left.",
                )
            c = max(normal, key=lambda g: (g.main, g.size))
            return self.play(
                c,
                f"Leads {describe(c)}, its highest, because {self.who(short)} has only "
                f"{_cards(danger)} left.",
            )
        c = normal[0]
        n = c.size
        what = "its weakest play" if n == 1 else f"its weakest group, {n} cards in one play"
        return self.play(c, f"Leads {describe(c)}, {what}, keeping stronger cards for later.")

    def follow(self) -> Decision:
        view = self.view
        table = view.table
        assert table is not None
        owner = view.last_player
        assert owner is not None
        beat = f"{describe(table)} of {self.who(owner)}"
        if owner == self.partner:
            return Decision(
                PASS,
                f"Passes: partner {seat_name(owner)} is winning this trick with {describe(table)}.",
            )
        options = list(self.options.values())
        if not options:
            return Decision(PASS, f"Passes: nothing in its hand beats {beat}.")
        normal = [c for c in options if c.kind not in BOMBS]
        bombs = sorted(
            (c for c in options if c.kind in BOMBS), key=lambda c: (c.kind == "rocket", c.main)
        )
        now = cost(self.hand)
        danger = self.danger()
        urgent = danger <= self.alarm
        short = next(o for o in self.opponents if self.sizes[o] == danger)
        if normal:
            # the first play that leaves the cheapest plan, the lowest one among equals
            after, _, i = min(
                (cost(minus(self.hand, c.counts)), c.main, i) for i, c in enumerate(normal)
            )
            best = normal[i]
            if after <= now - self.gain:
                return self.play(
                    best,
                    f"Beats {beat} with {describe(best)}, a play its plan needs to make anyway.",
                )
            if danger <= self.block:
                top = max(normal, key=lambda c: c.main)
                return self.play(
                    top,
                    f"Beats {beat} with {describe(top)}, as high as it can: {self.who(short)} "
                    f"has only {_cards(danger)} left.",
                )
            if urgent:
                return self.play(
                    best,
                    f"Beats {beat} with {describe(best)} to keep the lead: {self.who(short)} is "
                    f"down to {_cards(danger)}.",
                )
        if bombs:
            b = bombs[0]
            rest = minus(self.hand, b.counts)
            if danger <= self.bomb_alarm:
                return self.play(
                    b,
                    f"Bombs with {describe(b)}: {self.who(short)} has only {_cards(danger)} left.",
                )
            if cost(rest) <= 1.2 and not any(self.beatable(g) for g in plan(rest)[1:]):
                return self.play(
                    b,
                    f"Bombs with {describe(b)} to take the lead: what is left then goes out.",
                )
        if normal:
            return Decision(
                PASS,
                f"Passes on {beat}: beating it would break up its plan for the hand.",
            )
        return Decision(
            PASS,
            told(
                f"Passes on {beat}: only a bomb beats it, and it keeps ",
                hidden("the bomb", "its cards"),
                ".",
            ),
        )


def _text(c: Combo) -> str:
    return f"play {c.text} as {c.kind}"


# -- the greedy baseline -----------------------------------------------------------------------
class GreedyBot:
    """Always plays its smallest legal combination: the fewest cards, then the lowest main rank;
    a bomb or the rocket only when no other combination can be played.  Bids 1 when it can."""

    name = "greedy"

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, observation: DouDizhuView, legal_actions: Sequence[Action]) -> Decision:
        view = observation
        if view.phase == "bid":
            if "bid 1" in legal_actions:
                return Decision("bid 1", "Bids 1: the greedy bot bids the least whenever it can.")
            return Decision(PASS, "Passes: the bid is already above 1.")
        hand = counts_of(view.hands[view.seat])  # type: ignore[index,arg-type]
        plays = [
            c
            for c in legal_plays(hand, view.table, view.ruleset)
            if isinstance(c, Combo) and _text(c) in legal_actions
        ]
        if not plays:
            return Decision(PASS, "Passes: nothing in its hand beats the table.")
        normal = [c for c in plays if c.kind not in BOMBS] or plays
        c = min(normal, key=lambda c: (c.size, c.kind in BOMBS, c.kind == "rocket", c.main))
        verb = "Leads" if view.table is None else "Plays"
        return Decision(_text(c), f"{verb} {describe(c)}, its smallest legal combination.")
