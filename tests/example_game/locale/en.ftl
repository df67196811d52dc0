### The words of the example game (the coin toss), in English.

coin-title = Coin toss
coin-option-target = Points to win
coin-param-side = Which side?
coin-param-side-heads = heads
coin-param-side-tails = tails
coin-action-toss = Toss the coin
coin-action-concede = Concede
coin-headline-turn = { $name }: toss the coin
coin-headline-over = { $names } won
coin-line-points =
    { $count ->
        [one] { $name }: 1 point
       *[other] { $name }: { $count } points
    }
coin-board-points = Points
error-coin_not_behind = { $name } is not behind: no need to concede
