### Statistics and results, in English.

result-won = Won: { $names }
result-no_winner = no winner
result-minutes =
    { $count ->
        [one] 1 minute
       *[other] { $count } minutes
    }
result-turns =
    { $count ->
        [one] 1 turn
       *[other] { $count } turns
    }
result-rounds =
    { $count ->
        [one] 1 round
       *[other] { $count } rounds
    }
result-length = { $count } min
stats-title = Statistics
stats-open = Statistics
stats-players = Players: games won
stats-empty = No finished games yet.
stats-working = Working out the statistics…
stats-failed = The statistics could not be worked out. Your games are safe; try again later.
stats-won = { $wins } of { $plays } won · { $rate }
stats-won_score = { $wins } of { $plays } won · { $rate } · average { $score }
stats-game_line =
    { $count ->
        [one] 1 game · { $minutes } min
       *[other] { $count } games · about { $minutes } min each
    }
stats-dice = Dice: every roll made here
stats-dice-none = No rolls yet.
stats-dice-few =
    { $count ->
        [one] 1 roll: too few to say anything (at least { $need }).
       *[other] { $count } rolls: too few to say anything (at least { $need }).
    }
stats-dice-fair = { $count } rolls: nothing unusual for a fair die.
stats-dice-biased = { $count } rolls: this die looks biased. A fair die rolls this unevenly less than once in { $odds } times.
stats-merge = Merge two names
stats-merge_which = Which name is one player's second name?
stats-merge_into = Count { $name } as:
stats-keep_apart = { $name }: count apart
stats-export = Export
stats-exported_stick = Every game was exported to the USB stick { $name }.
stats-exported_data = Every game was exported to the data folder (where it is: About, under Advanced).
stats-export_failed = The export could not be written: the folder refused it. Nothing else changed.
stats-export_nowhere = Nowhere to export to: plug in a USB stick.
stats-exporting = Exporting to the USB stick { $name }… Do not pull it out yet.
stats-stick_full = The USB stick { $name } is full: the export did not fit, and nothing of it was left on the stick.
stats-stick_read_only = The USB stick { $name } is read-only (is its lock switch on?): nothing was written to it. Pull it out, unlock it and plug it in again.
stats-stick_pulled = The USB stick { $name } was pulled out before the export was on it. Nothing is lost: plug it in again and export once more.
stats-stick_ejected = It can be pulled out now.
stats-stick_stuck = Cellmate could not unmount it, but what is on it is saved: pull it out once its light has stopped blinking.
