"""The Triangle odds: every statement's exact probability for one player's view, the counting
argument behind the best one, the expected points each way and the net value.  The stepper
shows them for the player whose eyes it looks through; the words (the odds table) are the
table's, `cardlab.apps.triangle.table`, so the table's "Show my odds" reads the same."""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from cardlab.apps.odds_table import OddsRow
from cardlab.apps.triangle.table import odds_table_html, signed
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg
from cardlab.core.odds import format_fraction
from cardlab.games.triangle import GAME, TriangleState, TriangleView, posterior, statement_odds


def grab_void(options: Mapping[str, Any]) -> Fraction:
    """The chance that a grab by two or three claimers is void, as the engine reads it."""
    return Fraction(options["tie_void"]).limit_denominator(1000)


def contested_html(net: Fraction, tie_void: Fraction) -> str:
    """What the best statement is worth to a claimer when another player claims too: the grab
    is void with probability ``tie_void``, else either claimer speaks, one time in two."""
    speaks = (1 - tie_void) / 2
    said = msg(
        "If another player claims too, the grab is void with probability {void} (these rules), "
        "so each of the two speaks with probability {speaks}: the best statement is then worth "
        "{speaks} \u00d7 {net} = {worth} to a claimer.",
        void=format_fraction(tie_void),
        speaks=format_fraction(speaks),
        net=signed(net),
        worth=signed(speaks * net),
    )
    return f"<p class='cardlab-contested'><small>{said}</small></p>"


def odds_seat(state: TriangleState, viewer: int | None) -> int | None:
    """Whose odds to show: the chosen player, else the speaker, else the player to act."""
    if state.phase not in ("claim", "grab", "state"):
        return None
    if viewer is not None:
        return viewer
    if state.speaker is not None:
        return state.speaker
    player = GAME.current_player(state)
    return player if player >= 0 else None


ODDS_TITLE = msg("P(the statement is true)")
"""The title of a Triangle odds chart."""


def explained_html(view: TriangleView, tie_void: Fraction, who: str = "") -> str:
    """The odds of every statement for one player's view in words: what the player sees, the
    best statement with its counting argument and expected points each way, what a contested
    grab makes of it (``tie_void``: the rules' chance that a grab by two is void), and the
    table of every statement's exact odds."""
    odds = statement_odds(view)
    best = max(o.net for o in odds)
    top = next(o for o in odds if o.net == best)
    post = posterior(view)
    spread = " \u00b7 ".join(f"{r} {format_fraction(p)}" for r, p in post.items())
    who = who or str(seat_name(view.seat))  # type: ignore[arg-type]
    seen = {
        "player": html.escape(who),
        "seen": len(view.known),
        "unseen": top.unseen,
        "spread": spread,
    }
    if view.rts is not None:
        sees = msg(
            "<b>{player}</b> sees two cards and the Right to Speak and remembers what was "
            "shown earlier this turn: {seen} cards seen, so {unseen} unseen. Their own card "
            "is equally likely to be any unseen card:<br><small>P(own card is A, 2, \u2026, "
            "6) = {spread}</small>",
            **seen,
        )
    else:
        sees = msg(
            "<b>{player}</b> sees two cards and remembers what was shown earlier this turn: "
            "{seen} cards seen, so {unseen} unseen. Their own card is equally likely to be "
            "any unseen card:<br><small>P(own card is A, 2, \u2026, 6) = {spread}</small>",
            **seen,
        )
    verdict = msg(
        "Best: <b>\u201c{statement}\u201d</b> \u2014 {counting}; expected {gain} points for "
        "the speaker against {given} for each opponent, net {net}.",
        statement=html.escape(top.statement.words),
        counting=html.escape(str(top.counting)),
        gain=format_fraction(top.gain),
        given=format_fraction(top.given),
        net=signed(top.net),
    )
    if best < 0:
        loses = msg("Every statement loses on average: better not to claim.")
        # Translators: two whole sentences one after the other (in Chinese without the space)
        verdict = msg("{first} {then}", first=verdict, then=loses)
    heading = f"<p>{sees}</p><p>{verdict}</p>" + contested_html(best, tie_void)
    return heading + odds_table_html(odds)


def odds_rows(view: TriangleView) -> list[OddsRow]:
    """Every statement's chance of being true, the best ones starred: the chart's bars."""
    odds = statement_odds(view)
    best = max(o.net for o in odds)
    return [
        OddsRow(("\u2605 " if o.net == best else "") + o.statement.words, o.p_true) for o in odds
    ]
