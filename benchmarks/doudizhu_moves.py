"""Dou Dizhu speed: legal-play generation and whole random games, side by side with rlcard 1.2.0.

    pip install rlcard==1.2.0          # benchmark environment only, not a cardlab dependency
    python benchmarks/doudizhu_moves.py [--deals 300] [--games 300] [--write]

Tasks (the same cards for both libraries):

* **lead 20**: every legal play of the landlord's 20-card hand (seat 1's 17 cards + the bottom)
  of seeded deal ``d`` (``d`` = 0 ... deals-1), leading.  Ours: `combos.legal_plays(hand)` from
  scratch (its cache is cleared before every timed pass); rlcard:
  `DoudizhuJudger.playable_cards_from_hand(hand)`.
* **follow 17**: the plays of each farmer's 17-card hand that beat a table combination.  Per deal
  the table is 5 seeded leads of the landlord's hand, drawn among the plays both rulebooks know, so
  300 deals give 3,000 tasks.  Ours: `legal_plays(hand, table)`; rlcard:
  `utils.get_gt_cards(player, greater_player)` (its own follow generator, fed the same hands).
* **games/s**: whole seeded games with uniformly random legal actions.  Ours twice: through the
  raw `GAME` (``initial_state`` / ``legal_actions`` / ``apply``: 54 dealt cards, bidding with
  throw-ins, play, scoring) and through `Replay.play_out` with the core `RandomBot` (which also
  keeps every state and event for the step-through controller).  rlcard: its raw `DoudizhuGame`
  (``init_game`` / ``step``; rlcard has no bidding: seat 0 is always the landlord, and no scoring
  beyond win/loss).

The rules differ a little (Cardavia wings allow a pair; rlcard allows some wing shapes and not
others), so each task also prints how many plays each library found (on these deals they agree
on average).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from types import SimpleNamespace

from cardlab.core.bots import RandomBot
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import GAME, combos
from cardlab.games.doudizhu.combos import Combo, counts_of, legal_plays

CHARS = "3456789TJQKA2BR"


def rl_text(counts: tuple[int, ...]) -> str:
    """A rank-count vector as rlcard's card string (low to high, B/R for the jokers)."""
    return "".join(CHARS[i] * n for i, n in enumerate(counts))


def deals(n: int) -> list[dict]:
    """Seeded deals from our engine: the 20-card landlord hand, the two farmers', 5 leads."""
    from rlcard.games.doudizhu.utils import CARD_TYPE

    known = CARD_TYPE[0]
    out = []
    for d in range(n):
        state = Replay.start(GAME, d).resolve_chance().state
        landlord = counts_of((*state.hands[0], *state.bottom))
        farmers = [counts_of(state.hands[1]), counts_of(state.hands[2])]
        rng = random.Random(d)
        leads = [
            c
            for c in legal_plays(landlord)
            if isinstance(c, Combo) and c.kind != "rocket" and rl_text(c.counts) in known
        ]
        out.append({"landlord": landlord, "farmers": farmers, "tables": rng.sample(leads, 5)})
    return out


def timed(run: Callable[[], int], repeat: int) -> tuple[float, int]:
    """Best wall time of ``repeat`` runs and what the run counted."""
    best, found = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        found = run()
        best = min(best, time.perf_counter() - start)
    return best, found


# -- ours ---------------------------------------------------------------------------------------
def ours_lead(data: list[dict]) -> int:
    combos.clear_cache()
    return sum(len(legal_plays(d["landlord"])) for d in data)


def ours_follow(data: list[dict]) -> int:
    combos.clear_cache()
    n = 0
    for d in data:
        for hand in d["farmers"]:
            for table in d["tables"]:
                n += len(legal_plays(hand, table)) - 1  # without "pass"
    return n


def ours_games(games: int) -> int:
    """Raw engine: chance by a seeded generator, players uniformly random."""
    combos.clear_cache()
    steps = 0
    for g in range(games):
        rng = random.Random(g)
        state = GAME.initial_state()
        while not GAME.is_terminal(state):
            if GAME.current_player(state) == -1:
                action = GAME.sample_chance(state, rng)
            else:
                action = rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action).state
            steps += 1
    return steps


def ours_replays(games: int) -> int:
    combos.clear_cache()
    steps = 0
    for g in range(games):
        bots = {s: RandomBot(f"{g}/{s}") for s in range(3)}
        steps += len(Replay.start(GAME, g).play_out(bots))
    return steps


# -- rlcard -------------------------------------------------------------------------------------
def rl_setup(data: list[dict]) -> None:
    from rlcard.games.base import Card as RLCard

    def cards(counts: tuple[int, ...]) -> list:
        out = []
        for i, n in enumerate(counts):
            for _ in range(n):
                if i == 13:
                    out.append(RLCard("BJ", ""))
                elif i == 14:
                    out.append(RLCard("RJ", ""))
                else:
                    out.append(RLCard("S", CHARS[i]))
        return out

    for d in data:
        d["rl_landlord"] = rl_text(d["landlord"])
        d["rl_farmers"] = [SimpleNamespace(current_hand=cards(h)) for h in d["farmers"]]
        d["rl_tables"] = [SimpleNamespace(played_cards=rl_text(t.counts)) for t in d["tables"]]


def rl_lead(data: list[dict]) -> int:
    from rlcard.games.doudizhu.judger import DoudizhuJudger

    return sum(len(DoudizhuJudger.playable_cards_from_hand(d["rl_landlord"])) for d in data)


def rl_follow(data: list[dict]) -> int:
    from rlcard.games.doudizhu.utils import get_gt_cards

    n = 0
    for d in data:
        for player in d["rl_farmers"]:
            for table in d["rl_tables"]:
                n += len(get_gt_cards(player, table)) - 1
    return n


def rl_games(games: int) -> int:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    steps = 0
    for g in range(games):
        game.np_random = np.random.RandomState(g)
        rng = random.Random(g)
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        game.judger.judge_payoffs(game.round.landlord_id, game.winner_id)
    return steps


# -- report -------------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()

    import rlcard

    data = deals(args.deals)
    rl_setup(data)
    n_follow = sum(len(d["farmers"]) * len(d["tables"]) for d in data)
    rows = []
    for task, calls, ours, theirs in (
        ("lead 20 (landlord hand)", args.deals, ours_lead, rl_lead),
        ("follow 17 (farmer hand vs a table play)", n_follow, ours_follow, rl_follow),
    ):
        t_ours, found_ours = timed(lambda f=ours: f(data), args.repeat)
        t_rl, found_rl = timed(lambda f=theirs: f(data), args.repeat)
        rows.append(
            f"| {task} | {calls:,} | {1e6 * t_ours / calls:.1f} | {1e6 * t_rl / calls:.1f} "
            f"| **{t_rl / t_ours:.2f}x** | {found_ours / calls:.1f} | {found_rl / calls:.1f} |"
        )
        print(rows[-1], flush=True)

    game_rows = []
    speeds = {}
    for label, run in (
        ("ours, raw `GAME` (deal + bidding + play + scoring)", ours_games),
        ("ours, `Replay.play_out` with `RandomBot`", ours_replays),
        ("rlcard 1.2.0 raw `DoudizhuGame` (no bidding)", rl_games),
    ):
        times = []
        steps = 0
        for _ in range(max(1, args.repeat // 2)):
            start = time.perf_counter()
            steps = run(args.games)
            times.append(time.perf_counter() - start)
        speeds[label] = args.games / min(times)
        game_rows.append((label, speeds[label], steps / args.games))
    rl_speed = speeds["rlcard 1.2.0 raw `DoudizhuGame` (no bidding)"]
    game_lines = [
        f"| {label} | {speed:.0f} | {speed / rl_speed:.2f}x | {steps:.1f} |"
        for label, speed, steps in game_rows
    ]
    for line in game_lines:
        print(line, flush=True)

    text = "\n".join(
        [
            f"Written by `python benchmarks/doudizhu_moves.py --write` on "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; rlcard "
            f"{rlcard.__version__}, {args.deals} seeded deals, best of {args.repeat} passes, "
            "one process.",
            "Ours clears its combination cache before every pass, so every hand is computed "
            "from scratch.",
            "",
            "| task | calls | ours µs/call | rlcard µs/call | speed-up | plays found (ours) "
            "| plays found (rlcard) |",
            "|---|---|---|---|---|---|---|",
            *rows,
            "",
            f"{args.games} seeded random games (best of {max(1, args.repeat // 2)}):",
            "",
            "| engine | games/s | vs rlcard | actions/game |",
            "|---|---|---|---|",
            *game_lines,
            "",
            "Our actions/game count the 54 dealt cards and the bids as actions; rlcard deals in "
            "one step and has no bidding. The rulebooks differ a little (Cardavia wings; rlcard "
            "lists card strings, we list readings), so the found-play counts could differ; on "
            "these deals they agree on average.",
        ]
    )
    print()
    print(text)
    if args.write:
        from doudizhu_ai import update_section

        update_section(
            "Legal plays and games per second vs rlcard (`benchmarks/doudizhu_moves.py`)", text
        )


if __name__ == "__main__":
    main()
