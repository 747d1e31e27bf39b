"""The server ``cardlab serve`` runs: Voilà's own application with the room's pages and bounds
(``python -m cardlab.serve.app``, same options as ``voila``).

Voilà's standalone server is the one that preheats kernels, so the lessons are served by it, not
by a Jupyter server extension.  `CardlabVoila` is Voilà's application class with handlers
swapped or added in `init_handlers`, and nothing of Voilà patched:

* a lesson page first asks `RoomKernelManager.refusal` (`cardlab.serve.capacity`) whether there is
  room; if not, its browser gets the "class is full" page (503, ``Retry-After``), which says why
  in the page's language and loads the same address again on its own after a few seconds, until
  the lesson opens;
* a page's websocket tells the kernel manager which client connected to which kernel (the
  per-client bound, and the claim rule that stops kernels no page ever connected to), and sends
  each message as it comes (`cardlab.serve.prompt_socket`);
* ``/cardlab/join`` is the teacher's join page for the projector: the address students open, as
  text and as a QR code, with the class code; only the teacher's token opens it;
* ``/cardlab/class`` is the teacher's class view (`cardlab.serve.class_view`);
* ``/cardlab/record`` takes the kernels' rows of the class record and stores them
  (`cardlab.serve.record_handler`).
"""

from __future__ import annotations

import random

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import Unicode, default
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from cardlab.core.i18n import LANGUAGES, SOURCE, msg, using_language
from cardlab.links import qr_svg
from cardlab.serve.capacity import Refusal, RoomKernelManager
from cardlab.serve.class_view import ClassViewHandler
from cardlab.serve.plugins import TEACHER
from cardlab.serve.prompt_socket import PromptConnection
from cardlab.serve.record_handler import RecordHandler
from cardlab.serve.room import CLASS_PATH, JOIN_PATH, RECORD_PATH
from cardlab.serve.templates import PAGES

RETRY = (8, 15)
"""Seconds before a "class is full" page tries again, drawn at random in this range, so a room
refused at the same moment does not come back at the same moment."""

MARK = "\x00"
"""Where the count of seconds goes in a sentence, so that the page can count down in it."""


def page_language(path: str | None, default: str) -> str:
    """The language of the lesson at ``path``: its folder's (``ru/triad.ipynb``), else
    ``default``."""
    first = (path or "").split("/", 1)[0]
    return first if first in LANGUAGES and "/" in (path or "") else default


class RoomPageHandler(TornadoVoilaHandler):
    """A lesson page, once there is room for its kernel; else the "class is full" page."""

    @web.authenticated
    async def get(self, path=None):
        manager = self.kernel_manager
        client = self.request.remote_ip or ""
        refused = (
            manager.refusal(path or "", client) if isinstance(manager, RoomKernelManager) else None
        )
        if refused is not None:
            self.full(path, manager, refused)
            return
        try:
            await super().get(path)
        finally:
            if isinstance(manager, RoomKernelManager):
                manager.release()

    def full(self, path: str | None, manager: RoomKernelManager, refused: Refusal) -> None:
        seconds = random.randint(*RETRY)
        lang = page_language(path, self.settings.get("cardlab_lang", SOURCE))
        with using_language(lang):
            if refused == "client":
                why = msg(
                    "This device already has {count} lessons open, as many as one device may "
                    "have. Close one of them, or wait: this page tries again on its own.",
                    count=manager.per_client,
                )
            else:
                why = msg(
                    "The class is full: this server runs as many lessons as its memory holds "
                    "({count}). This page tries again on its own as soon as a place is free.",
                    count=manager.max_kernels,
                )
            retry = str(msg("Trying again in {seconds} s.", seconds=MARK))
            before, _, after = retry.partition(MARK)
            texts = {
                "title": str(msg("The class is full")),
                "why": str(why),
                "before": before,
                "after": after,
                "now": str(msg("Try again now")),
            }
        self.set_status(503)
        self.set_header("Retry-After", str(seconds))
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(PAGES.get_template("full.html").render(lang=lang, seconds=seconds, **texts))


class RoomSocketHandler(VoilaKernelWebsocketHandler):
    """A page's connection to its kernel, which tells the room whose page the kernel is."""

    async def open(self, kernel_id):
        manager = self.kernel_manager
        if isinstance(manager, RoomKernelManager):
            manager.connected(kernel_id, self.request.remote_ip or "")
        return await super().open(kernel_id)


class JoinHandler(JupyterHandler):
    """The join page for the projector: the students' address and QR code, the class code."""

    @web.authenticated
    async def get(self):
        if getattr(self.current_user, "username", None) != TEACHER:
            raise web.HTTPError(403, "the join page needs the teacher's token")
        join = self.settings.get("cardlab_join_url", "")
        code = self.settings.get("cardlab_class_code", "")
        lang = self.settings.get("cardlab_lang", SOURCE)
        with using_language(lang):
            texts = {
                "title": str(msg("Join the class")),
                "scan": str(msg("Scan the code with a phone's camera, or type the address:")),
                "code_label": str(msg("Class code")),
                "qr_label": str(msg("The address as a QR code: point a phone's camera at it")),
                "lessons_label": str(msg("Open the lessons")),
            }
        self.set_header("Cache-Control", "no-store")
        qr = qr_svg(join) if join else ""
        page = PAGES.get_template("join.html")
        self.finish(page.render(lang=lang, join=join, code=code, qr=qr, lessons=join, **texts))


class CardlabVoila(Voila):
    """Voilà's server with the room's pages and bounds (see the module's docstring)."""

    join_url = Unicode("", config=True, help="The address students open (classroom mode)")
    class_code = Unicode("", config=True, help="The class code the join page shows")
    lang = Unicode(SOURCE, config=True, help="The class's language (the room's own pages)")

    @default("kernel_websocket_connection_class")
    def _prompt_connection(self) -> type:
        """Each message to a page leaves as it comes (`cardlab.serve.prompt_socket`)."""
        return PromptConnection

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings.update(
            cardlab_join_url=self.join_url, cardlab_class_code=self.class_code,
            cardlab_lang=self.lang,
        )  # fmt: skip
        return settings

    def init_handlers(self) -> list:
        swapped = {
            TornadoVoilaHandler: RoomPageHandler,
            VoilaKernelWebsocketHandler: RoomSocketHandler,
        }
        handlers = [
            (spec[0], swapped.get(spec[1], spec[1]), *spec[2:]) for spec in super().init_handlers()
        ]
        return [
            (url_path_join(self.server_url, JOIN_PATH), JoinHandler),
            (url_path_join(self.server_url, CLASS_PATH), ClassViewHandler),
            (url_path_join(self.server_url, RECORD_PATH), RecordHandler),
            *handlers,
        ]


main = CardlabVoila.launch_instance

if __name__ == "__main__":
    main()
