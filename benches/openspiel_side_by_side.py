#!/usr/bin/env python3
"""Mystic Vale's uniform random playouts side by side with OpenSpiel C++'s (issue 33, "Speed").

One core, interleaved rounds: each round times OpenSpiel's `euchre` and `hearts` (uniform random bots
through `pyspiel.evaluate_bots`, the C++ game under the Python loop OpenSpiel users run) and then
`sylvan bench` for each Mystic Vale setup, so a change of the machine's load hits every side alike. The
figure reported is the ratio of moves per second, Mystic Vale over OpenSpiel's euchre, per round and as
the median of the rounds. OpenSpiel's moves include its chance outcomes (euchre's deal is dealt card by
card, about half its moves), Mystic Vale's do not (its shuffles are inside the state): a second column
gives the ratio to euchre's decisions alone, the moves less the chance outcomes. Absolute nanoseconds are not stable on a shared machine; the ratio of two
interleaved runs is steadier, and callgrind instruction counts (docs/measurements/instructions.sh) are
the exact measure.

Usage (OpenSpiel from PyPI in a venv under the worktree's ignored `target/`; the `sylvan` binary built
with `--release`, or, as shipped, `cargo build --profile dist -p sylvan` and `--bin target/dist/sylvan`):

    python3 -m venv target/openspiel-venv && target/openspiel-venv/bin/pip install open_spiel
    target/openspiel-venv/bin/python benches/openspiel_side_by_side.py [--rounds 5] [--seconds 2] [--core 0]

The script pins itself and the `sylvan bench` runs it starts to one core (`--core`, Linux), so both sides run
on the same core, one after the other.

Prints a Markdown table (copy it into docs/measurements/ with the date and the machine), or `--json`.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

SETUPS = [
    ("Mystic Vale base, 2 players", ["mystic-vale", "-p", "2"]),
    (
        "Mystic Vale, every expansion, leaders and amulets, 2 players",
        [
            "mystic-vale",
            "-p",
            "2",
            "-o",
            "sets=base,magic,wild,manastorm",
            "-o",
            "leaders=random",
            "-o",
            "amulets=random",
        ],
    ),
    ("Mystic Vale edition=essential, 4 players", ["mystic-vale", "-p", "4", "-o", "edition=essential"]),
]
OPENSPIEL_GAMES = ["euchre", "hearts"]


def openspiel_moves_per_sec(pyspiel, name, seconds, seed):
    """Uniform random playouts of OpenSpiel game `name` for about `seconds`: moves (chance included) per
    second, and the share of those moves that are decisions (not chance outcomes)."""
    game = pyspiel.load_game(name)
    n = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(n)]
    rng = random.Random(seed)
    # The mean playout length is measured before the clock starts (a Python loop, far slower than
    # `evaluate_bots`; timing it would flatter the other side).
    length, decisions = playout_length(game, rng)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        # `evaluate_bots` plays one game with these bots (chance outcomes sampled in C++); it returns only
        # the returns, so each game counts as the mean uniform random playout length.
        pyspiel.evaluate_bots(state, bots, rng.randrange(1 << 31))
        games += 1
    elapsed = time.perf_counter() - start
    return games * length / elapsed, decisions / length


_LENGTHS = {}


def playout_length(game, rng):
    """The mean length of a uniform random playout of `game`, and its mean number of decisions (moves that
    are not chance outcomes), measured once per game over 200 playouts."""
    key = str(game)
    if key not in _LENGTHS:
        total = decisions = 0
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
                total += 1
        _LENGTHS[key] = (total / 200, decisions / 200)
    return _LENGTHS[key]


def sylvan_moves_per_sec(binary, args, seconds, seed):
    """`sylvan bench` of a setup, grown until it runs about `seconds`: moves per second."""
    n = 20
    while True:
        cmd = [binary, "bench", *args, "-n", str(n), "--seed", str(seed), "--json"]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"error: {' '.join(cmd)}: {run.stderr.strip()}")
        r = json.loads(run.stdout)
        if r["seconds"] >= seconds or n >= 1_000_000:
            return r["moves_per_sec"]
        n = max(n * 2, int(n * seconds / max(r["seconds"], 1e-3)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--bin", default="target/release/sylvan")
    ap.add_argument("--core", type=int, default=0, help="the one core both sides run on (Linux)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {a.core})
    try:
        import pyspiel
    except ImportError:
        sys.exit("error: OpenSpiel's Python module `pyspiel` is missing (pip install open_spiel)")
    rounds = []
    decision_share = {}
    for k in range(a.rounds):
        row = {}
        for g in OPENSPIEL_GAMES:
            row[g], decision_share[g] = openspiel_moves_per_sec(pyspiel, g, a.seconds, 1000 + k)
        for label, args in SETUPS:
            row[label] = sylvan_moves_per_sec(a.bin, args, a.seconds, 1000 + k)
        rounds.append(row)
        print(f"round {k + 1}/{a.rounds} done", file=sys.stderr)
    summary = {}
    for label, _ in SETUPS:
        ratios = [r[label] / r["euchre"] for r in rounds]
        by_decisions = [r[label] / (r["euchre"] * decision_share["euchre"]) for r in rounds]
        summary[label] = {
            "moves_per_sec_median": statistics.median(r[label] for r in rounds),
            "ratio_to_euchre_median": statistics.median(ratios),
            "ratio_to_euchre_min": min(ratios),
            "ratio_to_euchre_max": max(ratios),
            "ratio_to_euchre_decisions_median": statistics.median(by_decisions),
        }
    for g in OPENSPIEL_GAMES:
        summary[g] = {
            "moves_per_sec_median": statistics.median(r[g] for r in rounds),
            "decision_share": decision_share[g],
        }
    if a.json:
        print(json.dumps({"rounds": rounds, "summary": summary}, indent=2))
        return
    print(f"{a.rounds} interleaved rounds, {a.seconds} s a measurement\n")
    print("| side | moves/s (median) | × OpenSpiel euchre (median, min–max) | × euchre's decisions/s (median) |")
    print("|---|---:|---:|---:|")
    for g in OPENSPIEL_GAMES:
        share = summary[g]["decision_share"]
        print(
            f"| OpenSpiel {g} (`evaluate_bots`, uniform random; {share:.1%} of its moves are decisions) | "
            f"{summary[g]['moves_per_sec_median']:,.0f} | | |"
        )
    for label, _ in SETUPS:
        s = summary[label]
        print(
            f"| {label} (`sylvan bench`) | {s['moves_per_sec_median']:,.0f} | "
            f"{s['ratio_to_euchre_median']:.2f} ({s['ratio_to_euchre_min']:.2f}–{s['ratio_to_euchre_max']:.2f}) | "
            f"{s['ratio_to_euchre_decisions_median']:.2f} |"
        )


if __name__ == "__main__":
    main()
