"""A correction to the game's own evaluation, learned from sibling turns with labels of little noise.

The data is written by the Rust data run ``sibling_labels`` (``crates/registry/tests/registry/learned.rs``,
ignored): sibling turns (one turn start's turn played six ways), each with two independent labels (the
mover's mean final margin over 16 heuristic playouts each, common seeds across the siblings), the game's
evaluation (``Heuristic::evaluate``) per seat relative to the seat to move, the committed network's
estimate for the mover, and the seat to move's observation tensor.

The network reads the observation tensor followed by the game's evaluation as log-probabilities per
relative seat (``extras``); its outputs are added to those log-probabilities (a **residual**: the last
layer starts at zero, so an untrained network is the game's evaluation), and a softmax over the seats is
the estimate. Loss: a pairwise logistic loss on the mover's log-odds for every two siblings of a turn
start whose labels differ by more than ``--pair-gap`` VP, plus ``--point-weight`` times a cross-entropy
against the label squashed as the game squashes its projected lead (``0.5 + 0.5 tanh(margin / 10)``).
The label is the mean of the two (32 playouts) on the training groups.

    python tools/learned/residual.py train target/learned/sl.bin --out target/learned/res.bin
    python tools/learned/residual.py judge target/learned/sl.bin --nets target/learned/res.bin

``train`` keeps the epoch that orders the validation groups' pairs best (the ``--valid`` share before the
last ``--test`` share); ``judge`` asks, on the test groups (the last ``--test`` share: later games), which of two siblings is
the better for the mover, of the game's evaluation, the committed network, each residual file, and label B
(a second label as an evaluator: the ceiling any evaluator can show against label A); pairs are those whose
label A differs by more than 1 (and 4) VP. The difference of each network with the game's evaluation comes
with its standard error from a bootstrap over turn starts (pairs of one turn start are not independent).

``cut_labels`` files (positions at ``expert``'s cut points, labels of 2 x 32 playouts) also hold the
projection's parts (``mystic_vale_parts``: 19 values): ``train --inputs parts|obs|both`` chooses what the
network reads (the parts are standardised in training, the standardisation folded into the first layer);
the header then says ``"inputs"``. ``branches`` judges evaluators on a ``branch_cut_labels`` file: each
turn start's branches (the turn played six ways) by the mean of an evaluator over a branch's cut
positions, which is what a search compares when it chooses a move.

    python tools/learned/residual.py train target/learned/cut-r.bin --inputs both --out target/learned/f-both.bin
    python tools/learned/residual.py branches target/learned/bc-r.bin --nets target/learned/f-both.bin

The weights file is ``train.py``'s format with ``"residual": {"base": "evaluate", "extras": 4}`` in its
header: the input is the observation tensor's length plus 4.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import List

import numpy as np

from train import Adam, forward, init_params, load_weights, write_weights

SEATS = 4
EXTRAS = SEATS
FLOOR = 1e-12


def read_rows(path: str, fixed: int):
    """A data run's file: its JSON header, and its rows of float32 (``fixed`` columns, then one per seat,
    the projection's parts and the observation tensor; a run stopped mid-row loses that row); with the
    header's seats and parts."""
    with open(path, "rb") as f:
        raw = f.read()
    nl = raw.index(b"\n")
    meta = json.loads(raw[:nl])
    seats, width = meta["seats"], meta["obs"]
    nparts = int(meta.get("parts", 0))
    cols = fixed + seats + nparts + width
    flat = np.frombuffer(raw[nl + 1 :], dtype="<f4")
    rows = len(flat) // cols
    return meta, flat[: rows * cols].reshape(rows, cols), seats, nparts


def load(path: str):
    """The header and the columns of a ``sibling_labels`` or ``cut_labels`` file (the latter has the
    projection's parts, ``parts``, before the observation tensor; a run stopped mid-row loses that row)."""
    meta, m, seats, nparts = read_rows(path, 6)
    players = int(meta["options"]["players"])
    game = np.zeros((len(m), SEATS), np.float32)
    game[:, :players] = m[:, 5 : 5 + players]
    d = {
        "group": m[:, 0].astype(np.int64),
        "cont": m[:, 1].astype(np.int64),
        "mover": m[:, 2].astype(np.int64),
        "a": m[:, 3].copy(),
        "b": m[:, 4].copy(),
        "game": game,
        "committed": m[:, 5 + seats].copy(),
        "parts": np.ascontiguousarray(m[:, 6 + seats : 6 + seats + nparts]),
        "obs": m[:, 6 + seats + nparts :],
        "players": players,
    }
    return meta, d


def base_logits(game: np.ndarray, players: int) -> np.ndarray:
    """The game's evaluation as log-probabilities per relative seat (0 past the seats)."""
    out = np.zeros_like(game)
    out[:, :players] = np.log(np.maximum(game[:, :players], FLOOR))
    return out


KINDS = ("obs", "parts", "both")


def features(d, rows, kind: str) -> np.ndarray:
    """The network's own inputs (before the base's log-probabilities): the observation tensor, the
    projection's parts (``cut_labels`` files), or both."""
    if kind == "obs":
        return np.asarray(d["obs"][rows])
    if kind == "parts":
        return d["parts"][rows]
    return np.concatenate([d["parts"][rows], d["obs"][rows]], axis=1)


def inputs(d, rows, kind: str = "obs", norm=None) -> np.ndarray:
    x = np.concatenate([features(d, rows, kind), base_logits(d["game"][rows], d["players"])], axis=1)
    if norm is not None:
        x = (x - norm[0]) / norm[1]
    return x.astype(np.float32)


def logits(params, d, rows, kind: str = "obs", norm=None, batch=4096) -> np.ndarray:
    out = []
    for k in range(0, len(rows), batch):
        r = rows[k : k + batch]
        out.append(base_logits(d["game"][r], d["players"]) + forward(params, inputs(d, r, kind, norm))[0])
    return np.concatenate(out) if out else np.zeros((0, SEATS), np.float32)


def fold(params, norm):
    """The layers with the inputs' standardisation folded into the first (the file reads raw inputs)."""
    if norm is None:
        return params
    mean, std = norm
    w, b = params[0]
    w2 = (w / std[:, None]).astype(np.float32)
    b2 = (b - (mean / std) @ w).astype(np.float32)
    return [(w2, b2)] + list(params[1:])


def mover_logodds(z: np.ndarray, mover: np.ndarray) -> np.ndarray:
    """Two players: the logit of the seat whose turn it was minus the other seat's."""
    i = np.arange(len(z))
    return z[i, mover] - z[i, 1 - mover]


def pairs_of(groups: np.ndarray, label: np.ndarray, rows: np.ndarray, gap: float) -> np.ndarray:
    """Pairs ``(i, j)`` (indices into the data) of one group with ``label[i] - label[j] > gap``."""
    out = []
    g = groups[rows]
    cuts = np.flatnonzero(np.diff(g)) + 1
    for block in np.split(rows, cuts):
        la = label[block]
        d = la[:, None] - la[None, :]
        i, j = np.nonzero(d > gap)
        out.append(np.stack([block[i], block[j]], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 2), np.int64)


def print_pair_rows(per, gi: np.ndarray, n_groups: int, boot: int, rng) -> None:
    """One table row per evaluator: the share of pairs it orders as the label (`per[name]`, 1 or 0 per
    pair, a tie 0.5), and its difference from the game's evaluation with a standard error from resampling
    the pairs' groups (`gi`: each pair's group) `boot` times."""
    ref = per["game's evaluation"]
    cnt = np.bincount(gi, minlength=n_groups).astype(np.float64)
    for name, v in per.items():
        diff = np.bincount(gi, weights=v - ref, minlength=n_groups)
        boots = []
        for _ in range(boot):
            pick = rng.integers(0, n_groups, n_groups)
            boots.append(diff[pick].sum() / max(cnt[pick].sum(), 1))
        print(f"| {name} | {100 * v.mean():.1f}% | {100 * (v - ref).mean():+.1f} ± {100 * np.std(boots):.1f} |")


def split(d, test: float, valid: float = 0.0):
    """Rows of the training, validation and test groups: the test groups are the last `test` share (later
    games), the validation groups the `valid` share before them."""
    ids = np.unique(d["group"])
    n_test = max(1, int(len(ids) * test)) if test > 0 else 0
    n_valid = max(1, int(len(ids) * valid)) if valid > 0 else 0
    t_cut = ids[len(ids) - n_test] if n_test else ids[-1] + 1
    v_cut = ids[len(ids) - n_test - n_valid] if n_valid else t_cut
    g, rows = d["group"], np.arange(len(d["group"]))
    return rows[g < v_cut], rows[(g >= v_cut) & (g < t_cut)], rows[g >= t_cut]


def train(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="residual.py train")
    p.add_argument("data", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--hidden", default="", help="hidden layer sizes (none: linear in the features)")
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--batch", type=int, default=512, help="pairs per mini-batch")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--pair-gap", type=float, default=1.0)
    p.add_argument("--point-weight", type=float, default=2.0)
    p.add_argument("--valid", type=float, default=0.15, help="the share of groups choosing the epoch kept")
    p.add_argument("--test", type=float, default=0.15, help="the last share of groups, left for `judge`")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--inputs", choices=KINDS, default="obs", help="the network's own inputs (parts: cut_labels files)")
    p.add_argument(
        "--layout-from",
        default="",
        help="a weights file of the same options whose section table to copy (default: the game's committed"
        " crates/GAME/data/eval-v1.bin; the Rust loader checks it against the observation tensor)",
    )
    a = p.parse_args(argv)
    metas, ds = [], []
    for f in a.data:
        m, d = load(f)
        metas.append(m)
        ds.append(d)
    if any(m["options"] != metas[0]["options"] for m in metas):
        raise SystemExit("error: data files of other options")
    d = ds[0]  # one file (several: concatenate with distinct group ids)
    if len(ds) > 1:
        base = 0
        for x in ds:
            x["group"] = x["group"] + base
            base = int(x["group"].max()) + 1
        d = {k: (np.concatenate([x[k] for x in ds]) if k != "players" else ds[0][k]) for k in ds[0]}
    tr, va, _ = split(d, a.test, a.valid)
    label = 0.5 * (d["a"] + d["b"])
    tr_pairs = pairs_of(d["group"], label, tr, a.pair_gap)
    va_pairs = pairs_of(d["group"], d["a"], va, 1.0)
    rng = np.random.default_rng(a.seed)
    kind = a.inputs
    if kind != "obs" and d["parts"].shape[1] == 0:
        raise SystemExit("error: the data has no projection parts (a cut_labels file has)")
    width = features(d, np.arange(1), kind).shape[1]
    norm = None
    if kind != "obs":
        # Standardise the inputs on the training rows (folded into the first layer on export).
        x = inputs(d, tr[:: max(1, len(tr) // 20000)], kind)
        std = x.std(axis=0)
        norm = (x.mean(axis=0), np.where(std > 1e-6, std, 1.0).astype(np.float32))
        norm[0][width:] = 0.0
        norm[1][width:] = 1.0
    sizes = [width + EXTRAS] + [int(h) for h in a.hidden.split(",") if h] + [SEATS]
    params = init_params(rng, sizes)
    params[-1] = (np.zeros_like(params[-1][0]), np.zeros_like(params[-1][1]))
    opt = Adam(params)
    target = (0.5 + 0.5 * np.tanh(label / 10.0)).astype(np.float32)

    def agreement(ps) -> float:
        s = mover_logodds(logits(ps, d, np.arange(len(d["group"])), kind, norm), d["mover"])
        x = s[va_pairs[:, 0]] - s[va_pairs[:, 1]]
        return float(((x > 0).sum() + 0.5 * (x == 0).sum()) / max(len(x), 1))

    best = (agreement(params), [(w.copy(), b.copy()) for w, b in params], 0)
    print(f"{len(tr)} training siblings, {len(tr_pairs)} pairs; {len(va)} held out, {len(va_pairs)} pairs;"
          f" epoch 0 (the game's evaluation): {best[0]:.4f}", flush=True)
    for epoch in range(a.epochs):
        order = rng.permutation(len(tr_pairs))
        for k in range(0, len(order), a.batch):
            pr = tr_pairs[order[k : k + a.batch]]
            rows, inv = np.unique(pr.reshape(-1), return_inverse=True)
            inv = inv.reshape(-1, 2)
            x = inputs(d, rows, kind, norm)
            out, acts = forward(params, x)
            z = base_logits(d["game"][rows], d["players"]) + out
            mv = d["mover"][rows]
            s = mover_logodds(z, mv)
            gs = np.zeros(len(rows), np.float32)
            # Pairwise logistic loss: softplus(-(s_i - s_j)).
            sg = 1.0 / (1.0 + np.exp(s[inv[:, 0]] - s[inv[:, 1]]))
            np.add.at(gs, inv[:, 0], -sg / len(pr))
            np.add.at(gs, inv[:, 1], sg / len(pr))
            # Pointwise cross-entropy of the mover's share against the squashed label.
            pm = 1.0 / (1.0 + np.exp(-s))
            gs += a.point_weight * (pm - target[rows]) / len(rows)
            g = np.zeros_like(z)
            i = np.arange(len(rows))
            g[i, mv] = gs
            g[i, 1 - mv] = -gs
            opt.step(params, acts, g.astype(np.float32), a.lr, a.l2)
        ag = agreement(params)
        print(f"epoch {epoch + 1}: held-out pairs ordered {ag:.4f}", flush=True)
        if ag > best[0]:
            best = (ag, [(w.copy(), b.copy()) for w, b in params], epoch + 1)
    ag, params, epoch = best
    params = fold(params, norm)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    sections = []
    if kind != "parts":
        layout = a.layout_from or os.path.join(root, "crates", metas[0]["game"], "data", "eval-v1.bin")
        ref, _ = load_weights(layout)
        if ref["options"]["sets"] != metas[0]["options"]["sets"] or ref["input"] != d["obs"].shape[1]:
            raise SystemExit(f"error: {layout} has another observation layout")
        sections = ref["sections"]
    header = {
        "format": "sylvan-value-mlp",
        "version": 1,
        "game": metas[0]["game"],
        "options": metas[0]["options"],
        "input": int(sizes[0] - EXTRAS),
        "outputs": SEATS,
        "layers": [[int(i), int(o)] for i, o in zip(sizes[:-1], sizes[1:])],
        "activation": "relu",
        "sections": sections,
        "residual": {"base": "evaluate", "extras": EXTRAS, "inputs": kind},
        "data": [{k: m.get(k) for k in ("format", "games", "seed", "playouts", "common_seeds", "groups", "siblings", "depth", "every")} for m in metas],
        "train": {
            "command": " ".join(["python", "tools/learned/residual.py", "train"] + argv),
            "seed": a.seed,
            "epochs_kept": epoch,
            "train_pairs": int(len(tr_pairs)),
            "valid_pairs": int(len(va_pairs)),
            "valid_pairs_ordered": round(ag, 4),
        },
    }
    write_weights(a.out, header, params)
    print(json.dumps(header["train"]))
    return 0


def judge(argv: List[str]) -> int:
    p = argparse.ArgumentParser(prog="residual.py judge")
    p.add_argument("data")
    p.add_argument("--nets", nargs="*", default=[])
    p.add_argument("--test", type=float, default=0.15, help="the last share of groups (as `train --test`)")
    p.add_argument("--all", action="store_true", help="every group, not only the test share")
    p.add_argument("--boot", type=int, default=500)
    a = p.parse_args(argv)
    _, d = load(a.data)
    va = np.arange(len(d["group"])) if a.all else split(d, a.test)[2]
    n = len(d["group"])
    allrows = np.arange(n)
    mv = d["mover"]
    scores = {"game's evaluation": mover_logodds(base_logits(d["game"], d["players"]), mv), "committed eval-v1.bin": d["committed"]}
    for path in a.nets:
        header, params = load_weights(path)
        if "residual" not in header:
            raise SystemExit(f"error: {path} is not a residual network")
        kind = header["residual"].get("inputs", "obs")
        scores[path] = mover_logodds(logits(params, d, allrows, kind), mv)
    scores["label B (a second label: the ceiling)"] = d["b"]
    rng = np.random.default_rng(1)
    groups = np.unique(d["group"][va])
    print(f"{len(groups)} turn starts judged, {len(va)} siblings")
    for gap in (1.0, 4.0):
        pr = pairs_of(d["group"], d["a"], va, gap)
        gi = np.searchsorted(groups, d["group"][pr[:, 0]])
        print(f"\npairs whose label A differs by more than {gap:g} VP: {len(pr)}")
        print("| evaluator | ordered as label A (ties half) | minus the game's evaluation (± s.e., turn starts resampled) |")
        print("|---|---:|---:|")
        per = {}
        for name, s in scores.items():
            x = s[pr[:, 0]] - s[pr[:, 1]]
            per[name] = (x > 0) + 0.5 * (x == 0)
        print_pair_rows(per, gi, len(groups), a.boot, rng)
        # Pairs whose two positions have the same seat to move, and the others (tempo).
        same = mv[pr[:, 0]] == mv[pr[:, 1]]
        print(f"\nthe same pairs split by the seat to move: the same ({same.sum()}), another ({(~same).sum()})")
        print("| evaluator | same seat to move | another seat to move |")
        print("|---|---:|---:|")
        for name, v in per.items():
            print(f"| {name} | {100 * v[same].mean():.1f}% | {100 * v[~same].mean():.1f}% |")
    # Calibration: each evaluator's estimate for the mover against the squashed mean label (A and B).
    target = 0.5 + 0.5 * np.tanh(0.5 * (d["a"][va] + d["b"][va]) / 10.0)
    print("\n| evaluator | squared error against the squashed label | mean distance from one half |")
    print("|---|---:|---:|")
    for name, s in scores.items():
        if name.startswith("label") or name.startswith("committed"):
            continue
        p = 1.0 / (1.0 + np.exp(-s[va]))
        print(f"| {name} | {((p - target) ** 2).mean():.4f} | {np.abs(p - 0.5).mean():.3f} |")
    return 0


def load_branches(path: str):
    """The header and the columns of a ``branch_cut_labels`` file."""
    meta, m, seats, nparts = read_rows(path, 6)
    players = int(meta["options"]["players"])
    game = np.zeros((len(m), SEATS), np.float32)
    game[:, :players] = m[:, 6 : 6 + players]
    d = {
        "group": m[:, 0].astype(np.int64),
        "branch": m[:, 1].astype(np.int64),
        "playout": m[:, 2].astype(np.int64),
        "mover": m[:, 3].astype(np.int64),
        "margin": m[:, 4].copy(),
        "committed": m[:, 5].copy(),
        "game": game,
        "parts": np.ascontiguousarray(m[:, 6 + seats : 6 + seats + nparts]),
        "obs": m[:, 6 + seats + nparts :],
        "players": players,
    }
    return meta, d


def branches(argv: List[str]) -> int:
    """What chooses a move: each turn start's branches (the mover's turn played several ways), each
    judged by the mean of an evaluator's estimate for the mover over the cut positions of its even
    playouts (what a search backs up), against the label, the mean final margin after its odd playouts
    (other cut positions, the same seeds for every branch)."""
    p = argparse.ArgumentParser(prog="residual.py branches")
    p.add_argument("data")
    p.add_argument("--nets", nargs="*", default=[])
    p.add_argument("--boot", type=int, default=500)
    p.add_argument("--last", type=float, default=1.0, help="judge only the last share of turn starts (1: all)")
    a = p.parse_args(argv)
    _, d = load_branches(a.data)
    n = len(d["group"])
    mv = d["mover"]
    i = np.arange(n)
    est = {"game's evaluation": d["game"][i, mv], "committed eval-v1.bin": d["committed"]}
    for path in a.nets:
        header, params = load_weights(path)
        kind = header["residual"].get("inputs", "obs")
        z = np.concatenate(
            [base_logits(d["game"][r], d["players"]) + forward(params, inputs(d, r, kind))[0] for r in np.array_split(i, max(1, n // 4096))]
        )
        est[path] = 1.0 / (1.0 + np.exp(-mover_logodds(z, mv)))
    # The outcome of one heuristic playout from each evaluated cut position (a playout to the end).
    est["the playout to the end from the same cut positions"] = 0.5 + 0.5 * np.sign(d["margin"])
    even = d["playout"] % 2 == 0
    key = d["group"] * 16 + d["branch"]
    keys = np.unique(key)
    idx = np.searchsorted(keys, key)
    cnt_e = np.bincount(idx[even], minlength=len(keys))
    cnt_o = np.bincount(idx[~even], minlength=len(keys))
    label = np.bincount(idx[~even], weights=d["margin"][~even], minlength=len(keys)) / np.maximum(cnt_o, 1)
    ok = (cnt_e > 0) & (cnt_o > 0)
    value = {
        name: np.bincount(idx[even], weights=v[even], minlength=len(keys)) / np.maximum(cnt_e, 1) for name, v in est.items()
    }
    g = keys // 16
    groups = np.unique(g[ok])
    groups = groups[len(groups) - max(1, int(len(groups) * a.last)) :]
    ok &= g >= groups[0]
    print(f"{len(groups)} turn starts, {ok.sum()} branches, {n} cut positions")
    rng = np.random.default_rng(1)
    for gap in (4.0, 8.0):
        pairs = []
        for grp in groups:
            b = np.flatnonzero((g == grp) & ok)
            dl = label[b][:, None] - label[b][None, :]
            x, y = np.nonzero(dl > gap)
            pairs.append(np.stack([b[x], b[y]], axis=1))
        pr = np.concatenate(pairs)
        gi = np.searchsorted(groups, g[pr[:, 0]])
        print(f"\npairs of branches whose labels differ by more than {gap:g} VP: {len(pr)}")
        print("| evaluator (mean over a branch's cut positions) | ordered as the label | minus the game's evaluation (± s.e.) |")
        print("|---|---:|---:|")
        per = {}
        for name, v in value.items():
            x = v[pr[:, 0]] - v[pr[:, 1]]
            per[name] = (x > 0) + 0.5 * (x == 0)
        print_pair_rows(per, gi, len(groups), a.boot, rng)
    return 0


def train_branches(argv: List[str]) -> int:
    """A correction on the projection's parts trained on what chooses a move (a ``branch_cut_labels``
    file): per turn start, each branch's mean estimate for the mover over half its cut positions,
    pairwise logistic against another branch's (``--temp`` scales the difference of two means) where
    the labels (mean final margins after the other half) differ by more than ``--pair-gap``; both
    halves take each role. The first 70% of the turn starts train, the next 15% choose the epoch, the
    last 15% are left for ``branches --last 0.15``."""
    p = argparse.ArgumentParser(prog="residual.py train-branches")
    p.add_argument("data")
    p.add_argument("--out", required=True)
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--groups", type=int, default=32, help="turn starts per mini-batch")
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--temp", type=float, default=10.0)
    p.add_argument("--pair-gap", type=float, default=4.0)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    meta, d = load_branches(a.data)
    kind = "parts"
    n = len(d["group"])
    ids = np.unique(d["group"])
    n_test = n_valid = max(1, int(len(ids) * 0.15))
    v_cut, t_cut = ids[len(ids) - n_test - n_valid], ids[len(ids) - n_test]
    half = d["playout"] % 2
    # Per (group, branch, half): the rows, and the label of the other half.
    key = (d["group"] * 16 + d["branch"]) * 2 + half
    order = np.argsort(key, kind="stable")
    keys, starts = np.unique(key[order], return_index=True)
    ends = np.append(starts[1:], n)
    mean = {k: d["margin"][order[s0:e0]].mean() for k, s0, e0 in zip(keys, starts, ends)}
    rows_of = {k: order[s0:e0] for k, s0, e0 in zip(keys, starts, ends)}
    by_group = {}
    for k in keys:
        other = k ^ 1
        if other in mean:
            by_group.setdefault(k // 32, []).append((k, mean[other]))
    x = inputs(d, np.arange(0, n, max(1, n // 20000)), kind)
    std = x.std(axis=0)
    width = d["parts"].shape[1]
    norm = (x.mean(axis=0), np.where(std > 1e-6, std, 1.0).astype(np.float32))
    norm[0][width:] = 0.0
    norm[1][width:] = 1.0
    rng = np.random.default_rng(a.seed)
    sizes = [width + EXTRAS, SEATS]
    params = [(np.zeros((sizes[0], SEATS), np.float32), np.zeros(SEATS, np.float32))]
    opt = Adam(params)

    def batch_grad(groups, ps, train=True):
        """Loss gradient on the logits of the rows of `groups` (training), or the pairs ordered."""
        items = [(k, lab) for gr in groups for k, lab in by_group.get(gr, [])]
        rows = np.concatenate([rows_of[k] for k, _ in items])
        seg = np.concatenate([np.full(len(rows_of[k]), i) for i, (k, _) in enumerate(items)])
        out, acts = forward(ps, inputs(d, rows, kind, norm))
        z = base_logits(d["game"][rows], d["players"]) + out
        mv = d["mover"][rows]
        sv = mover_logodds(z, mv)
        pr = 1.0 / (1.0 + np.exp(-np.clip(sv, -30, 30)))
        cnt = np.bincount(seg, minlength=len(items)).astype(np.float64)
        v = np.bincount(seg, weights=pr, minlength=len(items)) / np.maximum(cnt, 1)
        lab = np.array([lab for _, lab in items])
        grp = np.array([k // 32 for k, _ in items])
        hf = np.array([k % 2 for k, _ in items])
        same = (grp[:, None] == grp[None, :]) & (hf[:, None] == hf[None, :])
        i, j = np.nonzero(same & (lab[:, None] - lab[None, :] > a.pair_gap))
        if not train:
            dv = v[i] - v[j]
            return float(((dv > 0) + 0.5 * (dv == 0)).sum()), len(i)
        sg = 1.0 / (1.0 + np.exp(a.temp * (v[i] - v[j])))
        gv = np.zeros(len(items))
        np.add.at(gv, i, -a.temp * sg / max(len(i), 1))
        np.add.at(gv, j, a.temp * sg / max(len(i), 1))
        gs = (gv[seg] / cnt[seg]) * pr * (1 - pr)
        g = np.zeros_like(z)
        r = np.arange(len(rows))
        g[r, mv] = gs
        g[r, 1 - mv] = -gs
        return g.astype(np.float32), acts

    train_groups = ids[ids < v_cut]
    valid_groups = ids[(ids >= v_cut) & (ids < t_cut)]

    def agreement(ps):
        c = t = 0
        for k in range(0, len(valid_groups), 256):
            cc, tt = batch_grad(valid_groups[k : k + 256], ps, train=False)
            c, t = c + cc, t + tt
        return c / max(t, 1)

    best = (agreement(params), [(w.copy(), b.copy()) for w, b in params], 0)
    print(f"{len(train_groups)} training turn starts, {len(valid_groups)} validation; epoch 0 (the game's evaluation): {best[0]:.4f}", flush=True)
    for epoch in range(a.epochs):
        perm = rng.permutation(train_groups)
        for k in range(0, len(perm), a.groups):
            g, acts = batch_grad(perm[k : k + a.groups], params)
            opt.step(params, acts, g, a.lr, a.l2)
        ag = agreement(params)
        print(f"epoch {epoch + 1}: validation branch pairs ordered {ag:.4f}", flush=True)
        if ag > best[0]:
            best = (ag, [(w.copy(), b.copy()) for w, b in params], epoch + 1)
    ag, params, epoch = best
    params = fold(params, norm)
    header = {
        "format": "sylvan-value-mlp",
        "version": 1,
        "game": meta["game"],
        "options": meta["options"],
        "input": int(width),
        "outputs": SEATS,
        "layers": [[int(i), int(o)] for i, o in zip(sizes[:-1], sizes[1:])],
        "activation": "relu",
        "sections": [],
        "residual": {"base": "evaluate", "extras": EXTRAS, "inputs": kind},
        "data": [{k: meta.get(k) for k in ("format", "games", "seed", "playouts", "depth", "every")}],
        "train": {
            "command": " ".join(["python", "tools/learned/residual.py", "train-branches"] + argv),
            "seed": a.seed,
            "epochs_kept": epoch,
            "valid_pairs_ordered": round(ag, 4),
        },
    }
    write_weights(a.out, header, params)
    print(json.dumps(header["train"]))
    return 0


def main(argv: List[str]) -> int:
    commands = {"train": train, "judge": judge, "branches": branches, "train-branches": train_branches}
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
