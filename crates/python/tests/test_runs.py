"""`sylvan.sim` and `sylvan.tournament` give exactly the command line's JSON for the same seed."""

import pytest

import sylvan
from conftest import cli_json, without_timing


@pytest.mark.parametrize(
    "args,kwargs",
    [
        (["equinox", "-p", "3", "-n", "40", "-b", "random,heuristic,random", "--seed", "5"],
         dict(game="equinox", players=3, games=40, bots="random,heuristic,random", seed=5)),
        (["spirit-duel", "-n", "30", "-b", "heuristic", "--solo", "--seed", "2"],
         dict(game="spirit-duel", games=30, bots="heuristic", seed=2, solo=True)),
        (["command-of-nature", "-n", "6", "--seed", "1"], dict(game="command-of-nature", games=6, seed=1)),
    ],
)
def test_sim_matches_the_cli(args, kwargs):
    ours = sylvan.sim(threads=2, **kwargs)
    cli = cli_json("sim", *args)
    assert without_timing(ours) == without_timing(cli)
    assert ours["games"] == kwargs["games"]


def test_tournament_matches_the_cli():
    ours = sylvan.tournament("spirit-duel", ["random", "heuristic", "ismcts:iters=40"], games=12, seed=3, threads=1)
    cli = cli_json("tournament", "spirit-duel", "-n", "12", "-b", "random,heuristic,ismcts:iters=40", "--seed", "3")
    for report in (ours, cli):
        for bot in report["bots"]:
            if bot["search"] is not None:  # search timings vary between runs
                for key in ("iterations_per_sec", "determinizations_per_sec", "ms_per_decision", "seconds"):
                    bot["search"].pop(key)
    assert without_timing(ours) == without_timing(cli)


def test_solo_tournament_matches_the_cli():
    """Issue 36: in a solo spirit duel the game plays the Robot's seat itself; the Python tournament
    schedules the bots on the other seat only and credits none with the Robot's games, as the command line
    does (before, it seated the two bots at both seats and failed on the Robot's)."""
    ours = sylvan.tournament("spirit-duel", ["random", "heuristic"], games=8, seed=4, threads=1, solo=True)
    cli = cli_json("tournament", "spirit-duel", "-n", "8", "-b", "random,heuristic", "--solo", "--seed", "4")
    assert without_timing(ours) == without_timing(cli)
    assert ours["games"] == 8


def test_run_errors():
    with pytest.raises(sylvan.SylvanError, match="listed twice"):
        sylvan.tournament("equinox", "random,random", games=2)
    with pytest.raises(sylvan.SylvanError, match="3 bot specs for 2 seats"):
        sylvan.sim("spirit-duel", "random,random,random", games=2)
    with pytest.raises(sylvan.SylvanError, match="games must be"):
        sylvan.sim("spirit-duel", games=0)
