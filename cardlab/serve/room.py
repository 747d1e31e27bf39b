"""A classroom (``cardlab serve --classroom``): the address the students' devices reach, the two
tokens, the class code and the join link, worked out once by the command and handed to the
server and its kernels.

Served as for one learner, a page's address is ``127.0.0.1``: a link or QR code made there opens
each student's own loopback.  A classroom binds every address and names the one students reach:
the machine's address on the network its default route leaves by (`network_address`), or the
host name the teacher gives (``--host``).  Past loopback nobody gets in without a token (Jupyter's
own token login: the first request carries ``?token=``, a cookie keeps the browser in), so the
join link and its QR code carry the students' token, and joining stays one scan.  The teacher's
pages (the join page for the projector) need a second token, printed only in the terminal.

Standard library only at import (the QR code comes from `cardlab.links` once drawn): the command
imports this before the server starts.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO
from urllib.parse import urlencode

from cardlab.core.i18n import SOURCE
from cardlab.lessons import INDEX
from cardlab.links import lesson_path, url_host

JOIN_PATH = "/cardlab/join"
"""The teacher's join page (URL and QR code for the projector), on the classroom's server."""
CLASS_PATH = "/cardlab/class"
"""The teacher's class view (`cardlab.serve.class_view`), on any server of a class."""
RECORD_PATH = "/cardlab/record"
"""Where the server's kernels post their rows of the class record
(`cardlab.serve.record_handler`)."""
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A generated class code's letters: none that a projector's reader confuses (0/O, 1/I)."""

KERNEL_MIB = 100
"""What one page's kernel and its share of the server hold, rounded up (README: 74-82 MiB a
kernel once its lesson has run, about 10 MiB of the server per connected page)."""
SPARE_MIB = 1024
"""Memory left to the system and the browser of a teacher's laptop when the cap is worked out."""


def network_address() -> str | None:
    """This machine's address on the network its default route leaves by, or None (no network).

    A UDP socket "connected" to an address outside any local network sends nothing, but the
    system picks the interface, and so the source address, a reply would come back to."""
    for probe, family in (("10.255.255.255", socket.AF_INET), ("fd00::1", socket.AF_INET6)):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def memory_mib() -> int | None:
    """The memory available for new processes now, in MiB (Linux's ``MemAvailable``), else the
    machine's whole memory, else None."""
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        return None


def default_max_kernels(available_mib: int | None = None) -> int:
    """The live kernels a server holds without running out of memory: what is available less
    `SPARE_MIB`, one `KERNEL_MIB` each; never fewer than 4 (a machine that small serves a few
    learners, not a class), 64 when the memory cannot be read."""
    available = memory_mib() if available_mib is None else available_mib
    if available is None:
        return 64
    return max(4, (available - SPARE_MIB) // KERNEL_MIB)


def new_class_code(length: int = 6) -> str:
    """A class code for a classroom that was given none: short enough to read off a projector."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def new_token() -> str:
    """A token nobody guesses (128 bits), short enough for a QR code a phone reads at a glance."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Room:
    """Where and how a class joins: the address students reach, the tokens and the class code."""

    host: str
    port: int
    student_token: str
    teacher_token: str
    class_code: str
    lang: str = SOURCE

    @property
    def base(self) -> str:
        """The server as the students reach it: ``http://host:port``."""
        return f"http://{url_host(self.host)}:{self.port}"

    @property
    def join_url(self) -> str:
        """The lessons' index for a student: the students' token and the class code with it."""
        query = urlencode({"class": self.class_code, "token": self.student_token})
        return f"{self.base}/voila/render/{lesson_path(INDEX, self.lang)}?{query}"

    @property
    def teacher_url(self) -> str:
        """The join page for the projector, with the teacher's token."""
        return f"{self.base}{JOIN_PATH}?{urlencode({'token': self.teacher_token})}"

    @property
    def class_view_url(self) -> str:
        """The teacher's class view of this class (the class record), with the teacher's token."""
        return f"{self.base}{CLASS_PATH}?{urlencode({'token': self.teacher_token})}"

    def kernel_environ(self) -> Mapping[str, str]:
        """What the kernels need to build links students can open (never the teacher's token)
        and deal the class's sequence."""
        from cardlab.lessons.page_state import SERVER_CLASS, SERVER_ROOM, SERVER_ROOM_TOKEN

        return {
            SERVER_ROOM: self.base,
            SERVER_ROOM_TOKEN: self.student_token,
            SERVER_CLASS: self.class_code,
        }


def print_qr(link: str, out: TextIO) -> None:
    """``link`` as a QR code drawn with block characters, for a terminal a phone can scan."""
    from cardlab.links import qr_code

    qr_code(link).terminal(out=out, compact=True, border=2)
