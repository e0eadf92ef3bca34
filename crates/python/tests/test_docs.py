"""docs/OBSERVATIONS.md lists the current sections of every game's observation tensor."""

import pytest

import sylvan
from conftest import REPO

DOC = (REPO / "docs" / "OBSERVATIONS.md").read_text()


@pytest.mark.parametrize(
    "name,options",
    [("equinox", {}), ("spirit-duel", {}), ("command-of-nature", {}), ("mystic-vale", {}),
     ("mystic-vale", {"sets": "base,wild", "leaders": "choose"})],
)
def test_documented_sections(name, options):
    game = sylvan.load_game(name, **options)
    assert f"### {name}: {game.observation_tensor_size()} values" in DOC
    for section, offset, length in game.observation_layout():
        assert f"| {offset} | {length} | {section} |" in DOC, f"{name}: section `{section}` is not documented"
