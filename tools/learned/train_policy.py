"""Trains a small policy network (an MLP, numpy only) that ranks the legal moves of a position: a softmax
over the legal action ids, fitted to the moves a teacher bot chose (``gen_data.py``'s ``action`` and
``teacher`` arrays; by default the heuristic's moves) or, with ``--target visits``, to the visit
distribution of a search at each position it labelled (``gen_data.py --search``, AlphaZero's policy
target: cross-entropy against the visits normalised over the legal ids). ISMCTS uses it as a prior (``pnet=W``): a node's
untried actions are expanded in its order, and each child's score gets a bias from its probability.

    python tools/learned/train_policy.py target/learned/mv.npz --out crates/mystic-vale/data/policy-v1.bin --seed 1

The file has the value network's layout (``train.py``), with format ``sylvan-policy-mlp`` and one output
per action id of the game (``num_distinct_actions``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import List

import numpy as np

import sylvan
from train import VERSION, Adam, forward, init_params, start_from, write_weights

FORMAT = "sylvan-policy-mlp"


def masked_logits(logits: np.ndarray, legal_mask: np.ndarray) -> np.ndarray:
    return np.where(legal_mask, logits, -1e9)


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def batch_mask(rows: np.ndarray, legal: np.ndarray, start: np.ndarray, end: np.ndarray, width: int) -> np.ndarray:
    m = np.zeros((len(rows), width), dtype=bool)
    for j, r in enumerate(rows):
        m[j, legal[start[r] : end[r]]] = True
    return m


def batch_target(rows, action, visits, legal, start, end, width):
    """The target distribution of `rows`: the search's visits over the legal ids if `visits` is given,
    else all the mass on the chosen action."""
    t = np.zeros((len(rows), width), dtype=np.float32)
    if visits is None:
        t[np.arange(len(rows)), action[rows]] = 1.0
        return t
    for j, r in enumerate(rows):
        v = visits[start[r] : end[r]]
        t[j, legal[start[r] : end[r]]] = v / max(float(v.sum()), 1e-9)
    return t


def evaluate(params, obs, action, rows, legal, start, end, width, visits=None, batch=2048):
    """Mean cross-entropy against the target and top-1 agreement with the move played over `rows`."""
    loss, agree = 0.0, 0
    for s in range(0, len(rows), batch):
        r = rows[s : s + batch]
        p = softmax(masked_logits(forward(params, obs[r].astype(np.float32))[0], batch_mask(r, legal, start, end, width)))
        a = action[r]
        t = batch_target(r, action, visits, legal, start, end, width)
        loss += float(-(t * np.log(p + 1e-9)).sum())
        agree += int((p.argmax(axis=1) == a).sum())
    return loss / max(len(rows), 1), agree / max(len(rows), 1)


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+", help=".npz files from gen_data.py (same game and options)")
    p.add_argument("--out", required=True)
    p.add_argument("--hidden", default="64,32", help="hidden layer sizes")
    p.add_argument("--teachers", default="0", help="indices into the data's teachers whose moves are targets")
    p.add_argument(
        "--target",
        choices=["move", "visits"],
        default="move",
        help="the teacher's move, or the visit distribution of the search that labelled the position",
    )
    p.add_argument("--init", default="", help="start from this weights file (same layers) instead of at random")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--l2", type=float, default=1e-5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--valid", type=float, default=0.1, help="the share of positions held out (the last ones)")
    a = p.parse_args(argv)

    metas, obs_l, act_l, tea_l, leg_l, len_l, vis_l = [], [], [], [], [], [], []
    for f in a.data:
        d = np.load(f)
        metas.append(json.loads(str(d["meta"])))
        obs_l.append(d["obs"])
        act_l.append(d["action"])
        tea_l.append(d["teacher"])
        leg_l.append(d["legal"])
        vis_l.append(d["visits"] if "visits" in d.files else np.zeros(len(d["legal"]), np.float32))
        len_l.append(np.diff(np.concatenate([[0], d["legal_end"]])))
    meta = metas[0]
    if any(m["game"] != meta["game"] or m["options"] != meta["options"] for m in metas):
        print("error: the data files are of different games or options", file=sys.stderr)
        return 2
    obs = np.concatenate(obs_l)
    action = np.concatenate(act_l).astype(np.int64)
    teacher = np.concatenate(tea_l)
    legal = np.concatenate(leg_l).astype(np.int64)
    lens = np.concatenate(len_l).astype(np.int64)
    end = np.cumsum(lens)
    start = end - lens
    visits = np.concatenate(vis_l).astype(np.float32) if a.target == "visits" else None
    game = sylvan._sylvan.game_from_options(meta["game"], json.dumps(meta["options"]))
    width = int(game.num_distinct_actions())
    if game.observation_tensor_size() != obs.shape[1]:
        print(f"error: the data has {obs.shape[1]} inputs, the game's tensor {game.observation_tensor_size()}", file=sys.stderr)
        return 2
    if len(legal) and int(legal.max()) >= width:
        print(f"error: an action id {int(legal.max())} is past the game's {width} actions", file=sys.stderr)
        return 2
    teachers = [int(t) for t in a.teachers.split(",") if t]
    if visits is not None:
        # Positions a search labelled (visits recorded), among two or more legal actions.
        sums = np.add.reduceat(visits, start) if len(visits) else np.zeros(len(lens), np.float32)
        sums = np.where(lens > 0, sums, 0.0)
        rows = np.flatnonzero((sums > 0) & (lens >= 2))
    else:
        # Positions whose move a teacher chose among two or more legal actions.
        rows = np.flatnonzero(np.isin(teacher, teachers) & (lens >= 2))
    n_valid = int(len(rows) * a.valid)
    tr_rows, va_rows = rows[: len(rows) - n_valid], rows[len(rows) - n_valid :]

    rng = np.random.default_rng(a.seed)
    sizes = [obs.shape[1]] + [int(h) for h in a.hidden.split(",") if h] + [width]
    params = start_from(a.init, sizes) if a.init else init_params(rng, sizes)
    adam = Adam(params)
    t0 = time.time()
    best = (float("inf"), None, 0)
    for epoch in range(a.epochs):
        order = tr_rows[rng.permutation(len(tr_rows))]
        lr = a.lr * (0.5 ** (epoch // 2))
        for s in range(0, len(order), a.batch):
            idx = order[s : s + a.batch]
            x = obs[idx].astype(np.float32)
            logits, acts = forward(params, x)
            pr = softmax(masked_logits(logits, batch_mask(idx, legal, start, end, width)))
            g = (pr - batch_target(idx, action, visits, legal, start, end, width)) / len(idx)
            adam.step(params, acts, g, lr, a.l2)
        vl, va = evaluate(params, obs, action, va_rows, legal, start, end, width, visits)
        tl, ta = evaluate(params, obs, action, tr_rows[:20000], legal, start, end, width, visits)
        print(f"epoch {epoch + 1}: train loss {tl:.4f} agree {ta:.3f} · valid loss {vl:.4f} agree {va:.3f} ({time.time() - t0:.0f} s)", flush=True)
        if vl < best[0]:
            best = (vl, [(w.copy(), b.copy()) for w, b in params], epoch + 1)
    vl, params, epoch = best
    _, va = evaluate(params, obs, action, va_rows, legal, start, end, width, visits)
    # The baseline: a uniform choice among the legal actions.
    uniform = float(np.mean(1.0 / lens[va_rows])) if len(va_rows) else 0.0
    header = {
        "format": FORMAT,
        "version": VERSION,
        "game": meta["game"],
        "options": meta["options"],
        "input": int(sizes[0]),
        "outputs": int(sizes[-1]),
        "layers": [[int(i), int(o)] for i, o in zip(sizes[:-1], sizes[1:])],
        "activation": "relu",
        "sections": [[n, int(off), int(ln)] for n, off, ln in game.observation_layout()],
        "data": [
            {k: mm.get(k) for k in ("command", "games", "seed", "workers", "keep", "lineups", "teachers", "search", "positions")}
            for mm in metas
        ],
        "train": {
            "command": " ".join(["python", "tools/learned/train_policy.py"] + argv),
            "seed": a.seed,
            "target": (
                "the search's visit distribution (softmax over the legal action ids)"
                if visits is not None
                else "the teacher's chosen move (softmax over the legal action ids)"
            ),
            "teachers": (
                meta.get("search", [])
                if visits is not None
                else [meta.get("teachers", [])[t] if t < len(meta.get("teachers", [])) else t for t in teachers]
            ),
            "init": a.init or None,
            "epochs_kept": epoch,
            "train_positions": int(len(tr_rows)),
            "valid_positions": int(n_valid),
            "valid_loss": round(vl, 5),
            "valid_agreement": round(va, 4),
            "valid_uniform_agreement": round(uniform, 4),
        },
    }
    write_weights(a.out, header, params)
    print(json.dumps(header["train"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
