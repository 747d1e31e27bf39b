"""The teacher's class view (``/cardlab/class``) on the serving computer: the class's students
ranked and each class deal side by side, new rows shown within seconds without a reload, every
row as CSV.  (Past loopback only the teacher's token opens it: `test_classroom.py`.)"""

from __future__ import annotations

import csv
import io
import os
import urllib.request

from cardlab.core.results import BOM, Result
from cardlab.record import URL_ENV
from cardlab.record.rows import Record
from cardlab.record.store import Store

CODE = "VIEW1"


def add(*rows: tuple[str, int, float]) -> None:
    with Store(os.environ[URL_ENV]) as store:
        store.add(
            Record.now(Result("table", "triad", CODE, deal, "Hand 1: call", score), who, "triad")
            for who, deal, score in rows
        )


def test_the_class_view_ranks_the_class_and_follows_it_live(voila_server, page_at, screenshot_dir):
    add(("Ann", 1, 4), ("Bo", 1, -2), ("Ann", 2, 1), ("Bo", 2, 3))
    page = page_at(1200, 900)
    page.goto(f"{voila_server}/cardlab/class?code={CODE}")
    ranking = page.locator("table.cardlab-ranking tbody tr")
    assert ranking.count() == 2
    assert [ranking.nth(k).locator("th").inner_text() for k in range(2)] == ["Ann", "Bo"]
    assert page.locator("h3").all_inner_texts() == ["triad: Class deal 1", "triad: Class deal 2"]
    assert "Cy" not in page.locator("main").inner_text()
    add(("Cy", 1, 9))  # a student finishes a deal: the page shows it within seconds
    page.wait_for_function("() => document.querySelector('main').innerText.includes('Cy')",
                           timeout=8_000)  # fmt: skip
    first = page.locator("table.cardlab-ranking tbody tr").first.locator("th").inner_text()
    assert first == "Cy"  # 1 of 1 on deal 1
    page.screenshot(path=str(screenshot_dir / "class-view.png"), full_page=True)
    phone = page_at(390, 844)
    phone.goto(f"{voila_server}/cardlab/class?code={CODE}")
    phone.screenshot(path=str(screenshot_dir / "class-view-phone.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 391
    wide = phone.locator("table").first  # the students' six columns: wider than a phone
    assert wide.get_attribute("tabindex") == "0"  # scrolled with the keyboard too
    wide.evaluate("t => { t.scrollLeft = 80; }")
    before = phone.locator(".cardlab-updated").get_attribute("data-at")
    phone.wait_for_function(
        "old => document.querySelector('.cardlab-updated').dataset.at !== old",
        arg=before, timeout=8_000,
    )  # fmt: skip
    # fetched again, the class unchanged: the table is the same element, still scrolled
    assert wide.evaluate("t => t.scrollLeft") == 80
    with urllib.request.urlopen(f"{voila_server}/cardlab/class?code={CODE}&csv=1") as answer:
        rows = list(csv.reader(io.StringIO(answer.read().decode().removeprefix(BOM))))
    assert sorted(r[0] for r in rows[1:]) == ["Ann", "Ann", "Bo", "Bo", "Cy"]
