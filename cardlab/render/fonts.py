"""The fonts every backend draws with.

Latin and Cyrillic (English, Russian, Lithuanian, Malay, and the ♠♥♦♣ glyphs): DejaVu Sans,
shipped inside matplotlib, so every machine has it and labels are measured for it (the PNG, the
PDF and the SVG agree).  Chinese: Noto Sans CJK SC, from Debian's ``fonts-noto-cjk`` package
(``apt-get install fonts-noto-cjk``; Binder installs it from ``binder/apt.txt``).  It is some 20 MB
per weight, too big to ship in the wheel, and DejaVu has no CJK glyphs; Noto CJK in turn lacks
Lithuanian letters, so a label is drawn in Noto only when it holds CJK characters
(`needs_cjk`).  ``CARDLAB_CJK_FONT`` names another CJK font file (e.g. on a machine with other
fonts); without any, Chinese draws as missing-glyph boxes and `cjk_font_path` says so.

Only locations live here; matplotlib's folder is found without importing it (30 MiB, a second or
two of a page's start), since the labels are now measured whenever a picture is laid out.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

CJK_FONT_FILES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-{weight}.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-{weight}.ttc",
)
"""Where Debian, Arch and Fedora put Noto Sans CJK."""
CJK_INDEX = 2
"""Noto Sans CJK SC in the collection (JP, KR, SC, TC, HK): Simplified Chinese glyph shapes."""
_CHINESE_FAMILIES = "'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei'"
CSS_FAMILIES = f"'DejaVu Sans', sans-serif, {_CHINESE_FAMILIES}"
"""The browser's font stack: DejaVu (or the system sans) first, then a Chinese font for the
glyphs it lacks, the same fonts the Pillow backend draws with where the machine has them."""

_CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")


@lru_cache(maxsize=1)
def _matplotlib_fonts() -> str:
    """matplotlib's folder of TrueType fonts (``mpl-data/fonts/ttf``), found without importing
    matplotlib."""
    spec = find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("matplotlib is not installed: cardlab draws with its DejaVu Sans")
    return os.path.join(next(iter(spec.submodule_search_locations)), "mpl-data", "fonts", "ttf")


def font_path(bold: bool = False, italic: bool = False) -> str:
    """The DejaVu Sans file shipped inside matplotlib (regular, bold, oblique or both)."""
    style = ("Bold" if bold else "") + ("Oblique" if italic else "")
    name = f"DejaVuSans-{style}.ttf" if style else "DejaVuSans.ttf"
    return os.path.join(_matplotlib_fonts(), name)


def cjk_font_path(bold: bool = False) -> str | None:
    """The Noto Sans CJK collection on this machine (``CARDLAB_CJK_FONT`` first), or None."""
    chosen = os.environ.get("CARDLAB_CJK_FONT")
    weight = "Bold" if bold else "Regular"
    candidates = [chosen] if chosen else [f.format(weight=weight) for f in CJK_FONT_FILES]
    return next((path for path in candidates if Path(path).is_file()), None)


def needs_cjk(text: str) -> bool:
    """True when ``text`` holds Chinese (or other CJK) characters DejaVu cannot draw."""
    return _CJK.search(text) is not None
