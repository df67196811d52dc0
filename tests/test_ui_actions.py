"""What the screen makes of a game's Params, without Kivy: which actions are one
page, and what the keypad takes for a number from a wide range."""
from companion.games import GAMES
from companion.games.base import ActionSpec, Param
from ui import actions as A

CHALLENGE = (1, 40)


def typed(keys, low, high):
    """The entry after these keys, and the keys that were refused."""
    entry, refused = "", []
    for key in keys:
        entry, taken = A.keypad_type(entry, key, low, high)
        if not taken:
            refused.append(key)
    return entry, refused


def test_the_keypad_takes_only_digits_that_can_still_make_a_number_in_range():
    assert typed("32", *CHALLENGE) == ("32", [])
    assert typed("45", *CHALLENGE) == ("4", ["5"])        # 45 is over 40: the 5 is refused
    assert typed("40", *CHALLENGE) == ("40", [])
    assert typed("0", *CHALLENGE) == ("", ["0"])          # no challenge starts with 0
    assert typed("075", 0, 60) == ("7", ["5"])        # a leading 0 is replaced, not kept; 75 > 60
    assert typed("123", 1, 10) == ("1", ["2", "3"])


def test_the_keypad_deletes_and_turns_the_sign_only_where_negatives_exist():
    assert typed(["3", "delete"], *CHALLENGE) == ("", [])
    assert typed(["delete"], *CHALLENGE) == ("", [])
    assert typed(["sign", "3"], -10, 10) == ("-3", [])
    assert typed(["1", "sign", "sign"], -10, 10) == ("1", [])
    assert typed(["sign"], *CHALLENGE) == ("", ["sign"])
    assert typed(["sign", "1", "1"], -10, 10) == ("-1", ["1"])     # -11 is below -10


def test_a_refused_digit_is_named_by_the_number_it_would_have_made():
    assert A.keypad_typed("4", "5") == "45"       # refused for 1 to 40: the refusal says "45?"
    assert A.keypad_typed("", "0") == "0"
    assert A.keypad_typed("0", "7") == "7"        # a leading 0 is replaced, as the entry would be
    assert A.keypad_typed("-10", "0") == "-100"
    assert A.keypad_typed("4", "delete") is None and A.keypad_typed("4", "sign") is None


def test_the_keypad_value_is_a_number_in_range_or_nothing():
    assert A.keypad_value("32", *CHALLENGE) == 32
    assert A.keypad_value("-3", -10, 10) == -3
    assert A.keypad_value("5", 10, 60) is None            # a start of 50, not a number the range has
    assert A.keypad_value("", *CHALLENGE) is None
    assert A.keypad_value("-", -10, 10) is None


def test_small_ranges_are_buttons_wide_ones_the_keypad():
    assert A.field_shape(Param("int", minimum=1, maximum=6)) == A.BUTTONS
    assert A.field_options(Param("int", minimum=1, maximum=6)) == [1, 2, 3, 4, 5, 6]
    assert A.field_shape(Param("int", minimum=1, maximum=40)) == A.KEYPAD
    assert A.field_shape(Param("int", minimum=-10, maximum=10)) == A.KEYPAD
    assert A.field_shape(Param("bool")) == A.BUTTONS and A.field_options(Param("bool")) == [True, False]
    assert A.field_shape(Param("text")) == A.TEXT
    assert A.field_shape(Param("die")) is None


def test_several_arguments_without_a_die_go_on_one_page():
    heist = GAMES["heist"]
    state = heist.setup([{"name": n, "colour": c, "letter": n[0]} for n, c in (("Anna", "orange"), ("Ben", "sky"))],
                        heist.check_options({}), 0, __import__("random").Random(1))
    lay = next(s for s in heist.legal_actions(state) if s.type == "lay_heist")
    ask, given = A.questions(lay)
    assert A.one_page(ask) and [n for n, _ in ask] == ["slot", "a", "b", "c", "d", "take", "name",
                                                        "skill_a", "skill_b", "skill_c", "skill_d"]
    roll = ActionSpec("roll", "x", 0, {"dice": Param("die", optional=True),
                                       "modifier": Param("int", minimum=-10, maximum=10, optional=True)})
    assert not A.one_page(A.questions(roll)[0])            # a die: faces tapped on a page of their own
    one = ActionSpec("scheme", "x", 0, {"required": Param("int", minimum=1, maximum=6)})
    assert not A.one_page(A.questions(one)[0])             # one question: one tap, no CONFIRM


def test_a_form_misses_required_arguments_and_blank_texts_only():
    ask = [("a", Param("int", minimum=1, maximum=40)), ("name", Param("text", optional=True)),
           ("who", Param("text"))]
    assert A.missing(ask, {}) == ["a", "who"]
    assert A.missing(ask, {"a": 3, "who": "  "}) == ["who"]
    assert A.missing(ask, {"a": 3, "who": "Mo"}) == []


def test_which_item_to_use_is_asked_by_the_items_names_alone():
    """The Snitch's one "Use an Item" button: after the tap, "Which one?" with a button
    per Item that may be named now, each its name ("Key"), not "Which Item? Key"."""
    import random

    from companion.i18n import Catalogue
    from companion.players import make_table
    game = GAMES["snitch"]
    rng = random.Random(0)
    state = game.setup(make_table(["Ann", "Bob", "Cy", "Dee"]), game.check_options({}), 0, rng)
    for action in [{"type": "cards_ready"}] + [{"type": "scheme", "player": s, "required": 3} for s in range(4)] \
            + [{"type": "pick_guard", "seat": 2}, {"type": "pick_soap", "seat": 0}]:
        state = game.apply(state, game.resolve(state, action, rng))
    state = dict(state, stash=[1, 0, 0, 0], contacts=state["contacts"] - 1)    # a failed Scheme, face down
    (group,) = [g for g in A.group_actions(game.legal_actions(state)) if g.type == "use_item"]
    t = Catalogue("en")
    assert t(group.label) == "Use an Item"
    assert [A.spec_choice_text(t, state["players"], spec, group.specs) for spec in group.specs] == [
        "Binoculars", "Key", "Knuckle Irons", "Bribe Money", "Crowbar"]     # whichever her stash holds


def test_the_log_says_what_happened_in_the_games_past_tense_words_a_secret_unsaid():
    game = GAMES["snitch"]
    players = [{"name": "Ann"}, {"name": "Bob"}]
    spec = ActionSpec("give_soap", "snitch.action.give_soap", 0,
                      {"to": Param("seat", "snitch.param.to", choices=(0, 1))})
    words = {"snitch.done.give_soap": "{name} gave the Soap to {to}", "log.secret": "(secret)"}

    def t(key, **args):
        return words[key].format(**args) if key in words else key
    said = A.done_words(t, game, players, 0, spec, {"type": "give_soap", "player": 0, "to": 1})
    assert said == "Ann gave the Soap to Bob"
    hidden = A.done_words(t, game, players, 0, spec, {"type": "give_soap", "player": 0, "to": 1}, hidden={"to"})
    assert hidden == "Ann gave the Soap to (secret)" and "Bob" not in hidden
    # without the game's words: none, and the log says the step as it was offered
    assert A.done_words(t, game, players, 0, spec, {"type": "hand_over", "player": 0, "to": 1}) is None
