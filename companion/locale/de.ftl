### Cellmate's shared words, in German.

app-title = Cellmate
game-dice-title = Würfeltisch
option-dice = Würfel pro Wurf
option-pass_after_roll = Nach jedem Wurf ist der Nächste dran
action-roll = Würfeln
action-pass = Nächster Spieler
action-end = Spiel beenden
dice-turn_of = { $name } ist dran
dice-finished = Spiel vorbei
dice-round = Runde { $turn }
dice-last_roll = { $name } würfelt { $dice } = { $total }
store-corrupt = Die Datei mit den gespeicherten Spielen war beschädigt. Sie wurde beiseitegelegt, eine neue wurde angelegt. Wohin: Info, unter Erweitert.
store-unwritable = Speichern geht nicht ({ $reason }). Es wird weitergespielt, aber nichts gespeichert: Beim Beenden ist alles weg. Der Ordner steht unter Info, Erweitert.
store-busy = Die gespeicherten Spiele sind von einem anderen Programm gesperrt. Cellmate versucht es weiter und öffnet sie, sobald sie frei sind; bis dahin wird nichts gespeichert. Bitte das andere Programm schließen (ein anderes Cellmate, ein Datenbankwerkzeug).
store-read_only = Die gespeicherten Spiele lassen sich lesen, aber nicht schreiben ({ $reason }). Alle gespeicherten Spiele sind da und es wird weitergespielt, aber nichts Neues gespeichert: Beim Beenden ist es weg.
store-full = Der Speicher ist voll: Die gespeicherten Spiele lassen sich lesen, aber nicht schreiben. Alle gespeicherten Spiele sind da und es wird weitergespielt, aber nichts Neues gespeichert: Beim Beenden ist es weg. Platz schaffen (der Ordner steht unter Info, Erweitert) und Cellmate neu starten.
store-newer = Die Datei mit den gespeicherten Spielen stammt von einem neueren Cellmate (Format { $found }; dieses liest Format { $known }). Sie bleibt, wie sie ist: Cellmate aktualisieren, um sie zu nutzen. Es wird weitergespielt, aber nichts gespeichert.
store-other = Die Datei an der Stelle der gespeicherten Spiele war nicht nutzbar ({ $reason }). Sie wurde unverändert beiseitegelegt, eine neue wurde angelegt. Wohin: Info, unter Erweitert.
store-stuck = Die Datei mit den gespeicherten Spielen ist nicht nutzbar ({ $reason }) und ließ sich nicht beiseitelegen ({ $why }). Sie bleibt, wie sie ist. Es wird weitergespielt, aber nichts gespeichert.
store-bad_dir = Der Ordner für die gespeicherten Spiele ist nicht nutzbar ({ $reason }). Es wird weitergespielt, aber nichts gespeichert: in der Konfigurationsdatei einen anderen Ordner angeben (Info zeigt, wo sie liegt).
error-bad_option = Diese Option kann diesen Wert nicht haben.
error-unknown_option = Dieses Spiel hat keine Option { $option }.
error-bad_player = Diesen Platz gibt es an diesem Tisch nicht.
error-game_over = Das Spiel ist vorbei. Rückgängig machen oder neu anfangen.
error-dice_count =
    { $count ->
        [one] Gib 1 Würfelauge ein.
       *[other] Gib { $count } Würfelaugen ein.
    }
error-bad_face = Ein Würfel zeigt 1 bis 6.
error-bad_counts = Gib für jeden Platz eine ganze Zahl ein, zusammen { $high }.
error-unknown_action = Das geht in diesem Spiel nicht.
error-unknown_game = Es gibt kein Spiel namens { $game }.
error-bad_table = An diesem Tisch kann noch nicht gespielt werden.
error-player_count = Dieses Spiel ist für { $low } bis { $high } Spieler.
error-no_session = Dieses gespeicherte Spiel gibt es nicht mehr.
error-bad_action = Dieser Tipp hat keine Aktion genannt.
error-nothing_to_undo = Nichts rückgängig zu machen.
error-nothing_to_redo = Nichts wiederherzustellen.
nav-home = Menü
nav-back = Zurück
nav-log = Protokoll
nav-table = Tisch
common-cancel = Abbrechen
common-undo = Rückgängig
common-redo = Wiederholen
home-subtitle = Die Spielleitung auf eurem Tisch
home-new_game = Neues Spiel
home-new_game_detail = Spieler, Farben, Optionen
home-resume = Weiterspielen
home-resume_detail = { $game }: { $players }
home-nothing_to_resume = Kein Spiel läuft gerade
home-play_again = Nochmal
home-no_table = Erst ein Spiel spielen
home-sessions = Frühere Spiele
home-sessions_detail = { $count } gespeichert
home-stats_detail = Wer gewinnt, wie lange
home-settings = Einstellungen
home-about = Info & Hardware
setup-title = Neues Spiel: { $game }
setup-default_name = Spieler { $n }
setup-add_seat = + Platz hinzufügen
setup-remove = ×
setup-start = Los geht's
setup-other_game = Anderes Spiel
setup-hint = Die Plätze gehen im Uhrzeigersinn um den Tisch, Platz 1 zuerst. Der Zug geht nach links: zum nächsten Platz im Uhrzeigersinn. Tippe auf eine Farbe, um sie zu wechseln.
setup-need_name = Platz { $seat } braucht einen Namen.
setup-same_name = Zwei Spieler heißen { $name }. Gib ihnen verschiedene Namen.
option-on = An
option-off = Aus
table-starts = { $name } fängt an (zufällig gelost)
dice-tap_hint = Hier tippen oder ROLL drücken
dice-manual = Würfel eingeben
dice-manual_title = Was zeigt der Würfel?
dice-manual_progress = Würfel { $n } von { $count }
dice-histogram = Würfe: { $count }
dice-play_again = Nochmal
dice-confirm_end_title = Dieses Spiel beenden?
dice-confirm_end_text = Es wird als beendet gespeichert. Rückgängig nimmt das zurück.
timer-idle = Timer: tippen zum Starten
timer-running = Tippen zum Anhalten
timer-paused = Angehalten: tippen zum Fortsetzen
timer-done = Zeit ist um! Tippen startet neu
timer-reset = Auf Anfang
keys-help = Tasten: { $keys }
input-roll = ROLL
input-timer = TIMER
input-confirm = CONFIRM
input-undo = UNDO
input-redo = UNDO gehalten
cue-badge = Summer: { $cue }
cue-tap = Klick
cue-tick = Tick
cue-success = Fanfare
cue-warning = Warnton
cue-alarm = Alarm
log-title = Protokoll
log-roll = { $name } würfelt { $dice }
log-manual = (echter Würfel)
log-pass = Nächster Spieler
log-end = Spiel beendet
log-start = Tisch steht: { $name } fängt an
log-now = jetzt
log-undone = zurückgenommen
log-more =
    { $count ->
        [one] 1 früherer Zug darunter: weiter scrollen
       *[other] { $count } frühere Züge darunter: weiter scrollen
    }
sessions-title = Frühere Spiele
sessions-empty = Noch keine gespeicherten Spiele.
sessions-moves = Züge: { $count }
sessions-running = läuft
sessions-finished = beendet
sessions-resume = Weiterspielen
sessions-delete = Löschen
sessions-view = Ansehen
sessions-more = Ältere Spiele: { $count } weitere
sessions-more_players = und { $count } weitere
sessions-game_unknown = Unbekanntes Spiel „{ $game }“
sessions-result_unknown = Ergebnis unbekannt
sessions-confirm_title = Dieses Spiel löschen?
sessions-confirm_text =
    { $players }
    { $detail }

    Löschen kann nicht rückgängig gemacht werden.
settings-title = Einstellungen
settings-language = Sprache
settings-buzzer = Summer
settings-buzzer_on = Summer an
settings-buzzer_off = Summer aus
settings-timer_seconds = Timer-Dauer
settings-seconds = { $n } s
settings-tick_last = Timer-Pieptöne
settings-tick_last_note = in den letzten Sekunden
settings-ms = { $n } ms
settings-timer_seconds_ask = Timer-Dauer in Sekunden
settings-tick_last_ask = In den letzten wie vielen Sekunden piepen?
about-title = Info & Hardware
about-version = Version
about-version_value = Cellmate { $version }
about-mode = Knöpfe & Summer
about-mode_gpio = GPIO-Knöpfe und Summer
about-mode_simulated = Simuliert: Tastatur statt Knöpfen, Summer auf dem Bildschirm
about-mapping = Belegung der Knöpfe
about-pin = GPIO { $pin }
about-pin_none = nicht angeschlossen
about-redo_long = Wiederholen: UNDO { $ms } ms halten
about-buzzer = Summer
about-data = Gespeicherte Spiele
about-data_ok = Speichern funktioniert
about-config = Konfigurationsdatei
about-config_ok = Gelesen, keine Probleme
about-config_missing = Nicht vorhanden: Standardwerte gelten
about-config_errors =
    { $count ->
        [one] 1 Problem, dafür gilt der Standardwert (siehe Erweitert)
       *[other] { $count } Probleme, dafür gelten Standardwerte (siehe Erweitert)
    }
notice-config =
    { $count ->
        [one] Die Konfigurationsdatei hat 1 Problem; dafür gilt der Standardwert. Details unter Info.
       *[other] Die Konfigurationsdatei hat { $count } Probleme; dafür gelten Standardwerte. Details unter Info.
    }
notice-rig = Nicht alle Hardware ließ sich nutzen: Tastatur oder Bildschirm springen ein. Details unter Info.
notice-dismiss = OK
about-config_none = Keine Konfigurationsdatei: Standardwerte gelten
home-about_gpio = GPIO-Knöpfe und Summer
home-about_simulated = Tastatur statt Knöpfen
games-title = Spiel wählen
games-players = { $low } bis { $high } Spieler
nav-help = Hilfe
common-close = Schließen
common-yes = Ja
common-no = Nein
common-ok = OK
game-started = { $game }: Der Tisch steht
game-no_actions = Hier ist nichts zu tun: Rückgängig, oder auf den Tisch warten.
game-adjust = Anpassen
game-adjust_title = Tisch anpassen
game-adjust_body = Berichtigen, was eine Karte geändert hat. Jede Änderung lässt sich rückgängig machen.
game-more = Mehr
game-more_title = Weitere Schritte
game-more_body = Was jetzt sonst noch geht. Jeder Schritt lässt sich rückgängig machen.
picker-skip = Überspringen
picker-done = Fertig
picker-roll = Cellmate würfeln lassen
picker-who = Wer?
picker-which = Welche?
picker-step = { $n } von { $count }
picker-range = { $low } bis { $high }
picker-by = { $name }: { $action }
keypad-delete = Löschen
keypad-refused = Nur { $low } bis { $high }
keypad-refused_typed = { $typed }? { $limits }
keypad-empty = Eine Zahl eintippen: { $low } bis { $high }
form-missing = Noch offen: { $fields }
help-title = Hilfe: { $game }
help-none = Cellmate spielt dieses Spiel so, wie es in der Regel steht; eigene Auslegungen gibt es hier nicht.
help-common = Jede Eingabe wird sofort gespeichert. Rückgängig nimmt jeden Schritt zurück, auch ein versehentliches Antippen, und Wiederholen stellt ihn wieder her; das Protokoll zeigt jeden Schritt.
log-random = (zufällig)
log-secret = (geheim)
vote-headline = Geheime Abstimmung
vote-pass_to = Weitergeben an { $name }
vote-tap_when = Tippen, wenn nur { $name } den Bildschirm sieht.
vote-cast = Abgegebene Stimmen: { $done } von { $count }
vote-pads = Am Pad: MAIN öffnet deine Stimme bei dir selbst, DONE geht einen Platz nach links, EXTRA einen nach rechts, MAIN gibt sie ab. Das Licht zeigt nie, für wen.
vote-waiting = Warten auf die Pads
vote-waiting_for = Stimmen noch am Pad ab: { $names }
vote-question = { $name }: { $question }
vote-pick = Tippe einen Namen an
vote-cast_for = Stimme abgeben: { $name }
vote-change = Ein anderer Name ändert sie; UNDO nimmt sie zurück.
vote-blank = Stimme abgegeben. Weitergeben an { $name }; tippen, wenn nur { $name } den Bildschirm sieht.
vote-again = Abstimmung neu beginnen
vote-again_title = Abstimmung neu beginnen?
vote-again_text = Alle bisher abgegebenen Stimmen werden ungesehen verworfen, und alle stimmen neu ab.
error-vote_held = Die Abstimmung ist geheim: UNDO erreicht keine abgegebene Stimme. Sind alle Stimmen da, nimmt UNDO die ganze Abstimmung zurück.
countdown-left = übrig
countdown-running = Sekunden übrig
countdown-done = Die Zeit ist um!
notice-pads = Die Platz-Pads konnten nicht gestartet werden: Die Plätze spielen am Bildschirm. Details unter Info.
keys-name-space = Leertaste
keys-name-backspace = Rücktaste
keys-name-enter = Eingabe
keys-name-shift = Umschalt
keys-pads = Platz-Pads: { $keys }
keys-pad_button_1 = MAIN am Pad dieses Platzes
keys-pad_button_2 = DONE
pads-button = Platz-Pads
pads-title = Platz-Pads
pads-claim_all = Alle neu zuordnen
pads-skip = Überspringen
pads-done = Fertig
pads-press = Platz { $seat } · { $name }: drück auf dein Pad
pads-none = Es laufen keine Platz-Pads.
pads-all_held = Jeder Platz hat sein Pad. Drück eins, um zu sehen, wem es gehört.
pads-some_held =
    { $held ->
        [one] { $held } von { $count } Plätzen hat ein Pad. Tippe bei einem Platz auf Zuordnen und drück dann sein Pad.
       *[other] { $held } von { $count } Plätzen haben ein Pad. Tippe bei einem Platz auf Zuordnen und drück dann sein Pad.
    }
pads-seat_waiting = Jetzt dein Pad drücken
pads-seat_online = Pad verbunden
pads-seat_offline = Pad getrennt
pads-seat_none = Kein Pad: spielt am Bildschirm
pads-claim = Zuordnen
pads-claim_again = Neu zuordnen
pads-pressed = Platz { $seat } · { $name }: dieses Pad funktioniert
pads-pad = Pad { $n }
pads-incompatible = Spricht eine andere Protokollversion: Firmware aktualisieren
pads-ignored = Kein Cellmate-Pad (keine Antwort): bleibt unbeachtet, bis es ausgesteckt wird
pads-connecting = Verbindet …
pads-extra_seat = Hält Platz { $seat }, den dieser Tisch nicht hat
pads-seat_taken = Merkt sich Platz { $seat }, den schon ein anderes Pad hat: ordne es einem Platz neu zu
pads-seat_taken_any = Sein Platz gehört schon einem anderen Pad: ordne es einem Platz neu zu
pads-no_seat = Kein Platz: bei einem Platz auf Zuordnen tippen, dann dieses Pad drücken
pads-no_seat_claiming = Noch kein Platz: dieses Pad drücken, um den gefragten Platz zu nehmen
pads-offline = Getrennt
pads-others = Pads ohne Platz an diesem Tisch
pads-strip = Platz-Pads:
pads-online_mark = verbunden
pads-offline_mark = Pad getrennt
error-store_busy = Nicht gespeichert: Die gespeicherten Spiele sind von einem anderen Programm gesperrt. Nichts wurde geändert; gleich noch einmal versuchen.
error-store_unwritable = Nicht gespeichert ({ $reason }). Nichts wurde geändert.
error-store_unreadable = Die gespeicherten Spiele lassen sich nicht lesen ({ $reason }).
error-session_taken = Dieses Spiel ist in einem anderen Programm geöffnet ({ $holder }). Bitte erst dort schließen.
error-session_changed = Dieses Spiel wurde von einem anderen Programm geändert. Hier wurde nichts gespeichert; das Spiel neu öffnen, um es wie gespeichert zu sehen.
error-session_damaged = Dieses gespeicherte Spiel lässt sich nicht öffnen ({ $reason }). Es bleibt unverändert in der Datei.
error-bad_options = Die Optionen müssen Namen mit Werten sein.
dice-board-round = Runde
dice-board-last_roll = { $name } hat gewürfelt
dice-board-turn = ist dran
memory-export = Exportieren
memory-exported = Gespeichert: { $name }, im Ordner der gespeicherten Spiele
memory-export_failed = Konnte nicht gespeichert werden: { $reason }
memory-forget = Unbekannt
memory-none = keine
error-who = Sag, für welchen Spieler das ist.
advanced-title = Erweitert
advanced-debounce = Entprellung der Knöpfe
advanced-debounce_note = gilt ab dem nächsten Start
advanced-debounce_ask = Entprellung der Knöpfe in Millisekunden
advanced-file = Datei: { $path }
advanced-dir = Ordner: { $dir }
advanced-moved = Beiseitegelegt als: { $moved }
advanced-in_memory = Nichts wird gespeichert: Die Spiele liegen nur im Speicher
advanced-hardware = Hardware
advanced-pads = Platz-Pads: { $reason }
pads-port = USB-Gerät { $n }
option-checklist = Aufbau-Liste und wer beginnt
setup-headline = Aufbau
setup-param-step = Aufbauschritt
setup-action-skip = Überspringen: alles liegt
setup-line-todo = { $text }
setup-line-done = Erledigt: { $text }
setup-prompt-check =
    { $count ->
        [one] Ein Schritt noch: antippen, wenn er erledigt ist.
       *[other] Aufbauen: jeden Schritt antippen, wenn erledigt (noch { $count }).
    }
error-setup_checked = Es liegt schon alles bereit.
error-setup_not_laid_out = Erst aufbauen: jeden Schritt antippen oder überspringen.
error-setup_bad_step = Dieser Schritt ist schon erledigt.
help-rule = { $text } (Spielregel: { $where })
help-now = Die Regeln für jetzt
help-table = Jetzt auf dem Tisch
help-rules = Die Regeln in Kürze
help-readings = Wie Cellmate die Regeln liest
setup-log-first = { $name } wurde als Startspieler gewählt
setup-log-first_random = { $name } wurde als Startspieler ausgelost
tour-1-title = Der Tisch in vier Schritten
tour-1-body = Der große Knopf ist das, was normalerweise als Nächstes kommt. Die Tasten am Gerät (ROLL, CONFIRM) und die Platz-Pads tun dasselbe.
tour-2-title = Vertan?
tour-2-body = Rückgängig nimmt den letzten Schritt zurück, so viele wie nötig, auch nach einem Neustart; Wiederholen bringt ihn zurück. Nichts geht verloren.
tour-3-title = Wer ist dran?
tour-3-body = Die obere Leiste sagt, wer dran ist, in Farbe und Form des Spielers; die Plätze zeigen, was jeder hat.
tour-4-title = Protokoll und Hilfe
tour-4-body = Protokoll: jeder Schritt in Worten. Hilfe: die Regeln in Kürze, für den Punkt, an dem das Spiel gerade ist.
tour-step = { $n } von { $count }
tour-next = Weiter
tour-skip = Rundgang überspringen
tour-done = Los geht's
speech-turn = { $name } ist dran.
speech-and = { $first } und { $last }
speech-winners =
    { $count ->
        [one] { $names } gewinnt!
       *[other] { $names } gewinnen!
    }
speech-over = Das Spiel ist zu Ende.
speech-count = { $n }
speech-time_up = Die Zeit ist um!
speech-test = Hier spricht Cellmate. Hörst du mich?
settings-voice = Stimme
settings-voice_volume = Lautstärke
settings-voice_volume_ask = Wie laut, in Prozent?
settings-voice_speed = Tempo
settings-voice_speed_ask = Wie schnell, in Wörtern pro Minute?
settings-voice_wpm = { $n } Wörter/min
settings-voice_percent = { $n } %
settings-voice_says = Laut sagen
settings-voice_kind-turn = Züge
settings-voice_kind-events = Ereignisse
settings-voice_kind-countdown = Countdown
settings-voice_kind-winner = Sieger
settings-cover_noise = Murmeln
notice-no_voice = Keine Stimme: Cellmate kann hier nicht sprechen und spielt ohne weiter. Details unter Info.
advanced-voice_problem = Stimme: { $reason }
settings-cover_noise_note = Sing Sing: ein Murmeln, während der Spieler mit der Feile einen Stab herausnimmt, damit der Spieler mit der Maske nicht hört, an welchem Fenster.
