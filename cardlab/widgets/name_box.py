"""`NameBox`: on a class's page, who the class record names, and the one place a student types
their name.

A class page (a class code, `PageState.class_code`) stores each finished hand and answer under
the student's name (`cardlab.record`).  The name comes from the link (a teacher's join link may
carry ``?name=``), from the hub (its user), or from the student, asked here once: the browser
then remembers it (`cardlab.widgets.page.remember_name`) and names the rows of every next page
of the server.  A name from the link or the hub is said, not asked; one the student typed can be
changed.  The box says nothing on a page outside a class.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from cardlab.core.i18n import msg
from cardlab.lessons.page_state import HUB_USER, NAME, PageState, check_name


class NameBox(widgets.VBox):
    """The class's line and, while the student has no name (or changes the one they typed),
    the field for it; ``given(name)`` is called with a checked name."""

    def __init__(self, given: Callable[[str], None]) -> None:
        self.given = given
        self.said = widgets.HTML()
        self.field = widgets.Text(
            description=str(msg("Your name")),
            placeholder=str(msg("as your teacher knows you")),
            continuous_update=False,  # Enter or leaving the field gives it, not each key
            layout=widgets.Layout(width="auto", max_width="28em"),
        )
        self.field.add_class("cardlab-name-field")
        self.field.observe(lambda _: self._give(), names="value")
        self.save = widgets.Button(description=str(msg("Save my name")))
        self.save.add_class("cardlab-name-save")
        self.save.layout.width = "auto"
        self.save.on_click(lambda _: self._give())
        self.change = widgets.Button(description=str(msg("Change my name")))
        self.change.add_class("cardlab-name-change")
        self.change.layout.width = "auto"
        self.change.on_click(lambda _: self._ask(True))
        self.form = widgets.HBox([self.field, self.save], layout={"flex_flow": "row wrap"})
        self.problem = widgets.HTML()
        super().__init__(
            [self.said, self.form, self.problem, self.change],
            layout=widgets.Layout(align_items="flex-start"),
        )
        self.add_class("cardlab-name")
        self.state = PageState()
        self.show(self.state)

    def show(self, state: PageState) -> None:
        """Say what ``state`` makes of the student: nothing outside a class, else the name the
        rows carry, or the field while there is none."""
        self.state = state
        if not state.class_code:
            self.layout.display = "none"
            return
        self.layout.display = None
        if state.student:
            line = msg(
                "Class {code}: your finished hands and answers go to the class record as {name}.",
                code=state.class_code,
                name=state.student,
            )
        else:
            line = msg(
                "Class {code}: type your name, so that your teacher sees your finished hands "
                "and answers. This browser remembers it.",
                code=state.class_code,
            )
        self.said.value = f'<p role="status" class="cardlab-name-line">{html.escape(str(line))}</p>'
        self._ask(not state.student)

    def _ask(self, asking: bool) -> None:
        """Show the field (``asking``) or the Change button (a name the student typed: one the
        link or the hub gave is not theirs to change here)."""
        self.form.layout.display = None if asking else "none"
        changeable = self.state.named_by not in (NAME, HUB_USER)
        self.change.layout.display = "none" if asking or not changeable else None

    def _give(self) -> None:
        text = self.field.value
        if not text.strip():
            return
        try:
            name = check_name(text)
        except ValueError as exc:
            said = html.escape(str(exc))
            self.problem.value = f'<p role="alert" class="cardlab-name-problem">⚠ {said}</p>'
            return
        self.problem.value = ""
        if name != self.state.student or self.form.layout.display != "none":
            self.given(name)
