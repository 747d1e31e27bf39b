"""The Pyramid quiz's questions: "which hand wins?" on showdowns dealt by the engine, marked by
its keys (pure: the quiz widget and the printed worksheet both ask them).

None of the lesson's rules enters a question: a showdown question deals three hands of its own
(the table's ``players`` is not its count) and everyone stands pat, so ``max_draw`` and
``exchange_rounds`` never come into play.  So the quiz asks the same under any rules."""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence

from cardlab.apps.asked import RIGHT, Asked, asked
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, joined, msg
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot
from cardlab.games.poker.draw import DrawPokerState
from cardlab.games.pyramid import GAME, evaluate
from cardlab.games.pyramid.hands import HAND_SIZE, KIND_COPIES, cards_of_counts, key_of_counts
from cardlab.games.pyramid.odds import kind_multisets


def dealt_given(
    rng: random.Random, left: Sequence[int], fits: Callable[[int], bool]
) -> tuple[int, ...]:
    """Six cards dealt from ``left`` copies of each kind, given that the type of the hand's best
    pyramid ``fits``, as kind counts: every such deal equally likely.  Identical cards are
    interchangeable, so each multiset of kinds is weighted by the deals that give it
    (`kind_multisets`), and one is drawn from those that fit: nothing is dealt again and again."""
    hands = [(m, w) for m, w in kind_multisets(HAND_SIZE, tuple(left)) if fits(key_of_counts(m)[0])]
    return rng.choices([m for m, _ in hands], weights=[w for _, w in hands])[0]


def quiz_deal(seed: int, players: int = 3) -> Replay[DrawPokerState]:
    """A showdown dealt by the engine: ``players`` hands, no betting, everyone stands pat.

    Three questions in four are close calls, where the best two hands are of the same type
    (they make the learner read the key past the first number).  A close call is built, not
    searched for: the first hand is dealt, the second from the rest of the deck given that it is
    of the same type, every other given that it is of no higher type; the seats are shuffled and
    the engine deals exactly those cards.  The fourth question is any deal.
    """
    rng = random.Random(f"quiz:{seed}")
    start = Replay.start(GAME, seed, players=players, betting=False, hands=1)
    callers = {s: CallBot() for s in range(players)}
    if rng.random() < 0.25:
        return start.play_out(callers)
    hands = [dealt_given(rng, KIND_COPIES, lambda t: True)]
    kind = key_of_counts(hands[0])[0]
    for i in range(1, players):
        left = [n - sum(h[k] for h in hands) for k, n in enumerate(KIND_COPIES)]
        fits = (lambda t: t == kind) if i == 1 else (lambda t: t <= kind)
        hands.append(dealt_given(rng, left, fits))
    rng.shuffle(hands)
    cards = [list(cards_of_counts(h)) for h in hands]
    for hand in cards:
        rng.shuffle(hand)
    order = start.state.order
    actions = [f"deal {cards[s][i].code}" for i in range(HAND_SIZE) for s in order]
    return start.extend(actions).play_out(callers)


def question(seed: int) -> Replay[DrawPokerState]:
    """The lesson's question for ``seed``: a showdown of three."""
    return quiz_deal(seed)


def prompt_html(q: Replay[DrawPokerState]) -> str:
    """The question, every player's six cards in words."""
    intro = msg(
        "Each player shows six cards. <b>Which hand wins?</b> Find each player's best "
        "pyramid first (the Keystone <code>K</code> is wild)."
    )
    return (
        f"<p>{intro}</p><ul>"
        + "".join(
            f"<li>{seat_name(s)}: {' '.join(c.code for c in hand)}</li>"
            for s, hand in enumerate(q.state.hands)
        )
        + "</ul>"
    )


def choices(q: Replay[DrawPokerState]) -> list[tuple[str, str]]:
    return [
        *((str(seat_name(s)), str(s)) for s in range(len(q.state.hands))),
        (str(msg("They tie")), "tie"),
    ]


def answer(q: Replay[DrawPokerState]) -> str:
    winners = q.state.results[-1].winners
    return "tie" if len(winners) > 1 else str(winners[0])


def feedback(q: Replay[DrawPokerState], value: str) -> tuple[bool, str | Message, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML): every best pyramid."""
    winners = q.state.results[-1].winners
    right = (value == "tie") == (len(winners) > 1) and (value == "tie" or int(value) in winners)
    if len(winners) > 1:
        names = [seat_name(s) for s in winners]
        verdict = msg("{players} and {last} tie", players=joined(names[:-1]), last=names[-1])
    else:
        verdict = msg("{player} wins", player=seat_name(winners[0]))
    values = sorted(
        ((evaluate(h), s) for s, h in enumerate(q.state.hands)),
        key=lambda vs: vs[0].key,
        reverse=True,
    )
    items = "".join(
        f"<li>{seat_name(s)}: {html.escape(str(v.description))} "
        f"<code>{html.escape(str(_key_words(v.key)))}</code></li>"
        for v, s in values
    )
    head = RIGHT if right else str(msg("<b>✘ Not this time.</b>"))
    note = msg("Keys compare left to right: type, perfect, apex, colour, then the unused cards.")
    best_first = msg("{verdict}. Best first:", verdict=verdict)
    return right, head, f"{best_first}<ul>{items}</ul><small>{note}</small>"


def _key_words(key: tuple[int, ...]) -> Message:
    """A hand's key as the answer shows it: ``key (3, 1, 0, 2)``."""
    return msg("key {key}", key=str(key))


def asked_for(seed: int) -> Asked:
    """The question dealt with ``seed``, in words."""
    return asked(question(seed), prompt_html, choices, answer, feedback)
