"""Tensors and steps per second from Python, per game, with this machine's instructions per CPU-second
measured in the same run (a benchmark script, not a test).

    python crates/python/bench/per_second.py [--seconds 1] [--rounds 3] [--games 64] [--cpu 1]
        [--rows 20000] [--no-callgrind] [--only GAME]

For each game and each path (`observe`: `VectorGame.observe()`, a tensor and a mask per slot;
`step`: `VectorGame.step(actions)` with `actions = mask.argmax(axis=1)`, the first legal id of each
slot), with `copy=False`, one row being one slot of one call:

- **instructions a row, call**: callgrind's inclusive count of the pyo3 method (`observe` or `step`:
  reading the actions, Rust's work with the GIL released, the arrays handed back) over a loop of
  `--rows` rows, divided by the rows; **loop**: the whole loop (the interpreter, numpy's argmax for
  `step`) = the run minus a run of 0 calls, divided by the rows. Independent of the load.
- **G instructions per CPU-second**: the method's instructions over the CPU time of the same calls
  (`time.process_time` around each call) in a native run, best of `--rounds` processes: what this
  machine ran in this run, and so the **budget for 1 M/s** (that rate over a million).
- **rows per CPU-second** over `--seconds` of CPU time, best of `--rounds` processes: counting only
  the time inside the calls (**call**) and the whole loop (**loop**); and **rows/s wall**, the loop by
  the wall clock.

Every child runs with `PYTHONHASHSEED=0` (the same interpreter work from run to run) and, with
`--cpu N`, pinned to core N (`os.sched_setaffinity`). The load average is printed before and after: on
a loaded machine the CPU-time rates are those of a core shared with other work (its hyperthread, the
caches), and the wall-clock rate includes the time other processes held the core.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

GAMES = {
    "spirit-duel": ("spirit-duel", {}),
    "equinox players=4": ("equinox", {"players": 4}),
    "command-of-nature": ("command-of-nature", {}),
    "mystic-vale players=2": ("mystic-vale", {"players": 2}),
    "mystic-vale players=2 edition=essential": ("mystic-vale", {"players": 2, "edition": "essential"}),
}

# Run in a child process. argv: [name, options, what, games, calls, seconds]. `calls` > 0: that many
# calls (the counted loop); else calls until `seconds` of CPU time have passed. Prints a JSON line.
CHILD = r"""
import json, sys, time
import sylvan
name, options, what, games, calls, seconds = json.loads(sys.argv[1])
vec = sylvan.VectorGame(sylvan.load_game(name, **options), games, seed=0, copy=False)
vec.random_steps(20, seed=1)
_obs, mask, *_ = vec.observe()
n, inside = 0, 0.0
clock = time.process_time
cpu0, wall0 = clock(), time.perf_counter()
while (n < calls) if calls > 0 else (clock() - cpu0 < seconds):
    if what == "observe":
        t = clock()
        vec.observe()
        inside += clock() - t
    else:
        actions = mask.argmax(axis=1)
        t = clock()
        _obs, mask, *_ = vec.step(actions)
        inside += clock() - t
    n += 1
cpu, wall = clock() - cpu0, time.perf_counter() - wall0
print(json.dumps({"rows": n * games, "cpu": cpu, "inside": inside, "wall": wall}))
"""

# The pyo3 method of each path: callgrind's inclusive count of it is the call's cost (the arguments, the
# GIL released, Rust's work, the arrays handed back), without the interpreter's loop or numpy's argmax.
METHOD = {"observe": "VectorGame::__pymethod_observe__", "step": "VectorGame::__pymethod_step__"}


def child(args, name, options, what, calls, seconds=0.0, valgrind=False):
    """Runs the loop in a fresh process: its JSON line, and (under callgrind) the instructions of the
    whole run and of the method's calls."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = [sys.executable, "-c", CHILD, json.dumps([name, options, what, args.games, calls, seconds])]
    counts = None
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, "callgrind.out")
        if valgrind:
            cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"] + cmd
        pin = (lambda: os.sched_setaffinity(0, {args.cpu})) if args.cpu is not None else None
        out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True, preexec_fn=pin)
        if valgrind:
            m = re.search(r"refs:\s+([\d,]+)", out.stderr)
            if not m:
                raise SystemExit(f"no instruction count in callgrind's output:\n{out.stderr}")
            annotate = subprocess.run(
                ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out_file],
                check=True, capture_output=True, text=True,
            ).stdout
            method = 0
            for line in annotate.splitlines():
                if METHOD[what] in line and "'" not in line.split("[")[0]:
                    method = max(method, int(line.split()[0].replace(",", "")))
            counts = (int(m.group(1).replace(",", "")), method)
    return json.loads(out.stdout.strip().splitlines()[-1]), counts


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of the long run of each path")
    p.add_argument("--rounds", type=int, default=3, help="processes per timing (the best is kept)")
    p.add_argument("--games", type=int, default=64, help="games per VectorGame (rows per call)")
    p.add_argument("--rows", type=int, default=20000, help="rows in the counted loop")
    p.add_argument("--cpu", type=int, default=None, help="pin every child to this core")
    p.add_argument("--no-callgrind", action="store_true", help="rates only")
    p.add_argument("--only", default=None, help="one game (a key of the table)")
    args = p.parse_args()
    counting = not args.no_callgrind and shutil.which("valgrind") is not None
    calls = max(1, args.rows // args.games)
    print(f"load average at the start: {load()}; {os.cpu_count()} cores; pinned to: {args.cpu}; "
          f"{args.games} games a call; counted loop: {calls} calls ({calls * args.games} rows)")
    print()
    print("| game | path | instructions a row: call | loop | G instructions per CPU-s | budget for 1 M/s "
          "| rows per CPU-s: call | loop | rows/s wall: loop |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    fmt = lambda x, f: "–" if x is None else f.format(x)
    for label, (name, options) in GAMES.items():
        if args.only and args.only != label:
            continue
        base = child(args, name, options, "observe", 0, -1.0, valgrind=True)[1][0] if counting else None
        for what in ("observe", "step"):
            call_row = loop_row = per_cpu_s = None
            if counting:
                _, (total, method) = child(args, name, options, what, calls, valgrind=True)
                call_row = method / (calls * args.games)
                loop_row = (total - base) / (calls * args.games)
                # The same calls, natively: their instructions over their CPU time (best of the rounds).
                timed = [child(args, name, options, what, calls)[0] for _ in range(args.rounds)]
                per_cpu_s = method / min(t["inside"] for t in timed)
            long = [child(args, name, options, what, 0, args.seconds)[0] for _ in range(args.rounds)]
            call_rate = max(t["rows"] / t["inside"] for t in long)
            loop_rate = max(t["rows"] / t["cpu"] for t in long)
            wall_rate = max(t["rows"] / t["wall"] for t in long)
            print(
                f"| {label} | {what} | {fmt(call_row, '{:,.0f}')} | {fmt(loop_row, '{:,.0f}')} "
                f"| {fmt(per_cpu_s and per_cpu_s / 1e9, '{:.1f}')} | {fmt(per_cpu_s and per_cpu_s / 1e6, '{:,.0f}')} "
                f"| {call_rate:,.0f} | {loop_rate:,.0f} | {wall_rate:,.0f} |",
                flush=True,
            )
    print()
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()
