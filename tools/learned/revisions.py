"""Adds up `tools/learned/revisions.sh`'s reports (`p-rR-sS.json`: `expert` against the heuristic on
rules revision R, the deal of seed S played twice with the seats swapped): per revision, `expert`'s
wins (a draw counts half) with the Wilson 95% interval and both bots' mean scores; then the seeds
played on every revision, side by side, as Markdown rows.

    python3 tools/learned/revisions.py target/rev/p-r*.json
"""

import json
import math
import re
import sys


def wilson(wins: float, n: float, z: float = 1.959964) -> tuple:
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def read(paths):
    """{(revision, seed): (expert's wins, games, expert's mean score, heuristic's, mean moves)}."""
    out = {}
    for path in paths:
        m = re.search(r"p-r(\d+)-s(\d+)\.json$", path)
        if not m:
            print(f"{path}: skipped (not p-rR-sS.json)", file=sys.stderr)
            continue
        try:
            with open(path) as f:
                d = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: skipped ({e})", file=sys.stderr)
            continue
        e = next(b for b in d["bots"] if b["spec"] != "heuristic")
        h = next(b for b in d["bots"] if b["spec"] == "heuristic")
        out[(int(m[1]), int(m[2]))] = (e["wins"], e["games"], e["mean_score"], h["mean_score"], d["mean_moves"])
    return out


def main(paths):
    res = read(paths)
    revisions = sorted({r for r, _ in res}, reverse=True)
    print("| rules revision | seeds | games | `expert`'s wins | win rate (Wilson 95%) | mean score, `expert` – heuristic |")
    print("|---:|---|---:|---:|---|---|")
    for r in revisions:
        rows = [(s, v) for (rr, s), v in sorted(res.items()) if rr == r]
        w = sum(v[0] for _, v in rows)
        n = sum(v[1] for _, v in rows)
        lo, hi = wilson(w, n)
        se = sum(v[2] * v[1] for _, v in rows) / max(n, 1)
        sh = sum(v[3] * v[1] for _, v in rows) / max(n, 1)
        seeds = ", ".join(str(s) for s, _ in rows)
        print(f"| {r} | {seeds} | {n} | {w:g} | {100 * w / max(n, 1):.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%) | {se:.1f} – {sh:.1f} |")
    both = sorted({s for (_, s) in res if all((rr, s) in res for rr in revisions)})
    if len(revisions) > 1 and both:
        print()
        print("| seed | " + " | ".join(f"revision {r}: wins, scores" for r in revisions) + " |")
        print("|---:|" + "---|" * len(revisions))
        for s in both:
            cells = [f"{res[(r, s)][0]:g} of {res[(r, s)][1]}, {res[(r, s)][2]:.1f} – {res[(r, s)][3]:.1f}" for r in revisions]
            print(f"| {s} | " + " | ".join(cells) + " |")
        tot = [sum(res[(r, s)][0] for s in both) for r in revisions]
        print(f"| all {len(both)} | " + " | ".join(f"{t:g} of {2 * len(both)}" for t in tot) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
