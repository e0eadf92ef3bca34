"""Ray: chunked runs merge to exactly the command line's numbers (a local Ray with 2 CPUs)."""

import json

import pytest

ray = pytest.importorskip("ray")

import sylvan  # noqa: E402
import sylvan.distributed as dist  # noqa: E402
from sylvan import _sylvan  # noqa: E402
from conftest import cli_json, without_timing  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # A new local instance even when a cluster is running on this machine, the package shipped.
    dist.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_chunk_ranges_cover_every_game_once():
    assert dist.chunk_ranges(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert dist.chunk_ranges(2, 8) == [(0, 1), (1, 2)]
    assert dist.chunk_ranges(100, 3, align=16) == [(0, 48), (48, 80), (80, 100)]
    assert dist.chunk_ranges(20, 8, align=16) == [(0, 16), (16, 20)]
    for games in (1, 15, 16, 17, 200, 333):
        for chunks in (1, 2, 3, 7, 50):
            ranges = dist.chunk_ranges(games, chunks, align=16)
            assert ranges[0][0] == 0 and ranges[-1][1] == games and len(ranges) <= chunks
            assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
            assert all(first % 16 == 0 and first < last for first, last in ranges)


def test_distributed_sim_matches_the_cli():
    ours = dist.sim("equinox", bots="random,heuristic,random", games=48, players=3, seed=7, chunks=5)
    cli = cli_json("sim", "equinox", "-p", "3", "-n", "48", "-b", "random,heuristic,random", "--seed", "7")
    assert without_timing(ours) == without_timing(cli)
    assert ours["threads"] == 3  # 48 games are three of the command line's chunks of 16


def test_issue_36_shared_wins_sum_exactly_for_every_chunking():
    """Equinox at 5 seats shares victories three ways (1/3 each): the floating-point sums must be the
    command line's to the last bit, however the games are cut into Ray tasks."""
    cli = cli_json("sim", "equinox", "-p", "5", "-n", "1000", "-b", "random", "--seed", "1")
    assert cli["wins_by_bot"]["random"] != 1000.0, "this run's shares must not sum exactly (the issue's case)"
    for chunks in (1, 2, 3, 7, 19):
        ours = dist.sim("equinox", bots="random", games=1000, players=5, seed=1, chunks=chunks)
        assert without_timing(ours) == without_timing(cli), chunks


def test_distributed_tournament_matches_the_cli():
    ours = dist.tournament("spirit-duel", "random,heuristic", games=16, seed=4, chunks=3)
    cli = cli_json("tournament", "spirit-duel", "-n", "16", "-b", "random,heuristic", "--seed", "4")
    assert without_timing(ours) == without_timing(cli)


def test_merge_refuses_a_foreign_chunk():
    chunk = _sylvan.sim_chunk("equinox", 3, [], "random", 0, 0, 2)
    with pytest.raises(sylvan.SylvanError, match="not a chunk of this simulation"):
        _sylvan.sim_merge("spirit-duel", None, [], "random", 0, [chunk], 1, 1.0)
    bad = json.loads(_sylvan.tournament_chunk("spirit-duel", None, [], "random,heuristic", 0, 0, 2))[0]
    bad["games"][0]["bots"] = [0, 5]
    with pytest.raises(sylvan.SylvanError, match="names bot 5"):
        _sylvan.tournament_merge("spirit-duel", None, [], "random,heuristic", 0, [json.dumps(bad)], 1, 1.0)
    with pytest.raises(sylvan.SylvanError, match="unknown game"):
        dist.sim("chess", games=4)


def test_the_package_ships_to_the_workers():
    """`dist.init` uploads the installed package as a runtime_env py_module: a worker imports the
    shipped copy (from Ray's runtime resources), not one installed in its own environment."""

    @ray.remote
    def where():
        import sylvan

        return sylvan.__file__, sylvan.sim("spirit-duel", games=2, seed=1)["games"]

    path, games = ray.get(where.remote())
    assert "runtime_resources" in path and games == 2
    assert dist.runtime_env()["py_modules"][0].endswith("sylvan")
