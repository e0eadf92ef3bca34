"""Markdown rows from `sylvan tournament --json -v` reports of two bots: games, wins of the first bot
(a draw counts half), its win rate with the Wilson 95% interval, and each bot's search iterations per
decision and per second. Reports of the same two bots (blocks of one match, e.g. seeds 7000, 7100, ...)
are added up into one row, in the order their pair first appears.

    python tools/learned/summary.py target/learned/runs/vs-heuristic.json target/learned/runs/vs-expert.json
    python tools/learned/summary.py target/learned/diag/B1.*.json
"""

import json
import math
import sys


def wilson(wins: float, n: float, z: float = 1.959964) -> tuple:
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main(paths):
    rows = {}
    for path in paths:
        try:
            with open(path) as f:
                d = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: skipped ({e})", file=sys.stderr)
            continue
        a, b = d["bots"][0], d["bots"][1]
        row = rows.setdefault((a["spec"], b["spec"]), {"games": 0, "wins": 0.0, "search": [{}, {}]})
        row["games"] += a["games"]
        row["wins"] += a["wins"]
        for i, bot in enumerate((a, b)):
            s = bot.get("search") or {}
            acc = row["search"][i]
            for k in ("iterations", "searched_decisions", "seconds"):
                if k in s:
                    acc[k] = acc.get(k, 0) + s[k]
    print("| first bot | second bot | games | wins of the first | win rate (Wilson 95%) | iterations/decision (first, second) | iterations/s (first, second) |")
    print("|---|---|---:|---:|---|---|---|")
    for (a, b), row in rows.items():
        n, w = row["games"], row["wins"]
        lo, hi = wilson(w, n)

        def per(acc, key):
            if not acc.get(key):
                return "—"
            return f"{acc['iterations'] / acc[key]:.0f}"

        s1, s2 = row["search"]
        print(
            f"| `{a}` | `{b}` | {n} | {w:g} | {w / n:.1%} ({lo:.1%}–{hi:.1%}) "
            f"| {per(s1, 'searched_decisions')}, {per(s2, 'searched_decisions')} "
            f"| {per(s1, 'seconds')}, {per(s2, 'seconds')} |"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
