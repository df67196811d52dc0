### The words of the game singsing, in German.

singsing-title = Sing Sing
singsing-option-advanced = Profispiel (je 2 Chips)
singsing-option-seconds = Ratezeit (Sekunden)
singsing-option-tracker = Fenster-Tracker (entfernte Gitterstäbe antippen)
singsing-action-announce_two = Chip zahlen: zwei Stäbe
singsing-action-remove_bar = Stab entfernt
singsing-action-name_convict = Dieser Häftling ist frei
singsing-action-free_convict = Ein Häftling ist frei
singsing-action-start_timer = TIMER: raten
singsing-action-right = Richtig
singsing-action-wrong = Falsch
singsing-action-timeout = Zeit ist um
singsing-action-second_guess = TIMER: noch mal raten
singsing-action-pass_mask = Maske weitergeben
singsing-param-window = Fenster
singsing-param-bar = Stab
singsing-param-convict = Häftling
singsing-param-turn = Zug
singsing-param-guess = Versuch
singsing-bar-left = linker kurzer Stab
singsing-bar-long = langer Stab
singsing-bar-right = rechter kurzer Stab
singsing-side-left = links
singsing-side-right = rechts
singsing-convict-eddie = Eddie
singsing-convict-joe = Joe
singsing-convict-mack = Mack
singsing-badge-winner = Sieger
singsing-reading-bars = So lesen wir die Stäbe: Jeder kurze Stab verdeckt eine Häftlingskarte, der lange Stab beide. Ein Häftling ist frei, wenn sein kurzer Stab und der lange Stab weg sind.
singsing-reading-mask = So lesen wir einen falschen Tipp: Die Maske geht im Uhrzeigersinn weiter und überspringt den Spieler mit der Feile. Zu zweit rät also derselbe Spieler noch einmal.
singsing-reading-timer = Die Ratezeit ist eine Zugabe von Cellmate, nicht aus der Spielregel: Läuft sie ab, zählt der Tipp als falsch.
singsing-help-buttons = Knöpfe: TIMER startet das Raten, sobald der Stab draußen ist (und kauft im Profispiel den zweiten Versuch). CONFIRM: richtig geraten. UNDO halten: falsch geraten (oder: kein zweiter Versuch). Kurz UNDO macht immer rückgängig.
singsing-headline-remove = { $file }: Stab entfernen
singsing-headline-name = Häftling frei!
singsing-headline-ready = { $mask } rät gleich
singsing-headline-guess =
    { $guess ->
        [1] { $mask } rät
       *[other] { $mask } rät noch mal
    }
singsing-headline-second_chance = { $mask }: zweiter Versuch?
singsing-headline-over = { $name } gewinnt!
singsing-banner-same = { $name } gewinnt mit drei gleichen Häftlingen!
singsing-banner-different = { $name } gewinnt mit drei verschiedenen Häftlingen!
singsing-prompt-remove = Maske auf! { $file }: Stab entfernen, dann TIMER.
singsing-prompt-remove_two = Maske auf! { $file }: 2 Stäbe entfernen, dann TIMER.
singsing-prompt-remove_tracker = Maske auf! { $file }: Stab entfernen, antippen.
singsing-prompt-remove_tracker_two =
    { $left ->
        [one] { $file }: noch { $left } Stab entfernen und antippen.
       *[other] { $file }: noch { $left } Stäbe entfernen und antippen.
    }
singsing-prompt-no_bars = Laut Zählung kein Stab übrig: Fehler rückgängig machen.
singsing-prompt-name = Welcher Häftling ist in Fenster { $window } ({ $side }) frei?
singsing-prompt-name_hidden = Welcher Häftling ist frei? Das Fenster bleibt verdeckt.
singsing-prompt-ready = { $file } drückt TIMER, { $mask } rät.
singsing-prompt-guess = { $mask }: Fenster, Farbe, Länge? Richtig oder falsch?
singsing-prompt-second_chance = { $mask }: für einen Chip neu raten (TIMER) oder passen.
singsing-prompt-over = Das Spiel ist aus. Noch einmal spielen oder rückgängig machen.
singsing-line-mask = Maske: { $name }
singsing-line-file = Feile: { $name }
singsing-line-pending = In diesem Zug frei: { $convicts } (an { $guesser } bei richtig, sonst an { $file })
singsing-line-windows = Stäbe je Fenster: { $bars }
singsing-line-windows_hidden = Fenster-Tracker verdeckt, bis das Raten entschieden ist
singsing-line-bars_left = Stäbe übrig: { $left } von { $total }
singsing-line-player = { $name }: Eddie { $eddie } · Joe { $joe } · Mack { $mack }
singsing-line-player_chips = { $name }: Eddie { $eddie } · Joe { $joe } · Mack { $mack } · Chips { $chips }
singsing-line-last_right = { $guesser } hat richtig geraten ({ $guess }. Versuch) und bekommt die Feile von { $file }.
singsing-line-last_wrong = { $guesser } hat falsch geraten ({ $guess }. Versuch): { $file } behält die Feile.
singsing-line-last_timeout = { $guesser } war zu langsam ({ $guess }. Versuch): { $file } behält die Feile.
singsing-line-last_wrong_first = { $guesser } hat falsch geraten: ein zweiter Versuch kostet einen Chip.
singsing-line-last_timeout_first = { $guesser } war zu langsam: ein zweiter Versuch kostet einen Chip.
singsing-line-awarded = { $name } bekommt { $convicts }.
error-singsing_basic_game = Chips gibt es nur im Profispiel.
error-singsing_already_announced = Zwei Stäbe sind für diesen Zug schon angesagt.
error-singsing_announce_first = Zwei Stäbe müssen angesagt werden, bevor der erste Stab herauskommt.
error-singsing_no_chip = { $name } hat keinen Chip mehr.
error-singsing_not_enough_bars =
    { $left ->
        [one] Es ist nur noch { $left } Stab übrig.
       *[other] Es sind nur noch { $left } Stäbe übrig.
    }
error-singsing_no_tracker = Der Fenster-Tracker ist aus: Stab entfernen und TIMER drücken.
error-singsing_tracker_on = Der Fenster-Tracker ist an: Stäbe antippen, freie Häftlinge erkennt er selbst.
error-singsing_too_many_free =
    { $bars ->
        [one] Mit { $bars } entferntem Stab können nicht mehr Häftlinge frei sein.
       *[other] Mit { $bars } entfernten Stäben können nicht mehr Häftlinge frei sein.
    }
error-singsing_remove_first = Erst den entfernten Stab antippen.
error-singsing_no_third_guess = Einen dritten Versuch gibt es nie.
error-singsing_name_first = Erst sagen, welcher Häftling frei ist.
error-singsing_timer_running = Es wird geraten: richtig oder falsch eingeben.
error-singsing_decide_second = Erst entscheidet der Ratende über einen zweiten Versuch.
error-singsing_no_guess = Es wird nicht geraten: TIMER drücken, wenn der Stab draußen ist.
error-singsing_not_now = Das ist jetzt nicht dran.
error-singsing_not_your_step = Das macht { $name }.
error-singsing_bad_window = Die Fenster sind von { $low } bis { $high } nummeriert.
error-singsing_bad_bar = Ein Stab ist links, lang oder rechts.
error-singsing_bar_gone = Dieser Stab von Fenster { $window } ist schon weg.
error-singsing_bad_convict = Die Häftlinge sind Eddie, Joe und Mack.
error-singsing_stale_timeout = Diese Zeitüberschreitung gehört zu einem früheren Versuch.
singsing-param-bar-left = Linker kurzer Stab
singsing-param-bar-long = Langer Stab
singsing-param-bar-right = Rechter kurzer Stab
singsing-param-convict-eddie = Eddie
singsing-param-convict-joe = Joe
singsing-param-convict-mack = Mack
singsing-board-bars = Gitterstäbe übrig
singsing-board-window = Fenster { $n }
singsing-board-bars_short = Stäbe
singsing-board-mask = Die Maske
singsing-board-mask_short = Maske
singsing-board-file = Die Feile
singsing-board-file_short = Feile
singsing-board-chips = Chips
singsing-seat-chips =
    { $count ->
        [one] { $count } Chip
       *[other] { $count } Chips
    }
singsing-seat-convict = { $convict } { $count }
singsing-option-timer = Ratezeit (nicht aus der Spielregel)
singsing-setup-board = 1. Der Spielplan (das Gefängnis) in die Tischmitte.
singsing-setup-board-done = Spielplan liegt
singsing-setup-convicts = 2. Die Sträflingskarten gemischt: je 2 in jedes der 12 Fenster.
singsing-setup-convicts-done = Je 2 Sträflinge im Fenster
singsing-setup-bars = 3. Auf jedes Fenster 2 kurze Stäbe senkrecht und 1 langer waagerecht, Farben beliebig; die übrigen Stäbe beiseite.
singsing-setup-bars-done = Gitter auf den Fenstern
singsing-prompt-pick_first = Der jüngste Spieler beginnt und nimmt die Feile. Wer ist es?
singsing-action-pick_first = Wer beginnt?
singsing-param-first = Der jüngste Spieler (Überspringen: zufällig)
singsing-reading-no_timer = Die Ratezeit ist aus, wie in der Spielregel: Ein Tipp wartet, bis er als richtig oder falsch markiert ist.
error-singsing_no_timer = Die Ratezeit ist aus: Markiert den Tipp als richtig oder falsch.
singsing-rules-setup = Aufbau: wie die Aufbau-Liste sagt. Der jüngste Spieler beginnt: Er nimmt die Feile, sein linker Nachbar die Maske.
singsing-rules-setup-where = „Quick Start“ und „Game Idea“
singsing-rules-turn = Ein Zug: Die Maske kommt auf. Wer die Feile hat, entfernt einen Stab. Die Maske kommt ab, und ihr Träger nennt den Stab: Fenster, Farbe und Länge.
singsing-rules-turn-where = „Turn Sequence“
singsing-rules-guess = Richtig: Der Ratende nimmt die Feile und gibt die Maske nach links. Falsch: Die Feile bleibt, die Maske geht weiter, und noch ein Stab kommt heraus.
singsing-rules-guess-where = „Turn Sequence“
singsing-rules-convicts = Ein Sträfling ohne Stäbe verlässt den Plan: an den Ratenden, wenn richtig geraten wurde, sonst an den mit der Feile.
singsing-rules-convicts-where = „Turn Sequence“
singsing-rules-end = Das Ende: Wer zuerst 3 Karten desselben Sträflings oder die 3 verschiedenen (Eddie, Joe, Mack) hat, gewinnt.
singsing-rules-end-where = „Game End“
singsing-rules-advanced = Profispiel: je 2 Chips. Ein Chip kauft zwei Stäbe auf einmal (vorher angesagt) oder einen zweiten Versuch; nie einen dritten.
singsing-rules-advanced-where = „The Advanced Game“
singsing-speech-turn = { $file } entfernt einen Stab. { $mask } trägt die Maske.
result-singsing-ending-same = dreimal derselbe Häftling
result-singsing-ending-different = drei verschiedene Häftlinge

# Die Handys: wer die Feile hat, notiert den Stab; der Tipp des Maskenträgers wird geprüft

singsing-action-take_bar = Gezogenen Stab notieren
singsing-action-guess_bar = Stab raten
singsing-param-window2 = Fenster des zweiten Stabs
singsing-phone-taken = Du hast gezogen: { $bars }
singsing-phone-bar = Fenster { $window }, { $bar }
error-singsing_tracker_knows = Der Fenster-Tracker kennt den Stab: tippe ihn auf dem Brett an.
error-singsing_bar_unknown = Niemand hat den gezogenen Stab notiert: Wer die Feile hat, sagt richtig oder falsch.
singsing-seat-convicts = E{ $eddie } J{ $joe } M{ $mack }
singsing-part-eddie = E{ $count }
singsing-part-joe = J{ $count }
singsing-part-mack = M{ $count }
singsing-outcome-same = Sieg mit 3 × { $convict }
singsing-outcome-different = Sieg mit allen dreien
singsing-outcome-convicts =
    { $count ->
        [0] kein Häftling
        [one] { $count } Häftling
       *[other] { $count } Häftlinge
    }
singsing-done-announce_two = { $name } hat einen Chip für zwei Stäbe bezahlt.
singsing-done-remove_bar = { $name } hat einen Stab aus Fenster { $window } entfernt: { $bar }.
singsing-done-name_convict = { $name } hat den freien Häftling genannt: { $convict }.
singsing-done-free_convict = { $name } hat einen freien Häftling eingetragen: { $convict }.
singsing-done-start_timer = { $name } hat das Raten gestartet.
singsing-done-right = { $name } hat den Tipp als richtig gewertet.
singsing-done-wrong = { $name } hat den Tipp als falsch gewertet.
singsing-done-timeout = Die Zeit lief ab: Der Tipp zählte als falsch.
singsing-done-second_guess = { $name } hat einen Chip für einen zweiten Versuch bezahlt.
singsing-done-pass_mask = { $name } hat den falschen Tipp gelten lassen.
singsing-done-take_bar =
    { $count ->
        [one] { $name } hat den gezogenen Stab notiert.
       *[other] { $name } hat die gezogenen Stäbe notiert.
    }
singsing-done-bar = Fenster { $window }, { $bar }
singsing-done-guess_right = { $name } hat { $bars } geraten: richtig.
singsing-done-guess_wrong = { $name } hat { $bars } geraten: falsch.
