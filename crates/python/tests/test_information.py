"""Chance and information: `resample_from_infostate` gives states consistent with a seat's view, a
search written in Python over such samples never sees hidden cards (its answer is a function of the
view), the information state adds the seat's own actions, `clone()` copies the future and
`clone(reseed=...)` samples it, and the facts of `get_type()`."""

import json

import numpy as np
import pytest

import sylvan
from conftest import GAMES

CASES = [
    ("equinox", {"players": 3}),
    ("mystic-vale", {}),
    ("command-of-nature", {}),
    ("command-of-nature", {"teams": True}),
    ("spirit-duel", {}),
    ("spirit-duel", {"solo": True}),
]


def advance(state, moves, seed):
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name,options", CASES)
def test_samples_reproduce_the_view(name, options):
    game = sylvan.load_game(name, **options)
    for moves in (0, 7, 25):
        state = advance(game.new_initial_state(seed=3), moves, moves)
        if state.is_terminal():
            continue
        p = state.current_player()
        for k in range(3):
            sample = state.resample_from_infostate(p, seed=k)
            assert sample.sampled_for() == p
            assert sample.view(p) == state.view(p)
            assert np.array_equal(sample.observation_tensor(p), state.observation_tensor(p))
            assert sample.current_player() == p
            assert sample.legal_actions() == state.legal_actions()
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert np.array_equal(sample.information_state_tensor(p), state.information_state_tensor(p))
            advance(sample, 10_000, k)  # a sample plays on to the end
            assert sample.is_terminal()


def test_samples_differ_in_what_the_seat_cannot_see():
    state = sylvan.load_game("equinox", players=3).new_initial_state(seed=5)
    p = state.current_player()
    other = (p + 1) % 3
    hands = {json.dumps(state.resample_from_infostate(p, seed=k).view(other)["hand"]) for k in range(8)}
    assert len(hands) > 1, "another seat's hand is sampled, not copied"
    same = state.resample_from_infostate(p, seed=4).view(other)
    assert same == state.resample_from_infostate(p, seed=4).view(other), "a seed gives one sample"


def test_a_sample_has_no_record_and_does_not_pickle():
    import pickle

    state = advance(sylvan.load_game("spirit-duel").new_initial_state(seed=1), 5, 1)
    sample = state.resample_from_infostate(state.current_player(), seed=2)
    with pytest.raises(sylvan.SylvanError, match="sampled for seat"):
        sample.to_record()
    with pytest.raises(sylvan.SylvanError, match="sampled for seat"):
        pickle.dumps(sample)
    with pytest.raises(sylvan.SylvanError, match="seat 5 does not exist"):
        state.resample_from_infostate(5)


def flat_search(state, seat, samples=6, seed=0):
    """A flat Monte Carlo search written in Python: for each legal action, the mean return of `seat`
    over random playouts from states sampled for `seat` (never the real state)."""
    rng = np.random.default_rng(seed)
    values = {}
    for action in state.legal_actions():
        total = 0.0
        for k in range(samples):
            world = state.resample_from_infostate(seat, seed=int(rng.integers(2**62)))
            world.apply_action(action)
            while not world.is_terminal():
                world.apply_action(int(rng.choice(world.legal_actions())))
            total += world.returns()[seat]
        values[action] = total / samples
    return values


def cheating_search(state, seat, samples=6, seed=0):
    """The same search on clones of the real state: it sees the hidden cards and the future draws."""
    rng = np.random.default_rng(seed)
    values = {}
    for action in state.legal_actions():
        total = 0.0
        for _ in range(samples):
            world = state.clone()
            world.apply_action(action)
            while not world.is_terminal():
                world.apply_action(int(rng.choice(world.legal_actions())))
            total += world.returns()[seat]
        values[action] = total / samples
    return values


@pytest.mark.parametrize("name,options", [("spirit-duel", {}), ("equinox", {"players": 3})])
def test_a_python_search_over_samples_never_sees_hidden_cards(name, options):
    """Two states a seat cannot tell apart (a real one and a twin sampled from its view, other hidden
    cards and other future draws) give the search the same answer; the same search on clones answers
    differently on some of them, so the test can tell a search that peeks."""
    game = sylvan.load_game(name, **options)
    peeked = 0
    for trial in range(4):
        real = advance(game.new_initial_state(seed=20 + trial), 6, trial)
        seat = real.current_player()
        twin = real.resample_from_infostate(seat, seed=1000 + trial)
        assert twin.view(seat) == real.view(seat)
        assert flat_search(real, seat, seed=trial) == flat_search(twin, seat, seed=trial)
        if cheating_search(real, seat, seed=trial) != cheating_search(twin, seat, seed=trial):
            peeked += 1
    assert peeked > 0, "the control search (on clones) should see the difference"


def test_clone_copies_the_future():
    state = advance(sylvan.load_game("equinox", players=2).new_initial_state(seed=9), 4, 0)
    a, b = state.clone(), state.clone()
    advance(a, 10_000, 7)
    advance(b, 10_000, 7)
    assert a.to_record() == b.to_record() and a.scores() == b.scores()


def play_by_rule(state, moves):
    """Plays `moves` actions chosen by a fixed rule (the legal action at index move mod count), so two
    states with the same present and the same chance play the same game; returns the seat-0
    observations seen."""
    seen = []
    for k in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[(k * 7) % len(legal)])
        seen.append(state.observation_tensor(0).tobytes())
    return seen


@pytest.mark.parametrize("name,options", CASES)
def test_a_reseeded_clone_keeps_the_present(name, options):
    state = advance(sylvan.load_game(name, **options).new_initial_state(seed=11), 9, 2)
    copy = state.clone(reseed=5)
    assert copy.reseeded() == 5 and state.reseeded() is None
    for p in range(state.num_players()):
        assert copy.view(p) == state.view(p)
        assert np.array_equal(copy.observation_tensor(p), state.observation_tensor(p))
    assert copy.legal_actions() == state.legal_actions()
    assert copy.information_state_string(0) == state.information_state_string(0)
    assert advance(copy, 10_000, 1).is_terminal()  # it plays on to the end
    with pytest.raises(sylvan.SylvanError, match="reseeded"):
        copy.to_record()


def test_clone_reseed_samples_the_future_and_a_seed_gives_one():
    """Spirit duel rolls a die in every attack: from one state, the same play gives one future per
    reseed (the same for the same seed), while `clone()` gives the real one."""
    state = advance(sylvan.load_game("spirit-duel").new_initial_state(seed=3), 2, 0)
    real = play_by_rule(state.clone(), 60)
    assert play_by_rule(state.clone(), 60) == real, "clone() copies the future"
    futures = {tuple(play_by_rule(state.clone(reseed=s), 60)) for s in range(6)}
    assert len(futures) > 1, "reseeded clones all played the same future"
    assert play_by_rule(state.clone(reseed=4), 60) == play_by_rule(state.clone(reseed=4), 60)


def test_information_state_adds_the_seats_own_actions():
    game = sylvan.load_game("spirit-duel")
    state = game.new_initial_state(seed=4)
    played = {0: [], 1: []}
    rng = np.random.default_rng(0)
    for _ in range(12):
        p = state.current_player()
        a = int(rng.choice(state.legal_actions()))
        played[p].append(a)
        state.apply_action(a)
    for p in (0, 1):
        tensor = state.information_state_tensor(p)
        assert tensor.shape == (game.information_state_tensor_size(),)
        n = game.observation_tensor_size()
        assert np.array_equal(tensor[:n], state.observation_tensor(p))
        counts = np.bincount(played[p], minlength=game.num_distinct_actions())
        assert np.array_equal(tensor[n:], counts.astype(np.float32))
        text = state.information_state_string(p)
        assert text.startswith(state.observation_string(p))
        assert " ".join(state.action_to_string(a) for a in played[p]) in text
    # A replayed record knows the history too.
    again = sylvan.replay(state.to_record())
    assert again.information_state_string(0) == state.information_state_string(0)
    # A state taken out of a VectorGame does not: it says so.
    slot = sylvan.VectorGame(game, 1, seed=1)
    slot.step(np.array([int(np.flatnonzero(slot.observe()[1][0])[0])]))
    with pytest.raises(sylvan.SylvanError, match="does not know its history"):
        slot.state(0).information_state_string(0)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_facts(name):
    game = sylvan.load_game(name)
    facts = game.get_type()
    assert facts["short_name"] == "sylvan_" + name.replace("-", "_")
    assert facts["chance_mode"] == "sampled_stochastic" and facts["information"] == "imperfect_information"
    assert facts["min_num_players"] <= game.num_players() <= facts["max_num_players"]
    assert (facts["min_utility"], facts["max_utility"]) == (0.0, 1.0)
    state = advance(game.new_initial_state(seed=1), 100_000, 1)
    assert all(facts["min_utility"] <= r <= facts["max_utility"] for r in state.returns())
    assert state.move_number() <= facts["max_game_length"]
