"""Command line: ``cardlab serve`` (the lessons in Voilà), ``cardlab lessons`` (list them, or copy
them to a folder to edit), ``cardlab link`` (a lesson's addresses), ``cardlab render`` (a deck
as PNG) and ``cardlab handout`` (a lesson's printable worksheet, with its answer key and teacher
notes, as PDF).

``cardlab serve`` runs Voilà on the whole lessons' folder rather than on one notebook, so
that the index's relative links (``00_decks.ipynb`` ...) open the other lessons.  Voilà then shows a
file tree at ``/`` and renders a notebook at ``/voila/render/<name>.ipynb``; the command prints the
exact URL of the index page and opens it (unless ``--no-browser``).  Voilà runs as a child process;
stopping ``cardlab serve`` (Ctrl-C or SIGTERM) stops Voilà too.

This module imports nothing heavy at import time: the render backends are imported inside the
command that needs them.
"""

from __future__ import annotations

import argparse
import errno
import io
import ipaddress
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlencode

from cardlab import links
from cardlab.core.i18n import LANGUAGES, SOURCE, check_language, msg, using_language
from cardlab.lessons import INDEX, copy_lessons, lesson_file, lessons, notebooks_dir
from cardlab.links import DEFAULT_PORT, is_loopback, url_host
from cardlab.record import OFF, URL_ENV
from cardlab.record.command import add_class
from cardlab.record.post import KEY_ENV, POST_ENV
from cardlab.record.trouble import FOLDER_ENV as TROUBLE_ENV
from cardlab.serve.kernel import jupyter_path_first
from cardlab.serve.room import (
    RECORD_PATH,
    Room,
    default_max_kernels,
    network_address,
    new_class_code,
    new_token,
    print_qr,
)

CELL_TIMEOUT = 180  # seconds a lesson cell may run under Voilà before it is stopped
# Seconds Voilà waits, after a cell's reply, for the rest of its output.  The default (4 s) is
# too short on a busy machine: a lesson's display cell sends hundreds of widget messages, and an
# output still queued when the wait ends is dropped without an error, leaving a page with no
# lesson.  The wait ends as soon as the output is in, so a long bound costs nothing; past it the
# page shows an error instead of silently missing its widgets.
IOPUB_TIMEOUT = 60
# A closed or reloaded page shuts its kernel down at once (cardlab/serve/plugins.py); culling is the
# safety net for browsers that vanish without saying so (a laptop lid, a lost network).
CULL_IDLE = 300  # seconds before a kernel with no page connected is shut down
CULL_INTERVAL = 30
DEFAULT_POOL = 1
POOL_HELP = (
    "kernels kept ready per lesson, each having already run its lesson, so a page opens without "
    "waiting for the code (default %(default)s). Each kernel holds about 90-130 MiB and there are "
    "8 notebooks, so 1 costs about 1 GiB; raise it for a class that opens the same lesson at once "
    "(a used kernel is replaced in the background). 0: no preheating; pages then start a kernel "
    "and show each cell as it runs"
)


def _family(ip: str) -> socket.AddressFamily:
    """The socket family to listen on ``ip`` with: IPv6 for an IPv6 literal, else IPv4."""
    try:
        return socket.AF_INET6 if ipaddress.ip_address(ip).version == 6 else socket.AF_INET
    except ValueError:  # a host name, or "" for every address
        return socket.AF_INET


def port_is_free(ip: str, port: int) -> bool:
    """Whether ``port`` on ``ip`` is free; an ``OSError`` when ``ip`` cannot be listened on at all
    (a name that does not resolve, an address not of this machine).

    Checked as the server binds (tornado sets ``SO_REUSEADDR`` on POSIX): a server stopped a
    moment ago leaves its browsers' connections in TIME_WAIT, which would refuse a plain bind,
    and ``cardlab serve`` started again on its port said "in use" for a minute."""
    with socket.socket(_family(ip), socket.SOCK_STREAM) as s:
        if os.name == "posix":
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((ip, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def free_port(ip: str = "127.0.0.1") -> int:
    """A port that is free on ``ip`` right now (the OS picks it)."""
    with socket.socket(_family(ip), socket.SOCK_STREAM) as s:
        s.bind((ip, 0))
        return s.getsockname()[1]


def wait_for_port(
    host: str, port: int, timeout: float, proc: subprocess.Popen | None = None
) -> bool:
    """True once ``host:port`` accepts TCP connections; False on timeout or if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


LAB_EXTENSIONS = (
    "@voila-dashboards/widgets-manager8",
    "@jupyter-widgets/jupyterlab-manager",
    "ipycanvas",
    "anywidget",
    "jupyterlab_pygments",
)
"""The JupyterLab front-end extensions a page may load: the widgets, anywidget (it runs
`cardlab.widgets.a11y`'s page script, which draws and labels the lessons' canvases), and
ipycanvas for the benchmarks' yardstick, a bare ipycanvas page served beside the lessons (where
it is not installed, nothing loads it)."""


def pool_options(pool: int, lang: str = SOURCE) -> list[str]:
    """Voilà options for ``pool`` preheated kernels per notebook of language ``lang``, or none
    (``pool == 0``).

    A preheated kernel runs its notebook before anyone asks for it, and the page is served from
    what it rendered; the pool refills in the background.  Preheating and progressive rendering
    exclude each other in Voilà, so without a pool the page shows each cell as it finishes.
    Only the class's language is preheated: five languages' pools would hold five times the
    kernels, and a page in another language still opens, in a kernel of its own."""
    if pool < 0:
        raise ValueError(f"the pool size must be 0 or more, not {pool}")
    if pool == 0:
        return ["--VoilaConfiguration.progressive_rendering=True"]
    # Voilà leaves out of the pools every notebook whose absolute path a pattern matches (from
    # its start) or holds: here every notebook outside the class's language's folder
    folders = "|".join(code for code in LANGUAGES if code != SOURCE)
    others = f"^.*/({folders})/" if lang == SOURCE else f"^(?!.*/{lang}/)"
    return [
        "--VoilaConfiguration.preheat_kernel=True",
        f"--VoilaConfiguration.default_pool_size={pool}",
        f"--VoilaKernelManager.preheat_denylist={others}",
    ]


SHARE = Path(__file__).with_name("share")
"""The Jupyter data folder cardlab adds for its server: its Voilà template (``cardlab``, Voilà's
lab page without links to a CDN).  ``cardlab serve`` and the hub's student server put it on
``JUPYTER_PATH``."""
TEMPLATE = "cardlab"
DEFAULT_PER_CLIENT = 4
"""Lesson pages one client address may hold at once (loopback excepted): a student with a lesson
and a few tabs, not a script."""


def jupyter_path(kernels: Path, current: str | None) -> str:
    """``JUPYTER_PATH`` for the server: the lean kernel's spec (written under ``kernels``), then
    cardlab's template, then what it was (``current``)."""
    return jupyter_path_first(kernels, os.pathsep.join(p for p in (str(SHARE), current) if p))


def voila_command(
    notebooks: Path,
    ip: str,
    port: int,
    pool: int = DEFAULT_POOL,
    lang: str = SOURCE,
    *,
    max_kernels: int = 0,
    per_client: int = 0,
    token: str = "",
    room: Room | None = None,
    class_code: str = "",
) -> list[str]:
    """The command line of the server ``cardlab serve`` runs (exposed for tests and benchmarks):
    Voilà's, with the room's pages (`cardlab.serve.app`), at most ``max_kernels`` kernels and
    ``per_client`` pages a client (0: no bound), Jupyter's ``token`` required (""; none), and
    a classroom's join page (``room``)."""
    return [
        sys.executable,
        "-m",
        "cardlab.serve.app",
        str(notebooks),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",  # the printed URL must be the real one
        f"--VoilaExecutor.timeout={CELL_TIMEOUT}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        "--VoilaExecutor.raise_on_iopub_timeout=True",
        # Lessons may show images that sit beside them (figures, screenshots); never the sources.
        "--VoilaConfiguration.file_allowlist=.*\\.(png|jpg|jpeg|gif|svg|css)",
        "--VoilaConfiguration.show_tracebacks=False",
        # A page's look is the lesson's own (its palette picker): Voilà's ?theme= and ?template=
        # change nothing, and its lab template wrote ?theme= unescaped into the page.
        "--VoilaConfiguration.allow_theme_override=NO",
        "--VoilaConfiguration.allow_template_override=NO",
        # Only the front-end extensions the lessons use: others installed in the same
        # environment (an editor's jupytext, a theme) cost page load and can break it.
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in LAB_EXTENSIONS),
        # The page's shutdown request on unload needs the _xsrf cookie (voila issue #1458); a
        # hostile address never reaches Voilà (cardlab/serve/plugins.py).
        "--Voila.identity_provider_class=cardlab.serve.plugins.PageIdentityProvider",
        # The page without links to a CDN (cardlab/serve/share).
        f"--VoilaConfiguration.template={TEMPLATE}",
        # The room's bounds, and a preheated kernel taken after a long wait in its pool is not
        # culled before its page connects (cardlab/serve/capacity.py).
        "--VoilaConfiguration.multi_kernel_manager_class=cardlab.serve.capacity.RoomKernelManager",
        f"--RoomKernelManager.max_kernels={max_kernels}",
        f"--RoomKernelManager.per_client={per_client}",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        *pool_options(pool, lang),
        *([f"--Voila.token={token}"] if token else []),
        *(room_options(room) if room else []),
        # the class view shows this class unless asked for another
        *([f"--CardlabVoila.class_code={class_code}"] if class_code and not room else []),
    ]


SOCKET_PATH_MAX = 100
"""The longest path a Unix socket may have, with room to spare (104 bytes on macOS, 108 on
Linux)."""


def kernel_transport(folder: Path) -> list[str]:
    """Voilà's options for its kernels to be reached over Unix sockets in ``folder`` (Voilà
    keeps its kernels' connection files in a folder it makes there) rather than TCP ports,
    where the system has them and their paths fit ([] otherwise).

    Why: a class's kernels start at once, and each is handed five free TCP ports that the
    kernel binds a moment later; on a busy machine another process (a browser, another kernel)
    took one meanwhile, the kernel died with "Address already in use", and the page that was
    given it from the pool never drew.  A socket's file name is the kernel's own."""
    longest = folder / "voila_01234567" / f"kernel-{'0' * 36}-ipc-99"
    if os.name != "posix" or len(os.fsencode(longest)) > SOCKET_PATH_MAX:
        return []
    return ["--KernelManager.transport=ipc", f"--Voila.connection_dir_root={folder}"]


def room_options(room: Room) -> list[str]:
    """The server's options for a classroom: the tokens and what the join page shows."""
    return [
        f"--Voila.token={room.student_token}",
        f"--PageIdentityProvider.teacher_token={room.teacher_token}",
        f"--CardlabVoila.join_url={room.join_url}",
        f"--CardlabVoila.class_code={room.class_code}",
        f"--CardlabVoila.lang={room.lang}",
    ]


def cmd_serve(args: argparse.Namespace) -> int:
    notebooks = Path(args.notebooks).resolve() if args.notebooks else notebooks_dir()
    if not (notebooks / INDEX).is_file():
        print(f"cardlab serve: no {INDEX} in {notebooks}", file=sys.stderr)
        return 2
    ip = args.ip if args.ip is not None else ("0.0.0.0" if args.classroom else "127.0.0.1")
    if args.classroom and is_loopback(ip):
        problem = msg(
            "a classroom listens where students reach it, not on this machine's loopback "
            "{ip}: leave out --ip, or give the machine's network address",
            ip=ip,
        )
        print(said("cardlab serve", problem), file=sys.stderr)
        return 2
    try:
        if args.port is not None:
            port = args.port
            if not port_is_free(ip, port):
                print(f"cardlab serve: port {port} on {ip} is in use", file=sys.stderr)
                return 2
        else:
            port = DEFAULT_PORT if port_is_free(ip, DEFAULT_PORT) else free_port(ip)
    except OSError as exc:
        problem = msg("cannot listen on {ip}: {error}", ip=repr(ip), error=exc.strerror or exc)
        print(said("cardlab serve", problem), file=sys.stderr)
        return 2

    from cardlab.lessons.page_state import SERVER_CLASS, SERVER_HINTS  # the kernels read them

    env = dict(os.environ)
    room = None
    if args.classroom:
        host = args.host or network_address()
        if host is None:
            problem = msg(
                "found no network address students could reach: is this machine on the "
                "school's network? Give the address or host name with --host"
            )
            print(said("cardlab serve", problem), file=sys.stderr)
            return 2
        code = args.class_deals or new_class_code()
        room = Room(host, port, new_token(), new_token(), code, args.lang)
        env.update(room.kernel_environ())
    elif args.class_deals:
        env[SERVER_CLASS] = args.class_deals
    if args.no_hints:
        env[SERVER_HINTS] = "off"
    if args.results:
        env[URL_ENV] = args.results
    # past loopback nobody gets in without a token (a classroom's is in its join link)
    token = "" if room or is_loopback(ip) else new_token()
    url = links.local_url(links.lesson_path(INDEX, args.lang), ip, port)
    if token:
        url += "?" + urlencode({"token": token})
    print(f"cardlab: serving the lessons in {notebooks}", flush=True)
    if room:
        url = room.teacher_url
        tell_room(room)
    else:
        print(f"cardlab: open {url}", flush=True)

    kernels = Path(tempfile.mkdtemp(prefix="cardlab-kernel-"))
    env["JUPYTER_PATH"] = jupyter_path(kernels, os.environ.get("JUPYTER_PATH"))
    transport = kernel_transport(kernels)
    env[TROUBLE_ENV] = str(kernels / "record")  # kernels' notes of rows not stored
    connect_host = "127.0.0.1" if ip in ("0.0.0.0", "") else ip
    if env.get(URL_ENV, "").strip() != OFF:  # kernels hand their rows to the server to store
        env[POST_ENV] = f"http://{url_host(connect_host)}:{port}{RECORD_PATH}"
        env[KEY_ENV] = new_token()
    command = voila_command(
        notebooks, ip, port, args.pool, args.lang, max_kernels=args.max_kernels,
        per_client=args.kernels_per_client, token=token, room=room,
        class_code=args.class_deals or "",
    ) + transport  # fmt: skip
    proc = subprocess.Popen(command, env=env)

    def forward(signum, _frame):
        if proc.poll() is None:
            proc.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, forward)

    try:
        if wait_for_port(connect_host, port, timeout=60, proc=proc):
            print(f"cardlab: ready at {url}  (Ctrl-C to stop)", flush=True)
            if not args.no_browser:
                webbrowser.open(url)
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(kernels, ignore_errors=True)


def tell_room(room: Room) -> None:
    """Print how the class joins (the link and its QR code) and the teacher's join page."""
    students = msg("class {code}: students open this address, or scan it", code=room.class_code)
    print(said("cardlab", students), flush=True)
    print(f"  {room.join_url}", flush=True)
    print_qr(room.join_url, sys.stdout)
    teacher = msg("the join page for the projector (this address is the teacher's alone):")
    print(said("cardlab", teacher), flush=True)
    print(f"  {room.teacher_url}", flush=True)
    record = msg("the class view, live (the teacher's alone too):")
    print(said("cardlab", record), flush=True)
    print(f"  {room.class_view_url}", flush=True)


def said(command: str, message: object) -> str:
    """A line of ``command``'s output: ``cardlab handout: <message in the current language>``."""
    return f"{command}: {message}"


def cmd_lessons(args: argparse.Namespace) -> int:
    if args.copy is None:
        print(said("cardlab", msg("the lessons in {folder}", folder=str(notebooks_dir()))))
        for lesson in lessons():
            print(f"  {lesson.name:24} {lesson.title}")
        return 0
    try:
        written = copy_lessons(Path(args.copy), overwrite=args.force)
    except OSError as exc:
        print(said("cardlab lessons", exc), file=sys.stderr)
        return 2
    dest = str(Path(args.copy).resolve())
    languages = len({path.parent for path in written})
    lessons_copied = len({path.name for path in written})
    copied = msg(
        "copied {lessons} lessons in {languages} languages to {folder}",
        lessons=lessons_copied,
        languages=languages,
        folder=dest,
    )
    print(said("cardlab", copied))
    command = f"cardlab serve --notebooks {dest}"
    print(said("cardlab", msg("edit them, then serve them with: {command}", command=command)))
    return 0


def cmd_link(args: argparse.Namespace) -> int:
    try:
        lesson = lesson_file(args.lesson)
        lines = [("local", links.local_url(lesson, port=args.port))]
        lines.append(("binder", links.binder_url(lesson, args.binder)))
        if args.hub:
            lines.append(("hub", links.hub_url(lesson, args.hub)))
            lines.append(("hub-git", links.hub_git_url(lesson, args.hub, args.binder)))
    except ValueError as exc:
        print(said("cardlab link", exc), file=sys.stderr)
        return 2
    for where, url in lines:
        print(f"{where:7} {url}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    try:
        lang = check_language(args.lang)
    except ValueError as exc:
        print(said("cardlab render", exc), file=sys.stderr)
        return 2
    with using_language(lang):  # the labels drawn, and what the command says
        return _render(args)


def _render(args: argparse.Namespace) -> int:
    # Imported here so that `cardlab serve` and `--help` never pay for the render stack.
    from cardlab.render.pil import to_image
    from cardlab.render.sheet import deck_sheet

    kwargs = {} if args.theme is None else {"theme": args.theme}
    try:
        drawing = deck_sheet(args.deck, **kwargs)
        check_pixels(drawing.width, drawing.height, args.scale)
    except (KeyError, ValueError) as exc:
        print(said("cardlab render", exc), file=sys.stderr)
        return 2
    png = io.BytesIO()
    to_image(drawing, args.scale).save(png, format="PNG", optimize=True)
    return write_out("cardlab render", args.out, png.getvalue(), folders=True)


MAX_PIXELS = 8_000_000
"""The most pixels `cardlab render` draws: drawing takes about 100 bytes a pixel (the image, its
supersampled card faces), so about 0.8 GB at most; the standard deck's sheet at the default
scale 2 is 3.9 million."""
MIN_SCALE = 0.1


def check_pixels(width: float, height: float, scale: float) -> None:
    """A ``ValueError`` naming the largest scale allowed when a ``width`` x ``height`` drawing at
    ``scale`` would take more than `MAX_PIXELS`."""
    if width * height * scale * scale > MAX_PIXELS:
        largest = math.floor(math.sqrt(MAX_PIXELS / (width * height)) * 100) / 100
        raise ValueError(
            msg(
                "scale {scale} would draw {pixels} million pixels, more than {limit} million: "
                "the largest scale for this drawing is {largest}",
                scale=f"{scale:g}",
                pixels=round(width * height * scale * scale / 1e6, 1),
                limit=MAX_PIXELS // 1_000_000,
                largest=largest,
            )
        )


def write_out(command: str, out: str, data: bytes, folders: bool = False) -> int:
    """Writes ``data`` to the file ``out`` (``folders``: making its missing folders first) and
    says so: 0; or one line naming what was wrong: 2.  Every command's ``--out`` goes here."""
    path = Path(out)
    try:
        if folders:
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except FileExistsError:  # a file where a folder of the path should be
        error = os.strerror(errno.ENOTDIR)
    except OSError as exc:
        error = exc.strerror or str(exc)
    else:
        print(said("cardlab", msg("wrote {file}", file=str(path))))
        return 0
    print(
        said(command, msg("cannot write {file}: {error}", file=out, error=error)), file=sys.stderr
    )
    return 2


def cmd_handout(args: argparse.Namespace) -> int:
    # Imported here: the worksheet needs the engines, the pictures and fpdf2.
    from cardlab.handouts import check_language as handout_language
    from cardlab.handouts import handout

    try:
        lang = handout_language(args.lang)
    except ValueError as exc:
        print(said("cardlab handout", exc), file=sys.stderr)
        return 2
    with using_language(lang):  # what the command says, in the handout's language
        try:
            data = handout(args.lesson, args.deal, lang, args.paper, not args.no_notes)
        except ValueError as exc:
            print(said("cardlab handout", exc), file=sys.stderr)
            return 2
        return write_out("cardlab handout", args.out, data)


def pool_size(text: str) -> int:
    """``--pool``'s argument: a whole number, 0 or more."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, got {text!r}")
    return n


def port_arg(text: str) -> int:
    """``--port``'s argument: a TCP port, 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            msg("expected a port from 1 to 65535, got {text}", text=repr(text))
        )
    return port


_HOST_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def is_host(text: str) -> bool:
    """Whether ``text`` is an IP address or a host name (letters, digits and '-' in dot-separated
    labels, the last not all digits: ``256.1.1.1`` is neither)."""
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        pass
    labels = text.removesuffix(".").split(".")
    return (
        len(text) <= 253
        and all(_HOST_LABEL.fullmatch(label) for label in labels)
        and not labels[-1].isdigit()
    )


def ip_arg(text: str) -> str:
    """``--ip``'s argument: an address of this machine (or a host name for one); "" is every
    address."""
    if text and not is_host(text):
        raise argparse.ArgumentTypeError(
            msg("expected an IP address or a host name, got {text}", text=repr(text[:80]))
        )
    return text


def scale_arg(text: str) -> float:
    """``--scale``'s argument: a number, at least `MIN_SCALE` (the pixel budget, `check_pixels`,
    depends on the drawing)."""
    try:
        scale = float(text)
    except ValueError:
        scale = math.nan
    if not (math.isfinite(scale) and scale >= MIN_SCALE):
        raise argparse.ArgumentTypeError(
            msg(
                "expected a number of at least {least}, got {text}",
                least=MIN_SCALE,
                text=repr(text),
            )
        )
    return scale


def out_arg(text: str) -> str:
    """``--out``'s argument: a file name (whether it can be written is known only by writing it,
    `write_out`)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(msg("expected a file name, got {text}", text=repr(text)))
    return text


_HUB = re.compile(
    r"(?P<scheme>(?i:https?))://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)"
    r"(?::(?P<port>[0-9]{1,5}))?(?P<path>(?:/[A-Za-z0-9._~-]*)*)"
)


def hub_arg(text: str) -> str:
    """``--hub``'s argument: a JupyterHub's address, ``http(s)://host[:port][/path]``, nothing else
    (no credentials, query, fragment, quotes or spaces, which a link built on it would carry)."""
    match = _HUB.fullmatch(text)
    host = match and match["host"].removeprefix("[").removesuffix("]")
    port = match and match["port"]
    if not (match and host and is_host(host) and (port is None or 1 <= int(port) <= 65535)):
        raise argparse.ArgumentTypeError(
            msg("not a JupyterHub address (https://hub.example.org): {hub}", hub=repr(text[:80]))
        )
    netloc = match["host"] + (f":{int(port)}" if port else "")
    return f"{match['scheme'].lower()}://{netloc}{match['path'].rstrip('/')}"


def class_code_arg(text: str) -> str:
    """``--class-deals``' argument: a class code (letters, digits, '-', at most 32)."""
    from cardlab.core.classdeals import check_class_code  # standard library only

    try:
        return check_class_code(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


LANGUAGE_LIST = ", ".join(f"{code} {name}" for code, name in LANGUAGES.items())


def language_arg(text: str) -> str:
    """``--lang``'s argument: a language cardlab speaks."""
    try:
        return check_language(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose error is one line (``cardlab render: error: argument --scale:
    ...``), exit status 2; ``--help`` shows the usage."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def results_url_arg(text: str) -> str:
    """A database URL for ``--results``: one SQLAlchemy reads (checked before the server
    starts: a typo is one line, not a class's rows lost), or ``off``: no class record."""
    if text == OFF:
        return text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(text)
    except ArgumentError:
        raise argparse.ArgumentTypeError(
            f"not a database URL: {text[:80]!r} (e.g. postgresql+psycopg://user:pw@host/db)"
        ) from None
    return text


def main_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line, read; a server's kernel cap sized from the memory when not given."""
    args = build_parser().parse_args(argv)
    if getattr(args, "command", None) == "serve" and args.max_kernels is None:
        args.max_kernels = default_max_kernels()
    return args


def add_serve(sub: argparse._SubParsersAction[Parser]) -> None:
    """``cardlab serve``'s options: where it listens, the classroom, the bounds, the lessons."""
    serve = sub.add_parser("serve", help="serve the lessons with Voilà and print the index URL")
    serve.add_argument(
        "--port", type=port_arg, default=None, help=f"port (default {DEFAULT_PORT} or a free one)"
    )
    serve.add_argument(
        "--ip",
        type=ip_arg,
        default=None,
        help="address to listen on (default 127.0.0.1; with --classroom every address, "
        "0.0.0.0); past loopback a page needs the token the command prints",
    )
    serve.add_argument(
        "--classroom",
        action="store_true",
        help="serve a class on this network: listen on every address, print the link students "
        "open (with its QR code, a token and a class code) and the teacher's join page for "
        "the projector",
    )
    serve.add_argument(
        "--host",
        type=ip_arg,
        default=None,
        metavar="NAME",
        help="with --classroom: the address or host name students reach this machine at "
        "(default: its address on the network)",
    )
    serve.add_argument(
        "--max-kernels",
        type=pool_size,
        default=None,
        metavar="N",
        help="the most lesson kernels at once, preheated ones included (default: as many as "
        "the memory available holds, about 100 MiB each; 0: no bound); a page over it shows "
        "'the class is full' and tries again on its own",
    )
    serve.add_argument(
        "--kernels-per-client",
        type=pool_size,
        default=DEFAULT_PER_CLIENT,
        metavar="N",
        help="the most lesson pages one device (address) holds at once, this machine excepted "
        "(default %(default)s; 0: no bound; behind a proxy every student has its address)",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    serve.add_argument(
        "--notebooks",
        metavar="DIR",
        default=os.environ.get("CARDLAB_NOTEBOOKS"),
        help="folder of lessons with an index.ipynb (default: the lessons installed with cardlab; "
        "in a source checkout its notebooks/)",
    )
    serve.add_argument("--pool", type=pool_size, default=DEFAULT_POOL, metavar="N", help=POOL_HELP)
    serve.add_argument(
        "--no-hints",
        action="store_true",
        help="no table offers a hint or its odds (a test, a match); for one page: ?hints=off",
    )
    serve.add_argument(
        "--class-deals",
        metavar="CODE",
        type=class_code_arg,
        default=None,
        help="every table and quiz deals class CODE's sequence (letters, digits, '-'), so a "
        "class's scores compare; for one page: ?class=CODE",
    )
    serve.add_argument(
        "--results",
        metavar="URL",
        type=results_url_arg,
        default=None,
        help="the class record's database, e.g. postgresql+psycopg://user:password@host/db "
        f"(default: ${URL_ENV}, else a SQLite file in your data folder); cardlab class CODE "
        f"reads it. {OFF}: no class record, only each student's own file",
    )
    serve.add_argument(
        "--lang",
        type=language_arg,
        default=SOURCE,
        metavar="LANG",
        help=f"the class's language: the index opened and the pages preheated ({LANGUAGE_LIST})",
    )
    serve.set_defaults(func=cmd_serve)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cardlab", description="Jupyter teaching widgets for card games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    add_serve(sub)
    add_class(sub)

    listing = sub.add_parser("lessons", help="list the lessons, or copy them to a folder to edit")
    listing.add_argument(
        "--copy", metavar="DIR", default=None, help="write the lesson notebooks into DIR"
    )
    listing.add_argument(
        "--force", action="store_true", help="with --copy: overwrite lessons already in DIR"
    )
    listing.set_defaults(func=cmd_lessons)

    link = sub.add_parser("link", help="print a lesson's addresses: local, Binder, JupyterHub")
    link.add_argument("lesson", metavar="LESSON", help="a lesson, e.g. triad (see cardlab lessons)")
    link.add_argument(
        "--binder",
        metavar="OWNER/REPO",
        default=None,
        help="the GitHub repository Binder builds (default: this package's Repository address)",
    )
    link.add_argument(
        "--hub",
        metavar="URL",
        type=hub_arg,
        default=None,
        help="a JupyterHub: add its links (deploy/jupyterhub's set-up, and nbgitpuller's)",
    )
    link.add_argument(
        "--port", type=port_arg, default=DEFAULT_PORT, help=f"cardlab serve's port ({DEFAULT_PORT})"
    )
    link.set_defaults(func=cmd_link)

    render = sub.add_parser("render", help="draw every card of a deck into one PNG")
    render.add_argument("deck", metavar="DECK", help="deck name, e.g. standard")
    render.add_argument(
        "--out", type=out_arg, required=True, metavar="FILE.png", help="PNG file to write"
    )
    render.add_argument("--theme", default=None, metavar="NAME", help="colour theme")
    render.add_argument(
        "--scale",
        type=scale_arg,
        default=2.0,
        metavar="S",
        help=f"pixel scale, at least {MIN_SCALE} (default %(default)s); the image may have "
        f"{MAX_PIXELS // 1_000_000} million pixels at most",
    )
    render.add_argument(
        "--lang",
        default="en",
        metavar="LANG",
        help=f"language of the labels drawn: {', '.join(LANGUAGES)} (default en)",
    )
    render.set_defaults(func=cmd_render)

    sheet = sub.add_parser(
        "handout", help="write a lesson's printable worksheet, answer key and teacher notes (PDF)"
    )
    sheet.add_argument(
        "lesson", metavar="LESSON", help="a lesson, e.g. triad, triad.ipynb or triad.md"
    )
    sheet.add_argument(
        "--deal", default=None, metavar="NAME", help="another curated deal of the lesson's game"
    )
    sheet.add_argument(
        "--lang",
        default="en",
        metavar="LANG",
        help=f"language: {', '.join(LANGUAGES)} (default en; a lesson not yet written in it "
        "prints in English)",
    )
    sheet.add_argument("--paper", default="a4", metavar="a4|letter", help="paper size (a4)")
    sheet.add_argument("--no-notes", action="store_true", help="leave out the teacher notes' page")
    sheet.add_argument(
        "--out", type=out_arg, required=True, metavar="FILE.pdf", help="PDF file to write"
    )
    sheet.set_defaults(func=cmd_handout)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = main_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
