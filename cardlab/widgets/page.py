"""The page's URL query, read the one way that works with and without a preheated kernel.

Voilà hands a page's request (its URL query among it) to the kernel as environment variables.
A kernel started for the page (``cardlab serve --pool 0``) has them from its start.  A preheated
kernel (the default pool) ran the lesson before anyone asked for the page, so while its cells run
the query does not exist yet; Voilà passes it on once the page is requested, through
``voila.utils.wait_for_request``, which waits until then.

So read the query after the page has connected, in a widget callback (a click, a canvas's
client-ready), and apply what it chooses there: by then the request is known and the answer
comes at once.  Never at the top level of a cell: with a pool that would hold the kernel until a
student opens the page, and Voilà stops a cell that runs longer than its timeout.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl

QUERY = "QUERY_STRING"
PREHEATED = "VOILA_PREHEAT"


def page_query() -> dict[str, str]:
    """The page's query parameters (``?seed=7`` -> ``{"seed": "7"}``; ``{}`` outside Voilà).

    Call it after the page connected (see the module docstring); a repeated name keeps its last
    value."""
    if os.environ.get(PREHEATED) == "True" and QUERY not in os.environ:
        from voila.utils import wait_for_request  # only a preheated kernel needs Voilà's help

        wait_for_request()
    return dict(parse_qsl(os.environ.get(QUERY, ""), keep_blank_values=True))


HINTS = "CARDLAB_HINTS"
"""Set to ``off`` by ``cardlab serve --no-hints``: no table of the server offers a hint."""
HINTS_OFF = {"off", "no", "0", "false"}


def hints_allowed() -> bool:
    """Whether the tables may offer hints: not when the teacher served the lessons with
    ``--no-hints`` or the page's link says ``hints=off``.  Read after the page connected, as
    `page_query`."""
    if os.environ.get(HINTS, "").lower() in HINTS_OFF:
        return False
    return page_query().get("hints", "").lower() not in HINTS_OFF
