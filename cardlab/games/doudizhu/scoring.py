"""Dou Dizhu scoring: bid x 2^(bombs + rockets) x 2 for spring or anti-spring, zero-sum.

The landlord wins or loses two units, each farmer one (spec §4).  `settle` returns the three
results and the arithmetic, step by step, for the narration and the lesson's score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settlement:
    """The result of a deal: ``unit``, the landlord's and each farmer's points, and how."""

    multiplier: int
    unit: int
    landlord: int
    farmer: int
    steps: tuple[str, ...]

    @property
    def arithmetic(self) -> str:
        return "; ".join(self.steps)


def settle(
    bid: int,
    bombs: int,
    rockets: int,
    spring: bool,
    anti_spring: bool,
    landlord_won: bool,
) -> Settlement:
    """Score a deal.  ``ValueError`` for a bid outside 1-3, negative counts, or a spring and an
    anti-spring at once (one needs the landlord to win, the other the farmers)."""
    if bid not in (1, 2, 3):
        raise ValueError(f"the bid must be 1, 2 or 3, got {bid!r}")
    if bombs < 0 or rockets not in (0, 1):
        raise ValueError(f"bombs must be >= 0 and rockets 0 or 1, got {bombs} and {rockets}")
    if (spring and not landlord_won) or (anti_spring and landlord_won):
        raise ValueError("a spring needs the landlord to win, an anti-spring the farmers")
    events = bombs + rockets
    multiplier = 2**events
    steps = [f"bid {bid}"]
    if events:
        what = " + ".join(
            part
            for part in (
                f"{bombs} bomb{'s' * (bombs != 1)}" if bombs else "",
                "the rocket" if rockets else "",
            )
            if part
        )
        steps.append(f"{what}: x 2^{events} = x {multiplier}")
    if spring or anti_spring:
        multiplier *= 2
        steps.append(f"{'spring' if spring else 'anti-spring'}: x 2")
    unit = bid * multiplier
    steps.append(f"unit = {bid} x {multiplier} = {unit}")
    sign = 1 if landlord_won else -1
    landlord, farmer = 2 * unit * sign, -unit * sign
    steps.append(f"landlord {landlord:+d} (2 x {unit}), each farmer {farmer:+d}")
    return Settlement(multiplier, unit, landlord, farmer, tuple(steps))
