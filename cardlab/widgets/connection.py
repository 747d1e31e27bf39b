"""The page's connection to its kernel, watched from the browser, and said out loud.

Voilà's page shows nothing when its kernel or its network is lost: the buttons just stop
answering, and a press made then is queued to arrive later, or never.  The page script's
front-end half (``connection.js``, part of `cardlab.widgets.a11y.PageScript`) pings the kernel
every few seconds (`answer` pongs); when no answer comes it asks the server about the page's
kernel (``GET api/kernels/<id>``, a Voilà page's own route):

* **unreachable** (the network or the server down): a banner says the lesson is reconnecting,
  announced to screen readers (``role="alert"``), and every press on the lesson is refused with
  words saying so, before any widget sees it;
* **busy**: a kernel at work (a long rules change on a loaded server): nothing is wrong;
* **gone** (404: killed and not restarted, culled, the server restarted) or **alive but deaf**
  for long (killed and restarted by Jupyter, with no widgets): a Voilà page opens itself again,
  and the kept page (`cardlab.widgets.keeper`) brings the learner back where they were, with a
  notice of what came back.  At most a few times in two minutes, then it asks the learner to.

When the answers come again the banner says so and goes.  Only a Voilà page is watched (so
also behind JupyterHub and on Binder, where the lessons are Voilà pages): JupyterLab shows its
kernels' state itself and holds several notebooks at once, each with a page script of its own,
and a notebook run again there comes back from its kept page all the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardlab.core.i18n import msg

ESM = Path(__file__).with_name("connection.js")
"""The front-end half, put before the page script's own module (`cardlab.widgets.a11y`)."""


def connection_words() -> dict[str, str]:
    """The banner's words in the current language, by the page's state."""
    return {
        "lost": str(msg("The lesson is not connected: trying again. Nothing you did is lost.")),
        "refused": str(msg("That press was not sent.")),
        "back": str(msg("Connected again.")),
        "gone": str(msg("The lesson stopped on the server: opening it again where you were.")),
        "stuck": str(msg("The lesson could not open again by itself: reload the page.")),
    }


def answer(script: Any, content: Any, buffers: Any) -> None:
    """A ping from the page (``{"ping": n}``): pong, so the page knows its kernel hears it."""
    if isinstance(content, dict) and isinstance(content.get("ping"), (int, float)):
        script.send({"pong": content["ping"]})
