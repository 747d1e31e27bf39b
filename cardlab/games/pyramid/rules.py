"""Pyramid (the hexagonal-card game of Battlestar Galactica): the rules as cardlab plays them.

The section numbers (§1-§4) and resolutions (P1-P9) are those of ``docs/rules/pyramid.md``, the
rules in full for a teacher.

* **Cards** (§1): 55 hexagons.  Three colours, strongest first Purple > Green > Orange; each has
  9 level-3 cards (plain), 6 level-2 (outline triangle) and 3 level-1 (solid triangle).  The
  **Keystone** (``K``) looks like a black level-1 card and is wild.  Notation: level then colour,
  ``3P 2G 1O K``.  Identical cards are interchangeable.
* **A hand** (§2): 2-4 players, 6 cards each, dealt one at a time face down from the dealer's
  left.  Betting round 1 (from the dealer's left, the dealer last), then the **exchange**: each
  player still in discards 0-4 cards (``discard 3O 1G`` or ``stand pat``) and draws as many.
  With 2 or 3 players the table may play **two** exchange rounds (option
  ``exchange_rounds=2``).  Betting round 2, then the **showdown**: the players still in show in
  turn order, the dealer last, and the best hand takes the pot.  The deal passes to the left.
* **Hands** (§3): a *pyramid* is a subset of the hand shaped 2 x L3 + 1 x L2 (the small, "2-1",
  seed's level-3 pyramid, T3), 3 x L3 + 2 x L2 (middle, "3-2", T2) or 3 x L3 + 2 x L2 + 1 x L1
  (full, "3-2-1", T1).  It is *perfect* when all its cards share a colour.  The Keystone stands
  for any one card, level and colour.  A hand is worth the best key over every arrangement::

      key = (type_rank, perfect, apex, colour_term, kicker_1, kicker_2, ...)

  so the ladder is: no pyramid < small < perfect small (O < G < P) < middle < perfect middle <
  full (ordered by the colour of its level-1 card, O < G < P < Keystone) < perfect full
  (O < G < P) < perfect full with the Keystone as its apex (the top hand).  Unused cards
  (kickers) break ties, strongest first.  The hand code is `cardlab.games.pyramid.hands`.
* **Scoring** (§4): with betting the winner takes the pot; exactly equal hands split it (the
  library default; the seed's alternative, one more deal for the pot, is not offered).  Without
  betting (the lesson mode, ``betting=False``) the winner scores 1 point and ties share it.

Resolutions where the spec leaves a choice (said here so a teacher can find them):

* **P1** the seed's names are kept (level-3 pyramid = the small 2-1 shape) with the plain
  aliases small / middle / full beside them.
* **P2** level is decided first, then perfection: a non-perfect middle pyramid beats a perfect
  small one.  **P3** non-perfect pyramids have no colour, except that two non-perfect full
  pyramids are ordered by their level-1 card.  **P4** the Keystone is fully wild (level and
  colour); it is the *apex* only when it fills the level-1 slot of a perfect full pyramid.
  **P5** a hand without a pyramid ranks below every pyramid, all six cards as kickers.
  **P6** an unused Keystone would be the strongest kicker (it never is in a best arrangement).
* **P7** 2-4 players.  One exchange round by default (4 players need at most 40 of the 55
  cards); two rounds are allowed with 2 or 3 players only.  If the stock ever runs out, the
  discards are shuffled into a new stock (the shared draw-poker engine does this).
* **P9** betting is the shared fixed-limit poker betting of `cardlab.games.poker.betting`: an
  ante, bets of ``small_bet`` before the exchange and ``big_bet`` after it, at most
  ``raise_cap`` raises, all-in and side pots.  The whole engine is
  `cardlab.games.poker.draw.DrawPoker`; Pyramid is one `DrawRules` (`cardlab.games.pyramid.game`).
* **AI** (`cardlab.games.poker.bots.PokerBot` with ``goal="improve"``): it bets from its
  showdown equity, bluffs a little, and exchanges with the **exact** advisor
  (`cardlab.games.pyramid.odds.best_exchanges`): the discard with the best chance of a better
  pyramid class, counted over every possible draw of the cards it has not seen.
"""

from __future__ import annotations

PLAYERS = (2, 4)
"""Fewest and most players (P7)."""
HAND_SIZE = 6
MAX_DISCARD = 4
TWO_ROUNDS_PLAYERS = (2, 3)
"""Player counts that may agree on two exchange rounds (§2 step 4)."""
SHAPE_NAMES = {
    "T3": "small pyramid (2-1), the seed's level-3 pyramid",
    "T2": "middle pyramid (3-2), the seed's level-2 pyramid",
    "T1": "full pyramid (3-2-1), the seed's level-1 pyramid",
}
