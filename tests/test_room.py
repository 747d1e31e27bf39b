"""A classroom's address, tokens and links (cardlab/serve/room.py), and share links built on the
room's address (cardlab/links.py): never loopback, always with the students' token."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.lessons.page_state import read_page
from cardlab.links import is_loopback, shared_url
from cardlab.serve import room as rooms
from cardlab.serve.room import CODE_LETTERS, Room, default_max_kernels, new_class_code


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("localhost", True), ("LOCALHOST", True), ("::1", True),
     ("[::1]", True), ("127.8.9.1", True), ("x.localhost", True), ("192.0.2.7", False),
     ("teacher-pc.local", False), ("fd00::2", False), ("", False)],
)  # fmt: skip
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_the_join_link_carries_the_class_and_the_students_token_only():
    room = Room("192.0.2.7", 8870, "s-token", "t-token", "MATH7B", "ru")
    parts = urlsplit(room.join_url)
    assert (parts.hostname, parts.port, parts.path) == (
        "192.0.2.7",
        8870,
        "/voila/render/ru/index.ipynb",
    )
    assert parse_qs(parts.query) == {"class": ["MATH7B"], "token": ["s-token"]}
    assert "t-token" not in room.join_url and "t-token" not in str(room.kernel_environ())
    assert parse_qs(urlsplit(room.teacher_url).query) == {"token": ["t-token"]}
    assert Room("fd00::2", 80, "a", "b", "C").base == "http://[fd00::2]:80"


def test_a_share_link_in_a_classroom_is_on_the_rooms_address_whatever_the_page_is_on():
    for page in ("http://127.0.0.1:8870/voila/render/triad.ipynb", "http://localhost:8870/x", ""):
        link = shared_url(page, "triad.ipynb", "?at=table&m=b", "http://192.0.2.7:8870", "s t")
        parts = urlsplit(link)
        assert (parts.hostname, parts.port) == ("192.0.2.7", 8870)
        assert parse_qs(parts.query) == {"at": ["table"], "m": ["b"], "token": ["s t"]}
    assert shared_url("", "triad.ipynb", "", "http://192.0.2.7:1", "t").endswith(
        "triad.ipynb?token=t"
    )


def test_a_page_reads_the_room_and_never_the_token_as_a_setting():
    environ = {"CARDLAB_ROOM_URL": "http://192.0.2.7:8870", "CARDLAB_ROOM_TOKEN": "s-token"}
    state = read_page("?token=s-token&class=MATH7B", None, environ)
    assert state.notices == () and state.class_code == "MATH7B"
    assert (state.room, state.room_token) == ("http://192.0.2.7:8870", "s-token")


@given(st.integers(0, 10**6))
def test_the_kernel_cap_follows_the_memory(mib):
    cap = default_max_kernels(mib)
    assert cap >= 4
    assert cap == 4 or (cap * rooms.KERNEL_MIB + rooms.SPARE_MIB <= mib)


def test_a_class_code_reads_well_off_a_projector():
    codes = {new_class_code() for _ in range(50)}
    assert len(codes) > 45 and all(len(c) == 6 and set(c) <= set(CODE_LETTERS) for c in codes)
    assert not set("01IO") & set(CODE_LETTERS)


def test_the_terminal_qr_code_is_drawn_in_blocks():
    out = io.StringIO()
    rooms.print_qr("http://192.0.2.7:8870/voila/render/index.ipynb?token=x", out)
    lines = out.getvalue().splitlines()
    assert len(lines) > 10 and len(set(map(len, lines))) == 1  # a square of block characters
    assert set("".join(lines)) <= {"█", "▀", "▄", " "}
