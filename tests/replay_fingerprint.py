"""What every game does and says over random play, boiled down to one digest per game
played, to hold a refactoring against: the states, the legal actions, the screen's
texts (summary and board, English and German), the Log's lines and the spoken lines,
step by step, for GAMES_EACH seeded games of each game.

    python tests/replay_fingerprint.py --record   # after a change of behaviour meant as such
    python tests/replay_fingerprint.py --record --game snitch   # one game's record alone
    python tests/replay_fingerprint.py            # check all of them (the suite checks a few)
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from companion import speech  # noqa: E402
from companion.games import GAMES, IllegalAction  # noqa: E402
from companion.i18n import Catalogue  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import Store  # noqa: E402
from random_play import random_action, random_options  # noqa: E402
from ui.actions import describe  # noqa: E402

GAMES_EACH = 300
RECORD = HERE / "data" / "replay_fingerprints.json"
CATALOGUES = (Catalogue("en"), Catalogue("de"))


_AS_IS = frozenset((str, int, float, bool, type(None)))


def plain(value):
    """A value as JSON can hold it: dataclasses as dicts, tuples as lists, callables by name."""
    kind = type(value)
    if kind in _AS_IS:          # (the most of a state's values: no dataclass, no container, not callable)
        return value
    if kind is dict:
        return {str(k): plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v) for v in (sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value)]
    if callable(value):
        return getattr(value, "__name__", "callable")
    return value


def game_digest(game_id: str, seed: int) -> str:
    game = GAMES[game_id]
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(game.min_players, game.max_players))]
    session = Session.create(Store.memory(), game_id, players, random_options(game, rng), rng=rng)
    digest = hashlib.sha256()

    def note(*parts):
        digest.update(json.dumps(plain(parts), sort_keys=True, ensure_ascii=False, default=repr).encode())

    for _ in range(rng.randint(5, 120)):
        view = session.view
        legal = game.legal_actions(view)
        note(session.state, legal)
        for t in CATALOGUES:
            note(game.summary(view, t), game.board(view, t))
        if not legal:
            break
        before = session.state
        roll = rng.random()
        try:
            if roll < 0.08 and session.can_undo:
                session.undo()
                action = None
            elif roll < 0.12 and session.can_redo:
                session.redo()
                action = None
            else:
                session.act(random_action(rng.choice(legal), rng))
                action = session.last_action
        except IllegalAction as exc:
            note("refused", exc.key if hasattr(exc, "key") else str(exc))
            continue
        for t in CATALOGUES:
            note([line.text for line in speech.lines_for(game, before, session.state, action, t)])
            if action is not None:
                note(describe(t, game, session.setup["players"], before, action, session.hidden_args(action)))
    return digest.hexdigest()[:16]


def digests(game_id: str, count: int = GAMES_EACH) -> list[str]:
    return [game_digest(game_id, seed) for seed in range(count)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the digests anew")
    parser.add_argument("--games", type=int, default=GAMES_EACH)
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="this game alone (again for more); the others' record is kept")
    args = parser.parse_args(argv)
    now = {game_id: digests(game_id, args.games) for game_id in sorted(args.game or GAMES)}
    recorded = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    if args.record:
        # read again just before writing: another game's record may have been written meanwhile
        recorded = json.loads(RECORD.read_text()) if RECORD.exists() else {}
        RECORD.write_text(json.dumps({**recorded, **now}, indent=1, sort_keys=True) + "\n")
        print(f"recorded {args.games} games each of {', '.join(now)} in {RECORD}")
        return 0
    bad = [(g, seed) for g in now for seed, d in enumerate(now[g]) if recorded.get(g, [])[seed:seed + 1] != [d]]
    for game_id, seed in bad[:20]:
        print(f"{game_id} seed {seed}: plays or reads differently from the record")
    print(f"{sum(map(len, now.values())) - len(bad)} of {sum(map(len, now.values()))} games as recorded")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
