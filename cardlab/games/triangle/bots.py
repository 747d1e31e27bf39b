"""Triangle bots that explain their choices with the odds a learner can check.

`ReasoningBot` grabs the Right to Speak when its best statement is worth enough, and then makes
the statement with the best net value, saying why with the counting argument.  For a baseline
opponent use the core `cardlab.core.bots.RandomBot`: on Triangle it claims or passes at random
and makes a random statement, so it needs no Triangle-specific version.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.core.bots import Decision
from cardlab.core.engine import Action
from cardlab.core.narration import hidden, told
from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.odds import StatementOdds, best_statement


class ReasoningBot:
    """Claims iff its best statement's net value is above ``threshold``; states the best one.

    ``remember=False`` makes it forget the earlier rounds of the turn (it counts only the cards in
    view now), which the lessons use to show what memory is worth.
    """

    def __init__(self, threshold: float = 0.5, remember: bool = True, name: str = "reasoning"):
        self.threshold = threshold
        self.remember = remember
        self.name = name

    def __repr__(self) -> str:
        return f"ReasoningBot(threshold={self.threshold}, remember={self.remember})"

    def choose(self, observation: TriangleView, legal_actions: Sequence[Action]) -> Decision:
        best = best_statement(observation, remember=self.remember)
        said = f'"{best.statement.words}"'
        certain = best.statement.kind == "S1" and best.p_true == 1
        sure = f"a certain point (both peers show {best.statement.arg} cards)"
        if observation.phase == "claim":
            # a claim's statement is unsaid yet, and it tells of the peers' cards: keep it secret
            net = f"{float(best.net):+.2f} net"
            if best.net > self.threshold:
                if certain:
                    why = told(hidden(f"{said} is {sure}", "my best statement is certain"))
                else:
                    why = told(
                        hidden(said, "my best statement"), f" is true for {self._count(best)}"
                    )
                return Decision("claim", told("Claims: ", why, f", worth {net}."))
            return Decision(
                "no_claim",
                told(
                    "Passes: my best statement",
                    hidden(f", {said},"),
                    f" is worth only {net}, below my threshold of {self.threshold:.2f}.",
                ),
            )
        if observation.phase == "state":
            action = f"state {best.statement.code}"
            if action not in legal_actions:
                raise ValueError(f"{action!r} is not legal here: {list(legal_actions)}")
            if certain:
                return Decision(action, f"Says {said}: {sure}.")
            return Decision(
                action,
                f"Says {said}: true for {self._count(best)}, so I expect "
                f"{float(best.gain):.2f} points and each opponent {float(best.given):.2f}, "
                f"net {float(best.net):+.2f}.",
            )
        raise ValueError(
            f"a Triangle bot acts in the claim or state phase, not {observation.phase}"
        )

    def _count(self, best: StatementOdds) -> str:
        """The counting argument in the first person, e.g. "15 of the 21 cards I have not seen"."""
        cards = "cards I have not seen" if self.remember else "cards not in view now"
        return f"{best.favourable} of the {best.unseen} {cards} (P = {best.p_true})"
