"""`LessonPage`: the top of every lesson page, and what its panels share.

One per page.  It holds the theme picker, the lesson's rules (`RulesPanel`), the line that
says what a link asked for and could not get, and the page's state (`PageState`: theme, rules,
class code, hints, a position), the one value every panel follows.  It is the only listener to
the page's link: it reads each link once (`read_page`) and hands the state down
(`LessonPanel.follow`); no panel reads the query.  Every panel is given the page and attaches
itself once built: it then follows the page's state, and a panel with a position (a stepped
deal, a table; `LessonPanel.share_key`) gets a "Share this position" box and opens where a link
says.

Links arrive late: Voilà's preheated kernels run the lesson before the page is asked for, and
the browser reports its address afterwards (the page script's ``location``).  So a link is
applied when it arrives, to the panels there are, and kept for a panel built afterwards (a
page rendered cell by cell).
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlab.core.i18n import LANGUAGES, Message, msg, msgn
from cardlab.lessons.notes import notes_html
from cardlab.lessons.page_state import (
    REMEMBERED,
    PageState,
    current_query,
    read_page,
    remembered,
    write_query,
)
from cardlab.lessons.saved_page import SavedPage, account_key, decode
from cardlab.lessons.variants import variant_of
from cardlab.links import language_url, lesson_path, shared_url
from cardlab.widgets.a11y import LESSON_CLASS, follow_page, page_script, unfollow_page
from cardlab.widgets.deferred import deferring
from cardlab.widgets.guard import guarded
from cardlab.widgets.keeper import Keeper
from cardlab.widgets.language import VOILA, LanguagePicker
from cardlab.widgets.name_box import NameBox
from cardlab.widgets.page import (
    go_to,
    page_address,
    remember_name,
    remembered_name,
    scroll_to,
)
from cardlab.widgets.panels import StatusLine
from cardlab.widgets.rules import RulesPanel
from cardlab.widgets.share import ShareBox
from cardlab.widgets.theme import ThemePicker

if TYPE_CHECKING:
    from cardlab.widgets.lesson_panel import LessonPanel

Notice = str | Message
"""What a link asked for and could not get, in a sentence."""
BACK = msg("The lesson as you left it, brought back in this browser:")


def ignored_position(exc: ValueError) -> Notice:
    """What a page says of a position it could not open (a link's, a kept page's)."""
    reason = getattr(exc, "reason", str(exc))
    return msg("ignored the position: {reason}; this part starts at its beginning", reason=reason)


"""What the notices of a page kept in the browser are about (`LessonPage.bring_back`)."""


class LessonPage(widgets.VBox):
    """The language, the theme, the rules and the link notice of lesson ``lesson`` (its
    notebook's name), in the language ``lang`` (the page's notebook is in it: the kernel speaks
    it from here on)."""

    children: tuple[widgets.Widget, ...]
    """The page's parts, top to bottom (ipywidgets' trait, typed here: ipywidgets has no types)."""

    @deferring
    def __init__(self, lesson: str, theme: str = "default", lang: str | None = None) -> None:
        self.lesson = lesson.removesuffix(".ipynb")
        self.language = LanguagePicker(self.lesson, lang, self._query_in)
        self.variant = variant_of(self.lesson)
        self.picker = ThemePicker(theme)
        self.status = StatusLine()
        self.notice = widgets.HTML()
        self.notice.add_class("cardlab-notice")
        self.rules = (
            RulesPanel(self.variant, self._rules_changed, self.status) if self.variant else None
        )
        self.panels: list[LessonPanel] = []
        self.positions: dict[str, LessonPanel] = {}
        self._dropped = 0
        """Rows a kept page had left out (`cardlab.lessons.saved_page.MAX_ROWS`)."""
        self._awaited = SavedPage(self.lesson)
        """The kept page's parts whose panels are not on the page yet (kept along meanwhile)."""
        self._back_notices: list[Notice] = []
        """What the page said of the kept page it brought back (panels coming later add)."""
        self.state = read_page("", self.variant)
        """The page's state: the server's settings, then what the link asked for (kept for the
        panels built after it came) and the rules and the name the class chose since."""
        self.name = NameBox(guarded(self.status, self._name_given))
        self.notes: widgets.HTML | None = None
        """The teacher notes, made at the first press (a student's page never loads them)."""
        self.notes_button = widgets.ToggleButton(
            description=str(msg("For the teacher: notes and answers")),
            tooltip=str(msg("Objectives, timing, the answers and points to discuss")),
        )
        self.notes_button.layout.width = "auto"
        self.notes_button.add_class("cardlab-notes-button")
        self.notes_button.observe(self._show_notes, names="value")
        self._allow_hints(self.state.hints)  # served with --no-hints
        rules = [self.rules] if self.rules is not None else []
        parts = [self.language, self.picker, *rules, self.notes_button, self.notice, self.name]
        super().__init__([*parts, self.status.widget])
        self.add_class(LESSON_CLASS)
        self.add_class("cardlab-page")
        self.name.show(self.state)  # a server's class (--class-deals): asked before any link
        self.keeper = Keeper(self)
        self.again = widgets.Button(
            description=str(msg("Start this lesson again")),
            tooltip=str(msg("Forget where you were: the tables, the steps and your results")),
        )
        self.again.layout.width = "auto"
        self.again.add_class("cardlab-start-again")
        self.again.on_click(guarded(self.status, lambda _: self.start_again()))
        self.children = (*self.children[:-1], self.again, self.children[-1])
        # the browser reports the name it remembers with the query, in the same message: both
        # are there when the link is followed
        follow_page("location", self, LessonPage._link_arrived)
        follow_page("remembered", self, guarded(self.status, LessonPage._name_remembered))
        if page_script().location:  # reported before this page was built
            self._link_arrived(page_script().location)

    def close(self) -> None:
        """The page goes: it follows the browser's reports no more, and keeps nothing more."""
        unfollow_page("location", self)
        unfollow_page("remembered", self)
        self.keeper.close()
        super().close()

    @property
    def hints(self) -> bool:
        """Whether the page allows hints and the teacher notes (not on an exam page)."""
        return self.state.hints

    @property
    def class_code(self) -> str:
        """The class code the page plays, passed on in the links it makes."""
        return self.state.class_code

    def _allow_hints(self, allowed: bool) -> None:
        """An exam page (``allowed`` False) has no teacher notes: the button is off, hidden and
        disabled, and the notes shown so far go."""
        if not allowed:
            self.notes_button.value = False
        self.notes_button.disabled = not allowed
        self.notes_button.layout.display = None if allowed else "none"

    def _show_notes(self, change: dict[str, Any]) -> None:
        if change["new"] and not self.hints:  # an exam page: the answers stay hidden
            self.notes_button.value = False
            return
        if self.notes is None:
            self.notes = widgets.HTML(notes_html(self.lesson, self.lang))
            self.notes.add_class("cardlab-teacher-notes")
            at = self.children.index(self.notes_button) + 1
            self.children = (*self.children[:at], self.notes, *self.children[at:])
        self.notes.layout.display = None if change["new"] else "none"

    @property
    def theme(self) -> str:
        return self.picker.theme

    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def options(self) -> dict[str, Any]:
        """The game's full options under the rules shown ({} for a lesson without a game)."""
        return dict(self.rules.options) if self.rules is not None else {}

    # -- panels ------------------------------------------------------------------------------------
    @deferring
    def show(self, model: Any) -> LessonPanel:
        """The view of the lesson model ``model`` (a quiz, a table, ...) on this page: what a
        lesson's cell shows."""
        from cardlab.widgets.views import view_of  # the views import this module's panels

        return view_of(model, self)

    def attach(self, panel: LessonPanel) -> None:
        """Take ``panel`` (fully built) onto the page: it follows the page's state from now on,
        is kept in the browser as it changes, a panel with a position gets its key, its share
        box, and the link's position if the link is for it, and its part of a page kept in the
        browser that came before it is brought back."""
        self.panels.append(panel)
        panel.follow(self.state, self.options)
        if panel.view is not None:
            panel.view.on_draw(self.keeper.due)
        if panel.share_key:
            self._place(panel)
        if self._awaited.positions or self._awaited.rows:
            notices = self._bring_back_panel(len(self.panels) - 1, panel)
            if notices:
                self._back_notices += notices
                self._notify(self._back_notices, BACK)

    def _place(self, panel: LessonPanel) -> None:
        """Give ``panel`` its position's key on the page, its share box, and the link's
        position if the link is for it."""
        key, n = panel.share_key, 2
        while key in self.positions:
            key, n = f"{panel.share_key}{n}", n + 1
        self.positions[key] = panel
        panel.add_class(f"cardlab-at-{key}")
        share = ShareBox(lambda: self.address_of(key), panel.status)
        if panel.view is not None:
            panel.view.on_draw(lambda: share.refresh() if share.shown else None)
        panel.share_box = share
        panel.children = (*panel.children, share)
        if self.state.at == key:  # the link came before this panel was built
            self._notify([*self.state.notices, *self._open(key)])

    def address_of(self, key: str) -> str:
        """The link to the page with the panel ``key`` where it is now."""
        panel = self.positions[key]
        query = write_query(
            theme=self.theme,
            lang=self.lang,
            options=self.state.options,
            at=key,
            params=panel.position(),
            class_code=self.class_code,
        )
        lesson = lesson_path(self.lesson, self.lang)
        return shared_url(page_address(), lesson, query, self.state.room, self.state.room_token)

    def _query_in(self, lang: str) -> str:
        """The query this page opens with in ``lang``: its theme, rules and class."""
        return write_query(
            theme=self.theme,
            lang=lang,
            options=self.state.options,
            class_code=self.class_code,
        )

    # -- a link ------------------------------------------------------------------------------------
    def _link_arrived(self, search: str) -> None:
        guarded(self.status, self.follow)(search)

    def follow(self, search: str) -> None:
        """Open the page where the link's query ``search`` says: theme, rules, class and hints,
        then the position; what cannot be followed is said on the notice line."""
        link = read_page(search, self.variant, remembered=remembered_name())
        notices: list[Notice] = list(link.notices)
        if link.lang is not None and link.lang != self.lang:
            if VOILA in page_address():
                go_to(language_url(page_address(), self.lesson, link.lang, current_query(search)))
                return
            self.language.go(link.lang)  # outside Voilà: the link to the lesson in that language
            notices.append(
                msg(
                    "ignored lang={lang}: outside Voilà a page keeps its language; the link "
                    "beside the language menu opens the lesson in {language}",
                    lang=link.lang,
                    language=LANGUAGES[link.lang],
                )
            )
        if link.at and link.at not in self.positions and self.positions:
            notices.append(
                msg(
                    "ignored at={at}: this lesson's positions are {where}",
                    at=link.at,
                    where=", ".join(self.positions),
                )
            )
        self._show_look(link)
        self._hand_down(dataclasses.replace(link, options=self._changed_rules()))
        if link.at in self.positions:
            notices += self._open(link.at)
        self._notify(notices)

    def _hand_down(self, state: PageState) -> None:
        """Make ``state`` the page's and let every panel follow it (one that fails says so on
        its own status line, and the others still follow)."""
        self.state = state
        self._allow_hints(state.hints)  # an exam: no hints, no answers in the notes
        self.name.show(state)
        self.keeper.name(state)
        self.keeper.due()
        options = self.options
        for panel in self.panels:
            panel.follow(state, options)

    def _show_look(self, link: PageState) -> bool:
        """Show the theme and the rules ``link`` asks for; whether it changed the rules."""
        if link.theme is not None:
            self.picker.value = link.theme
        if link.options and self.rules is not None:
            self.rules.set_rules(dict(link.options))
            return True
        return False

    def _open(self, key: str) -> list[Notice]:
        """Put the panel ``key`` at the link's position; its notices (also on its status line)."""
        panel = self.positions[key]
        try:
            notices: list[Notice] = list(panel.open_position(dict(self.state.params)))
        except ValueError as exc:
            notices = [ignored_position(exc)]
        else:
            scroll_to(f"cardlab-at-{key}")
        if notices:
            said = "; ".join(str(n) for n in notices)
            panel.status.info(str(msg("This link: {notices}.", notices=said)))
        return notices

    def _notify(self, notices: list[Notice], intro: Notice | None = None) -> None:
        """Say ``notices`` on the notice line, after ``intro`` (default: a link's)."""
        if not notices:
            self.notice.value = ""
            return
        items = "".join(f"<li>{html.escape(str(n))}</li>" for n in notices)
        if intro is None:
            intro = msg(
                "The link asked for more than this page could show; the rest opens as usual:"
            )
        self.notice.value = (
            f'<div role="status" class="cardlab-notice-text">{html.escape(str(intro))}'
            f"<ul>{items}</ul></div>"
        )

    # -- kept in the browser -----------------------------------------------------------------
    def kept_page(self) -> SavedPage:
        """The page as the browser keeps it (`cardlab.widgets.keeper`): its query, each
        panel's position and each panel's rows."""
        rows = {
            str(i): tuple(panel.results.records)
            for i, panel in enumerate(self.panels)
            if panel.results is not None and panel.results.records
        }
        kept = {self._kept_key(i, panel): panel.kept() for i, panel in enumerate(self.panels)}
        positions = {key: where for key, where in kept.items() if key and where}
        return SavedPage(
            self.lesson,
            self._query_in(self.lang),
            {**self._awaited.positions, **positions},
            {**self._awaited.rows, **rows},
            self._dropped,
        )

    def _kept_key(self, index: int, panel: LessonPanel) -> str:
        """Under what the kept page holds ``panel`` (the ``index``-th): its position's key, or
        ``#index`` for a panel a link cannot open (a quiz's answers)."""
        key = next((k for k, p in self.positions.items() if p is panel), None)
        return key if key is not None else ("" if panel.share_key else f"#{index}")

    def bring_back(self, text: str) -> None:
        """Bring the page back as the browser kept it (``text``): the theme and the rules,
        each panel where it was, the rows; what cannot be is said, and that part starts fresh."""
        try:
            saved = decode(text, account_key(), self.lesson)
        except ValueError as exc:
            self._notify([msg("it could not be ({reason}): it starts again", reason=str(exc))],
                         BACK)  # fmt: skip
            return
        link = read_page(saved.query, self.variant, remembered=remembered_name())
        if self._show_look(link):
            self._hand_down(dataclasses.replace(self.state, options=self._changed_rules()))
        self._awaited = saved
        self._back_notices = []
        for i, panel in enumerate(self.panels):
            self._back_notices += self._bring_back_panel(i, panel)
        self._dropped = saved.dropped
        if saved.dropped:
            self._back_notices.append(msgn(
                "{count} older row is not on this page any more: it is in the results you "
                "downloaded before, and in your class's record",
                "{count} older rows are not on this page any more: they are in the results you "
                "downloaded before, and in your class's record", saved.dropped))  # fmt: skip
        self._notify(self._back_notices, BACK)
        self.status.info(str(msg("The lesson is back as you left it.")))

    def _bring_back_panel(self, index: int, panel: LessonPanel) -> list[Notice]:
        """Bring back the kept page's part for ``panel`` (the ``index``-th on the page): its
        position and its rows, once; its notices.  A page served as its cells run gets the
        kept page before its later panels exist, so each is brought back as it comes."""
        awaited = self._awaited
        key = self._kept_key(index, panel)
        notices: list[Notice] = []
        if key in awaited.positions:
            try:
                notices += panel.bring_back(awaited.positions[key])
            except ValueError as exc:
                notices.append(ignored_position(exc))
        rows = awaited.rows.get(str(index))
        if panel.results is not None and rows is not None:
            panel.results.bring_back(rows, self.state.student)
        self._awaited = dataclasses.replace(
            awaited,
            positions={k: v for k, v in awaited.positions.items() if k != key},
            rows={k: v for k, v in awaited.rows.items() if k != str(index)},
        )
        return notices

    def start_again(self) -> None:
        """Forget the page the browser keeps and open the lesson afresh (its link's query
        stays: the class, the theme)."""
        self.keeper.forget()
        address = page_address()
        if address:
            go_to(address + current_query(self._query_in(self.lang)))

    # -- who the student is -------------------------------------------------------------------
    def _name_given(self, name: str) -> None:
        """The student typed their name: the rows from now on carry it, and the browser keeps
        it for the next pages."""
        remember_name(name)
        self._hand_down(dataclasses.replace(self.state, student=name, named_by=REMEMBERED))

    def _name_remembered(self, text: str) -> None:
        """The browser reported the name it keeps: the page takes it unless the link or the hub
        named the student."""
        state = remembered(self.state, text)
        if state != self.state:
            self._hand_down(state)

    def _rules_changed(self, options: Mapping[str, Any]) -> None:
        """The class chose other rules (``options``, the game's full options): the page's state
        carries them, and every panel follows."""
        self._hand_down(dataclasses.replace(self.state, options=self._changed_rules()))

    def _changed_rules(self) -> dict[str, Any]:
        """The rules shown, as far as they differ from the lesson's standard ones."""
        return self.rules.changed if self.rules is not None else {}
