"""Stepper over a real High Card replay: caption, buttons, slider, Play, set_replay."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_link import DirectionalLink, Link

from cardlab.render.ops import Drawing, Text
from cardlab.widgets.stepper import Stepper, caption_text


def test_steps_forward_and_back_with_narration(highcard_replay):
    r = highcard_replay
    seen: list[tuple[int, object, object]] = []
    stepper = Stepper(r, lambda step, state, event: seen.append((step, state, event)))
    assert seen[0] == (0, r.state_at(0), None)
    assert stepper.slider.max == stepper.play.max == len(r) == 18
    assert "Step 0 of 18" in stepper.caption.value
    assert stepper.back_button.disabled and stepper.start_button.disabled

    for step in range(1, 4):
        stepper.forward_button.click()
        assert stepper.step == step
        assert stepper.caption_text == f"Step {step} of 18: {r.event_at(step).narration}"
        assert seen[-1] == (step, r.state_at(step), r.event_at(step))
    stepper.back_button.click()
    assert stepper.step == 2 and seen[-1][0] == 2
    assert stepper.caption_text == f"Step 2 of 18: {r.event_at(2).narration}"
    assert not stepper.back_button.disabled and not stepper.forward_button.disabled


def test_end_start_and_arithmetic(highcard_replay):
    r = highcard_replay
    stepper = Stepper(r)
    stepper.end_button.click()
    assert stepper.step == 18
    assert stepper.forward_button.disabled and stepper.end_button.disabled
    assert r.event_at(18).arithmetic
    assert str(r.event_at(18).arithmetic) in stepper.caption.value
    stepper.next()  # at the end: nothing happens
    assert stepper.step == 18
    stepper.start_button.click()
    assert stepper.step == 0
    stepper.back()
    assert stepper.step == 0


def test_slider_and_play_drive_the_step(highcard_replay):
    stepper = Stepper(highcard_replay)
    stepper.slider.value = 5
    assert stepper.step == 5 and stepper.play.value == 5
    assert caption_text(highcard_replay, 5) in stepper.caption.value
    stepper.play.value = 7  # a tick of the browser's Play timer: Python relays it to the slider
    assert stepper.step == 7


def test_go_out_of_range_is_refused(highcard_replay):
    stepper = Stepper(highcard_replay)
    with pytest.raises(ValueError, match="0-18"):
        stepper.go(19)
    stepper.go(4)
    stepper.go(4)  # same step: refreshes, no error
    assert stepper.step == 4


def test_set_replay_updates_the_range(highcard_replay):
    calls: list[int] = []
    stepper = Stepper(highcard_replay, lambda step, state, event: calls.append(step))
    stepper.go(15)
    short = highcard_replay.truncate(9)
    stepper.set_replay(short)
    assert stepper.slider.max == stepper.play.max == 9
    assert stepper.step == 9 and stepper.forward_button.disabled
    assert stepper.caption_text.startswith("Step 9 of 9:")
    assert calls[-1] == 9 and calls.count(9) == 1  # one redraw for the switch, not several
    stepper.set_replay(highcard_replay, step=3)
    assert stepper.slider.max == 18 and stepper.step == 3


def test_render_step_returning_a_drawing_gets_a_canvas(highcard_replay):
    def render(step, state, event) -> Drawing:
        return Drawing(120, 40, (Text(60, 20, f"step {step}"),))

    stepper = Stepper(highcard_replay, render)
    assert stepper.view is not None
    assert stepper.view.widget in stepper.widget.children
    assert stepper.view.drawing.texts() == ["step 0"]
    stepper.next()
    assert stepper.view.drawing.texts() == ["step 1"]
    assert (stepper.view.css_width, stepper.view.canvas.width) == (120, 240)
    assert stepper.view.label.described_by == stepper.caption_id, "the narration describes it"
    assert f'id="{stepper.caption_id}"' in stepper.caption.value


def test_failing_callback_is_a_status_message_not_a_traceback(highcard_replay, capsys):
    def render(step, state, event):
        if step == 2:
            raise RuntimeError("renderer not ready")

    stepper = Stepper(highcard_replay, render)
    stepper.forward_button.click()
    stepper.forward_button.click()
    assert stepper.step == 2
    assert stepper.status.message == "Something went wrong: RuntimeError: renderer not ready"
    assert capsys.readouterr().out == ""


def test_widget_tree_is_built_once(highcard_replay):
    stepper = Stepper(highcard_replay)
    children = stepper.widget.children
    caption = stepper.caption
    for _ in range(5):
        stepper.next()
    stepper.set_replay(highcard_replay.truncate(4))
    assert stepper.widget.children == children and stepper.caption is caption


def test_play_is_a_text_toggle_whose_pause_keeps_the_step(highcard_replay):
    """The learner's Play is a text toggle (no icon font, which a classroom network may block)
    linked to the hidden Play timer; a pause stops where it is, it never rewinds to step 0."""
    from cardlab.widgets.stepper import PAUSE, PLAY

    stepper = Stepper(highcard_replay)
    assert stepper.play.layout.display == "none"
    row = next(c for c in stepper.widget.children if stepper.play_button in c.children)
    assert not any(getattr(w, "icon", "") for w in row.children)
    stepper.play_button.value = True
    assert stepper.play.playing and stepper.play_button.description == str(PAUSE)
    stepper.play.value = 6  # the browser's timer ticking
    stepper.play_button.value = False
    assert not stepper.play.playing and stepper.play_button.description == str(PLAY)
    assert stepper.step == 6 and stepper.play.value == 6
    stepper.play.playing = False  # the timer stopping at the last step turns the toggle off
    stepper.play_button.value = True
    stepper.play.playing = False
    assert stepper.play_button.value is False and stepper.play_button.description == str(PLAY)


def browser_write_backs(stepper: Stepper) -> list[tuple[widgets.Widget, str, object]]:
    """What the browser's links (``jslink``, run by the page, not the kernel) among the stepper's
    widgets send back to the kernel on hearing its current step: each link's other end, set to
    the value heard, as the front end's link model writes it."""
    ours = {stepper.slider, stepper.play}
    found = []
    for link in list(_instances.values()):
        if not isinstance(link, Link):
            continue
        (source, source_attr), (target, target_attr) = link.source, link.target
        if ours & {source, target}:
            found.append((target, target_attr, getattr(source, source_attr)))
            if not isinstance(link, DirectionalLink):
                found.append((source, source_attr, getattr(target, target_attr)))
    return found


def test_a_step_opened_while_the_browser_still_hears_the_first_stays(highcard_replay):
    """A page rendered cell by cell (``cardlab serve --pool 0``) tells the browser the stepper's
    first step while the kernel still runs the lesson, and a link's step (``?at=deal&step=9``)
    is applied in the same cell; what the browser sends back reaches the kernel only after the
    cell.  No browser-side link may write the first step back over the link's."""
    stepper = Stepper(highcard_replay)
    stepper.go(5)  # the lesson's first step, which the browser hears
    heard = browser_write_backs(stepper)
    stepper.go(9)  # the link's step
    for widget, name, value in heard:  # after the cell: the browser's write-backs arrive
        widget.set_state({name: value})
    assert stepper.step == 9 and stepper.slider.value == stepper.play.value == 9
    assert caption_text(highcard_replay, 9) in stepper.caption.value
