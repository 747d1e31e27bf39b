"""Class deals: one sequence of deals for a whole class, as in duplicate bridge.

A teacher picks a short class code (``MATH7B``); every student's table of a game then plays the
class's deal 1, 2, 3, ... and every quiz asks the class's question 1, 2, 3, ..., so scores compare.
A deal's seed is a stable hash of the code, the game and the deal's number (never Python's
salted ``hash``, which differs between kernels), so two kernels, two servers or two days agree.
"""

from __future__ import annotations

import hashlib
import re

from cardlab.core.i18n import msg

MAX_CODE = 32
"""The longest class code: a teacher types it, a link carries it."""
MAX_DEAL = 10_000
"""The highest class deal number a link may ask for (far beyond any lesson's hour)."""
_CODE = re.compile(rf"[A-Za-z0-9-]{{1,{MAX_CODE}}}")


def check_class_code(text: str) -> str:
    """``text`` as a class code (letters, digits and ``-``, at most 32 characters), upper-cased
    so that ``math7b`` and ``MATH7B`` are one class; ``ValueError`` saying what is allowed."""
    if not isinstance(text, str) or not _CODE.fullmatch(text):
        shown = repr(text[:40]) + ("..." if isinstance(text, str) and len(text) > 40 else "")
        raise ValueError(
            msg(
                "a class code is 1-{most} letters, digits or '-' (e.g. MATH7B), not {code}",
                most=MAX_CODE,
                code=shown,
            )
        )
    return text.upper()


def class_seed(code: str, sequence: str, deal: int) -> int:
    """The seed of deal number ``deal`` (1, 2, ...) of class ``code`` in ``sequence`` (a game's
    name for its table, ``<game>-quiz`` for its quiz): a stable 32-bit number."""
    code = check_class_code(code)
    if not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise ValueError(
            msg("a class deal is numbered 1-{most}, not {deal}", most=MAX_DEAL, deal=repr(deal))
        )
    digest = hashlib.sha256(f"cardlab class deals\n{code}\n{sequence}\n{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def deal_words(code: str, deal: int) -> str:
    """How a table names its class deal: ``Class deal 3 of code MATH7B``."""
    return str(msg("Class deal {deal} of code {code}", deal=deal, code=code))
