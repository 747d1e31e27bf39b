"""`deferred_open`: widgets built for a view reach the page once each, as they are when shown.

An ipywidgets widget opens its comm (one message carrying its whole state) the moment it is
constructed, and every trait set after that is one more message: a lesson's view sets classes,
widths, tooltips and values just after making each widget, so a Triad page sent 348 updates on
top of its 510 openings, each serialised, signed and relayed by the kernel, the server and the
browser.  Inside `deferred_open` a widget's comm is opened only when something needs it: the page
showing it, a container that holds it being opened (its children are referred to by their model
ids), or a message sent to it.  It opens with its state as it is then, so the updates made while
building are part of its one opening message, and a widget built but never shown costs nothing.

Only plain ipywidgets (those that use `Widget`'s own display) are deferred; a widget opened
outside the context, or any widget once open, behaves as ipywidgets made it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

from ipywidgets import Widget

_ORIGINAL_OPEN = Widget.open
_ORIGINAL_REPR = Widget._repr_mimebundle_
_ORIGINAL_SEND = Widget._send
_ORIGINAL_VIEW_SPEC = Widget.get_view_spec
_DEFERRED = "_cardlab_deferred"
_depth = [0]


def _open(self: Widget) -> None:
    if _depth[0] and self.comm is None and type(self)._repr_mimebundle_ is _repr_mimebundle_:
        self.__dict__[_DEFERRED] = True
        return
    _ORIGINAL_OPEN(self)


def opened(widget: Widget) -> Widget:
    """``widget`` with its comm open (opening it now if it was deferred and is still wanted)."""
    if widget.comm is None and widget.__dict__.pop(_DEFERRED, False):
        _ORIGINAL_OPEN(widget)
    return widget


def _model_id(self: Widget) -> str:
    return opened(self).comm.comm_id


def _repr_mimebundle_(self: Widget, **kwargs: Any) -> Any:
    return _ORIGINAL_REPR(opened(self), **kwargs)


def _send(self: Widget, msg: Any, buffers: Any = None) -> None:
    _ORIGINAL_SEND(opened(self), msg, buffers)


def _get_view_spec(self: Widget) -> dict[str, Any]:
    return _ORIGINAL_VIEW_SPEC(opened(self))


def _close(self: Widget, _close: Any = Widget.close) -> None:
    self.__dict__.pop(_DEFERRED, None)  # closed before it was shown: it never opens
    _close(self)


Widget.open = _open  # type: ignore[method-assign]
Widget.model_id = property(_model_id)  # type: ignore[assignment,method-assign]
Widget._repr_mimebundle_ = _repr_mimebundle_  # type: ignore[method-assign]
Widget._send = _send  # type: ignore[method-assign]
Widget.get_view_spec = _get_view_spec  # type: ignore[method-assign]
Widget.close = _close  # type: ignore[method-assign]


@contextlib.contextmanager
def deferred_open() -> Iterator[None]:
    """Widgets constructed inside open their comms when first needed (see the module)."""
    _depth[0] += 1
    try:
        yield
    finally:
        _depth[0] -= 1


P = ParamSpec("P")
R = TypeVar("R")


def deferring(build: Callable[P, R]) -> Callable[P, R]:
    """``build`` run inside `deferred_open` (for the methods that build a page's views)."""

    @functools.wraps(build)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with deferred_open():
            return build(*args, **kwargs)

    return wrapper


def is_deferred(widget: Widget) -> bool:
    """Whether ``widget`` waits to be opened (for tests)."""
    return widget.comm is None and bool(widget.__dict__.get(_DEFERRED))
