"""Random-play speed from Python (a benchmark script, not a test).

Steps per second of uniformly random play through Sylvan's state API, its PettingZoo environment and
its vectorized API (VectorGame.step with actions drawn from its masks by numpy, and
VectorGame.random_steps entirely in Rust); the PettingZoo environment both as `env()` (with
PettingZoo's order-enforcing wrapper) and as `raw_env()`;
beside OpenSpiel's pyspiel Python loop on hearts, oh_hell and euchre in the same run (when open_spiel is
installed), each with and without a tensor per decision, and Sylvan games through pyspiel
(`sylvan.openspiel`); observation tensors per second; and Ray simulation games per second on 1 and 2
workers. Prints a Markdown table.

    python crates/python/bench/bench.py [--seconds 3] [--no-ray]
    python crates/python/bench/bench.py --targets [--seconds 1]   # the speed targets, old/new side by side
"""

import argparse
import random
import time

import numpy as np

import sylvan

GAMES = [
    ("equinox", {"players": 4}),
    ("spirit-duel", {}),
    ("command-of-nature", {}),
    ("mystic-vale", {"players": 2}),
    ("mystic-vale", {"players": 2, "edition": "essential"}),
]


def timed(seconds, run):
    """Calls `run()` (which returns the steps it took) until `seconds` have passed: steps per second."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start)


def state_api(name, options, seconds, observe=False):
    """Random play through the state API; with `observe`, the mover's observation tensor every step."""
    game = sylvan.load_game(name, **options)
    rng = random.Random(1)
    seed = [0]

    def one_game():
        state = game.new_initial_state(seed[0])
        seed[0] += 1
        steps = 0
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return timed(seconds, one_game)


def observations(name, options, seconds):
    """Observation tensors per second through `VectorGame.observe` (64 games, one tensor each per call)."""
    vec = sylvan.VectorGame(sylvan.load_game(name, **options), 64, seed=0)
    vec.random_steps(20, seed=1)  # away from the opening
    return timed(seconds, lambda: vec.observe()[0].shape[0])


def pettingzoo_env(name, options, seconds, wrapped=True):
    from sylvan.pettingzoo import env, raw_env

    e = (env if wrapped else raw_env)(name, **options)
    rng = random.Random(1)
    seed = [0]

    def one_game():
        e.reset(seed=seed[0])
        seed[0] += 1
        steps = 0
        for _agent in e.agent_iter():
            obs, _r, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
        return steps

    return timed(seconds, one_game)


def vector_step(name, options, seconds, n=64):
    game = sylvan.load_game(name, **options)
    vec = sylvan.VectorGame(game, n, seed=0)
    rng = np.random.default_rng(1)
    _obs, mask, *_ = vec.observe()
    state = {"mask": mask}

    def batch():
        m = state["mask"]
        # Illegal ids get -1: a legal id drawn as exactly 0.0 still beats them (with `random * mask`, a
        # row whose legal draws are all 0.0 would pick id 0, legal or not).
        actions = np.argmax(np.where(m != 0, rng.random(m.shape, dtype=np.float32), np.float32(-1)), axis=1)
        _obs, state["mask"], *_ = vec.step(actions)
        return n

    return timed(seconds, batch)


def targets(name, options, seconds, n=64, rounds=3):
    """The issue's speed targets, the old and the new path interleaved in one run (`rounds` times each,
    `seconds` each): observation tensors per second through `VectorGame.observe`, and steps per second
    of `VectorGame.step` with its observations and masks, the actions the first legal id of each mask row
    (one numpy pass, so the rate is the stepper's). Old: `copy=True` (fresh arrays every call); new:
    `copy=False` (the reused read-only buffers). Returns the best rate of each."""
    game = sylvan.load_game(name, **options)
    best = {}
    for _ in range(rounds):
        for copy in (True, False):
            vec = sylvan.VectorGame(game, n, seed=0, copy=copy)
            vec.random_steps(20, seed=1)
            rate = timed(seconds, lambda: vec.observe()[0].shape[0])
            best[("observe", copy)] = max(best.get(("observe", copy), 0), rate)
            _obs, mask, *_ = vec.observe()
            held = {"mask": mask}

            def batch():
                _o, held["mask"], *_r = vec.step(held["mask"].argmax(axis=1))
                return n

            rate = timed(seconds, batch)
            best[("step", copy)] = max(best.get(("step", copy), 0), rate)
    return best


def vector_random(name, options, seconds, n=64):
    vec = sylvan.VectorGame(sylvan.load_game(name, **options), n, seed=0)
    return timed(seconds, lambda: vec.random_steps(50, seed=3))


def pyspiel_loop(name, seconds, observe=False, params=None):
    """OpenSpiel's Python loop; with `observe`, the mover's information-state tensor every decision
    (hearts, oh_hell and euchre have no observation tensor; a Sylvan game loaded through
    `sylvan.openspiel` has both)."""
    import pyspiel

    if name.startswith("sylvan_"):
        import sylvan.openspiel  # noqa: F401

    game = pyspiel.load_game(name, params or {})
    rng = random.Random(1)

    def one_game():
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                if observe:
                    state.information_state_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return timed(seconds, one_game)


def ray_rate(workers, games):
    import ray

    import sylvan.distributed as dist

    # address="local": a new instance of `workers` CPUs even when a cluster already runs on this machine.
    ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        dist.sim("equinox", bots="random", games=64, players=4, chunks=workers)  # warm the workers
        report = dist.sim("equinox", bots="random", games=games, players=4, seed=1, chunks=4 * workers)
        return report["games"] / report["seconds"]
    finally:
        ray.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--ray-games", type=int, default=4000)
    parser.add_argument("--targets", action="store_true", help="only the issue's speed targets, old and new paths")
    args = parser.parse_args()

    if args.targets:
        print("| game | tensors/s copy=True | tensors/s copy=False | new/old | steps/s copy=True | "
              "steps/s copy=False | new/old |\n|---|---:|---:|---:|---:|---:|---:|")
        for name, options in GAMES:
            label = name + "".join(f" {k}={v}" for k, v in options.items())
            b = targets(name, options, args.seconds)
            o_old, o_new, s_old, s_new = b[("observe", True)], b[("observe", False)], b[("step", True)], b[("step", False)]
            print(f"| {label} | {o_old:,.0f} | {o_new:,.0f} | {o_new / o_old:.2f} | {s_old:,.0f} | {s_new:,.0f} | "
                  f"{s_new / s_old:.2f} |", flush=True)
        return

    rows = []
    pyspiel_rates = []
    try:
        import pyspiel  # noqa: F401

        for name in ["hearts", "oh_hell", "euchre"]:
            rate = pyspiel_loop(name, args.seconds)
            pyspiel_rates.append(rate)
            rows.append((f"pyspiel {name}", "state loop", rate))
            rows.append((f"pyspiel {name}", "state loop + info-state tensor", pyspiel_loop(name, args.seconds, True)))
        for name, params in [("sylvan_spirit_duel", {}), ("sylvan_equinox", {"players": 4})]:
            label = f"pyspiel {name}" + "".join(f" {k}={v}" for k, v in params.items())
            rows.append((label, "state loop (sylvan.openspiel)", pyspiel_loop(name, args.seconds, False, params)))
    except ImportError:
        print("open_spiel is not installed: no pyspiel baseline")
    for name, options in GAMES:
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        rows.append((label, "state API", state_api(name, options, args.seconds)))
        rows.append((label, "state API + observation tensor", state_api(name, options, args.seconds, True)))
        rows.append((label, "observation tensors (VectorGame.observe, 64)", observations(name, options, args.seconds)))
        rows.append((label, "PettingZoo AEC (env)", pettingzoo_env(name, options, args.seconds)))
        rows.append((label, "PettingZoo AEC (raw_env)", pettingzoo_env(name, options, args.seconds, False)))
        rows.append((label, "VectorGame.step (64 games)", vector_step(name, options, args.seconds)))
        rows.append((label, "VectorGame.random_steps (64 games)", vector_random(name, options, args.seconds)))
    base = max(pyspiel_rates) if pyspiel_rates else None
    print(f"\n| game | path | steps/s | × best pyspiel |\n|---|---|---:|---:|")
    for game, path, rate in rows:
        ratio = f"{rate / base:.1f}" if base else "n/a"
        print(f"| {game} | {path} | {rate:,.0f} | {ratio} |")
    if not args.no_ray:
        print(f"\n| Ray workers | equinox 4p random games/s ({args.ray_games} games) |\n|---:|---:|")
        for workers in (1, 2):
            print(f"| {workers} | {ray_rate(workers, args.ray_games):,.0f} |")


if __name__ == "__main__":
    main()
