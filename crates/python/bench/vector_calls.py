"""`VectorGame` calls for an instruction count (run under callgrind, once with 0 calls and once with
some: the difference divided by calls × 64 is the cost of one tensor or step, Python's part included).

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python crates/python/bench/vector_calls.py GAME {observe,step} {copy,nocopy} CALLS

GAME is `equinox` (4 players), `spirit-duel`, `command-of-nature`, `mystic-vale` (2 players) or
`mystic-vale-essential`. `step` plays the first legal id of each mask row. With a build from before
`copy=` (e.g. `PYTHONPATH=<an older sylvan>`), the old path is counted.
"""

import sys

import sylvan

GAMES = {
    "equinox": ("equinox", {"players": 4}),
    "spirit-duel": ("spirit-duel", {}),
    "command-of-nature": ("command-of-nature", {}),
    "mystic-vale": ("mystic-vale", {"players": 2}),
    "mystic-vale-essential": ("mystic-vale", {"players": 2, "edition": "essential"}),
}


def main():
    game, what, copy, calls = sys.argv[1], sys.argv[2], sys.argv[3] == "copy", int(sys.argv[4])
    name, options = GAMES[game]
    try:
        vec = sylvan.VectorGame(sylvan.load_game(name, **options), 64, seed=0, copy=copy)
    except TypeError:  # a build from before `copy` (the old path, for a side-by-side count)
        vec = sylvan.VectorGame(sylvan.load_game(name, **options), 64, seed=0)
        copy = "old"
    vec.random_steps(20, seed=1)
    _obs, mask, *_ = vec.observe()
    for _ in range(calls):
        if what == "observe":
            vec.observe()
        else:
            _obs, mask, *_ = vec.step(mask.argmax(axis=1))
    print(game, what, copy, calls, vec.games_finished)


if __name__ == "__main__":
    main()
