"""The teacher's class view behind a JupyterHub: ``python -m cardlab.serve.class_service``, a hub
service (deploy/jupyterhub/jupyterhub_config.py) showing `cardlab.serve.class_view`'s page at
``https://HUB/services/class/?code=CODE``.

Why a service of its own: behind a hub each student's server runs apart, as that student, and
never reads the class; the class view reads every student's rows, so it runs beside the hub, and
the hub's own login says who opens it (OAuth, `HubOAuthenticated`: no token or password of
ours).  Who may is the word of the hub's roles: the scope ``access:services!service=NAME``
(`access_scope`), which the shipped config gives the group ``teachers`` and every admin holds
(``access:services``).  The hub refuses anyone else at its login step already; the service
checks the scope again on every request (a token with other scopes, a role taken away: within
the hub client's 5-minute cache), and checks exactly that scope, so that a service the hub did
not name lets nobody in rather than every hub user.

The service reads the store `cardlab.record.URL_ENV` names (the hub gives it the database the
students' servers write), takes ``CARDLAB_CLASS_DEALS`` as the class when a link names none (a
hub that deals one class to every server), and listens where ``JUPYTERHUB_SERVICE_URL`` says,
under ``JUPYTERHUB_SERVICE_PREFIX`` (the hub sets both for a service it starts).
"""

from __future__ import annotations

import argparse
import asyncio
import os
from urllib.parse import urlsplit

from jupyterhub.services.auth import (
    HubOAuthCallbackHandler,
    HubOAuthenticated,
)
from tornado import web

from cardlab.core.i18n import LANGUAGES, SOURCE
from cardlab.lessons.page_state import SERVER_CLASS
from cardlab.serve.class_view import show_class
from cardlab.serve.plain_errors import PlainErrors

NAME = "class"
"""The service's name in the shipped config (the hub's ``JUPYTERHUB_SERVICE_NAME`` wins)."""


def access_scope(name: str) -> str:
    """The hub scope that opens service ``name``: a role grants it to the teachers."""
    return f"access:services!service={name}"


class ClassServiceHandler(HubOAuthenticated, PlainErrors):
    """The class view for whoever the hub says holds `access_scope` (see the module)."""

    @property
    def hub_scopes(self) -> set[str]:
        """This service's scope, always: JupyterHub lets every user in when it has none."""
        return {access_scope(self.settings["cardlab_service"])}

    @web.authenticated
    async def get(self) -> None:
        await show_class(self, self.settings["cardlab_lang"], os.environ.get(SERVER_CLASS, ""))


def make_app(prefix: str, name: str = NAME, lang: str = SOURCE) -> web.Application:
    """The service's pages under ``prefix`` (``/services/NAME/``): the class view, and the
    callback where the hub's login ends.  The cookie's secret is new at each start: a restarted
    service sends the teacher through the hub's login again, which asks nothing of someone
    already logged in to the hub."""
    return web.Application(
        [(prefix, ClassServiceHandler), (f"{prefix}oauth_callback", HubOAuthCallbackHandler)],
        cookie_secret=os.urandom(32),
        cardlab_service=name,
        cardlab_lang=lang,
    )


async def serve(app: web.Application, host: str, port: int) -> None:
    """Answer on ``host:port`` until the hub stops the service (SIGTERM)."""
    app.listen(port, host)
    await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m cardlab.serve.class_service",
        description="The teacher's class view as a JupyterHub service (run by the hub).",
    )
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default=SOURCE,
                        help="the page's language (default: %(default)s)")  # fmt: skip
    args = parser.parse_args(argv)
    url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
    where = urlsplit(url)
    if not url or where.port is None:
        parser.error("JupyterHub runs this as a service: $JUPYTERHUB_SERVICE_URL names no port")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    app = make_app(prefix, os.environ.get("JUPYTERHUB_SERVICE_NAME", NAME), args.lang)
    asyncio.run(serve(app, where.hostname or "127.0.0.1", where.port))


if __name__ == "__main__":
    main()
