"""`deferred_open`: widgets built for a view reach the page once each, as they are when shown.

An ipywidgets widget opens its comm (one message carrying its whole state) the moment it is
constructed, and every trait set after that is one more message: a lesson's view sets classes,
widths, tooltips and values just after making each widget, so a Triad page sent 348 updates on
top of its 510 openings, each serialised, signed and relayed by the kernel, the server and the
browser.  Inside `deferred_open` a widget's comm is opened only when something needs it: the page
showing it, a container that holds it being opened (its children are referred to by their model
ids), or a message sent to it.  It opens with its state as it is then, so the updates made while
building are part of its one opening message, and a widget built but never shown costs nothing.

Most widgets keep the layout and style they were built with (all defaults, or "width: auto"),
and each of those is a model of its own: 300 of a Triad page's 507 openings, a third of its
kernel's load time.  A deferred widget's layout or style goes to the page as one model shared by
every layout (or style) of its kind in the same state (it is a *stand-in*); the first change made
to it later opens it as itself and points its widget at it, so no change is lost and no other
widget sees it.

Only plain ipywidgets (those that use `Widget`'s own display) are deferred; a widget opened
outside the context, or any widget once open, behaves as ipywidgets made it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

from ipywidgets import Widget
from traitlets import HasTraits

from cardlab.widgets.unheard import heard, listen_for_page, open_unheard, quiet

_ORIGINAL_OPEN = Widget.open
_ORIGINAL_REPR = Widget._repr_mimebundle_
_ORIGINAL_SEND = Widget._send
_ORIGINAL_VIEW_SPEC = Widget.get_view_spec
_ORIGINAL_NOTIFY = Widget.notify_change
_ORIGINAL_HANDLE = Widget._handle_msg
_DEFERRED = "_cardlab_deferred"
_BUILT = "_cardlab_built"  # on a widget built inside `deferred_open`, for good
_STAND_IN = "_cardlab_stand_in"  # on a default layout or style: the (widget, trait)s it stands in
_PARTS = ("layout", "style")
_depth = [0]
_shared: dict[tuple[type[Widget], str], Widget] = {}  # a model per kind and state


def _open(self: Widget) -> None:
    if _depth[0] and self.comm is None and type(self)._repr_mimebundle_ is _repr_mimebundle_:
        self.__dict__[_DEFERRED] = self.__dict__[_BUILT] = True
        return
    _open_now(self)


def _open_now(widget: Widget) -> None:
    """Open ``widget``'s comm: announced, or unheard while no page listens
    (`cardlab.widgets.unheard`)."""
    if widget.comm is None and quiet():
        open_unheard(widget)
    else:
        _ORIGINAL_OPEN(widget)


def opened(widget: Widget) -> Widget:
    """``widget`` with its comm open (opening it now if it was deferred and is still wanted),
    its layout and style, if they wait too, left to stand in for a shared model like them."""
    if widget.comm is None and widget.__dict__.pop(_DEFERRED, False):
        with deferred_open():  # a layout or style made only now (a dynamic default) waits too
            parts = [(name, getattr(widget, name)) for name in _PARTS if name in widget.keys]
        for name, part in parts:
            if is_deferred(part):
                part.__dict__.setdefault(_STAND_IN, []).append((widget, name))
        _open_now(widget)
    return widget


def _model_id(self: Widget) -> str:
    if self.comm is None and self.__dict__.get(_STAND_IN):
        return _model_id(_shared_like(self))
    return opened(self).comm.comm_id


def _shared_like(part: Widget) -> Widget:
    """The model shared by the layouts (or styles) of ``part``'s kind in ``part``'s state: a
    copy no code can reach, so nothing changes it.  The state is read as the traits' values,
    not serialised: a layout's 47 traits through ``get_state`` cost more than its widget's own
    opening (every trait's value decides its JSON, so equal values are equal states)."""
    kind: type = type(part)
    values = part._trait_values
    key = (kind, repr([values[n] if n in values else getattr(part, n) for n in _synced(kind)]))
    if key not in _shared:
        with deferred_open():
            _shared[key] = kind(**{k: getattr(part, k) for k in part.keys if k[0] != "_"})
    return _shared[key]


@functools.lru_cache(maxsize=64)  # one per kind of layout or style: ipywidgets has about 20
def _synced(kind: type) -> tuple[str, ...]:
    """The traits a layout or style of ``kind`` sends to the page, in a fixed order."""
    widget_kind: type[HasTraits] = kind
    return tuple(sorted(widget_kind.class_trait_names(sync=True)))


def _notify_change(self: Widget, change: Any) -> None:
    """A stand-in changed: it opens as itself and its widgets point at it (see the module)."""
    owners = self.__dict__.pop(_STAND_IN, None) if change["name"] in self.keys else None
    if owners and self.comm is None:
        opened(self)
        for owner, name in owners:
            if owner.comm is not None and getattr(owner, name) is self:
                owner.send_state(name)
        return
    if owners:
        self.__dict__[_STAND_IN] = owners
    _ORIGINAL_NOTIFY(self, change)


def _repr_mimebundle_(self: Widget, **kwargs: Any) -> Any:
    if not self.__dict__.get(_BUILT):
        return _ORIGINAL_REPR(self, **kwargs)
    # ipywidgets writes the plain-text fallback as the widget's whole repr (every trait of
    # every child, 8 KB for a table: 6-8 ms) and keeps 110 characters of it.  A page's view
    # names its kind, which is what those 110 characters began with.
    widget = opened(self)
    if widget._view_name is None:
        return None
    view = {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}
    return {
        "text/plain": f"{type(widget).__name__}(…)",
        "application/vnd.jupyter.widget-view+json": view,  # the view's schema, version 2.0
    }


def _send(self: Widget, msg: Any, buffers: Any = None) -> None:
    if quiet():  # the page reads the state when it connects, and asks for blank canvases
        return
    _ORIGINAL_SEND(opened(self), msg, buffers)


def _handle_msg(self: Widget, msg: Any) -> None:
    heard()  # a manager that asks widget by widget: its answers must go out
    _ORIGINAL_HANDLE(self, msg)


def _get_view_spec(self: Widget) -> dict[str, Any]:
    return _ORIGINAL_VIEW_SPEC(opened(self))


def _close(self: Widget, _close: Any = Widget.close) -> None:
    self.__dict__.pop(_DEFERRED, None)  # closed before it was shown: it never opens
    _close(self)


Widget.open = _open
Widget.model_id = property(_model_id)
Widget._repr_mimebundle_ = _repr_mimebundle_
Widget._send = _send
Widget.get_view_spec = _get_view_spec
Widget.close = _close
Widget.notify_change = _notify_change
Widget._handle_msg = _handle_msg


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
    """Whether ``widget`` waits to be opened."""
    return widget.comm is None and bool(widget.__dict__.get(_DEFERRED))


def page_can_hold(widget: Widget) -> bool:
    """Whether what ``widget`` sends now can reach a page: not while it waits to be opened, nor
    while no page listens to this kernel (`cardlab.widgets.unheard`)."""
    return not (is_deferred(widget) or quiet())


listen_for_page()
