### Cellmate's shared words, in English.

app-title = Cellmate
game-dice-title = Dice table
option-dice = Dice per roll
option-pass_after_roll = Pass the turn after each roll
action-roll = Roll
action-pass = Next player
action-end = End game
dice-turn_of = { $name }'s turn
dice-finished = Game over
dice-round = Round { $turn }
dice-last_roll = { $name } rolled { $dice } = { $total }
store-corrupt = The saved games file was damaged. It was moved aside and a fresh one was started. Where it went: About, under Advanced.
store-unwritable = Cannot save ({ $reason }). Play goes on, but nothing is saved: it is lost when Cellmate closes. The folder is named in About, under Advanced.
store-busy = The saved games are locked by another program. Cellmate keeps trying and opens them as soon as they are free; until then nothing can be saved. Close the other program (another Cellmate, a database tool).
store-read_only = The saved games can be read but not written ({ $reason }). Every saved game is here and play goes on, but nothing new is saved: it is lost when Cellmate closes.
store-full = The disk is full: the saved games can be read but not written. Every saved game is here and play goes on, but nothing new is saved: it is lost when Cellmate closes. Make room on the disk (About, under Advanced, names the folder) and start Cellmate again.
store-newer = The saved games file was made by a newer Cellmate (format { $found }; this one reads format { $known }). It is left as it is: update Cellmate to use it. Play goes on, but nothing is saved.
store-other = The file in place of the saved games could not be used: it is { $reason }. It was moved aside, kept as it was, and a fresh file was started. Where it went: About, under Advanced.
store-stuck = The saved games file cannot be used ({ $reason }) and could not be moved aside ({ $why }). It is left as it is. Play goes on, but nothing is saved.
store-bad_dir = The folder for the saved games cannot be used ({ $reason }). Play goes on, but nothing is saved: name another folder in the config file (About shows where it is).
error-bad_option = That option cannot take this value.
error-unknown_option = This game has no option called { $option }.
error-bad_player = There is no such seat at this table.
error-game_over = The game is over. Undo, or start a new one.
error-dice_count =
    { $count ->
        [one] Enter 1 die face.
       *[other] Enter { $count } die faces.
    }
error-bad_face = A die shows 1 to 6.
error-bad_counts = Enter one whole number for each seat, adding up to { $high }.
error-unknown_action = That is not something you can do in this game.
error-unknown_game = There is no game called { $game }.
error-bad_table = This table cannot play yet.
error-player_count = This game is for { $low } to { $high } players.
error-no_session = That saved game is gone.
error-bad_action = That tap did not name an action.
error-nothing_to_undo = Nothing to undo.
error-nothing_to_redo = Nothing to redo.
nav-home = Home
nav-back = Back
nav-log = Log
nav-table = Table
common-cancel = Cancel
common-undo = Undo
common-redo = Redo
home-subtitle = The game master on your table
home-new_game = New game
home-new_game_detail = Players, colours, options
home-resume = Resume
home-resume_detail = { $game }: { $players }
home-nothing_to_resume = No game is running
home-play_again = Play again
home-no_table = Play a game first
home-sessions = Past games
home-sessions_detail = { $count } saved
home-stats_detail = Who wins, how long
home-settings = Settings
home-about = About & hardware
setup-title = New game: { $game }
setup-default_name = Player { $n }
setup-add_seat = + Add a seat
setup-remove = ×
setup-start = Start
setup-other_game = Other game
setup-hint = Seats go clockwise around the table, 1 first. The turn passes left: to the next seat clockwise. Tap a colour to change it.
setup-need_name = Seat { $seat } needs a name.
setup-same_name = Two players are called { $name }. Give them different names.
option-on = On
option-off = Off
table-starts = { $name } starts (drawn at random)
dice-tap_hint = Tap here or press ROLL
dice-manual = Enter die
dice-manual_title = What does the die show?
dice-manual_progress = Die { $n } of { $count }
dice-histogram = All rolls: { $count }
dice-play_again = Play again
dice-confirm_end_title = End this game?
dice-confirm_end_text = It is saved as finished. Undo takes it back.
timer-idle = Timer: tap to start
timer-running = Tap to pause
timer-paused = Paused: tap to go on
timer-done = Time is up! Tap to start again
timer-reset = Reset
keys-help = Keys: { $keys }
input-roll = ROLL
input-timer = TIMER
input-confirm = CONFIRM
input-undo = UNDO
input-redo = UNDO held
cue-badge = Buzzer: { $cue }
cue-tap = click
cue-tick = tick
cue-success = fanfare
cue-warning = warning
cue-alarm = alarm
log-title = Log
log-roll = { $name } rolled { $dice }
log-manual = (real die)
log-pass = Next player
log-end = Game ended
log-start = Table set: { $name } starts
log-now = now
log-undone = undone
log-more =
    { $count ->
        [one] 1 earlier step below: scroll on
       *[other] { $count } earlier steps below: scroll on
    }
sessions-title = Past games
sessions-empty = No saved games yet.
sessions-moves = Moves: { $count }
sessions-running = running
sessions-finished = finished
sessions-resume = Resume
sessions-delete = Delete
sessions-view = View
sessions-more = Older games: { $count } more
sessions-more_players = and { $count } more
sessions-game_unknown = Unknown game “{ $game }”
sessions-result_unknown = Result unknown
sessions-confirm_title = Delete this game?
sessions-confirm_text =
    { $players }
    { $detail }

    Deleting cannot be undone.
settings-title = Settings
settings-language = Language
settings-buzzer = Buzzer
settings-buzzer_on = Buzzer on
settings-buzzer_off = Buzzer off
settings-timer_seconds = Timer length
settings-seconds = { $n } s
settings-tick_last = Timer beeps
settings-tick_last_note = in the last seconds
settings-ms = { $n } ms
settings-timer_seconds_ask = Timer length in seconds
settings-tick_last_ask = Beep in the last how many seconds?
about-title = About & hardware
about-version = Version
about-version_value = Cellmate { $version }
about-mode = Buttons & buzzer
about-mode_gpio = GPIO buttons and buzzer
about-mode_simulated = Simulated: keyboard keys, buzzer shown on screen
about-mapping = Button mapping
about-pin = GPIO { $pin }
about-pin_none = not connected
about-redo_long = Redo: hold UNDO for { $ms } ms
about-buzzer = Buzzer
about-data = Saved games
about-data_ok = Saving works
about-config = Config file
about-config_ok = Read, no problems
about-config_missing = Not there: defaults in use
about-config_errors =
    { $count ->
        [one] 1 problem, the default used for it (see Advanced)
       *[other] { $count } problems, defaults used for these (see Advanced)
    }
notice-config =
    { $count ->
        [one] The config file has 1 problem; that setting uses its default. Details under About.
       *[other] The config file has { $count } problems; those settings use defaults. Details under About.
    }
notice-rig = Not all of the hardware could be used: the keyboard or the screen stands in. Details under About.
notice-dismiss = OK
about-config_none = No config file: defaults in use
home-about_gpio = GPIO buttons and buzzer
home-about_simulated = Keyboard instead of buttons
games-title = Choose a game
games-players = { $low } to { $high } players
nav-help = Help
common-close = Close
common-yes = Yes
common-no = No
common-ok = OK
game-started = { $game }: the table is set
game-no_actions = Nothing to do here: undo, or wait for the table.
game-adjust = Adjust
game-adjust_title = Adjust the table
game-adjust_body = Put right what a card changed. Each correction can be undone.
game-more = More
game-more_title = Other steps
game-more_body = What else may be done now. Each step can be undone.
picker-skip = Skip
picker-done = Done
picker-roll = Let Cellmate roll
picker-who = Who?
picker-which = Which one?
picker-step = { $n } of { $count }
picker-range = { $low } to { $high }
picker-by = { $name }: { $action }
keypad-delete = Delete
keypad-refused = Only { $low } to { $high }
keypad-refused_typed = { $typed }? { $limits }
keypad-empty = Type a number: { $low } to { $high }
form-missing = Still to fill in: { $fields }
help-title = Help: { $game }
help-none = Cellmate plays this game as the rulebook says; there are no readings of its own to explain.
help-common = Every tap is saved at once. Undo takes back any step, also a wrong tap, and Redo brings it back; the Log lists every step.
log-random = (at random)
log-secret = (secret)
vote-headline = Secret vote
vote-pass_to = Pass to { $name }
vote-tap_when = Tap when only { $name } can see the screen.
vote-cast = Votes cast: { $done } of { $count }
vote-pads = On a pad: MAIN opens your vote on yourself, DONE moves one seat to your left, EXTRA one to your right, MAIN again casts it. The light never shows whom.
vote-waiting = Waiting for the pads
vote-waiting_for = Still to vote on their pad: { $names }
vote-question = { $name }: { $question }
vote-pick = Tap a name
vote-cast_for = Cast my vote: { $name }
vote-change = Tap another name to change it; UNDO takes it back.
vote-blank = Vote cast. Pass to { $name }; tap when only { $name } can see the screen.
vote-again = Start the vote again
vote-again_title = Start the vote again?
vote-again_text = Every vote cast so far is dropped, unseen, and everybody votes again.
error-vote_held = The vote is secret: UNDO cannot reach a vote already cast. Once every vote is in, UNDO takes back the whole vote.
countdown-left = left
countdown-running = seconds left
countdown-done = Time is up!
notice-pads = Seat pads could not be started: the seats play on the screen. Details under About.
keys-name-space = Space
keys-name-backspace = Backspace
keys-name-enter = Enter
keys-name-shift = Shift
keys-pads = Seat pads: { $keys }
keys-pad_button_1 = MAIN on that seat's pad
keys-pad_button_2 = DONE
pads-button = Seat pads
pads-title = Seat pads
pads-claim_all = Claim all seats
pads-skip = Skip
pads-done = Done
pads-press = Seat { $seat } · { $name }: press your pad
pads-none = No seat pads are running.
pads-all_held = Every seat has its pad. Press one to see whose it is.
pads-some_held =
    { $held ->
        [one] { $held } of { $count } seats has a pad. Tap Claim at a seat, then press its pad.
       *[other] { $held } of { $count } seats have a pad. Tap Claim at a seat, then press its pad.
    }
pads-seat_waiting = Press your pad now
pads-seat_online = Pad online
pads-seat_offline = Pad offline
pads-seat_none = No pad: plays on the screen
pads-claim = Claim
pads-claim_again = Claim again
pads-pressed = Seat { $seat } · { $name }: this pad works
pads-pad = Pad { $n }
pads-incompatible = Speaks another protocol version: update its firmware
pads-ignored = Not a Cellmate pad (no answer): left alone until it is unplugged
pads-connecting = Connecting …
pads-extra_seat = Holds seat { $seat }, which this table does not have
pads-seat_taken = Remembers seat { $seat }, which another pad holds: claim a seat with it
pads-seat_taken_any = Its seat is held by another pad: claim a seat with it
pads-no_seat = No seat: tap Claim at a seat, then press this pad
pads-no_seat_claiming = No seat yet: press this pad to take the seat asked for
pads-offline = Offline
pads-others = Pads without a seat at this table
pads-strip = Seat pads:
pads-online_mark = online
pads-offline_mark = pad offline
error-store_busy = Not saved: the saved games are locked by another program. Nothing changed; try again in a moment.
error-store_unwritable = Not saved ({ $reason }). Nothing changed.
error-store_unreadable = The saved games cannot be read ({ $reason }).
error-session_taken = This game is open in another program ({ $holder }). Close it there first.
error-session_changed = This game was changed by another program. Nothing was saved here; open it again to see it as saved.
error-session_damaged = This saved game cannot be opened ({ $reason }). It stays in the file as it is.
error-bad_options = The options must be names with values.
dice-board-round = Round
dice-board-last_roll = { $name } rolled
dice-board-turn = to play
memory-export = Export
memory-exported = Saved: { $name }, in the folder of the saved games
memory-export_failed = Could not be saved: { $reason }
memory-forget = Not known
memory-none = none
error-who = Say which player this is for.
advanced-title = Advanced
advanced-debounce = Button debounce
advanced-debounce_note = applies from the next start
advanced-debounce_ask = Button debounce in milliseconds
advanced-file = File: { $path }
advanced-dir = Folder: { $dir }
advanced-moved = Moved aside to: { $moved }
advanced-in_memory = Nothing is saved: the games are kept in memory
advanced-hardware = Hardware
advanced-pads = Seat pads: { $reason }
pads-port = USB device { $n }
option-checklist = Setup checklist and who starts
setup-headline = Setting up
setup-param-step = Setup step
setup-action-skip = Skip: all laid out
setup-line-todo = { $text }
setup-line-done = Done: { $text }
setup-prompt-check =
    { $count ->
        [one] One step left: tap it when it is done.
       *[other] Set up the box: tap each step when done ({ $count } to go).
    }
error-setup_checked = Everything is laid out already.
error-setup_not_laid_out = Lay out the box first: tap each step, or skip them.
error-setup_bad_step = That step is done already.
help-rule = { $text } (Rulebook: { $where })
help-now = The rules for now
help-table = On the table now
help-rules = The rules in short
help-readings = How Cellmate reads the rules
setup-log-first = { $name } was picked to start
setup-log-first_random = { $name } was drawn at random to start
tour-1-title = The table in four taps
tour-1-body = The big button is what normally comes next. The buttons on the box (ROLL, CONFIRM) and the seat pads do the same.
tour-2-title = Made a mistake?
tour-2-body = Undo takes back the last step, as many steps as you like, even after a restart; Redo brings it back. Nothing is lost.
tour-3-title = Whose turn is it?
tour-3-body = The top bar says whose turn it is, in that player's colour and shape; the seats show what each player holds.
tour-4-title = Log and Help
tour-4-body = Log: every step in words. Help: the rules in short, for the point the game is at.
tour-step = { $n } of { $count }
tour-next = Next
tour-skip = Skip the tour
tour-done = Let's play
speech-turn = { $name }'s turn.
speech-and = { $first } and { $last }
speech-winners =
    { $count ->
        [one] { $names } wins!
       *[other] { $names } win!
    }
speech-over = The game is over.
speech-count = { $n }
speech-time_up = Time is up!
speech-test = This is Cellmate. Can you hear me?
settings-voice = Voice
settings-voice_volume = Loudness
settings-voice_volume_ask = How loud, in percent?
settings-voice_speed = Speed
settings-voice_speed_ask = How fast, in words a minute?
settings-voice_wpm = { $n } words/min
settings-voice_percent = { $n } %
settings-voice_says = Say aloud
settings-voice_kind-turn = Turns
settings-voice_kind-events = Events
settings-voice_kind-countdown = Countdown
settings-voice_kind-winner = Winner
settings-cover_noise = Murmur
notice-no_voice = No voice: Cellmate cannot speak here and plays on without it. Details under About.
advanced-voice_problem = Voice: { $reason }
settings-cover_noise_note = Sing Sing: a murmur while the file holder takes a bar out, so the masked player cannot hear which window.
