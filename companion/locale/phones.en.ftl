### What a phone at the table shows (companion/phones.py), in English.

phones-prompt-your_turn = Your turn
phones-prompt-waiting = Waiting for { $name }
phones-prompt-vote = Vote now: only you see your phone.
phones-prompt-voted = You have voted. Waiting for the others.
phones-prompt-over = The game is over.
phones-news-by = { $name }: { $action }
phones-result-winners =
    { $count ->
        [one] { $names } wins.
       *[other] { $names } win.
    }
phones-result-none = Nobody wins.
phones-vote-question = Your vote
phones-refused-bad_seat = That seat is not at this table.
phones-refused-bad_message = The phone sent something Cellmate does not understand. Nothing changed.
phones-refused-game_over = The game is over. Nothing changed.
phones-refused-vote_first = A secret vote is running: vote first.
phones-refused-nothing_now = That button does nothing now.
phones-refused-no_vote = No vote is running.
phones-refused-not_a_voter = You have no vote in this vote.
phones-refused-bad_candidate = You cannot vote for that seat.
phones-refused-not_now = That is not possible now.
phones-refused-missing = Say { $field } first.
