#!/usr/bin/env python3
"""What a Mystic Vale move's time follows: instructions, mispredicted branches, instruction-cache misses.

For each setup below, one callgrind run of `sylvan bench` (playouts only, `--toggle-collect`, with its
branch and cache simulators) counts a move's instructions, simulated mispredicted branches (conditional and
indirect) and first-level instruction-cache misses; then `sylvan bench` is timed on one core, in
interleaved rounds (the median of each setup's runs). Last, least squares fit the time a move against
those counts (no constant: a move of no work takes no time), and the largest error of each fit says how
well it explains the setups.

Callgrind's counts do not depend on the machine's load; its branch predictor and caches are models, not
this machine's. The timings need a quiet machine. Usage (after `cargo build --release`):

    python3 benches/mv_time_model.py [--bin target/release/sylvan] [--rounds 5] [--core 1]

Prints one row a setup, then the fits. Needs valgrind and callgrind_annotate; no Python package.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile

SETUPS = [
    "-p 2",
    "-p 3",
    "-p 4",
    "-p 2 -o rules=1",
    "-p 4 -o edition=essential",
    "-p 2 -o sets=base,magic",
    "-p 2 -o sets=base,wild -o leaders=random",
    "-p 2 -o sets=base,manastorm -o amulets=random",
    "-p 2 -o sets=all -o leaders=random -o amulets=random",
    "-p 3 -o sets=all -o leaders=random -o amulets=random",
    "-p 4 -o sets=all -o leaders=random -o amulets=random",
]


def bench(binary, setup, games, seed, prefix=()):
    cmd = [*prefix, binary, "bench", "mystic-vale", *setup.split(), "-n", str(games), "--seed", str(seed), "--json"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)}: {run.stderr.strip()[-300:]}")
    return json.loads(run.stdout)


def counts(binary, setup):
    """Per move: instructions, simulated mispredictions (conditional + indirect), I1 misses."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        grind = ["valgrind", "--tool=callgrind", "--branch-sim=yes", "--cache-sim=yes",
                 "--toggle-collect=*typed_playouts*", f"--callgrind-out-file={out.name}"]
        moves = bench(binary, setup, 150, 1, grind)["moves"]
        text = subprocess.run(["callgrind_annotate", out.name], capture_output=True, text=True).stdout
    events = totals = None
    for line in text.splitlines():
        if line.startswith("Events shown:"):
            events = line.split(":", 1)[1].split()
        if "PROGRAM TOTALS" in line:
            totals = [int(x.replace(",", "")) for x in line.split() if x[0].isdigit()]
    if events is None or totals is None or len(events) != len(totals):
        sys.exit(f"error: callgrind_annotate's totals not found for {setup!r}")
    c = dict(zip(events, totals))
    return c["Ir"] / moves, (c["Bcm"] + c["Bim"]) / moves, c["I1mr"] / moves


def solve(a, b):
    """Solves the square system a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(m[i][k]))
        m[k], m[p] = m[p], m[k]
        for i in range(k + 1, n):
            f = m[i][k] / m[k][k]
            m[i] = [x - f * y for x, y in zip(m[i], m[k])]
    x = [0.0] * n
    for k in reversed(range(n)):
        x[k] = (m[k][n] - sum(m[k][j] * x[j] for j in range(k + 1, n))) / m[k][k]
    return x


def fit(xs, y):
    """Least squares without a constant: the coefficients and the largest relative error."""
    n = len(xs[0])
    ata = [[sum(r[i] * r[j] for r in xs) for j in range(n)] for i in range(n)]
    aty = [sum(r[i] * t for r, t in zip(xs, y)) for i in range(n)]
    coef = solve(ata, aty)
    err = max(abs(sum(c * v for c, v in zip(coef, r)) - t) / t for r, t in zip(xs, y))
    return coef, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/sylvan")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--core", type=int, default=1)
    ap.add_argument("--games", type=int, default=1200, help="games a timed run")
    a = ap.parse_args()
    rows = {s: counts(a.bin, s) for s in SETUPS}
    times = {s: [] for s in SETUPS}
    for r in range(a.rounds):
        for s in SETUPS:
            out = bench(a.bin, s, a.games, 100 + r, ["taskset", "-c", str(a.core)])
            times[s].append(out["seconds"] * 1e9 / out["moves"])
    print("| setup | instructions | mispredicted | I1 misses | ns (median) |")
    print("|---|---:|---:|---:|---:|")
    y = []
    for s in SETUPS:
        ir, br, i1 = rows[s]
        y.append(statistics.median(times[s]))
        print(f"| `{s}` | {ir:.1f} | {br:.2f} | {i1:.2f} | {y[-1]:.1f} |")
    print()
    print("| fit (ns a move =) | coefficients (ns each) | largest error |")
    print("|---|---|---:|")
    for name, cols in [
        ("a·instructions", [0]),
        ("a·instructions + b·mispredicted", [0, 1]),
        ("a·instructions + c·I1 misses", [0, 2]),
        ("a·instructions + b·mispredicted + c·I1 misses", [0, 1, 2]),
    ]:
        coef, err = fit([[rows[s][k] for k in cols] for s in SETUPS], y)
        print(f"| {name} | {', '.join(f'{c:.4f}' for c in coef)} | {100 * err:.1f}% |")


if __name__ == "__main__":
    main()
