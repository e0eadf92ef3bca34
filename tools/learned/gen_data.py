"""Positions from self-play for a learned evaluation: each a seat's observation tensor (the seat to move,
from its view only) with the final returns of its game, rotated so that entry 0 is the seat to move.

Games are stepped together with the Python package's ``VectorGame``; each game's seats are played by a
line-up of bot specs (heuristic, noisy heuristics, a cheap ``expert``), chosen per game in turn. Worker
processes (``--workers``) each run their own ``VectorGame`` from their own seeds, so the whole data set
is a function of the command line: ``--seed``, ``--games``, ``--workers``, the line-ups and ``--keep``.

    python tools/learned/gen_data.py mystic-vale --games 3000 --seed 1 --workers 2 --out target/learned/mv.npz

Output (``.npz``): ``obs`` float16 ``[n, obs_len]``, ``target`` float32 ``[n, 4]`` (the returns of
the seats relative to the seat to move, normalised to sum 1), ``meta`` (JSON); for a policy (move
ranking) target, ``action`` int32 ``[n]`` (the action id the mover's bot chose), ``teacher`` int8 ``[n]``
(the index in ``--teachers`` of the mover's bot spec, -1 if it is not one), and the legal action ids of
each position, ragged: ``legal`` int32 (all of them, position after position) with ``legal_end`` int64
``[n]`` (where each position's ids end).

Targets from search (``--search``, AlphaZero-style): a mover whose bot spec is one of ``--search`` (a
searching bot, e.g. ``expert:iters=400``) does not just play: one search from its view gives, per legal
id, the visits and the mean return of the seat to move (``sylvan.Bot.action_values``); it plays the most
visited move (ties to the better mean, as the search bot itself does). Each such position kept also
records ``q`` float32 ``[n]`` (the root's value for the mover: the visit-weighted mean of its moves'
mean returns; NaN where no search labelled the position) and ``visits`` float32, ragged like ``legal``
(the search's visits per legal id, zeros where no search labelled the position). ``train.py --q-mix``
and ``train_policy.py --target visits`` read them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from typing import List, Sequence, Tuple

import numpy as np

import sylvan

#: Relative seats the target holds (every registered game has at most 5 seats; Mystic Vale has 4).
SEATS = 4

#: The default line-ups, one per game in turn: the heuristic against itself and against noisy copies
#: of itself (so that the positions cover mistakes and their punishment), and a cheap ISMCTS `expert`.
DEFAULT_LINEUPS = [
    "heuristic,heuristic",
    "heuristic,heuristic:noise=0.15",
    "heuristic:noise=0.15,heuristic",
    "heuristic,heuristic:noise=0.3",
    "heuristic:noise=0.3,heuristic",
    "heuristic:noise=0.05,heuristic:noise=0.05",
    "expert:iters=100,heuristic",
    "heuristic,expert:iters=100",
]


def rotate(returns: Sequence[float], mover: int, players: int) -> np.ndarray:
    """The returns seen from `mover`: entry r is the return of seat (mover + r) % players, normalised to
    sum 1 (a draw splits the mass; no winner spreads it evenly)."""
    t = np.zeros(SEATS, dtype=np.float32)
    for r in range(min(players, SEATS)):
        t[r] = max(0.0, float(returns[(mover + r) % players]))
    s = float(t.sum())
    if s <= 0:
        t[: min(players, SEATS)] = 1.0 / min(players, SEATS)
    else:
        t /= s
    return t


def searched_move(values: Sequence[Tuple[int, int, float]]) -> Tuple[int, float, dict]:
    """From a search's `(id, visits, mean)` per legal id: the move it plays (most visits, then the better
    mean, then the first), the root's value for the mover (the visit-weighted mean) and the visits by id."""
    best = max(range(len(values)), key=lambda i: (values[i][1], values[i][2], -i))
    total = sum(v for _, v, _ in values)
    q = sum(v * m for _, v, m in values) / total if total > 0 else float("nan")
    return int(values[best][0]), float(q), {int(a): float(v) for a, v, _ in values}


def worker(args: Tuple[str, int, List[str], int, int, int, float, List[str], List[str], List[str]]) -> dict:
    """Plays `games` games from `seed` and returns the kept positions' arrays and the moves played."""
    name, players, overrides, games, seed, slots, keep, lineups, teachers, search = args
    game = sylvan.Game(name, players, overrides)
    n_players = game.num_players()
    slots = max(1, min(slots, games))
    vg = sylvan.VectorGame(game, slots, seed=seed)
    rng = random.Random(seed)
    bots = {}

    def bot(spec: str, s: int) -> "sylvan.Bot":
        key = (spec, s)
        if key not in bots:
            bots[key] = sylvan.Bot(spec, seed=seed * 31 + len(bots))
        return bots[key]

    started = slots
    lineup = [lineups[i % len(lineups)].split(",") for i in range(slots)]
    pending: List[List[Tuple[np.ndarray, int, int, int, np.ndarray, float, np.ndarray]]] = [[] for _ in range(slots)]
    obs_out: List[np.ndarray] = []
    tgt_out: List[np.ndarray] = []
    act_out: List[int] = []
    teacher_out: List[int] = []
    legal_out: List[np.ndarray] = []
    q_out: List[float] = []
    visits_out: List[np.ndarray] = []
    searches = 0
    finished = 0
    moves = 0
    obs, mask, cur, _rew, _done = vg.observe()
    while finished < games:
        actions = np.zeros(slots, dtype=np.int64)
        for i in range(slots):
            seat = int(cur[i])
            specs = lineup[i]
            spec = specs[seat % len(specs)]
            legal = np.flatnonzero(mask[i]).astype(np.int32)
            q, visits = float("nan"), np.zeros(len(legal), np.float32)
            if spec in search and len(legal) >= 2:
                values = bot(spec, seat).action_values(vg.state(i))
                if not values:
                    raise SystemExit(f"error: --search {spec!r} is not a searching bot")
                actions[i], q, by_id = searched_move(values)
                visits = np.array([by_id.get(int(a), 0.0) for a in legal], np.float32)
                searches += 1
            else:
                actions[i] = bot(spec, seat).step(vg.state(i))
            if rng.random() < keep:
                t = teachers.index(spec) if spec in teachers else -1
                pending[i].append((obs[i].astype(np.float16), seat, int(actions[i]), t, legal, q, visits))
        obs, mask, cur, rew, done = vg.step(actions)
        moves += slots
        for i in np.nonzero(done)[0]:
            if finished < games:
                for o, mover, action, t, legal, q, visits in pending[i]:
                    obs_out.append(o)
                    q_out.append(q)
                    visits_out.append(visits)
                    tgt_out.append(rotate(rew[i], mover, n_players))
                    act_out.append(action)
                    teacher_out.append(t)
                    legal_out.append(legal)
            finished += 1
            pending[i] = []
            lineup[i] = lineups[started % len(lineups)].split(",")
            started += 1
    width = game.observation_tensor_size()
    o = np.stack(obs_out) if obs_out else np.zeros((0, width), np.float16)
    t = np.stack(tgt_out) if tgt_out else np.zeros((0, SEATS), np.float32)
    return {
        "obs": o,
        "target": t,
        "action": np.array(act_out, dtype=np.int32),
        "teacher": np.array(teacher_out, dtype=np.int8),
        "legal": np.concatenate(legal_out) if legal_out else np.zeros(0, np.int32),
        "legal_len": np.array([len(x) for x in legal_out], dtype=np.int64),
        "q": np.array(q_out, dtype=np.float32),
        "visits": np.concatenate(visits_out) if visits_out else np.zeros(0, np.float32),
        "moves": moves,
        "searches": searches,
    }


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="a registered game, e.g. mystic-vale")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("-o", "--option", action="append", default=[], help="an option override NAME=VALUE")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--slots", type=int, default=16, help="games stepped together per worker")
    p.add_argument("--keep", type=float, default=0.3, help="the share of positions kept")
    p.add_argument("--lineups", default=";".join(DEFAULT_LINEUPS), help="line-ups separated by ';'")
    p.add_argument(
        "--teachers",
        default="heuristic;expert:iters=100",
        help="bot specs (';'-separated) whose chosen moves are policy targets (the 'teacher' array)",
    )
    p.add_argument(
        "--search",
        default="",
        help="bot specs (';'-separated) whose moves come from one search each, recorded as targets (q, visits)",
    )
    p.add_argument("--out", required=True)
    a = p.parse_args(argv)
    lineups = [x for x in a.lineups.split(";") if x]
    teachers = [x for x in a.teachers.split(";") if x]
    search = [x for x in a.search.split(";") if x]
    per = [a.games // a.workers + (1 if w < a.games % a.workers else 0) for w in range(a.workers)]
    jobs = [
        (a.game, a.players, a.option, n, a.seed * 1_000_003 + w * 100_000, a.slots, a.keep, lineups, teachers, search)
        for w, n in enumerate(per)
        if n > 0
    ]
    t0 = time.time()
    if len(jobs) == 1:
        results = [worker(jobs[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
            results = pool.map(worker, jobs)
    obs = np.concatenate([r["obs"] for r in results])
    tgt = np.concatenate([r["target"] for r in results])
    action = np.concatenate([r["action"] for r in results])
    teacher = np.concatenate([r["teacher"] for r in results])
    legal = np.concatenate([r["legal"] for r in results])
    legal_end = np.cumsum(np.concatenate([r["legal_len"] for r in results]))
    q = np.concatenate([r["q"] for r in results])
    visits = np.concatenate([r["visits"] for r in results])
    game = sylvan.Game(a.game, a.players, a.option)
    meta = {
        "game": a.game,
        "options": json.loads(game.options_json()),
        "obs_len": game.observation_tensor_size(),
        "games": a.games,
        "seed": a.seed,
        "workers": a.workers,
        "keep": a.keep,
        "lineups": lineups,
        "teachers": teachers,
        "search": search,
        "searches": int(sum(r["searches"] for r in results)),
        "labelled": int(np.isfinite(q).sum()),
        "command": " ".join(["python", "tools/learned/gen_data.py"] + argv),
        "positions": int(obs.shape[0]),
        "moves": int(sum(r["moves"] for r in results)),
        "seconds": round(time.time() - t0, 1),
    }
    np.savez(
        a.out,
        obs=obs,
        target=tgt,
        action=action,
        teacher=teacher,
        legal=legal,
        legal_end=legal_end,
        q=q,
        visits=visits,
        meta=np.array(json.dumps(meta)),
    )
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
