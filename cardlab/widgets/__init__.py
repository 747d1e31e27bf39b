"""Jupyter widgets: the only layer (with ``cardlab.apps``) that imports ipywidgets."""

from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.canvas_replay import replay_ops
from cardlab.widgets.card_view import CardView, HandView, simple_hand
from cardlab.widgets.guard import friendly_message, guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.panels import (
    OddsPanel,
    OddsRow,
    RulesPanel,
    ScoreSheet,
    StatusLine,
    TextMirror,
)
from cardlab.widgets.stepper import Stepper
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

__all__ = [
    "CanvasView",
    "CardView",
    "HandView",
    "LessonPanel",
    "OddsPanel",
    "OddsRow",
    "RulesPanel",
    "ScoreSheet",
    "StatusLine",
    "Stepper",
    "TableView",
    "TextMirror",
    "ThemePicker",
    "friendly_message",
    "guarded",
    "replay_ops",
    "simple_hand",
]
