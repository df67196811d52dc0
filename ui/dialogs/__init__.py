"""Dialogs, a module for each, its look in the kv file beside it:

- action: an action's arguments, asked page by page, and the action sent
- action_form: what the action dialog asks and the action the answers make (no Kivy)
- form_page: whether a form fits one page, its lines, and the pieces a page is made of
- keypad: a number typed on the keypad, and the dialog that asks one number
- help: the game's help and the first-run tour
- confirm: the one question asked before something that cannot be undone
"""
