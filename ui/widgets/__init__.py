"""Widgets every screen shares, a module for each kind, its look in the kv file beside it:

- text: labels that wrap, shrink or hyphenate a word; how wide a text is drawn
- buttons: the flat button, a number to change, the big button of one step
- choices: an answer of a row of them, a home-screen tile
- chips: a player's chip, a chip with a line of text, the seats' pads in a line
- seats: a seat at the table (a game's seat card) and a player's name, whole
- dice: the die to tap, the timer's button, the rolls' histogram
- countdown: the game's own countdown, drawn from glyphs kept
- lists: clipped scrolling, recycled rows, children used again
- window: the root, the screens, the banner, the toast and badge, the base Dialog
- looks: which kv files are read at start, which after the first frame

They only show what they are given; none of them knows a rule of a game.
"""
