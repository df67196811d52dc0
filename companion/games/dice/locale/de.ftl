### Die Wörter des Würfeltischs auf Deutsch (die übrigen in companion/locale).

dice-seat-rolled = Wurf { $dice }
