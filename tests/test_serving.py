"""What `cardlab serve` plugs into Voilà (cardlab/serve/plugins.py says why): a hostile address
(a script in ``?theme=``, a NUL in the path) never reaches Voilà's page or its error.  The
kernel manager's bounds are tests/test_capacity.py's."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import nbformat
import pytest

from cardlab.serve import cli
from cardlab.serve.procs import stop_group

# -- a real `cardlab serve`, asked with hostile addresses -----------------------------------------
PAYLOAD = '"><svg onload=alert(1)>'


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """`cardlab serve` (a pool of 1) on a one-cell index: its base URL and its log file."""
    folder = tmp_path_factory.mktemp("lessons")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("6 * 7")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python", "language": "python"}
    nbformat.write(nb, folder / "index.ipynb")
    log_path = folder / "serve.log"
    port = cli.free_port()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser",
             "--port", str(port), "--notebooks", str(folder)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    try:
        assert cli.wait_for_port("127.0.0.1", port, 90, proc), log_path.read_text()
        # a request before the pool's kernel has run the notebook gets a kernel of its own
        assert logged(log_path, "Kernel pool of index.ipynb is filled", 90), log_path.read_text()
        yield f"http://127.0.0.1:{port}", log_path
    finally:
        stop_group(proc)


def get(url: str) -> tuple[int, str]:
    """The status and body of a GET (an error status too)."""
    try:
        with urllib.request.urlopen(url, timeout=120) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_voilas_theme_parameter_never_reaches_the_page(server):
    base, _ = server
    status, body = get(f"{base}/voila/render/index.ipynb?theme={quote(PAYLOAD)}")
    assert status == 200 and "42" in body  # the lesson, ran
    assert PAYLOAD not in body and "onload=alert" not in body
    assert 'data-jp-theme-name="JupyterLab Light"' in body


def test_a_link_with_any_parameters_is_served_from_the_pool(server):
    """cardlab's own parameters and Voilà's (which would have made Voilà start a fresh kernel)."""
    base, log = server
    query = "palette=colorblind&hints=off&theme=colorblind&template=classic"
    status, body = get(f"{base}/voila/render/index.ipynb?{query}")
    assert status == 200 and "42" in body
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', body).group(1)
    assert logged(log, f"Using pre-heated kernel: {kernel}")


def logged(log: Path, line: str, timeout: float = 30) -> bool:
    """Whether the server's log says ``line`` within ``timeout`` seconds: the log is written
    from another process, which may flush it after the page has been answered."""
    deadline = time.monotonic() + timeout
    while line not in log.read_text():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.mark.parametrize("path", ["index.ipynb%00.png", "index.ipynb%0d%0aX:%20y.png", "%7f"])
def test_a_path_with_a_control_character_answers_404(server, path):
    base, log = server
    before = len(log.read_text())
    status, body = get(f"{base}/voila/render/{path}")
    assert status == 404 and "404" in body
    assert "Uncaught exception" not in log.read_text()[before:]


def test_the_hubs_pages_take_no_theme_or_template_from_a_link():
    """Behind JupyterHub there is no `PageIdentityProvider` (the hub's stays): Voilà's own
    settings, which the single-user server reads from `cardlab serve`'s, keep ``?theme=`` off."""
    from traitlets.config.loader import KVArgParseConfigLoader
    from voila.configuration import VoilaConfiguration

    from cardlab.serve.singleuser import server_command

    args = [a for a in server_command([]) if a.startswith("--VoilaConfiguration.")]
    voila = VoilaConfiguration(config=KVArgParseConfigLoader(args).load_config())
    assert voila.allow_theme_override == voila.allow_template_override == "NO"
