"""`cardlab.links` and `cardlab link`: a lesson's addresses, built from one setting."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tools_loader import load_tool

from cardlab import links
from cardlab.lessons import lesson_file, lessons
from cardlab.serve import cli

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def test_the_repository_is_the_one_setting_in_pyproject():
    text = (REPO / "pyproject.toml").read_text()
    url = re.search(r'^Repository = "([^"]+)"', text, re.M).group(1)
    assert links.repository() == url.removeprefix("https://github.com/")


def test_local_binder_and_hub_addresses():
    assert links.local_url("triad.ipynb") == "http://127.0.0.1:8866/voila/render/triad.ipynb"
    assert links.local_url("index.ipynb", "0.0.0.0", 80) == (
        "http://localhost:80/voila/render/index.ipynb"
    )
    assert links.local_url("index.ipynb", "::1", 8866).startswith("http://[::1]:8866/")
    binder = links.binder_url("triad.ipynb", "teacher/cards-fork")
    assert binder == (
        "https://mybinder.org/v2/gh/teacher/cards-fork/HEAD"
        "?urlpath=voila%2Frender%2Fnotebooks%2Ftriad.ipynb"
    )
    assert links.hub_url("triad.ipynb", "https://hub.school.test/") == (
        "https://hub.school.test/hub/user-redirect/voila/render/triad.ipynb"
    )
    hub = urlsplit(links.hub_git_url("doudizhu.ipynb", "https://hub.school.test/", "teacher/cards"))
    assert (hub.scheme, hub.netloc, hub.path) == (
        "https", "hub.school.test", "/hub/user-redirect/git-pull"
    )  # fmt: skip
    assert parse_qs(hub.query) == {
        "repo": ["https://github.com/teacher/cards"],
        "urlpath": ["voila/render/cards/notebooks/doudizhu.ipynb"],
    }


def test_binder_defaults_to_the_packages_repository():
    assert links.binder_url("index.ipynb").startswith(
        f"https://mybinder.org/v2/gh/{links.repository()}/HEAD?"
    )


@pytest.mark.parametrize(
    "bad", ["", "owner", "owner/", "/name", "a/b/c", "own er/name", "owner/na me", "-x/y",
            "owner/..", "owner/name?x=1", "owner/<script>", "x" * 300 + "/y"],
)  # fmt: skip
def test_a_bad_repository_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="OWNER/NAME"):
        links.binder_url("index.ipynb", bad)


@pytest.mark.parametrize(
    "bad", ["hub.school.test", "ftp://hub.school.test", "https://", "javascript:alert(1)",
            "https://hub.school.test/?next=evil"],
)  # fmt: skip
def test_a_bad_hub_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="JupyterHub address"):
        links.hub_git_url("index.ipynb", bad, "teacher/cards")
    with pytest.raises(ValueError, match="JupyterHub address"):
        links.hub_url("index.ipynb", bad)


def test_an_unknown_lesson_is_refused_with_the_list_of_lessons():
    assert lesson_file("triad") == lesson_file("triad.ipynb") == "triad.ipynb"
    with pytest.raises(ValueError, match=r"no lesson 'chess'.*three_thirteen"):
        lesson_file("chess")
    with pytest.raises(ValueError):
        lesson_file("../pyproject.toml")


@given(st.text(max_size=200), st.text(max_size=200), st.text(max_size=200))
def test_any_input_gives_links_or_a_clear_refusal(lesson, repo, hub):
    try:
        name = lesson_file(lesson)
        binder = links.binder_url(name, repo)
        hub_link = links.hub_git_url(name, hub, repo)
    except ValueError as exc:
        assert str(exc)
        return
    assert unquote(binder).endswith(f"/notebooks/{name}")
    assert hub_link.startswith(("http://", "https://"))


def test_cardlab_link_prints_every_address(capsys):
    rc = cli.main(["link", "pyramid", "--binder", "teacher/cards", "--hub", "https://hub.test"])
    assert rc == 0
    out = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert out == {
        "local": links.local_url("pyramid.ipynb"),
        "binder": links.binder_url("pyramid.ipynb", "teacher/cards"),
        "hub": links.hub_url("pyramid.ipynb", "https://hub.test"),
        "hub-git": links.hub_git_url("pyramid.ipynb", "https://hub.test", "teacher/cards"),
    }


def test_cardlab_link_refuses_bad_input_with_exit_code_2(capsys):
    assert cli.main(["link", "chess"]) == 2
    assert "no lesson 'chess'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:  # argparse refuses it, as every bad argument
        cli.main(["link", "triad", "--hub", "not a url"])
    assert refused.value.code == 2
    assert "JupyterHub address" in capsys.readouterr().err


def test_the_readme_links_are_built_from_the_setting():
    """Every Binder address in the README opens an existing lesson of the one repository."""
    text = README.read_text()
    found = re.findall(r"https://mybinder\.org/v2/gh/[^)\s]+", text)
    assert found, "the README has a Binder badge"
    expected = {links.binder_url(lesson.name) for lesson in lessons()}
    assert set(found) <= expected, set(found) - expected
    assert links.binder_url("index.ipynb") in found
    assert "gh/OWNER" not in text, "a placeholder in a link"


def test_the_readme_tool_points_every_binder_link_at_a_fork():
    relinked = load_tool("readme_links").relinked
    text = README.read_text()
    assert relinked(text, links.repository()) == text, "run python tools/readme_links.py"
    forked = relinked(text, "teacher/cards-fork")
    assert forked.count("/v2/gh/teacher/cards-fork/HEAD?") == text.count("/v2/gh/")
    assert links.repository() + "/HEAD" not in forked


LOCAL = "http://localhost:8866/voila/render/triad.ipynb"


@pytest.mark.parametrize(
    ("address", "shared"),
    [
        (LOCAL, LOCAL + "?at=deal&step=4"),
        ("https://hub.school.org/user/alice/voila/render/triad.ipynb",
         "https://hub.school.org/hub/user-redirect/voila/render/triad.ipynb?at=deal&step=4"),
        ("https://hub.2i2c.mybinder.org/user/cardlab-cardlab-x1/voila/render/notebooks/triad.ipynb",
         "https://mybinder.org/v2/gh/cardlab/cardlab/HEAD?urlpath=voila%2Frender%2Fnotebooks"
         "%2Ftriad.ipynb%3Fat%3Ddeal%26step%3D4"),
        ("http://localhost:8888/lab/tree/triad.ipynb", "http://127.0.0.1:8866/voila/render/"
         "triad.ipynb?at=deal&step=4"),
        ("javascript:alert(1)//voila/render/x", "http://127.0.0.1:8866/voila/render/triad.ipynb"
         "?at=deal&step=4"),
        ("", "http://127.0.0.1:8866/voila/render/triad.ipynb?at=deal&step=4"),
    ],
)  # fmt: skip
def test_a_shared_position_opens_for_someone_else(address, shared):
    assert links.shared_url(address, "triad.ipynb", "?at=deal&step=4") == shared


def test_a_lesson_in_another_language_opens_from_its_own_folder_on_the_same_server() -> None:
    from cardlab.links import language_url, lesson_path

    assert lesson_path("triad", "en") == "triad.ipynb"
    assert lesson_path("index.ipynb", "ru") == "ru/index.ipynb"
    hub = "https://hub.school.example/user/ann/voila/render/ru/triad.ipynb"
    assert language_url(hub, "triad", "zh", "?lang=zh") == (
        "https://hub.school.example/user/ann/voila/render/zh/triad.ipynb?lang=zh"
    )
    lab = "http://localhost:8888/lab/tree/triad.ipynb"
    assert language_url(lab, "triad", "lt").endswith("/voila/render/lt/triad.ipynb")
