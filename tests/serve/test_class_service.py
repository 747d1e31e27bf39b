"""The class view as a JupyterHub service (`cardlab.serve.class_service`), without a hub: the
hub's answer about a browser (its user and scopes) is stood in for, everything after it is the
service's own (the scope check, the login redirect, the page, the CSV); and the shipped hub
configs run the service for the teachers.  A real hub, real logins and a real student's row:
tests/browser/own_server/test_jupyterhub.py."""

from __future__ import annotations

import asyncio
import concurrent.futures
import csv
import io
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from jupyterhub.services.auth import HubOAuth
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from cardlab.core.results import BOM, Result
from cardlab.record import URL_ENV
from cardlab.record.rows import Record
from cardlab.record.store import Store
from cardlab.serve import class_service
from cardlab.serve.class_service import access_scope, make_app

PREFIX = "/services/class/"
CODE = "SVC1"
DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "jupyterhub"
WHO = "X-Test-User"
"""The header that tells the stand-in hub who the browser is."""
MODELS = {
    "teacher": ["access:services!service=class", "read:users:name!user=tess"],
    "admin": ["access:services", "admin:users"],
    "student": ["access:servers!user=ann", "read:users:name!user=ann"],
    "culler": ["access:services!service=idle-culler"],
}
"""Each browser's scopes, as the hub would say them."""


@pytest.fixture
def hub(monkeypatch) -> HubOAuth:
    """The service's hub client, as a managed service's environment configures it, with the
    hub's answer ("who is this browser") stood in for by `WHO`.  No access scope in the
    environment: the service must not need the hub to name it."""
    for name, value in {
        "JUPYTERHUB_API_TOKEN": "the-service-token",
        "JUPYTERHUB_CLIENT_ID": "service-class",
        "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
        "JUPYTERHUB_OAUTH_CALLBACK_URL": f"{PREFIX}oauth_callback",
        "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",
    }.items():
        monkeypatch.setenv(name, value)
    for name in ("JUPYTERHUB_OAUTH_ACCESS_SCOPES", "JUPYTERHUB_OAUTH_SCOPES",
                 "JUPYTERHUB_SERVICE_NAME", "CARDLAB_CLASS_DEALS"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    HubOAuth.clear_instance()
    auth = HubOAuth.instance()

    def user(handler: Any, *, sync: bool = True) -> dict[str, Any] | None:
        who = handler.request.headers.get(WHO)
        return {"kind": "user", "name": who, "scopes": MODELS[who], "groups": []} if who else None

    monkeypatch.setattr(auth, "get_user", user)
    yield auth
    HubOAuth.clear_instance()


@pytest.fixture(scope="module")
def rows() -> None:
    """Two students' class deal in the store the tests' kernels and servers use."""
    with Store(os.environ[URL_ENV]) as store:
        store.add(
            Record.now(Result("table", "triad", CODE, 1, "Hand 1: call", score), who, "triad")
            for who, score in (("Ann", 4), ("Bo", -2))
        )


def fetch(path: str, who: str = "", lang: str = "en") -> HTTPResponse:
    """GET ``path`` of a fresh service in ``lang``, as browser ``who`` (a `MODELS` key; "": not
    logged in)."""

    async def get() -> HTTPResponse:
        server = HTTPServer(make_app(PREFIX, lang=lang))
        sock, port = bind_unused_port()
        server.add_sockets([sock])
        client = AsyncHTTPClient()
        try:
            return await client.fetch(f"http://127.0.0.1:{port}{path}", headers={WHO: who},
                                      follow_redirects=False, raise_error=False)  # fmt: skip
        finally:
            client.close()
            server.stop()

    # a thread of its own: another test in this process (Playwright's sync API) may have left a
    # loop running in this one, where asyncio.run refuses to start
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, get()).result()


def test_a_browser_not_logged_in_goes_to_the_hubs_login(hub):
    answer = fetch(f"{PREFIX}?code={CODE}")
    assert answer.code == 302
    where = urlsplit(answer.headers["Location"])
    assert where.path == "/hub/api/oauth2/authorize"
    query = parse_qs(where.query)
    assert query["client_id"] == ["service-class"]
    assert query["redirect_uri"] == [f"{PREFIX}oauth_callback"]
    assert fetch(f"{PREFIX}oauth_callback").code == 400  # there, not 404: it wants the hub's code


@pytest.mark.parametrize("who", ["teacher", "admin"])
def test_a_teacher_or_an_admin_sees_the_class_ranked(hub, rows, who):
    answer = fetch(f"{PREFIX}?code={CODE.lower()}", who)
    assert answer.code == 200, answer.body
    page = answer.body.decode()
    assert f"The class: {CODE}" in page
    ranking = page.split('class="cardlab-ranking"', 1)[1]
    assert ranking.index(">Ann<") < ranking.index(">Bo<")
    assert "part" in page and "setInterval" in page  # the page fetches itself again


@pytest.mark.parametrize("who", ["student", "culler"])
def test_anyone_without_the_services_scope_is_refused(hub, rows, who):
    answer = fetch(f"{PREFIX}?code={CODE}", who)
    assert answer.code == 403
    assert b"Ann" not in answer.body and b"not allowed" in answer.body
    assert fetch(f"{PREFIX}?code={CODE}&csv=1", who).code == 403


def test_the_part_and_the_csv(hub, rows):
    part = fetch(f"{PREFIX}?code={CODE}&part=1", "teacher")
    assert part.code == 200 and b"<html" not in part.body and b"Ann" in part.body
    sheet = fetch(f"{PREFIX}?code={CODE}&csv=1", "teacher")
    assert sheet.headers["Content-Type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(sheet.body.decode().removeprefix(BOM))))
    assert sorted(r[0] for r in table[1:]) == ["Ann", "Bo"]


def test_a_code_is_the_links_or_the_hubs_class(hub, rows, monkeypatch):
    wrong = fetch(f"{PREFIX}?code=no%20way", "teacher")
    assert wrong.code == 400 and b"a class code is" in wrong.body
    assert fetch(PREFIX, "teacher").code == 400
    monkeypatch.setenv("CARDLAB_CLASS_DEALS", CODE)  # the hub deals one class to every server
    assert b"Ann" in fetch(PREFIX, "teacher").body


def test_the_page_speaks_the_services_language(hub, rows):
    page = fetch(f"{PREFIX}?code={CODE}", "teacher", lang="ru").body.decode()
    assert '<html lang="ru">' in page and "The class" not in page and ">Ann<" in page


def test_the_service_needs_the_hub_to_say_where_it_listens(monkeypatch, capsys):
    monkeypatch.delenv("JUPYTERHUB_SERVICE_URL", raising=False)
    with pytest.raises(SystemExit):
        class_service.main([])
    assert "JUPYTERHUB_SERVICE_URL" in capsys.readouterr().err


def hub_config(name: str) -> Config:
    """``deploy/jupyterhub/NAME`` as JupyterHub reads it (its ``load_subconfig`` too)."""
    return PyFileConfigLoader(name, path=str(DEPLOY)).load_config()


def service_of(config: Config) -> dict[str, Any]:
    (service,) = [s for s in config.JupyterHub.services if s["name"] == class_service.NAME]
    return service


def test_the_shipped_hub_runs_the_service_for_the_teachers():
    config = hub_config("jupyterhub_config.py")
    service = service_of(config)
    assert service["command"] == [sys.executable, "-m", "cardlab.serve.class_service"]
    assert urlsplit(service["url"]).hostname == "127.0.0.1"  # only the proxy reaches it
    assert service["oauth_no_confirm"] is True
    results = config.Spawner.environment[URL_ENV]
    assert results.startswith("sqlite:////") and service["environment"][URL_ENV] == results
    (role,) = [r for r in config.JupyterHub.load_roles if access_scope("class") in r["scopes"]]
    assert role["scopes"] == [access_scope("class")] and role["groups"] == ["teachers"]
    assert config.PAMAuthenticator.admin_groups == {"teachers"}  # admins hold access:services


def test_the_postgresql_hub_gives_students_and_teachers_their_own_roles(monkeypatch):
    students = "postgresql+psycopg://cardlab_student:s@db/cardlab"
    teachers = "postgresql+psycopg://cardlab_teacher:t@db/cardlab"
    monkeypatch.setenv("CARDLAB_RESULTS_STUDENTS", students)
    monkeypatch.setenv("CARDLAB_RESULTS_TEACHERS", teachers)
    config = hub_config("postgresql.py")
    assert config.Spawner.environment[URL_ENV] == students
    assert service_of(config)["environment"][URL_ENV] == teachers
    assert config.Spawner.environment["CARDLAB_HINTS"] == "on"  # the rest is the base config's


def test_rows_waiting_in_kernels_and_rows_left_are_said_to_the_teacher(
    hub, rows, tmp_path, monkeypatch
):
    from cardlab.record.trouble import FOLDER_ENV, note

    monkeypatch.setenv(FOLDER_ENV, str(tmp_path))
    assert "cardlab-problem" not in fetch(f"{PREFIX}?code={CODE}&part=1", "teacher").body.decode()
    note(3, "OperationalError: disk I/O error")  # this process: a kernel that lives
    note(1, "OperationalError: disk I/O error", pid=2**22 + 7)  # past pid_max: one that ended
    page = fetch(f"{PREFIX}?code={CODE}&part=1", "teacher").body.decode()
    assert "3 rows wait to be stored (OperationalError: disk I/O error)" in page
    assert "1 row of a page that closed could not be stored" in page
    assert "Ann" in page  # the class still shows
    ru = fetch(f"{PREFIX}?code={CODE}&part=1", "teacher", lang="ru").body.decode()
    assert ru.count('class="cardlab-problem"') == 2 and "rows wait" not in ru
