### The table's seats and names, in German.

error-table_not_list = Die Spieler müssen eine Liste von Namen sein.
error-table_count = An einem Tisch sitzen { $low } bis { $high } Spieler, nicht { $count }.
error-table_not_name = Spieler { $seat } muss ein Name sein.
error-table_no_name = Spieler { $seat } braucht einen Namen.
error-table_long_name = Der Name von Spieler { $seat } ist länger als { $max } Zeichen.
error-table_colour = { $name } hat eine Farbe, die Cellmate nicht kennt.
error-table_same_name = Zwei Spieler heißen { $name }. Gebt ihnen verschiedene Namen.
error-table_same_colour = Zwei Spieler haben dieselbe Farbe.
error-table_same_letter = Zwei Spieler haben denselben Buchstaben.
error-table_bad_name = Der Name von Spieler { $seat } enthält ein Zeichen, das sich nicht anzeigen lässt. Bitte mit Buchstaben, Ziffern oder Emoji neu eingeben.
error-table_letter = { $name }: Ein Buchstabe ist ein Buchstabe oder eine Ziffer.
