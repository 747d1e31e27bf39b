"""Triangle bots that explain their choices with the odds a learner can check.

`ReasoningBot` grabs the Right to Speak when its best statement is worth enough, and then makes
the statement with the best net value, saying why with the counting argument.  For a baseline
opponent use the core `cardlab.core.bots.RandomBot`: on Triangle it claims or passes at random
and makes a random statement, so it needs no Triangle-specific version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.bots import Decision
from cardlab.core.i18n import Message, msg, msgn, num
from cardlab.core.narration import Piece, hidden, told
from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.odds import StatementOdds, best_statement, signed
from cardlab.games.triangle.rules import Statement


@dataclass(frozen=True)
class ReasoningBot:
    """Claims iff its best statement's net value is above ``threshold``; states the best one.

    ``remember=False`` makes it forget the earlier rounds of the turn (it counts only the cards in
    view now), which the lessons use to show what memory is worth.
    """

    threshold: float = 0.5
    remember: bool = True
    name: str = "reasoning"

    def __repr__(self) -> str:
        return f"ReasoningBot(threshold={self.threshold}, remember={self.remember})"

    def choose(self, observation: TriangleView, legal_actions: Sequence[str]) -> Decision:
        best = best_statement(observation, remember=self.remember)
        said = best.statement.said
        certain = best.statement.kind == "S1" and best.p_true == 1
        if observation.phase == "claim":
            # a claim's statement is unsaid yet, and it tells of the peers' cards: keep it secret
            net = signed(best.net)
            if best.net > self.threshold:
                why: Piece
                if certain:
                    why = hidden(
                        _certain(best.statement, says=False),
                        msg("my best statement is certain"),
                    )
                else:
                    quoted = msg('"{statement}"', statement=said)
                    mine = hidden(quoted, msg("my best statement"))  # unsaid: only the bot's
                    why = msg(
                        "{statement} is true for {count}", statement=mine, count=self._count(best)
                    )
                return Decision(
                    "claim", told(msg("Claims: {why}, worth {net} net.", why=why, net=net))
                )
            threshold = num(self.threshold, 2)
            return Decision(
                "no_claim",
                told(
                    hidden(
                        msg(
                            'Passes: my best statement, "{statement}", is worth only {net} net, '
                            "below my threshold of {threshold}.",
                            statement=said,
                            net=net,
                            threshold=threshold,
                        ),
                        msg(
                            "Passes: my best statement is worth only {net} net, below my "
                            "threshold of {threshold}.",
                            net=net,
                            threshold=threshold,
                        ),
                    )
                ),
            )
        if observation.phase == "state":
            action = f"state {best.statement.code}"
            if action not in legal_actions:
                raise ValueError(f"{action!r} is not legal here: {list(legal_actions)}")
            if certain:
                return Decision(action, told(_certain(best.statement, says=True)))
            return Decision(
                action,
                told(
                    msg(
                        'Says "{statement}": true for {count}, so I expect {gain} points and each '
                        "opponent {given}, net {net}.",
                        statement=said,
                        count=self._count(best),
                        gain=num(float(best.gain), 2),
                        given=num(float(best.given), 2),
                        net=signed(best.net),
                    )
                ),
            )
        raise ValueError(
            f"a Triangle bot acts in the claim or state phase, not {observation.phase}"
        )

    def _count(self, best: StatementOdds) -> Message:
        """The counting argument in the first person, e.g. "15 of the 21 cards I have not seen"."""
        if self.remember:
            return msgn(
                "{favourable} of the {count} card I have not seen (P = {p})",
                "{favourable} of the {count} cards I have not seen (P = {p})",
                best.unseen,
                favourable=best.favourable,
                p=str(best.p_true),
            )
        return msgn(
            "{favourable} of the {count} card not in view now (P = {p})",
            "{favourable} of the {count} cards not in view now (P = {p})",
            best.unseen,
            favourable=best.favourable,
            p=str(best.p_true),
        )


def _certain(statement: Statement, says: bool) -> Message:
    """``"My peers are even" is a certain point (...)`` or ``Says "...": a certain point (...).``:
    the free point of S1 when both peers show the same parity."""
    sure = (
        msg("a certain point (both peers show even cards)")
        if statement.arg == "even"
        else msg("a certain point (both peers show odd cards)")
    )
    if says:
        return msg('Says "{statement}": {sure}.', statement=statement.said, sure=sure)
    return msg('"{statement}" is {sure}', statement=statement.said, sure=sure)
