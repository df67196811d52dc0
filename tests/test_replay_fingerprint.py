"""The games play and read as recorded (tests/replay_fingerprint.py): a change in what a
game does or says shows here, and is recorded anew only when it is meant."""
import json

import pytest

from companion.games import GAMES
from replay_fingerprint import RECORD, game_digest

SEEDS = range(6)    # the whole record: python tests/replay_fingerprint.py


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_play_and_read_as_recorded(game_id):
    recorded = json.loads(RECORD.read_text())[game_id]
    assert [game_digest(game_id, seed) for seed in SEEDS] == recorded[:len(SEEDS)], (
        "the game plays or reads differently: if that is meant, record anew "
        "(python tests/replay_fingerprint.py --record)")
