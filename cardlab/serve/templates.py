"""The servers' own pages (`cardlab/serve/pages/`): the class is full, the join page, the class
view.  Apart from `cardlab.serve.app` so that the hub's class service (`class_service`) renders
the class view without importing Voilà."""

from __future__ import annotations

from pathlib import Path

import jinja2

PAGES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "pages"),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
)
"""Each page self-contained (styles inline, a QR code an inline SVG): it loads nothing from
anywhere."""
