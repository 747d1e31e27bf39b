"""`Surface`, a canvas in the page, and `Batch`: drawing commands sent to the page as one message.

The page script (`cardlab.widgets.a11y.PageScript`, its ``surface.js`` half) draws every batch
straight onto the page's ``<canvas>`` elements, all of it in one task.  Why not ipycanvas, which
cardlab used until issue 27's last point: its front end awaits every command, draws onto a model
canvas and then copies the whole of that onto the visible one after each batch (twice the pixels
of a table touched for a press that repaints one card), and every hidden sprite canvas was a
widget of its own for the page to open.  A press's time from click to new pixels was 1.2-1.35x a
bare ipycanvas button's; measured in ``benchmarks/voila_startup.py``.

The wire form, a JSON list of commands (``{"draw": [...]}``):

* ``["on", key, width, height, whole]``: draw on the surface ``key`` from here on, its backing
  store resized first where it differs (which clears it); a batch that repaints only part of a
  drawing (``whole`` false) is dropped on a canvas that holds none, which the page then asks
  for in full;
* ``["sprite", key, width, height]``: draw on the hidden canvas of a sprite (made, or resized);
  ``["rasterise"]`` has the browser paint it now, not in the press that first shows it;
* ``["set", name, value]``: a style attribute, by its name in the browser;
* the context's own methods by their names (``fillRect``, ``arcTo``, ``fillText``...), plus
  ``clear`` (the whole canvas), ``fillCircle``/``strokeCircle`` and ``drawImage`` of a
  sprite by its key.

The page answers on the same comm: ``{"blank": [key, ...]}`` for surfaces that hold no drawing
(just connected, shown again), ``{"sprites": "lost"}`` when its hidden canvases are gone (a new
page), ``{"seen": [key, ...]}`` for surfaces that came into the window for the first time, and
``{"pointer": key, "points": [[x, y], ...]}`` in backing pixels for a mouse or a finger going
down (`cardlab.widgets.canvas.CanvasView` handles all four).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.widgets.a11y import element_id, page_script

STYLES: dict[str, str] = {
    "fill_style": "fillStyle",
    "stroke_style": "strokeStyle",
    "line_width": "lineWidth",
    "font": "font",
    "text_align": "textAlign",
    "text_baseline": "textBaseline",
}
"""The style attributes a drawing sets, by their Python name: the browser's name."""
PAGE_COMMANDS = (
    "on", "sprite", "rasterise", "set", "clear", "fillCircle", "strokeCircle", "drawImage",
    "save", "restore", "scale", "translate", "rotate", "clearRect", "fillRect", "strokeRect",
    "beginPath", "closePath", "rect", "clip", "moveTo", "lineTo", "arcTo", "fill", "stroke",
    "setLineDash", "fillText",
)  # fmt: skip
"""Every command a batch may hold: the page script (``surface.js``) knows each of them."""
SURFACE_CLASS = "cardlab-surface"
"""The class of a surface's widget (the ``<canvas>`` in it has ``cardlab-canvas``)."""


class Surface(widgets.HTML):
    """A ``<canvas>`` in the page, drawn by the `Batch` es sent to it under its ``key``, as
    wide as the widget's layout says (its height follows from its backing store's shape).

    Its markup is written once, at its first size: the page takes every later backing size from
    the batches, so a resize never swaps the element (which would blank it)."""

    def __init__(self, width: int, height: int, layout: widgets.Layout) -> None:
        super().__init__(layout=layout)
        self.key = element_id("cardlab-surface")
        self.width, self.height = width, height
        self.add_class(SURFACE_CLASS)
        self.value = (
            f'<canvas class="cardlab-canvas" data-cardlab-surface="{html.escape(self.key)}" '
            f'width="{width}" height="{height}"></canvas>'
        )


Target = tuple[Any, ...]


class Batch:
    """Commands for one or more canvases, in order, sent as one message (`send`)."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []
        self._current: Target | None = None

    def on(self, surface: Surface, whole: bool = True) -> BatchCanvas:
        """A `cardlab.widgets.canvas_replay.CanvasBackend` drawing on ``surface`` into this batch;
        ``whole``: what it draws is the whole picture (not a repaint of some boxes)."""
        target = ("on", surface.key, surface.width, surface.height, whole)
        return BatchCanvas(self, target)

    def sprite(self, key: str, width: int, height: int) -> BatchCanvas:
        """A backend drawing on the hidden canvas of the sprite ``key``, ``width`` x
        ``height`` backing pixels."""
        return BatchCanvas(self, ("sprite", key, width, height))

    def add(self, target: Target, command: list[Any]) -> None:
        """``command`` on ``target``'s canvas, after a switch to it when it is not current."""
        if target != self._current:
            self.commands.append(list(target))
            self._current = target
        self.commands.append(command)

    def send(self) -> int:
        """Send the commands as one message to the page (none when empty); how many."""
        if not self.commands:
            return 0
        page_script().send({"draw": self.commands})
        return len(self.commands)


class BatchCanvas:
    """One canvas's side of a `Batch`: the drawing methods and style attributes
    `cardlab.widgets.canvas_replay.replay_ops` uses, writing commands (trailing Nones dropped, a
    height defaulting to the width, an odd dash pattern repeated, as the browser would)."""

    _batch: Batch
    _target: Target

    def __init__(self, batch: Batch, target: Target) -> None:
        object.__setattr__(self, "_batch", batch)
        object.__setattr__(self, "_target", target)

    def __setattr__(self, name: str, value: Any) -> None:
        """A style attribute (``fill_style = "#fff"``)."""
        if name not in STYLES:
            raise AttributeError(f"a canvas has no style attribute {name!r}")
        self._batch.add(self._target, ["set", STYLES[name], value])

    def _draw(self, name: str, *args: Any) -> None:
        # Coordinates to a thousandth of a pixel (and an angle to a thousandth of a radian):
        # the layout's sums (61.120000000000005) doubled a batch's bytes for nothing to see.
        values = [round(v, 3) if type(v) is float else v for v in args]
        while values and values[-1] is None:
            values.pop()
        self._batch.add(self._target, [name, *values])

    def save(self) -> None:
        self._draw("save")

    def restore(self) -> None:
        self._draw("restore")

    def scale(self, x: float, y: float | None = None) -> None:
        self._draw("scale", x, x if y is None else y)

    def translate(self, x: float, y: float) -> None:
        self._draw("translate", x, y)

    def rotate(self, angle: float) -> None:
        self._draw("rotate", angle)

    def clear(self) -> None:
        self._draw("clear")

    def rasterise(self) -> None:
        """Have the browser paint this canvas now (see the module)."""
        self._draw("rasterise")

    def clear_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._draw("clearRect", x, y, width, width if height is None else height)

    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._draw("fillRect", x, y, width, width if height is None else height)

    def stroke_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._draw("strokeRect", x, y, width, width if height is None else height)

    def begin_path(self) -> None:
        self._draw("beginPath")

    def close_path(self) -> None:
        self._draw("closePath")

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self._draw("rect", x, y, width, height)

    def clip(self) -> None:
        self._draw("clip")

    def move_to(self, x: float, y: float) -> None:
        self._draw("moveTo", x, y)

    def line_to(self, x: float, y: float) -> None:
        self._draw("lineTo", x, y)

    def arc_to(self, x1: float, y1: float, x2: float, y2: float, radius: float) -> None:
        self._draw("arcTo", x1, y1, x2, y2, radius)

    def fill(self, rule: str | None = None) -> None:
        self._draw("fill", rule)

    def stroke(self) -> None:
        self._draw("stroke")

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._draw("fillCircle", x, y, radius)

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._draw("strokeCircle", x, y, radius)

    def set_line_dash(self, segments: list[float]) -> None:
        self._draw("setLineDash", segments + segments if len(segments) % 2 else segments)

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        self._draw("fillText", text, x, y, max_width)

    def draw_image(
        self, image: Any, x: float = 0, y: float = 0, width: float | None = None,
        height: float | None = None,
    ) -> None:  # fmt: skip
        """Blit the sprite whose key is ``image`` (its hidden canvas in the page)."""
        if not isinstance(image, str):
            raise TypeError("a batch draws images from sprites, named by their key")
        if width is not None and height is None:
            height = width
        self._draw("drawImage", image, x, y, width, height)
