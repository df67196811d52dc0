### The words of the game singsing, in English.

singsing-title = Sing Sing
singsing-option-advanced = Advanced game (2 chips each)
singsing-option-seconds = Guess timer (seconds)
singsing-option-tracker = Window tracker (tap the bars you remove)
singsing-action-announce_two = Pay a chip: two bars
singsing-action-remove_bar = Bar removed
singsing-action-name_convict = This convict is free
singsing-action-free_convict = A convict came free
singsing-action-start_timer = TIMER: guess
singsing-action-right = Right
singsing-action-wrong = Wrong
singsing-action-timeout = Time is up
singsing-action-second_guess = TIMER: guess again
singsing-action-pass_mask = Pass the mask
singsing-param-window = Window
singsing-param-bar = Bar
singsing-param-convict = Convict
singsing-param-turn = Turn
singsing-param-guess = Guess
singsing-bar-left = left short bar
singsing-bar-long = long bar
singsing-bar-right = right short bar
singsing-side-left = left
singsing-side-right = right
singsing-convict-eddie = Eddie
singsing-convict-joe = Joe
singsing-convict-mack = Mack
singsing-badge-winner = Winner
singsing-reading-bars = How we read the bars: each short bar covers one convict card, the long bar covers both. A convict is free when its short bar and the long bar are gone.
singsing-reading-mask = How we read a wrong guess: the mask passes to the next player clockwise, skipping the file holder. With 2 players the same player guesses again.
singsing-reading-timer = The guess timer is Cellmate's own addition, not in the rulebook: when it runs out, the guess counts as wrong.
singsing-help-buttons = Buttons: TIMER starts the guess once the bar is out (and buys the second guess in the advanced game). CONFIRM: the guess was right. Hold UNDO: the guess was wrong (or: no second guess). A short UNDO always undoes.
singsing-headline-remove = { $file } removes a bar
singsing-headline-name = A convict is free!
singsing-headline-ready = { $mask } guesses next
singsing-headline-guess =
    { $guess ->
        [1] { $mask } guesses
       *[other] { $mask } guesses again
    }
singsing-headline-second_chance = { $mask }: a second guess?
singsing-headline-over = { $name } wins!
singsing-banner-same = { $name } wins with three of the same convict!
singsing-banner-different = { $name } wins with three different convicts!
singsing-prompt-remove = Mask on! { $file }: remove a bar, then TIMER.
singsing-prompt-remove_two = Mask on! { $file }: remove 2 bars, then TIMER.
singsing-prompt-remove_tracker = Mask on! { $file }: remove a bar, tap it.
singsing-prompt-remove_tracker_two =
    { $left ->
        [one] { $file }: remove and tap { $left } more bar.
       *[other] { $file }: remove and tap { $left } more bars.
    }
singsing-prompt-no_bars = No bars left by the count: undo the miscounted step.
singsing-prompt-name = Which convict is free in window { $window } ({ $side })?
singsing-prompt-name_hidden = Which convict is free? The window stays hidden.
singsing-prompt-ready = { $file } presses TIMER, { $mask } guesses.
singsing-prompt-guess = { $mask }: window, colour, length? Right or wrong?
singsing-prompt-second_chance = { $mask }: guess again for a chip (TIMER), or pass.
singsing-prompt-over = The game is over. Play again, or undo.
singsing-line-mask = Mask: { $name }
singsing-line-file = File: { $name }
singsing-line-pending = Free this turn: { $convicts } (to { $guesser } if right, else to { $file })
singsing-line-windows = Bars per window: { $bars }
singsing-line-windows_hidden = Window tracker hidden until the guess is decided
singsing-line-bars_left = Bars left: { $left } of { $total }
singsing-line-player = { $name }: Eddie { $eddie } · Joe { $joe } · Mack { $mack }
singsing-line-player_chips = { $name }: Eddie { $eddie } · Joe { $joe } · Mack { $mack } · chips { $chips }
singsing-line-last_right = { $guesser } guessed right (guess { $guess }) and takes the file from { $file }.
singsing-line-last_wrong = { $guesser } guessed wrong (guess { $guess }): { $file } keeps the file.
singsing-line-last_timeout = { $guesser } ran out of time (guess { $guess }): { $file } keeps the file.
singsing-line-last_wrong_first = { $guesser } guessed wrong: a second guess costs a chip.
singsing-line-last_timeout_first = { $guesser } ran out of time: a second guess costs a chip.
singsing-line-awarded = { $name } gets { $convicts }.
error-singsing_basic_game = Chips are for the advanced game only.
error-singsing_already_announced = Two bars are already announced for this turn.
error-singsing_announce_first = Two bars must be announced before the first bar comes out.
error-singsing_no_chip = { $name } has no chip left.
error-singsing_not_enough_bars =
    { $left ->
        [one] Only { $left } bar is left.
       *[other] Only { $left } bars are left.
    }
error-singsing_no_tracker = The window tracker is off: remove the bar and press TIMER.
error-singsing_tracker_on = The window tracker is on: tap the bars, it sees free convicts itself.
error-singsing_too_many_free =
    { $bars ->
        [one] With { $bars } bar out, no more convicts can be free.
       *[other] With { $bars } bars out, no more convicts can be free.
    }
error-singsing_remove_first = Tap the bar you removed first.
error-singsing_no_third_guess = Never a third guess in one turn.
error-singsing_name_first = First say which convict is free.
error-singsing_timer_running = A guess is running: mark it right or wrong.
error-singsing_decide_second = First the guesser decides on a second guess.
error-singsing_no_guess = No guess is running: press TIMER when the bar is out.
error-singsing_not_now = That is not the next step now.
error-singsing_not_your_step = This is { $name }'s step.
error-singsing_bad_window = The windows are numbered { $low } to { $high }.
error-singsing_bad_bar = A bar is left, long or right.
error-singsing_bar_gone = That bar of window { $window } is already gone.
error-singsing_bad_convict = The convicts are Eddie, Joe and Mack.
error-singsing_stale_timeout = That time-out belongs to an earlier guess.
singsing-param-bar-left = Left short bar
singsing-param-bar-long = Long bar
singsing-param-bar-right = Right short bar
singsing-param-convict-eddie = Eddie
singsing-param-convict-joe = Joe
singsing-param-convict-mack = Mack
singsing-board-bars = Bars left
singsing-board-window = Window { $n }
singsing-board-bars_short = Bars
singsing-board-mask = The mask
singsing-board-mask_short = Mask
singsing-board-file = The file
singsing-board-file_short = File
singsing-board-chips = Chips
singsing-seat-chips =
    { $count ->
        [one] { $count } chip
       *[other] { $count } chips
    }
singsing-seat-convict = { $convict } { $count }
singsing-option-timer = Guess timer (not in the rulebook)
singsing-setup-board = 1. The board (the prison) in the middle of the table.
singsing-setup-board-done = Board laid out
singsing-setup-convicts = 2. The convict cards shuffled: 2 in each of the 12 windows.
singsing-setup-convicts-done = 2 convicts in each window
singsing-setup-bars = 3. On each window 2 short bars upright and 1 long bar across, colours as they come; the extra bars aside.
singsing-setup-bars-done = Bars on the windows
singsing-prompt-pick_first = The youngest player starts: they take the file. Who is it?
singsing-action-pick_first = Who starts?
singsing-param-first = The youngest player (Skip: at random)
singsing-reading-no_timer = The guess timer is off, as in the rulebook: a guess waits until it is marked right or wrong.
error-singsing_no_timer = The guess timer is off: mark the guess right or wrong.
singsing-rules-setup = Setup: lay out the box as the checklist says. The youngest player starts: they take the file, the player on their left the mask.
singsing-rules-setup-where = “Quick Start” and “Game Idea”
singsing-rules-turn = A turn: the mask goes on. The file holder removes one bar. The mask comes off and its wearer names the bar: its window, colour and length.
singsing-rules-turn-where = “Turn Sequence”
singsing-rules-guess = Right: the guesser takes the file and hands the mask to their left. Wrong: the file holder keeps the file, the mask passes on, and another bar comes out.
singsing-rules-guess-where = “Turn Sequence”
singsing-rules-convicts = A convict free of all its bars leaves the board: to the guesser when the guess was right, else to the file holder.
singsing-rules-convicts-where = “Turn Sequence”
singsing-rules-end = The end: the first player with 3 cards of the same convict, or the 3 different convicts (Eddie, Joe, Mack), wins.
singsing-rules-end-where = “Game End”
singsing-rules-advanced = Advanced game: 2 chips each. A chip buys removing two bars (said first) or a second guess; never a third.
singsing-rules-advanced-where = “The Advanced Game”
singsing-speech-turn = { $file } removes a bar. { $mask } wears the mask.
result-singsing-ending-same = three of one convict
result-singsing-ending-different = three different convicts

# The phones: the file holder notes the bar taken, the guesser's guess is checked

singsing-action-take_bar = Note the bar you took
singsing-action-guess_bar = Guess the bar
singsing-param-window2 = Window of the second bar
singsing-phone-taken = You took: { $bars }
singsing-phone-bar = window { $window }, { $bar }
error-singsing_tracker_knows = The tracker knows the bar: tap it on the board.
error-singsing_bar_unknown = Nobody noted the bar taken: the file holder says right or wrong.
singsing-seat-convicts = E{ $eddie } J{ $joe } M{ $mack }
singsing-part-eddie = E{ $count }
singsing-part-joe = J{ $count }
singsing-part-mack = M{ $count }
singsing-outcome-same = won with 3 × { $convict }
singsing-outcome-different = won with all three
singsing-outcome-convicts =
    { $count ->
        [0] no convict
        [one] { $count } convict
       *[other] { $count } convicts
    }
singsing-done-announce_two = { $name } paid a chip for two bars.
singsing-done-remove_bar = { $name } removed a bar from window { $window }: { $bar }.
singsing-done-name_convict = { $name } named the freed convict: { $convict }.
singsing-done-free_convict = { $name } entered a freed convict: { $convict }.
singsing-done-start_timer = { $name } started the guess.
singsing-done-right = { $name } marked the guess right.
singsing-done-wrong = { $name } marked the guess wrong.
singsing-done-timeout = Time ran out: the guess counted as wrong.
singsing-done-second_guess = { $name } paid a chip to guess again.
singsing-done-pass_mask = { $name } let the wrong guess stand.
singsing-done-take_bar =
    { $count ->
        [one] { $name } noted the bar taken.
       *[other] { $name } noted the bars taken.
    }
singsing-done-bar = window { $window }, { $bar }
singsing-done-guess_right = { $name } guessed { $bars }: right.
singsing-done-guess_wrong = { $name } guessed { $bars }: wrong.
