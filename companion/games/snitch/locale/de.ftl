### The words of the game snitch, in German.

snitch-title = The Snitch
snitch-setup_hint = Die Plätze gehen im Uhrzeigersinn um den Tisch, Platz 1 zuerst. Der Zug (und die Seife) geht nach links: zum nächsten Platz im Uhrzeigersinn. Tippe auf eine Farbe, um sie zu wechseln.
snitch-option-easier = Leichter: über Verrats-Symbole darf geredet werden
snitch-option-harder = Schwerer: aufgedeckte Karten dürfen nicht dem Kontakt des Plans gleichen
snitch-option-vote = Abstimmung über die Pistole
snitch-option-vote-open = Handzeichen
snitch-option-vote-secret = Geheim
snitch-option-majority = Wer bekommt die Pistole
snitch-option-majority-most = Meiste Stimmen
snitch-option-majority-half = Über die Hälfte
snitch-help-vote_open = In diesem Spiel wird per Handzeichen abgestimmt: Hände zählen, dann eingeben, wer die Pistole bekommt.
snitch-help-vote_secret = In diesem Spiel wird geheim abgestimmt: Jeder stimmt an seinem eigenen Pad ab oder reihum am Bildschirm (weitergeben; tippen, wenn nur du ihn siehst). Niemand sieht eine Stimme: nur die Summen und wer die Pistole bekommt. Am Pad: MAIN öffnet deine Stimme bei dir selbst, DONE geht einen Platz nach links, EXTRA einen nach rechts, MAIN gibt sie ab. Das Licht zeigt nie, für wen. Bis die letzte Stimme da ist, nimmt jeder Druck am Pad nach dem Abgeben die Stimme zurück und öffnet sie neu, um sie neu abzugeben. Am Bildschirm: Tippe einen Namen an, das ist deine Stimme. Ein anderer Name ändert sie; UNDO nimmt sie zurück. „Stimme abgeben“ gibt sie ab; der Bildschirm öffnet sie nicht wieder. UNDO erreicht keine abgegebene Stimme; „Abstimmung neu beginnen“ verwirft alle bisher abgegebenen Stimmen ungesehen, und alle stimmen neu ab. Sind alle Stimmen da, nimmt UNDO die ganze Abstimmung zurück.
snitch-help-majority = Dieses Spiel liest „Mehrheit“ als { $reading }
snitch-help-majority_other = Die andere Lesart, eine Option beim Aufbau: { $other }
snitch-help-reading_most = die meisten Stimmen: Wer die meisten Stimmen hat, bekommt die Pistole; teilen sich mehrere die meisten Stimmen, wählt der Spieler mit der Seife einen von ihnen.
snitch-help-reading_half = eine Mehrheit der Stimmen: Wer mehr als die Hälfte der Stimmen hat, bekommt die Pistole; sonst entscheidet der Spieler mit der Seife, unter denen, die eine Stimme bekommen haben.
snitch-action-use_item = Gegenstand benutzen
snitch-action-open_vote = Ergebnis eingeben
snitch-action-secret_vote = Stimmen zählen
snitch-param-tally = Stimmen für jeden Spieler
snitch-prompt-vote_most = Handzeichen! Pistole an wen? Gleichstand: { $soap }.
snitch-prompt-vote_half = Handzeichen für die Pistole: über die Hälfte, sonst { $soap }.
snitch-prompt-vote_secret = Geheime Wahl: am eigenen Pad oder reihum am Bildschirm.
snitch-log-use_item = { $name } hat einen Gegenstand benutzt: { $item }
snitch-log-next_to = neben dem Plan von { $name }
snitch-log-secret_vote = Die Abstimmung über die Pistole wurde gezählt: { $votes }
snitch-log-ballot = { $name } hat geheim abgestimmt
snitch-log-stash_item = { $name } hat den gescheiterten Plan verdeckt ins Versteck gelegt
error-snitch_vote_open = Es wird per Handzeichen abgestimmt: Gib ein, wer die Pistole bekommt.
error-snitch_vote_secret = Die Abstimmung ist geheim: Alle stimmen an ihrem Pad ab oder reihum am Bildschirm.
error-snitch_bad_tally = Die Stimmen sind eine Zahl für jeden Spieler, zusammen { $high }.
snitch-help-guard_soap = So liest Cellmate Wärter und Seife: Hat am Ende eines Zuges der Spieler mit der Seife den Wärter, werden verdeckte Handschellen aufgedeckt; liegen sie schon offen, werden sie wieder umgedreht und der Wärter wandert zum Spieler rechts. Dann geht die Seife nach links (zum nächsten Platz im Uhrzeigersinn). Der Wärter bleibt also eine volle Runde und wandert dann nach rechts. Ein gescheiterter Plan legt den Wärter vor seinen Besitzer (auch nach Bestechungsgeld) und dreht die Handschellen verdeckt.
snitch-help-gun_vote = Die Abstimmung über die Pistole, in den Worten der Regel: „Die Spieler stimmen ab, wer die Pistole bekommt. … Gibt es keine Mehrheit, entscheidet der Spieler mit der Seife.“
snitch-help-readings = Wo die Regel offen ist, spielt Cellmate so: Schlagring und Brecheisen dürfen neben jeden Plan (auch den eigenen), höchstens je eines pro Plan. Bestechungsgeld wirkt nur, solange der Wärter im Spiel ist. Der Besitzer darf auch die Karte ablehnen, die den Plan vollständig macht, solange noch nicht aufgedeckt ist. Ein leerer Kontaktstapel gibt keine Karte. Geht der Verhörstapel beim Ziehen nach dem fünften Plan aus, ist die Zeit um, bevor die Pistole kommt. Fluchtpläne passen zu nichts, auch nicht zueinander. Die 24 Karten werden ab Platz 1 im Uhrzeigersinn verteilt. Stellt sich am Ende heraus, dass der Spitzel die Pistole hatte, hat er damit gewonnen.
snitch-help-buttons = Knöpfe: CONFIRM gibt die Seife weiter, sobald die Aktion des Zugs getan ist (und meldet beim Aufbau, dass die Karten liegen). UNDO nimmt den letzten Schritt zurück; gehalten stellt es ihn wieder her.
snitch-item-binoculars = Fernglas
snitch-item-key = Schlüssel
snitch-item-knuckle_irons = Schlagring
snitch-item-bribe_money = Bestechungsgeld
snitch-item-crowbar = Brecheisen
snitch-action-cards_ready = Karten bereit
snitch-action-scheme = Plan eingeben
snitch-action-pick_guard = Wärter vergeben
snitch-action-pick_soap = Seife vergeben
snitch-action-play_card = Karte spielen
snitch-action-draw_card = Karte ziehen
snitch-action-pass_soap = Zug beenden
snitch-action-refuse = Karte ablehnen
snitch-action-reveal = Aufgedecktes eingeben
snitch-action-stash_item = Gegenstand ins Versteck
snitch-action-new_scheme = Neuer Plan
snitch-action-vote = Abstimmen
snitch-action-break_tie = Gleichstand entscheiden
snitch-action-shoot = Schießen
snitch-action-hold_fire = Niemanden erschießen
snitch-action-snitch_has_gun = Ich bin der Spitzel
snitch-action-escape_card = Karte aus der Hand
snitch-action-escape_card_deck = Karte vom Stapel
snitch-action-escape_reveal = Aufgedecktes eingeben
snitch-action-reveal_snitch = Spitzel nennen
snitch-action-no_snitch = Kein Spitzel
snitch-param-required = Zahl in der Ecke unten rechts
snitch-param-guard = Gesprächigster Spieler (leer: zufällig)
snitch-param-soap = Unschuldigster Spieler (leer: zufällig)
snitch-param-target = Unter wessen Plan?
snitch-param-item = Welcher Gegenstand?
snitch-param-scheme_of = Neben wessen Plan?
snitch-param-repeats = Kommt ein Gefängniskontakt mehrfach vor?
snitch-param-backstabs = Wie viele Verrats-Symbole?
snitch-param-own_contact = Gleicht eine aufgedeckte Karte dem Kontakt des Plans?
snitch-param-vote = Wer bekommt die Pistole?
snitch-param-gun_to = Wer bekommt die Pistole?
snitch-param-shoot = Auf wen schießt du?
snitch-param-escape_seat = Wer spielt die nächste Karte?
snitch-param-source = Aus der Hand oder vom Stapel?
snitch-param-escape_plans = Wie viele Fluchtpläne?
snitch-param-snitch = Wer hatte den Spitzel?
snitch-headline-setup = Aufbau
snitch-headline-turn = { $name } ist am Zug
snitch-headline-resolution = { $name } deckt auf
snitch-headline-failed = { $name }s Plan gescheitert
snitch-headline-new_scheme = { $name }: neuer Plan
snitch-headline-gun_vote = Pistolenwahl
snitch-headline-tie = Gleichstand: { $name }
snitch-headline-shoot = { $name } hat die Pistole
snitch-headline-escape = Flucht: { $cards } von { $goal } Karten
snitch-headline-final_reveal = Karten aufdecken
snitch-headline-over = Spielende
snitch-setup-pile7 = 1. Lege 7 zufällige Gefängniskontakte verdeckt auf einen Stapel.
snitch-setup-pile13 = 2. Mische den Spitzel, die 3 Fluchtpläne und 9 zufällige Gefängniskontakte (13 Karten).
snitch-setup-box2 = 3. Lege 2 dieser 13 Karten ungesehen zurück in die Schachtel.
snitch-setup-cross = 4. Lege die übrigen 11 quer auf den Stapel mit 7: Der Verhörstapel hat { $count } Karten. Das Plättchen kommt obendrauf, die Pistole daneben.
snitch-setup-deal = 5. Mische den Rest und verteile { $count } Karten im Uhrzeigersinn ab dem ersten Platz: { $deal }.
snitch-setup-contacts = 6. Der Rest ist der Kontaktstapel ({ $count } Karten), verdeckt.
snitch-prompt-cards = Karten auslegen (siehe Hilfe), dann „Karten bereit“ tippen.
snitch-prompt-schemes = Alle: Legt einen Plan offen aus und gebt seine Zahl ein.
snitch-prompt-guard = Gebt den Wärter dem gesprächigsten Spieler.
snitch-prompt-soap = Gebt die Seife dem unschuldigsten Spieler: Er beginnt.
snitch-prompt-pass = { $name }: Zug beenden; die Seife geht an { $to }.
snitch-prompt-resolve =
    { $count ->
        [one] { $soap } mischt die 1 Karte + 1 Kontakt; { $name } deckt auf.
       *[other] { $soap } mischt die { $count } Karten + 1 Kontakt; { $name } deckt auf.
    }
snitch-prompt-resolve_knuckles =
    { $count ->
        [one] { $soap } gibt die 1 Karte weiter (ohne Kontakt); { $name } deckt auf.
       *[other] { $soap } mischt die { $count } Karten (ohne Kontakt); { $name } deckt auf.
    }
snitch-prompt-new_scheme_hand = { $name }: Neuen Plan aus der Hand legen.
snitch-prompt-new_scheme_deck = { $name }: Neuen Plan vom Kontaktstapel legen.
snitch-prompt-tie = Gleichstand: { $name } (Seife) wählt, wer die Pistole bekommt.
snitch-prompt-shoot = { $name }: Erschieße einen oder keinen. Spitzel? Zeig ihn: Sieg!
snitch-prompt-escape_first = { $name }: Wer legt die nächste Karte? Erst jeder einmal.
snitch-prompt-escape_more =
    { $left ->
        [one] { $name }: Wer legt noch eine Karte? Es fehlt { $left }.
       *[other] { $name }: Wer legt noch eine Karte? Es fehlen { $left }.
    }
snitch-prompt-escape_reveal = Deckt die 6 Karten auf und gebt ein, was sich zeigt.
snitch-prompt-final_reveal = Alle zeigen ihre Hand: Wer hatte den Spitzel?
snitch-prompt-winners = Gewonnen haben: { $names }.
snitch-prompt-no_winners = Niemand gewinnt.
snitch-line-interrogation =
    { $count ->
        [one] Verhörstapel: 1 Karte
       *[other] Verhörstapel: { $count } Karten
    }
snitch-line-riot_off =
    { $left ->
        [one] Aufstand in { $left } Karte (bei { $at } oder weniger): nur den Nachbarn helfen
       *[other] Aufstand in { $left } Karten (bei { $at } oder weniger): nur den Nachbarn helfen
    }
snitch-line-riot_on = Der Aufstand läuft: Karten unter jeden Plan außer dem eigenen
snitch-line-soap = Seife: { $name }
snitch-line-guard_down = Wärter: { $name } (schweigt), Handschellen verdeckt
snitch-line-guard_up = Wärter: { $name } (schweigt), Handschellen offen: Am Ende von { $name }s Zug wandert der Wärter nach rechts
snitch-line-guard_bribed = Wärter: bestochen, aus dem Spiel bis ein Plan scheitert
snitch-line-gun_pile = Pistole: { $scored } von { $goal } Plänen geschafft
snitch-line-contacts =
    { $count ->
        [one] Kontaktstapel: 1 Karte
       *[other] Kontaktstapel: { $count } Karten
    }
snitch-line-scheme =
    { $needed ->
        [one] { $name }: Plan { $under } von { $needed } Karte{ $extras } · { $hand } auf der Hand
       *[other] { $name }: Plan { $under } von { $needed } Karten{ $extras } · { $hand } auf der Hand
    }
snitch-line-no_scheme = { $name }: kein Plan · { $hand } auf der Hand
snitch-scheme-sideways = quer
snitch-line-stash = Gegenstände im Versteck, verdeckt: { $stashes }
snitch-line-succeeded = { $name }s Plan ist gelungen ({ $backstabs }). Ziehen: { $draws }.
snitch-line-failed = { $name }s Plan ist gescheitert ({ $backstabs }). Ziehen: { $draws }.
snitch-line-key = { $name } hat den Schlüssel benutzt. Ziehen: { $draws }.
snitch-line-cut_short = Der Verhörstapel ging bei { $name }s Karte aus: Die Zeit ist um.
snitch-draw-contacts = { $name } { $count } vom Kontaktstapel
snitch-draw-interrogation = { $name } { $count } vom Verhörstapel
snitch-line-easier = Leichte Regel: Über Verrats-Symbole darf geredet werden.
snitch-line-votes = Stimmen: { $votes }
snitch-line-shot = Erschossen: { $name } (legt keine Karte)
snitch-line-nobody_shot = Niemand wurde erschossen
snitch-line-escape_cards = Unter dem Fluchtweg: { $cards } von { $goal } Karten ({ $names })
snitch-line-escape_result = Flucht: { $plans }, doppelt: { $repeats }, { $backstabs }
snitch-escape_plans =
    { $count ->
        [one] 1 Fluchtplan
       *[other] { $count } Fluchtpläne
    }
snitch-backstab_icons =
    { $count ->
        [one] 1 Verrats-Symbol
       *[other] { $count } Verrats-Symbole
    }
snitch-line-snitch = Der Spitzel: { $name }
snitch-line-no_snitch = Es gab keinen Spitzel
snitch-line-losers = Verloren haben: { $names }
snitch-banner-riot = Gefängnisaufstand!
snitch-banner-gun = Die Pistole ist drin!
snitch-outcome-deck_out = Die Zeit ist um: Der Verhörstapel ist leer.
snitch-outcome-snitch_gun = Der Spitzel hat die Pistole bekommen und gewinnt!
snitch-outcome-escape_failed = Die Flucht ist gescheitert.
snitch-outcome-escape_succeeded = Die Flucht ist gelungen!
snitch-badge-soap = Seife
snitch-badge-voted = hat abgestimmt
snitch-badge-gun = Pistole
snitch-badge-shot = Erschossen
snitch-badge-winner = Gewinner
snitch-badge-snitch = Spitzel
snitch-nobody = niemand
snitch-none = keine
snitch-yes = ja
snitch-no = nein
snitch-board-deck = Verhörstapel
snitch-board-end = Zeit ist um
snitch-board-contacts = Kontaktstapel
snitch-board-gun_pile = Pistole
snitch-board-escape = Fluchtweg
snitch-board-guard = Wärter
snitch-board-handcuffs_up = Handschellen offen
snitch-board-handcuffs_down = Handschellen verdeckt
snitch-board-scheme =
    { $needed ->
        [one] Plan { $required }: { $under } von { $needed } Karte
       *[other] Plan { $required }: { $under } von { $needed } Karten
    }
snitch-board-hand = auf der Hand
snitch-board-stash = Gegenstände im Versteck
snitch-board-cuffs_up = Schellen
snitch-board-cuffs_down = Schellen verdeckt
snitch-seat-hand =
    { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    }
snitch-seat-stash =
    { $count ->
        [one] Versteck { $count }
       *[other] Versteck { $count }
    }
error-snitch_not_your_turn = Das ist jetzt Sache von { $name }.
error-snitch_not_now = Das geht an dieser Stelle des Spiels nicht.
error-snitch_already_acted = { $name } hat schon gehandelt: Seife weitergeben.
error-snitch_no_cards = { $name } hat keine Karte auf der Hand.
error-snitch_own_scheme = Unter den eigenen Plan darfst du keine Karte spielen.
error-snitch_not_neighbour = Vor dem Aufstand hilfst du nur deinen Nachbarn, nicht { $name }.
error-snitch_bad_item = Diesen Gegenstand gibt es nicht.
error-snitch_no_item = { $name } hat keinen Gegenstand im Versteck.
error-snitch_guarded_item = Der Wärter liegt vor dir: keine Gegenstände außer Bestechungsgeld.
error-snitch_no_guard = Der Wärter ist nicht im Spiel: Es gibt niemanden zu bestechen.
error-snitch_item_there = Dieser Gegenstand kann nicht neben { $name }s Plan: Es gibt keinen Plan, oder dort liegt schon einer.
error-snitch_must_act = Erst eine Karte spielen, eine Karte ziehen oder einen Gegenstand benutzen, dann die Seife weitergeben.
error-snitch_nothing_to_refuse = Gerade wurde keine Karte unter deinen Plan gespielt: Es gibt nichts abzulehnen.
error-snitch_guarded_refuse = Der Wärter liegt vor dir: Du darfst keine Hilfe ablehnen.
error-snitch_already_refused = Dieser Plan liegt schon quer: Ablehnen geht nur einmal pro Plan.
error-snitch_bad_flag = Bitte mit Ja oder Nein antworten.
error-snitch_repeats = Ein Gefängniskontakt kann sich erst ab 2 aufgedeckten Kontakten wiederholen.
error-snitch_backstabs = Gib die sichtbaren Verrats-Symbole ein: { $low } bis { $high }.
error-snitch_own_contact = Es wurde keine Karte aufgedeckt, also gleicht keine dem Plan.
error-snitch_has_scheme = { $name } hat schon einen Plan. Zum Ändern rückgängig machen.
error-snitch_bad_required = Gib die Zahl unten rechts auf der Plankarte ein: { $low } bis { $high }.
error-snitch_not_tied = { $name } gehört nicht zu den Spielern mit Gleichstand.
error-snitch_shoot_self = Wer die Pistole hat, kann sich nicht selbst erschießen.
error-snitch_shot_cannot_play = Der Erschossene legt keine Karten zur Flucht.
error-snitch_escape_order = Erst legt jeder eine Karte, dann jemand eine zweite: { $name } noch nicht.
error-snitch_bad_source = Eine Karte kommt aus der Hand oder oben vom Kontaktstapel.
error-snitch_contacts_empty = Der Kontaktstapel ist leer.
error-snitch_escape_plans = Gib die aufgedeckten Fluchtpläne ein: { $low } bis { $high }.
snitch-param-item-binoculars = Fernglas
snitch-param-item-key = Schlüssel
snitch-param-item-knuckle_irons = Schlagring
snitch-param-item-bribe_money = Bestechungsgeld
snitch-param-item-crowbar = Brecheisen
snitch-param-source-hand = Aus der Hand
snitch-param-source-deck = Vom Kontaktstapel
snitch-rules-setup = Aufbau: die Karten wie aufgelistet, jeder legt einen Plan. Der gesprächigste Spieler bekommt den Wärter; der unschuldigste beginnt mit der Seife.
snitch-rules-setup-where = „The Scheming Begins“, „Game Play“
snitch-rules-turn = Dein Zug (du hast die Seife): eine Karte unter einen Plan spielen, eine Karte ziehen oder einen Gegenstand benutzen; dann die Seife nach links geben.
snitch-rules-turn-where = „During your Turn“, „Pass the Bar of Soap“
snitch-rules-scheme = Ein Plan mit seinen Karten wird aufgedeckt: alle Gefängniskontakte verschieden und höchstens ein Verrat-Symbol ist ein Erfolg; sonst scheitert er, es wird aus dem Verhörstapel gezogen und der Wärter kommt zu seinem Besitzer.
snitch-rules-scheme-where = „Completing a Scheme“, „Getting Caught“
snitch-rules-riot = Der Aufstand: Mit 7 oder weniger Karten im Verhörstapel darf eine Karte unter jeden Plan außer den eigenen; vorher nur unter die der Nachbarn.
snitch-rules-riot-where = „The Prison Riot Begins“
snitch-rules-gun = Die Pistole: Nach dem fünften gelungenen Plan stimmen alle ab, wer sie bekommt; bekommt sie der Spitzel, gewinnt er. Wer sie hat, darf einen Spieler erschießen.
snitch-rules-gun-where = „Who Gets the Gun“, „Pulling the Trigger or Not“
snitch-rules-escape = Die Flucht: 6 Karten von Spielern, die der Pistolenträger wählt, zuerst jeder außer dem Erschossenen einmal. Alle verschieden und höchstens ein Verrat-Symbol: Sie gelingt.
snitch-rules-escape-where = „The Escape“
snitch-rules-end = Das Ende: Ist der Verhörstapel leer, endet das Spiel sofort: Der Spitzel gewinnt, ohne Spitzel verlieren alle. Sonst entscheidet die Flucht.
snitch-rules-end-where = „End of the Game“
snitch-speech-riot =
    { $count ->
        [one] Gefängnisaufstand! Im Verhörstapel ist nur noch 1 Karte.
       *[other] Gefängnisaufstand! Im Verhörstapel sind nur noch { $count } Karten.
    }
snitch-speech-guard = Der Wärter geht zu { $name }.
snitch-speech-guard_away = Der Wärter verlässt den Tisch.
snitch-speech-succeeded = { $name }s Plan ist gelungen.
snitch-speech-failed = { $name }s Plan ist gescheitert.
snitch-speech-key = { $name } hat den Schlüssel benutzt.
snitch-speech-draw_contacts =
    { $count ->
        [one] { $name } zieht 1 Karte vom Kontaktstapel.
       *[other] { $name } zieht { $count } Karten vom Kontaktstapel.
    }
snitch-speech-draw_interrogation =
    { $count ->
        [one] { $name } zieht 1 Karte vom Verhörstapel.
       *[other] { $name } zieht { $count } Karten vom Verhörstapel.
    }
result-snitch-snitch = der Spitzel
result-snitch-shot = erschossen
result-snitch-escaped = entkommen
result-snitch-ending-deck_out = die Zeit lief ab
result-snitch-ending-snitch_gun = der Spitzel bekam die Pistole
result-snitch-ending-escape_failed = die Flucht scheiterte
result-snitch-ending-escape_succeeded = die Flucht gelang
stats-snitch_won =
    { $count ->
        [one] Der Spitzel gewann { $wins } von 1 Spiel ({ $rate }).
       *[other] Der Spitzel gewann { $wins } von { $count } Spielen ({ $rate }).
    }
# Das Handy eines Spielers: sein eigenes Versteck, dort notiert (sein Geheimnis)

snitch-action-record_item = Gegenstand im Versteck notieren
snitch-phone-stash = Dein Versteck: { $items }
snitch-phone-unnoted =
    { $count ->
        [one] { $count } Gegenstand in deinem Versteck noch nicht notiert
       *[other] { $count } Gegenstände in deinem Versteck noch nicht notiert
    }
error-snitch_all_noted = Alle Gegenstände in { $name }s Versteck sind schon notiert.
snitch-prompt-turn_neighbours = { $name }: Karte unter einen Nachbarplan spielen oder ziehen.
snitch-prompt-turn_neighbours_stash = { $name }: Nachbarn helfen, ziehen oder Gegenstand nutzen.
snitch-prompt-turn_riot = { $name }: Karte unter einen fremden Plan spielen oder ziehen.
snitch-prompt-turn_riot_stash = { $name }: Jemandem helfen, ziehen oder Gegenstand nutzen.
snitch-prompt-draw_only = { $name }: Keine Karte auf der Hand: eine ziehen.
snitch-prompt-draw_only_stash = { $name }: Karte ziehen oder Gegenstand nutzen.
snitch-prompt-pass_draw = Jetzt ziehen. { $name }: Zug beenden; Seife an { $to }.
snitch-prompt-refuse = { $name } darf die Karte ablehnen; dann { $soap }: Zug beenden.
snitch-prompt-new_scheme_hand_draw = Jetzt ziehen. { $name }: Neuen Plan aus der Hand legen.
snitch-prompt-new_scheme_deck_draw = Jetzt ziehen. { $name }: Neuen Plan vom Kontaktstapel legen.
snitch-prompt-new_scheme_failed = { $name }: Plan verdeckt verstecken, neuer vom Kontaktstapel.
snitch-prompt-new_scheme_failed_draw = Jetzt ziehen. { $name }: Plan verstecken, neuer vom Kontaktstapel.
snitch-line-turn = Zug { $turn }
snitch-line-helps = { $name } darf helfen: { $names }
snitch-line-harder = Schwere Regel: Sagt auch, ob eine aufgedeckte Karte dem Kontakt des Plans gleicht.
snitch-line-escape_first = Noch keine Karte gelegt: { $names }
snitch-badge-tied = gleichauf
snitch-board-deck_short = Verhör
snitch-board-riot_in = Aufstand in { $count }
snitch-board-riot_on = Aufstand!
snitch-board-contacts_short = Kontakte
snitch-board-gun_pile_short = Pistole
snitch-board-escape_short = Flucht
snitch-board-stash_token =
    { $count ->
        [one] 1 Gegenstand verdeckt
       *[other] { $count } Gegenstände verdeckt
    }
snitch-board-draws = Jetzt ziehen
snitch-board-draws_contacts = Kontakte: { $draws }
snitch-board-draws_interrogation = Verhör: { $draws }
snitch-seat-scheme = Plan { $under }/{ $needed }
snitch-seat-no_scheme = kein Plan
snitch-score-gun = mit der Pistole gewonnen
snitch-score-snitch_won = als Spitzel gewonnen
snitch-score-snitch_lost = Spitzel, zurückgelassen
snitch-score-snitch_shot = Spitzel, erschossen
snitch-score-shot = erschossen
snitch-score-escaped = entkommen
snitch-score-escape_failed = Flucht gescheitert
snitch-score-time_up = Zeit abgelaufen
snitch-score-snitch_gun = Spitzel bekam die Pistole
snitch-done-cards_ready = Die Karten wurden ausgelegt
snitch-done-scheme =
    { $required ->
        [one] { $name } hat einen Plan mit 1 Karte gelegt
       *[other] { $name } hat einen Plan mit { $required } Karten gelegt
    }
snitch-done-pick_guard = { $seat } hat den Wärter bekommen
snitch-done-pick_soap = { $seat } hat die Seife bekommen und begonnen
snitch-done-play_card = { $name } hat eine Karte unter { $target }s Plan gespielt
snitch-done-draw_card = { $name } hat eine Karte gezogen
snitch-done-refuse = { $name } hat die Karte abgelehnt
snitch-done-new_scheme =
    { $required ->
        [one] { $name } hat einen neuen Plan mit 1 Karte gelegt
       *[other] { $name } hat einen neuen Plan mit { $required } Karten gelegt
    }
snitch-done-open_vote = Handzeichen: { $target } hat die Pistole bekommen
snitch-done-break_tie = { $name } hat { $target } die Pistole gegeben
snitch-done-shoot = { $name } hat { $target } erschossen
snitch-done-hold_fire = { $name } hat niemanden erschossen
snitch-done-snitch_has_gun = { $name } hat den Spitzel gezeigt und mit der Pistole gewonnen
snitch-done-reveal_snitch = { $seat } hatte den Spitzel
snitch-done-no_snitch = Niemand hatte den Spitzel
snitch-log-pass_soap = { $name } hat die Seife an { $to } weitergegeben
snitch-log-reveal_succeeded = { $name }s Plan ist gelungen ({ $shown })
snitch-log-reveal_failed = { $name }s Plan ist gescheitert ({ $shown })
snitch-log-escape_succeeded = Die Flucht ist gelungen ({ $shown })
snitch-log-escape_failed = Die Flucht ist gescheitert ({ $shown })
snitch-log-repeats = ein Gefängniskontakt doppelt
snitch-log-own_contact = eine Karte glich dem Kontakt des Plans
snitch-log-escape_card_hand = { $name } hat eine Fluchtkarte aus der Hand gelegt
snitch-log-escape_card_deck = { $name } hat eine Fluchtkarte vom Kontaktstapel gelegt
snitch-line-resolve =
    { $count ->
        [one] { $soap }: Nimm die 1 Karte unter { $name }s Plan ungesehen auf, lege die oberste Karte des Kontaktstapels dazu, mische sie unter dem Tisch und gib sie { $name }. { $name }: Decke sie einzeln auf und gib dann ein, was zu sehen war.
       *[other] { $soap }: Nimm die { $count } Karten unter { $name }s Plan ungesehen auf, lege die oberste Karte des Kontaktstapels dazu, mische sie unter dem Tisch und gib sie { $name }. { $name }: Decke sie einzeln auf und gib dann ein, was zu sehen war.
    }
snitch-line-resolve_knuckles =
    { $count ->
        [one] { $soap }: Nimm die 1 Karte unter { $name }s Plan ungesehen auf (keine zufällige Karte dazu) und gib sie { $name }. { $name }: Decke sie auf und gib dann ein, was zu sehen war.
       *[other] { $soap }: Nimm die { $count } Karten unter { $name }s Plan ungesehen auf (keine zufällige Karte dazu), mische sie unter dem Tisch und gib sie { $name }. { $name }: Decke sie einzeln auf und gib dann ein, was zu sehen war.
    }
snitch-line-may_refuse = { $name } darf diese Karte ablehnen (Plan quer drehen).
snitch-score-snitch_shot_won = erschossen, als Spitzel gewonnen
