"""Triangle (Patrick St-Louis, pagat.com "Invented games"): the rules as cardlab plays them.

The rules in full, with every resolution (T1-T15) explained: ``docs/rules/triangle.md``.

* 24 cards, A-6 in four suits; suits never matter.  Ace = 1 (lowest); even = 2, 4, 6.
* Exactly 3 players, each with a running score from 0.  A **turn** is 6 rounds of 4 cards, which
  uses the whole pack; then it is reshuffled and the deal moves one seat left (T9).
* A round: the dealer deals one card face down to each player (starting on their left) and one
  to the centre, the **Right to Speak** (RtS).  Everyone lifts their card so the other two see it
  and they do not.  Each player decides, without seeing the others' decisions, whether to grab
  the RtS (``claim`` / ``no_claim``).  One claimer becomes the speaker.  Two or three claimers:
  a recorded chance event says the grab was too close to call (probability ``tie_void``,
  default 1/4, and the round is void) or which claimer was first (uniformly).  Nobody claiming
  voids the round too (T7).  A void round scores nothing and nobody sees their own card or the
  RtS (T6).
* The speaker looks at the RtS privately and makes exactly one statement about their own card
  x, given the others' cards a and b:

  ====  ================================  ==========================  ======
  S1    "My peers are even" / "... odd"   a and b both even / odd     1
  S2    "I am even" / "I am odd"          x even / odd                2
  S3    "I am higher than my peers"       x > a and x > b (strictly)  3
  S4    "I am equal to one of my peers"   x = a or x = b              5
  S5    "I am <v>"                        x = v                       8
  ====  ================================  ==========================  ======

  True: the speaker gains the points.  False: each other player gains 3.  The three player
  cards are then shown to all; the RtS is not (T10).  Scores never go down (T11).
* After a round in which someone reaches ``target`` (25) the game ends and the highest score
  wins.  A tie at the top plays extra rounds until one player leads (T8); the option
  ``on_tie="shared"`` ends the game with a shared win instead.

Resolutions where the spec was silent (said here so a teacher can find them):
* T13 claim decisions are asked seat by seat from the dealer's left, but a seat's observation never
  shows another seat's pending decision, so the order carries no information.
* T14 a statement that the speaker can see is false (S1 about peers of mixed parity) is legal: the
  narration says it is certain to be wrong.  Statements are refused only when the speaker does
  not hold the RtS or the statement does not exist.
* T15 with ``tie_void=1`` a contested grab is always void, so "grab <seat>" is not a possible
  outcome then (a chance outcome of probability 0 is never offered nor accepted).
* **T12 (cardlab) a guaranteed end.**  Void rounds score nothing, and a trailing speaker who
  keeps losing can keep two leaders tied forever, so the spec alone does not make every game
  end.  A game lasts at most ``target`` turns (``6 x target`` rounds, void rounds included):
  if nobody has won when that round ends, the game ends there, the highest score wins and a tie
  at the top shares the win.  Real games end long before (a game to 25 between the reasoning
  bots takes about 30 rounds of the 150 allowed, at most 54 in 200 seeded games); the narration
  says when the limit ended one.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.core.cards import TRIANGLE, Card
from cardlab.core.i18n import Message, joined, msg

VALUES: dict[str, int] = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6}
RANKS: tuple[str, ...] = tuple(VALUES)
POINTS: dict[str, int] = {"S1": 1, "S2": 2, "S3": 3, "S4": 5, "S5": 8}
PENALTY = 3
"""What each opponent gains when the speaker's statement is false."""
ROUNDS_PER_TURN = 6
PLAYERS = 3
DECK = TRIANGLE


def round_limit(target: int) -> int:
    """The most rounds a game to ``target`` lasts (T12): ``target`` turns of six rounds."""
    return target * ROUNDS_PER_TURN


def value(card: Card) -> int:
    """A card's value, ace = 1 ... 6 = 6."""
    return VALUES[card.rank]


@dataclass(frozen=True, order=True)
class Statement:
    """One of the five statements; ``arg`` is "even"/"odd" for S1 and S2, a rank for S5."""

    kind: str
    arg: str = ""

    @property
    def points(self) -> int:
        return POINTS[self.kind]

    @property
    def code(self) -> str:
        """The action text after ``state``, e.g. ``S1 even``, ``S3``, ``S5 4``."""
        return f"{self.kind} {self.arg}".strip()

    @property
    def said(self) -> Message:
        """What the speaker says aloud, as a message (read in any language)."""
        return _WORDS[self.code]

    @property
    def words(self) -> str:
        """What the speaker says aloud, in the current language."""
        return str(self.said)

    def is_true(self, own: Card, peers: tuple[Card, Card]) -> bool:
        """Whether the statement holds for the speaker's card ``own`` and the ``peers``' cards."""
        return self.holds(value(own), value(peers[0]), value(peers[1]))

    def holds(self, x: int, a: int, b: int) -> bool:
        """The same, on values: ``x`` the speaker's, ``a`` and ``b`` the peers'."""
        if self.kind == "S1":
            want = 0 if self.arg == "even" else 1
            return a % 2 == want and b % 2 == want
        if self.kind == "S2":
            return x % 2 == (0 if self.arg == "even" else 1)
        if self.kind == "S3":
            return x > a and x > b
        if self.kind == "S4":
            return x in (a, b)
        return x == VALUES[self.arg]

    def __str__(self) -> str:
        return self.words


_WORDS: dict[str, Message] = {
    "S1 even": msg("My peers are even"),
    "S1 odd": msg("My peers are odd"),
    "S2 even": msg("I am even"),
    "S2 odd": msg("I am odd"),
    "S3": msg("I am higher than my peers"),
    "S4": msg("I am equal to one of my peers"),
    "S5 A": msg("I am an Ace"),
    "S5 2": msg("I am a 2"),
    "S5 3": msg("I am a 3"),
    "S5 4": msg("I am a 4"),
    "S5 5": msg("I am a 5"),
    "S5 6": msg("I am a 6"),
}
"""Each statement's words (by its code): whole sentences, since a language names each rank."""

STATEMENTS: tuple[Statement, ...] = (
    Statement("S1", "even"),
    Statement("S1", "odd"),
    Statement("S2", "even"),
    Statement("S2", "odd"),
    Statement("S3"),
    Statement("S4"),
    *(Statement("S5", rank) for rank in RANKS),
)
"""Every statement a speaker may make, in the spec's order."""


def parse_statement(text: str) -> Statement:
    """``S1 even`` / ``S3`` / ``S5 4`` to a `Statement`; ``ValueError`` naming what is allowed."""
    for statement in STATEMENTS:
        if statement.code == " ".join(str(text).split()):
            return statement
    allowed = joined(s.code for s in STATEMENTS)
    raise ValueError(
        msg(
            "{text} is not a statement; the statements are: {allowed}",
            text=repr(text),
            allowed=allowed,
        )
    )
