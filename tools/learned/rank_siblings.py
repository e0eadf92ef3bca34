"""Judges value networks offline on sibling groups from ``gen_siblings.py`` (the held-out share: the last
``--valid`` of the groups, as ``train.py --siblings`` holds out): for every pair of siblings of one turn
whose labels (the mover's mean final margin) differ by more than 1 VP, and by more than 4 VP, the share
the network orders as the labels do (ties half), and its outcome cross-entropy against the siblings'
labels. The game's own evaluation is judged on fresh games by the Rust diagnostic ``rank_siblings``
(``crates/registry/tests/registry/learned.rs``).

    python tools/learned/rank_siblings.py target/learned/sib.npz --nets crates/mystic-vale/data/eval-v1.bin
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import List

import numpy as np

from train import load_siblings, load_weights, masked_softmax, forward, pair_agreement, pairs_of


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", nargs="+")
    p.add_argument("--nets", nargs="+", required=True)
    p.add_argument("--valid", type=float, default=0.1)
    p.add_argument("--all", action="store_true", help="every group, not only the held-out share")
    a = p.parse_args(argv)
    meta = json.loads(str(np.load(a.data[0])["meta"]))
    obs, tgt, grp, mov, mar = load_siblings(a.data, meta)
    ids = np.unique(grp)
    cut = ids[0] if a.all else ids[len(ids) - max(1, int(len(ids) * a.valid))]
    rows = np.flatnonzero(grp >= cut)
    obs, tgt, grp, mov, mar = obs[rows], tgt[rows], grp[rows], mov[rows], mar[rows]
    pairs = {gap: pairs_of(grp, mar, gap) for gap in (1.0, 4.0)}
    print(f"{len(np.unique(grp))} groups, {len(rows)} siblings; pairs > 1 VP: {len(pairs[1.0])}, > 4 VP: {len(pairs[4.0])}")
    print("| network | ordered (> 1 VP) | ordered (> 4 VP) | cross-entropy against the labels |")
    print("|---|---:|---:|---:|")
    for path in a.nets:
        _, params = load_weights(path)
        pr = masked_softmax(forward(params, obs.astype(np.float32))[0], 2)
        ce = float(-(tgt[:, :2] * np.log(pr[:, :2] + 1e-9)).sum(axis=1).mean())
        print(
            f"| {path} | {pair_agreement(params, obs, mov, pairs[1.0]):.3f} | {pair_agreement(params, obs, mov, pairs[4.0]):.3f}"
            f" | {ce:.4f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
