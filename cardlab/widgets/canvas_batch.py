"""`Batch`: canvas commands in ipycanvas's wire form, sent to the browser as one message.

ipycanvas's own API validates and notifies every style set through traitlets and makes a method
call per command: half a millisecond of a table press's one, for its 120-odd commands.  A
`Batch` writes the very same commands (ipycanvas's ``COMMANDS`` numbers and ``Canvas.ATTRS``)
straight into a list, switching canvases as ipycanvas's manager does, and `Batch.send` hands
them to the manager's comm in one message, as ``hold_canvas()`` does when it ends.  A test
replays drawings both ways and compares the commands.

This module is the one place that touches ipycanvas's internals: its manager (a private module
attribute of ipycanvas 0.14, pinned in pyproject) and its wire form.
"""

from __future__ import annotations

from typing import Any

import ipycanvas
import ipycanvas.canvas
from ipycanvas.utils import commands_to_buffer
from ipywidgets import widget_serialization

COMMANDS: dict[str, int] = ipycanvas.canvas.COMMANDS
"""ipycanvas's command numbers, by the browser's name for each command."""
ATTRS: dict[str, int] = ipycanvas.Canvas.ATTRS
"""ipycanvas's numbers for the context's style attributes (``fill_style``...)."""
_TO_JSON = widget_serialization["to_json"]


def _manager() -> Any:
    return getattr(ipycanvas.canvas, "_CANVAS_MANAGER", None)


def reset_current_canvas() -> bool:
    """Forget which canvas the ipycanvas manager believes the browser is drawing on.

    Workaround for ipycanvas issue #322 ("current canvas out of sync"): the Python manager sends a
    ``switchCanvas`` command only when the target canvas changes, but a browser that connected
    later (Voila) has no current canvas at all, so every later batch fails there and the canvas
    stays blank.  Clearing the remembered canvas forces the next batch to start with a switch.
    Returns False when the attribute is gone, so a future ipycanvas degrades to "no workaround"
    instead of crashing.
    """
    manager = _manager()
    if manager is None or not hasattr(manager, "_current_canvas"):
        return False
    manager._current_canvas = None
    return True


_PARKING: list[ipycanvas.Canvas] = []


def parking_canvas() -> ipycanvas.Canvas:
    """A one-pixel canvas no page shows, made once per kernel: every batch ends switched to it
    (`Batch.send`), and the sprite canvases are read onto it as they are made."""
    if not _PARKING:
        _PARKING.append(ipycanvas.Canvas(width=1, height=1))
    return _PARKING[0]


class Batch:
    """Commands for one or more canvases, in order, sent as one message (`send`)."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []
        self._current: ipycanvas.Canvas | None = None

    def on(self, canvas: ipycanvas.Canvas) -> BatchCanvas:
        """A `cardlab.widgets.canvas.CanvasBackend` drawing on ``canvas`` into this batch."""
        return BatchCanvas(self, canvas)

    def add(self, canvas: ipycanvas.Canvas, command: list[Any]) -> None:
        """``command`` for ``canvas``, after a switch to it when it is not the current one
        (a batch always begins with one: the browser may have connected since)."""
        self._switch(canvas)
        self.commands.append(command)

    def _switch(self, canvas: ipycanvas.Canvas) -> None:
        if canvas is not self._current:
            self.commands.append([COMMANDS["switchCanvas"], [_TO_JSON(canvas, None)]])
            self._current = canvas

    def send(self) -> int:
        """Send the commands as one message (none when empty); the bytes sent.  The manager
        then forgets its current canvas: this batch has switched the browser's.

        The batch ends switched to the `parking_canvas`: the browser copies every canvas a
        message switches to onto its views, starting with the one the message before ended on,
        so a batch that ended on a table's canvas had the next one copy that whole canvas twice
        (0.2-0.5 ms of a press).  Parked, the extra copy is of one pixel with no view."""
        if not self.commands:
            return 0
        self._switch(parking_canvas())
        metadata, buffer = commands_to_buffer(self.commands)
        _manager().send(metadata, buffers=[buffer])
        reset_current_canvas()
        return int(buffer.nbytes)


class BatchCanvas:
    """One canvas's side of a `Batch`: ipycanvas's drawing methods and style attributes, with
    its argument rules (trailing Nones dropped, a height defaulting to the width, an odd dash
    pattern repeated), writing commands instead of sending them."""

    _batch: Batch
    _canvas: ipycanvas.Canvas

    def __init__(self, batch: Batch, canvas: ipycanvas.Canvas) -> None:
        object.__setattr__(self, "_batch", batch)
        object.__setattr__(self, "_canvas", canvas)

    def __setattr__(self, name: str, value: Any) -> None:
        """A style attribute (``fill_style = "#fff"``), as ipycanvas sends it."""
        if name not in ATTRS:
            raise AttributeError(f"a canvas has no style attribute {name!r}")
        self._batch.add(self._canvas, [COMMANDS["set"], [ATTRS[name], value]])

    def _draw(self, name: str, *args: Any) -> None:
        values = list(args)
        while values and values[-1] is None:
            values.pop()
        self._batch.add(self._canvas, [COMMANDS[name], values, 0])

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

    def fill(self, rule: str = "nonzero") -> None:
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
        if not isinstance(image, ipycanvas.Canvas):
            raise TypeError("a batch draws images from other canvases only")
        if width is not None and height is None:
            height = width
        self._draw("drawImage", _TO_JSON(image, None), x, y, width, height)
