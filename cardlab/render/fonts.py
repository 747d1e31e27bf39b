"""The one font every backend draws with: DejaVu Sans, shipped inside matplotlib, which has the
♠♥♦♣ glyphs on every machine (labels are measured for it, so the PNG, the PDF and the SVG agree).

Only its location lives here; matplotlib is imported lazily, when a backend first needs the file.
"""

from __future__ import annotations

import os


def font_path(bold: bool = False, italic: bool = False) -> str:
    """The DejaVu Sans file shipped inside matplotlib (regular, bold, oblique or both)."""
    import matplotlib

    style = ("Bold" if bold else "") + ("Oblique" if italic else "")
    name = f"DejaVuSans-{style}.ttf" if style else "DejaVuSans.ttf"
    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name)
