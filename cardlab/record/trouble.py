"""What the teacher's class view says about kernels that cannot store their rows.

A kernel's writer (`cardlab.record.writer`) retries a store that is down while its rows wait; a
student's table never shows that.  The teacher must know, though: a wrong ``--results`` URL, a
full disk or a database that went away means rows are waiting, and a page closed meanwhile may
take some with it.  So while a writer fails it keeps a small note, one file per kernel in the
folder `FOLDER_ENV` names (``cardlab serve`` makes one for its kernels), and removes it once its
rows are stored; the class view reads the notes (`read_notes`).  Behind JupyterHub each
student's server is apart and there is no shared folder: there the class view sees a store that
is down itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

FOLDER_ENV = "CARDLAB_RECORD_TROUBLE"
"""The folder where kernels keep their notes (set by ``cardlab serve`` for its kernels)."""
MAX_NOTE = 2_000
"""The most bytes a note is read of (a note is some 300)."""


@dataclass(frozen=True)
class Trouble:
    """The kernels in trouble: rows waiting in live ones, rows left by ones that ended."""

    kernels: int = 0
    waiting: int = 0
    lost_kernels: int = 0
    lost: int = 0
    error: str = ""
    """The latest error in words."""


def _folder() -> Path | None:
    text = os.environ.get(FOLDER_ENV, "")
    return Path(text) if text else None


def note(waiting: int, error: str, pid: int | None = None) -> None:
    """Keep (``waiting`` > 0) or remove (0) this kernel's note: its rows waiting and why."""
    folder = _folder()
    if folder is None:
        return
    path = folder / f"{os.getpid() if pid is None else pid}.json"
    with contextlib.suppress(OSError):  # a note is a courtesy: it never stops a write
        if waiting <= 0:
            path.unlink(missing_ok=True)
            return
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"waiting": waiting, "error": error[:300], "at": time.time()})
        partial = path.with_suffix(".tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)  # a reader sees the old note or the new one, never half


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_notes(folder: Path | None = None) -> Trouble:
    """The notes in ``folder`` (default: `FOLDER_ENV`'s), summed; a note that cannot be read is
    skipped (it is being written, or not ours)."""
    folder = folder or _folder()
    if folder is None or not folder.is_dir():
        return Trouble()
    live = lost = waiting = left = 0
    latest, error = 0.0, ""
    for path in folder.glob("*.json"):
        try:
            with path.open("rb") as file:
                data = json.loads(file.read(MAX_NOTE))
            pid, rows, at = int(path.stem), int(data["waiting"]), float(data["at"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if _alive(pid):
            live, waiting = live + 1, waiting + rows
        else:
            lost, left = lost + 1, left + rows
        if at >= latest:
            latest, error = at, str(data.get("error", ""))[:300]
    return Trouble(live, waiting, lost, left, error)
