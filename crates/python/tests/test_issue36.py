"""Regressions of issue 36 (a researcher's trial of the package): each test is named after its defect."""

import copy
import json
import pickle

import numpy as np
import pytest

import sylvan
from conftest import GAMES


def test_defect_4_winners_are_ints():
    state = sylvan.load_game("spirit-duel").new_initial_state(seed=2)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    winners = state.winners()
    assert isinstance(winners, list) and winners and all(type(w) is int for w in winners)
    json.dumps(winners)
    assert [s for s, r in enumerate(state.returns()) if r > 0] == winners


@pytest.mark.parametrize("name", GAMES)
def test_defect_5_game_and_state_pickle(name):
    game = sylvan.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert again.options() == game.options() and again.num_players() == game.num_players()
    state = game.new_initial_state(seed=6)
    rng = np.random.default_rng(1)
    for _ in range(15):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert other.to_record() == state.to_record()
        assert np.array_equal(other.observation_tensor(), state.observation_tensor())
        # The future is the same too: the generator travels with the record.
        a, b = other.clone(), state.clone()
        for s in (a, b):
            r = np.random.default_rng(4)
            while not s.is_terminal():
                s.apply_action(int(r.choice(s.legal_actions())))
        assert a.to_record() == b.to_record()


def test_defect_5_options_survive_pickling():
    game = sylvan.load_game("mystic-vale", players=3, sets="base,wild")
    again = pickle.loads(pickle.dumps(game))
    assert again.options() == game.options() and again.num_players() == 3


def test_defect_7_step_takes_a_strided_column():
    game = sylvan.load_game("equinox", players=4)
    a, b = sylvan.VectorGame(game, 3, seed=2), sylvan.VectorGame(game, 3, seed=2)
    _, mask, *_ = a.observe()
    legal = np.array([np.flatnonzero(m)[0] for m in mask], dtype=np.int64)
    table = np.stack([legal, legal + 1], axis=1)  # a[:, 0] is not contiguous
    assert not table[:, 0].flags["C_CONTIGUOUS"]
    out_a = a.step(table[:, 0])
    out_b = b.step(legal.copy())
    for x, y in zip(out_a, out_b):
        assert np.array_equal(x, y)
    # A reversed view (negative stride) is read in its own order.
    first = np.array([np.flatnonzero(m)[0] for m in out_a[1]], dtype=np.int64)
    backwards = first[::-1].copy()[::-1]
    assert backwards.strides[0] < 0
    for x, y in zip(a.step(backwards), b.step(first)):
        assert np.array_equal(x, y)
    # Other integer arrays and lists are read too.
    _, mask, *_ = b.observe()
    b.step(np.array([np.flatnonzero(m)[0] for m in mask], dtype=np.int32))
    _, mask, *_ = b.observe()
    b.step([int(np.flatnonzero(m)[0]) for m in mask])


def test_defect_9_new_initial_state_deals_fresh_games():
    game = sylvan.load_game("equinox", players=3)
    records = {json.dumps(json.loads(game.new_initial_state().to_record())["start"]) for _ in range(5)}
    assert len(records) == 5, "each call without a seed deals another game"
    assert game.new_initial_state(seed=3).to_record() == game.new_initial_state(seed=3).to_record()


def test_defect_8_teams_report_four_players():
    game = sylvan.load_game("command-of-nature", teams=True)
    assert game.num_players() == 4
    assert game.options()["players"] == 4
    assert json.loads(game.new_initial_state(seed=1).to_record())["options"]["players"] == 4


def test_defect_10_observations_doc_names_real_tests():
    import pathlib
    import re

    from conftest import REPO

    doc = (REPO / "docs" / "OBSERVATIONS.md").read_text(encoding="utf-8")
    named = set(re.findall(r"[\w/.-]*tests?/[\w/.-]+\.(?:rs|py)", doc))
    assert named, "the doc names its tests"
    for path in named:
        assert (REPO / path).exists() or pathlib.Path(path).exists(), path


def test_defect_10_sabot_drawn_cards_in_the_observation_string():
    """At Sabot's keep step the seat that keeps sees the three drawn cards in its tensor; its
    observation string now names them too (and a seat that does not see them gets no such line)."""
    game = sylvan.load_game("equinox", players=3)
    section = next((o, n) for name, o, n in game.observation_layout() if name.startswith("Sabot's drawn"))
    rng = np.random.default_rng(1)
    found = 0
    for seed in range(400):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and found < 3:
            for p in range(3):
                drawn = state.observation_tensor(p)[section[0]:section[0] + section[1]]
                text = state.observation_string(p)
                if drawn.any():
                    assert drawn.sum() == 3
                    line = next(l for l in text.splitlines() if l.startswith("Drawn for Sabot"))
                    assert len(line.split(":", 1)[1].split()) == 3, line
                    found += 1
                else:
                    assert "Drawn for Sabot" not in text
            state.apply_action(int(rng.choice(state.legal_actions())))
        if found >= 3:
            break
    assert found >= 3, "no Sabot keep step in 400 random games"


@pytest.mark.parametrize(
    "name,options,bots,games,longest",
    [
        ("equinox", {"players": 2}, "random", 1500, True),
        ("equinox", {"players": 5}, "heuristic", 200, False),
        ("spirit-duel", {}, "random", 1500, True),
        ("spirit-duel", {"solo": True}, "heuristic", 300, False),
        ("command-of-nature", {"teams": True, "players": 4}, "random", 150, True),
        ("command-of-nature", {}, "heuristic", 100, False),
        ("command-of-nature", {"turn_limit": 20}, "random", 150, False),
        ("mystic-vale", {"players": 4, "edition": "essential"}, "random", 40, True),
        ("mystic-vale", {"players": 2}, "heuristic", 40, False),
    ],
)
def test_defect_10_max_game_length_is_realistic_and_never_exceeded(name, options, bots, games, longest):
    """`max_game_length()` sizes buffers: no game played here is longer (new seeds, not the ones it was
    measured on); and for the longest kind of game of each (most turns: fewest players, random play, or
    the most players where turns go round), it is within 3x of the longest played, not the engine's
    proven bound (688,137 for Mystic Vale)."""
    game = sylvan.load_game(name, **options)
    opts = dict(options)
    players = opts.pop("players", None)
    report = sylvan.sim(name, bots, games=games, players=players, seed=1000, **opts)
    assert report["max_moves"] <= game.max_game_length()
    if longest:
        assert game.max_game_length() <= 3 * report["max_moves"]
    assert game.get_type()["max_game_length"] == game.max_game_length()
