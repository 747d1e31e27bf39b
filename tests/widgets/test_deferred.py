"""`deferred_open`: what the page ends up holding is exactly what Python holds, in fewer messages.

Every comm message the widgets send is played onto a model store, as a page's widget manager
keeps one (an opening adds a model, an update changes it); for every widget shown, the store's
model and the models it refers to (its layout, its style, its children) must then read as the
Python widget does, whatever was built, changed and shown in whatever order.
"""

from __future__ import annotations

from typing import Any

import comm
import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.widgets.deferred import deferred_open, is_deferred


class Page:
    """The models a page would hold, from the messages sent (comm id -> state), after reading
    the kernel's open models when it connected."""

    def __init__(self) -> None:
        from ipywidgets.widgets.widget import _instances

        # a page that connects reads every open model first (ipywidgets' control comm); each
        # is read when first referred to, as it is then: a test process holds thousands
        self.models = _Models(set(_instances))
        self.opened: list[str] = []
        self.updates = 0
        self.custom: list[tuple[str, Any]] = []

    def tap(self) -> Any:
        """A ``publish_msg`` for the comms' class: it gets the comm sending."""

        def publish(comm_: Any, kind: str, data: Any = None, *_: Any, **__: Any) -> None:
            self.publish(comm_, kind, data)

        return publish

    def holds(self, key: str) -> bool:
        """Whether the page holds model ``key``."""
        try:
            self.models[key]
        except KeyError:
            return False
        return True

    def publish(self, comm_: Any, kind: str, data: Any = None) -> None:
        data = data or {}
        if kind == "comm_open":
            for value in _refs(data["state"]):
                assert self.holds(value), "a model referred to before it was opened"
            self.models[comm_.comm_id] = dict(data["state"])
            self.opened.append(comm_.comm_id)
        elif kind == "comm_msg" and data.get("method") == "update":
            assert self.holds(comm_.comm_id), "an update to a model never opened"
            self.models[comm_.comm_id].update(data["state"])
            self.updates += 1
        elif kind == "comm_msg" and data.get("method") == "custom":
            assert self.holds(comm_.comm_id), "a message to a model never opened"
            self.custom.append((comm_.comm_id, data["content"]))

    def reads_as(self, widget: widgets.Widget) -> None:
        """The page's model of ``widget`` (and of what it refers to) holds its Python state."""
        assert self.holds(widget.model_id)
        model = self.models[widget.model_id]
        for name, value in widget.get_state().items():
            if isinstance(getattr(widget, name), widgets.Widget):
                ref = model[name]
                assert ref.startswith("IPY_MODEL_"), name
                assert self.holds(ref.removeprefix("IPY_MODEL_"))
                held = self.models[ref.removeprefix("IPY_MODEL_")]
                part = getattr(widget, name)
                mine = {k: v for k, v in part.get_state().items() if k not in _IDS}
                assert {k: held[k] for k in mine} == mine, (name, mine)
            elif name == "children":
                assert model[name] == [f"IPY_MODEL_{c.model_id}" for c in widget.children]
            else:
                assert model[name] == value, name


class _Models(dict[str, dict[str, Any]]):
    """A page's models by comm id; one that was open before the page connected is read when
    first looked up, as it is then (a test process holds thousands of them)."""

    def __init__(self, open_before: set[str]) -> None:
        super().__init__()
        self.open_before = open_before

    def __missing__(self, key: str) -> dict[str, Any]:
        from ipywidgets.widgets.widget import _instances

        if key not in self.open_before or key not in _instances:
            raise KeyError(key)
        self[key] = state = _instances[key].get_state()
        return state


_IDS = ("layout", "style", "children")


def _refs(state: dict[str, Any]) -> list[str]:
    found = []
    for value in state.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                found.append(item.removeprefix("IPY_MODEL_"))
    return found


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    tap = Page()
    monkeypatch.setattr(comm.DummyComm, "publish_msg", tap.tap())
    return tap


def test_a_widget_built_inside_opens_once_as_shown_with_what_was_set_after(page):
    with deferred_open():
        text = widgets.HTML("draft")
        text.value = "final"
        text.add_class("cardlab-note")
        box = widgets.VBox([text])
        never = widgets.Button(description="never shown")
    assert page.opened == [] and is_deferred(text) and is_deferred(never)
    box._repr_mimebundle_()
    assert page.updates == 0
    page.reads_as(box)
    page.reads_as(text)
    assert page.models[text.model_id]["value"] == "final"
    assert is_deferred(never) and never.comm is None  # built, never shown: never sent


def test_layouts_and_styles_alike_are_one_model_until_one_changes(page):
    with deferred_open():
        a, b = widgets.HTML("a"), widgets.HTML("b")
        own = widgets.HTML("c", layout=widgets.Layout(width="10px"))
        twin = widgets.HTML("d", layout=widgets.Layout(width="10px"))
        box = widgets.VBox([a, b, own, twin])
    box._repr_mimebundle_()
    layouts = {page.models[w.model_id]["layout"] for w in (a, b, box)}
    assert len(layouts) == 1  # one shared default layout model
    assert page.models[own.model_id]["layout"] not in layouts
    assert page.models[own.model_id]["layout"] == page.models[twin.model_id]["layout"]  # alike
    a.layout.display = "none"
    page.reads_as(a)
    page.reads_as(b)
    assert page.models[a.model_id]["layout"] != page.models[b.model_id]["layout"]
    assert page.models[b.model_id]["layout"] in layouts  # b still shares, unchanged
    assert page.models[page.models[b.model_id]["layout"][10:]]["display"] is None


def test_a_message_to_a_deferred_widget_opens_it_first(page):
    with deferred_open():
        button = widgets.Button()
    button.send({"hello": 1})
    assert page.custom == [(button.model_id, {"hello": 1})]


def test_a_widget_closed_before_it_was_shown_never_opens(page):
    with deferred_open():
        text = widgets.HTML("gone")
    text.close()
    assert text.comm is None and not is_deferred(text) and page.opened == []


def test_a_view_built_inside_shows_as_ipywidgets_shows_it_without_its_whole_repr(page):
    """The page's view of a deferred box is the same model view, shown again the same way; its
    plain-text fallback names its kind (ipywidgets' would spell out every child)."""
    with deferred_open():
        box = widgets.VBox([widgets.HTML("x" * 200), widgets.Button(description="go")])
    first, again = box._repr_mimebundle_(), box._repr_mimebundle_()
    assert first == again
    assert first["application/vnd.jupyter.widget-view+json"] == {
        "version_major": 2, "version_minor": 0, "model_id": box.model_id
    }  # fmt: skip
    assert first["text/plain"] == "VBox(…)"
    page.reads_as(box)
    plain = widgets.VBox([widgets.HTML("x" * 200)])
    assert plain._repr_mimebundle_()["text/plain"].startswith("VBox(children=(HTML(")


def test_outside_the_context_widgets_open_as_ipywidgets_made_them(page):
    text = widgets.HTML("plain")
    assert text.comm is not None and page.opened == [text.layout.model_id, text.style.model_id,
                                                      text.model_id]  # fmt: skip


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["value", "width", "display", "class", "show", "new", "move"]),
        st.integers(0, 5),
        st.text(alphabet="abc", max_size=3),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(steps=STEPS)
def test_whatever_is_built_changed_and_shown_the_page_reads_as_python(steps):
    """Widgets built in and out of the context, changed before and after they are shown,
    moved between boxes: every shown widget reads on the page as it does in Python."""
    tap = Page()
    saved = comm.DummyComm.publish_msg
    comm.DummyComm.publish_msg = tap.tap()  # type: ignore[method-assign]
    try:
        with deferred_open():
            items = [widgets.HTML(f"w{i}") for i in range(3)]
            boxes = [widgets.VBox(items[:2]), widgets.HBox(items[2:])]
        shown: list[widgets.Box] = []
        for kind, i, text in steps:
            widget = items[i % len(items)]
            if kind == "value":
                widget.value = text
            elif kind == "width":
                widget.layout.width = f"{len(text)}px"
            elif kind == "display":
                widget.layout.display = "none" if text else None
            elif kind == "class":
                widget.add_class(f"c{text}")
            elif kind == "show":
                box = boxes[i % 2]
                box._repr_mimebundle_()
                shown.append(box)
            elif kind == "new":
                with deferred_open():
                    items.append(widgets.HTML(text))
            else:
                box = boxes[i % 2]
                box.children = (*box.children, items[-1])
        for box in shown:
            page_reads(tap, box)
    finally:
        comm.DummyComm.publish_msg = saved  # type: ignore[method-assign]


def page_reads(tap: Page, box: widgets.Box) -> None:
    tap.reads_as(box)
    for child in box.children:
        tap.reads_as(child)
