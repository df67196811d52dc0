"""Statistics across games: who plays, who wins, how long games take, whether the dice are fair.

Pure functions over finished games as `companion.results.finished` gives them
({"game", "setup": {"players": [...]}, "result": {...}}), so a test can make up a
history with known numbers. Players are matched across games by name, as the table
types it ("Ann" and "ａnn" are one: players.same_name_key), and `names` merges two
names the table says are one player (kept in the settings, NAMES_KEY).

Dice: every face of every roll made through Cellmate (not undone), and Pearson's
chi-square test against a fair die (5 degrees of freedom). The verdict needs at
least MIN_ROLLS faces (5 expected per face, the test's usual condition); below
P_BIASED the die looks biased.

Working it all out reads every finished game and every roll (a few tenths of a second
with thousands of games), so `figures` keeps what it worked out in the store (table
stats_cache) with the store's `generation`, which the store's triggers bump in the same
commit as every change these figures read: shown again with nothing changed, they are read
back, not worked out. A kept copy that is stale, of another version, or unreadable is
worked out again (only a cache: nothing is lost).
"""
from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass, field, fields
from functools import lru_cache

from . import __version__

from .players import same_name_key

log = logging.getLogger(__name__)
NAMES_KEY = "stats.names"     # setting: {"name as typed": "the name it counts as"} (store_schema.STATS_READ too)
FACES = (1, 2, 3, 4, 5, 6)
MIN_ROLLS = 30
P_BIASED = 0.01


# -- players and games ---------------------------------------------------------------
@dataclass
class Line:
    """One player's games (of one game, or of all): plays, wins, and the scores kept."""
    plays: int = 0
    wins: int = 0
    score_total: float = 0
    scored: int = 0              # plays with a score (The Snitch keeps none)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average_score(self) -> float | None:
        return self.score_total / self.scored if self.scored else None


@dataclass
class GameLine:
    """One game over all its plays: how many, how long, how they ended."""
    plays: int = 0
    seconds_total: float = 0
    timed: int = 0
    turns_total: int = 0
    turned: int = 0
    endings: dict[str, int] = field(default_factory=dict)      # ending word -> games
    outcomes: dict[str, int] = field(default_factory=dict)     # a seat's outcome word -> how often
    outcome_wins: dict[str, int] = field(default_factory=dict)  # ... and how often that seat won

    @property
    def average_seconds(self) -> float | None:
        return self.seconds_total / self.timed if self.timed else None

    @property
    def average_turns(self) -> float | None:
        return self.turns_total / self.turned if self.turned else None


@dataclass
class Stats:
    players: dict[str, dict[str, Line]]   # name -> {game id: Line, ALL: Line}
    games: dict[str, GameLine]            # game id -> GameLine
    counted: int                          # games with a result

    def player_order(self) -> list[str]:
        """Most games first, then most wins, then by name."""
        return sorted(self.players, key=lambda n: (-self.players[n][ALL].plays, -self.players[n][ALL].wins,
                                                   same_name_key(n)))


ALL = "*"   # the Line over every game


@lru_cache(maxsize=4096)
def _key(name: str) -> str:
    return same_name_key(name)


def canonical(name: str, names: dict[str, str] | None = None, mapping: dict[str, str] | None = None) -> str:
    """The name a player counts as: merged names followed (a chain too, never in a circle).
    `mapping`: the merged names by _key, made once for many calls."""
    if mapping is None:
        mapping = {_key(k): v for k, v in (names or {}).items()}
    if not mapping:
        return name
    seen = set()
    while _key(name) in mapping and _key(name) not in seen:
        seen.add(_key(name))
        name = mapping[_key(name)]
    return name


def merge(names: dict[str, str] | None, name: str, into: str) -> dict[str, str]:
    """The merged names with `name` counted as `into` from now on (undone: unmerge)."""
    out = dict(names or {})
    if same_name_key(canonical(into, out)) == same_name_key(name):
        raise ValueError(f"{name!r} cannot be merged into itself")
    out[name] = into
    return out


def unmerge(names: dict[str, str] | None, name: str) -> dict[str, str]:
    return {k: v for k, v in (names or {}).items() if same_name_key(k) != same_name_key(name)}


def compute(records, names: dict[str, str] | None = None) -> Stats:
    """Plays, wins, win rate and average score per player and game; per game the
    average length, the endings, and each seat outcome's count (The Snitch: how often
    the Snitch won)."""
    players: dict[str, dict[str, Line]] = {}
    by_key: dict[str, str] = {}           # one spelling per player: the first seen
    mapping = {_key(k): v for k, v in (names or {}).items()}
    per_game: dict[str, GameLine] = {}
    counted = 0
    for record in records:
        result = record.get("result")
        if not isinstance(result, dict):
            continue
        counted += 1
        game = record["game"]
        line = per_game.setdefault(game, GameLine())
        line.plays += 1
        if isinstance(result.get("seconds"), (int, float)) and result["seconds"] >= 0:
            line.seconds_total += result["seconds"]
            line.timed += 1
        if isinstance(result.get("turns"), int):
            line.turns_total += result["turns"]
            line.turned += 1
        if result.get("ending"):
            line.endings[result["ending"]] = line.endings.get(result["ending"], 0) + 1
        winners = set(result.get("winners") or [])
        scores, outcomes = result.get("scores") or [], result.get("outcomes") or []
        for seat, player in enumerate(record["setup"].get("players") or []):
            outcome = outcomes[seat] if seat < len(outcomes) else None
            if outcome:
                line.outcomes[outcome] = line.outcomes.get(outcome, 0) + 1
                line.outcome_wins[outcome] = line.outcome_wins.get(outcome, 0) + (seat in winners)
            name = canonical(player.get("name", "?"), mapping=mapping)
            name = by_key.setdefault(_key(name), name)
            lines = players.setdefault(name, {})
            score = scores[seat] if seat < len(scores) else None
            for key in (game, ALL):
                mine = lines.setdefault(key, Line())
                mine.plays += 1
                mine.wins += seat in winners
                if isinstance(score, (int, float)) and not isinstance(score, bool) and key != ALL:
                    mine.score_total += score
                    mine.scored += 1
    return Stats(players, per_game, counted)


# -- dice ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Dice:
    counts: dict[int, int]      # face -> how often
    total: int
    chi_square: float | None    # None: no rolls
    p: float | None
    verdict: str                # "few" (too few to say), "fair" (nothing unusual), "biased"


def chi_square(counts: dict[int, int]) -> float:
    """Pearson's statistic against equal chances for the six faces."""
    total = sum(counts.get(face, 0) for face in FACES)
    expected = total / len(FACES)
    return sum((counts.get(face, 0) - expected) ** 2 / expected for face in FACES)


def chi_square_sf5(x: float) -> float:
    """P(X >= x) for chi-square with 5 degrees of freedom, in closed form:
    erfc(sqrt(x/2)) + sqrt(2/pi) * exp(-x/2) * (sqrt(x) + x^(3/2) / 3)."""
    if x <= 0:
        return 1.0
    root = math.sqrt(x)
    return min(1.0, math.erfc(root / math.sqrt(2)) + math.sqrt(2 / math.pi) * math.exp(-x / 2) * (root + x * root / 3))


def dice(counts: dict[int, int]) -> Dice:
    counts = {face: int(counts.get(face, 0)) for face in FACES}
    total = sum(counts.values())
    if total == 0:
        return Dice(counts, 0, None, None, "few")
    stat = chi_square(counts)
    p = chi_square_sf5(stat)
    verdict = "few" if total < MIN_ROLLS else "biased" if p < P_BIASED else "fair"
    return Dice(counts, total, stat, p, verdict)


# -- the words for the screen ------------------------------------------------------------
def percent(rate: float) -> str:
    return f"{round(rate * 100)} %"


def rarer_than(p: float) -> int:
    """How rare a fair die's rolls as uneven as these are, in words a table reads:
    "less than once in N" games of as many rolls, N a round 100, 1,000 or 10,000
    (a biased verdict has p < P_BIASED = 0.01, so N is at least 100)."""
    return next((n for n in (10_000, 1_000, 100, 10) if p < 1 / n), 1)


def minutes(seconds: float | None) -> int | None:
    return None if seconds is None else max(1, round(seconds / 60)) if seconds > 0 else 0


# -- from the saved games ----------------------------------------------------------------------
_FACES_SQL = """
    SELECT face.value, COALESCE(json_extract(e.action, '$.manual'), 0), COUNT(*)
    FROM sessions AS s JOIN events AS e ON e.session_id = s.id AND e.seq <= s.head,
         json_each(e.action, '$.dice') AS face
    WHERE instr(e.action, '"dice"') > 0 AND json_valid(e.action) AND json_type(e.action, '$.dice') = 'array'
    GROUP BY 1, 2"""


def faces(store) -> dict[str, dict[int, int]]:
    """Every face rolled through Cellmate and not undone, in every game: "all", and split
    into "app" (rolled by the app) and "hand" (a physical die entered by hand)."""
    from .session import _SQL_JSON
    from .store import load_json
    out = {kind: {face: 0 for face in FACES} for kind in ("all", "app", "hand")}

    def add(face, manual, times):
        if face in out["all"] and not isinstance(face, bool):
            face = int(face)
            out["all"][face] += times
            out["hand" if manual else "app"][face] += times

    if _SQL_JSON:
        for face, manual, times in store.read(_FACES_SQL):
            add(face, manual, times)
        return out
    for (text,) in store.read("SELECT e.action FROM sessions AS s JOIN events AS e ON e.session_id = s.id "
                              "AND e.seq <= s.head WHERE instr(e.action, '\"dice\"') > 0"):
        action = load_json(text)
        if isinstance(action, dict) and isinstance(action.get("dice"), list):
            for face in action["dice"]:
                add(face, action.get("manual"), 1)
    return out


def load(store, keep: bool = True, pace=None) -> tuple[Stats, dict[str, Dice]]:
    """The statistics of every finished game in the store, and the dice of every game.
    `pace`: called now and then (a worker thread lets the screen's thread in there)."""
    from . import results
    names = store.get_setting(NAMES_KEY, {})
    stats = compute(_paced(results.finished(store, keep, pace), pace), names if isinstance(names, dict) else {})
    return stats, {kind: dice(counts) for kind, counts in faces(store).items()}


# -- kept in the store: worked out once per change, not per look -----------------------------
MADE_BY = f"{__version__}/1"    # this Cellmate, and the kept figures' format


def generation(store) -> int | None:
    """What kept figures hold for: bumped by the store's triggers with every change they read.
    None: the file has no stats_cache (read as an older Cellmate left it): never kept."""
    from .store import StoreError
    try:
        rows = store.read("SELECT generation FROM stats_cache WHERE id = 1")
    except StoreError:
        return None
    return rows[0][0] if rows else 0


def kept(store) -> tuple[Stats, dict[str, Dice]] | None:
    """The figures as last worked out, when nothing they read has changed since; None when
    there are none (or they are stale, of another version, or unreadable)."""
    from .store import StoreError
    try:
        rows = store.read("SELECT generation, made_at, made_by, figures FROM stats_cache WHERE id = 1")
    except StoreError:
        return None
    if not rows or rows[0][1] != rows[0][0] or rows[0][2] != MADE_BY or rows[0][3] is None:
        return None
    try:
        return from_json(json.loads(rows[0][3]))
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        log.warning("the kept statistics cannot be read: worked out again", exc_info=True)
        return None


def _paced(items, pace):
    for item in items:
        if pace is not None:
            pace()
        yield item


def figures(store, keep: bool = True, pace=None) -> tuple[Stats, dict[str, Dice]]:
    """What `load` gives: kept figures when nothing changed since, else worked out and kept,
    with the generation read before reading the games (a change meanwhile: not kept)."""
    got = kept(store)
    if got is not None:
        return got
    before = generation(store)
    got = load(store, keep, pace)
    if keep and before is not None:
        _keep(store, before, got)
    return got


def _keep(store, at: int, got: tuple[Stats, dict[str, Dice]]) -> None:
    from .store import StoreError
    text = json.dumps(to_json(*got))

    def write(c):
        c.execute("INSERT OR IGNORE INTO stats_cache (id, generation) VALUES (1, 0)")
        c.execute("UPDATE stats_cache SET made_at = ?, made_by = ?, figures = ? WHERE id = 1 AND generation = ?",
                  (at, MADE_BY, text, at))
    try:
        store.write(write)
    except StoreError:
        pass        # only a cache: worked out again next time


def to_json(played: Stats, dice_by_kind: dict[str, Dice]) -> dict:
    return {"counted": played.counted,
            "players": {name: {game: asdict(line) for game, line in lines.items()}
                        for name, lines in played.players.items()},
            "games": {game: asdict(line) for game, line in played.games.items()},
            "faces": {kind: [one.counts[face] for face in FACES] for kind, one in dice_by_kind.items()}}


def from_json(data: dict) -> tuple[Stats, dict[str, Dice]]:
    """What to_json wrote; ValueError (or TypeError, KeyError) for anything else."""
    played = Stats({str(name): {str(game): _checked(Line, line) for game, line in lines.items()}
                    for name, lines in data["players"].items()},
                   {str(game): _checked(GameLine, line) for game, line in data["games"].items()},
                   _number(data["counted"], int))
    faces_by_kind = {kind: [_number(n, int) for n in counts] for kind, counts in data["faces"].items()}
    if any(len(counts) != len(FACES) for counts in faces_by_kind.values()):
        raise ValueError("not six faces")
    return played, {str(kind): dice(dict(zip(FACES, counts))) for kind, counts in faces_by_kind.items()}


def _checked(cls, values: dict):
    made = cls(**values)
    for f in fields(cls):
        value = getattr(made, f.name)
        if isinstance(value, dict):
            if not all(isinstance(k, str) for k in value):
                raise ValueError(f"{f.name}: not words")
            setattr(made, f.name, {k: _number(n, int) for k, n in value.items()})
        else:
            _number(value, int if f.type == "int" else (int, float))
    return made


def _number(value, kind):
    if isinstance(value, bool) or not isinstance(value, kind):
        raise ValueError(f"not a number: {value!r}")
    return value
