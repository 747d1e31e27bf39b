"""Jupyter widgets: the only layer (with ``cardlab.apps``) that imports ipywidgets / ipycanvas."""

from cardlab.widgets.canvas import CanvasView, replay_ops, reset_current_canvas
from cardlab.widgets.card_view import CardView, HandView, simple_hand
from cardlab.widgets.guard import friendly_message, guarded
from cardlab.widgets.panels import (
    OddsPanel,
    OddsRow,
    RulesPanel,
    ScoreSheet,
    StatusLine,
    TextMirror,
)
from cardlab.widgets.stepper import Stepper

__all__ = [
    "CanvasView",
    "CardView",
    "HandView",
    "OddsPanel",
    "OddsRow",
    "RulesPanel",
    "ScoreSheet",
    "StatusLine",
    "Stepper",
    "TextMirror",
    "friendly_message",
    "guarded",
    "replay_ops",
    "reset_current_canvas",
    "simple_hand",
]
