### The words of the example game (the coin toss), in German.

coin-title = Münzwurf
coin-option-target = Punkte zum Sieg
coin-param-side = Welche Seite?
coin-param-side-heads = Kopf
coin-param-side-tails = Zahl
coin-action-toss = Münze werfen
coin-action-concede = Aufgeben
coin-headline-turn = { $name }: Münze werfen
coin-headline-over = { $names } hat gewonnen
coin-line-points =
    { $count ->
        [one] { $name }: 1 Punkt
       *[other] { $name }: { $count } Punkte
    }
coin-board-points = Punkte
error-coin_not_behind = { $name } liegt nicht zurück: kein Grund aufzugeben
