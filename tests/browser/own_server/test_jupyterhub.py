"""A school's JupyterHub, for real: ``deploy/jupyterhub/jupyterhub_config.py`` on loopback.

The hub runs the shipped configuration file; the test changes only what a test machine must:
the login (JupyterHub's DummyAuthenticator: any password; the teacher in the hub's group
``teachers``), the spawner (every student's server as the test's own user,
`SimpleLocalProcessSpawner`, with homes in a temporary folder; ``--allow-root`` because the
test may run as root), the ports, where the class record's file is (`config_for_the_test`),
and where the proxy is (``configurable-http-proxy`` from npm, in ``build/npm``).  Three students
log in in three Chromium contexts at once; each lands on Voilà's index of the lessons in their
own server and opens a lesson (two from the index, one from a class's link) and sees its canvas
drawn.  The class's student plays the class deal's hand; the teacher logs in to the class view
service and sees the student ranked, and a student who opens the view is refused.  Then the hub
is stopped, and no process it started (proxy, idle culler, class view, the students' servers,
their kernels) may be left.
"""

from __future__ import annotations

import contextlib
import json
import os
import runpy
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import test_voila as voila
from browsing import npm_package
from test_class_deals import CLASS_LINE, SHOWS, play_the_hand
from test_faults import KERNEL_PROBE_JS
from traitlets.config import Config

from cardlab.lessons import INDEX, notebooks_dir
from cardlab.serve import procs
from cardlab.serve.cli import free_port, wait_for_port

REPO = Path(__file__).resolve().parents[3]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY_VERSION = "4.6.3"  # needs Node 10 or later; 5.x needs Node 20 (Debian 12 has 18)
STUDENTS = ("ann", "ben", "cai")
LESSON = "triad.ipynb"
CLASS = "HUB1"
"""The class the first student's link names (the others open the lesson from the index)."""
TEACHER = "tess"
"""In the hub's group ``teachers``, not an admin: the shipped role alone lets her in."""
HUB_START_TIMEOUT = 120  # seconds, each bounded wait on a busy 2-core machine
SPAWN_TIMEOUT_MS = 240_000  # three servers starting at once (the config allows each 120 s)
HUB_STOP_TIMEOUT = (
    120  # the hub stops its services, the servers (and they their kernels), the proxy
)
EXIT_GRACE = 15
"""Seconds a process of the hub may still be exiting once the hub has returned: a kernel its
server told to stop (or whose server the hub had to kill on a busy machine, which it notices)."""


def shipped_config() -> Config:
    """What ``jupyterhub_config.py`` sets, read as JupyterHub reads it."""
    config = Config()
    runpy.run_path(str(CONFIG), init_globals={"get_config": lambda: config})
    return config


def mib(size: str) -> float:
    """A JupyterHub memory size (``384M``, ``1G``: powers of 1024) in MiB."""
    scale = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024**2}
    return float(size[:-1]) * scale[size[-1].upper()]


@dataclass
class Hub:
    """A running hub: its process, public URL, log, and every process seen below it."""

    proc: subprocess.Popen
    url: str
    api_port: int
    proxy_api_port: int
    log: Path
    seen: dict[int, int | None] = field(default_factory=dict)  # pid -> start time

    def note_processes(self) -> list[int]:
        """Remember every process below the hub now (their pids outlive the hub's tree)."""
        below = procs.descendants(self.proc.pid)
        self.seen.update({pid: procs.started(pid) for pid in below})
        return below

    def server_of(self, student: str) -> int:
        """The pid of ``student``'s single-user server."""
        found = [p for p in procs.children(self.proc.pid)
                 if procs.environ(p).get("JUPYTERHUB_USER") == student]  # fmt: skip
        assert len(found) == 1, f"{student} has {len(found)} servers"
        return found[0]

    def ours(self, pid: int) -> bool:
        """Was ``pid`` started by this hub?  Either it was seen below the hub (and is the same
        process: same start time), or it talks to this hub's API (the servers, their kernels and
        the culler are told where it is), or it is this hub's proxy."""
        if pid in self.seen and procs.started(pid) == self.seen[pid]:
            return True
        api = f"127.0.0.1:{self.api_port}/hub/"
        proxy = f" --api-port {self.proxy_api_port} "
        return api in procs.environ(pid).get("JUPYTERHUB_API_URL", "") or proxy in (
            f" {procs.cmdline(pid)} "
        )

    def leftovers(self) -> list[str]:
        """Every process of this hub that is still alive, with its command line."""
        everyone = [int(e.name) for e in procs.PROC.iterdir() if e.name.isdigit()]
        return [f"{p}: {procs.cmdline(p)[:200]}" for p in everyone
                if p != os.getpid() and self.ours(p) and procs.alive(p)]  # fmt: skip


def config_for_the_test(tmp: Path) -> Path:
    """The shipped config with the class record's SQLite file in the test's folder (not in
    /srv), the class view on a free port and the teacher in the hub's group ``teachers`` (PAM's
    admin group is no group of the dummy login)."""
    (tmp / "results").mkdir()
    results = f"sqlite:///{tmp}/results/results.sqlite"
    path = tmp / "jupyterhub_config.py"
    path.write_text(f"""c = get_config()
load_subconfig({str(CONFIG)!r})
c.Spawner.environment["CARDLAB_RESULTS"] = {results!r}
(class_view,) = [s for s in c.JupyterHub.services if s["name"] == "class"]
class_view["environment"]["CARDLAB_RESULTS"] = {results!r}
class_view["url"] = "http://127.0.0.1:{free_port()}"
c.JupyterHub.load_groups = {{"teachers": {{"users": [{TEACHER!r}]}}}}
""")
    return path


def start_hub(tmp: Path, proxy: Path) -> Hub:
    port, proxy_api, hub_port = free_port(), free_port(), free_port()
    log = tmp / "jupyterhub.log"
    cmd = [sys.executable, "-m", "jupyterhub", "-f", str(config_for_the_test(tmp)),
           "--JupyterHub.authenticator_class=dummy", "--Authenticator.allow_all=True",
           "--JupyterHub.spawner_class=simple",
           f"--SimpleLocalProcessSpawner.home_dir_template={tmp}/home/{{username}}",
           "--Spawner.args=['--allow-root']",
           f"--JupyterHub.bind_url=http://127.0.0.1:{port}",
           f"--JupyterHub.hub_bind_url=http://127.0.0.1:{hub_port}",
           f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{proxy_api}",
           f"--ConfigurableHTTPProxy.command=['{proxy}']"]  # fmt: skip
    # The students' servers and the services import cardlab from this checkout (the spawner
    # passes PYTHONPATH on); the hub's database and cookie secret go to the temporary folder.
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=tmp, env=env, start_new_session=True)  # fmt: skip
    return Hub(proc, f"http://127.0.0.1:{port}", hub_port, proxy_api, log)


def wait_until_up(hub: Hub) -> None:
    """The proxy listens and routes ``/hub/api`` to the hub (bounded; fails with the log)."""
    port = int(hub.url.rsplit(":", 1)[1])
    deadline = time.monotonic() + HUB_START_TIMEOUT
    up = wait_for_port("127.0.0.1", port, HUB_START_TIMEOUT, hub.proc)
    while up and time.monotonic() < deadline and hub.proc.poll() is None:
        with (
            contextlib.suppress(OSError, ValueError),
            urllib.request.urlopen(f"{hub.url}/hub/api", timeout=5) as answer,
        ):
            if "version" in json.loads(answer.read()):
                return
        time.sleep(0.5)
    pytest.fail(f"JupyterHub did not come up:\n{hub.log.read_text()[-4000:]}")


def stop(hub: Hub) -> None:
    """Stop the hub as a service manager would (SIGTERM, then wait): it stops the rest itself."""
    with contextlib.suppress(ProcessLookupError):
        hub.proc.send_signal(signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        hub.proc.wait(timeout=HUB_STOP_TIMEOUT)


def kill_what_is_left(hub: Hub) -> None:
    """Whatever the test found, nothing of this hub outlives it (SIGKILL, by pid)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(hub.proc.pid, signal.SIGKILL)
    for line in hub.leftovers():
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(line.split(":", 1)[0]), signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        hub.proc.wait(timeout=10)


@pytest.fixture
def hub(chromium_path, tmp_path) -> Iterator[Hub]:
    proxy = npm_package(
        "configurable-http-proxy", PROXY_VERSION, "bin/configurable-http-proxy", "the hub test"
    )
    running = start_hub(tmp_path, proxy)
    try:
        wait_until_up(running)
        yield running
    finally:
        stop(running)
        kill_what_is_left(running)
        if os.environ.get("CARDLAB_SHOW_HUB_LOG") == "1":
            sys.stderr.write(running.log.read_text())


def test_three_students_learn_through_the_hub(hub, page_at, screenshot_dir):
    config = shipped_config()
    pages = {}
    for student in STUDENTS:  # three contexts: three browsers' cookies, three logins at once
        page = page_at()
        page.goto(f"{hub.url}/hub/login", timeout=60_000)
        page.fill("input[name=username]", student)
        page.fill("input[name=password]", f"{student}-password")
        page.click("[type=submit]")
        pages[student] = page

    index = f"/user/{{}}/voila/render/{INDEX}"
    for student, page in pages.items():
        page.wait_for_url(f"**{index.format(student)}*", timeout=SPAWN_TIMEOUT_MS)
        page.wait_for_selector(f"a[href$='{LESSON}']", timeout=voila.RENDER_TIMEOUT_MS)
        voila.assert_no_python_errors(page)
        lessons = {p.name for p in notebooks_dir().glob("*.ipynb")} - {INDEX}
        links = page.eval_on_selector_all("a[href$='.ipynb']", "els => els.map(e => e.href)")
        assert {link.rsplit("/", 1)[1] for link in links} >= lessons, "the index links every lesson"
        assert all(f"/user/{student}/voila/render/" in link for link in links), links
    for student, page in pages.items():
        if student == STUDENTS[0]:  # the teacher's link for the class: the hub finds the server
            page.goto(f"{hub.url}/hub/user-redirect/voila/render/{LESSON}?class={CLASS}")
        else:
            page.click(f"a[href$='{LESSON}']")  # the way a student goes: from the index
    for student, page in pages.items():
        page.wait_for_url(f"**/user/{student}/voila/render/{LESSON}*", timeout=60_000)
        page.wait_for_selector(voila.CANVAS, state="visible", timeout=voila.RENDER_TIMEOUT_MS)
        page.wait_for_timeout(voila.SETTLE_MS)
        voila.assert_no_python_errors(page)
        page.screenshot(path=str(screenshot_dir / f"hub-{student}-{LESSON[:-6]}.png"))
        shots = voila.canvas_shots(page)
        assert shots, f"{student}'s lesson shows no canvas"
        voila.assert_drawn(shots[0], f"{student}'s first canvas of {LESSON} through the hub")
        voila.assert_clean_console(page)
        # the page's connection watch can ask the hub's single-user server about its kernel
        status, state = page.evaluate(KERNEL_PROBE_JS)
        assert status == 200 and state in ("idle", "busy"), (student, status, state)

    hub.note_processes()
    guarantee = mib(config.Spawner.mem_guarantee)
    for student in STUDENTS:
        server = hub.server_of(student)
        kernels = [
            p for p in procs.children(server) if "-m cardlab.serve.kernel" in procs.cmdline(p)
        ]
        assert kernels, f"{student}'s lesson runs in the lean kernel (cardlab.serve.kernel)"
        used = sum(procs.rss_mib(p) for p in [server, *kernels])
        assert used <= guarantee, (
            f"{student}'s server and {len(kernels)} kernel(s) hold {used:.0f} MiB, more than the "
            f"{guarantee:.0f} MiB the config guarantees: redo its arithmetic"
        )

    class_view_for_the_teacher(hub, pages, page_at, screenshot_dir)
    culler = [p for p in hub.seen if "jupyterhub_idle_culler" in procs.cmdline(p)]
    assert culler, "the idle culler runs as a hub service"
    assert [p for p in hub.seen if "cardlab.serve.class_service" in procs.cmdline(p)]
    stop(hub)
    assert hub.proc.returncode is not None, f"the hub did not stop in {HUB_STOP_TIMEOUT} s"
    deadline = time.monotonic() + EXIT_GRACE
    while (left := hub.leftovers()) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not left, f"processes the hub started outlived it by {EXIT_GRACE} s:\n" + "\n".join(left)


def class_view_for_the_teacher(hub: Hub, pages: dict, page_at, screenshot_dir: Path) -> None:
    """The class's student plays the class deal's hand; the teacher logs in to the class view
    (the hub's login, then straight to the page) and sees the student ranked; another student,
    logged in to the hub, is refused it (in a new tab: their lesson stays open, so its kernel
    stops with the hub as before)."""
    student = pages[STUDENTS[0]]
    student.wait_for_function(SHOWS, arg=[CLASS_LINE, f"Class deal 1 of code {CLASS}"],
                              timeout=30_000)  # fmt: skip
    play_the_hand(student)
    student.wait_for_function(SHOWS, arg=[".cardlab-results", "1 finished hand"], timeout=30_000)
    view = f"{hub.url}/services/class/?code={CLASS}"
    teacher = page_at(1200, 900)
    teacher.goto(view, timeout=60_000)
    teacher.fill("input[name=username]", TEACHER)
    teacher.fill("input[name=password]", f"{TEACHER}-password")
    teacher.click("[type=submit]")
    teacher.wait_for_url(f"**/services/class/?code={CLASS}*", timeout=60_000)
    # the kernel's writer stores the row within seconds; the page fetches itself every 3 s
    teacher.wait_for_function(
        "() => document.querySelectorAll('table.cardlab-ranking tbody tr').length === 1",
        timeout=30_000,
    )
    assert teacher.locator("table.cardlab-ranking tbody th").all_inner_texts() == [STUDENTS[0]]
    assert "triad: Class deal 1" in teacher.locator("h3").all_inner_texts()
    teacher.screenshot(path=str(screenshot_dir / "hub-class-view.png"), full_page=True)
    other = pages[STUDENTS[1]].context.new_page()
    refused = other.goto(view, timeout=60_000)
    assert refused is not None and refused.status == 403, "a student opened the class view"
    assert other.locator("table.cardlab-ranking").count() == 0
    other.close()
