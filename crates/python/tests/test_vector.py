"""The vectorized API plays the same games as the state API, restarts finished games, and releases
the GIL."""

import threading

import numpy as np
import pytest

import sylvan


@pytest.mark.parametrize("name", ["equinox", "spirit-duel", "command-of-nature", "mystic-vale"])
def test_vector_steps_match_single_states(name):
    game = sylvan.load_game(name)
    n = 4
    vec = sylvan.VectorGame(game, n, seed=100)
    states = [game.new_initial_state(seed=100 + i) for i in range(n)]
    next_seed = 100 + n
    rng = np.random.default_rng(3)
    obs, mask, player, rewards, done = vec.observe()
    assert obs.shape == (n, game.observation_tensor_size()) and mask.shape == (n, game.num_distinct_actions())
    finished = 0
    for _ in range(300):
        for i, s in enumerate(states):
            assert player[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor())
            assert np.array_equal(mask[i], s.legal_actions_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)
        obs, mask, player, rewards, done = vec.step(actions)
        for i, a in enumerate(actions):
            states[i].apply_action(int(a))
            if states[i].is_terminal():
                assert done[i]
                assert rewards[i].tolist() == pytest.approx(states[i].returns())
                states[i] = game.new_initial_state(seed=next_seed)
                next_seed += 1
                finished += 1
            else:
                assert not done[i] and not rewards[i].any()
    assert vec.games_finished == finished
    copy = vec.state(0)
    assert copy.to_record() == states[0].to_record()
    with pytest.raises(sylvan.SylvanError, match="no game 9"):
        vec.state(9)


@pytest.mark.parametrize(
    "name,options,warm",
    [("equinox", {"players": 4}, 60), ("spirit-duel", {}, 0), ("command-of-nature", {"teams": True}, 1000),
     ("mystic-vale", {"players": 3}, 400)],
)
def test_reused_buffers_hold_each_slots_observation(name, options, warm):
    """`copy=False`: the same read-only observation and mask arrays every call, updated in place (only where old or new values
    are nonzero), hold exactly what the state API gives for each slot after every step; `copy=True`
    arrays are fresh and stay as they were. (`warm` random steps first, so that games end in the checked
    steps.)"""
    game = sylvan.load_game(name, **options)
    n = 5
    fast = sylvan.VectorGame(game, n, seed=40, copy=False)
    slow = sylvan.VectorGame(game, n, seed=40)
    assert not fast.copy and slow.copy
    rng = np.random.default_rng(8)
    fast.random_steps(warm, seed=2)
    slow.random_steps(warm, seed=2)
    obs, mask, player, rewards, done = fast.observe()
    kept = slow.observe()
    first = [a.copy() for a in kept]
    for step in range(120):
        for i in range(n):
            s = fast.state(i)
            assert player[i] == s.current_player()
            assert obs[i].tobytes() == s.observation_tensor().tobytes(), f"step {step} slot {i}"
            assert np.array_equal(mask[i], s.legal_actions_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)
        again = fast.step(actions)
        assert again[0] is obs and again[1] is mask, "the same observation and mask arrays"
        _, _, player, rewards, done = again
        with pytest.raises(ValueError):
            obs[0, 0] = 1.0
        ours = slow.step(actions)
        for x, y in zip(ours, again):
            assert np.array_equal(x, y)
    assert fast.games_finished == slow.games_finished > 0
    for a, b in zip(kept, first):
        assert np.array_equal(a, b), "a copy=True array changed after the call that returned it"


def test_vector_errors():
    vec = sylvan.VectorGame(sylvan.load_game("spirit-duel"), 2)
    with pytest.raises(sylvan.SylvanError, match="1 actions for 2 games"):
        vec.step(np.array([0]))
    _, mask, *_ = vec.observe()
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(sylvan.SylvanError, match="game 0"):
        vec.step(np.array([illegal, 0]))
    with pytest.raises(sylvan.SylvanError):
        sylvan.VectorGame(sylvan.load_game("spirit-duel"), 0)


def test_random_steps_release_the_gil():
    vec = sylvan.VectorGame(sylvan.load_game("equinox", players=3), 8, seed=1)
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=count)
    t.start()
    applied = vec.random_steps(2000, seed=5)
    stop.set()
    t.join()
    assert applied == 8 * 2000 and vec.games_finished > 0
    assert len(ticks) > 1000, "another Python thread ran while the games were played"


@pytest.mark.parametrize(
    "name,options",
    [("equinox", {"players": 4}), ("spirit-duel", {}), ("command-of-nature", {}), ("mystic-vale", {"players": 2})],
)
def test_masks_match_the_slot_states_on_threads(name, options):
    """Several threads step their own VectorGame at once (the GIL released): every mask row is the legal
    list of `state(i)` after every step, and games end and restart inside the batches."""
    game = sylvan.load_game(name, **options)
    errors = []

    def run(seed):
        try:
            vec = sylvan.VectorGame(game, 4, seed=seed)
            rng = np.random.default_rng(seed)
            _, mask, *_ = vec.observe()
            for _ in range(150):
                for i in range(len(vec)):
                    assert np.flatnonzero(mask[i]).tolist() == sorted(vec.state(i).legal_actions()), (seed, i)
                actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)
                _, mask, *_ = vec.step(actions)
        except Exception as e:  # noqa: BLE001 - reported below with its seed
            errors.append(repr(e))

    threads = [threading.Thread(target=run, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_a_refused_step_moves_no_game():
    vec = sylvan.VectorGame(sylvan.load_game("equinox", players=4), 3, seed=7)
    _, mask, *_ = vec.observe()
    records = [vec.state(i).to_record() for i in range(3)]
    legal = [int(np.flatnonzero(m)[0]) for m in mask]
    illegal = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(sylvan.SylvanError, match="game 1: illegal action"):
        vec.step(np.array([legal[0], illegal, legal[2]]))
    assert [vec.state(i).to_record() for i in range(3)] == records
    vec.step(np.array(legal))
