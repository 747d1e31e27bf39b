"""Dou Dizhu scoring: bid x 2^(bombs + rockets) x 2 for spring or anti-spring, zero-sum.

The landlord wins or loses two units, each farmer one (spec §4).  `settle` returns the three
results and the arithmetic, step by step, for the narration and the lesson's score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.core.i18n import Message, msg, msgn


@dataclass(frozen=True)
class Settlement:
    """The result of a deal: ``unit``, the landlord's and each farmer's points, and how."""

    multiplier: int
    unit: int
    landlord: int
    farmer: int
    steps: tuple[Message, ...]

    @property
    def arithmetic(self) -> str:
        """The steps in one line, in the current language."""
        return msg("; ").text().join(step.text() for step in self.steps)


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
    steps = [msg("bid {bid}", bid=bid)]
    if events:
        if bombs and rockets:
            what = msgn("{count} bomb + the rocket", "{count} bombs + the rocket", bombs)
        elif bombs:
            what = msgn("{count} bomb", "{count} bombs", bombs)
        else:
            what = msg("the rocket")
        steps.append(
            msg(
                "{what}: x 2^{events} = x {multiplier}",
                what=what,
                events=events,
                multiplier=multiplier,
            )
        )
    if spring or anti_spring:
        multiplier *= 2
        steps.append(msg("spring: x 2") if spring else msg("anti-spring: x 2"))
    unit = bid * multiplier
    steps.append(
        msg("unit = {bid} x {multiplier} = {unit}", bid=bid, multiplier=multiplier, unit=unit)
    )
    sign = 1 if landlord_won else -1
    landlord, farmer = 2 * unit * sign, -unit * sign
    steps.append(
        msg(
            "landlord {landlord} (2 x {unit}), each farmer {farmer}",
            landlord=f"{landlord:+d}",
            unit=unit,
            farmer=f"{farmer:+d}",
        )
    )
    return Settlement(multiplier, unit, landlord, farmer, tuple(steps))
