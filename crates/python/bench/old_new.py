"""Two builds of the package side by side in one run: tensors/s (`VectorGame.observe`) and steps/s
(`VectorGame.step`, first legal id of each mask row) from Python, 64 games a call, `copy=False`.

    python crates/python/bench/old_new.py OLD NEW [--seconds 1] [--rounds 3]

OLD and NEW are wheels (`.whl`, unpacked into a temporary directory) or directories holding an
importable `sylvan`. Each measurement runs in its own process with that build first on `sys.path`; the
builds alternate within each round so that both see the same load, and the best of the rounds is kept.
Prints a Markdown table: old, new, new/old.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zipfile

GAMES = {
    "spirit-duel": ("spirit-duel", {}),
    "equinox players=4": ("equinox", {"players": 4}),
    "command-of-nature": ("command-of-nature", {}),
    "mystic-vale players=2": ("mystic-vale", {"players": 2}),
    "mystic-vale players=2 edition=essential": ("mystic-vale", {"players": 2, "edition": "essential"}),
}

# Run in a child process: one game, one path, `seconds` of calls; prints the rate.
CHILD = r"""
import json, sys, time
import sylvan
name, options, what, seconds = json.loads(sys.argv[1])
try:
    vec = sylvan.VectorGame(sylvan.load_game(name, **options), 64, seed=0, copy=False)
except TypeError:
    vec = sylvan.VectorGame(sylvan.load_game(name, **options), 64, seed=0)
vec.random_steps(20, seed=1)
_obs, mask, *_ = vec.observe()
n = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    for _ in range(20):
        if what == "observe":
            vec.observe()
        else:
            _obs, mask, *_ = vec.step(mask.argmax(axis=1))
    n += 20
print(n * 64 / (time.perf_counter() - start))
"""


def unpacked(path, tmp):
    if os.path.isdir(path):
        return path
    out = os.path.join(tmp, os.path.basename(path))
    with zipfile.ZipFile(path) as z:
        z.extractall(out)
    return out


def rate(build, game, what, seconds):
    name, options = GAMES[game]
    env = dict(os.environ, PYTHONPATH=build)
    arg = json.dumps([name, options, what, seconds])
    out = subprocess.run([sys.executable, "-c", CHILD, arg], env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        builds = {"old": unpacked(args.old, tmp), "new": unpacked(args.new, tmp)}
        print("| game | path | old | new | new/old |")
        print("|---|---|---:|---:|---:|")
        for game in GAMES:
            for what, label in [("observe", "tensors/s (observe)"), ("step", "steps/s (step)")]:
                best = {"old": 0.0, "new": 0.0}
                for _ in range(args.rounds):
                    for b in ("old", "new"):
                        best[b] = max(best[b], rate(builds[b], game, what, args.seconds))
                print(
                    f"| {game} | {label} | {best['old']:,.0f} | {best['new']:,.0f} | "
                    f"{best['new'] / best['old']:.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
