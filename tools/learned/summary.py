"""Markdown rows from `sylvan tournament --json -v` reports of two bots: games, wins of the first bot
(a draw counts half), its win rate with the Wilson 95% interval, and each bot's search iterations per
decision and per second.

    python tools/learned/summary.py target/learned/runs/vs-heuristic.json target/learned/runs/vs-expert.json
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
    print("| first bot | second bot | games | wins of the first | win rate (Wilson 95%) | iterations/decision (first, second) | iterations/s (first, second) |")
    print("|---|---|---:|---:|---|---|---|")
    for path in paths:
        d = json.load(open(path))
        a, b = d["bots"][0], d["bots"][1]
        lo, hi = wilson(a["wins"], a["games"])

        def s(bot, key, fmt):
            v = (bot.get("search") or {}).get(key)
            return "—" if v is None else fmt.format(v)

        print(
            f"| `{a['spec']}` | `{b['spec']}` | {a['games']} | {a['wins']:g} | {a['wins'] / a['games']:.1%} "
            f"({lo:.1%}–{hi:.1%}) | {s(a, 'iterations_per_decision', '{:.0f}')}, {s(b, 'iterations_per_decision', '{:.0f}')} "
            f"| {s(a, 'iterations_per_sec', '{:.0f}')}, {s(b, 'iterations_per_sec', '{:.0f}')} |"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
