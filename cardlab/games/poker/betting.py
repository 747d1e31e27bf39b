"""Fixed-limit betting, shared by Triad and Pyramid: pure functions over an immutable `Betting`.

The rules (the resolution of Triad §5 A4 and Pyramid §5 P9, "betting like poker"):

* Each hand may start with an **ante** (`post_antes`); a player with fewer chips than the ante
  puts in all they have and is all-in.
* A betting round (`start_round`) is **fixed limit**: a bet or a raise is always exactly the
  round's bet size (the small bet before the draw, the big bet after it).  Actions:
  ``fold``; ``check`` (only when nothing is owed); ``call`` (put in what is owed);
  ``bet`` (open the betting, only when nobody has bet this round); ``raise`` (put in what is
  owed plus one more bet).  After the opening bet at most ``cap`` raises are allowed.
* Action starts with the first player left of the button who can still act and goes
  clockwise.  The round is complete when every player who is neither folded nor all-in has
  acted since the last bet or raise and has matched the highest bet.
* **All-in.** A player who cannot afford a call calls for less and is all-in.  A player who can
  afford a call but not a full bet or raise may still bet or raise all they have; such an
  *incomplete* raise does not count towards the cap and does not re-open raising for players who
  had already acted (they may only call or fold), as in casino limit poker.  Betting or raising
  is refused when every other player still in is all-in (nobody could answer it).
* **Pots** (`pots`): the pot is cut into layers at each distinct contribution; a layer is won
  among the players still in who paid into all of it.  This gives side pots for all-in players,
  and returns an uncalled bet to its bettor (they alone are eligible for that layer).
* **Split pots** (`award`): equal best keys share a layer equally; odd chips go one at a time to
  the winners in seat order starting from the first winner **left of the button**.

Chips are conserved exactly: `award` pays out every chip that was put in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.tuples import replace_at

ACTIONS = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True)
class Betting:
    """The betting state of one hand (all tuples are indexed by seat).

    ``stacks`` are the chips still behind each player, ``contributions`` what each has put in the
    pot this hand (antes included), ``bets`` what each has put in during the current round.
    ``folded`` is True for a player out of the hand (folded, or not dealt in).  ``acted`` marks
    who has acted since the last bet or raise; ``can_raise`` is False for a player whose raising
    was closed by an incomplete all-in raise.  ``to_act`` is None when the round is complete.
    ``raises`` counts full raises after the opening bet this round, limited by ``cap``.
    """

    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    acted: tuple[bool, ...]
    can_raise: tuple[bool, ...]
    to_act: int | None
    button: int
    bet_size: int = 0
    cap: int = 3
    raises: int = 0
    opened: bool = False

    # -- derived ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pot(self) -> int:
        return sum(self.contributions)

    @property
    def high(self) -> int:
        """The highest bet of this round (what a player must match)."""
        return max(self.bets, default=0)

    def all_in(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] == 0

    def live(self) -> list[int]:
        """Players still in the hand (not folded), all-in or not."""
        return [s for s in range(self.players) if not self.folded[s]]

    def can_act(self) -> list[int]:
        """Players still in the hand with chips behind."""
        return [s for s in self.live() if self.stacks[s] > 0]

    def owed(self, seat: int) -> int:
        return self.high - self.bets[seat]

    @property
    def hand_over(self) -> bool:
        """True when one player is left: they win the pot without a showdown."""
        return len(self.live()) <= 1

    @property
    def complete(self) -> bool:
        """True when the current betting round needs no more actions."""
        return self.to_act is None


class BetStep(NamedTuple):
    """What `apply` returns: the new betting state, a one-sentence narration, the arithmetic."""

    betting: Betting
    narration: Message
    arithmetic: Message


# -- setting up ------------------------------------------------------------------------------
def new_hand(
    stacks: Sequence[int], button: int, in_hand: Sequence[bool] | None = None, cap: int = 3
) -> Betting:
    """A hand before the antes: nothing in the pot; players not ``in_hand`` count as folded."""
    n = len(stacks)
    if in_hand is None:
        in_hand = [s > 0 for s in stacks]
    if any(s < 0 for s in stacks):
        raise ValueError(f"stacks cannot be negative: {tuple(stacks)}")
    if cap < 0:
        raise ValueError(f"the raise cap must be 0 or more, got {cap}")
    return Betting(
        stacks=tuple(int(s) for s in stacks),
        contributions=(0,) * n,
        bets=(0,) * n,
        folded=tuple(not i for i in in_hand),
        acted=(False,) * n,
        can_raise=(True,) * n,
        to_act=None,
        button=button,
        cap=cap,
    )


def post_antes(betting: Betting, ante: int) -> BetStep:
    """Every player in the hand antes ``ante`` (or all they have, going all-in)."""
    if ante <= 0:
        return BetStep(betting, msg("There is no ante."), msg("pot {pot}", pot=betting.pot))
    stacks, contributions, paid = list(betting.stacks), list(betting.contributions), []
    short: list[Message] = []
    for s in betting.live():
        amount = min(ante, stacks[s])
        stacks[s] -= amount
        contributions[s] += amount
        paid.append(amount)
        if amount < ante:
            short.append(
                msg(
                    "{player} antes only {amount} and is all-in", player=seat_name(s), amount=amount
                )
            )
    new = replace(betting, stacks=tuple(stacks), contributions=tuple(contributions))
    if short:
        text = msgn(
            "Each player antes {count} chip ({short}).",
            "Each player antes {count} chips ({short}).",
            ante,
            short=semicolons(short),
        )
    else:
        text = msgn("Each player antes {count} chip.", "Each player antes {count} chips.", ante)
    paid_sum = " + ".join(map(str, paid))
    return BetStep(new, text, msg("pot {paid} = {pot}", paid=paid_sum, pot=new.pot))


def semicolons(parts: Sequence[str | Message]) -> str | Message:
    """Clauses of one sentence, separated the language's way ("a; b; c")."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        # Translators: two clauses of one sentence, separated by a semicolon
        out = msg("{first}; {second}", first=out, second=part)
    return out


def start_round(betting: Betting, bet_size: int) -> Betting:
    """A fresh betting round with bets of ``bet_size``; action from the button's left."""
    n = betting.players
    new = replace(
        betting,
        bets=(0,) * n,
        acted=(False,) * n,
        can_raise=(True,) * n,
        bet_size=bet_size,
        raises=0,
        opened=False,
        to_act=None,
    )
    return replace(new, to_act=_next_to_act(new, betting.button))


def _needs_action(b: Betting, seat: int) -> bool:
    return not b.folded[seat] and b.stacks[seat] > 0 and (not b.acted[seat] or b.owed(seat) > 0)


def _next_to_act(b: Betting, after: int) -> int | None:
    """The next seat clockwise after ``after`` that must act, or None: the round is complete."""
    if b.hand_over:
        return None
    n = b.players
    for k in range(1, n + 1):
        seat = (after + k) % n
        if _needs_action(b, seat):
            others = [s for s in b.can_act() if s != seat]
            if not others and b.owed(seat) == 0:
                return None  # alone with chips and nothing owed: nobody could answer a bet
            return seat
    return None


# -- what is legal ---------------------------------------------------------------------------
def legal_actions(b: Betting) -> list[str]:
    """The legal actions of the player to act, in the order fold, check, call, bet, raise."""
    if b.to_act is None:
        return []
    return [a for a in ACTIONS if why_illegal(b, a) is None]


def why_illegal(b: Betting, action: Any) -> Message | None:
    """None when ``action`` is legal for the player to act, else the reason in plain words."""
    if b.to_act is None:
        return msg("the betting round is over: nobody is to act")
    if action not in ACTIONS:
        return msg(
            "a betting action is one of {actions}, got {action}",
            actions=", ".join(ACTIONS),
            action=repr(action),
        )
    seat = b.to_act
    owed, stack = b.owed(seat), b.stacks[seat]
    others = [s for s in b.can_act() if s != seat]
    if action == "fold":
        return None
    if action == "check":
        if owed > 0:
            return msgn(
                "you cannot check: {count} chip is owed (call, raise or fold)",
                "you cannot check: {count} chips are owed (call, raise or fold)",
                owed,
            )
        return None
    if action == "call":
        if owed == 0:
            return msg("there is nothing to call: nobody has bet more than you (check or bet)")
        return None
    if action == "bet":
        if b.high > 0 or b.opened:
            return msg("you cannot bet: there is already a bet this round (call, raise or fold)")
        if not others:
            return msg(
                "you cannot bet: every other player still in is all-in, so nobody could call"
            )
        return None
    # raise
    if b.high == 0 and not b.opened:
        return msg("you cannot raise: nobody has bet yet this round (bet instead)")
    if b.raises >= b.cap:
        return msgn(
            "you cannot raise: the raise cap ({count} raise) is reached",
            "you cannot raise: the raise cap ({count} raises) is reached",
            b.cap,
        )
    if not b.can_raise[seat]:
        return msg(
            "you cannot raise: an all-in for less than a full raise does not re-open the "
            "betting for players who had already acted (call or fold)"
        )
    if stack <= owed:
        return msg(
            "you cannot raise: calling {owed} already takes all your {stack}",
            owed=chips(owed),
            stack=chips(stack),
        )
    if not others:
        return msg("you cannot raise: every other player still in is all-in, so nobody could call")
    return None


# -- applying --------------------------------------------------------------------------------
def apply(b: Betting, action: str) -> BetStep:
    """Apply a legal betting action; ``ValueError`` with the reason if it is illegal."""
    reason = why_illegal(b, action)
    if reason is not None:
        raise ValueError(reason)
    return act(b, action)


def act(b: Betting, action: str) -> BetStep:
    """Apply a betting action that `why_illegal` has already allowed (not checked again)."""
    seat = b.to_act
    assert seat is not None
    who = seat_name(seat)
    owed, stack, pot = b.owed(seat), b.stacks[seat], b.pot
    if action == "fold":
        new = replace(b, folded=replace_at(b.folded, seat, True))
        new = replace(new, to_act=_next_to_act(new, seat))
        text = msg("{player} folds.", player=who)
        if new.hand_over:
            winner = new.live()[0] if new.live() else None
            if winner is not None:
                text = msg(
                    "{player} folds; {winner} is the only player left.",
                    player=who,
                    winner=seat_name(winner),
                )
        return BetStep(new, text, msg("pot stays {pot}", pot=pot))
    if action == "check":
        new = replace(b, acted=replace_at(b.acted, seat, True))
        new = replace(new, to_act=_next_to_act(new, seat))
        return BetStep(new, msg("{player} checks.", player=who), msg("pot stays {pot}", pot=pot))
    if action == "call":
        amount = min(owed, stack)
        new = _put(b, seat, amount)
        new = replace(new, acted=replace_at(new.acted, seat, True))
        new = replace(new, to_act=_next_to_act(new, seat))
        if amount < owed:
            text = msg(
                "{player} calls {amount} of the {owed} owed and is all-in.",
                player=who,
                amount=amount,
                owed=owed,
            )
        elif amount == stack:
            text = msg("{player} calls {amount} and is all-in.", player=who, amount=amount)
        else:
            text = msg("{player} calls {amount}.", player=who, amount=amount)
        return BetStep(new, text, _arith(pot, amount, new, seat))
    # bet or raise: put in what is owed plus one bet, or everything if that is less
    target = owed + b.bet_size
    amount = min(target, stack)
    full = amount == target
    new = _put(b, seat, amount)
    acted = tuple(s == seat for s in range(b.players))
    if full:
        can_raise = (True,) * b.players
    else:  # incomplete all-in raise: players who had acted may not raise again
        can_raise = tuple(
            (not b.acted[s]) and b.can_raise[s] if s != seat else b.can_raise[s]
            for s in range(b.players)
        )
    raises = b.raises + (1 if action == "raise" and full else 0)
    new = replace(new, acted=acted, can_raise=can_raise, raises=raises, opened=True)
    new = replace(new, to_act=_next_to_act(new, seat))
    all_in = amount == stack
    to = new.bets[seat]
    if action == "bet" and all_in:
        text = msg("{player} bets {amount} and is all-in.", player=who, amount=amount)
    elif action == "bet":
        text = msg("{player} bets {amount}.", player=who, amount=amount)
    elif not full:
        text = msg(
            "{player} raises to {total} and is all-in (less than a full raise).",
            player=who,
            total=to,
        )
    elif all_in:
        text = msg(
            "{player} raises to {total} and is all-in (raise {raises} of {cap}).",
            player=who,
            total=to,
            raises=raises,
            cap=b.cap,
        )
    else:
        text = msg(
            "{player} raises to {total} (raise {raises} of {cap}).",
            player=who,
            total=to,
            raises=raises,
            cap=b.cap,
        )
    return BetStep(new, text, _arith(pot, amount, new, seat))


def _put(b: Betting, seat: int, amount: int) -> Betting:
    return replace(
        b,
        stacks=replace_at(b.stacks, seat, b.stacks[seat] - amount),
        bets=replace_at(b.bets, seat, b.bets[seat] + amount),
        contributions=replace_at(b.contributions, seat, b.contributions[seat] + amount),
    )


def _arith(pot: int, amount: int, new: Betting, seat: int) -> Message:
    return msg(
        "pot {pot} + {amount} = {total}; {player} has {stack} behind",
        pot=pot,
        amount=amount,
        total=new.pot,
        player=seat_name(seat),
        stack=new.stacks[seat],
    )


def chips(n: int) -> Message:
    """``n`` chips, as a count: "1 chip", "5 chips"."""
    return msgn("{count} chip", "{count} chips", n)


# -- pots and payouts ------------------------------------------------------------------------
@dataclass(frozen=True)
class Pot:
    """One layer of the pot: its chips, who may win it, who did, and what each winner gets."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[tuple[int, int], ...] = ()


def pots(contributions: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots, lowest layer (the main pot) first.

    Layers are cut at each distinct contribution; a layer's eligible players are those still in
    who paid at least its top.  A layer nobody still in fully paid (rare: chips of a folded
    player above every live player's contribution) joins the layer below it.
    """
    n = len(contributions)
    live = [s for s in range(n) if not folded[s]]
    if not live:
        raise ValueError("at least one player must still be in the hand to win the pot")
    levels = sorted({c for c in contributions if c > 0})
    layers: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributions)
        eligible = tuple(s for s in live if contributions[s] >= level)
        layers.append(Pot(amount, eligible))
        prev = level
    # merge layers nobody eligible can win into the layer below (top down)
    merged: list[Pot] = []
    carry = 0
    for pot in reversed(layers):
        if not pot.eligible:
            carry += pot.amount
            continue
        merged.append(Pot(pot.amount + carry, pot.eligible))
        carry = 0
    if carry:
        merged.append(Pot(carry, tuple(live)))
    merged.reverse()
    # layers with the same eligible players are one pot
    out: list[Pot] = []
    for pot in merged:
        if out and out[-1].eligible == pot.eligible:
            out[-1] = Pot(out[-1].amount + pot.amount, pot.eligible)
        else:
            out.append(pot)
    return out


def split_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    ranking_keys: Sequence[SupportsRichComparison | None],
    button: int = 0,
) -> list[Pot]:
    """`pots` with each pot's winners and shares filled in (see `award` for the rules)."""
    n = len(contributions)
    result = []
    for pot in pots(contributions, folded):
        winners: tuple[int, ...]
        if len(pot.eligible) == 1:
            winners = pot.eligible
        else:
            keys = {s: ranking_keys[s] for s in pot.eligible}
            if any(k is None for k in keys.values()):
                raise ValueError("every player still in a contested pot needs a ranking key")
            best = max(k for k in keys.values() if k is not None)
            winners = tuple(s for s in pot.eligible if keys[s] == best)
        # order the winners from the button's left, for the odd chips
        order = sorted(winners, key=lambda s: (s - button - 1) % n)
        share, odd = divmod(pot.amount, len(order))
        shares = tuple((s, share + (1 if i < odd else 0)) for i, s in enumerate(order))
        result.append(replace(pot, winners=tuple(order), shares=shares))
    return result


def award(
    contributions: Sequence[int],
    folded: Sequence[bool],
    ranking_keys: Sequence[SupportsRichComparison | None],
    button: int = 0,
) -> tuple[int, ...]:
    """Chips each seat receives at the end of a hand; they add up to ``sum(contributions)``.

    ``ranking_keys[s]`` orders the hands (higher wins; None for a player who folded or did not
    show).  Each pot (`pots`) goes to its eligible players with the best key; equal keys split it,
    and odd chips go one each to the tied winners in seat order starting left of the button.
    """
    payouts = [0] * len(contributions)
    for pot in split_pots(contributions, folded, ranking_keys, button):
        for seat, amount in pot.shares:
            payouts[seat] += amount
    assert sum(payouts) == sum(contributions)
    return tuple(payouts)
