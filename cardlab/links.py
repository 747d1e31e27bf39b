"""Where a lesson opens: on this machine (``cardlab serve``), on Binder, on a school's hub
(`hub_url` for a hub set up with ``deploy/jupyterhub``, `hub_git_url` for any hub with
nbgitpuller).

Every link to the public copy of the lessons is built from one setting, the repository's
``owner/name``, read from the ``Repository`` address in ``pyproject.toml``'s ``[project.urls]``
(installed as the package's metadata).  A teacher who forks the repository changes that one
line, reinstalls, and runs ``python tools/readme_links.py`` to rewrite the README's badge and
lesson links; ``cardlab link`` then prints links to the fork.
"""

from __future__ import annotations

import ipaddress
import re
from importlib import metadata
from typing import TYPE_CHECKING
from urllib.parse import quote, urlencode, urlsplit

from cardlab.core.i18n import SOURCE, msg
from cardlab.lessons import INDEX

if TYPE_CHECKING:
    import segno

DEFAULT_PORT = 8866
BINDER = "https://mybinder.org/v2/gh"
GITHUB = "https://github.com"
NOTEBOOKS = "notebooks"
"""Where the lessons sit in a checkout of the repository (Binder's and nbgitpuller's copy)."""
_REPOSITORY = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")


def repository() -> str:
    """The repository's ``owner/name``, from the package's ``Repository`` address."""
    for entry in metadata.metadata("cardlab").get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "repository":
            return checked_repository(url.strip().removeprefix(GITHUB + "/"))
    raise ValueError(msg("pyproject.toml's [project.urls] has no Repository address"))


def checked_repository(text: str) -> str:
    """``owner/name`` as GitHub spells them, or a ``ValueError`` saying what is wrong."""
    text = text.strip().removesuffix("/").removesuffix(".git")
    if not _REPOSITORY.fullmatch(text) or text.endswith((".", "/.")):
        raise ValueError(msg("not a GitHub repository OWNER/NAME: {text}", text=repr(text[:80])))
    return text


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) is this machine's loopback, which no other device
    reaches: a link to it opens only here."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """``host`` as a URL writes it (an IPv6 address in brackets)."""
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host


def local_url(lesson: str = INDEX, ip: str = "127.0.0.1", port: int = DEFAULT_PORT) -> str:
    """The lesson's page on ``cardlab serve`` (which serves the lessons' folder as Voilà's root)."""
    host = "localhost" if ip in ("0.0.0.0", "") else ip
    return f"http://{url_host(host)}:{port}/voila/render/{lesson}"


def binder_url(lesson: str = INDEX, repo: str | None = None, query: str = "") -> str:
    """Binder building the repository's default branch and opening the lesson in Voilà (with
    the lesson's own ``query``, a shared position, if given)."""
    repo = checked_repository(repo) if repo is not None else repository()
    path = quote(f"voila/render/{NOTEBOOKS}/{lesson}{query}", safe="")
    return f"{BINDER}/{repo}/HEAD?urlpath={path}"


def _hub(hub: str) -> str:
    """A JupyterHub's address without its trailing slash, or a ``ValueError``."""
    parts = urlsplit(hub.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
        raise ValueError(
            msg("not a JupyterHub address (https://hub.example.org): {hub}", hub=repr(hub[:80]))
        )
    return hub.strip().rstrip("/")


def hub_url(lesson: str, hub: str) -> str:
    """The lesson on a hub set up with ``deploy/jupyterhub`` (each student's server has the
    installed lessons as its root): the hub logs the student in and opens it in Voilà."""
    return f"{_hub(hub)}/hub/user-redirect/voila/render/{lesson}"


def hub_git_url(lesson: str, hub: str, repo: str | None = None) -> str:
    """An nbgitpuller link, for any other hub with nbgitpuller and writable homes: the hub
    copies (or updates) the repository into the student's home and opens the lesson in Voilà."""
    hub = _hub(hub)
    repo = checked_repository(repo) if repo is not None else repository()
    name = repo.split("/")[1]
    query = urlencode(
        {"repo": f"{GITHUB}/{repo}", "urlpath": f"voila/render/{name}/{NOTEBOOKS}/{lesson}"}
    )
    return f"{hub}/hub/user-redirect/git-pull?{query}"


_HUB_USER = re.compile(r"^(?P<prefix>.*?)/user/[^/]+/(?P<rest>.*)$")


def shared_url(address: str, lesson: str, query: str, room: str = "", token: str = "") -> str:
    """Where a shared position of ``lesson`` (its ``?query``) opens for someone else, from the
    address of the page that shares it: in a classroom (``room``, the server as the students
    reach it), there, with the students' ``token``, whatever address the sharing page has (the
    teacher's own is loopback); else the same Voilà page; on a JupyterHub the hub's
    user-redirect, so each student opens it in their own server; on Binder, a new Binder of the
    repository (a Binder session is its user's alone); the lesson on ``cardlab serve`` when the
    page is not Voilà's (JupyterLab, whose address opens no lesson)."""
    if room:
        login = urlencode({"token": token}) if token else ""
        joined = f"{query}&{login}" if query and login else query or (f"?{login}" if login else "")
        return f"{room}/voila/render/{lesson}{joined}"
    parts = urlsplit(address)
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or "/voila/render/" not in parts.path:
        return local_url(lesson) + query
    if host == "mybinder.org" or host.endswith(".mybinder.org"):
        return binder_url(lesson, query=query)
    path = parts.path
    hub = _HUB_USER.match(path)
    if hub:
        path = f"{hub['prefix']}/hub/user-redirect/{hub['rest']}"
    return f"{parts.scheme}://{parts.netloc}{path}{query}"


def lesson_path(lesson: str, lang: str) -> str:
    """A lesson's notebook among the served ones: English at the top, each other language's in
    a folder of its own (``ru/triad.ipynb``), so the index's relative links stay in its language."""
    name = f"{lesson.removesuffix('.ipynb')}.ipynb"
    return name if lang == SOURCE else f"{lang}/{name}"


def language_url(address: str, lesson: str, lang: str, query: str = "") -> str:
    """Where ``lesson`` in ``lang`` opens, from the address of a page of it in another language:
    the same Voilà server (a hub's user server too); the ``cardlab serve`` address otherwise."""
    parts = urlsplit(address)
    marker = "/voila/render/"
    if parts.scheme not in ("http", "https") or marker not in parts.path:
        return local_url(lesson_path(lesson, lang)) + query
    base = parts.path[: parts.path.index(marker) + len(marker)]
    return f"{parts.scheme}://{parts.netloc}{base}{lesson_path(lesson, lang)}{query}"


def qr_code(link: str) -> segno.QRCode:
    """``link`` as the QR code every page and the terminal show: a full-size code (phones'
    cameras skip micro ones) at the lowest error correction, the fewest modules to read."""
    import segno

    return segno.make(link, error="l", micro=False)


def qr_svg(link: str) -> str:
    """``link`` as a QR code: an inline SVG, black on white whatever the theme (a camera reads
    dark on light best), that scales to its box."""
    return qr_code(link).svg_inline(omitsize=True, border=4, dark="#000", light="#fff")
