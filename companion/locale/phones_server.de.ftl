### Handys am Tisch, die Server-Hälfte (ui/phones.py, hardware/phones), auf Deutsch:
### der Dialog auf dem Pi, die Seite der Handys und warum etwas abgewiesen wird.

phones-title = Handys am Tisch
phones-button = Handys
phones-scan = Den Code mit der Kamera eines Handys scannen oder öffnen:
phones-off = Handys sind ausgeschaltet. In den Einstellungen oder in der Konfiguration einschalten ([phones] enabled = true).
phones-failed = Die Handys konnten nicht gestartet werden: { $why }
phones-no_game = Starte ein Spiel: Seine Plätze erscheinen hier.
phones-seat_free = frei
phones-seat_phone = Handy { $number }
phones-seat_offline = Handy { $number }, weg
phones-release = Freigeben
phones-give = An Handy { $number }
phones-waiting = Wartet auf einen Platz: { $phones }
phones-none_waiting = Kein Handy wartet auf einen Platz.
phones-close = Schließen

phones-page-title = Cellmate
phones-page-connecting = Verbinde mit dem Tisch…
phones-page-reconnecting = Die Verbindung ist weg. Neuer Versuch…
phones-page-choose_seat = Welcher Platz ist deiner?
phones-page-held = besetzt
phones-page-wait_assign = Oder warte: Der Tisch kann dir am Pi einen Platz geben.
phones-page-no_game = Noch kein Spiel: Die Plätze erscheinen hier, sobald der Tisch eines startet.
phones-page-you = du
phones-page-table = Der Tisch
phones-page-private = Nur du siehst das
phones-page-news = Gerade eben
phones-page-vote = Geheime Abstimmung
phones-page-voted = Deine Stimme ist abgegeben. Du kannst sie ändern, bis die letzte da ist.
phones-page-waiting_for = Stimmen noch ab: { $names }
phones-page-countdown = Verbleibende Zeit
phones-page-scan_again = Scanne den Code auf dem Tisch noch einmal.

phones-refused-old_code = Dieser Code gehört zu einem anderen Spiel. Scanne den Code auf dem Tisch noch einmal.
phones-refused-full =
    { $most ->
        [one] Es ist schon ein Handy am Tisch.
       *[other] Es sind schon { $most } Handys am Tisch.
    }
phones-refused-has_seat = Dieses Handy hat schon einen Platz.
phones-refused-no_seat = Diesen Platz gibt es nicht.
phones-refused-seat_held = Ein anderes Handy hat diesen Platz.
phones-refused-gone = Dieses Handy ist nicht mehr da.
phones-refused-slow_down = Zu viele Nachrichten: langsamer, bitte.
phones-refused-not_text = Der Tisch liest nur Textnachrichten.
phones-refused-too_big =
    { $bytes ->
        [one] Diese Nachricht ist zu lang für den Tisch (höchstens ein Byte).
       *[other] Diese Nachricht ist zu lang für den Tisch (höchstens { $bytes } Bytes).
    }
phones-refused-not_json = Der Tisch konnte diese Nachricht nicht lesen.
phones-refused-unknown_type = Diese Art Nachricht kennt der Tisch nicht.
phones-refused-bad_field = Ein Teil dieser Nachricht ist nicht, was der Tisch erwartet.
phones-refused-hello_first = Sag zuerst, mit welchem Code du kommst.
phones-refused-no_seat_yet = Nimm zuerst einen Platz.
phones-refused-failed = Das ging am Tisch nicht. Versuch es noch einmal.
phones-refused-no_game = Es läuft kein Spiel.
phones-refused-busy = Am Pi ist gerade ein Menü offen. Versuch es gleich noch einmal.
phones-refused-rules = Jetzt nicht.

phones-bye-new_game = Ein neues Spiel hat begonnen. Scanne den neuen Code auf dem Tisch.
phones-bye-stopped = Der Tisch hat die Handys ausgeschaltet.
phones-bye-elsewhere = Dieser Platz ist jetzt in einem anderen Tab oder auf einem anderen Handy offen.
