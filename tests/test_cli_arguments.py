"""Every command's bad argument ends in one line naming it and exit status 2, never a traceback;
`cardlab render` draws within a stated pixel budget; a port is a port and a hub address is
nothing more than an address."""

from __future__ import annotations

import contextlib
import io
import math
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.render.faces import deck_names
from cardlab.render.sheet import deck_sheet
from cardlab.serve import cli


def run(*argv: str) -> tuple[int, str, str]:
    """``cardlab ARGV`` in this process: its exit status, output and error output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def refused(code: int, said: str, err: str, command: str) -> bool:
    """Exit 2, nothing on the output, one line on the error output naming the command."""
    return code == 2 and not said and err.count("\n") == 1 and err.startswith(f"{command}: ")


@pytest.fixture
def afile(tmp_path, monkeypatch) -> Path:
    """A file in the working folder, where ``afile/x.png`` wants a folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("")
    return tmp_path / "afile"


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["render", "standard", "--scale", "-1"], "--scale"),
        (["render", "standard", "--scale", "nan"], "--scale"),
        (["render", "standard", "--scale", "inf"], "--scale"),
        (["render", "standard", "--scale", "1e-9"], "--scale"),
        (["render", "standard", "--scale", "two"], "--scale"),
        (["render", "standard", "--scale", "200"], "the largest scale"),
        (["render", "standard", "--out", "."], "cannot write ."),
        (["render", "standard", "--out", "afile/x.png"], "cannot write afile/x.png"),
        (["render", "standard", "--out", ""], "--out"),
        (["handout", "triad", "--out", "."], "cannot write ."),
        (["handout", "triad", "--out", "afile/x.pdf"], "cannot write afile/x.pdf"),
        (["handout", "triad", "--out", ""], "--out"),
        (["serve", "--port", "-1"], "--port"),
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--port", "0"], "--port"),
        (["serve", "--ip", "256.1.1.1"], "--ip"),
        (["serve", "--ip", "a host"], "--ip"),
        (["serve", "--ip", "nosuch.invalid", "--no-browser"], "cannot listen on 'nosuch.invalid'"),
        (["link", "triad", "--port", "-1"], "--port"),
        (["link", "triad", "--hub", "https://hub.example.org/#/../x"], "--hub"),
        (["link", "triad", "--hub", "https://me:secret@hub.example.org"], "--hub"),
        (["link", "triad", "--hub", 'https://hub.example.org/"x'], "--hub"),
        (["link", "triad", "--hub", "https://hub.example.org:0"], "--hub"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(argv, named, afile):
    if "--out" not in argv:
        argv = [*argv, "--out", "x.png"] if argv[0] in ("render", "handout") else argv
    code, said, err = run(*argv)
    assert refused(code, said, err, f"cardlab {argv[0]}"), (code, said, err)
    assert named in err and "Traceback" not in err
    assert not any(path.name.startswith("x.") for path in afile.parent.iterdir())


def test_a_huge_scale_is_refused_before_drawing(tmp_path):
    """``--scale 200`` once grew to 22 GB; it is refused at once, naming the largest scale."""
    out = tmp_path / "big.png"
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "cardlab.serve.cli", "render", "standard", "--scale", "200",
         "--out", str(out), "--lang", "ru"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert time.monotonic() - start < 60 and done.returncode == 2 and not out.exists()
    assert done.stderr.count("\n") == 1 and "2.86" in done.stderr and "масштаб" in done.stderr


def test_the_smallest_scale_draws(tmp_path):
    from PIL import Image

    out = tmp_path / "small.png"
    assert run("render", "pyramid", "--scale", str(cli.MIN_SCALE), "--out", str(out))[0] == 0
    with Image.open(out) as image:
        assert image.width >= 10 and image.height >= 10


@given(st.one_of(st.floats(), st.integers().map(str), st.text(max_size=12)))
def test_a_scale_is_a_finite_number_from_the_least_on(value):
    text = value if isinstance(value, str) else repr(value)
    try:
        args = cli.build_parser().parse_args(["render", "standard", "--out", "x", "--scale", text])
    except SystemExit as exc:
        assert exc.code == 2
        return
    assert math.isfinite(args.scale) and args.scale >= cli.MIN_SCALE


SHEETS = {name: deck_sheet(name) for name in deck_names()}


@given(st.sampled_from(sorted(SHEETS)), st.floats(cli.MIN_SCALE, 1e6))
def test_an_accepted_scale_stays_within_the_pixel_budget(deck, scale):
    width, height = SHEETS[deck].width, SHEETS[deck].height
    try:
        cli.check_pixels(width, height, scale)
    except ValueError as exc:
        largest = float(str(exc).rsplit(" ", 1)[1])
        assert largest < scale and width * height * largest**2 <= cli.MAX_PIXELS
        cli.check_pixels(width, height, largest)  # the scale it names is accepted
    else:
        assert width * height * scale**2 <= cli.MAX_PIXELS


def test_the_default_scale_draws_every_deck():
    for sheet in SHEETS.values():
        cli.check_pixels(sheet.width, sheet.height, 2.0)


@given(st.one_of(st.integers(-(2**70), 2**70).map(str), st.text(max_size=8)))
def test_a_link_port_is_a_tcp_port(text):
    code, said, err = run("link", "triad", "--port", text)
    if code == 0:
        local = said.splitlines()[0].split()[1]
        assert 1 <= urlsplit(local).port <= 65535 and urlsplit(local).port == int(text)
    else:
        assert refused(code, said, err, "cardlab link")


PIECES = st.sampled_from(
    ["https://", "http://", "hub.example.org", "[::1]", "10.0.0.1", "256.1.1.1", ":8443", ":0",
     ":99999", "/jupyter", "/", "#", "#/x", "?a=b", "@", "me:pw@", '"', "'", "<", " ", "\t", "\n",
     "%2F", "..", "\\", "\x00", "é"]
)  # fmt: skip


@given(st.one_of(st.text(max_size=40), st.lists(PIECES, max_size=8).map("".join)))
def test_a_hub_link_is_the_hub_address_and_nothing_more(text):
    code, said, err = run("link", "triad", "--hub", text)
    if code != 0:
        assert refused(code, said, err, "cardlab link")
        return
    given_parts = urlsplit(text)
    hubs = [line.split()[1] for line in said.splitlines() if line.startswith("hub")]
    assert len(hubs) == 2
    for url in hubs:
        parts = urlsplit(url)
        assert parts.scheme in ("http", "https") and parts.hostname == given_parts.hostname
        assert parts.port == given_parts.port and parts.username is None and not parts.fragment
        assert parts.path.startswith(given_parts.path.rstrip("/") + "/hub/user-redirect/")
        assert not any(c in url for c in "\"'<>\\ \t\n\x00@")
