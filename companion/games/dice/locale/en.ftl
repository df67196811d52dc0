### The words of the dice table, in English (the rest are in companion/locale).

dice-seat-rolled = Rolled { $dice }
