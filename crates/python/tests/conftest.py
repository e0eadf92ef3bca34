"""Shared fixtures: the games and the `sylvan` command line (for comparing JSON)."""

import json
import os
import pathlib
import subprocess

import pytest

GAMES = ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"]

# Numbers that say how a run went (threads, wall time) rather than what the games gave.
TIMING = {"threads", "seconds", "games_per_sec", "moves_per_sec"}

REPO = pathlib.Path(__file__).resolve().parents[3]


def sylvan_bin() -> str:
    """The command line to compare with: `SYLVAN_BIN` (which must exist), else the release build of this
    checkout; the tests that compare with it are skipped when neither is there (a wheel installed
    without the repository's build), with the command to build it."""
    given = os.environ.get("SYLVAN_BIN")
    if given:
        assert os.path.exists(given), f"SYLVAN_BIN names {given}, which does not exist"
        return given
    path = str(REPO / "target" / "release" / "sylvan")
    if not os.path.exists(path):
        pytest.skip(f"no sylvan binary at {path}: `cargo build --release -p sylvan` (or set SYLVAN_BIN) to compare")
    return path


def cli_json(*args: str) -> dict:
    out = subprocess.run([sylvan_bin(), *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in TIMING}


@pytest.fixture(params=GAMES)
def game_name(request):
    return request.param
