"""`CanvasView`: a `Drawing` shown on a canvas of the page, kept in Python and replayed on demand.

A canvas keeps no pixels on the wire: a browser that connects late (Voila renders the notebook,
then the page connects) gets an empty canvas.  So the view keeps the last `Drawing` and replays
all of it, in one batched message, whenever the page reports the canvas blank or the size
changes.

The drawing logic is the pure function `cardlab.widgets.canvas_replay.replay_ops`: it only
calls the small part of the canvas API listed in its `CanvasBackend`, so tests replay onto a
recording fake and assert on the exact commands, without a browser.

What the page's half (``surface.js``, `cardlab.widgets.canvas_batch`) does for it:

- Pointer coordinates arrive in *backing* pixels (``canvas.width * (clientX - rect.left) /
  rect.width``).  With a 2x backing store they are divided by `CanvasView.scale` before
  `Drawing.hit`, which works in CSS pixels.  A touch start calls ``preventDefault``, so no
  synthetic mouse event follows a tap (no double toggle) but a touch that starts on the canvas
  cannot scroll the page: keep canvases shorter than the viewport.
- A new backing size clears the browser canvas, hence the redraw on every size change.
- A redraw is one comm message (`cardlab.widgets.canvas_batch.Batch`); a drawing that fails
  sends nothing.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

import ipywidgets as widgets

from cardlab.render.damage import changed_boxes
from cardlab.render.faces import deck_faces_like
from cardlab.render.ops import Drawing, DrawOp, Sprite
from cardlab.widgets.a11y import CanvasLabel, follow_page, page_script
from cardlab.widgets.canvas_batch import Batch, Surface
from cardlab.widgets.canvas_replay import ReplayStats, backing_pixels, replay_ops
from cardlab.widgets.deferred import page_can_hold
from cardlab.widgets.guard import Status, guarded, report
from cardlab.widgets.later import later, send_now

ClickCallback = Callable[[str], Any]


@dataclass
class _Prepared:
    """A drawing's batch made ahead (`CanvasView.prepare`), with what it took of the sprites:
    the canvases it blits and the faces it draws inline."""

    drawing: Drawing
    base: Drawing
    """The drawing shown when the batch was made: a batch that repaints only what changed
    (``replay_ops(..., boxes=...)``) is right only over it."""
    scale: float
    batch: Batch
    stats: ReplayStats
    blitted: dict[str, Sprite]
    inline: dict[str, Sprite]


PREPARED_MAX = 8
"""The most drawings a view keeps prepared: one per button a table offers, about."""


_SPRITES: dict[str, tuple[tuple[int, int], tuple[DrawOp, ...]]] = {}
"""What the page's hidden canvas of each sprite key (deck, card, size, theme) and scale holds:
its backing size and ops, for the whole kernel (every view blits the same faces); bounded by
the decks, a few hundred at most."""
_SPRITES_FRESH: set[str] = set()
"""The sprites drawn since the page last said its hidden canvases were lost (a new page)."""
_VIEWS: weakref.WeakValueDictionary[str, CanvasView] = weakref.WeakValueDictionary()
"""The live views by their surface's key: what the page's messages name."""
SPRITES_AFTER_S = 0.03
"""How long after a batch that drew new sprites inline their hidden canvases are made: once the
batch has left, well before the next press."""
WARM_AFTER_S = 0.1
"""How long after a press's drawing a view starts making the hidden canvases of the faces it may
show next (`CanvasView._warm`): once the press's own batches have gone."""
WARM_CHUNK = 55
"""Faces made per batch while warming: a deck's worth, tens of milliseconds of the browser's
time at most, once per deck, size and theme a table shows."""
WARM_GAP_S = 0.1
"""The pause between two warming batches."""


def fluid_width(width: float) -> str:
    """The canvas's CSS width: its drawing's width times the page's zoom (larger on a projector,
    `cardlab.widgets.a11y`'s stylesheet sets it), never wider than its container (a phone); the
    height follows from the canvas's own aspect ratio, so the picture is never squashed."""
    return f"min(100%, calc({width:g}px * var(--cardlab-zoom, 1)))"


def backing_scale(density: float) -> float:
    """Backing pixels per CSS pixel for a page of ``density`` device pixels per drawing pixel:
    that, in quarter steps (a few sets of sprites, not one per zoom level), from 1 to 2; 2 until
    the page has reported it (sharp on most screens, at four times the pixels of a 1x one).
    Never above 2: a phone's 3x screen shows a table shrunk to its width, so 2x is already
    more pixels than it shows."""
    if density <= 0:
        return 2.0
    return min(2.0, max(1.0, math.ceil(density * 4 - 1e-9) / 4))


def _density_changed(view: CanvasView, density: float) -> None:
    guarded(view._status_sink, view.rescale)(backing_scale(float(density)))


DEFAULT_LABEL = "Picture"
"""The name of a canvas nobody described: the accessibility test refuses it on a lesson page."""


class CanvasView:
    """A canvas of the page that shows a kept `Drawing`, crisp at 2x, and reports clicked targets.

    ``view.widget`` is what to put in a layout (the view also displays itself): the canvas in a
    box with its `CanvasLabel` (its name, ``label``: what it shows, and the id of its text
    version, ``described_by``) and the page's `PageScript`, which puts them on the canvas and
    draws it.  The CSS width is the
    drawing's (`fluid_width`: scaled on a projector, shrunk to fit a phone) and the height follows
    the aspect ratio, so the canvas never stretches and pushes controls away.
    ``sprites="offscreen"`` draws each Sprite once into a hidden canvas of the page and blits it;
    ``"inline"`` replays sprite ops every time (more commands, no hidden canvases).
    """

    def __init__(
        self,
        width: float = 400,
        height: float = 300,
        *,
        scale: float | None = None,
        sprites: Literal["offscreen", "inline"] = "offscreen",
        status: Status = None,
        drawing: Drawing | None = None,
        label: str = DEFAULT_LABEL,
        described_by: str = "",
    ) -> None:
        self.follows_page = scale is None
        """Whether the backing store follows the page's pixel density (`backing_scale`)."""
        script = page_script()
        self.scale = backing_scale(script.density) if scale is None else float(scale)
        self.sprites = sprites
        self.status = status
        self.drawing: Drawing | None = None
        self.css_width = float(width)
        self.css_height = float(height)
        self.canvas = Surface(
            self._backing(width),
            self._backing(height),
            widgets.Layout(width=fluid_width(width), height="auto", max_width="100%"),
        )
        self.label = CanvasLabel(label=label, described_by=described_by)
        self.box = widgets.Box([self.canvas, self.label, script])
        self.box.add_class("cardlab-canvas-box")
        self._click_callbacks: list[ClickCallback] = []
        self._draw_callbacks: list[Callable[[], None]] = []
        self._seen_callbacks: list[Callable[[], None]] = []
        self.seen = False
        """Whether a page has shown this canvas in its window (`when_seen`)."""
        self._sprite_keys: set[str] = set()  # the shared sprites this view has blitted
        self._sprites_due: dict[str, Sprite] = {}  # drawn inline, their canvases made `later`
        self._new_sprites_inline = False  # while a press's drawing is replayed (`draw`)
        self._sprite_stats = ReplayStats()
        self._batch: Batch | None = None  # the batch a redraw is writing (sprites join it)
        self._prepared: dict[int, _Prepared] = {}  # by id of the drawing (kept in the entry)
        self._warming = False  # a `_warm` is scheduled
        self._foreseen: dict[str, Sprite] = {}  # faces a foreseen table shows, to be made
        # counters for tests and the benchmark
        self.redraws = 0
        self.messages_sent = 0
        self.last_ops_count = 0
        self.last_commands_count = 0
        self.last_sprites_blitted = 0
        """Counters for tests and ``benchmarks/``: one redraw is one batched comm message."""

        self.handle_pointer = guarded(self._status_sink, self._handle_pointer)
        self.handle_blank = guarded(self._status_sink, self.redraw)
        self.handle_seen = guarded(self._status_sink, self._seen)
        _listen()
        _VIEWS[self.canvas.key] = self
        if self.follows_page:
            follow_page("density", self, _density_changed)
        if drawing is not None:
            self.draw(drawing)

    # -- public API ------------------------------------------------------------------------------
    @property
    def widget(self) -> widgets.Box:
        return self.box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def describe(self, label: str, described_by: str | None = None) -> None:
        """Say what the picture shows (its accessible name) and, if given, which element holds
        it in words (``described_by``: that element's id)."""
        self.label.label = label
        if described_by is not None:
            self.label.described_by = described_by

    def draw(self, drawing: Drawing) -> None:
        """Keep ``drawing`` and show it (resizing the canvas first if its size changed).  A
        drawing that replaces one (a press) draws the sprites it shows for the first time
        inline, and their canvases are made after it (`_sprite_image`); it leaves the kernel
        before anything else the press does (`send_now`)."""
        shown = self.drawing
        pressed = self._new_sprites_inline = shown is not None
        prepared = self._prepared.get(id(drawing))
        self._prepared = {}
        self.drawing = drawing
        try:
            if (drawing.width, drawing.height) != (self.css_width, self.css_height):
                self.resize(drawing.width, drawing.height)  # redraws
            elif not (pressed and prepared is not None and self._send_prepared(prepared, shown)):
                self.redraw()
        finally:
            self._new_sprites_inline = False
        if pressed:
            if self.seen:  # a page shows it: its pixels go before the rest of the press
                send_now()
            if self.sprites == "offscreen":
                self._warm_soon()
        for callback in self._draw_callbacks:
            callback()

    def prepare(self, drawing: Drawing) -> None:
        """Make ``drawing``'s batch now, while the learner thinks, for a press that may show it
        next (the table after each button: `cardlab.widgets.table.TableView`); `draw` sends it
        as made when nothing it took has changed.  Sends nothing: a face the page does not
        hold yet (a foreseen showdown's hidden cards) is drawn inline in the batch, and its
        whole deck is made at that size soon after (`_foresee_faces`), never the face alone;
        the batch is then made again, blitting it (`_prepare_again`)."""
        size = (drawing.width, drawing.height)
        if self.drawing is None or self.sprites != "offscreen" or size != self.size:
            return
        blitted: dict[str, Sprite] = {}
        inline: dict[str, Sprite] = {}

        def source(sprite: Sprite) -> str | None:
            key = self._sprite_key(sprite)
            if self._sprite_ready(sprite, key):
                blitted[key] = sprite
                return key
            inline[key] = sprite
            return None

        batch = Batch()
        boxes = changed_boxes(self.drawing, drawing, self.scale)
        target = batch.on(self.canvas, whole=boxes is None)
        stats = replay_ops(drawing, target, scale=self.scale, sprite_source=source, boxes=boxes)
        self._prepared.pop(id(drawing), None)
        if len(self._prepared) >= PREPARED_MAX:
            del self._prepared[next(iter(self._prepared))]
        self._prepared[id(drawing)] = _Prepared(
            drawing, self.drawing, self.scale, batch, stats, blitted, inline
        )
        self._foresee_faces(inline.values())

    def _foresee_faces(self, sprites: Iterable[Sprite]) -> None:
        """Have the whole deck made at the size and in the theme of each face a foreseen table
        would draw inline (a showdown's faces, smaller than the learner's): the press that
        shows them then blits them.  The whole deck, so what is made says nothing of the cards
        to come."""
        added = False
        for sprite in sprites:
            for face in deck_faces_like(sprite):
                key = self._sprite_key(face)
                if key not in self._foreseen and not self._sprite_ready(face, key):
                    self._foreseen[key] = face
                    added = True
        if added:
            self._warm_soon()

    def _warm_soon(self) -> None:
        """Have `_warm` run `WARM_AFTER_S` from now, unless it is already due; for a canvas no
        page has shown yet, from when one does (`when_seen`): a page's load made decks of faces
        for tables nobody had looked at."""
        if self._warming:
            return
        if not self.seen:
            self._warming = True

            def start() -> None:
                self._warming = False
                self._warm_soon()

            self.when_seen(start)
            return
        self._warming = later(WARM_AFTER_S, guarded(self._status_sink, self._warm))

    @property
    def size(self) -> tuple[float, float]:
        """The drawing's size in CSS pixels."""
        return (self.css_width, self.css_height)

    def _send_prepared(self, prepared: _Prepared, shown: Drawing | None) -> bool:
        """Send a batch `prepare` made, if it still holds: the same drawing and scale, made
        over the drawing ``shown`` until now, every canvas it blits still ready, every face it
        draws inline still without one (those are made after, as in any press:
        `_sprite_image`).  False: nothing sent, redraw."""
        usable = (
            prepared.drawing is self.drawing
            and prepared.base is shown
            and prepared.scale == self.scale
            and all(self._sprite_ready(sprite, key) for key, sprite in prepared.blitted.items())
            and not any(self._sprite_ready(sprite, key) for key, sprite in prepared.inline.items())
        )
        if not usable or (
            prepared.inline
            and not self._sprites_due
            and not later(SPRITES_AFTER_S, guarded(self._status_sink, self._make_due_sprites))
        ):
            return False
        self._sprites_due.update(prepared.inline)
        self._sprite_keys.update(sprite.key for sprite in prepared.blitted.values())
        prepared.batch.send()
        self.redraws += 1
        self._sent(prepared.stats)
        return True

    def when_seen(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once, when a page first shows this canvas in its window (the page
        script reports it); at once if one has.  Work that only a learner looking at the picture
        needs (a table's look-ahead) waits for it: a lesson's kernel does not spend it while the
        page loads, nor at all for a table nobody scrolls to."""
        if self.seen:
            callback()
        else:
            self._seen_callbacks.append(callback)

    def _seen(self) -> None:
        self.seen = True
        callbacks, self._seen_callbacks = self._seen_callbacks, []
        for callback in callbacks:
            callback()

    def on_draw(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every new drawing (a share box keeps its link up to date)."""
        self._draw_callbacks.append(callback)

    def resize(self, width: float, height: float) -> None:
        """Set the CSS size (backing store = ``scale`` x that) and redraw the kept ops."""
        self.css_width, self.css_height = float(width), float(height)
        self.canvas.width = self._backing(width)
        self.canvas.height = self._backing(height)
        self.canvas.layout.width = fluid_width(width)
        self.redraw()

    def rescale(self, scale: float) -> None:
        """Draw at ``scale`` backing pixels per CSS pixel from now on (the page's density)."""
        if scale != self.scale:
            self.scale = scale
            self.resize(self.css_width, self.css_height)

    def redraw(self) -> None:
        """Replay the kept Drawing in full, as one batched message."""
        self._send(Batch())

    def _send(self, batch: Batch) -> None:
        """Replay the kept Drawing into ``batch`` (after whatever it holds) and send it; a
        drawing that fails sends nothing and raises.  A canvas no page can hold yet (its widget
        waits to be opened, `cardlab.widgets.deferred`, or its preheated kernel's page has not
        connected, `cardlab.widgets.unheard`) is not drawn: the page asks for it in full when it
        shows it (`handle_blank`), as it must anyway, since it connects after the cells ran
        (Voila) or shows the output after the batch came (JupyterLab)."""
        if not batch.commands and not page_can_hold(self.canvas):
            return
        self._batch = batch
        try:
            stats = ReplayStats()
            if self.drawing is None:
                batch.on(self.canvas).clear()
                stats.commands += 1
            else:
                source = self._sprite_image if self.sprites == "offscreen" else None
                sprite_stats = ReplayStats()
                self._sprite_stats = sprite_stats
                stats = replay_ops(
                    self.drawing, batch.on(self.canvas), scale=self.scale, sprite_source=source
                )
                stats.commands += sprite_stats.commands
                stats.ops += sprite_stats.ops
        finally:
            self._batch = None
            self.redraws += 1
        batch.send()
        self._sent(stats)

    def _sent(self, stats: ReplayStats) -> None:
        """Count a batch that has gone (for tests and the benchmark)."""
        self.messages_sent += 1
        self.last_ops_count = stats.ops
        self.last_commands_count = stats.commands
        self.last_sprites_blitted = stats.sprites_blitted

    def on_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(target)`` when a HitBox is clicked or tapped."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def click(self, target: str) -> None:
        """Act as if ``target`` was clicked (the non-pointer route, also used by tests)."""
        for callback in list(self._click_callbacks):
            callback(target)

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        """Backing-store pixels (what the page reports) to the CSS pixels of the Drawing."""
        return x / self.scale, y / self.scale

    # -- internals -------------------------------------------------------------------------------
    def _status_sink(self, message: str) -> None:
        report(self.status, message)

    def _backing(self, size: float) -> int:
        return backing_pixels(size, self.scale)

    def _handle_pointer(self, points: Sequence[Sequence[float]]) -> str | None:
        """The one pointer handler: ``[(x, y), ...]``, one point for a mouse, one per finger for
        a touch start, in backing pixels as the page reports them; the first one counts."""
        if not points or self.drawing is None:
            return None
        x, y = points[0]
        target = self.drawing.hit(*self.to_css(float(x), float(y)))
        if target is not None:
            self.click(target)
        return target

    def _sprite_image(self, sprite: Sprite) -> str | None:
        """The hidden canvas holding ``sprite`` at this view's scale, shared by every view of
        the kernel (a Dou Dizhu page shows the same 54 faces in three drawings).  In a press's
        drawing, a sprite whose canvas is new, changed or stale is drawn inline (None) and its
        canvas made just after (`later`): a press never waits for the browser to open new
        widgets (a fresh hand's faces are a widget each).  Otherwise it is made now."""
        key = self._sprite_key(sprite)
        if self._sprite_ready(sprite, key):
            self._sprite_keys.add(sprite.key)
            return key
        if self._new_sprites_inline and (
            self._sprites_due
            or later(SPRITES_AFTER_S, guarded(self._status_sink, self._make_due_sprites))
        ):
            self._sprites_due[key] = sprite
            return None
        self._sprite_keys.add(sprite.key)
        return self._make_sprite(sprite, key)

    def _sprite_ready(self, sprite: Sprite, key: str) -> bool:
        entry = _SPRITES.get(key)
        return (
            entry is not None
            and key in _SPRITES_FRESH
            and entry[0] == (self._backing(sprite.w), self._backing(sprite.h))
            and entry[1] == sprite.ops
        )

    def _make_sprite(self, sprite: Sprite, key: str) -> str:
        """Draw ``sprite`` into its hidden canvas of the page (made, resized or redrawn as
        needed) and have the browser paint it now: a hidden canvas keeps its drawing as a list
        of commands until its pixels are read, and the first blit of a face made ahead
        (`_warm`) paid for painting it, 0.4 ms a face, inside the press that first showed it."""
        size = (self._backing(sprite.w), self._backing(sprite.h))
        box = Drawing(sprite.w, sprite.h, sprite.ops, background="")
        batch = self._batch
        if batch is None:
            raise RuntimeError("a sprite's canvas is drawn inside a redraw's batch")
        target = batch.sprite(key, *size)
        stats = replay_ops(box, target, scale=self.scale, sprite_source=self._sprite_image)
        target.rasterise()
        self._sprite_stats.add(stats)
        _SPRITES[key] = (size, sprite.ops)
        _SPRITES_FRESH.add(key)
        return key

    def _make_due_sprites(self) -> None:
        """The hidden canvases the last batches drew inline, then the drawing again, blitting
        them, in one message: the picture a page keeps is always the same pixels, however its
        faces were first drawn (inline text is smoothed a little apart)."""
        due, self._sprites_due = self._sprites_due, {}
        batch = Batch()
        self._batch = batch
        try:
            for key, sprite in due.items():
                if not self._sprite_ready(sprite, key):
                    self._make_sprite(sprite, key)
        finally:
            self._batch = None
        self._send(batch)

    def _warm(self) -> None:
        """Make, `WARM_CHUNK` at a time, the hidden canvases of every face of the decks this
        view shows, at the sizes and in the theme it shows them
        (`cardlab.render.faces.deck_faces_like`): a bot's play or a showdown then blits faces
        the page already holds, where drawing them inline cost the browser 2-10 ms a press."""
        self._warming = False
        missing = self._faces_to_warm()
        if not missing:
            self._prepare_again()
            return
        batch = Batch()
        self._batch = batch
        try:
            for key, sprite in missing[:WARM_CHUNK]:
                self._make_sprite(sprite, key)
        finally:
            self._batch = None
        batch.send()
        if len(missing) > WARM_CHUNK:
            self._warming = later(WARM_GAP_S, guarded(self._status_sink, self._warm))
        else:
            self._prepare_again()

    def _prepare_again(self) -> None:
        """Make again the prepared batches that drew faces inline which the page now holds:
        as made, a press would find them stale and replay its whole table."""
        for prepared in list(self._prepared.values()):
            if prepared.base is self.drawing and any(
                self._sprite_ready(sprite, key) for key, sprite in prepared.inline.items()
            ):
                self.prepare(prepared.drawing)

    def _faces_to_warm(self) -> list[tuple[str, Sprite]]:
        """The faces of the decks shown, and of those a foreseen table shows
        (`_foresee_faces`), whose hidden canvas is missing or stale, by key."""
        if self.drawing is None:
            return []
        missing: dict[str, Sprite] = {}
        covered: set[str] = set()
        for op in self.drawing.ops:
            if isinstance(op, Sprite) and op.key not in covered:
                for sprite in deck_faces_like(op):
                    covered.add(sprite.key)
                    key = self._sprite_key(sprite)
                    if not self._sprite_ready(sprite, key):
                        missing[key] = sprite
        for key, sprite in list(self._foreseen.items()):
            if self._sprite_ready(sprite, key):
                del self._foreseen[key]
            else:
                missing.setdefault(key, sprite)
        return list(missing.items())

    @property
    def sprite_canvases(self) -> dict[str, str]:
        """The page's hidden sprite canvases this view has blitted: their keys there, by the
        sprite's key (for tests and benchmarks)."""
        return {key: f"{key}@{self.scale:g}" for key in self._sprite_keys}

    def _sprite_key(self, sprite: Sprite) -> str:
        """The page's name of ``sprite``'s hidden canvas: its key at this view's scale."""
        return f"{sprite.key}@{self.scale:g}"


def _heard(_script: Any, content: Any, _buffers: Any) -> None:
    """What the page says of its canvases (`cardlab.widgets.canvas_batch`): its hidden canvases
    lost (a new page), surfaces that hold no drawing, surfaces come into the window, a pointer
    going down on one."""
    if not isinstance(content, dict):
        return
    if content.get("sprites") == "lost":
        _SPRITES_FRESH.clear()
    for view in _views_of(content.get("blank")):
        view.handle_blank()
    for view in _views_of(content.get("seen")):
        view.handle_seen()
    pointer, points = content.get("pointer"), content.get("points")
    if isinstance(pointer, str) and _points(points):
        pressed = _VIEWS.get(pointer)
        if pressed is not None:
            pressed.handle_pointer(points)


def _views_of(keys: Any) -> list[CanvasView]:
    """The views of the surfaces a page names in a report (anything else in it ignored)."""
    if not isinstance(keys, list):
        return []
    found = (_VIEWS.get(key) if isinstance(key, str) else None for key in keys)
    return [view for view in found if view is not None]


def _points(value: Any) -> TypeGuard[list[list[float]]]:
    """Whether ``value`` is a list of ``[x, y]`` numbers (what a page reports of a pointer)."""
    return isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p)
        for p in value
    )


_LISTENING: list[bool] = []


def _listen() -> None:
    """Hear the page script's messages about canvases, once per kernel."""
    if not _LISTENING:
        page_script().on_msg(_heard)
        _LISTENING.append(True)
