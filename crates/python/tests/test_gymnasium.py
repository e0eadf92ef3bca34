"""Gymnasium: an environment by id for every game, against bots, with action masks in `info`,
passing Gymnasium's own `check_env`."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import sylvan
import sylvan.gymnasium as sg

CASES = [
    ("sylvan/Equinox-v0", {"players": 3, "opponents": "heuristic"}),
    ("sylvan/MysticVale-v0", {"opponents": "medium", "players": 2}),
    ("sylvan/CommandOfNature-v0", {"opponents": "random"}),
    ("sylvan/SpiritDuel-v0", {"opponents": "medium"}),
    ("sylvan/SpiritDuel-v0", {"opponents": "random", "solo": True}),
]


@pytest.mark.parametrize("env_id,kwargs", CASES)
def test_check_env_passes(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("env_id,kwargs", CASES)
def test_masked_random_episodes_end_with_the_engine_returns(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
            action = env.action_space.sample(mask)
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        state = env.unwrapped.game_state
        assert state.is_terminal() and total == state.returns()[env.unwrapped.seat]


def test_module_id_form_and_determinism():
    env = gymnasium.make("sylvan.gymnasium:sylvan/SpiritDuel-v0", opponents="heuristic")
    other = gymnasium.make("sylvan/SpiritDuel-v0", opponents="heuristic")
    runs = []
    for e in (env, other):
        obs, info = e.reset(seed=11)
        trace = [obs.copy()]
        for _ in range(10):
            obs, r, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
            trace.append(obs.copy())
            if term:
                break
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*runs))


def test_illegal_action_ends_the_episode_and_bad_arguments_fail():
    env = gymnasium.make("sylvan/Equinox-v0", players=2, opponents="random")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    record = env.unwrapped.game_state.to_record()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    assert env.unwrapped.game_state.to_record() == record
    with pytest.raises(sylvan.SylvanError, match="unknown bot"):
        gymnasium.make("sylvan/Equinox-v0", opponents="genius")
    with pytest.raises(sylvan.SylvanError, match="1 opponents for 2 other seats"):
        gymnasium.make("sylvan/Equinox-v0", players=3, opponents=["random"])
    assert set(sg.ENV_IDS) == {g["name"] for g in sylvan.games()}
