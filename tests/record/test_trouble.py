"""A kernel whose rows cannot be stored leaves a note the teacher's class view reads (fault
injected: the store's folder missing, then made), and removes it once they are stored."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

from test_writer import row

from cardlab.record.store import Store
from cardlab.record.trouble import FOLDER_ENV, Trouble, note, read_notes
from cardlab.record.writer import Writer


def test_a_writer_in_trouble_says_so_until_its_rows_are_stored(tmp_path, monkeypatch):
    notes = tmp_path / "notes"
    monkeypatch.setenv(FOLDER_ENV, str(notes))
    folder = tmp_path / "not-yet"
    url = f"sqlite:///{folder / 'results.sqlite'}"
    seen: list[Trouble] = []
    back, all_put = threading.Event(), threading.Event()

    def sleep(_seconds: float) -> None:
        all_put.wait(10)  # the next try's note counts every row
        seen.append(read_notes())
        if len(seen) == 2:  # the store comes back after the second try
            folder.mkdir()
            back.set()

    writer = Writer(url, sleep=sleep)
    for k in range(3):
        writer.put(row("Ann", k))
    all_put.set()
    assert writer.flush(60) and back.is_set()
    assert seen[1].kernels == 1 and seen[1].waiting == 3 and seen[1].lost == 0
    assert "OperationalError" in seen[1].error and "unable to open" in seen[1].error
    assert read_notes() == Trouble()  # stored: the note is gone
    with Store(url) as store:
        assert len(store.rows("W1")) == 3


def test_rows_left_by_a_kernel_that_ended_count_as_lost(tmp_path, monkeypatch):
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path))
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    note(4, "OperationalError: the disk is full", pid=int(ended.stdout))
    note(2, "OperationalError: the disk is full")  # this process: alive
    (tmp_path / "77.json").write_text("{not json", encoding="utf-8")  # skipped, not fatal
    (tmp_path / "78.json").write_text(json.dumps({"waiting": "x"}), encoding="utf-8")
    trouble = read_notes()
    assert (trouble.kernels, trouble.waiting, trouble.lost_kernels, trouble.lost) == (1, 2, 1, 4)
    assert trouble.error == "OperationalError: the disk is full"
    note(0, "")
    assert read_notes().kernels == 0 and read_notes().lost == 4


def test_without_a_folder_there_are_no_notes(tmp_path, monkeypatch):
    monkeypatch.delenv(FOLDER_ENV, raising=False)
    note(3, "boom")
    assert read_notes() == Trouble() and list(tmp_path.iterdir()) == []


def test_an_error_is_one_line_even_without_a_message():
    from cardlab.record import error_line

    assert error_line(OSError("disk full\nmore detail")) == "OSError: disk full"
    assert error_line(TimeoutError()) == "TimeoutError"  # was an IndexError in the writer
    assert len(error_line(ValueError("x" * 500))) == len("ValueError: ") + 200
