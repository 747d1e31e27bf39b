"""`cardlab serve` and `cardlab render`, without a browser."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardlab.render.sheet import deck_sheet
from cardlab.serve import cli
from cardlab.serve.procs import cmdline, kernel_pids

REPO = Path(__file__).resolve().parents[1]


def make_lessons(tmp_path: Path, text: str = "hello from cardlab") -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {text}"), nbformat.v4.new_code_cell("6 * 7")]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp_path / "index.ipynb")
    return tmp_path


def test_help_lists_both_commands(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "serve" in out and "render" in out


def test_serve_options_parse():
    args = cli.build_parser().parse_args(["serve", "--port", "9001", "--no-browser", "--ip", "::1"])
    assert (args.port, args.no_browser, args.ip) == (9001, True, "::1")
    args = cli.build_parser().parse_args(["serve"])
    assert (args.port, args.no_browser, args.ip) == (None, False, None)  # loopback, unless a room
    assert args.pool == cli.DEFAULT_POOL == 1
    assert cli.build_parser().parse_args(["serve", "--pool", "0"]).pool == 0
    assert not args.no_hints and cli.build_parser().parse_args(["serve", "--no-hints"]).no_hints


@pytest.mark.parametrize("bad", ["-1", "two", "1.5", ""])
def test_serve_refuses_a_pool_that_is_not_a_whole_number(bad, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.build_parser().parse_args(["serve", "--pool", bad])
    assert exc.value.code == 2
    assert "--pool" in capsys.readouterr().err


def test_serve_help_explains_the_pool():
    text = cli.build_parser()._subparsers._group_actions[0].choices["serve"].format_help()
    assert "--pool N" in text and "MiB" in text and "0: no preheating" in " ".join(text.split())


def test_a_pool_preheats_kernels_and_none_renders_progressively(tmp_path):
    pooled = cli.voila_command(tmp_path, "127.0.0.1", 9123, pool=3)
    assert "--VoilaConfiguration.preheat_kernel=True" in pooled
    assert "--VoilaConfiguration.default_pool_size=3" in pooled
    assert not any("progressive_rendering" in a for a in pooled)
    assert cli.voila_command(tmp_path, "127.0.0.1", 9123) == cli.voila_command(
        tmp_path, "127.0.0.1", 9123, pool=cli.DEFAULT_POOL
    )
    unpooled = cli.voila_command(tmp_path, "127.0.0.1", 9123, pool=0)
    assert "--VoilaConfiguration.progressive_rendering=True" in unpooled
    pool_flags = ("--VoilaConfiguration.preheat", "--VoilaConfiguration.default_pool")
    assert not any(a.startswith(pool_flags) for a in unpooled)
    with pytest.raises(ValueError, match="pool"):
        cli.voila_command(tmp_path, "127.0.0.1", 9123, pool=-1)


def test_pages_get_the_xsrf_cookie_their_unload_shutdown_needs(tmp_path):
    """The identity provider named on the command line exists and is Voilà's kind of class."""
    from jupyter_server.auth.identity import PasswordIdentityProvider

    from cardlab.serve.plugins import PageIdentityProvider

    flag = "--Voila.identity_provider_class=cardlab.serve.plugins.PageIdentityProvider"
    assert flag in cli.voila_command(tmp_path, "127.0.0.1", 9123)
    assert issubclass(PageIdentityProvider, PasswordIdentityProvider)


def test_voila_waits_for_a_cells_whole_output_and_never_drops_it_silently(tmp_path):
    """The executor options, read the way Voilà reads its command line, reach its executor: a
    lesson's display cell whose widget messages lag on a busy machine is waited for, not cut."""
    import nbformat
    from traitlets.config.loader import KVArgParseConfigLoader
    from voila.execute import VoilaExecutor

    args = [a for a in cli.voila_command(tmp_path, "127.0.0.1", 9123) if "VoilaExecutor." in a]
    executor = VoilaExecutor(
        nbformat.v4.new_notebook(), config=KVArgParseConfigLoader(args).load_config()
    )
    assert executor.timeout == cli.CELL_TIMEOUT
    assert executor.iopub_timeout == cli.IOPUB_TIMEOUT >= 30
    assert executor.raise_on_iopub_timeout


def test_voila_command_serves_the_directory_on_the_given_address(tmp_path):
    cmd = cli.voila_command(tmp_path, "127.0.0.1", 9123)
    assert cmd[:3] == [sys.executable, "-m", "cardlab.serve.app"]
    assert str(tmp_path) in cmd
    for flag in ("--no-browser", "--Voila.ip=127.0.0.1", "--port=9123", "--Voila.port_retries=0"):
        assert flag in cmd
    assert any(a.startswith("--VoilaExecutor.timeout=") for a in cmd)
    # only the widgets' and the canvas's front ends load, not whatever else is installed
    allowed = [a.split("=", 1)[1] for a in cmd if a.startswith("--VoilaConfiguration.extension_al")]
    assert "ipycanvas" in allowed and "@voila-dashboards/widgets-manager8" in allowed
    assert not any("jupytext" in name for name in allowed)


def test_serve_refuses_a_directory_without_index(tmp_path, capsys):
    assert cli.main(["serve", "--no-browser", "--notebooks", str(tmp_path)]) == 2
    assert "index.ipynb" in capsys.readouterr().err


def test_serve_refuses_a_busy_port(tmp_path, capsys):
    make_lessons(tmp_path)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        rc = cli.main(["serve", "--no-browser", "--port", str(port), "--notebooks", str(tmp_path)])
    assert rc == 2
    assert "in use" in capsys.readouterr().err


def test_serve_runs_voila_prints_the_url_and_stops_with_its_children(tmp_path):
    lessons = make_lessons(tmp_path)
    port = cli.free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--port", str(port),
         "--notebooks", str(lessons)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        first = proc.stdout.readline() + proc.stdout.readline()
        url = f"http://127.0.0.1:{port}/voila/render/index.ipynb"
        assert f"open {url}" in first
        assert cli.wait_for_port("127.0.0.1", port, 90, proc), "voila did not start"
        with urllib.request.urlopen(url, timeout=120) as resp:
            assert resp.status == 200
            body = resp.read().decode()
            cookies = resp.headers.get_all("Set-Cookie") or []
        # the page can send the _xsrf its kernel shutdown on unload needs (cardlab/serve/plugins.py)
        assert any(c.startswith("_xsrf=") for c in cookies), cookies
        assert "hello from cardlab" in body
        assert "42" in body  # the code cell ran in a kernel
        # ... which the server reaches over Unix sockets, not TCP ports (`cli.kernel_transport`)
        (kernel, *_) = kernel_pids(proc.pid)
        connection = cmdline(kernel).split(" -f ")[1].split()[0]
        assert json.loads(Path(connection).read_text())["transport"] == "ipc"
        # Stopping cardlab (not its group) must stop voila and the kernels too.
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        else:
            pytest.fail("voila or a kernel outlived cardlab serve")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        proc.stdout.close()


def test_kernels_use_tcp_where_a_sockets_path_would_be_too_long():
    short = Path("/tmp/cardlab-kernel-abcd1234")
    assert cli.kernel_transport(short) == [
        "--KernelManager.transport=ipc",
        f"--Voila.connection_dir_root={short}",
    ]
    assert cli.kernel_transport(short / ("x" * 40)) == []  # a long temporary folder


def test_render_writes_a_png_of_a_deck(tmp_path):
    from PIL import Image

    one, two = tmp_path / "one.png", tmp_path / "sub" / "two.png"
    assert cli.main(["render", "standard", "--out", str(one), "--scale", "1"]) == 0
    assert cli.main(["render", "standard", "--out", str(two), "--scale", "2"]) == 0
    drawing = deck_sheet("standard")
    with Image.open(one) as a, Image.open(two) as b:
        assert abs(a.width - drawing.width) <= 1 and abs(a.height - drawing.height) <= 1
        assert a.width > 200 and a.height > 100
        assert abs(b.width - 2 * a.width) <= 2
        assert len(a.convert("RGB").getcolors(1 << 20)) > 8


def test_render_accepts_a_theme(tmp_path):
    out = tmp_path / "cb.png"
    assert cli.main(["render", "standard", "--theme", "colorblind", "--out", str(out)]) == 0
    assert out.stat().st_size > 1000


@pytest.mark.parametrize("argv", [["nosuchdeck"], ["standard", "--theme", "nosuchtheme"]])
def test_render_reports_unknown_names(tmp_path, capsys, argv):
    assert cli.main(["render", *argv, "--out", str(tmp_path / "x.png")]) == 2
    assert "unknown" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_serving_in_a_language_preheats_only_that_language_pages(tmp_path) -> None:
    import re

    deny = "--VoilaKernelManager.preheat_denylist="

    def denied(lang: str, path: str) -> bool:
        """Voilà's own test: the pattern matches the notebook's absolute path, or is in it."""
        command = cli.voila_command(tmp_path, "127.0.0.1", 9123, pool=2, lang=lang)
        pattern = next(a for a in command if a.startswith(deny)).removeprefix(deny)
        return pattern in path or bool(re.match(pattern, path))

    served = "/home/teacher/notebooks"
    assert not denied("en", f"{served}/triad.ipynb")
    assert denied("en", f"{served}/ru/triad.ipynb") and denied("en", f"{served}/zh/index.ipynb")
    assert not denied("ru", f"{served}/ru/triad.ipynb")
    assert denied("ru", f"{served}/triad.ipynb") and denied("ru", f"{served}/zh/triad.ipynb")
    assert cli.build_parser().parse_args(["serve", "--lang", "ru"]).lang == "ru"
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["serve", "--lang", "xx"])


def test_a_classroom_listens_everywhere_and_bounds_its_kernels():
    args = cli.main_args(["serve", "--classroom"])
    assert args.classroom and args.ip is None and args.host is None  # 0.0.0.0, found at start
    assert args.max_kernels >= 4 and args.kernels_per_client == cli.DEFAULT_PER_CLIENT
    args = cli.main_args(["serve", "--max-kernels", "20", "--kernels-per-client", "0"])
    assert (args.max_kernels, args.kernels_per_client) == (20, 0)
    for bad in (["--max-kernels", "-1"], ["--host", "not a host"], ["--kernels-per-client", "x"]):
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["serve", *bad])


def test_the_server_command_carries_the_rooms_tokens_and_bounds(tmp_path):
    from cardlab.serve.room import Room

    room = Room("192.0.2.7", 8866, "student-token", "teacher-token", "MATH7B", "ru")
    cmd = cli.voila_command(tmp_path, "0.0.0.0", 8866, max_kernels=20, per_client=4, room=room)
    teacher = "--PageIdentityProvider.teacher_token=teacher-token"
    for flag in ("--Voila.token=student-token", teacher,
                 "--RoomKernelManager.max_kernels=20", "--RoomKernelManager.per_client=4",
                 f"--CardlabVoila.join_url={room.join_url}", "--CardlabVoila.lang=ru",
                 "--VoilaConfiguration.template=cardlab"):  # fmt: skip
        assert flag in cmd
    alone = cli.voila_command(tmp_path, "127.0.0.1", 8866)
    assert not any("token" in a for a in alone)  # loopback for one learner: no token, as before
    assert "--RoomKernelManager.max_kernels=0" in alone


def test_a_classroom_on_loopback_is_refused_with_what_to_do(capsys):
    assert cli.main(["serve", "--classroom", "--ip", "127.0.0.1", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "loopback" in err and "--ip" in err


def test_a_port_just_left_by_a_stopped_server_is_free_and_a_listening_one_is_not():
    """A server stopped a moment ago leaves its closed connections in TIME_WAIT on its port;
    ``cardlab serve`` started again there must not call the port in use (the server binds with
    SO_REUSEADDR), but a port something listens on is in use."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    served, _ = listener.accept()
    assert not cli.port_is_free("127.0.0.1", port)
    served.close()  # the server closes first: its side of the connection waits in TIME_WAIT
    client.close()
    listener.close()
    assert cli.port_is_free("127.0.0.1", port)
