"""Dou Dizhu bots that say why: a planning AI, and a greedy baseline.

`DouDizhuBot` bids from a hand-strength score and plays from a plan: it splits its hand into few
plays (`cardlab.games.doudizhu.plan`), leads the weakest of them, follows only with plays that
fit the plan, keeps bombs for when an opponent is about to go out or a bomb wins the deal, leaves
its partner's winning tricks alone, and counts the cards seen so it knows what can still beat it.
As a farmer it never lets the landlord's play stand when a normal play beats it, and it tops its
partner's beatable play, as high as it can, when the landlord plays next with few cards left.
Every decision comes with one sentence for the narration.

`GreedyBot` always plays its smallest legal combination (fewest cards, then lowest rank; a bomb
or the rocket only when nothing else can be played) and bids 1 when it can.  For a random
baseline use the core `cardlab.core.bots.RandomBot`: it picks uniformly among the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardlab.core.bots import Decision
from cardlab.core.engine import Action, seat_name
from cardlab.core.i18n import Message, msg, msgn, num
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
from cardlab.games.doudizhu.game import DouDizhuView, with_role
from cardlab.games.doudizhu.plan import cost, minus, plan, unseen

BOMBS = ("bomb", "rocket")
LAST_PLAY = msg("its last play")
THE_BOMB = msg("the bomb")
ITS_CARDS = msg("its cards")
"""What a bot's reason says in place of the cards it keeps to itself (and what it keeps)."""


# -- words ----------------------------------------------------------------------------------------
def rank_word(i: int) -> str | Message:
    """A rank as a learner reads it: ``10`` for T, the jokers by name."""
    rank = RANKS[i]
    if rank == "BJ":
        return msg("Black joker")
    if rank == "RJ":
        return msg("Red joker")
    return "10" if rank == "T" else rank


def _run(c: Combo) -> Message:
    return msg("{low}-{high}", low=rank_word(c.main - c.chain + 1), high=rank_word(c.main))


def _extras(c: Combo, core: set[int]) -> Message:
    """The attachments in words: "9 and J", "9 9"."""
    parts = [
        " ".join([str(rank_word(i))] * n) if n > 1 else rank_word(i)
        for i, n in enumerate(c.counts)
        if n and i not in core
    ]
    said = parts[0]
    for part in parts[1:]:
        said = msg("{first} and {second}", first=said, second=part)
    return said  # type: ignore[return-value]


def describe(c: Combo) -> Message:
    """A combination in a few words: "the pair of 9s", "the straight 3-7", "the bomb 7777"."""
    high = rank_word(c.main)
    kind = c.kind
    if kind == "rocket":
        return msg("the rocket (both jokers)")
    if kind == "solo":
        return msg("the single {rank}", rank=high)
    if kind == "pair":
        return msg("the pair of {rank}s", rank=high)
    if kind == "trio":
        return msg("the trio of {rank}s", rank=high)
    if kind == "bomb":
        return msg("the bomb {cards}", cards=f"{RANKS[c.main] * 4}".replace("TTTT", "10-10-10-10"))
    if kind == "straight":
        return msg("the straight {run}", run=_run(c))
    if kind == "pair_run":
        return msg("the pair run {run}", run=_run(c))
    core = set(range(c.main - c.chain + 1, c.main + 1))
    if kind == "airplane":
        return msg("the airplane {run}", run=_run(c))
    if kind.startswith("airplane"):
        return msg("the airplane {run} with {extras}", run=_run(c), extras=_extras(c, core))
    if kind.startswith("trio"):
        return msg("the trio of {rank}s with {extras}", rank=high, extras=_extras(c, {c.main}))
    return msg("four {rank}s with {extras}", rank=high, extras=_extras(c, {c.main}))


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
@dataclass(frozen=True)
class DouDizhuBot:
    """The planning AI (see the module docstring).

    Tuning (defaults chosen with `benchmarks/doudizhu_ai.py`): ``gain`` is how much a follow
    must shrink the plan (in plays, see `plan.cost`) to be worth making; once an opponent holds
    ``alarm`` cards or fewer it beats whatever it can (the play that costs its plan least), at
    ``block`` or fewer it beats as high as it can, and at ``bomb_alarm`` or fewer it bombs.
    A farmer beats the landlord whatever the landlord holds: against rlcard's rule landlord that
    holds it to 24.6% of the deals instead of 26.6% (2,000 deals), and the landlord's play is
    unchanged."""

    name: str = "ai"
    gain: float = 0.5
    alarm: int = 10
    bomb_alarm: int = 2
    block: int = 4

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
        what = msg(
            "my hand scores {strength} for strength (jokers, twos, aces, bombs, few plays)",
            strength=num(round(strength, 1), 1),
        )
        action = f"bid {want}"
        if want and action in legal:
            return Decision(
                action, told(msg("Bids {bid}: {what}, worth a bid of {bid}.", bid=want, what=what))
            )
        if want:
            return Decision(
                PASS,
                told(
                    msg(
                        "Passes: {what}, worth {bid}, and the bid is already {high}.",
                        what=what,
                        bid=want,
                        high=view.bid,
                    )
                ),
            )
        return Decision(PASS, told(msg("Passes: {what}, too weak to be the landlord.", what=what)))


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
    def play(self, c: Combo, reason: Message | Narration) -> Decision:
        return Decision(_text(c), told(reason))

    def top(self, plays: list[Combo], beat: Message, short: int) -> Decision:
        """The highest of ``plays`` on ``beat``: ``short`` has so few cards left that a lower
        play would let them win the trick and maybe go out."""
        top = max(plays, key=lambda c: c.main)
        left = self.sizes[short]
        return self.play(
            top,
            msgn(
                "Beats {table} with {play}, as high as it can: {player} has only {count} "
                "card left.",
                "Beats {table} with {play}, as high as it can: {player} has only {count} "
                "cards left.",
                left,
                table=beat,
                play=describe(top),
                player=self.who(short),
            ),
        )

    def danger(self) -> int:
        """The fewest cards an opponent holds."""
        return min(self.sizes[o] for o in self.opponents)

    def who(self, seat: int) -> Message:
        return with_role(seat, self.view.landlord)

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
            return self.play(
                whole, msg("Plays {play}, its last cards, to win the deal.", play=describe(whole))
            )
        if self.view.table is None:
            return self.lead()
        return self.follow()

    def lead(self) -> Decision:
        groups = [g for g in plan(self.hand) if _text(g) in self.options]
        if not groups:  # the plan always fits the hand; this is only a guard
            c = min(self.options.values(), key=lambda c: (cost(minus(self.hand, c.counts)), c.main))
            return self.play(
                c, msg("Leads {play}, the play that leaves the fewest plays.", play=describe(c))
            )
        normal = [g for g in groups if g.kind not in BOMBS]
        # two plays left and one of them cannot be beaten: play it, then go out
        if len(groups) == 2:
            for g in groups:
                if not self.beatable(g):
                    other = next(x for x in groups if x is not g)
                    return self.play(
                        g,
                        msg(
                            "Leads {play}: none of the unseen cards can beat it, and then {last} "
                            "goes out.",
                            play=describe(g),
                            last=hidden(describe(other), LAST_PLAY),
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
                    msgn(
                        "Leads {play}, as low as it has, so partner {player} ({count} card left) "
                        "can go out.",
                        "Leads {play}, as low as it has, so partner {player} ({count} cards left) "
                        "can go out.",
                        n,
                        play=describe(c),
                        player=seat_name(partner),
                    ),
                )
        if not normal:
            c = groups[0]
            return self.play(c, msg("Leads {play}: only bombs are left to play.", play=describe(c)))
        danger = self.danger()
        if danger <= 2:
            short = next(o for o in self.opponents if self.sizes[o] == danger)
            risky = {"solo"} if danger == 1 else {"solo", "pair"}
            safe = [g for g in normal if g.kind not in risky]
            if safe:
                c = safe[0]
                return self.play(
                    c,
                    msg(
                        "Leads {play}, not a single: {player} has only 1 card left.",
                        play=describe(c),
                        player=self.who(short),
                    )
                    if danger == 1
                    else msg(
                        "Leads {play}, not a single or pair: {player} has only 2 cards left.",
                        play=describe(c),
                        player=self.who(short),
                    ),
                )
            c = max(normal, key=lambda g: (g.main, g.size))
            return self.play(
                c,
                msgn(
                    "Leads {play}, its highest, because {player} has only {count} card left.",
                    "Leads {play}, its highest, because {player} has only {count} cards left.",
                    danger,
                    play=describe(c),
                    player=self.who(short),
                ),
            )
        c = normal[0]
        n = c.size
        if n == 1:
            said = msg(
                "Leads {play}, its weakest play, keeping stronger cards for later.",
                play=describe(c),
            )
        else:
            said = msgn(
                "Leads {play}, its weakest group, {count} card in one play, keeping stronger "
                "cards for later.",
                "Leads {play}, its weakest group, {count} cards in one play, keeping stronger "
                "cards for later.",
                n,
                play=describe(c),
            )
        return self.play(c, said)

    def follow(self) -> Decision:
        view = self.view
        table = view.table
        assert table is not None
        owner = view.last_player
        assert owner is not None
        beat = msg("{play} of {player}", play=describe(table), player=self.who(owner))
        if owner == self.partner:
            landlord = view.landlord
            assert landlord is not None
            left = self.sizes[landlord]
            beaters = [c for c in self.options.values() if c.kind not in BOMBS]
            # the landlord plays next, may beat the partner's play and go out: top it
            if (
                (self.me + 1) % 3 == landlord
                and left <= self.block
                and beaters
                and self.beatable(table)
            ):
                return self.top(beaters, beat, landlord)
            return Decision(
                PASS,
                told(
                    msg(
                        "Passes: partner {player} is winning this trick with {play}.",
                        player=seat_name(owner),
                        play=describe(table),
                    )
                ),
            )
        options = list(self.options.values())
        if not options:
            return Decision(PASS, told(msg("Passes: nothing in its hand beats {play}.", play=beat)))
        normal = [c for c in options if c.kind not in BOMBS]
        bombs = sorted(
            (c for c in options if c.kind in BOMBS), key=lambda c: (c.kind == "rocket", c.main)
        )
        now = cost(self.hand)
        danger = self.danger()
        urgent = danger <= self.alarm or self.partner is not None
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
                    msg(
                        "Beats {table} with {play}, a play its plan needs to make anyway.",
                        table=beat,
                        play=describe(best),
                    ),
                )
            if danger <= self.block:
                return self.top(normal, beat, short)
            if urgent and danger > self.alarm:  # a farmer, and the landlord is far from out
                return self.play(
                    best,
                    msg(
                        "Beats {table} with {play}: a farmer takes the lead from the landlord "
                        "whenever it can.",
                        table=beat,
                        play=describe(best),
                    ),
                )
            if urgent:
                return self.play(
                    best,
                    msgn(
                        "Beats {table} with {play} to keep the lead: {player} is down to {count} "
                        "card.",
                        "Beats {table} with {play} to keep the lead: {player} is down to {count} "
                        "cards.",
                        danger,
                        table=beat,
                        play=describe(best),
                        player=self.who(short),
                    ),
                )
        if bombs:
            b = bombs[0]
            rest = minus(self.hand, b.counts)
            if danger <= self.bomb_alarm:
                return self.play(
                    b,
                    msgn(
                        "Bombs with {play}: {player} has only {count} card left.",
                        "Bombs with {play}: {player} has only {count} cards left.",
                        danger,
                        play=describe(b),
                        player=self.who(short),
                    ),
                )
            if cost(rest) <= 1.2 and not any(self.beatable(g) for g in plan(rest)[1:]):
                return self.play(
                    b,
                    msg(
                        "Bombs with {play} to take the lead: what is left then goes out.",
                        play=describe(b),
                    ),
                )
        if normal:
            return Decision(
                PASS,
                told(
                    msg(
                        "Passes on {table}: beating it would break up its plan for the hand.",
                        table=beat,
                    )
                ),
            )
        return Decision(
            PASS,
            told(
                msg(
                    "Passes on {table}: only a bomb beats it, and it keeps {bomb}.",
                    table=beat,
                    bomb=hidden(THE_BOMB, ITS_CARDS),
                )
            ),
        )


def _text(c: Combo) -> str:
    return f"play {c.text} as {c.kind}"


# -- the greedy baseline -----------------------------------------------------------------------
@dataclass(frozen=True)
class GreedyBot:
    """Always plays its smallest legal combination: the fewest cards, then the lowest main rank;
    a bomb or the rocket only when no other combination can be played.  Bids 1 when it can."""

    name: ClassVar[str] = "greedy"

    def choose(self, observation: DouDizhuView, legal_actions: Sequence[Action]) -> Decision:
        view = observation
        if view.phase == "bid":
            if "bid 1" in legal_actions:
                return Decision(
                    "bid 1", told(msg("Bids 1: the greedy bot bids the least whenever it can."))
                )
            return Decision(PASS, told(msg("Passes: the bid is already above 1.")))
        hand = counts_of(view.hands[view.seat])  # type: ignore[index,arg-type]
        plays = [
            c
            for c in legal_plays(hand, view.table, view.ruleset)
            if isinstance(c, Combo) and _text(c) in legal_actions
        ]
        if not plays:
            return Decision(PASS, told(msg("Passes: nothing in its hand beats the table.")))
        normal = [c for c in plays if c.kind not in BOMBS] or plays
        c = min(normal, key=lambda c: (c.size, c.kind in BOMBS, c.kind == "rocket", c.main))
        if view.table is None:
            said = msg("Leads {play}, its smallest legal combination.", play=describe(c))
        else:
            said = msg("Plays {play}, its smallest legal combination.", play=describe(c))
        return Decision(_text(c), told(said))
