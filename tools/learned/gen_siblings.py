"""Sibling positions for a learned evaluation: the positions a search compares. From turn starts of
self-play games, the same turn is played several ways (``--continuations``: the heuristic, noisy copies
of it, random moves) up to the next seat's turn; each result is labelled by the mean returns of
``--playouts`` games played on from it by the heuristic for every seat, each from a sample of the state
consistent with the view of the seat to move there (``resample_from_infostate``: what a network reading
that view could know). ``train.py --siblings`` fits the network to these labels and to which sibling of
a group is the better for the seat whose turn it was (a pairwise loss); ``rank_siblings.py`` judges a
weights file on held-out groups.

    python tools/learned/gen_siblings.py mystic-vale --games 400 --seed 1 --out target/learned/sib.npz

Output (``.npz``): per sibling, ``obs`` float16 ``[n, obs_len]`` (the observation tensor of the seat to
move after the turn, from its view), ``target`` float32 ``[n, 4]`` (the label: mean returns relative to
that seat, normalised to sum 1), ``group`` int32 ``[n]`` (siblings of one turn share it), ``cont`` int8
``[n]`` (the index of the continuation in ``--continuations``), ``mover`` int8 ``[n]`` (the seat whose
turn it was, relative to the seat to move after it), ``margin`` float32 ``[n]`` (that seat's mean final
score minus the best other seat's over the playouts: a label with less noise than the returns, for the
pairwise loss), ``meta`` (JSON). Siblings whose turn ended the game
are left out (a search scores those by the game's returns).

The self-play games are played by ``--lineup`` (seats in turn); a turn start is a position where the
seat to move changed (and the game is not over); every ``--every``-th turn start is branched. The whole
file is a function of the command line; it is written every ``--save-every`` games, so a run stopped early
leaves the groups of the games done (its ``meta`` says how many).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import List

import numpy as np

import sylvan

SEATS = 4


def rotated(returns, to_move: int, players: int) -> np.ndarray:
    out = np.zeros(SEATS, np.float32)
    for r in range(players):
        out[r] = max(float(returns[(to_move + r) % players]), 0.0)
    s = out.sum()
    return out / s if s > 0 else np.full(SEATS, 1.0 / players, np.float32) * (np.arange(SEATS) < players)


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("-o", "--option", action="append", default=[])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--every", type=int, default=2, help="branch every N-th turn start")
    p.add_argument("--playouts", type=int, default=4, help="heuristic playouts labelling each sibling")
    p.add_argument(
        "--continuations",
        default="heuristic;heuristic:noise=0.15;heuristic:noise=0.3;heuristic:noise=0.6;random",
        help="bot specs playing the branched turn, separated by ';'",
    )
    p.add_argument("--lineup", default="heuristic,heuristic:noise=0.15", help="the self-play seats, rotated per game")
    p.add_argument(
        "--common-seeds",
        action="store_true",
        help="label the siblings of one turn with the same playout seeds (common random numbers: their"
        " labels' differences vary less)",
    )
    p.add_argument("--out", required=True)
    p.add_argument("--save-every", type=int, default=25, help="write the file so far every N games (its meta says how many)")
    a = p.parse_args(argv)

    game = sylvan.Game(a.game, a.players, a.option)
    players = game.num_players()
    conts = [s for s in a.continuations.split(";") if s]
    lineup = a.lineup.split(",")
    obs_l, tgt_l, grp_l, cont_l, mover_l, margin_l = [], [], [], [], [], []
    group = 0
    t0 = time.time()
    playout_bot = sylvan.Bot("heuristic", a.seed * 1_000_003 + 7)
    def save(done: int) -> dict:
        meta = {
            "game": a.game,
            "options": json.loads(game.options_json()),
            "command": " ".join(["python", "tools/learned/gen_siblings.py"] + argv),
            "games": done,
            "seed": a.seed,
            "every": a.every,
            "playouts": a.playouts,
            "common_seeds": a.common_seeds,
            "continuations": conts,
            "lineup": lineup,
            "positions": len(obs_l),
            "groups": group,
        }
        tmp = a.out + ".part.npz"
        np.savez_compressed(
            tmp,
            obs=np.stack(obs_l),
            target=np.stack(tgt_l),
            group=np.array(grp_l, np.int32),
            cont=np.array(cont_l, np.int8),
            mover=np.array(mover_l, np.int8),
            margin=np.array(margin_l, np.float32),
            meta=json.dumps(meta),
        )
        os.replace(tmp, a.out)
        return meta

    meta = {}
    for gi in range(a.games):
        gseed = a.seed * 100_000 + gi
        bots = [sylvan.Bot(lineup[(gi + s) % len(lineup)], gseed * 31 + s) for s in range(players)]
        cont_bots = [sylvan.Bot(c, gseed * 37 + i) for i, c in enumerate(conts)]
        state = game.new_initial_state(gseed)
        prev, starts = -1, 0
        while not state.is_terminal():
            mover = state.current_player()
            if mover != prev:
                starts += 1
                if starts % a.every == 0:
                    for ci, cb in enumerate(cont_bots):
                        s = state.clone()
                        while not s.is_terminal() and s.current_player() == mover:
                            s.apply_action(cb.step(s))
                        if s.is_terminal():
                            continue
                        to_move = s.current_player()
                        total = np.zeros(players)
                        margin = 0.0
                        for k in range(a.playouts):
                            own = 0 if a.common_seeds else ci * 5
                            r = s.resample_from_infostate(to_move, gseed * 1009 + group * 17 + own + k)
                            while not r.is_terminal():
                                r.apply_action(playout_bot.step(r))
                            total += np.array(r.returns()[:players])
                            sc = r.scores()
                            margin += sc[mover] - max(sc[j] for j in range(players) if j != mover)
                        obs_l.append(np.asarray(s.observation_tensor(to_move), np.float16))
                        tgt_l.append(rotated(total / a.playouts, to_move, players))
                        grp_l.append(group)
                        cont_l.append(ci)
                        mover_l.append((mover - to_move) % players)
                        margin_l.append(margin / a.playouts)
                    group += 1
            prev = mover
            state.apply_action(bots[mover].step(state))
        if (gi + 1) % a.save_every == 0 and gi + 1 < a.games:
            save(gi + 1)
        if (gi + 1) % 10 == 0:
            print(f"{gi + 1} games, {group} groups, {len(obs_l)} siblings ({time.time() - t0:.0f} s)", flush=True)
    meta = save(a.games)
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
