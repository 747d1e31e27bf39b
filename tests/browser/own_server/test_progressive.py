"""Position links under progressive rendering (``cardlab serve --pool 0``, how a student's server
behind JupyterHub renders): the page shows each cell as it finishes, so the browser hears about
the stepper while the kernel is still running the lesson, and the link's step must survive that.

One server without a pool; a stepped deal's link in two lessons opens at its step (the page
fully rendered, its last cell's table drawn), and Play still steps on from there.
"""

from __future__ import annotations

import re
import sys

import pytest
from browsing import serving
from playwright.sync_api import expect
from test_voila import CANVAS, RENDER_TIMEOUT_MS, SETTLE_MS, assert_no_python_errors, render_url

from cardlab.serve.cli import free_port

DEAL, TABLE = ".cardlab-at-deal", ".cardlab-at-table"
NOTICE = ".cardlab-page .widget-html.cardlab-notice"
LINKS = [  # (lesson, the link's query, the step it opens at)
    ("triad", "at=deal&step=30", 30),
    ("pyramid", "at=deal&step=20", 20),
    ("triangle", "at=deal&step=20&eyes=teacher", 20),
]


@pytest.fixture(scope="module")
def progressive(chromium_path, notebooks_dir, tmp_path_factory) -> str:
    """`cardlab serve --pool 0`: every page starts its own kernel and renders cell by cell."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("progressive") / "voila.log"
    cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--ip", "127.0.0.1",
           "--port", str(port), "--notebooks", str(notebooks_dir), "--pool", "0"]  # fmt: skip
    with serving(cmd, port, log_path):
        yield f"http://127.0.0.1:{port}"


def test_a_position_link_opens_at_its_step_when_rendered_cell_by_cell(
    progressive, page_at, screenshot_dir
):
    for lesson, query, step in LINKS:
        page = page_at()
        page.goto(
            f"{render_url(progressive, lesson + '.ipynb')}?{query}", timeout=RENDER_TIMEOUT_MS
        )
        # the table is the last cell: once it is drawn, the kernel has run the whole lesson
        page.wait_for_selector(f"{TABLE} {CANVAS}", state="visible", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)
        assert_no_python_errors(page)
        page.screenshot(path=str(screenshot_dir / f"progressive-{lesson}.png"))
        caption = page.locator(f"{DEAL} .cardlab-caption")
        assert re.match(rf"Step {step} of \d+:", caption.inner_text()), (
            query,
            caption.inner_text(),
        )
        assert page.locator(NOTICE).inner_text().strip() == "", query

    # Play still runs: each tick of the browser's timer reaches the slider through the kernel
    page.locator(f"{DEAL} button.cardlab-play").click()
    expect(caption).to_have_text(re.compile(rf"^Step {step + 1} of"), timeout=RENDER_TIMEOUT_MS)
    page.locator(f"{DEAL} button.cardlab-play").click()
