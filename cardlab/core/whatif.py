"""What-if trees: a stepped deal's main line and the branches a learner made from it.

A branch is (the line it leaves, the step it leaves at, the move played there instead); the
seeded bots then play on, so the three numbers and a move are the whole branch and a link can
carry it.  `WhatIfTree` holds every line as a `Replay` with the bots' reasons; `line_text` and
`read_line` are its compact, URL-safe text (the ``line`` parameter of a lesson link), read
strictly: every branch is checked move by move against the engine, and the text is bounded
before anything is played.

The text of a tree showing line 2, whose branch 1 leaves the main line at step 14 with
``raise`` and branch 2 leaves branch 1 at step 20 with ``discard 9g 6k``::

    2~0.14.raise~1.20.discard.9g.6k

A branch whose move is the AI's answer (What would the AI play?) shows the AI's reason for it;
its step is marked ``ai`` (``0.14ai.raise``) so a link shows that reason too.

Actions keep letters, digits and ``_``; a space becomes ``.`` and any other character ``-`` and
two hex digits per UTF-8 byte, so the text needs no escaping in a URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic

from cardlab.core.engine import CHANCE, TERMINAL, IllegalMove, S, seat_name
from cardlab.core.i18n import msg, msgn, num
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.core.text import shown

Reasons = dict[int, tuple[int, Narration]]
"""The bots' reasons for a line's moves: ``{step: (seat, reason)}`` (`Replay.play_out`)."""

PlayOn = Callable[[Replay[S], Reasons], Replay[S]]
"""Let the lesson's seeded bots play ``replay`` on to where the main line ends, keeping their
reasons in the dict given."""

AskAI = Callable[[Replay[S], int], tuple[str, tuple[int, Narration]] | None]
"""The move the lesson's AI would make at a step of a replay, and its reason ``(seat, reason)``
(None: no AI moves there)."""

MAX_BRANCHES = 16
MAX_ACTION_CHARS = 200
MAX_STEP_DIGITS = 6
MAX_LINE_CHARS = 12 * MAX_BRANCHES * (MAX_ACTION_CHARS + 16)
"""The longest ``line`` text read: every action at its longest, each character escaped."""

_PLAIN = re.compile(r"[A-Za-z0-9_]")
_SHOWN = re.compile(r"0|[1-9][0-9]?")
_BRANCH = re.compile(
    rf"(0|[1-9][0-9]?)\.(0|[1-9][0-9]{{0,{MAX_STEP_DIGITS - 1}}})(ai)?"
    r"\.((?:[A-Za-z0-9_.]|-[0-9a-f]{2})+)"
)


def encode_action(text: str) -> str:
    """``text`` in the line's URL-safe alphabet (`decode_action` reads it back)."""
    out = []
    for ch in text:
        if _PLAIN.fullmatch(ch):
            out.append(ch)
        elif ch == " ":
            out.append(".")
        else:
            out.extend(f"-{byte:02x}" for byte in ch.encode("utf-8"))
    return "".join(out)


def decode_action(code: str) -> str:
    """The action text `encode_action` wrote; ``ValueError`` for anything else."""
    out = bytearray()
    i = 0
    while i < len(code):
        ch = code[i]
        if ch == "-":
            pair = code[i + 1 : i + 3]
            if not re.fullmatch(r"[0-9a-f]{2}", pair):
                raise ValueError(
                    msg("a what-if move has a bad escape {escape}", escape=shown(code[i : i + 3]))
                )
            out.append(int(pair, 16))
            i += 3
            continue
        if ch == ".":
            out.append(0x20)
        elif _PLAIN.fullmatch(ch):
            out.append(ord(ch))
        else:
            raise ValueError(
                msg("a what-if move has a character {char} no move text holds", char=shown(ch))
            )
        i += 1
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(
            msg("a what-if move is not valid text (its escapes are not UTF-8)")
        ) from None
    if not text.strip() or len(text) > MAX_ACTION_CHARS:
        raise ValueError(
            msg("a what-if move is 1-{most} characters of text", most=MAX_ACTION_CHARS)
        )
    return text


@dataclass(frozen=True)
class Branch:
    """Line ``parent`` (0: the main line) up to ``step``, then ``action`` instead of its move;
    ``ai``: the move is the AI's answer, shown with its reason."""

    parent: int
    step: int
    action: str
    ai: bool = False


@dataclass(frozen=True)
class Line(Generic[S]):
    """One line of the tree: its replay, the bots' reasons, and the branch that made it (None:
    the main line)."""

    replay: Replay[S]
    reasons: Reasons = field(compare=False)
    branch: Branch | None = None


def read_line(text: str) -> tuple[int, tuple[Branch, ...]]:
    """``(shown line, branches)`` from a ``line`` text, checked for form only (`WhatIfTree.
    grow` checks the moves); ``ValueError`` saying what is wrong, in time linear in at most
    `MAX_LINE_CHARS` characters."""
    if not isinstance(text, str):
        raise ValueError(f"a what-if line is text, got {type(text).__name__}")
    if len(text) > MAX_LINE_CHARS:
        raise ValueError(
            msg(
                "the what-if line is {count} characters long; at most {most} are read",
                count=num(len(text)),
                most=num(MAX_LINE_CHARS),
            )
        )
    parts = text.split("~", MAX_BRANCHES + 1)
    if len(parts) > MAX_BRANCHES + 1:
        raise ValueError(msg("a what-if tree has at most {most} branches", most=MAX_BRANCHES))
    head, *rest = parts
    if not _SHOWN.fullmatch(head):
        raise ValueError(
            msg(
                "the what-if line must start with the number of the line shown (0 is the main "
                "line), got {got}",
                got=shown(head),
            )
        )
    branches = []
    for number, part in enumerate(rest, 1):
        match = _BRANCH.fullmatch(part)
        if match is None:
            raise ValueError(
                msg(
                    "what-if {number} must read <{line}>.<{step}>.<{move}> (e.g. 0.14.raise), "
                    "got {got}",
                    number=number,
                    # Translators: the three parts of a what-if's pattern, <line>.<step>.<move>
                    line=msg("line"),
                    step=msg("step"),
                    move=msg("move"),
                    got=shown(part),
                )
            )
        parent = int(match[1])
        if parent >= number:
            raise ValueError(
                msg(
                    "what-if {number} leaves line {parent}, which does not come before it",
                    number=number,
                    parent=parent,
                )
            )
        branches.append(Branch(parent, int(match[2]), decode_action(match[4]), bool(match[3])))
    shown_line = int(head)
    if shown_line > len(branches):
        raise ValueError(
            msgn(
                "the what-if line shows line {line}, but the tree has only {count} branch",
                "the what-if line shows line {line}, but the tree has only {count} branches",
                len(branches),
                line=shown_line,
            )
        )
    return shown_line, tuple(branches)


def line_text(shown_line: int, branches: tuple[Branch, ...]) -> str:
    """The ``line`` text `read_line` reads back."""
    parts = [str(shown_line)]
    parts += [
        f"{b.parent}.{b.step}{'ai' if b.ai else ''}.{encode_action(b.action)}" for b in branches
    ]
    return "~".join(parts)


@dataclass(frozen=True)
class WhatIfTree(Generic[S]):
    """The main line and its branches, each a `Line`; immutable: `grow` returns a new tree."""

    lines: tuple[Line[S], ...]

    @classmethod
    def of(cls, replay: Replay[S], reasons: Reasons) -> WhatIfTree[S]:
        return cls((Line(replay, reasons),))

    @property
    def main(self) -> Line[S]:
        return self.lines[0]

    @property
    def branches(self) -> tuple[Branch, ...]:
        return tuple(line.branch for line in self.lines[1:] if line.branch is not None)

    def grow(
        self,
        branch: Branch,
        play_on: PlayOn[S],
        reason: tuple[int, Narration] | None = None,
    ) -> WhatIfTree[S]:
        """This tree and one more line: ``branch``, then the bots playing on (``play_on``).
        ``reason`` is why the new move was chosen (the AI's), if it was; ``ValueError`` naming
        what is wrong (a full tree, a step out of range, chance's step, an illegal move, the
        line's own move)."""
        if len(self.lines) > MAX_BRANCHES:
            raise ValueError(
                msg(
                    "a lesson keeps at most {most} what-ifs: go back to a line you have",
                    most=MAX_BRANCHES,
                )
            )
        if not 0 <= branch.parent < len(self.lines):
            raise ValueError(msg("there is no line {line} to branch from", line=branch.parent))
        parent = self.lines[branch.parent]
        replay, step = parent.replay, branch.step
        if not 0 <= step <= len(replay):
            raise ValueError(
                msg(
                    "what-if {number}: step {step} is out of range: its line has steps 0-{last}",
                    number=len(self.lines),
                    step=step,
                    last=len(replay),
                )
            )
        state = replay.state_at(step)
        seat = replay.game.current_player(state)
        if seat in (CHANCE, TERMINAL):
            if seat == CHANCE:
                said = msg(
                    "no what-if at step {step}: chance decides it, no player moves there",
                    step=step,
                )
            else:
                said = msg(
                    "no what-if at step {step}: the game is over, no player moves there", step=step
                )
            raise ValueError(said)
        if len(branch.action) > MAX_ACTION_CHARS:
            raise ValueError(
                msg("a what-if move is at most {most} characters", most=MAX_ACTION_CHARS)
            )
        try:
            start = replay.branch(step, branch.action)
        except ValueError as exc:
            why = exc.reason if isinstance(exc, IllegalMove) else exc.args[0]
            raise ValueError(
                msg("what-if at step {step}: {reason}", step=step, reason=why)
            ) from None
        action = start.actions[-1]
        if step < len(replay) and replay.actions[step] == action:
            raise ValueError(
                msg(
                    "what-if at step {step}: {player} plays {action} there already; choose "
                    "another move",
                    step=step,
                    player=seat_name(seat),
                    action=repr(action),
                )
            )
        reasons: Reasons = {s: r for s, r in parent.reasons.items() if s <= step}
        if reason is not None:
            reasons[step + 1] = reason
        made = Branch(branch.parent, step, action, ai=reason is not None)
        line = Line(play_on(start, reasons), reasons, made)
        return WhatIfTree((*self.lines, line))

    def grown(
        self, branches: tuple[Branch, ...], play_on: PlayOn[S], ask: AskAI[S] | None = None
    ) -> WhatIfTree[S]:
        """This tree with ``branches`` grown in turn (a link's ``line``); a branch marked as the
        AI's answer gets the AI's reason again from ``ask``, if the AI still plays that move."""
        tree = self
        for branch in branches:
            reason = None
            if branch.ai and ask is not None and 0 <= branch.parent < len(tree.lines):
                parent = tree.lines[branch.parent].replay
                answer = ask(parent, branch.step) if 0 <= branch.step <= len(parent) else None
                if answer is not None and answer[0] == branch.action:
                    reason = answer[1]
            tree = tree.grow(branch, play_on, reason)
        return tree

    def depth(self, index: int) -> int:
        """How many branches lead from the main line to line ``index`` (0 for the main line)."""
        depth = 0
        while (branch := self.lines[index].branch) is not None:
            index, depth = branch.parent, depth + 1
        return depth

    def departure(self, index: int) -> int | None:
        """The step line ``index`` leaves its parent at (None for the main line)."""
        branch = self.lines[index].branch
        return None if branch is None else branch.step

    def order(self) -> list[int]:
        """The lines in tree order: each branch under its parent, after the parent's earlier
        branches (for a list that indents children under their parent)."""
        children: Mapping[int, list[int]] = {i: [] for i in range(len(self.lines))}
        for i, line in enumerate(self.lines[1:], 1):
            assert line.branch is not None
            children[line.branch.parent].append(i)
        out: list[int] = []

        def visit(i: int) -> None:
            out.append(i)
            for child in children[i]:
                visit(child)

        visit(0)
        return out

    def text(self, shown_line: int) -> str:
        """The ``line`` text of this tree showing line ``shown_line``."""
        return line_text(shown_line, self.branches)
