"""The Triangle odds: every statement's exact probability for one player's view, the counting
argument behind the best one, the expected points each way and the net value.  The stepper
shows them for the player whose eyes it looks through; the words (the odds table) are the
table's, `cardlab.apps.triangle.table`, so the table's "Show my odds" reads the same."""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from cardlab.apps.triangle.table import odds_table_html, signed
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg
from cardlab.games.triangle import GAME, TriangleState, TriangleView, posterior, statement_odds
from cardlab.games.triangle.odds import StatementOdds
from cardlab.widgets import OddsPanel
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.panels import format_fraction
from cardlab.widgets.theme import ThemePicker


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


class OddsExplainer(LessonPanel):
    """The odds of every statement for one player's view: a table of exact fractions (and a
    plot), the counting argument behind the best one, expected points each way and net values."""

    def __init__(self, picker: ThemePicker | None = None, plot: bool = True) -> None:
        super().__init__(picker)
        self.heading = widgets.HTML()
        title = str(msg("P(the statement is true)"))
        self.panel = OddsPanel(title=title, plot=plot, picker=self.picker)
        self.panel.table.layout.display = "none"  # the details table says all that and more
        self.details = widgets.HTML()
        self.children = [self.heading, self.details, self.panel.widget]
        self.add_class("cardlab-odds-explainer")
        self.odds: tuple[StatementOdds, ...] = ()
        self._key: object = None
        self.tie_void = grab_void(GAME.default_options)
        self._shown: tuple[TriangleView | None, str, str] = (None, "", "")
        self.show(None)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The statements' odds do not depend on the rules; what a contested grab is worth does
        (``tie_void``), so the heading is said again under the page's rules."""
        self.tie_void = grab_void(options)
        self._key = None
        self.show(*self._shown)

    def show(self, view: TriangleView | None, who: str = "", message: str = "") -> None:
        self._shown = (view, who, message)
        if view is None:
            self.odds, self._key = (), None
            shown = message or str(msg("No odds at this step."))
            self.heading.value = f"<p><i>{html.escape(shown)}</i></p>"
            self.details.value = ""
            self.panel.set_rows([])
            self.panel.widget.layout.display = "none"
            return
        key = (view.seat, tuple(view.cards), view.rts, tuple(sorted(view.known)))
        if key == self._key:
            return
        self._key = key
        self.odds = statement_odds(view)
        best = max(o.net for o in self.odds)
        top = next(o for o in self.odds if o.net == best)
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
        self.heading.value = f"<p>{sees}</p><p>{verdict}</p>" + contested_html(best, self.tie_void)
        self.details.value = odds_table_html(self.odds)
        rows = [
            (("\u2605 " if o.net == best else "") + o.statement.words, o.p_true) for o in self.odds
        ]
        self.panel.widget.layout.display = None
        self.panel.set_rows(rows)
