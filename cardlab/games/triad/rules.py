"""Triad (the "colonial poker" of Battlestar Galactica): the rules as cardlab plays them.

The show never wrote rules down; Triad is poker with renamed hands, so everything beyond the
names is a design decision, listed under *Resolutions* below.  The rules in full, for a teacher,
with every resolution explained: ``docs/rules/triad.md``.

* **Cards.** 52 cards, 13 ranks 2..A (the Jack is called the *Prince*; only a name) in four
  colour suits, Blue, Green, Red and Black, written ``b g r k`` (``Ab Tg 7r 2k``; ``BJ RJ`` are
  the jokers).  Each suit also has a number of **frame lines** round the card, Blue 4, Green 3,
  Red 2, Black 1, so a colour-blind player never needs the colour.  Suits have no order.
* **Players.** 2 to 7, seats clockwise, a dealer button.
* **A hand** (five-card draw): antes; one card at a time from the dealer's left until each player
  has 5; a betting round (fixed limit, the small bet); **the draw**: from the dealer's left each
  player still in discards 0..``max_draw`` (default 3) cards and is dealt as many (an empty stock
  is remade from the shuffled discards); a second betting round (the big bet); **showdown**: each
  player still in shows and declares the hand by its Triad name ("Three Up, Kings"); the best hand
  takes the pot, equal hands split it.  Then the button moves one seat to the left.
* **Hands**, best first (poker names in brackets): Full Colors (royal flush), Half Colors
  (straight flush), Four Up (four of a kind), Full Up (full house), Colors (flush), Run
  (straight), Three Up (three of a kind), Two Pair, One Pair, High Card ("King High").  A-2-3-4-5
  is the lowest Run; there is no wrap-around; suits never break ties.
* **Jokers wild** (option ``jokers="wild"``): the two jokers go back in (54 cards), each stands
  for whatever card makes the best hand, and **Five Up** (five of a kind) ranks above Full Colors.
* **Scoring.** With betting (the default) the winner takes the pot and `returns` are chips won or
  lost.  ``betting=False`` is the lesson's showdown mode: no chips, 1 point per hand won (ties
  share it).

Resolutions (docs/rules/triad.md §5, and where cardlab had to choose):

* A1 the jokers are **out** by default (the seed's table is the 52-card poker table); wild jokers
  are an option.  The "no five of a kind" variant is the table option ``five_of_a_kind=False``
  (also an argument of `evaluate` and the odds tables): five of a kind then counts as Four Up.
* A2 a **Run is a straight** (the footnote about "three Reds and two Blacks" describes one scene).
* A3 **suits are unranked**; the frame lines are markers, not strengths.
* A4 **five-card draw** with ``max_draw=3``, fixed-limit betting (`cardlab.games.poker.betting`):
  ante 1, bets of 2 before the draw and 4 after it, at most 3 raises a round, stacks of 100, a
  game of ``hands`` hands (default 5; it ends early when one player has every chip).
* A5 Lowball Triad is **not implemented**.
* A6 "Full Colors" is the show's top hand; the other names are the fan names; the undefined
  "full major" is left out.
* A7 **ace-low straights are allowed** (A-2-3-4-5 is the lowest Run or Half Colors), no wrap.
* A8 the draw is done in turn, from the dealer's left; a player's replacements come from the top of
  the stock; when it is empty the discards (not the current player's own, unless nothing else is
  left) are shuffled into a new stock.
"""

from __future__ import annotations

from cardlab.core.cards import TRIAD
from cardlab.core.i18n import Message

DECK = TRIAD
MIN_PLAYERS, MAX_PLAYERS = 2, 7
DEFAULT_PLAYERS = 4
MAX_DRAW = 3
JOKER_MODES = ("out", "wild")

FRAME_LINES: dict[str, int] = {"b": 4, "g": 3, "r": 2, "k": 1}
"""How many frame lines each suit's cards carry (the colour-blind marker)."""
SUIT_NAMES: dict[str, Message] = dict(TRIAD.suit_names)
