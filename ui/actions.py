"""What the game screen does with a game's descriptions, without Kivy.

The game says what may be done (`legal_actions`: ActionSpec with Params); this
module turns that into buttons and questions, and past actions into words for
the log. No rule of any game lives here: only the Param kinds of
companion.games.base.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import ADJUST, END_TURN, EQUAL, PLAIN, RIGHT, WRONG, ActionSpec, Game, Param

PAIR_SEP = "+"   # a choice naming two things at once ("cell_block+cafeteria")


# -- labels ------------------------------------------------------------------------
def choice_text(t, label: str, choice) -> str:
    """A choice in words: the catalogue's "<param label>.<choice>", a pair "a+b"
    as both its parts, else the choice itself (an added place keeps its name)."""
    key = f"{label}.{choice}"
    text = t(key)
    if text != key:
        return text
    if isinstance(choice, str) and PAIR_SEP in choice:
        return " + ".join(choice_text(t, label, part) for part in choice.split(PAIR_SEP))
    return str(choice)


def option_text(t, option, value) -> str:
    """A setup option's value: "<option label>.<value>" first, then "option.<name>.<value>"."""
    if option.kind == "bool":
        return t("option.on" if value else "option.off")
    if option.kind == "choice":
        for key in (f"{option.label}.{value}", f"option.{option.name}.{value}"):
            text = t(key)
            if text != key:
                return text
    return str(value)


def plain(text: str) -> str:
    """Text with Kivy markup taken out (a prompt drawn with coloured words)."""
    import re
    text = re.sub(r"\[/?[a-z_]+(=[^\]]*)?\]", "", text or "")
    return text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def seat_name(players, seat) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]["name"]
    return "?"


def faces_text(dice) -> str:
    dice = list(dice)
    if len(dice) == 1:
        return str(dice[0])
    return f"{' + '.join(map(str, dice))} = {sum(dice)}"


def value_text(t, players, param: Param, value) -> str:
    """An argument's value in words, by its kind."""
    if param.kind == "seat":
        return seat_name(players, value)
    if param.kind == "choice":
        return choice_text(t, param.label, value)
    if param.kind == "die":
        return faces_text(value if isinstance(value, list) else [value])
    if param.kind == "bool":
        return t("common.yes" if value else "common.no")
    if param.kind == "text":
        return f"“{value}”"
    return str(value)


def arg_text(t, players, param: Param, value) -> str:
    label = t(param.label) if param.label else ""
    text = value_text(t, players, param, value)
    if not label:
        return text
    return f"{label} {text}" if label.endswith("?") else f"{label}: {text}"


# -- buttons ---------------------------------------------------------------------
@dataclass
class ActionGroup:
    """One button: every legal action of one type and label (several when the same
    thing may be done by several seats, or on several windows)."""
    type: str
    label: str
    specs: list[ActionSpec] = field(default_factory=list)

    @property
    def players(self) -> list:
        seen = []
        for spec in self.specs:
            if spec.player not in seen:
                seen.append(spec.player)
        return seen

    @property
    def actor(self):
        """The one seat that does it, or None (the table's, or several seats')."""
        players = self.players
        return players[0] if len(players) == 1 else None


def group_actions(legal: list[ActionSpec]) -> list[ActionGroup]:
    groups: dict[tuple[str, str], ActionGroup] = {}
    for spec in legal:
        key = (spec.type, spec.label)
        if key not in groups:
            groups[key] = ActionGroup(spec.type, spec.label)
        groups[key].specs.append(spec)
    return list(groups.values())


def group_tone(group: ActionGroup, groups: list[ActionGroup], current) -> str:
    """The current player's own steps stand out; the table's corrections stay quiet."""
    theirs = current is not None and any(g.actor == current for g in groups)
    if len(group.players) > 1:   # the same step for several seats (roll for the first player, pay a gem)
        return "normal" if theirs else "primary"
    actor = group.actor
    if actor is None:
        return "quiet" if theirs else "primary"
    if actor == current:
        return "primary"
    # somebody else's step (a victim's answer, a vote): theirs to take when the current player has none
    return "normal" if theirs else "primary"


@dataclass
class ActionPanel:
    """The actions column: one primary button for what normally comes next, the
    other steps under it, the end of the turn kept in sight, the corrections
    behind one "Adjust" button."""
    primary: ActionGroup | None
    peer: ActionGroup | None           # beside the primary, as large: its equal, or the other verdict
    others: list[ActionGroup]
    end_turn: ActionGroup | None       # legal now
    end_turn_type: str | None          # the move that ends the turn in this phase, legal or not
    adjust: list[ActionGroup]


def panel(groups: list[ActionGroup], current, end_turn_type: str | None = None) -> ActionPanel:
    def role(group):
        return group.specs[0].role
    play = [g for g in groups if role(g) not in (END_TURN, ADJUST)]
    ender = next((g for g in groups if role(g) == END_TURN), None)
    # what normally comes next: the first step the game lists as primary, else the first
    primary = next((g for g in play if group_tone(g, groups, current) == "primary"), play[0] if play else None)
    # a verdict (Right, Wrong) or one of equal choices: the other one stands beside it
    paired = (RIGHT, WRONG, EQUAL)
    peer = next((g for g in play if g is not primary and group_look(g) in paired), None) \
        if primary is not None and group_look(primary) in paired else None
    if peer is not None and group_look(primary) == WRONG and group_look(peer) == RIGHT:
        primary, peer = peer, primary    # the tick first, on the left, the cross beside it
    return ActionPanel(primary, peer, [g for g in play if g is not primary and g is not peer], ender,
                       ender.type if ender is not None else end_turn_type,
                       [g for g in groups if role(g) == ADJUST])


def group_look(group: ActionGroup) -> str:
    """How a step's button looks (Move.look): its verdict or equal choice, or plain."""
    return group.specs[0].look if group.specs else PLAIN


def look_words(words: str, look: str) -> str:
    """A verdict's words with its mark, so it is not told by colour alone: ✓ Right, ✗ Wrong."""
    mark = {RIGHT: "\u2713", WRONG: "\u2717"}.get(look)
    return f"{mark} {words}" if mark else words


def fixed_value(param: Param):
    """(True, value) when a Param leaves nothing to choose: one choice, or min == max."""
    if param.kind in ("seat", "choice") and len(param.choices) == 1:
        return True, param.choices[0]
    if param.kind == "int" and param.minimum is not None and param.minimum == param.maximum:
        return True, param.minimum
    return False, None


def spec_choice_text(t, players, spec: ActionSpec, others: list[ActionSpec]) -> str:
    """What tells one spec of a group from the others: its seat, or its fixed arguments."""
    if len({s.player for s in others}) == len(others) and spec.player is not None:
        return seat_name(players, spec.player)
    parts = []
    for name, param in spec.params.items():
        fixed, value = fixed_value(param)
        if fixed and len({fixed_value(s.params[name])[1] for s in others if name in s.params}) > 1:
            label, text = t(param.label), value_text(t, players, param, value)
            parts.append(text if label.endswith("?") else f"{label} {text}")   # "Which Item?" asks: "Key" answers
    return " · ".join(parts) or t(spec.label)


def questions(spec: ActionSpec) -> tuple[list[tuple[str, Param]], dict]:
    """The arguments to ask for, in order, and those that are already decided."""
    ask, given = [], {}
    for name, param in spec.params.items():
        fixed, value = fixed_value(param)
        if fixed:
            given[name] = value
        else:
            ask.append((name, param))
    return ask, given


def build_action(spec: ActionSpec, values: dict) -> dict:
    action = {"type": spec.type}
    if spec.player is not None:
        action["player"] = spec.player
    action.update(values)
    return action


ROW_OF_NUMBERS = 8    # a range this small is a row of buttons; a wider one, a keypad


def int_choices(param) -> list[int] | None:
    """Every value of a small range (a Scheme's number: 1 to 6), one button each; None: use the keypad.
    For an action's Param or a setup Option alike (both have minimum and maximum)."""
    if param.minimum is None or param.maximum is None or not 1 < param.maximum - param.minimum + 1 <= ROW_OF_NUMBERS:
        return None
    return list(range(param.minimum, param.maximum + 1))


# -- one page, or one question at a time ----------------------------------------------
BUTTONS, KEYPAD, TEXT = "buttons", "keypad", "text"


def field_shape(param: Param) -> str | None:
    """How an argument is entered on a one-page form: a row of buttons, a number cell
    that opens the keypad, or a line of text. None for a die: its faces are tapped in
    turn (or the app rolls), which needs a page of its own."""
    if param.kind == "int":
        return BUTTONS if int_choices(param) is not None else KEYPAD
    if param.kind in ("seat", "choice", "bool"):
        return BUTTONS
    if param.kind == "text":
        return TEXT
    return None


def field_options(param: Param) -> list:
    """The values a row of buttons offers, in order."""
    if param.kind == "bool":
        return [True, False]
    if param.kind == "int":
        return int_choices(param) or []
    return list(param.choices)


def one_page(ask: list[tuple[str, Param]]) -> bool:
    """Several arguments, none of them a die: all on one form. No argument depends on
    an earlier answer (a spec's Params are fixed when it is offered; only the choice
    among a group's specs comes first, on a page of its own), so any order is fine."""
    return len(ask) > 1 and all(field_shape(p) is not None for _, p in ask)


def missing(ask: list[tuple[str, Param]], values: dict) -> list[str]:
    """The arguments a form still needs before it can be sent."""
    return [name for name, param in ask
            if not param.optional and (name not in values or (param.kind == "text" and not str(values[name]).strip()))]


# -- the keypad ------------------------------------------------------------------------
UNBOUNDED = 10 ** 9   # what Param.check takes for a missing bound


def bounds(param) -> tuple[int, int]:
    """A Param's or a setup Option's range, for the keypad; a missing bound is UNBOUNDED."""
    low = param.minimum if param.minimum is not None else -UNBOUNDED
    high = param.maximum if param.maximum is not None else UNBOUNDED
    return low, high


def could_become(entry: str, low: int, high: int) -> bool:
    """Whether more digits can still make `entry` a number from low to high ("4" for
    1 to 40: yes, 4 or 40; "5": only 5; "0": no)."""
    if entry in ("", "-"):
        return entry == "" or low < 0
    negative = entry.startswith("-")
    digits = entry.lstrip("-")
    if not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
        return False
    most = len(str(max(abs(low), abs(high))))
    head = int(digits)
    for length in range(len(digits), most + 1):
        if head == 0 and length > len(digits):
            break  # nothing is written 0 followed by more digits
        span = 10 ** (length - len(digits))
        first, last = head * span, (head + 1) * span - 1
        if negative:
            first, last = -last, -first
        if first <= high and last >= low:
            return True
    return False


def keypad_type(entry: str, key: str, low: int, high: int) -> tuple[str, bool]:
    """The entry after one key ("0"-"9", "delete", "sign"), and False when the key was
    refused: no number from low to high can be written that way."""
    if key == "delete":
        return entry[:-1], True
    if key == "sign":
        if low >= 0:
            return entry, False
        turned = entry[1:] if entry.startswith("-") else "-" + entry
        return (turned, True) if could_become(turned, low, high) else (entry, False)
    typed = keypad_typed(entry, key)
    if typed is None:
        return entry, False
    return (typed, True) if could_become(typed, low, high) else (entry, False)


def keypad_typed(entry: str, key: str) -> str | None:
    """What a digit key makes of the entry, taken or not (a refusal says it: "45?");
    None for any other key."""
    if not (len(key) == 1 and key.isdigit()):
        return None
    sign = "-" if entry.startswith("-") else ""
    digits = entry.lstrip("-")
    return sign + (key if digits == "0" else digits + key)   # a leading 0 is replaced, not kept


def keypad_value(entry: str, low: int, high: int) -> int | None:
    """The number typed, or None when it is not a whole number from low to high."""
    try:
        value = int(entry)
    except ValueError:
        return None
    return value if low <= value <= high else None


# -- the log -----------------------------------------------------------------------
def find_spec(legal: list[ActionSpec], action: dict, hidden=()) -> ActionSpec | None:
    """The legal action a stored action was made from (its label and argument kinds).
    A hidden argument plays no part in finding it: which button it was must not give
    the secret away (Sing Sing's window with one bar left)."""
    kind = action.get("type")
    best = None
    for spec in legal:
        if spec.type != kind:
            continue
        if spec.player is not None and "player" in action and action["player"] != spec.player:
            continue
        fits = all(fixed_value(p)[1] == action.get(name)
                   for name, p in spec.params.items() if fixed_value(p)[0] and name in action and name not in hidden)
        if fits:
            return spec
        best = best or spec
    return best


def describe(t, game: Game, players, state_before: dict, action: dict, hidden=()) -> tuple[int | None, str]:
    """(the seat who did it or None, the action in words): the game's own words
    (Game.log_words), else its label and arguments as they were offered then."""
    seat = action.get("player")
    seat = seat if _whole(seat) and 0 <= seat < len(players) else None
    own = game.log_words(action, players, t)
    if own is not None:
        return seat, own
    spec = find_spec(game.legal_actions(state_before), action, hidden)
    if seat is None and spec is not None:
        seat = spec.player
    if spec is not None:
        said = done_words(t, game, players, seat, spec, action, hidden)
        if said is not None:
            return seat, said
        label = t(spec.label)
    else:
        key = f"{game.id}.action.{action.get('type')}"
        label = t(key) if t(key) != key else str(action.get("type"))
    parts = []
    if spec is not None:
        for name, param in spec.params.items():
            if name not in action:
                continue
            if name in hidden:      # said even when it had one choice: how many it had is no secret's business
                parts.append(f"{t(param.label)} {t('log.secret')}" if param.label else t("log.secret"))
                continue
            if fixed_value(param)[0] and param.kind != "int":
                continue  # one choice: the label says it already
            text = arg_text(t, players, param, action[name])
            if param.kind == "die" and action.get("manual"):
                text += " " + t("log.manual")
            parts.append(text)
    if action.get("random"):
        parts.append(t("log.random"))
    seat = seat if _whole(seat) and 0 <= seat < len(players) else None
    return seat, " · ".join([by_whom(t, players, seat, label)] + parts)


def done_words(t, game: Game, players, seat, spec: ActionSpec, action: dict, hidden=()) -> str | None:
    """What happened, in the past tense, when the game words it so ("<game>.done.<type>":
    "Ann gave the Soap to Bob"): {name} the seat that did it, and each argument by its
    name as the screen offered it; a hidden argument is said to be secret, never shown."""
    key = f"{game.id}.done.{action.get('type')}"
    args = {"name": seat_name(players, seat) if seat is not None else ""}
    for name, param in spec.params.items():
        if name in action:
            value = action[name]
            # a number stays a number: the words may choose its plural by it
            args[name] = (t("log.secret") if name in hidden else value if param.kind == "int" and _whole(value)
                          else value_text(t, players, param, value))
    said = t(key, **args)
    if said == key:
        return None
    extra = ([t("log.manual")] if action.get("manual") else []) + ([t("log.random")] if action.get("random") else [])
    return " · ".join([said] + extra)


def by_whom(t, players, seat, label: str) -> str:
    """A step in words with who takes it ("Anna: Draw a card"); the table's: as it is."""
    return label if seat is None else t("picker.by", name=seat_name(players, seat), action=label)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


