### Was ein Handy am Tisch zeigt (companion/phones.py), auf Deutsch.

phones-prompt-your_turn = Du bist dran
phones-prompt-waiting = Warte auf { $name }
phones-prompt-vote = Jetzt abstimmen: Nur du siehst dein Handy.
phones-prompt-voted = Du hast abgestimmt. Warte auf die anderen.
phones-prompt-over = Das Spiel ist vorbei.
phones-news-by = { $name }: { $action }
phones-result-winners =
    { $count ->
        [one] { $names } gewinnt.
       *[other] { $names } gewinnen.
    }
phones-result-none = Niemand gewinnt.
phones-vote-question = Deine Stimme
phones-refused-bad_seat = Diesen Platz gibt es an diesem Tisch nicht.
phones-refused-bad_message = Das Handy hat etwas geschickt, das Cellmate nicht versteht. Nichts wurde geändert.
phones-refused-game_over = Das Spiel ist vorbei. Nichts wurde geändert.
phones-refused-vote_first = Eine geheime Abstimmung läuft: Stimme zuerst ab.
phones-refused-nothing_now = Dieser Knopf bewirkt jetzt nichts.
phones-refused-no_vote = Es läuft keine Abstimmung.
phones-refused-not_a_voter = Du hast bei dieser Abstimmung keine Stimme.
phones-refused-bad_candidate = Für diesen Platz kannst du nicht stimmen.
phones-refused-not_now = Das geht jetzt nicht.
phones-refused-missing = Gib zuerst { $field } an.
