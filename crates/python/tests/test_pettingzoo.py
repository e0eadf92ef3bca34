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


def test_issue_36_defect_6_state_is_pettingzoos_method():
    e = raw_env("spirit-duel")
    e.reset(seed=2)
    assert callable(e.state), "AECEnv.state() is not hidden by an attribute"
    with pytest.raises(NotImplementedError):
        e.state()
    assert isinstance(e.game_state, sylvan.State)


def test_illegal_actions_end_the_game_as_in_the_classic_environments():
    e = env("equinox", players=3)
    e.reset(seed=4)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1 and all(r == 0 for a, r in e.rewards.items() if a != agent)
    raw = raw_env("equinox", players=3)
    raw.reset(seed=4)
    before = raw.game_state.to_record()
    with pytest.raises(sylvan.SylvanError, match="illegal"):
        raw.step(illegal)
    assert raw.game_state.to_record() == before


def test_environments_pickle_and_deep_copy():
    import copy
    import pickle

    e = raw_env("mystic-vale")
    e.reset(seed=5)
    for _ in range(7):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    for other in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert other.game_state.to_record() == e.game_state.to_record()
        assert other.agent_selection == e.agent_selection
        for a in e.possible_agents:
            assert np.array_equal(other.observe(a)["observation"], e.observe(a)["observation"])


@pytest.mark.parametrize("name,options", CASES)
def test_parallel_api(name, options):
    from pettingzoo.test import parallel_api_test

    from sylvan.pettingzoo import parallel_env

    parallel_api_test(parallel_env(name, **options), num_cycles=100)
    parallel_api_test(parallel_env(name, flat=True, **options), num_cycles=100)


def test_parallel_game_matches_the_state_api():
    from sylvan.pettingzoo import parallel_env

    p = parallel_env("equinox", players=3)
    obs, infos = p.reset(seed=8)
    state = sylvan.load_game("equinox", players=3).new_initial_state(seed=8)
    rng = np.random.default_rng(2)
    while p.agents:
        mover = f"player_{state.current_player()}"
        assert [a for a in p.agents if infos[a]["action_mask"].any()] == [mover]
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        actions = {a: (action if a == mover else 0) for a in p.agents}
        obs, rewards, terms, truncs, infos = p.step(actions)
    assert state.is_terminal() and [rewards[a] for a in p.possible_agents] == state.returns()


def test_supersuit_vector_environments():
    ss = pytest.importorskip("supersuit")
    from sylvan.pettingzoo import parallel_env

    vec = ss.pettingzoo_env_to_vec_env_v1(parallel_env("spirit-duel", flat=True))
    vec = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, infos = vec.reset(seed=1)
    assert obs.shape == (4, sylvan.load_game("spirit-duel").observation_tensor_size())  # 2 envs x 2 seats
    for _ in range(30):
        masks = [info["action_mask"] for info in infos]
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
        obs, rewards, terms, truncs, infos = vec.step(actions)
    vec.close()
