"""A preheated kernel's widgets open without a word until its page connects.

`cardlab serve` keeps kernels that have already run their lesson (Voilà's preheating): they run
it before anyone asks for the page, so nothing listens to their widgets then.  Yet every widget
the lesson shows opens its comm with one message carrying its whole state (230-500 a lesson),
each serialised and signed by the kernel and read, parsed and kept by the server's Voilà; and
when the page connects it asks for every widget's state anyway (ipywidgets 8's
``request_states``, what JupyterLab's and Voilà's widget managers do first).  So in a preheated
kernel, until the page speaks, a widget's comm is registered but not announced, and what
widgets send (state updates, canvas batches) is left unsent: the page reads each widget's state
as it is when it connects, and asks for every canvas it finds blank
(`cardlab.widgets.canvas_batch`), as it does after a reconnection.

The page's first word ends it for good: the widget manager opening its control comm, or any
message to a widget (a manager that asks widget by widget).  Kernels that are not preheated
(JupyterLab, the hub, a page that started its own kernel, progressive rendering) never go quiet:
their page listens from the start.
"""

from __future__ import annotations

import os
from typing import Any

import comm
from ipywidgets import Widget

from cardlab.widgets.later import in_kernel, kernel

PREHEAT_ENV = "VOILA_PREHEAT"
"""What Voilà sets to ``True`` in the environment of the kernels it preheats."""
CONTROL_TARGET = "jupyter.widget.control"
"""The comm a widget manager opens to read every widget's state at once."""

_quiet: list[bool] = []
"""Holds True while nobody listens: set once per kernel (`listen_for_page`)."""


def quiet() -> bool:
    """Whether this kernel's widgets speak to nobody yet (a preheated kernel before its page)."""
    return bool(_quiet) and _quiet[0]


def open_unheard(widget: Widget) -> None:
    """Give ``widget`` a comm the page can reach, without announcing it: registered with the
    kernel's comm manager under the widget's id, so the page's ``request_states`` lists it and
    its messages reach it, as if the page had opened it.  Its state is read all the same:
    that opens the widgets it holds (children, layout, style), which the page must find too."""
    widget.get_state()
    unheard = comm.create_comm(
        target_name="jupyter.widget", comm_id=widget._model_id, primary=False
    )
    # ipykernel's comm (what `create_comm` makes in a kernel) learns its kernel when it sends
    # its opening; ipywidgets sends nothing through a comm without one
    unheard.kernel = kernel()  # type: ignore[attr-defined]
    comm.get_comm_manager().register_comm(unheard)
    widget.comm = unheard


def heard() -> None:
    """The page has spoken: from now on every widget opens and sends as ipywidgets made it."""
    if _quiet:
        _quiet[0] = False


def listen_for_page() -> None:
    """Go quiet if this is a preheated kernel's first call, and wait for the page's first word.

    Called once, when the lesson's widgets first load; outside a preheated kernel (tests, a
    JupyterLab notebook, a page with a kernel of its own) it does nothing."""
    if _quiet:
        return
    if os.environ.get(PREHEAT_ENV) != "True" or not in_kernel():
        _quiet.append(False)
        return

    def control_opened(control: Any, msg: Any) -> None:
        heard()
        Widget.handle_control_comm_opened(control, msg)

    comm.get_comm_manager().register_target(CONTROL_TARGET, control_opened)
    _quiet.append(True)
