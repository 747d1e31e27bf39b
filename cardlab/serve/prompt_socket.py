"""`PromptConnection`: a page's connection to its kernel that sends each message as it comes.

Tornado leaves Nagle's algorithm on for a websocket.  With it on, a message the server writes
while the browser has not yet acknowledged the one before waits for that acknowledgement, and
the browser may delay it by up to 40 ms (its delayed ACK).  A press is exactly that case: the
kernel's "busy" goes out, and the canvas batch a few milliseconds behind it waits.  Measured at
a Dou Dizhu table, 60 presses: two batches left the kernel on time and reached the page 37 and
46 ms later; with the algorithm off, none (`benchmarks/RESULTS.md`).

Every server that shows the lessons uses it: ``cardlab serve`` (`cardlab.serve.app.CardlabVoila`),
a hub's single-user server (`cardlab.serve.singleuser`, on its command line) and Binder's
(``binder/jupyter_server_config.json``, which ``binder/postBuild`` puts in place).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class PromptConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel connection with Nagle's algorithm off on its websocket."""

    def connect(self) -> Any:  # a future, or None (Jupyter Server's base class says coroutine)
        """Nagle's algorithm off, then Jupyter Server's connection: called once the websocket
        is open, before the first message to the page."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
