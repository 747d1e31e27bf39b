"""A classroom in real browsers (``cardlab serve --classroom``, cardlab/serve/room.py): the join
page and every share link and QR code point at the address students reach, never at loopback;
without a token the server lets nobody in, with the students' token the lessons draw and only the
teacher's token opens the join page; a lesson page asks nothing of any host but the server; and a
page over the kernel cap shows "the class is full", then draws once a place is free.

The QR codes are read back from screenshots with zxing-cpp, as a phone's camera would read them.
"""

from __future__ import annotations

import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from browsing import serving, skip_or_fail
from test_voila import CANVAS, RENDER_TIMEOUT_MS, SETTLE_MS, assert_no_python_errors

from cardlab.links import is_loopback
from cardlab.serve.cli import free_port
from cardlab.serve.room import network_address

JOIN = re.compile(r"^  (http://\S+/voila/render/index\.ipynb\?class=\S+&token=\S+)$", re.M)
TEACHER = re.compile(r"^  (http://\S+/cardlab/join\?token=\S+)$", re.M)


@dataclass(frozen=True)
class Classroom:
    join: str  # the students' link, as printed
    teacher: str  # the join page's, as printed
    host: str  # the address students reach
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def token(self) -> str:
        return parse_qs(urlsplit(self.join).query)["token"][0]


def printed(log: Path, pattern: re.Pattern[str]) -> str:
    found = pattern.search(log.read_text(errors="replace"))
    assert found, f"cardlab serve --classroom printed no {pattern.pattern}:\n{log.read_text()}"
    return found[1]


@pytest.fixture(scope="module")
def classroom(chromium_path, notebooks_dir, tmp_path_factory):
    host = network_address()
    if host is None:
        skip_or_fail("this machine has no network address for students to reach")
    port = free_port("0.0.0.0")
    log = tmp_path_factory.mktemp("classroom") / "serve.log"
    cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--classroom", "--no-browser",
           "--port", str(port), "--notebooks", str(notebooks_dir)]  # fmt: skip
    with serving(cmd, port, log):
        yield Classroom(printed(log, JOIN), printed(log, TEACHER), host, port, log)


def status(url: str) -> tuple[int, str]:
    """A GET's status (not following redirects) and where it redirects to."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(Stay).open(url, timeout=120) as resp:
            return resp.status, ""
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Location", "")


def qr_text(png: bytes) -> list[str]:
    """The texts of the QR codes in a screenshot, as a phone's camera reads them."""
    import io

    import zxingcpp
    from PIL import Image

    return [found.text for found in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def assert_for_students(link: str, room: Classroom) -> None:
    """``link`` opens on the classroom's address, with the students' token (one scan joins)."""
    parts = urlsplit(link)
    assert not is_loopback(parts.hostname or ""), link
    assert parts.hostname == room.host and parts.port == room.port, link
    assert parse_qs(parts.query).get("token") == [room.token], link


def only_the_server(page, room: Classroom) -> list[str]:
    """Record every request the page makes; the list of those to any other host."""
    others: list[str] = []

    def seen(request) -> None:
        host = urlsplit(request.url).hostname
        if request.url.startswith(("http:", "https:", "ws:", "wss:")) and host != room.host:
            others.append(request.url)

    page.on("request", seen)
    return others


def test_nobody_gets_in_without_a_token(classroom):
    lesson = f"{classroom.base}/voila/render/triad.ipynb"
    code, where = status(lesson)
    assert code in (302, 403) and (code == 403 or "/login" in where)
    assert status(f"{lesson}?token=wrong")[0] in (302, 403)
    join = f"{classroom.base}/cardlab/join"
    assert status(join)[0] in (302, 403)
    assert status(f"{join}?token={classroom.token}")[0] == 403  # a student's token: no
    assert status(classroom.teacher)[0] == 200
    view = f"{classroom.base}/cardlab/class"  # the class view: the teacher's alone too
    assert status(view)[0] in (302, 403)
    assert status(f"{view}?token={classroom.token}")[0] == 403
    teacher = parse_qs(urlsplit(classroom.teacher).query)["token"][0]
    assert status(f"{view}?token={teacher}")[0] == 200


@pytest.mark.parametrize("width", [1920, 390])
def test_the_join_page_shows_the_students_address(classroom, page_at, screenshot_dir, width):
    page = page_at(width, 1080 if width > 1000 else 844)
    others = only_the_server(page, classroom)
    page.goto(classroom.teacher)
    assert urlsplit(classroom.teacher).hostname == classroom.host
    text = page.inner_text("body")
    assert classroom.join in text
    code = parse_qs(urlsplit(classroom.join).query)["class"][0]
    assert code in text
    page.screenshot(path=str(screenshot_dir / f"classroom-join-{width}.png"), full_page=True)
    read = qr_text(page.locator(".cardlab-qr").screenshot())
    assert read == [classroom.join]
    assert_for_students(read[0], classroom)
    assert others == []
    assert page.console_log.errors == []


def test_a_student_joins_and_a_shared_position_reaches_the_class(
    classroom, page_at, screenshot_dir
):
    page = page_at(1200, 900)
    others = only_the_server(page, classroom)
    page.goto(classroom.join, timeout=RENDER_TIMEOUT_MS)  # the token logs the browser in
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.goto(f"{classroom.base}/voila/render/triad.ipynb", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    table = page.locator(".cardlab-at-table")
    table.locator("button.cardlab-share-button").click()
    field = table.locator("input.cardlab-link")
    field.wait_for(state="visible", timeout=60_000)
    link = field.input_value()
    assert_for_students(link, classroom)
    assert "at=table" in link and "class=" in link
    assert table.locator(".cardlab-only-here").inner_text().strip() == ""
    qr = table.locator(".cardlab-qr")
    qr.scroll_into_view_if_needed()
    assert qr_text(qr.screenshot()) == [link]
    page.screenshot(path=str(screenshot_dir / "classroom-share.png"), full_page=True)
    assert others == [], f"the page asked other hosts: {others[:5]}"


def test_the_teachers_own_loopback_page_shares_the_students_address(classroom, page_at):
    page = page_at(1200, 900)
    local = f"http://127.0.0.1:{classroom.port}/voila/render/triad.ipynb?token={classroom.token}"
    page.goto(local, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    table = page.locator(".cardlab-at-table")
    table.locator("button.cardlab-share-button").click()
    field = table.locator("input.cardlab-link")
    field.wait_for(state="visible", timeout=60_000)
    assert_for_students(field.input_value(), classroom)


def test_a_loopback_share_link_says_it_opens_only_here(voila_server, page_at):
    page = page_at(1200, 900)
    page.goto(f"{voila_server}/voila/render/triad.ipynb", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    table = page.locator(".cardlab-at-table")
    table.locator("button.cardlab-share-button").click()
    note = table.locator(".cardlab-only-here")
    note.wait_for(state="visible", timeout=60_000)
    assert "127.0.0.1" in note.inner_text() and "--classroom" in note.inner_text()


def test_serving_past_loopback_asks_for_a_token(notebooks_dir, tmp_path):
    """Not a classroom, but on every address: a token all the same, printed with the link."""
    port = free_port("0.0.0.0")
    log = tmp_path / "serve.log"
    cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--ip", "0.0.0.0",
           "--port", str(port), "--notebooks", str(notebooks_dir)]  # fmt: skip
    with serving(cmd, port, log):
        link = printed(log, re.compile(r"^cardlab: open (http://\S+\?token=\S+)$", re.M))
        lesson = link.replace("index.ipynb", "00_decks.ipynb")
        assert status(lesson.split("?")[0])[0] in (302, 403)
        assert status(lesson)[0] == 200


def test_a_page_over_the_cap_waits_for_a_place_then_draws(
    notebooks_dir, tmp_path, page_at, screenshot_dir
):
    """One kernel at most and no pool: the second page shows the class-is-full page, and draws
    on its own once the first page is closed (its kernel shut down)."""
    port = free_port()
    cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--pool", "0",
           "--max-kernels", "1", "--port", str(port),
           "--notebooks", str(notebooks_dir)]  # fmt: skip
    with serving(cmd, port, tmp_path / "serve.log"):
        url = f"http://127.0.0.1:{port}/voila/render/00_decks.ipynb"
        first = page_at(1200, 900)
        first.goto(url, timeout=RENDER_TIMEOUT_MS)
        first.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
        second = page_at(1200, 900)
        answer = second.goto(url, timeout=RENDER_TIMEOUT_MS)
        assert answer is not None and answer.status == 503
        assert answer.headers.get("retry-after", "").isdigit()
        assert "The class is full" in second.inner_text("h1")
        second.screenshot(path=str(screenshot_dir / "classroom-full.png"))
        first.close(run_before_unload=True)  # its beacon shuts its kernel down at once
        second.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
        assert_no_python_errors(second)
