"""Simulations and tournaments on Ray: the games are cut into chunks, each chunk is one Ray task (a
Rust batch, the GIL released), and the chunks' results are merged in order, so the numbers are exactly
those of ``sylvan sim`` / ``sylvan tournament --json`` for the same seed, however the chunks were spread.

>>> import sylvan.distributed
>>> sylvan.distributed.init(num_cpus=2)               # ray.init, shipping the package to the workers
>>> report = sylvan.distributed.sim("equinox", bots="random", games=1000, players=3, seed=1)

In the merged report, ``threads`` is the number of Ray tasks and ``seconds`` the wall time of the whole
run. The tasks are cut where the command line cuts its chunks, so the sums (a victory shared by three
seats counts 1/3 to each) are added in the command line's order: the report is equal to the last bit for
every ``chunks``.

The package ships itself to the workers: start Ray with :func:`init` (``ray.init`` with
``runtime_env={"py_modules": [the installed sylvan package]}`` added, see :func:`runtime_env`), or let
``sim``/``tournament`` start it, and a node whose Python has no ``sylvan`` (another machine, or another
virtual environment of this one) runs the tasks all the same, as long as it has numpy and the same
platform (Linux x86-64, CPython >= 3.9: the native module is an abi3 build). Ray accepts a local
directory in ``py_modules`` only when the job starts, so a Ray started by a plain ``ray.init()`` needs the
package installed on every node.

    >>> import sylvan.distributed as d
    >>> d.init(address="ray://HEAD_IP:10001")        # or address="auto"; other keywords go to ray.init
    >>> d.tournament("equinox", "random,heuristic", games=3000, players=3, seed=1)
"""

from __future__ import annotations

import json
import time
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _runs_args, _sylvan

__all__ = ["init", "sim", "tournament", "chunk_ranges", "runtime_env"]

_TASKS: Dict[str, Any] = {}


def _sim_task(game, players, overrides, bots, seed, first, last):
    from sylvan import _sylvan as native

    return native.sim_chunk(game, players, overrides, bots, seed, first, last)


def _tournament_task(game, players, overrides, bots, seed, first, last):
    from sylvan import _sylvan as native

    return native.tournament_chunk(game, players, overrides, bots, seed, first, last)


def _task(name: str):
    import ray

    if name not in _TASKS:
        _TASKS[name] = ray.remote(_sim_task if name == "sim" else _tournament_task)
    return _TASKS[name]


def chunk_ranges(games: int, chunks: int, align: int = 1) -> List[Tuple[int, int]]:
    """Games ``0..games`` cut into at most ``chunks`` contiguous ranges of nearly equal size, each
    starting at a multiple of ``align`` (the command line's chunk size: then each range holds whole
    chunks of the command line, and the merged report sums exactly the same numbers in the same order)."""
    align = max(1, align)
    blocks = -(-games // align)
    chunks = max(1, min(chunks, blocks))
    size, extra = divmod(blocks, chunks)
    out, first = [], 0
    for c in range(chunks):
        last = min(games, first + (size + (1 if c < extra else 0)) * align)
        out.append((first, last))
        first = last
    return out


def runtime_env() -> Dict[str, Any]:
    """The Ray ``runtime_env`` that ships this installed ``sylvan`` package (its Python files and native
    module) to every worker: ``{"py_modules": [<the package directory>]}``. Ray uploads it once per
    content (its hash) to the cluster; a worker imports it from its runtime resources."""
    import os

    import sylvan

    return {"py_modules": [os.path.dirname(os.path.abspath(sylvan.__file__))]}


def init(**kwargs: Any) -> Any:
    """``ray.init(**kwargs)`` with this ``sylvan`` package added to the job's ``runtime_env``
    ``py_modules`` (after any the caller gives), so every worker of the cluster can import it."""
    import ray

    env = dict(kwargs.pop("runtime_env", None) or {})
    env["py_modules"] = list(env.get("py_modules") or []) + runtime_env()["py_modules"]
    return ray.init(runtime_env=env, **kwargs)


def _default_chunks() -> int:
    import ray

    return max(1, int(ray.cluster_resources().get("CPU", 1)) * 4)


def _ensure_ray() -> None:
    import ray

    if not ray.is_initialized():
        init()


def _run(kind: str, game, players, options, bots, games, seed, chunks) -> Dict[str, Any]:
    import ray

    g, p, o, b = _runs_args(game, players, options, bots)
    if not (1 <= games <= 100_000_000):
        raise _sylvan.SylvanError(f"games must be 1 to 100000000, not {games}")
    chunk = _sylvan.sim_chunk if kind == "sim" else _sylvan.tournament_chunk
    chunk(g, p, o, b, seed, 0, 0)  # checks the game, options and bots before any task starts
    align = _sylvan.SIM_CHUNK if kind == "sim" else _sylvan.TOURNAMENT_CHUNK
    _ensure_ray()
    ranges = chunk_ranges(games, chunks or _default_chunks(), align)
    start = time.perf_counter()
    task = _task(kind)
    results = ray.get([task.remote(g, p, o, b, seed, first, last) for first, last in ranges])
    seconds = time.perf_counter() - start
    merge = _sylvan.sim_merge if kind == "sim" else _sylvan.tournament_merge
    return json.loads(merge(g, p, o, b, seed, results, len(ranges), seconds))


def sim(
    game: str,
    bots: Union[str, List[str]] = "random",
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    chunks: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]:
    """``sylvan.sim`` on Ray, in at most ``chunks`` tasks (default: 4 per CPU of the cluster); starts Ray
    with :func:`init` if it is not running."""
    return _run("sim", game, players, options, bots, games, seed, chunks)


def tournament(
    game: str,
    bots: Union[str, List[str]],
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    chunks: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]:
    """``sylvan.tournament`` on Ray, in at most ``chunks`` tasks (default: 4 per CPU of the cluster);
    starts Ray with :func:`init` if it is not running."""
    return _run("tournament", game, players, options, bots, games, seed, chunks)
