"""`guarded`: every widget callback runs behind this, so a learner never sees a traceback.

ipywidgets' callback dispatchers print a full traceback into the page when a handler raises, and
in Voila that is the whole lesson gone.  Callbacks here follow one rule instead: compute the new
state first, assign it last (replays are immutable, so `replay.append` raising `IllegalMove`
changes nothing); the guard turns the exception into one friendly line on a status widget and
returns None, which leaves the state exactly as it was.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, overload, runtime_checkable

from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import msg

log = logging.getLogger("cardlab.widgets")

F = TypeVar("F", bound=Callable[..., Any])


@runtime_checkable
class ErrorSink(Protocol):
    """Anything with ``error(message)``: `cardlab.widgets.panels.StatusLine` is the usual one."""

    def error(self, message: str) -> None: ...


Status = Any
"""Where messages go: an `ErrorSink`, a callable taking the text, a widget with ``.value``, or None
(log only).  Duck-typed so this module needs no widget import."""


def friendly_message(exc: BaseException) -> str:
    """One line a learner can read in the page's language: rule refusals verbatim (a refusal's
    `Message` read now), anything else named, no traceback."""
    if isinstance(exc, IllegalMove):
        text = str(exc.reason)
    elif isinstance(exc, ValueError):
        text = str(exc)
    else:
        detail = str(exc)
        name = type(exc).__name__
        problem = f"{name}: {detail}" if detail else name
        return str(msg("Something went wrong: {problem}", problem=problem))
    text = text.strip() or type(exc).__name__
    return text[0].upper() + text[1:]


def report(status: Status, message: str) -> None:
    """Show ``message`` on ``status`` whatever kind of sink it is (it must never raise itself)."""
    try:
        message = str(message)  # a `Message` is read in the page's language
        if status is None:
            log.warning("%s", message)
        elif isinstance(status, ErrorSink):
            status.error(message)
        elif callable(status):
            status(message)
        elif hasattr(status, "value"):
            status.value = message
        else:
            log.warning("%s", message)
    except Exception:  # the error display itself failed: fall back to the log, never the page
        log.exception("could not show the message %r", message)


@overload
def guarded(status: Status) -> Callable[[F], F]: ...
@overload
def guarded(status: Status, func: F) -> F: ...
def guarded(status: Status, func: F | None = None) -> Any:
    """Wrap ``func`` (or decorate) so any ``Exception`` becomes a message on ``status``.

    Returns the function's result, or None when it raised.  A refusal (`IllegalMove`,
    ``ValueError``) is the learner's, logged at info; anything else is a bug, logged at warning
    with its traceback so a teacher's server log shows it.  Neither reaches the page.
    """

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except (IllegalMove, ValueError) as exc:
                log.info("refused in %s: %s", getattr(fn, "__name__", fn), exc)
                report(status, friendly_message(exc))
                return None
            except Exception as exc:
                log.warning("callback %s failed", getattr(fn, "__name__", fn), exc_info=True)
                report(status, friendly_message(exc))
                return None

        wrapper.__guarded__ = True  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return wrap if func is None else wrap(func)
