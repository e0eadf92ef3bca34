"""The whole learned-evaluation pipeline for one registered game, in one command: self-play positions
(``gen_data.py``), then a value network trained on them (``train.py``), exported where the Rust search
reads it (with ``--install``: ``crates/<game>/data/eval-v1.bin``); with ``--policy``, also a policy
network over the legal action ids trained on the heuristic's moves (``train_policy.py``;
``crates/<game>/data/policy-v1.bin`` with ``--install``). With ``--search SPEC`` the line-ups' searching
bots of that spec label the positions they move in (the search root's value and visit distribution,
``gen_data.py --search``): the value network is trained on ``--q-mix`` of the search's value and the policy
on the visit distributions (AlphaZero's targets).

    python tools/learned/pipeline.py mystic-vale --games 3000 --seed 1 --workers 2 --epochs 2 --install

Everything is a function of the arguments (seeds included); the positions stay under ``target/learned/``
(out of git). See docs/learned-evaluation.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gen_data  # noqa: E402
import train  # noqa: E402
import train_policy  # noqa: E402


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("-o", "--option", action="append", default=[])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--keep", type=float, default=0.3)
    p.add_argument("--lineups", default=None, help="as gen_data.py's --lineups (default: its line-ups)")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--hidden", default="64,32")
    p.add_argument("--install", action="store_true", help="write crates/<game>/data/eval-v1.bin")
    p.add_argument("--policy", action="store_true", help="also train the policy prior (train_policy.py)")
    p.add_argument("--policy-epochs", type=int, default=4)
    p.add_argument("--work", default="target/learned", help="where the positions and the weights go")
    p.add_argument("--search", default="", help="as gen_data.py's --search: search specs whose moves label targets")
    p.add_argument("--q-mix", type=float, default=0.5, help="with --search: the search value's weight in the target")
    a = p.parse_args(argv)
    os.makedirs(a.work, exist_ok=True)
    tag = "-".join([a.game, f"{a.players}p"] + [o.replace("=", "-").replace(",", "+") for o in a.option])
    data = os.path.join(a.work, f"{tag}-seed{a.seed}.npz")
    gen = [a.game, "--players", str(a.players), "--games", str(a.games), "--seed", str(a.seed)]
    gen += ["--workers", str(a.workers), "--keep", str(a.keep), "--out", data]
    for o in a.option:
        gen += ["-o", o]
    if a.lineups:
        gen += ["--lineups", a.lineups]
    if a.search:
        gen += ["--search", a.search]
    if gen_data.main(gen) != 0:
        return 1
    out = os.path.join("crates", a.game, "data", "eval-v1.bin") if a.install else os.path.join(a.work, f"{tag}-eval-v1.bin")
    value = [data, "--out", out, "--epochs", str(a.epochs), "--hidden", a.hidden, "--seed", str(a.seed)]
    if a.search:
        value += ["--q-mix", str(a.q_mix)]
    if train.main(value) != 0:
        return 1
    if not a.policy:
        return 0
    out = os.path.join("crates", a.game, "data", "policy-v1.bin") if a.install else os.path.join(a.work, f"{tag}-policy-v1.bin")
    policy = [data, "--out", out, "--epochs", str(a.policy_epochs), "--hidden", a.hidden, "--seed", str(a.seed)]
    if a.search:
        policy += ["--target", "visits"]
    return train_policy.main(policy)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
