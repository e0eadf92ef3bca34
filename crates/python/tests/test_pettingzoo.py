"""PettingZoo: every game passes `api_test` and `seed_test`, and a full game through the environment
gives the engine's returns."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import sylvan
from sylvan.pettingzoo import env, raw_env

CASES = [
    ("equinox", {"players": 4}),
    ("equinox", {}),
    ("mystic-vale", {}),
    ("mystic-vale", {"players": 3, "sets": "base,wild", "leaders": "choose"}),
    ("command-of-nature", {}),
    ("command-of-nature", {"teams": True}),
    ("spirit-duel", {}),
    ("spirit-duel", {"solo": True}),
]


@pytest.mark.parametrize("name,options", CASES)
def test_api(name, options):
    api_test(env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name,options", CASES)
def test_seed(name, options):
    seed_test(lambda: env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name", ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"])
def test_full_game_matches_the_state_api(name):
    e = env(name)
    e.reset(seed=9)
    state = sylvan.load_game(name).new_initial_state(seed=9)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert agent == f"player_{state.current_player()}"
        assert np.array_equal(obs["observation"], state.observation_tensor(state.current_player()))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        state.apply_action(action)
        e.step(action)
    assert state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == state.returns()


def test_only_the_agent_to_move_has_a_mask():
    e = raw_env("equinox", players=3)
    e.reset(seed=1)
    movers = [a for a in e.possible_agents if e.observe(a)["action_mask"].any()]
    assert movers == [e.agent_selection]


def test_reset_without_seed_follows_the_last_seed():
    a, b = raw_env("spirit-duel"), raw_env("spirit-duel")
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])
