"""A preheated kernel's widgets say nothing until the page speaks (`cardlab.widgets.unheard`).

A real kernel runs a real lesson's cells, as Voilà's pool does (``VOILA_PREHEAT=True`` in its
environment); this test then plays the page's widget manager over the kernel's own channels: it
opens the control comm, asks for every state, and checks that the page can build every view the
cells displayed, with the state Python holds, and that what changes afterwards is sent.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

from cardlab.widgets.unheard import CONTROL_TARGET, PREHEAT_ENV

LESSON = Path(__file__).parents[2] / "notebooks" / "triangle.ipynb"
TIMEOUT_S = 120
REF = "IPY_MODEL_"


def lesson_cells() -> list[str]:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


@pytest.fixture(params=[True, False], ids=["preheated", "not-preheated"])
def kernel(request: pytest.FixtureRequest) -> Iterator[tuple[Any, bool]]:
    env = {**os.environ, PREHEAT_ENV: "True" if request.param else "False"}
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(LESSON.parent))
    try:
        yield client, request.param
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client: Any, code: str) -> list[dict[str, Any]]:
    """Run ``code`` and return every IOPub message it caused, up to the kernel going idle."""
    msg_id = client.execute(code)
    reply = client.get_shell_msg(timeout=TIMEOUT_S)
    assert reply["content"]["status"] == "ok", reply["content"]
    return until_idle(client, msg_id)


def until_idle(client: Any, msg_id: str) -> list[dict[str, Any]]:
    seen = []
    while True:
        msg = client.get_iopub_msg(timeout=TIMEOUT_S)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return seen
        seen.append(msg)


def send_comm(client: Any, kind: str, content: dict[str, Any], metadata: Any = None) -> str:
    """Send a comm message as a page does, on the shell channel; its message id."""
    msg = client.session.msg(kind, content, metadata=metadata or {})
    client.shell_channel.send(msg)
    return str(msg["header"]["msg_id"])


def refs(value: Any) -> Iterator[str]:
    """The model ids ``value`` (a state) refers to."""
    if isinstance(value, str) and value.startswith(REF):
        yield value[len(REF) :]
    elif isinstance(value, dict):
        for item in value.values():
            yield from refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from refs(item)


def views(messages: list[dict[str, Any]]) -> list[str]:
    """The model ids of the widget views displayed."""
    return [
        m["content"]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
        for m in messages
        if m["msg_type"] in ("display_data", "execute_result")
        and "application/vnd.jupyter.widget-view+json" in m["content"]["data"]
    ]


def request_states(client: Any) -> dict[str, Any]:
    """Be the page's widget manager: open the control comm, ask for every state, read them."""
    control = uuid.uuid4().hex
    send_comm(client, "comm_open", {"comm_id": control, "target_name": CONTROL_TARGET,
                                    "data": {}}, {"version": "1.0.0"})  # fmt: skip
    asked = send_comm(client, "comm_msg", {"comm_id": control,
                                           "data": {"method": "request_states"}})  # fmt: skip
    for msg in until_idle(client, asked):
        data = msg["content"].get("data", {})
        if msg["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            return dict(data["states"])
    raise AssertionError("no update_states answered request_states")


def test_a_preheated_lesson_opens_unheard_and_the_page_reads_it_whole(kernel):
    client, preheated = kernel
    shown: list[str] = []
    widget_messages = 0
    for code in lesson_cells():
        messages = run(client, code)
        shown += views(messages)
        widget_messages += sum(m["msg_type"].startswith("comm_") for m in messages)
    assert len(shown) >= 5, "the lesson displays its page and its parts"
    run(client, "game.show_line(0, 3)")  # a shown canvas changes before the page is there
    drawn = run(client, "from cardlab.widgets.canvas import _VIEWS\n"
                        "print(len(_VIEWS), sum(v.redraws for v in _VIEWS.values()))")  # fmt: skip
    canvases, redraws = map(int, drawn[-1]["content"]["text"].split())
    assert canvases >= 5
    if preheated:
        assert widget_messages == 0, "a preheated kernel's widgets spoke before the page"
        assert redraws == 0, "a canvas was drawn for a page that was not there"
    else:
        assert widget_messages > 100, "guard: a kernel with a page listening opens its widgets"

    # a change made before the page connects is in the state the page reads
    run(client, "page.notes_button.value = True")
    states = request_states(client)
    missing = [m for m in shown if m not in states]
    assert not missing, f"views of models the page cannot find: {missing[:3]}"
    dangling = {r for s in states.values() for r in refs(s["state"])} - set(states)
    assert not dangling, f"states refer to models the page was not given: {sorted(dangling)[:3]}"
    printed = run(client, "print(page.notes_button.model_id)")
    model_id = printed[-1]["content"]["text"].strip()
    assert states[model_id]["state"]["value"] is True

    # once the page has spoken, a change is sent as ipywidgets sends it
    changed = run(client, "page.notes_button.value = False")
    updates = [
        m["content"]
        for m in changed
        if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update"
    ]
    assert any(u["comm_id"] == model_id for u in updates), "a change after the page connected"
