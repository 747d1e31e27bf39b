"""A student's server on a JupyterHub: ``python -m cardlab.serve.singleuser`` is the hub's spawn
command.

It starts JupyterHub's own single-user server (``jupyterhub.singleuser``, a Jupyter server that
logs in through the hub) with the lessons as its root and Voilà's index of them as the page a
student lands on, and gives the lesson pages what ``cardlab serve`` gives them where a Jupyter
server can:

* **the lean kernel** (`cardlab.serve.kernel`): its spec is written under the student's home and put
  first on ``JUPYTER_PATH``, as ``cardlab serve`` does, and cardlab's Voilà template after it (the
  page without links to a CDN);
* **a prompt websocket** (`cardlab.serve.prompt_socket`): each message to a page leaves as it
  comes;
* **Voilà's page options** (cell timeout, the files a page may load, no tracebacks, no theme or
  template from a link, only the front-end extensions the lessons use) and **kernel culling**,
  read from ``cardlab serve``'s own command line (`page_options`), so the two never drift apart.

What does not carry over, and why:

* **No preheated pool.** Voilà preheats kernels only in its own server (``voila``), not as an
  extension of a Jupyter server, so a page runs its lesson when asked, with progressive
  rendering (what ``cardlab serve --pool 0`` does): each cell shows as it finishes.
* **No XSRF identity provider** (`cardlab.serve.plugins`). The hub's single-user server must keep
  its own identity provider, which logs the student in through the hub and handles the ``_xsrf``
  cookie itself; culling stays the safety net for a page that closed without a word.
* **No ``--no-hints`` or ``--class-deals`` switch**: the hub sets ``CARDLAB_HINTS`` or
  ``CARDLAB_CLASS_DEALS`` in the server's environment instead
  (`cardlab.lessons.page_state.SERVER_HINTS`, `SERVER_CLASS`), and ``?hints=off`` or
  ``?class=CODE`` in a link works as everywhere.

Standard library and `cardlab.serve.cli`'s constants only: this runs before the server starts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from cardlab.lessons import INDEX, notebooks_dir
from cardlab.serve.cli import jupyter_path, voila_command

DEFAULT_URL = f"/voila/render/{INDEX}"
"""Where a student lands: Voilà's page of the lessons' index (relative to the server's root)."""

PAGE_OPTION_CLASSES = ("--VoilaConfiguration.", "--VoilaExecutor.", "--MappingKernelManager.")
"""Which of ``cardlab serve``'s Voilà options configure a page or its kernel (the rest, such as
the address, the port and the identity provider, belong to Voilà's own server)."""

CONNECTION = "cardlab.serve.prompt_socket.PromptConnection"
"""The kernel websocket's connection class: each message to a page leaves as it comes (named,
not imported: this module runs before the server, on the standard library)."""

KERNEL_HOME = Path(".local", "share", "cardlab")
"""Where, under the student's home, the lean kernel's spec is written (the student owns it)."""


def page_options() -> list[str]:
    """``cardlab serve``'s options for a page and its kernel, without a pool (see the module's
    docstring): they configure the Voilà extension of the single-user server the same way."""
    command = voila_command(Path(), "127.0.0.1", 0, pool=0)
    return [arg for arg in command if arg.startswith(PAGE_OPTION_CLASSES)]


def server_command(args: list[str]) -> list[str]:
    """The single-user server's command line; the hub's own ``args`` come last and win."""
    return [
        sys.executable,
        "-m",
        "jupyterhub.singleuser",
        f"--ServerApp.root_dir={notebooks_dir()}",
        f"--ServerApp.default_url={DEFAULT_URL}",
        f"--ServerApp.kernel_websocket_connection_class={CONNECTION}",
        *page_options(),
        *args,
    ]


def main() -> None:
    os.environ["JUPYTER_PATH"] = jupyter_path(
        Path.home() / KERNEL_HOME, os.environ.get("JUPYTER_PATH")
    )
    command = server_command(sys.argv[1:])
    os.execv(command[0], command)  # the hub watches this pid: become the server, do not wrap it


if __name__ == "__main__":
    main()
