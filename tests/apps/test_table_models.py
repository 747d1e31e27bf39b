"""Every game's table model, played as plain data and through the one table widget.

The models are found by their place (``cardlab/apps/<game>/table.py``), so a new game's table is
covered as soon as it exists.  What every table promises: a refused press says why and leaves the
table exactly as it was, every disabled control can say why it is disabled, the AI's suggestion
is always a press the table accepts, and a whole game can be played from the suggestions alone.
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_games import MODELS

from cardlab.apps.model import LEARNER, Mirror, TableModel
from cardlab.core.engine import IllegalMove
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


def shown_on_page(view: TableView) -> None:
    """The page reports the table's canvas in its window (`cardlab.widgets.canvas._heard`)."""
    from cardlab.widgets import canvas

    canvas._heard(None, {"seen": [view.canvas_view.canvas.key]}, None)


def tap_canvas_batches(monkeypatch: pytest.MonkeyPatch, into: list[Any]) -> None:
    """Every canvas batch sent from now on, its commands appended to ``into``."""
    from cardlab.widgets.a11y import page_script

    script = page_script()
    send = script.send
    monkeypatch.setattr(
        script,
        "send",
        lambda content, buffers=None: (
            into.append(content["draw"]) if "draw" in content else None,
            send(content, buffers=buffers),
        ),
    )


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gains an item each time a drawing is replayed into a batch from now on (a
    press answered from its prepared batch replays nothing)."""
    from cardlab.widgets import canvas as canvas_module

    replays: list[int] = []
    replay = canvas_module.replay_ops
    monkeypatch.setattr(
        canvas_module, "replay_ops", lambda *a, **k: replays.append(1) or replay(*a, **k)
    )
    return replays


def play(model: TableModel, presses: int = 400) -> TableModel:
    """Follow the suggestions until the table offers the next game."""
    for _ in range(presses):
        tip = model.suggest()
        if tip.key in model.again:
            return model
        model = model.select(tip.selected).act(tip.key, tip.value)
        assert model.said.level != "error"
    raise AssertionError(f"{type(model).__name__}: no end after {presses} presses")


@pytest.mark.parametrize("game", list(MODELS))
def test_a_game_plays_from_the_suggestions_alone(game):
    start = MODELS[game].start()
    end = play(start)
    assert len(end.replay) > len(start.replay) and end.log
    assert end.scores, "a finished game (or hand) has a row on the score sheet"
    again = end.act(end.suggest().key)
    assert again.said.text and again.replay is not end.replay
    assert len(again.scores) in (0, len(end.scores))  # a new game clears, a next hand keeps


@pytest.mark.parametrize("game", list(MODELS))
def test_every_disabled_control_says_why(game):
    model = MODELS[game].start()
    for _ in range(60):
        for control in model.controls():
            if control.enabled:
                continue
            assert control.why_not, f"{control.key} is disabled without a reason"
            if control.key == model.pressed:  # the second half of a double click: no refusal
                assert model.act(control.key, control.value) is model
                continue
            with pytest.raises(ValueError, match=re.escape(control.why_not)):
                model.act(control.key, control.value)
        tip = model.suggest()
        if tip.key in model.again:
            break
        model = model.select(tip.selected).act(tip.key, tip.value)


@pytest.mark.parametrize("game", list(MODELS))
def test_the_words_of_a_table(game):
    model = MODELS[game].start()
    mirror = model.mirror()
    assert isinstance(mirror, Mirror) and mirror.hands and mirror.legal_moves
    assert model.picture("default").ops and model.score_columns()
    with pytest.raises(ValueError, match="no 'teleport' control"):
        model.act("teleport")
    with pytest.raises(ValueError, match="no card"):
        model.select([len(model.hand()) + 3])


@pytest.mark.parametrize("game", list(MODELS))
def test_a_double_click_does_the_job_once_and_says_nothing_wrong(game):
    """Both clicks of a double click reach the kernel before the first disables the button:
    the second press of Next hand (or any control that did its job and is now disabled) leaves
    the table and its status line as the first press left them."""
    view, doubled = TableView(MODELS[game].start(), ThemePicker()), set()
    for _ in range(400):
        tip = view.model.suggest()
        if tip.selected:
            view.hand.set_selected(tip.selected)
        widget = view.controls[tip.key]
        if not isinstance(widget, widgets.Button):
            view.press(tip.key, tip.value)
            continue
        widget.click()
        first, said = view.model, view.status.message
        assert view.status.level != "error", said
        if not first.control(tip.key).enabled:
            widget.click()
            assert view.model is first and view.status.message == said
            assert view.status.level != "error"
            doubled.add(tip.key)
        if tip.key in first.again and tip.key != "new-game":
            break
    assert doubled, f"{game}: no press was ever doubled"


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
@pytest.mark.parametrize("game", list(MODELS))
def test_refused_presses_leave_the_table_as_it_was(game, data):
    """Any press (enabled or not, any value, any cards selected) is a move or a refusal with a
    reason; after a refusal the table shows exactly the model it showed before."""
    view = TableView(MODELS[game].start(), ThemePicker())
    keys = [c.key for c in view.model.controls()]
    for _ in range(data.draw(st.integers(1, 12))):
        key = data.draw(st.sampled_from(keys))
        value = data.draw(st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=6)))
        size = len(view.model.hand())
        if size:
            most = size if view.model.multi_select else 1
            view.hand.set_selected(data.draw(st.sets(st.integers(0, size - 1), max_size=most)))
        before, drawing = view.model, view.view.drawing
        try:
            view.press(key, value)
        except (IllegalMove, ValueError) as refused:
            assert str(refused).strip()
            assert view.model is before and view.view.drawing is drawing


def test_a_refused_press_leaves_the_view_as_it_was():
    model = MODELS["triad"].start()
    refused = next(c for c in model.controls() if not c.enabled)
    view = TableView(model, ThemePicker())
    drawing = view.hand.drawing
    view.controls[refused.key].click()
    assert view.model is model and view.hand.drawing is drawing
    assert view.status.level == "error"


@pytest.mark.parametrize("game", list(MODELS))
def test_a_press_makes_the_learners_move_once_and_sends_the_canvas_one_batch(game, monkeypatch):
    """One press: the engine applies the learner's move once (no preview played twice), and the
    page gets one canvas message (the table's redraw, any new card face's hidden canvas in the
    same batch)."""
    view = TableView(MODELS[game].start(), ThemePicker())
    engine = type(view.model.game)
    owner = next(k for k in engine.__mro__ if "_apply" in k.__dict__)  # every move's one way in
    apply, moves, batches = owner.__dict__["_apply"], [], []

    def counted(self, state, move, *args, **kwargs):
        if self.current_player(state) == LEARNER:
            moves.append(move)
        return apply(self, state, move, *args, **kwargs)

    monkeypatch.setattr(owner, "_apply", counted)
    tap_canvas_batches(monkeypatch, batches)
    presses = 0
    for _ in range(60):
        model = view.model
        tip = model.suggest()
        if tip.selected:
            view.hand.set_selected(tip.selected)
        moves.clear()
        batches.clear()
        view.press(tip.key, tip.value)
        after = view.model.replay
        start = (
            len(model.replay) if after.actions[: len(model.replay)] == model.replay.actions else 0
        )
        made = sum(after.event_at(i).actor == LEARNER for i in range(start + 1, len(after) + 1))
        assert view.status.level != "error", view.status.message
        assert made <= 1 and len(moves) == made, (
            f"{tip.key}: {made} moves applied {len(moves)} times"
        )
        assert len(batches) == 1, f"{tip.key}: {len(batches)} canvas messages for one press"
        presses += made
    assert presses >= 20


@pytest.mark.parametrize("game", list(MODELS))
def test_the_log_never_changes_beside_a_stale_button(game):
    """A browser (or a screen reader) that waits for the log to change and then reads the
    buttons must find only buttons the new position allows: whenever the log changes in a press,
    the enabled controls are among those enabled after it.  (Triad's stand pat, with no bot
    after it, once left Check enabled beside the new log.)  A hint, which changes no button,
    disables none on the way."""
    view = TableView(MODELS[game].start(seed=3), ThemePicker())
    hint = next(c for c in view.model.controls() if c.key == "hint")
    assert hint.enabled, f"{game}: the hint is refused at the start"
    before = {k for k, w in view.controls.items() if not w.disabled}
    flicker: list[str] = []

    def disabled(change) -> None:
        if change.new:
            flicker.append(change.owner.description)

    for widget in view.controls.values():
        widget.observe(disabled, "disabled")
    view.press("hint", None if hint.kind == "button" else not hint.value)
    for widget in view.controls.values():
        widget.unobserve(disabled, "disabled")
    assert {k for k, w in view.controls.items() if not w.disabled} == before
    assert not flicker, f"{game}: the hint disabled {flicker} on the way"
    seen: list[set[str]] = []
    view.journal.observe(
        lambda _: seen.append({k for k, w in view.controls.items() if not w.disabled}), "value"
    )
    for _ in range(40):
        tip = view.model.suggest()
        if tip.key in view.model.again:
            break
        view.model = view.model.select(tip.selected)
        seen.clear()
        view.press(tip.key, tip.value)
        after = {k for k, w in view.controls.items() if not w.disabled}
        stale = [s - after for s in seen if s - after]
        assert not stale, f"{game}: {view.model.replay.actions[-1:]} left {stale[0]} enabled"
        assert view.status.level != "error"


def played_hand(model: TableModel) -> TableModel:
    """``model``'s hand played to its end as the hints say."""
    while model.state.phase != "done":
        tip = model.suggest()
        model = model.select(tip.selected).act(tip.key, tip.value)
    return model


@pytest.mark.parametrize("game", ["triad", "pyramid"])
def test_the_bots_exchange_advice_is_worked_out_ahead_and_used(game):
    """While the learner bets, the table asks the game for each AI's exact exchange advice
    (`TableModel.ahead`); when the AI draw, they are given that advice without counting every
    draw again, and the hand is played exactly as without it."""
    from cardlab.games.poker import draw

    for seed in range(1, 30):  # a deal where an AI stays in until the draw
        draw._advice.cache_clear()
        cold = played_hand(MODELS[game].start(seed=seed))
        counted_cold = draw._advice.cache_info().misses
        if counted_cold:
            break
    draw._advice.cache_clear()
    model = MODELS[game].start(seed=seed)
    assert model.state.phase == "bet1"
    model.ahead()
    ahead = draw._advice.cache_info().misses
    assert ahead == len([s for s in model.state.live if s in model.bots]) > 0
    warm = played_hand(model)
    assert warm.replay.actions == cold.replay.actions  # the same hand, move for move
    info = draw._advice.cache_info()
    # every advice the hand asked for was either worked out ahead (a hit) or counted then
    assert info.hits >= 1 and info.hits + (info.misses - ahead) == counted_cold


def test_a_table_shown_in_a_kernel_works_ahead_once_the_page_shows_it(in_a_kernel):
    """In a kernel (a running event loop) the view asks `ahead` shortly after the page reports
    its canvas in the window, never while the page loads (a table nobody scrolled to costs
    nothing) and never inside a press."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardlab.games.poker import draw
    from cardlab.widgets import canvas

    async def session() -> tuple[int, int, int, TableView]:
        draw._advice.cache_clear()
        view = TableView(MODELS["triad"].start(seed=4), ThemePicker())
        during = draw._advice.cache_info().misses
        await asyncio.sleep(TableView.AHEAD_S + 0.3)
        unseen = draw._advice.cache_info().misses
        canvas._heard(None, {"seen": [view.canvas_view.canvas.key]}, None)  # the page's report
        await asyncio.sleep(TableView.AHEAD_S + 0.5)
        return during, unseen, draw._advice.cache_info().misses, view

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        during, unseen, after, view = thread.submit(asyncio.run, session()).result(timeout=60)
    assert during == 0 and unseen == 0 and after > 0 and view.status.level != "error"
    assert view.canvas_view.seen


def test_a_clicked_press_sends_its_picture_first_and_its_words_a_frame_after(in_a_kernel):
    """In a kernel a click's canvas batch goes out alone; the log, status and controls follow
    `TableView.WORDS_AFTER_S` later, the same as a press shown at once, and a newer press's
    words are never overwritten by an older one's."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    def words(view: TableView) -> tuple[str, str, dict[str, bool], list[str]]:
        disabled = {k: bool(w.disabled) for k, w in view.controls.items()}
        cards = [b.tooltip for b in view.hand.buttons.children if b.layout.display is None]
        return view.journal.value, view.status.widget.value, disabled, cards

    at_once = TableView(MODELS["triad"].start(seed=4), ThemePicker())
    at_once.press("check")
    at_once.press("check")
    expected = words(at_once)

    async def session() -> tuple[int, tuple, tuple, tuple]:
        view = TableView(MODELS["triad"].start(seed=4), ThemePicker())
        before, redraws = words(view), view.view.redraws
        view.controls["check"].click()  # the browser's click
        drawn = view.view.redraws - redraws
        during = words(view)
        view.controls["check"].click()  # a second click before the first one's words
        await asyncio.sleep(TableView.WORDS_AFTER_S + 0.3)
        return drawn, before, during, words(view)

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        drawn, before, during, after = thread.submit(asyncio.run, session()).result(timeout=60)
    assert drawn == 1
    assert during == before  # the words and the controls wait for the picture
    assert after == expected


def test_a_press_the_table_foresaw_sends_the_batch_made_while_the_learner_thought(
    in_a_kernel, monkeypatch
):
    """After the look-ahead a press replays nothing: it sends the canvas batch made for the
    table it foresaw, which repaints the boxes that changed (`changed_boxes`) or, where most
    of the table changed, the very commands a redraw of it sends."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardlab.render.damage import changed_boxes

    sent: list[Any] = []
    tap_canvas_batches(monkeypatch, sent)
    replays = count_replays(monkeypatch)

    async def session() -> list[tuple[list[int], Any, Any, Any]]:
        view = TableView(MODELS["triad"].start(seed=4), ThemePicker())
        shown_on_page(view)  # its look-ahead waits for the page to show it
        seen = []
        for _ in range(4):
            await asyncio.sleep(TableView.AHEAD_S + 0.5)  # foreseen, and the batches made
            key = next(k for k in ("check", "call", "stand-pat") if view.model.control(k).enabled)
            before = view.view.drawing
            replays.clear()
            sent.clear()
            view.controls[key].click()
            during, pressed = list(replays), sent[0]
            boxes = changed_boxes(before, view.view.drawing, view.view.scale)
            await asyncio.sleep(TableView.WORDS_AFTER_S + 0.3)
            sent.clear()
            view.view.redraw()
            seen.append((during, pressed, boxes, sent[0]))
        return seen

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        seen = thread.submit(asyncio.run, session()).result(timeout=60)
    assert any(boxes for _, _, boxes, _ in seen)  # a press that repaints a part
    for during, pressed, boxes, redrawn in seen:
        assert during == []
        if boxes is None:
            assert pressed == redrawn
        else:
            painted = [tuple(c[1:]) for c in pressed if c[0] == "rect"]
            assert painted == [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes]
            assert ["clip"] in pressed


def test_a_press_after_a_card_is_selected_finds_its_table_foreseen(in_a_kernel, monkeypatch):
    """Selecting a card looks ahead again, with that card selected: the Three Thirteen discard
    that follows is answered from what was worked out while the learner moved to the button,
    and sends the batch made for it (no replay of the table, no engine move in the press)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    replays = count_replays(monkeypatch)

    async def session() -> list[tuple[list[int], bool]]:
        view = TableView(MODELS["three_thirteen"].start(seed=3), ThemePicker())
        seen = []
        for _ in range(3):
            await asyncio.sleep(TableView.AHEAD_S + 0.5)
            view.controls["take-stock"].click()
            await asyncio.sleep(TableView.AHEAD_S + 0.5)
            view.hand.set_selected((0,))  # the learner's click on a card
            await asyncio.sleep(TableView.AHEAD_S + 0.5)
            foreseen = {id(after) for after in view.model.foreseen()}
            replays.clear()
            view.controls["discard"].click()
            seen.append((list(replays), id(view.model) in foreseen))
        return seen

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        seen = thread.submit(asyncio.run, session()).result(timeout=120)
    assert seen == [([], True)] * 3


def test_a_foreseen_showdown_finds_its_faces_made_a_whole_deck_at_a_time(in_a_kernel, monkeypatch):
    """The faces a foreseen table would show at a size the page has no canvas for (Triad's
    showdown, smaller than the learner's hand) are made ahead, the whole deck at that size and
    never fewer (what is made says nothing of the cards to come), so the press that shows them
    blits them and draws no face inline."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardlab.render.faces import deck_faces_like
    from cardlab.render.ops import Sprite
    from cardlab.widgets import canvas as canvas_module

    monkeypatch.setattr(canvas_module, "_SPRITES", {})  # a page that holds no face yet
    monkeypatch.setattr(canvas_module, "_SPRITES_FRESH", set())
    sent: list[Any] = []
    tap_canvas_batches(monkeypatch, sent)

    def faces(drawing) -> dict[str, Sprite]:
        return {op.key: op for op in drawing.ops if isinstance(op, Sprite) and deck_faces_like(op)}

    def size(key: str) -> str:
        return key.split(":")[3]

    async def session() -> list[tuple[set[str], dict[str, Sprite], dict[str, Sprite]]]:
        view = TableView(MODELS["triad"].start(seed=4), ThemePicker())
        shown_on_page(view)  # its look-ahead waits for the page to show it
        seen = []
        for _ in range(12):
            await asyncio.sleep(TableView.AHEAD_S + 1.5)  # foreseen, and the faces made
            keys = [k for k in ("check", "call", "stand-pat") if view.model.control(k).enabled]
            if not keys:
                break
            made = {c[1] for batch in sent for c in batch if c[0] == "sprite"}
            view.controls[keys[0]].click()
            seen.append((made, faces(view.view.drawing), dict(view.view._sprites_due)))
        return seen

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        seen = thread.submit(asyncio.run, session()).result(timeout=120)
    first_sizes = set(map(size, faces(MODELS["triad"].start(seed=4).picture("default", (), False))))
    showdowns = [(made, shown) for made, shown, _ in seen if set(map(size, shown)) - first_sizes]
    assert showdowns, "the hand reached a showdown with faces of a size the table had not shown"
    for made, shown in showdowns:
        for new_size in set(map(size, shown)) - first_sizes:
            deck = {face.key for op in shown.values() if size(op.key) == new_size
                    for face in deck_faces_like(op)}  # fmt: skip
            made_at_size = {key.split("@")[0] for key in made if size(key) == new_size}
            assert made_at_size == deck, "the whole deck at that size, made before the press"
    assert all(not due for _, _, due in seen), "no press drew a face inline"
