"""A page's websocket sends each message as it comes (cardlab/serve/prompt_socket.py says why):
Nagle's algorithm is off on a real socket that a real kernel's connection serves, and every
server that shows the lessons (``cardlab serve``, a hub's, Binder's) uses that connection."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado import httpserver, web, websocket
from tornado.testing import bind_unused_port
from traitlets.config.loader import JSONFileConfigLoader, KVArgParseConfigLoader

from cardlab.serve.app import CardlabVoila
from cardlab.serve.prompt_socket import PromptConnection
from cardlab.serve.singleuser import server_command


async def nodelay_when_connected(connection_class: type) -> int:
    """TCP_NODELAY on the server's side of a websocket once ``connection_class`` has connected
    it to a running kernel (Jupyter Server's handler, without its login)."""
    kernels = MappingKernelManager()
    kernel_id = await kernels.start_kernel(kernel_name="python3")
    seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    class Handler(KernelWebsocketHandler):
        async def prepare(self) -> None:  # no login: the connection is what is tested
            self.connection = connection_class(
                parent=kernels.get_kernel(kernel_id), websocket_handler=self
            )

        async def get(self, *args: str) -> None:
            await websocket.WebSocketHandler.get(self, *args)

        async def open(self, *_args: str) -> None:
            ready = self.connection.connect()
            sock = self.ws_connection.stream.socket
            seen.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            await asyncio.wait_for(ready, 30)
            self.connection.disconnect()

    listening, port = bind_unused_port()
    server = httpserver.HTTPServer(web.Application([(r"/ws", Handler)], kernel_manager=kernels))
    server.add_sockets([listening])
    try:
        client = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws")
        value = await asyncio.wait_for(seen, 60)
        client.close()
        return value
    finally:
        server.stop()
        await kernels.shutdown_kernel(kernel_id, now=True)


def test_a_pages_websocket_has_nagles_algorithm_off_and_jupyters_own_has_it_on():
    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        prompt = thread.submit(asyncio.run, nodelay_when_connected(PromptConnection))
        assert prompt.result(timeout=120) == 1
        plain = thread.submit(asyncio.run, nodelay_when_connected(ZMQChannelsWebsocketConnection))
        assert plain.result(timeout=120) == 0


def test_cardlab_serve_and_the_hubs_server_connect_pages_so():
    assert CardlabVoila().kernel_websocket_connection_class is PromptConnection
    args = [a for a in server_command([]) if a.startswith("--ServerApp.")]
    hub = ServerApp(config=KVArgParseConfigLoader(args).load_config())
    assert hub.kernel_websocket_connection_class is PromptConnection


def test_binders_server_connects_pages_so():
    """Binder's server reads the settings its ``postBuild`` puts in the user's Jupyter folder."""
    binder = Path(__file__).parents[1] / "binder"
    config = JSONFileConfigLoader("jupyter_server_config.json", str(binder)).load_config()
    assert ServerApp(config=config).kernel_websocket_connection_class is PromptConnection
    post = (binder / "postBuild").read_text()
    assert 'cp binder/jupyter_server_config.json "${HOME}/.jupyter/' in post
