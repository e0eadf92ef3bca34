"""Trains a small value network (an MLP, numpy only) on positions from ``gen_data.py`` and exports its
weights in the format the Rust search reads (``sylvan_bots::ValueNet``, docs/learned-evaluation.md).

The network reads a seat's observation tensor and gives one logit per relative seat (entry 0 = the seat
to move); a softmax over the seats in the game is each seat's estimated share of the returns (its win
probability in a game without draws). Loss: cross-entropy against the final returns, or, with
``--q-mix L``, against ``(1 - L) z + L q`` where a search labelled the position (``gen_data.py
--search``): ``z`` the final returns, ``q`` the search root's value for the mover (its share; the rest
spread over the other seats). Positions no search labelled keep ``z``; ``--only-searched`` drops them.

    python tools/learned/train.py target/learned/mv.npz --out crates/mystic-vale/data/eval-v1.bin --seed 1

The file: one line of JSON (the header: format, version, game, options, input size, the observation's
section table, layer sizes, the commands and seeds that made it, validation numbers), a newline, then the
little-endian f32 weights, layer by layer: the matrix input-major (``[in][out]``), then the biases.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import List, Tuple

import numpy as np

FORMAT = "sylvan-value-mlp"
VERSION = 1


def forward(params: List[Tuple[np.ndarray, np.ndarray]], x: np.ndarray):
    """Logits and the activations each layer saw (for the backward pass)."""
    acts = [x]
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i + 1 < len(params):
            h = np.maximum(h, 0.0)
        acts.append(h)
    return h, acts


def init_params(rng: np.random.Generator, sizes: List[int]) -> List[Tuple[np.ndarray, np.ndarray]]:
    """A ReLU network's layers for the widths `sizes` (He initialisation, zero biases)."""
    return [
        ((rng.standard_normal((i, o)) * np.sqrt(2.0 / i)).astype(np.float32), np.zeros(o, np.float32))
        for i, o in zip(sizes[:-1], sizes[1:])
    ]


def write_weights(path: str, header: dict, params) -> None:
    """Writes a weights file: the JSON header on one line, then each layer's weights and biases as
    little-endian float32."""
    with open(path, "wb") as f:
        f.write(json.dumps(header, separators=(",", ":")).encode() + b"\n")
        for w, b in params:
            f.write(np.ascontiguousarray(w, dtype="<f4").tobytes())
            f.write(np.ascontiguousarray(b, dtype="<f4").tobytes())


def load_weights(path: str):
    """The header and the layers of a weights file this script (or ``train_policy.py``) wrote."""
    with open(path, "rb") as f:
        raw = f.read()
    nl = raw.index(b"\n")
    header = json.loads(raw[:nl])
    flat = np.frombuffer(raw[nl + 1 :], dtype="<f4")
    params, at = [], 0
    for i, o in header["layers"]:
        w = flat[at : at + i * o].reshape(i, o).astype(np.float32)
        at += i * o
        b = flat[at : at + o].astype(np.float32)
        at += o
        params.append((w, b))
    if at != len(flat):
        raise ValueError(f"{path}: {len(flat)} weights, the layers need {at}")
    return header, params


def start_from(path: str, sizes: List[int]) -> List[Tuple[np.ndarray, np.ndarray]]:
    """The layers of the weights file `path` as the starting point for the widths `sizes`; a last layer
    with fewer outputs (a policy trained before action ids were appended) gets the new columns with zero
    weights and its lowest bias, so that the new ids start ranked last."""
    header, params = load_weights(path)
    have = [params[0][0].shape[0]] + [b.shape[0] for _, b in params]
    if have[:-1] != sizes[:-1] or have[-1] > sizes[-1]:
        raise SystemExit(f"error: {path} has layers {have}, not {sizes}")
    w, b = params[-1]
    extra = sizes[-1] - have[-1]
    if extra:
        w = np.concatenate([w, np.zeros((w.shape[0], extra), np.float32)], axis=1)
        b = np.concatenate([b, np.full(extra, float(b.min()), np.float32)])
        params[-1] = (w, b)
    return params


class Adam:
    """Adam over a ReLU network's layers: back-propagates an output gradient and updates in place."""

    def __init__(self, params: List[Tuple[np.ndarray, np.ndarray]], b1=0.9, b2=0.999, eps=1e-8):
        self.m = [(np.zeros_like(w), np.zeros_like(b)) for w, b in params]
        self.v = [(np.zeros_like(w), np.zeros_like(b)) for w, b in params]
        self.b1, self.b2, self.eps, self.steps = b1, b2, eps, 0

    def step(self, params, acts, g: np.ndarray, lr: float, l2: float) -> None:
        """One update from `g`, the loss gradient at the output (already divided by the batch size)."""
        b1, b2, eps = self.b1, self.b2, self.eps
        self.steps += 1
        c1, c2 = 1 - b1**self.steps, 1 - b2**self.steps
        for li in range(len(params) - 1, -1, -1):
            w, b = params[li]
            gw = acts[li].T @ g + l2 * w
            gb = g.sum(axis=0)
            if li > 0:
                g = (g @ w.T) * (acts[li] > 0)
            mw, mb = self.m[li]
            vw, vb = self.v[li]
            mw = b1 * mw + (1 - b1) * gw
            mb = b1 * mb + (1 - b1) * gb
            vw = b2 * vw + (1 - b2) * gw * gw
            vb = b2 * vb + (1 - b2) * gb * gb
            self.m[li], self.v[li] = (mw, mb), (vw, vb)
            w = w - lr * (mw / c1) / (np.sqrt(vw / c2) + eps)
            b = b - lr * (mb / c1) / (np.sqrt(vb / c2) + eps)
            params[li] = (w.astype(np.float32), b.astype(np.float32))


def masked_softmax(logits: np.ndarray, players: int) -> np.ndarray:
    z = logits[:, :players]
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    p = np.zeros_like(logits)
    p[:, :players] = e / e.sum(axis=1, keepdims=True)
    return p


def mix_targets(tgt: np.ndarray, q: np.ndarray, players: int, lam: float) -> np.ndarray:
    """`tgt` (final returns, entry 0 the mover's) mixed with weight `lam` with the search values `q` where
    they are finite: the mover gets `q`, each other seat `(1 - q) / (players - 1)`."""
    out = tgt.copy()
    rows = np.flatnonzero(np.isfinite(q))
    if lam <= 0 or len(rows) == 0 or players < 2:
        return out
    v = np.clip(q[rows], 0.0, 1.0)
    s = np.zeros((len(rows), tgt.shape[1]), np.float32)
    s[:, 0] = v
    s[:, 1:players] = ((1.0 - v) / (players - 1))[:, None]
    out[rows] = (1.0 - lam) * tgt[rows] + lam * s
    return out


def evaluate(params, obs, tgt, players, batch=4096):
    loss, correct, n = 0.0, 0, len(obs)
    for s in range(0, n, batch):
        x = obs[s : s + batch].astype(np.float32)
        t = tgt[s : s + batch]
        p = masked_softmax(forward(params, x)[0], players)
        loss += float(-(t[:, :players] * np.log(p[:, :players] + 1e-9)).sum())
        correct += int((p.argmax(axis=1) == t.argmax(axis=1)).sum())
    return loss / max(n, 1), correct / max(n, 1)


def load_siblings(paths: List[str], meta: dict):
    """Sibling groups from ``gen_siblings.py`` (same game and options as `meta`): obs, target, group ids
    (made distinct across files), the relative seat whose turn it was, and its mean final margin."""
    obs_l, tgt_l, grp_l, mov_l, mar_l, base = [], [], [], [], [], 0
    for f in paths:
        d = np.load(f)
        m = json.loads(str(d["meta"]))
        if m["game"] != meta["game"] or m["options"] != meta["options"]:
            raise SystemExit(f"error: {f} is of other options than the outcome data")
        obs_l.append(d["obs"])
        tgt_l.append(d["target"].astype(np.float32))
        grp_l.append(d["group"].astype(np.int64) + base)
        base = int(grp_l[-1].max()) + 1 if len(grp_l[-1]) else base
        mov_l.append(d["mover"].astype(np.int64))
        mar_l.append(d["margin"].astype(np.float32))
    return (np.concatenate(obs_l), np.concatenate(tgt_l), np.concatenate(grp_l), np.concatenate(mov_l),
            np.concatenate(mar_l))


def pairs_of(groups: np.ndarray, margin: np.ndarray, min_gap: float) -> np.ndarray:
    """Index pairs ``(i, j)`` of rows of one group whose labels say i is better for the mover than j by
    more than `min_gap` VP."""
    out = []
    start = 0
    n = len(groups)
    while start < n:
        end = start
        while end < n and groups[end] == groups[start]:
            end += 1
        for i in range(start, end):
            for j in range(start, end):
                if margin[i] - margin[j] > min_gap:
                    out.append((i, j))
        start = end
    return np.array(out, dtype=np.int64).reshape(-1, 2)


def mover_logodds(logits: np.ndarray, mover: np.ndarray) -> np.ndarray:
    """Two players: the logit of the seat whose turn it was minus the other seat's."""
    rows = np.arange(len(logits))
    return logits[rows, mover] - logits[rows, 1 - mover]


def pair_agreement(params, obs, mover, pairs, batch=4096) -> float:
    """The share of `pairs` the network orders as the labels do (ties count half)."""
    if len(pairs) == 0:
        return float("nan")
    s = np.concatenate([mover_logodds(forward(params, obs[k : k + batch].astype(np.float32))[0], mover[k : k + batch])
                        for k in range(0, len(obs), batch)])
    d = s[pairs[:, 0]] - s[pairs[:, 1]]
    return float(((d > 0).sum() + 0.5 * (d == 0).sum()) / len(d))


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+", help=".npz files from gen_data.py (same game and options)")
    p.add_argument("--out", required=True)
    p.add_argument("--hidden", default="64,32", help="hidden layer sizes")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--valid", type=float, default=0.1, help="the share of positions held out (the last ones)")
    p.add_argument("--q-mix", type=float, default=0.0, help="the weight of the search's value in the target (0..1)")
    p.add_argument("--only-searched", action="store_true", help="train on the positions a search labelled only")
    p.add_argument("--init", default="", help="start from this weights file (same layers) instead of at random")
    p.add_argument("--siblings", nargs="*", default=[], help="sibling groups from gen_siblings.py (two players)")
    p.add_argument("--pair-weight", type=float, default=1.0, help="the weight of the pairwise loss on siblings")
    p.add_argument("--sib-weight", type=float, default=1.0, help="the weight of the siblings' outcome loss")
    p.add_argument("--pair-gap", type=float, default=1.0, help="sibling pairs whose labels differ by more VP than this")
    p.add_argument("--groups", type=int, default=32, help="sibling groups per mini-batch")
    a = p.parse_args(argv)

    metas, obs_l, tgt_l, q_l = [], [], [], []
    for f in a.data:
        d = np.load(f)
        metas.append(json.loads(str(d["meta"])))
        obs_l.append(d["obs"])
        tgt_l.append(d["target"])
        q_l.append(d["q"] if "q" in d.files else np.full(len(d["obs"]), np.nan, np.float32))
    meta = metas[0]
    if any(m["game"] != meta["game"] or m["options"] != meta["options"] for m in metas):
        print("error: the data files are of different games or options", file=sys.stderr)
        return 2
    obs = np.concatenate(obs_l)
    tgt = np.concatenate(tgt_l).astype(np.float32)
    q = np.concatenate(q_l).astype(np.float32)
    players = int(meta["options"].get("players", 2))
    z = tgt
    tgt = mix_targets(z, q, players, a.q_mix)
    if a.only_searched:
        keep = np.isfinite(q)
        obs, tgt, z, q = obs[keep], tgt[keep], z[keep], q[keep]
    import sylvan  # here: the helpers above need numpy only (residual.py, rank_siblings.py)

    game = sylvan._sylvan.game_from_options(meta["game"], json.dumps(meta["options"]))
    if game.observation_tensor_size() != obs.shape[1]:
        print(f"error: the data has {obs.shape[1]} inputs, the game's tensor {game.observation_tensor_size()}", file=sys.stderr)
        return 2
    n_valid = int(len(obs) * a.valid)
    tr_obs, tr_tgt = obs[: len(obs) - n_valid], tgt[: len(obs) - n_valid]
    va_obs, va_tgt = obs[len(obs) - n_valid :], tgt[len(obs) - n_valid :]
    va_z = z[len(obs) - n_valid :]
    sib = None
    if a.siblings:
        if players != 2:
            print("error: --siblings needs two players", file=sys.stderr)
            return 2
        s_obs, s_tgt, s_grp, s_mov, s_mar = load_siblings(a.siblings, meta)
        ids = np.unique(s_grp)
        cut = ids[len(ids) - max(1, int(len(ids) * a.valid))]
        tr_rows, va_rows = np.flatnonzero(s_grp < cut), np.flatnonzero(s_grp >= cut)
        va_pairs = pairs_of(s_grp[va_rows], s_mar[va_rows], a.pair_gap)
        tr_ids = ids[ids < cut]
        starts = {int(g): i for i, g in reversed(list(enumerate(s_grp)))}
        ends = {int(g): i + 1 for i, g in enumerate(s_grp)}
        sib = (s_obs, s_tgt, s_grp, s_mov, s_mar, tr_ids, va_rows, va_pairs, starts, ends)
        print(f"{len(s_obs)} siblings in {len(ids)} groups; {len(va_pairs)} held-out pairs", flush=True)

    rng = np.random.default_rng(a.seed)
    sizes = [obs.shape[1]] + [int(h) for h in a.hidden.split(",") if h] + [tgt.shape[1]]
    params = start_from(a.init, sizes) if a.init else init_params(rng, sizes)
    adam = Adam(params)
    t0 = time.time()
    best = (float("inf"), None, 0)
    for epoch in range(a.epochs):
        order = rng.permutation(len(tr_obs))
        lr = a.lr * (0.5 ** (epoch // 3))
        for s in range(0, len(order), a.batch):
            idx = order[s : s + a.batch]
            x = tr_obs[idx].astype(np.float32)
            t = tr_tgt[idx]
            if sib is None:
                logits, acts = forward(params, x)
                pr = masked_softmax(logits, players)
                g = (pr - t) / len(idx)
                g[:, players:] = 0.0
                adam.step(params, acts, g, lr, a.l2)
                continue
            s_obs, s_tgt, s_grp, s_mov, s_mar, tr_ids, _, _, starts, ends = sib
            gs = rng.choice(tr_ids, size=min(a.groups, len(tr_ids)), replace=False)
            rows = np.concatenate([np.arange(starts[int(q)], ends[int(q)]) for q in gs])
            xs = s_obs[rows].astype(np.float32)
            logits, acts = forward(params, np.concatenate([x, xs]))
            pr = masked_softmax(logits, players)
            nb = len(idx)
            g = np.zeros_like(logits)
            g[:nb] = (pr[:nb] - t) / nb
            g[nb:] = a.sib_weight * (pr[nb:] - s_tgt[rows]) / len(rows)
            prs = pairs_of(s_grp[rows], s_mar[rows], a.pair_gap)
            if len(prs) and a.pair_weight > 0:
                lo = mover_logodds(logits[nb:], s_mov[rows])
                d = lo[prs[:, 0]] - lo[prs[:, 1]]
                gd = -a.pair_weight / (1.0 + np.exp(d)) / len(prs)  # d loss / d d, loss = softplus(-d)
                gs_ = np.zeros(len(rows))
                np.add.at(gs_, prs[:, 0], gd)
                np.add.at(gs_, prs[:, 1], -gd)
                r = np.arange(len(rows))
                g[nb + r, s_mov[rows]] += gs_
                g[nb + r, 1 - s_mov[rows]] -= gs_
            g[:, players:] = 0.0
            adam.step(params, acts, g, lr, a.l2)
        vl, va = evaluate(params, va_obs, va_tgt, players)
        zl, _ = evaluate(params, va_obs, va_z, players)
        tl, ta = evaluate(params, tr_obs[:20000], tr_tgt[:20000], players)
        pa = float("nan")
        if sib is not None:
            pa = pair_agreement(params, sib[0][sib[6]], sib[3][sib[6]], sib[7])
        print(
            f"epoch {epoch + 1}: train loss {tl:.4f} acc {ta:.3f} · valid loss {vl:.4f} acc {va:.3f}"
            f" (against the outcome {zl:.4f}) · held-out sibling pairs ordered {pa:.3f} ({time.time() - t0:.0f} s)",
            flush=True,
        )
        # With siblings, the epoch that orders the held-out pairs best is kept.
        if (-pa if sib is not None else vl) < best[0]:
            best = (-pa if sib is not None else vl, [(w.copy(), b.copy()) for w, b in params], epoch + 1)
    _, params, epoch = best
    vl, _ = evaluate(params, va_obs, va_tgt, players)
    pa = pair_agreement(params, sib[0][sib[6]], sib[3][sib[6]], sib[7]) if sib is not None else None
    _, va = evaluate(params, va_obs, va_tgt, players)
    zl, za = evaluate(params, va_obs, va_z, players)
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
            {k: mm.get(k) for k in ("command", "games", "seed", "workers", "keep", "lineups", "search", "positions")}
            for mm in metas
        ],
        "train": {
            "command": " ".join(["python", "tools/learned/train.py"] + argv),
            "seed": a.seed,
            "epochs_kept": epoch,
            "valid_positions": n_valid,
            "valid_loss": round(vl, 5),
            "valid_accuracy": round(va, 4),
            "q_mix": a.q_mix,
            "init": a.init or None,
            "only_searched": a.only_searched,
            "train_positions": int(len(tr_obs)),
            "valid_outcome_loss": round(zl, 5),
            "valid_outcome_accuracy": round(za, 4),
            "siblings": [
                {k: mm.get(k) for k in ("command", "games", "seed", "playouts", "continuations", "positions", "groups")}
                for mm in (json.loads(str(np.load(f)["meta"])) for f in a.siblings)
            ],
            "valid_sibling_pairs_ordered": None if pa is None else round(pa, 4),
            "pair_weight": a.pair_weight,
            "sib_weight": a.sib_weight,
            "pair_gap": a.pair_gap,
        },
    }
    write_weights(a.out, header, params)
    print(json.dumps(header["train"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
