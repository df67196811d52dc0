### The words of the game heist, in German.

heist-title = Masterminds: Heist Society
heist-option-roll_for_first = Startspieler auswürfeln (sonst wählt die App)
heist-action-lay_heist = Heist auslegen
heist-action-lay_heist-a = Schritt A
heist-action-lay_heist-b = Schritt B
heist-action-lay_heist-c = Schritt C
heist-action-lay_heist-d = Schritt D
heist-action-lay_heist-take = Beute
heist-action-lay_heist-name = Name
heist-action-lay_heist-skill_a = Fertigkeit A
heist-action-lay_heist-skill_b = Fertigkeit B
heist-action-lay_heist-skill_c = Fertigkeit C
heist-action-lay_heist-skill_d = Fertigkeit D
heist-action-roll_first = Um den Start würfeln
heist-action-prep = Vorbereitung
heist-action-attempt = Heist-Schritt
heist-action-continue = Weitermachen
heist-action-upkeep = Zur Versorgung
heist-action-roll = Würfeln
heist-action-place_die = Würfel setzen
heist-action-hold = Aufhören
heist-action-complete = Heist abschließen
heist-action-end_turn = Zug beenden
heist-action-roll_value = Edelsteinwert würfeln
heist-action-pay_gem = Edelstein bezahlen
heist-action-flip_cash = Startgeld-Karte umdrehen
heist-action-set_team = Teamgröße
heist-param-die = Würfel (leer lassen zum Würfeln)
heist-param-modifier = Unterbrechungen und Fähigkeiten (+/-)
heist-param-face = Augenzahl
heist-param-slot = Platz auf dem Tisch
heist-param-challenge_a = Herausforderung Schritt A
heist-param-challenge_b = Herausforderung Schritt B
heist-param-challenge_c = Herausforderung Schritt C
heist-param-challenge_d = Herausforderung Schritt D
heist-param-take = Beute (Edelsteine)
heist-param-name = Name des Heists
heist-param-skill = Fertigkeit
heist-param-heist = Heist
heist-param-total = Fertigkeitssumme
heist-param-activate = Aktivierte Rekruten
heist-param-gem = Edelstein
heist-param-recruits = Rekruten im Team
heist-colour-orange = orange
heist-colour-sky = himmelblau
heist-colour-green = grün
heist-colour-yellow = gelb
heist-colour-blue = blau
heist-colour-vermillion = zinnoberrot
heist-colour-purple = lila
heist-colour-grey = grau
heist-colour-clear = klar
heist-gem_count = { $count } { $colour }
heist-no_gems = keine Edelsteine
heist-heist_named = Heist { $n } ({ $name })
heist-heist_n = Heist { $n }
heist-line-bag =
    { $count ->
        [one] Beutel: { $gems } (1 Edelstein)
       *[other] Beutel: { $gems } ({ $count } Edelsteine)
    }
heist-line-player = { $name } ({ $colour }): { $gems } · Team { $team } · Startgeld { $cash } · Heists { $heists }
heist-line-empty_slot = { $heist }: leer, neuen Heist auslegen
heist-step_challenge = { $step } { $challenge }
heist-progress = { $name } { $dice }
heist-line-heist = { $heist }: { $steps } · Beute { $take } · { $progress }
heist-no_progress = noch keine Würfel
heist-line-completed = Abgeschlossene Heists: { $count } von { $goal }
heist-score_part = { $count } { $colour } × { $value }
heist-line-score = { $name }: { $parts } = { $total }
heist-line-value = { $name } würfelte { $value }: Jeder Edelstein in { $colour } zählt { $value }
heist-line-last_perfection = { $name }, Schritt { $step } von { $heist }: { $total } schlägt { $challenge } schon vor dem Wurf: { $result }
heist-line-last_roll = { $name }, Schritt { $step } von { $heist }: { $total } + { $die }{ $modifier } = { $score } gegen { $challenge }: { $result }
heist-result-perfection = Perfektion
heist-result-success = Erfolg
heist-result-push = Patt
heist-result-failure = Fehlschlag
heist-headline-lay_heists = Heists auslegen
heist-headline-first_player = Wer fängt an? Wurf { $round }
heist-headline-scoring = Schlusswertung
heist-headline-over = Spiel vorbei
heist-headline-start = { $name } ist dran
heist-headline-prep = { $name }: Vorbereitung
heist-headline-roll = { $name }: würfeln!
heist-headline-perfection = { $name }: Perfektion!
heist-headline-step_done = { $name }: Erfolg!
heist-headline-complete = { $name }: Schritt D geschafft!
heist-headline-completed = { $name }: Heist abgeschlossen
heist-headline-failure = { $name }: Fehlschlag
heist-headline-upkeep = { $name }: Versorgung
heist-prompt-lay_heists = Heist { $n } von { $count }: Zahlen und Beute von den Karten eingeben.
heist-prompt-first_player = Alle würfeln einmal: Der höchste Wurf beginnt.
heist-prompt-first_player_tie = Gleichstand beim höchsten Wurf: Wer gleichauf liegt, würfelt neu.
heist-prompt-start =
    { $free ->
        [one] Vorbereitung oder Heist-Schritt? { $free } Rekrut bereit.
       *[other] Vorbereitung oder Heist-Schritt? { $free } Rekruten bereit.
    }
heist-prompt-start_prep = Kein Rekrut bereit: Vorbereitung.
heist-prompt-prep = Rekrutieren (A, B oder C), dann Alpha und Beta planen.
heist-prompt-roll = Schritt { $step } von { $heist }: { $total } gegen { $challenge }. Würfle!
heist-prompt-perfection = { $total } schlägt { $challenge }: Wähle die Augenzahl für Schritt { $step }.
heist-prompt-step_done =
    { $free ->
        [one] Schritt { $step }: Aufhören oder Weitermachen? { $free } Rekrut bereit.
       *[other] Schritt { $step }: Aufhören oder Weitermachen? { $free } Rekruten bereit.
    }
heist-prompt-step_done_hold = Schritt { $step } geschafft. Alle Rekruten sind aktiviert: Aufhören.
heist-prompt-complete =
    { $take ->
        [one] Schließe den Heist ab: Ziehe { $take } Edelstein aus dem Beutel.
       *[other] Schließe den Heist ab: Ziehe { $take } Edelsteine aus dem Beutel.
    }
heist-prompt-completed =
    { $count ->
        [one] 1 Edelstein genommen. Ausrüstung abwerfen, ein Rekrut bleibt.
       *[other] { $count } Edelsteine genommen. Ausrüstung abwerfen, ein Rekrut bleibt.
    }
heist-prompt-failure = Ein beteiligter Rekrut bekommt eine Fehlschlag-Karte.
heist-prompt-upkeep = Versorgung: Rekruten zurückdrehen, auf { $limit } Handkarten abwerfen.
heist-prompt-refill = Lege einen neuen Heist auf Platz { $n } aus.
heist-prompt-last_turn = Letzter Zug: Versorgung und Zug beenden, dann Schlusswertung.
heist-prompt-scoring = Alle würfeln den Wert der Edelsteine ihrer Farbe.
heist-prompt-over = Rückgängig machen oder ein neues Spiel beginnen.
heist-banner-winner =
    { $total ->
        [one] { $name } gewinnt mit { $total } Punkt!
       *[other] { $name } gewinnt mit { $total } Punkten!
    }
heist-banner-tie =
    { $total ->
        [one] Gleichstand: { $names } mit je { $total } Punkt!
       *[other] Gleichstand: { $names } mit je { $total } Punkten!
    }
heist-banner-bag_empty = Der letzte Edelstein ist aus dem Beutel: Das Spiel endet nach diesem Zug.
heist-banner-heists = { $count } Heists abgeschlossen: Das Spiel endet nach diesem Zug.
heist-badge-rolled = würfelte { $value }
heist-badge-team = Team { $count }
heist-badge-value = Wert { $value }
heist-badge-winner = Sieg
error-heist_bad_number = „{ $field }“ muss eine ganze Zahl von { $low } bis { $high } sein.
error-heist_bad_text = „{ $field }“ darf höchstens { $limit } Zeichen lang sein.
error-heist_unknown_action = Masterminds: Heist Society hat keine Aktion { $action }.
error-heist_not_now = Das geht jetzt nicht.
error-heist_not_your_turn = { $name } ist am Zug.
error-heist_bad_slot = Diesen Platz für einen Heist gibt es nicht.
error-heist_slot_taken = Auf Platz { $slot } liegt schon ein Heist.
error-heist_not_contender = { $name } würfelt in dieser Runde nicht mit.
error-heist_already_rolled = { $name } hat schon gewürfelt.
error-heist_no_heist = Dort liegt kein Heist.
error-heist_no_recruits_left = Alle Rekruten deines Teams wurden in diesem Zug schon aktiviert.
error-heist_activate =
    { $high ->
        [one] Aktiviere nur einen Rekruten; jeden Rekruten nur einmal pro Zug.
       *[other] Aktiviere 1 bis { $high } Rekruten; jeden Rekruten nur einmal pro Zug.
    }
error-heist_lay_first = Lege zuerst einen neuen Heist auf Platz { $slot } aus.
error-heist_no_such_gem = Dieser Spieler hat keinen Edelstein { $value } zum Bezahlen.
error-heist_no_cash = { $name } hat keine Startgeld-Karte mehr zum Umdrehen.
heist-param-gem-orange = Orange
heist-param-gem-sky = Himmelblau
heist-param-gem-green = Grün
heist-param-gem-yellow = Gelb
heist-param-gem-blue = Blau
heist-param-gem-vermillion = Zinnoberrot
heist-param-gem-purple = Lila
heist-param-gem-grey = Grau
heist-param-gem-clear = Klar
heist-param-slot-0 = Platz 1
heist-param-heist-0 = Heist 1
heist-param-slot-1 = Platz 2
heist-param-heist-1 = Heist 2
heist-param-slot-2 = Platz 3
heist-param-heist-2 = Heist 3
heist-help-colours = Edelsteinfarben: Die Edelsteine eines Spielers haben seine Platzfarbe an diesem Tisch. Wählt die Platzfarbe passend zur Mastermind-Karte (Saphir: blau, Smaragd: grün, Rubin: zinnoberrot).
heist-help-first = Startspieler: Der höchste Wurf beginnt; bei Gleichstand um den höchsten Wurf würfeln nur die Gleichauf-Liegenden noch einmal.
heist-help-perfection = Perfektion zählt mit der eingegebenen Fertigkeitssumme (nach Unterbrechungen vor dem Wurf). Unterbrechungen, die die gewürfelte Summe ändern, werden beim Wurf als Zuschlag eingegeben.
heist-help-recruits = Ein Versuch aktiviert 1 bis 3 Rekruten; einen Schritt versuchen kann man nur, solange im Team noch Rekruten sind, die in diesem Zug nicht aktiviert wurden.
heist-help-dice = Jeder Spieler hat auf jedem Heist seine eigenen Würfel. Schließt ein Spieler einen Heist ab, verlässt er den Tisch und alle Würfel darauf werden entfernt.
heist-help-bonus = Der Bonus-Edelstein: Mindestens 3 deiner 4 Würfel auf dem Heist zeigen dieselbe Zahl (4 gleiche geben auch nur einen). Er wird nach der Beute gezogen; ein leerer Beutel gibt keinen. Ist die Beute größer als der Rest im Beutel, gibt es den Rest.
heist-help-end = Das Ende kommt, sobald der letzte Edelstein den Beutel verlässt oder der Heist abgeschlossen ist, der die Zahl Spieler + 1 erreicht: Der aktive Spieler beendet seine Versorgung, dann würfelt jeder den Wert seiner Farbe. Ein danach zurückgezahlter Edelstein hebt das Ende nicht auf.
heist-help-anytime = Edelstein bezahlen, Startgeld umdrehen und die Teamgröße setzen geht während des Spiels jederzeit, für jeden Spieler. Nach einem abgeschlossenen Heist bleibt ein Rekrut im Team.
heist-help-buttons = Knöpfe: ROLL würfelt (auch um den Start und bei der Schlusswertung). CONFIRM hört nach einem Erfolg auf, schließt einen Heist ab, geht zur Versorgung und beendet den Zug. UNDO nimmt den letzten Schritt zurück; gehalten stellt es ihn wieder her.
heist-board-place = Heist-Platz { $n }
heist-board-empty = leer
heist-board-take = Beute { $take }
heist-board-bag = { $colour } im Beutel
heist-board-completed = Abgeschlossene Heists
heist-board-team = Team
heist-board-cash = Startgeld
heist-board-heists = Heists
heist-seat-gems = { $colour } { $count }
heist-seat-team = Team { $count }
heist-seat-cash = Startgeld { $count }
heist-seat-heists = Heists { $count }
heist-board-colour = Edelsteinfarbe: { $colour }
heist-board-total = Endwertung: { $total }
heist-setup-bag = 1. Jeder nimmt eine Mastermind-Farbkarte; seine 5 Edelsteine und die 10 klaren kommen in den Beutel.
heist-setup-bag-done = Edelsteine im Beutel
heist-setup-decks = 2. Die vier Stapel (A, B, C, D) gemischt auslegen; die Heist-Karten mit der A-Seite nach unten.
heist-setup-decks-done = Stapel liegen
heist-setup-prep = 3. Jeder bekommt 4 PREP-Karten; PLAY-IMMEDIATELY-Karten abwerfen und neu ziehen.
heist-setup-prep-done = Je 4 PREP-Karten
heist-setup-talent = 4. Die obersten 3 Talent-Karten offen: der Talent-Pool.
heist-setup-talent-done = Talent-Pool mit 3
heist-setup-heists = 5. { $heists } Heist-Kartensätze auslegen, Vorderseite neben Rückseite.
heist-setup-heists-done = Heists liegen
heist-setup-cash = 6. Startgeld-Karten: je { $cash }.
heist-setup-cash-done = Startgeld verteilt
heist-setup-recruit = 7. Jeder zieht 1 Talent-Karte als ersten Rekruten, mit dem Bonus seiner Spezialfähigkeit.
heist-setup-recruit-done = Erste Rekruten gezogen
heist-rules-setup = Aufbau: wie die Aufbau-Liste sagt, dann die Heists eingeben; dann würfeln alle einmal: der höchste Wurf beginnt (bei Gleichstand wird neu gewürfelt).
heist-rules-setup-where = „Setup“
heist-rules-turn = Dein Zug: Vorbereitung (rekrutieren, dann zweimal planen) oder Heist-Schritt (den nächsten Schritt eines Heists versuchen), dann Versorgung.
heist-rules-turn-where = S. 4 (PREP) und S. 5 (HEIST)
heist-rules-step = Ein Heist-Schritt: Liegt die Fertigkeitssumme über der Herausforderung, ist es Perfektion (Augenzahl wählen). Sonst 1 Würfel dazu: darüber Erfolg, gleich Patt (der Zug endet), darunter eine Fehlschlag-Karte. Schritt D geschafft: die Beute an Edelsteinen nehmen; 3 gleiche Würfel auf dem Heist geben 1 Bonus-Edelstein.
heist-rules-step-where = S. 5, „Heist Phase“
heist-rules-end = Das Ende: wenn der letzte Edelstein den Beutel verlässt oder so viele Heists geschafft sind wie Spieler plus eins.
heist-rules-end-where = „Winning the Game“
heist-rules-scoring = Wertung: Jeder würfelt einmal: Das ist der Wert jedes Edelsteins seiner Farbe, für alle. Klare Edelsteine zählen 2. Die meisten Punkte gewinnen.
heist-rules-scoring-where = „Scoring“ mit Beispiel
heist-speech-step = { $name }, Schritt { $step }: { $result }.
heist-speech-completed = { $name } hat { $heist } abgeschlossen.
result-heist-ending-bag_empty = der Beutel war leer
result-heist-ending-heists = die Heists gingen aus
heist-line-drawn = Aus dem Beutel gezogen: { $gems }
heist-line-bonus = Drei gleiche Würfel: Bonus-Edelstein { $colour }
heist-line-bonus_empty = Drei gleiche Würfel, aber der Beutel ist leer: kein Bonus-Edelstein
heist-line-prep_card = Dein Team hat 3 oder weniger Rekruten: Du darfst eine PREP-Karte ziehen
heist-badge-again = würfelt neu
heist-figure-heists =
    { $count ->
        [one] 1 Heist
       *[other] { $count } Heists
    }
heist-figure-cash = { $count } Startgeld
heist-board-steps = { $first } · { $second }
heist-board-dice = { $name }: { $dice }
heist-board-completed_short = Abgeschlossen
heist-outcome-haul = { $heists ->
        [one] 1 Heist
       *[other] { $heists } Heists
    }, { $held ->
        [one] 1 Edelstein
       *[other] { $held } Edelsteine
    }
heist-outcome-mastermind = Mastermind! { $heists ->
        [one] 1 Heist
       *[other] { $heists } Heists
    }, { $held ->
        [one] 1 Edelstein
       *[other] { $held } Edelsteine
    }
heist-speech-drawn = Aus dem Beutel gezogen: { $gems }.
heist-speech-bonus = Drei gleiche Würfel: Bonus-Edelstein { $colour }.
heist-rules-prep = Vorbereitung: rekrutieren (A: eine Karte aus dem Talent-Pool, B: den Pool abwerfen und ziehen, oder C: stattdessen eine PREP-Karte; ein Team hat höchstens 4 Rekruten), dann Alpha und Beta planen: PREP-Karte ziehen, Aktionskarte spielen, zwei Ausrüstungskarten spielen oder Ausrüstung tauschen. Ändere die Teamgröße, wenn sie sich ändert.
heist-rules-prep-where = S. 4, „PREP TURN“
heist-rules-failure = Fehlschlag: Wähle einen Rekruten, der den Schritt versucht hat; er bekommt eine Fehlschlag-Karte. Decke die oberste Karte auf. Steht die gescheiterte Fertigkeit in einem AUSLÖSER-Feld, muss der Rekrut die Probe daneben bestehen (gleich oder höher, Ausrüstung zählt) oder die Folge tragen. So oder so ist der Zug vorbei.
heist-rules-failure-where = S. 5, „TALLY UP“
heist-rules-complete = Schritt D geschafft: die Beute an Edelsteinen nehmen; ein Team mit 3 oder weniger Rekruten darf eine PREP-Karte ziehen; alle Würfel verlassen den Heist (3 gleiche Würfel: 1 Bonus-Edelstein); die Namenskarte (Schritt A) behalten, B bis D unter den Heist-Stapel legen; die ganze Ausrüstung abwerfen; einen Rekruten wählen, der bleibt: die anderen setzen sich zur Ruhe.
heist-rules-complete-where = „HOLD, CONTINUE, or COMPLETE“
heist-rules-upkeep = Versorgung, der Reihe nach: tun, was ausliegende Karten verlangen; die aktivierten Rekruten zurückdrehen; Talent-Pool und Heists auffüllen; auf 6 Handkarten abwerfen.
heist-rules-upkeep-where = „UPKEEP PHASE“
heist-log-laid = { $heist } ausgelegt: { $steps }, Beute { $take }
heist-log-attempt = { $name } versuchte Schritt { $step } von { $heist }: { $total } gegen { $challenge }
heist-log-roll = { $name } würfelte { $die }{ $modifier }: { $score } gegen { $challenge }, { $result }
heist-log-complete = { $name } schloss { $heist } ab und nahm { $gems }
heist-log-complete_bonus = { $name } schloss { $heist } ab und nahm { $gems }, dazu einen Bonus-Edelstein: { $colour }
heist-log-checked = Abgehakt: { $step }
heist-done-prep = { $name } wählte die Vorbereitung
heist-done-upkeep = { $name } ging zur Versorgung
heist-done-roll = { $name } würfelte { $dice }
heist-done-place_die = { $name } setzte eine { $face }: Perfektion
heist-done-hold = { $name } hörte auf
heist-done-end_turn = { $name } beendete den Zug
heist-done-roll_first = { $name } würfelte { $dice } um den Start
heist-done-pay_gem = { $name } zahlte einen Edelstein: { $gem }
heist-done-flip_cash = { $name } drehte eine Startgeld-Karte um
heist-done-set_team = { $name } setzte das Team auf { $recruits ->
        [one] einen Rekruten
       *[other] { $recruits } Rekruten
    }
heist-done-skip_setup = Aufbau-Liste übersprungen: alles liegt
