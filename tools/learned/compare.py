"""Compares weights files offline on positions a search labelled (``gen_data.py --search``), the held-out
share of the given data (the last ``--valid`` of the positions, as the trainers hold out):

- a value network (``sylvan-value-mlp``): cross-entropy against the final outcome, how often it names the
  winner, and the mean absolute error of its win probability for the mover against the search's value q;
- a policy network (``sylvan-policy-mlp``): how often its favourite legal move is the one the search
  played, and its cross-entropy against the search's visit distribution (ids past its outputs rank last).

    python tools/learned/compare.py target/learned/r4/*.npz --nets crates/mystic-vale/data/eval-v1.bin target/learned/eval-v2.bin
"""

from __future__ import annotations

import argparse
import sys
from typing import List

import numpy as np

from train import forward, load_weights, masked_softmax


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+")
    p.add_argument("--nets", nargs="+", required=True)
    p.add_argument("--valid", type=float, default=0.1)
    p.add_argument("--all", action="store_true", help="every labelled position, not only the held-out share")
    a = p.parse_args(argv)
    obs_l, tgt_l, q_l, act_l, leg_l, len_l, vis_l = [], [], [], [], [], [], []
    for f in a.data:
        d = np.load(f)
        obs_l.append(d["obs"])
        tgt_l.append(d["target"])
        q_l.append(d["q"])
        act_l.append(d["action"])
        leg_l.append(d["legal"])
        len_l.append(np.diff(np.concatenate([[0], d["legal_end"]])))
        vis_l.append(d["visits"])
    obs, tgt, q = np.concatenate(obs_l), np.concatenate(tgt_l), np.concatenate(q_l)
    action, legal, vis = np.concatenate(act_l), np.concatenate(leg_l), np.concatenate(vis_l)
    lens = np.concatenate(len_l).astype(np.int64)
    end = np.cumsum(lens)
    start = end - lens
    n = len(obs)
    first = 0 if a.all else n - int(n * a.valid)
    rows = np.array([r for r in range(first, n) if np.isfinite(q[r]) and lens[r] >= 2], dtype=np.int64)
    print(f"{len(rows)} labelled positions with 2+ legal moves (of {n - first} {'in all' if a.all else 'held out'})")
    x = obs[rows].astype(np.float32)
    for path in a.nets:
        header, params = load_weights(path)
        logits = forward(params, x)[0]
        if header["format"] == "sylvan-value-mlp":
            pr = masked_softmax(logits, 2)
            ce = float(-(tgt[rows, :2] * np.log(pr[:, :2] + 1e-9)).sum(axis=1).mean())
            named = float((pr[:, :2].argmax(axis=1) == tgt[rows, :2].argmax(axis=1)).mean())
            mae = float(np.abs(pr[:, 0] - np.clip(q[rows], 0, 1)).mean())
            print(f"{path}: value · outcome cross-entropy {ce:.4f} · winner named {named:.1%} · |p - q| {mae:.4f}")
        else:
            agree, ce = 0, 0.0
            for j, r in enumerate(rows):
                ids = legal[start[r] : end[r]]
                v = vis[start[r] : end[r]]
                z = np.array([logits[j, i] if i < logits.shape[1] else -1e9 for i in ids], dtype=np.float64)
                z = z - z.max()
                pz = np.exp(z) / np.exp(z).sum()
                agree += int(ids[int(pz.argmax())] == action[r])
                ce += float(-(v / v.sum() * np.log(pz + 1e-9)).sum())
            uniform = float(np.mean(1.0 / lens[rows]))
            print(
                f"{path}: policy · plays the search's move {agree / len(rows):.1%} (uniform {uniform:.1%})"
                f" · cross-entropy against the visits {ce / len(rows):.4f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
