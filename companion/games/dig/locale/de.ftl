### The words of the game dig, in German.

dig-title = Grab dich frei
dig-option-michel = Michel oder Michelle
dig-option-michel-none = Keiner von beiden
dig-option-michel-michel = Michel
dig-option-michel-michelle = Michelle
dig-option-teams = Teamvariante
dig-option-teams-off = Aus
dig-option-teams-alternate = Plätze abwechselnd A, B, A, B
dig-option-teams-halves = Erste Hälfte der Plätze ist Team A
dig-option-counters = Zigaretten, Gangs und Hintergründe zählen
dig-action-roll = Würfeln
dig-action-cautious_move = Vorsichtig bewegen
dig-action-gang_move = Zum Gang-Kameraden
dig-action-search = Durchsuchen
dig-action-extort = Erpressen
dig-action-dig = Graben
dig-action-craft = Herstellen
dig-action-sell = Verkaufen
dig-action-buy = Kaufen
dig-action-heal = Heilen
dig-action-steal_spoon = Löffel klauen
dig-action-join_gang = Gang beitreten
dig-action-play_card = Karte ausspielen
dig-action-exchange = Austauschen
dig-action-end_turn = Zug beenden
dig-action-reveal_background = Hintergrund aufdecken
dig-action-adjust = Zähler korrigieren
dig-action-relocate = Knacki versetzen
dig-action-set_face = Plan korrigieren
dig-action-learn_face = Orte nennen
dig-action-go = Dorthin gehen
dig-action-roll_michel = Für Michel(le) würfeln
dig-action-skip_michel = Stehen lassen
dig-action-michel_card = Michel-Karte gezogen
dig-action-cooperate = Kooperieren
dig-action-fight = Kämpfen
dig-action-give_up = Aufgeben
dig-action-help = Helfen
dig-param-dice = Würfel
dig-param-place = Ort
dig-param-places = Die zwei Orte
dig-param-teammate = Teamkamerad
dig-param-target = Wen erpressen
dig-param-tool = Werkzeug
dig-param-points = Tunnelpunkte auf der Karte
dig-param-item = Was herstellen
dig-param-cigarettes = Zigaretten auf den verkauften Karten
dig-param-deal = Transaktion
dig-param-gang = Gang
dig-param-seat = Knacki
dig-param-what = Zähler
dig-param-delta = Ändern um
dig-param-face = Würfelzahl
dig-param-knife = Zeigt sie ein Messer?
dig-param-by = Wer spielt die Waffe
dig-param-has_tool = Hat das Werkzeug auf der Hand
dig-param-hand = Karten auf der Hand
dig-param-loser = Wer gibt auf
dig-param-side = Hilft dem
dig-param-card = Welche Karte (von links gezählt)
dig-place-cell_block = Zellenblock
dig-place-cell_block_a = Zellenblock A
dig-place-cell_block_b = Zellenblock B
dig-place-cafeteria = Cafeteria
dig-place-recreational_area = Aufenthaltsraum
dig-place-infirmary = Krankenstation
dig-place-showers = Duschen
dig-tool-spoon = Löffel
dig-tool-pickaxe = Spitzhacke
dig-tool-shovel = Schaufel
dig-item-knives = 2 Messer
dig-item-pickaxe = 1 Spitzhacke
dig-item-shovel = 1 Schaufel
dig-deal-knife = 1 Messer für 2 Zigaretten
dig-deal-two_knives = 2 Messer für 5 Zigaretten
dig-deal-pickaxe = 1 Spitzhacke für 6 Zigaretten
dig-deal-shovel = 1 Schaufel für 8 Zigaretten
dig-gang-bikers = Bikers
dig-gang-bratva = Bratva
dig-gang-cartel = Cartel
dig-gang-crew = Crew
dig-gang-queers = Queers
dig-gang-triad = Triad
dig-counter-tunnel = Tunnelpunkte
dig-counter-beatings = Prügel
dig-counter-cigarettes = Zigaretten
dig-side-attacker = Angreifer
dig-side-defender = Verteidiger
dig-michel-michel = Michel
dig-michel-michelle = Michelle
dig-team-a = Team A
dig-team-b = Team B
dig-headline-turn = { $name } ist dran
dig-headline-michel = { $name } darf { $michel } bewegen
dig-headline-michel_extortion = { $michel } erpresst { $name }
dig-headline-extortion = { $name } erpresst { $other }
dig-line-tunnel = { $points }/{ $goal } Tunnelpunkte
dig-line-tunnel_own = Tunnelpunkte: { $points }
dig-line-beatings = Prügel: { $n }
dig-line-cigarettes =
    { $n ->
        [one] { $n } Zigarette
       *[other] { $n } Zigaretten
    }
dig-line-background = Hintergrund aufgedeckt
dig-line-in_team = { $name } ({ $team })
dig-line-team_tunnel = { $team }: { $points }/{ $goal } Tunnelpunkte
dig-line-michel = { $michel }: { $place }
dig-line-actions = Aktionen übrig: { $left } von { $total }
dig-line-used = schon genutzt: { $actions }
dig-line-goal = Tunnelpunkte zum Sieg: { $goal }
dig-line-unknown_faces = Würfelzahlen noch ohne Orte: { $faces }
dig-banner-wins = { $name } gräbt sich mit { $goal } Tunnelpunkten frei und gewinnt!
dig-banner-team_wins = { $team } gräbt sich mit { $goal } Tunnelpunkten frei und gewinnt!
dig-prompt-over = Alarm! Alle anderen kommen in den Hochsicherheitstrakt.
dig-prompt-ask_face = Welche zwei Orte stehen auf dem Spielplan neben der { $face }?
dig-prompt-or = { " " }oder{ " " }
dig-prompt-choose_place = Wohin geht { $mover }: { $places }?
dig-prompt-michel = Für { $michel } würfeln oder stehen lassen?
dig-prompt-michel_draw = Eine Michel-Karte ziehen: Zeigt sie ein Messer?
dig-prompt-michel_draw_again = Noch eine Michel-Karte ziehen: Zeigt sie ein Messer?
dig-prompt-michel_threat = Messer! Kooperieren (Werkzeug abwerfen), kämpfen oder aufgeben?
dig-prompt-michel_fight = Wieder ein Messer! Mit noch einer Waffe kämpfen oder aufgeben?
dig-prompt-threat = { $other }: kooperieren ({ $tool }), kämpfen oder aufgeben?
dig-prompt-combat = Kampf: Waffen abwechselnd, { $other } zuerst. Wer gibt auf?
dig-prompt-no_actions = Keine Aktionen mehr: Zug beenden (höchstens { $n } Handkarten).
dig-prompt-turn =
    { $left ->
        [one] Noch { $left } Aktion: würfeln oder eine Aktion wählen.
       *[other] Noch { $left } Aktionen: würfeln oder eine Aktion wählen.
    }
dig-badge-winner = Sieg
dig-board-faces = Würfel: { $faces }
dig-board-actions_left = Aktionen übrig
dig-board-tunnel = Tunnel
dig-seat-beatings =
    { $count ->
        [one] Prügel { $count }
       *[other] Prügel { $count }
    }
dig-seat-cigarettes =
    { $count ->
        [one] { $count } Zigarette
       *[other] { $count } Zigaretten
    }
dig-seat-actions_left =
    { $count ->
        [one] { $count } Aktion übrig
       *[other] { $count } Aktionen übrig
    }
dig-note-teams_off = Die Teamvariante braucht 4 oder 6 Spieler; { $n } spielen ohne Teams.
dig-note-search = { $name }: zieh die Suchkarten, die am Ort { $place } angegeben sind.
dig-note-forced = { $name } stand schon an einem der Orte: die { $face } führt zum Ort { $place }.
dig-note-learned = Gemerkt: die Orte neben der { $face } auf dem Spielplan.
dig-note-hand_limit = { $name }: am Ende des Zuges höchstens { $n } Handkarten; den Rest abwerfen.
dig-note-michel_won = { $name } gewinnt den Kampf und darf 1 Suchkarte ziehen.
dig-note-michel_avoided = Kein Messer: { $name } kann eine Konfrontation vermeiden.
dig-note-michel_cooperate = { $name } wirft eines der auf der Michel-Karte abgebildeten Werkzeuge ab.
dig-note-cooperate = { $name } gibt { $other } das Werkzeug: { $tool }.
dig-note-michel_lost = { $name } verliert den Kampf und erhält eine Tracht Prügel.
dig-note-lost = { $name } verliert den Kampf gegen { $other } und erhält eine Tracht Prügel.
dig-note-helper_beaten = { $name } hat dem Verlierer geholfen und erhält auch eine Tracht Prügel.
dig-note-discard_tool = { $name } wirft eines der auf der ersten Michel-Karte abgebildeten Werkzeuge ab.
dig-note-give_tool = { $name } gibt { $other } das geforderte Werkzeug: { $tool }.
dig-note-random_discard = { $name } wirft eine zufällige Handkarte ab.
dig-note-random_discard_n = { $name } wirft Karte { $n } von { $hand } ab, von links gezählt, die Hand verdeckt gehalten.
dig-note-random_take = { $other } zieht eine zufällige Handkarte von { $name }.
dig-note-random_take_n = { $other } nimmt von { $name } Karte { $n } von { $hand }, von links gezählt, verdeckt.
dig-note-empty_hand = { $name } hat keine Karte mehr, die verloren gehen kann.
dig-note-take_from_helper = { $name } darf eine zufällige Handkarte von { $other } nehmen.
dig-reading-team_board = Teamvariante: Eine Würfelzahl, die zum Zellenblock führt, führt zu Zellenblock A und B; es gilt die Zuordnung der normalen Seite.
dig-reading-team_start = Teamvariante: Jeder Knacki beginnt im Zellenblock seines Teams.
dig-reading-team_seats = Teamvariante: Die Plätze wechseln A, B, A, B, oder die erste Hälfte der Plätze ist Team A, je nach Wahl.
dig-reading-team_count = Die Teamvariante wird nur mit 4 oder 6 Spielern gespielt; bei anderer Anzahl wird ohne Teams gespielt.
dig-reading-team_tunnel = Teamvariante: Die Tunnelpunkte eines Teams sind die Summe der Punkte seiner Knackis.
dig-reading-michel_order = Michel(le) erpresst zuerst den Spieler, der sie/ihn bewegt hat, falls er dort steht, dann die anderen im Uhrzeigersinn.
dig-reading-michel_helpers = Teamvariante: Ein Teamkamerad am selben Ort darf für das Opfer von Michel(le) eine Waffe spielen; verliert das Opfer, erhält jeder Helfer auch eine Tracht Prügel.
dig-reading-dig_points = Die Tunnelpunkte eines Werkzeugs stehen auf seiner Karte: beim Graben eingeben (1 bis 5).
dig-reading-heal_needs_beating = Heilen wird nur einem Knacki mit Prügel angeboten.
dig-reading-beatings_always = Prügel werden immer gezählt (sie verbieten Herstellen und Graben); Zigaretten, Gangs und Hintergründe nur, wenn gewählt.
dig-reading-relocate = Einen Knacki von Hand woanders hinstellen (für die Wirkung einer Karte) kostet keine Aktion und löst keine Erpressung aus.
error-dig_bad_board = Die Zuordnung gibt jeder Würfelzahl von 1 bis 6 zwei Orte.
error-dig_bad_pair = Nenne zwei verschiedene Orte, die auf dem Spielplan sind.
error-dig_same_place = Wähle einen anderen Ort.
error-dig_face_one = Laut Spielregel steht die 1 beim Zellenblock und bei der Cafeteria.
error-dig_bad_places = Höchstens { $most } weitere Orte, jeder mit eigenem Namen und ohne +.
error-dig_not_now = Das geht in diesem Schritt nicht.
error-dig_not_your_turn = Dieser Knacki ist gerade nicht dran.
error-dig_no_actions =
    { $cost ->
        [one] Das braucht { $cost } Aktion; { $left } übrig.
       *[other] Das braucht { $cost } Aktionen; { $left } übrig.
    }
error-dig_not_gang_mate = Nur zu einem Teamkameraden derselben Gang an einem anderen Ort.
error-dig_search_once = Durchsuchen nur einmal pro Spielzug.
error-dig_extort_once = Erpressung nur einmal pro Spielzug.
error-dig_not_here = Erpresse einen Knacki am selben Ort.
error-dig_dig_place = Graben nur im eigenen Zellenblock.
error-dig_craft_place = Kein Herstellen im eigenen Zellenblock oder in den Duschen.
error-dig_only_in_recreational_area = Nur im Aufenthaltsraum.
error-dig_only_in_infirmary = Nur in der Krankenstation.
error-dig_only_in_cafeteria = Nur in der Cafeteria.
error-dig_beaten_dig = Mit 2x Prügel kannst Du nicht graben.
error-dig_beaten_craft = Mit Prügel kannst Du nichts herstellen.
error-dig_no_cigarettes = Das kostet { $price } Zigaretten; Du hast { $have }.
error-dig_no_beating = Es gibt keine Prügel zu heilen.
error-dig_not_team_mate = Nur mit einem Teamkameraden am selben Ort.
error-dig_no_counters = Hintergründe werden nur mit den Zählern gezählt.
error-dig_background_shown = Eine Hintergrundkarte wird nur einmal pro Spiel aufgedeckt.
error-dig_bad_adjust = Tunnelpunkte und Zigaretten nicht unter 0, Prügel nur von 0 bis 2.
error-dig_say_knife = Sag, ob die Michel-Karte ein Messer zeigt.
error-dig_not_fighting = Nur wer kämpft, kann aufgeben.
error-dig_bad_value = Diese Antwort passt nicht.
error-dig_bad_choice = Diese Wahl gibt es nicht.
error-dig_bad_number = Gib eine ganze Zahl von { $low } bis { $high } ein.
dig-param-place-cell_block = Zellenblock
dig-param-places-cell_block = Zellenblock
dig-param-place-cell_block_a = Zellenblock A
dig-param-places-cell_block_a = Zellenblock A
dig-param-place-cell_block_b = Zellenblock B
dig-param-places-cell_block_b = Zellenblock B
dig-param-place-cafeteria = Cafeteria
dig-param-places-cafeteria = Cafeteria
dig-param-place-recreational_area = Aufenthaltsraum
dig-param-places-recreational_area = Aufenthaltsraum
dig-param-place-infirmary = Krankenstation
dig-param-places-infirmary = Krankenstation
dig-param-place-showers = Duschen
dig-param-places-showers = Duschen
dig-param-tool-spoon = Löffel
dig-param-tool-pickaxe = Spitzhacke
dig-param-tool-shovel = Schaufel
dig-param-item-knives = 2 Messer
dig-param-item-pickaxe = 1 Spitzhacke
dig-param-item-shovel = 1 Schaufel
dig-param-deal-knife = 1 Messer für 2 Zigaretten
dig-param-deal-two_knives = 2 Messer für 5 Zigaretten
dig-param-deal-pickaxe = 1 Spitzhacke für 6 Zigaretten
dig-param-deal-shovel = 1 Schaufel für 8 Zigaretten
dig-param-gang-bikers = Bikers
dig-param-gang-bratva = Bratva
dig-param-gang-cartel = Cartel
dig-param-gang-crew = Crew
dig-param-gang-queers = Queers
dig-param-gang-triad = Triad
dig-param-what-tunnel = Tunnelpunkte
dig-param-what-beatings = Prügel
dig-param-what-cigarettes = Zigaretten
dig-param-side-attacker = Angreifer
dig-param-side-defender = Verteidiger
dig-help-buttons = Knöpfe: ROLL würfelt für eine Bewegung (oder am Ende des Zugs für Michel(le)). CONFIRM beendet den Zug (oder lässt Michel(le) stehen). UNDO nimmt den letzten Schritt zurück; gehalten stellt es ihn wieder her.
dig-setup-board = 1. Der Spielplan in die Mitte, Blackgate nach oben.
dig-setup-board-done = Spielplan liegt
dig-setup-board_teams = 1. Der Spielplan in die Mitte, die Team-Seite nach oben (Zellenblock A und B).
dig-setup-board_teams-done = Spielplan liegt
dig-setup-tools = 2. Löffel, Messer, Spitzhacken und Schaufeln: je ein Stapel, offen auf ihrem Platz.
dig-setup-tools-done = Werkzeugstapel liegen
dig-setup-gangs = 3. Die Karten jeder Gang gemischt als Stapel, offen auf ihrem Platz.
dig-setup-gangs-done = Gangstapel liegen
dig-setup-search = 4. Die Suchkarten gemischt, verdeckt auf ihrem Platz; der Ablagestapel daneben.
dig-setup-search-done = Suchstapel liegt
dig-setup-tokens = 5. Zigaretten- und Prügel-Marker neben dem Spielplan, für alle erreichbar.
dig-setup-tokens-done = Marker bereit
dig-setup-standees = 6. Jeder Knacki wählt einen Aufsteller, legt sein Tableau vor sich und stellt sich in den Zellenblock.
dig-setup-standees-done = Aufsteller im Zellenblock
dig-setup-standees_teams = 6. Jeder Knacki wählt einen Aufsteller, legt sein Tableau vor sich und stellt sich in den Zellenblock seines Teams (A oder B).
dig-setup-standees_teams-done = Aufsteller in ihren Zellenblöcken
dig-setup-background = 7. Jeder Knacki zieht eine Hintergrundkarte, geheim: jederzeit selbst einsehbar.
dig-setup-background-done = Hintergründe gezogen
dig-setup-hand = 8. Jeder Knacki zieht 3 Suchkarten als Kartenhand.
dig-setup-hand-done = Je 3 Suchkarten
dig-setup-michel = 9. { $michel } steht in den Duschen; die 8 Michel-Karten gemischt als verdeckter Stapel neben dem Spielplan, in der Nähe der Duschen.
dig-setup-michel-done = Michel(le) in den Duschen
dig-prompt-pick_first = Wer hat die eindrucksvollste Narbe? Sie oder er beginnt.
dig-action-pick_first = Wer beginnt?
dig-param-first = Die eindrucksvollste Narbe (Überspringen: zufällig)
dig-rules-setup = Aufbau: wie die Aufbau-Liste sagt. Der Spieler mit der eindrucksvollsten Narbe beginnt; dann geht es im Uhrzeigersinn.
dig-rules-setup-where = „Spielvorbereitung“, „Startspieler“
dig-rules-turn = Dein Zug: bis zu 2 Aktionen. Standardaktionen überall, ortsgebundene Aktionen nur an ihrem Ort. Die Hintergrundkarte aufdecken kostet keine Aktion.
dig-rules-turn-where = „Bist Du an der Reihe“
dig-rules-move = Bewegen: Eine normale Bewegung würfelt und geht zu einem der beiden Orte neben der Zahl, nie an Ort und Stelle bleiben. Eine vorsichtige Bewegung (2 Aktionen) geht überallhin. Durchsuchen einmal pro Zug.
dig-rules-move-where = „Normale Bewegung“, „Vorsichtige Bewegung“, „Durchsuchen“
dig-rules-dig = Graben: nur im eigenen Zellenblock, mit Werkzeug; seine Tunnelpunkte kommen auf deine Leiste. Herstellen, Kaufen und Löffel klauen nehmen Werkzeug von den Stapeln.
dig-rules-dig-where = „Graben“, „Herstellen“
dig-rules-extortion = Erpressung, einmal pro Zug, nur mit einer Waffenkarte auf der Hand: eine Waffe vor einem Knacki am selben Ort ausspielen und ein Werkzeug fordern (Löffel, Spitzhacke oder Schaufel). Hat das Opfer es, kann es kooperieren und es abgeben: kein Kampf. Sonst, oder wenn es nicht kooperiert, ein Kampf: Der Verlierer erhält eine Tracht Prügel, und der Sieger nimmt eine Karte von ihm, das geforderte Werkzeug, wenn der Verteidiger verliert und es hat, sonst eine zufällige. Mit 1x Prügel kein Herstellen, mit 2x auch kein Graben. Die Krankenstation heilt eine.
dig-rules-extortion-where = „Erpressung“, „Einschüchterung“, „Kampf“
dig-rules-michel = Michel(le): startet in den Duschen; am Ende eines Zugs darf er oder sie mit einer normalen Bewegung bewegt werden und erpresst alle am Zielort und jeden, der dort ankommt.
dig-rules-michel-where = „Michel und Michelle“
dig-rules-end = Das Ende: Wer zuerst die Tunnelpunkte hat, gewinnt sofort: 12 bei 2 oder 3 Spielern, 10 bei 4, 8 bei 5 oder 6 (Teams: 16 bei 4, 20 bei 6).
dig-rules-end-where = „Spielziel“, „Teamvariante“
dig-action-pile_empty = Stapel leer
dig-action-pile_filled = Stapel wieder da
dig-param-pile = Welcher Stapel?
dig-param-pile-knife = Messer
dig-param-pile-pickaxe = Spitzhacken
dig-param-pile-shovel = Schaufeln
dig-param-pile-spoon = Löffel
dig-line-empty = Leere Stapel: { $piles }
error-dig_pile_empty = Dieser Stapel ist leer: Niemand kann davon nehmen, bis er wieder aufgefüllt ist (Anpassen: Ein Werkzeugstapel ist wieder da).
error-dig_all_empty = Alle Werkzeugstapel sind schon als leer markiert.
error-dig_none_empty = Kein Werkzeugstapel ist als leer markiert.
dig-speech-michel_moves = { $michel } geht zum Ort { $place }.
dig-speech-michel_extorts = { $michel } erpresst { $name }.
settings-dig_title = Grab dich frei: der Spielplan
settings-dig_note = Jede Würfelzahl führt zu zwei Orten, die auf eurem Spielplan stehen. Cellmate fragt beim ersten Wurf einer Zahl danach und merkt sich die Antwort hier. Tippe auf eine Zahl, um sie zu berichtigen.
settings-dig_unknown = noch unbekannt
settings-dig_face_title = Welche zwei Orte stehen neben der { $face }?
settings-dig_forget = Unbekannt
settings-dig_places = Weitere Orte
settings-dig_no_places = keine
settings-dig_add_place = Ort hinzufügen
settings-dig_place_title = Name des neuen Orts
settings-dig_export = Plan exportieren
settings-dig_exported = Plan gespeichert: { $name }, im Ordner der gespeicherten Spiele
settings-dig_export_failed = Der Plan konnte nicht gespeichert werden: { $reason }
settings-dig_saved = Zahl { $face }: { $places }
settings-dig_forgotten = Zahl { $face } ist jetzt unbekannt
dig-headline-rolled = { $name } hat eine { $face } gewürfelt
dig-headline-escaped = { $name } ist geflohen!
dig-prompt-choose_place_short = Wohin geht { $mover }? Einen markierten Ort wählen.
dig-short-cell_block = Zellen
dig-short-cell_block_a = Block A
dig-short-cell_block_b = Block B
dig-short-cafeteria = Cafeteria
dig-short-recreational_area = Aufenthalt
dig-short-infirmary = Kranken
dig-short-showers = Duschen
dig-figure-tunnel = Tunnel { $points }/{ $goal }
dig-figure-tunnel_own = Tunnel { $points }
dig-figure-beatings =
    { $count ->
        [0] keine Prügel
       *[other] { $count }x Prügel
    }
dig-board-team = Team
dig-board-team_tunnel = Tunnelpunkte des Teams
dig-score-tunnel =
    { $points ->
        [one] { $points } Tunnelpunkt
       *[other] { $points } Tunnelpunkte
    }
dig-score-part = { $name } { $points }
dig-outcome-escaped = geflohen
dig-outcome-found = Tunnel entdeckt
dig-log-knife = { $name } zog eine Michel-Karte mit Messer.
dig-log-no_knife = { $name } zog eine Michel-Karte ohne Messer.
dig-log-fight_for = { $name } spielte eine Waffe für { $other }.
dig-done-roll = { $name } würfelte eine { $dice } für die Bewegung.
dig-done-cautious_move = { $name } bewegte sich vorsichtig zum Ort { $place }.
dig-done-gang_move = { $name } ging zu { $teammate } aus der eigenen Gang.
dig-done-search = { $name } hat durchsucht.
dig-done-extort = { $name } forderte von { $target } das Werkzeug: { $tool }.
dig-done-dig =
    { $points ->
        [one] { $name } grub { $points } Tunnelpunkt mit dem Werkzeug: { $tool }.
       *[other] { $name } grub { $points } Tunnelpunkte mit dem Werkzeug: { $tool }.
    }
dig-done-craft = { $name } stellte her: { $item }.
dig-done-sell =
    { $cigarettes ->
        [one] { $name } verkaufte Karten für { $cigarettes } Zigarette.
       *[other] { $name } verkaufte Karten für { $cigarettes } Zigaretten.
    }
dig-done-buy = { $name } kaufte { $deal }.
dig-done-heal = { $name } ließ eine Tracht Prügel heilen.
dig-done-steal_spoon = { $name } klaute einen Löffel.
dig-done-join_gang = { $name } trat der Gang { $gang } bei.
dig-done-play_card = { $name } spielte eine Aktionskarte aus.
dig-done-exchange = { $name } tauschte mit { $teammate }.
dig-done-end_turn = { $name } beendete den Zug.
dig-done-pile_empty = Ein Stapel war leer: { $pile }.
dig-done-pile_filled = Ein Stapel war wieder da: { $pile }.
dig-done-reveal_background = { $seat } deckte die Hintergrundkarte auf.
dig-done-adjust = { $seat }: { $what } um { $delta } korrigiert.
dig-done-relocate = { $seat } wurde versetzt zum Ort { $place }.
dig-done-set_face = Plan korrigiert: Die { $face } führt zu { $places }.
dig-done-learn_face = Der Würfel führt zu { $places }: gemerkt.
dig-done-go = { $name } wählte den Ort { $place }.
dig-done-roll_michel = { $name } würfelte eine { $dice } für Michel(le).
dig-done-skip_michel = { $name } ließ Michel(le) stehen.
dig-done-michel_card = { $name } zog eine Michel-Karte.
dig-done-cooperate = { $name } kooperierte.
dig-done-fight = { $name } kämpfte.
dig-done-give_up = { $name } gab auf.
dig-done-help = { $seat } half dem { $side }.
dig-prompt-check =
    { $count ->
        [one] Spiel aufbauen: den letzten Schritt antippen, wenn erledigt.
       *[other] Spiel aufbauen: jeden erledigten Schritt antippen (noch { $count }).
    }
