"""A lesson page's state as one value, read from its link and the server's settings in this one
module: the colour theme (``palette``), the language, the rules, the class code, whether hints
are allowed, and the position of one panel (a stepped deal, a table).

`read_page` is the only place a page's query is parsed.  The page (`cardlab.widgets.lesson_page`)
reads it once per link and hands the `PageState` down to its panels; no panel reads the query.
A link is untrusted text: `read_page` never evaluates anything, reads a bounded amount, and
keeps what it can: every parameter it cannot use becomes a notice saying what was ignored and
why, and the page opens at its start for those.  The panel parameters are only sorted out here;
the panel named by ``at`` reads them (`LessonPanel.open_position`).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from cardlab.core.classdeals import check_class_code
from cardlab.core.i18n import LANGUAGES, SOURCE, joined, msg, num
from cardlab.core.options import option_from_text, option_text
from cardlab.core.text import shown
from cardlab.lessons.variants import Variant
from cardlab.render import THEMES

MAX_QUERY = 2_000
"""The longest query read: a table's moves compress to a few hundred characters."""
MAX_PARAMS = 40
"""The most parameters read: a link of the page has at most a dozen."""
PALETTE, AT, CLASS, HINTS, LANG, NAME = "palette", "at", "class", "hints", "lang", "name"
OLD_PALETTE = "theme"
"""What links made before called ``palette``: still read (Voilà reads it too, see
`VOILA_PARAMS`; ``cardlab serve`` turns Voilà's reading off), never written."""
VOILA_PARAMS = frozenset({"theme", "template", "classic-tree", "content", "format"})
"""The query parameters Voilà itself reads (its page, tree and contents handlers): a cardlab
link never writes one.  Voilà's ``theme`` once carried cardlab's colour theme: Voilà wrote it
unescaped into the page, and a themed link skipped the preheated kernels."""
PAGE_PARAMS = frozenset({PALETTE, OLD_PALETTE, AT, LANG, CLASS, HINTS, NAME})
"""What the page reads from a link for itself and every panel."""
LOGIN = "token"
"""Jupyter's login token, which a classroom's links carry: the server reads it, the page leaves it
alone and never passes it on (the browser keeps the login in a cookie)."""
HINTS_OFF = frozenset({"off", "no", "0", "false"})
SERVER_HINTS = "CARDLAB_HINTS"
"""Set to ``off`` by ``cardlab serve --no-hints``: no page of the server offers a hint."""
SERVER_CLASS = "CARDLAB_CLASS_DEALS"
HUB_USER = "JUPYTERHUB_USER"
"""Where a student's server behind JupyterHub is told whose it is."""
REMEMBERED = "browser"
"""A name the student typed once, which the browser keeps for the next pages."""
MAX_NAME = 64
"""Set to a class code by ``cardlab serve --class-deals CODE``: every table and quiz of the
server deals the class's sequence (`cardlab.core.classdeals`); a link's ``class`` wins."""
SERVER_ROOM, SERVER_ROOM_TOKEN = "CARDLAB_ROOM_URL", "CARDLAB_ROOM_TOKEN"
"""Set by ``cardlab serve --classroom`` (`cardlab.serve.room.Room.kernel_environ`): the server as
the students reach it, and their token; share links are built from them."""
POSITION = re.compile(r"(deal|table|practice)[2-9]?")
"""The share keys of panels with a position (`LessonPanel.share_key`, numbered from the
second on a page): a link may name one before its panel is built."""


@dataclass(frozen=True)
class PageState:
    """A lesson page's state: what its link asked for, once checked, with the server's settings.

    The page keeps one and replaces it when the learner changes the theme or the rules; every
    panel follows it (`LessonPanel.follow`)."""

    theme: str | None = None
    lang: str | None = None
    """The language the link's page is in (a page in another one goes there)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The rules options the link changes from the lesson's standard ones (each one allowed,
    and allowed together)."""
    class_code: str = ""
    """The class whose deals the tables and quizzes play ("": none): the link's, else the
    server's ``--class-deals``."""
    hints: bool = True
    """Whether the tables may offer hints and the page its teacher notes: not when the teacher
    served the lessons with ``--no-hints`` or the link says ``hints=off`` (an exam)."""
    student: str = ""
    """Who the class record names for this page's rows: the link's ``name`` (a join link may
    carry it), else the hub's user (`HUB_USER`), else the name this browser remembers (asked
    once, `cardlab.widgets.name_box`), else "" (no name given)."""
    named_by: str = ""
    """Where ``student`` came from: `NAME` (the link), `HUB_USER`, `REMEMBERED` or ""."""
    room: str = ""
    """The classroom's address as the students reach it ("": not a classroom)."""
    room_token: str = ""
    """The students' token, which a classroom's share links carry."""
    at: str = ""
    """The panel the position is for (`LessonPanel.share_key`), "" for none."""
    params: Mapping[str, str] = field(default_factory=dict)
    """The position's parameters, for the panel ``at``."""
    notices: tuple[str, ...] = ()


def server_page(environ: Mapping[str, str] | None = None) -> PageState:
    """The state of a page with no link: the server's settings alone (``environ``: the
    process's environment, where ``cardlab serve`` puts them)."""
    return read_page("", None, environ)


def split_query(search: str) -> tuple[dict[str, str], list[str]]:
    """``"?a=1&b=2"`` as a dict, and notices for what could not be read (a repeated name keeps
    its last value: a link edited by hand often repeats one)."""
    search = search.removeprefix("?")
    if not search:
        return {}, []
    if len(search) > MAX_QUERY:
        said = msg(
            "ignored the whole link: it is {count} characters long, and a lesson's links are at "
            "most {most}",
            count=num(len(search)),
            most=num(MAX_QUERY),
        )
        return {}, [str(said)]
    try:
        pairs = parse_qsl(search, keep_blank_values=True, max_num_fields=MAX_PARAMS)
    except ValueError:
        said = msg("ignored the whole link: it has more than {most} parameters", most=MAX_PARAMS)
        return {}, [str(said)]
    return dict(pairs), []


def read_page(
    search: str,
    variant: Variant | None,
    environ: Mapping[str, str] | None = None,
    remembered: str = "",
) -> PageState:
    """What ``search`` (the page's ``?query``) asks for, with the server's settings from
    ``environ`` (default: the process's): the colour theme (``palette``, or ``theme`` in a link
    made before), the language, the rules of ``variant``, the class code, the hints, the
    student (``remembered``: the name the browser keeps) and a panel's position (whether the
    page has that panel, the page knows).  Never raises."""
    server = os.environ if environ is None else environ
    query, notices = split_query(search)
    query.pop(LOGIN, None)
    old = query.pop(OLD_PALETTE, None)
    name, theme = (PALETTE, query.pop(PALETTE)) if PALETTE in query else (OLD_PALETTE, old)
    if theme is not None and theme not in THEMES:
        notices.append(
            str(
                msg(
                    "ignored {name}={theme}: the colour themes are {themes}",
                    name=name,
                    theme=shown(theme),
                    themes=joined(THEMES),
                )
            )
        )
        theme = None
    lang = query.pop(LANG, None)
    if lang is not None and lang not in LANGUAGES:
        notices.append(
            str(
                msg(
                    "ignored lang={lang}: the languages are {languages}",
                    lang=shown(lang),
                    languages=joined(LANGUAGES),
                )
            )
        )
        lang = None
    options = _options(query, variant, notices)
    code = _class_code(query.pop(CLASS, ""), server.get(SERVER_CLASS, ""), notices)
    hints = all(
        text.lower() not in HINTS_OFF
        for text in (server.get(SERVER_HINTS, ""), query.pop(HINTS, ""))
    )
    student = _student(query.pop(NAME, None), server.get(HUB_USER, ""), remembered, notices)
    at = query.pop(AT, "")
    if at and not POSITION.fullmatch(at):
        notices.append(
            str(msg("ignored at={at}: a position is a deal, a table or a practice", at=shown(at)))
        )
        at = ""
    if query and not at:
        names = ", ".join(sorted(query))
        notices.append(
            str(msg("ignored {names}: not a setting of this lesson", names=shown(names)))
        )
        query = {}
    room = server.get(SERVER_ROOM, ""), server.get(SERVER_ROOM_TOKEN, "")
    return PageState(theme, lang, options, code, hints, *student, *room, at, query,
                     tuple(notices))  # fmt: skip


def remembered(state: PageState, name: str) -> PageState:
    """``state`` naming the student ``name``, the name the browser keeps (or none, for a bad
    one), unless the link or the hub named them."""
    if state.named_by not in ("", REMEMBERED):
        return state
    student, by = _student(None, "", name, [])
    return dataclasses.replace(state, student=student, named_by=by)


def check_name(text: str) -> str:
    """``text`` as a student's name (spaces trimmed and single); ValueError saying what a name
    is if it is not one: 1-64 characters, none a control character."""
    name = " ".join(text.split())
    if 1 <= len(name) <= MAX_NAME and all(c.isprintable() for c in name):
        return name
    raise ValueError(str(msg("a name is 1-{most} characters", most=MAX_NAME)))


def _student(
    link: str | None, hub_user: str, remembered: str, notices: list[str]
) -> tuple[str, str]:
    """The student's name and where it came from: the link's, else the hub's user, else the
    one the browser remembers (a bad one is ignored, the link's with a notice)."""
    if link is not None:
        try:
            return check_name(link), NAME
        except ValueError:
            notices.append(
                str(msg("ignored name={name}: a name is 1-{most} characters", name=shown(link),
                        most=MAX_NAME))
            )  # fmt: skip
    if hub_user:
        return hub_user[:MAX_NAME], HUB_USER
    try:
        return check_name(remembered), REMEMBERED
    except ValueError:
        return "", ""


def _class_code(link: str, server: str, notices: list[str]) -> str:
    """The class code the page plays (``""``: none): the link's ``class`` wins over the
    server's ``--class-deals``; a bad one is ignored with a notice."""
    for given, text in ((True, link), (False, server)):
        if text:
            try:
                return check_class_code(text)
            except ValueError as exc:
                said = (
                    msg("ignored the link's class: {reason}.", reason=_why(exc))
                    if given
                    else msg("ignored --class-deals: {reason}.", reason=_why(exc))
                )
                notices.append(str(said))
    return ""


def _options(query: dict[str, str], variant: Variant | None, notices: list[str]) -> dict[str, Any]:
    """Take the rules' parameters out of ``query``: each one read, then all of them together
    (some options only go with others); what cannot be used is a notice."""
    if variant is None:
        return {}
    given = {}
    for name in variant.names:
        if name in query:
            text = query.pop(name)
            try:
                given[name] = option_from_text(name, variant.game.option_specs[name], text)
            except ValueError as exc:
                said = msg(
                    "ignored {name}={value}: {reason}",
                    name=name,
                    value=shown(text),
                    reason=_why(exc),
                )
                notices.append(str(said))
    try:
        variant.checked(given)
    except ValueError as exc:
        notices.append(str(msg("ignored the rules of the link: {reason}", reason=_why(exc))))
        return {}
    return given


def _why(exc: Exception) -> object:
    """An error's reason: its message (read in the current language) or its text."""
    return exc.args[0] if exc.args else str(exc)


def current_query(search: str) -> str:
    """``search`` with the names of links made before in their new spelling (``theme`` is
    ``palette``), for a page that passes a link on (to the lesson in another language)."""
    query, _ = split_query(search)
    query.pop(LOGIN, None)
    if OLD_PALETTE in query and PALETTE in query:
        del query[OLD_PALETTE]
    renamed = {(PALETTE if k == OLD_PALETTE else k): v for k, v in query.items()}
    return "?" + urlencode(renamed) if renamed else ""


def write_query(
    *,
    theme: str = "default",
    lang: str = SOURCE,
    options: Mapping[str, Any] | None = None,
    at: str = "",
    params: Mapping[str, str] | None = None,
    class_code: str = "",
) -> str:
    """The query of a link that `read_page` reads back: only what differs from a fresh page."""
    pairs: list[tuple[str, str]] = []
    if theme != "default":
        pairs.append((PALETTE, theme))
    if lang != SOURCE:
        pairs.append((LANG, lang))
    pairs += [(name, option_text(value)) for name, value in (options or {}).items()]
    if class_code:
        pairs.append((CLASS, class_code))
    if at:
        pairs.append((AT, at))
        pairs += list((params or {}).items())
    return "?" + urlencode(pairs) if pairs else ""
