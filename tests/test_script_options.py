"""A setup line's `options` that are not an object get the same refusal in every game,
through `companion script` (docs/scripting.md): one check (Game.check_options), not
one a game may miss (Dig alone answered `[1]` with "internal error (TypeError …)")."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import GAMES

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"
NOT_AN_OBJECT = ([1], 6, True, "fast", [["michel", "michel"]], 1.5)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_options_that_are_not_an_object_are_refused_alike_in_every_game(game_id):
    players = ["Ann", "Bob", "Cy", "Dee"][:max(GAMES[game_id].min_players, 2)]
    lines = [{"game": game_id, "players": players, "options": options} for options in NOT_AN_OBJECT]
    lines.append({"game": game_id, "players": players, "options": {}})
    proc = subprocess.run([str(COMPANION), "script", "--memory"], input="".join(json.dumps(line) + "\n" for line in lines),
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(lines), proc.stderr
    for options, reply in zip(NOT_AN_OBJECT, replies):
        assert reply == {"ok": False, "error": f"options must be an object of names and values, not {options!r}"}
    assert replies[-1]["ok"] and replies[-1]["state"]["game"] == game_id   # the next line still sets up the table
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
