"""A table's position as data a link can carry: how its game began (`Recipe`) and the learner's
presses since (`Press`).

Why presses and not states: a table is a value, and its bots are stateless (each decision is
drawn from the bot's seed and what it sees, `cardlab.core.bots.rng_for`), so beginning the same
game and pressing the same controls in the same order stands at the same position again, and a
few presses are far shorter than a state.  Everything here is pure and
bounded: a link's text is untrusted, so every number is read by a pattern before ``int`` sees
it, the moves are decompressed with a size limit and their structure is checked before use.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.core.i18n import joined, msg

MAX_MOVES_TEXT = 1_600
"""The longest ``moves`` value read: a page's whole query is at most 2,000 characters."""
MAX_MOVES_JSON = 64_000
"""The most bytes the ``moves`` value may decompress to (a zip bomb stops here)."""
MAX_ROWS = 5_000
"""The most presses the ``moves`` value may hold: each is checked, and only `MAX_PRESSES` of
them replayed (the rest refused with a notice)."""
MAX_PRESSES = 600
"""The most presses a link replays: more than a whole game of any table (a Three Thirteen game
is about 200)."""
MAX_HINTS = 50
"""The most hints a link replays: each costs what the AI thinks in the learner's place (a Triad
draw's advisor a tenth of a second), and a learner who asks at every move of a Triad game asks
about 50 times; 600 hints once cost a link 15 CPU-seconds."""
MAX_DEPTH = 8
"""The deepest nesting of the moves' JSON: a press's selection is 3 deep (more is an attack)."""
MAX_TEXT = 200
"""The longest key, target or choice value inside a press."""

Press = tuple[Any, ...]
"""One press of the learner: ``("act", key, value)``, ``("select", (i, ...))`` or
``("click", target)``, replayed through the model's method of the same name."""

_B64 = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Recipe:
    """How a table's game began, so it can begin again: the seed of the deal, the number of AI
    (None: the table's one number), the rules options that differ from the game's defaults,
    the table's settings a new game keeps (a ticked "Show my odds"), the class code and the
    class deal's number (0: not a class deal), whether a press began it (New game), which
    only changes the words on the status line, and whether the page allows hints (False: an
    exam page, where the table offers no hint and no aid, in this game and the next)."""

    seed: int
    ai: int | None = None
    options: tuple[tuple[str, Any], ...] = ()
    settings: tuple[tuple[str, Any], ...] = ()
    class_code: str = ""
    deal: int = 0
    again: bool = False
    hints: bool = True


def describe(press: Press) -> str:
    """A press as the learner would say it: ``press 'discard'``, ``select cards 1, 3``."""
    kind = press[0]
    if kind == "select":
        cards = joined(str(i + 1) for i in press[1]) if press[1] else msg("(none)")
        return str(msg("select cards {cards}", cards=cards))
    if kind == "click":
        return str(msg("click {target}", target=repr(press[1])))
    if press[2] is None:
        return str(msg("press {control}", control=repr(press[1])))
    return str(msg("press {control} = {value}", control=repr(press[1]), value=repr(press[2])))


def encode_moves(
    settings: Mapping[str, Any], presses: tuple[Press, ...], again: bool = False
) -> str:
    """The table's settings, the learner's presses and whether a press began the game (its
    first words differ) as one short URL-safe text (JSON, zlib, base64url without padding);
    "" when there is none of them."""
    if not settings and not presses and not again:
        return ""
    rows = [[p[0][0], *p[1:]] for p in presses]  # "a"/"s"/"c": the first letter is enough
    found = {"s": dict(settings), "p": rows, **({"n": 1} if again else {})}
    data = json.dumps(found, separators=(",", ":"))
    packed = zlib.compress(data.encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _text(value: Any, what: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(msg("moves: {what} must be a short text", what=what))
    return value


def _value(value: Any) -> Any:
    """A control's value in a press: nothing, on/off, a small number or a short text."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int) and -(10**6) <= value <= 10**6:
        return value
    return _text(value, msg("a choice"))


MAX_TABLE = (60, 12)
"""The largest table of numbers a setting may be (rows, numbers in a row): a score sheet
carried from deal to deal (Dou Dizhu keeps 50 rows of 7)."""


def _setting(value: Any) -> Any:
    """A table setting: a control's value, or a small table of whole numbers (tuples)."""
    if not isinstance(value, list):
        return _value(value)
    rows, width = MAX_TABLE
    if len(value) <= rows and all(
        isinstance(row, list) and len(row) <= width and all(_number(n) for n in row)
        for row in value
    ):
        return tuple(tuple(row) for row in value)
    raise ValueError(
        msg("moves: a setting's table must be at most {rows} rows of {width} whole numbers",
            rows=rows, width=width)
    )  # fmt: skip


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 200


def _press(row: Any) -> Press:
    if not isinstance(row, list) or not row:
        raise ValueError(msg("moves: every press is a list"))
    kind, args = row[0], row[1:]
    if kind == "a" and len(args) == 2:
        return ("act", _text(args[0], msg("a control")), _value(args[1]))
    if kind == "c" and len(args) == 1:
        return ("click", _text(args[0], msg("a click")))
    chosen = args[0] if kind == "s" and len(args) == 1 else None
    if isinstance(chosen, list) and len(chosen) <= 60 and all(_index(i) for i in chosen):
        return ("select", tuple(chosen))
    raise ValueError(msg("moves: {row} is not a press", row=str(row)[:60]))


def _too_deep(data: bytes) -> bool:
    """Whether ``data`` opens more than `MAX_DEPTH` brackets at once (counting those inside
    strings too, which only errs towards refusing): JSON's reader would recurse that deep."""
    depth = 0
    for byte in data:
        if byte in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif byte in b"]}":
            depth -= 1
    return False


def _whole(text: str) -> int:
    """A number in the moves' JSON: a whole number of at most 20 digits, as long as a seed
    (a Dou Dizhu score sheet carried into the next deal names each deal's), no float, no NaN,
    no 5,000 digits (whose conversion Python refuses with a message of its own)."""
    if len(text) > 21 or not re.fullmatch(r"-?[0-9]{1,20}", text):
        raise ValueError(text[:20])
    return int(text)


def decode_moves(text: str) -> tuple[dict[str, Any], tuple[Press, ...], bool]:
    """`encode_moves` read back: ``(settings, presses, again)``; ``ValueError`` naming what is
    wrong for any other text, bounded in time and memory whatever it holds ("": none)."""
    if not text:
        return {}, (), False
    if len(text) > MAX_MOVES_TEXT:
        raise ValueError(msg("moves: longer than {most} characters", most=MAX_MOVES_TEXT))
    if not _B64.fullmatch(text):
        raise ValueError(msg("moves: not a table's moves (only letters, digits, '-' and '_')"))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, MAX_MOVES_JSON)
        complete = inflater.eof and not inflater.unconsumed_tail
    except (binascii.Error, zlib.error) as exc:
        raise ValueError(msg("moves: not a table's moves (it does not unpack)")) from exc
    if not complete:
        raise ValueError(msg("moves: too long or cut short"))
    if _too_deep(data):
        raise ValueError(msg("moves: not a table's moves (nested too deeply)"))
    try:
        found = json.loads(data, parse_int=_whole, parse_float=_whole, parse_constant=_whole)
    except (ValueError, RecursionError) as exc:  # bad JSON or UTF-8, a number too long
        raise ValueError(msg("moves: not a table's moves (it does not unpack)")) from exc
    if not isinstance(found, dict) or set(found) - {"n"} != {"s", "p"} or found.get("n", 1) != 1:
        raise ValueError(msg("moves: not a table's moves"))
    settings, rows = found["s"], found["p"]
    if not isinstance(settings, dict) or not isinstance(rows, list):
        raise ValueError(msg("moves: not a table's moves"))
    if len(rows) > MAX_ROWS:
        raise ValueError(msg("moves: more than {most} presses", most=MAX_ROWS))
    checked = {_text(k, msg("a setting")): _setting(v) for k, v in settings.items()}
    return checked, tuple(_press(row) for row in rows), "n" in found
