### Statistics and results, in German.

result-won = Gewonnen: { $names }
result-no_winner = kein Sieger
result-minutes =
    { $count ->
        [one] 1 Minute
       *[other] { $count } Minuten
    }
result-turns =
    { $count ->
        [one] 1 Zug
       *[other] { $count } Züge
    }
result-rounds =
    { $count ->
        [one] 1 Runde
       *[other] { $count } Runden
    }
result-length = { $count } Min.
stats-title = Statistik
stats-open = Statistik
stats-players = Spieler: gewonnene Spiele
stats-empty = Noch keine beendeten Spiele.
stats-working = Die Statistik wird berechnet …
stats-failed = Die Statistik ließ sich nicht berechnen. Die Spiele sind sicher; später noch einmal versuchen.
stats-won = { $wins } von { $plays } gewonnen · { $rate }
stats-won_score = { $wins } von { $plays } gewonnen · { $rate } · Schnitt { $score }
stats-game_line =
    { $count ->
        [one] 1 Spiel · { $minutes } Min.
       *[other] { $count } Spiele · je etwa { $minutes } Min.
    }
stats-dice = Würfel: jeder Wurf hier
stats-dice-none = Noch keine Würfe.
stats-dice-few =
    { $count ->
        [one] 1 Wurf: zu wenige für ein Urteil (mindestens { $need }).
       *[other] { $count } Würfe: zu wenige für ein Urteil (mindestens { $need }).
    }
stats-dice-fair = { $count } Würfe: nichts Auffälliges für einen fairen Würfel.
stats-dice-biased = { $count } Würfe: Dieser Würfel scheint unfair. Ein fairer Würfel fällt so ungleich seltener als einmal in { $odds } Fällen.
stats-merge = Zwei Namen zusammenführen
stats-merge_which = Welcher Name ist der zweite Name eines Spielers?
stats-merge_into = { $name } zählen als:
stats-keep_apart = { $name }: getrennt zählen
stats-export = Export
stats-exported_stick = Alle Spiele wurden auf den USB-Stick { $name } exportiert.
stats-exported_data = Alle Spiele wurden in den Datenordner exportiert (wo er liegt: Info, unter Erweitert).
stats-export_failed = Der Export konnte nicht geschrieben werden: Der Ordner hat ihn abgelehnt. Sonst hat sich nichts geändert.
stats-export_nowhere = Kein Ziel für den Export: Stecke einen USB-Stick ein.
stats-exporting = Export auf den USB-Stick { $name } … Noch nicht abziehen.
stats-stick_full = Der USB-Stick { $name } ist voll: Der Export passte nicht darauf, und nichts davon ist auf dem Stick geblieben.
stats-stick_read_only = Der USB-Stick { $name } ist schreibgeschützt (Sperrschalter an?): Nichts wurde darauf geschrieben. Ziehe ihn ab, entsperre ihn und stecke ihn wieder ein.
stats-stick_pulled = Der USB-Stick { $name } wurde abgezogen, bevor der Export darauf war. Nichts ist verloren: Stecke ihn wieder ein und exportiere noch einmal.
stats-stick_ejected = Er kann jetzt abgezogen werden.
stats-stick_stuck = Cellmate konnte ihn nicht aushängen, aber was darauf ist, ist gespeichert: Ziehe ihn ab, sobald sein Licht nicht mehr blinkt.
