"""`Stepper`: step through a `Replay` with Play, a slider, buttons and a narrated caption.

The slider is the single source of truth for the step.  The browser's timer is an
``ipywidgets.Play``; Python relays each tick to the slider (and a slider move to the Play) and
redraws through the ``on_step(step, state, event)`` callbacks.  Because `Replay` caches every
state, a step is a list lookup and scrubbing is instant.

The two are never linked in the browser (``jslink``): such a link writes back every value the
browser is told, and a page rendered cell by cell (progressive rendering, ``--pool 0``) tells it
while the kernel is still running the lesson, so the write-back of the stepper's first step
reached the kernel after a link's step (``?at=deal&step=30``) had been applied and undid it.

The Play's own buttons stay hidden: their icons come from an icon font a classroom network may
block, and its ■ jumps back to step 0.  The learner presses one text toggle instead,
"▶ Play" / "❚❚ Pause", linked to the Play's ``playing``: a pause stops where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.apps.words import caption_html, caption_text
from cardlab.core.engine import Event
from cardlab.core.i18n import msg
from cardlab.core.replay import Replay
from cardlab.render.ops import Drawing
from cardlab.widgets.a11y import element_id
from cardlab.widgets.canvas import DEFAULT_LABEL, CanvasView
from cardlab.widgets.guard import Status, guarded
from cardlab.widgets.panels import StatusLine

STEP_PICTURE = msg("The deal at this step, drawn (the narration below says what happened)")
PLAY, PAUSE = msg("\u25b6 Play"), msg("\u275a\u275a Pause")
"""The play toggle's two faces: plain text, no icon font (read in the page's language)."""

StepCallback = Callable[[int, Any, "Event | None"], Any]
"""``on_step(step, state, event)``: ``event`` led to ``state`` (None at step 0)."""


class Stepper:
    """Play / slider / start-back-forward-end buttons and a caption over a Replay.

    ``render_step(step, state, event)`` is the first ``on_step`` callback; if it returns a
    `Drawing`, the stepper shows it on its own `CanvasView` (``stepper.view``), so
    ``Stepper(replay, lambda s, st, e: render(...))`` is a complete step-through widget.
    ``viewer`` is the seat whose eyes the caption reads through (None: the teacher's).
    """

    viewer: int | None = None
    note: Callable[[int], str] | None = None
    """Called with the step, a line the caption starts with (a what-if says where it departs);
    "" or None for none."""

    def __init__(
        self,
        replay: Replay,
        render_step: StepCallback | None = None,
        *,
        interval: int = 900,
        status: Status = None,
        view: CanvasView | None = None,
    ) -> None:
        self.replay = replay
        self.status = status if status is not None else StatusLine()
        self._callbacks: list[StepCallback] = []
        self._quiet = False
        n = len(replay)

        self.play = widgets.Play(
            value=0,
            min=0,
            max=n,
            step=1,
            interval=interval,
            description=str(msg("Play")),
            show_repeat=False,
            layout=widgets.Layout(display="none"),  # only its timer: see the module docstring
        )
        self.play_button = widgets.ToggleButton(
            value=False,
            description=str(PLAY),
            tooltip=str(msg("Play the steps one by one; press to pause")),
        )
        self.play_button.layout.width = "auto"
        self.play_button.add_class("cardlab-play")
        self.play_link = widgets.link((self.play_button, "value"), (self.play, "playing"))
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=n,
            step=1,
            description=str(msg("Step")),
            continuous_update=True,
            layout=widgets.Layout(width="320px"),
        )
        self.start_button = self._button(msg("« Start"), msg("Go to the start"))
        self.back_button = self._button(msg("◀ Back"), msg("One step back"))
        self.forward_button = self._button(msg("Forward ▶"), msg("One step forward"))
        self.end_button = self._button(msg("End »"), msg("Go to the last step"))
        for button in self.buttons:
            button.layout.width = "auto"
        self.forward_button.add_class("cardlab-next")  # stable hooks for the browser tests
        self.back_button.add_class("cardlab-back")
        self.caption = widgets.HTML()
        self.caption.layout.min_height = "3em"
        self.caption_id = element_id("cardlab-caption")

        guard = self._guard
        self.start_button.on_click(guard(lambda _b: self.go(0)))
        self.back_button.on_click(guard(lambda _b: self.back()))
        self.forward_button.on_click(guard(lambda _b: self.next()))
        self.end_button.on_click(guard(lambda _b: self.go(len(self.replay))))
        self.slider.observe(guard(self._on_slider), names="value")
        self.play.observe(guard(self._on_play), names="value")
        self.play_button.observe(self._on_playing, names="value")

        self.view = view
        first = None
        if render_step is not None:
            first = guard(render_step)(0, replay.state_at(0), None)
            if isinstance(first, Drawing) and self.view is None:
                self.view = CanvasView(first.width, first.height, status=self.status)
            self._callbacks.append(render_step)

        if self.view is not None and not self.view.label.described_by:
            named = self.view.label.label != DEFAULT_LABEL
            # the step's narration says what the picture shows
            label = self.view.label.label if named else str(STEP_PICTURE)
            self.view.describe(label, self.caption_id)
        controls = widgets.HBox([self.play_button, self.play, *self.buttons, self.slider])
        children: list[widgets.Widget] = []
        if self.view is not None:
            children.append(self.view.widget)
        children += [controls, self.caption]
        if isinstance(self.status, StatusLine):
            children.append(self.status.widget)
        self.widget = widgets.VBox(children)
        self._show(notify=False)
        if isinstance(first, Drawing) and self.view is not None:
            self.view.draw(first)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @staticmethod
    def _button(description: object, tooltip: object) -> widgets.Button:
        return widgets.Button(description=str(description), tooltip=str(tooltip))

    # -- public API ------------------------------------------------------------------------------
    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        return (self.start_button, self.back_button, self.forward_button, self.end_button)

    @property
    def step(self) -> int:
        return int(self.slider.value)

    @property
    def state(self) -> Any:
        return self.replay.state_at(self.step)

    @property
    def event(self) -> Event | None:
        """The event that led to the current step (None at step 0)."""
        return self.replay.event_at(self.step) if self.step else None

    @property
    def caption_text(self) -> str:
        return caption_text(self.replay, self.step, self.viewer)

    def on_step(self, callback: StepCallback, remove: bool = False) -> None:
        """Call ``callback(step, state, event)`` whenever the step changes."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def go(self, step: int) -> None:
        """Jump to ``step`` (0..len(replay)); out of range is a ValueError with the range."""
        n = len(self.replay)
        if not isinstance(step, int) or not 0 <= step <= n:
            raise ValueError(
                msg("step {step} is out of range: this deal has steps 0-{last}", step=step, last=n)
            )
        if step == self.step:
            self._show()
        else:
            self.slider.value = step  # the observer shows it

    def next(self) -> None:
        if self.step < len(self.replay):
            self.go(self.step + 1)

    def back(self) -> None:
        if self.step > 0:
            self.go(self.step - 1)

    def set_replay(self, replay: Replay, step: int | None = None) -> None:
        """Show another replay (a reshuffle, a branch); keeps the step when it still exists."""
        target = min(self.step if step is None else step, len(replay))
        self._quiet = True
        try:
            self.replay = replay
            n = len(replay)
            for w in (self.slider, self.play):
                if w.value > n:
                    w.value = n
                w.max = n
            self.slider.value = target
            self.play.value = target
        finally:
            self._quiet = False
        self._show()

    def refresh(self) -> None:
        """Redo the caption and callbacks for the current step (after a theme change, say)."""
        self._show()

    # -- internals -------------------------------------------------------------------------------
    def _guard(self, func: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self.status, func)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            if self.play.value != change["new"]:
                self._quiet = True
                try:
                    self.play.value = change["new"]
                finally:
                    self._quiet = False
            self._show()

    def _on_playing(self, change: dict[str, Any]) -> None:
        """The toggle says what pressing it does next: Pause while playing, else Play."""
        self.play_button.description = str(PAUSE if change["new"] else PLAY)

    def _on_play(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.slider.value = change["new"]

    def _show(self, notify: bool = True) -> None:
        step, n = self.step, len(self.replay)
        event = self.event
        note = str(self.note(step) or "") if self.note is not None else ""
        text = caption_html(self.replay, step, self.viewer, note)
        self.caption.value = (
            f'<div class="cardlab-caption" id="{self.caption_id}" aria-live="polite">{text}</div>'
        )
        self.start_button.disabled = self.back_button.disabled = step == 0
        self.forward_button.disabled = self.end_button.disabled = step >= n
        if not notify:
            return
        state = self.replay.state_at(step)
        for callback in list(self._callbacks):
            result = self._guard(callback)(step, state, event)
            if isinstance(result, Drawing) and self.view is not None:
                self.view.draw(result)
