### The words of the game heist, in English.

heist-title = Masterminds: Heist Society
heist-option-roll_for_first = Roll for the first player (otherwise the app picks)
heist-action-lay_heist = Lay out a heist
heist-action-lay_heist-a = Step A
heist-action-lay_heist-b = Step B
heist-action-lay_heist-c = Step C
heist-action-lay_heist-d = Step D
heist-action-lay_heist-take = TAKE
heist-action-lay_heist-name = Name
heist-action-lay_heist-skill_a = Skill A
heist-action-lay_heist-skill_b = Skill B
heist-action-lay_heist-skill_c = Skill C
heist-action-lay_heist-skill_d = Skill D
heist-action-roll_first = Roll for first player
heist-action-prep = Prep turn
heist-action-attempt = Heist step
heist-action-continue = Continue
heist-action-upkeep = To upkeep
heist-action-roll = Roll
heist-action-place_die = Place the die
heist-action-hold = Hold
heist-action-complete = Complete the heist
heist-action-end_turn = End turn
heist-action-roll_value = Roll the gem value
heist-action-pay_gem = Pay a gem
heist-action-flip_cash = Flip a Starter Cash card
heist-action-set_team = Team size
heist-param-die = Die (leave empty to roll)
heist-param-modifier = Interrupts and abilities (+/-)
heist-param-face = Die face
heist-param-slot = Place on the table
heist-param-challenge_a = Challenge of step A
heist-param-challenge_b = Challenge of step B
heist-param-challenge_c = Challenge of step C
heist-param-challenge_d = Challenge of step D
heist-param-take = TAKE (gems)
heist-param-name = Heist name
heist-param-skill = Skill
heist-param-heist = Heist
heist-param-total = Skill total
heist-param-activate = Recruits activated
heist-param-gem = Gem
heist-param-recruits = Recruits in the team
heist-colour-orange = orange
heist-colour-sky = sky blue
heist-colour-green = green
heist-colour-yellow = yellow
heist-colour-blue = blue
heist-colour-vermillion = vermillion
heist-colour-purple = purple
heist-colour-grey = grey
heist-colour-clear = clear
heist-gem_count = { $count } { $colour }
heist-no_gems = no gems
heist-heist_named = Heist { $n } ({ $name })
heist-heist_n = Heist { $n }
heist-line-bag =
    { $count ->
        [one] Bag: { $gems } (1 gem)
       *[other] Bag: { $gems } ({ $count } gems)
    }
heist-line-player = { $name } ({ $colour }): { $gems } · team { $team } · cash { $cash } · heists { $heists }
heist-line-empty_slot = { $heist }: empty, lay out a new heist
heist-step_challenge = { $step } { $challenge }
heist-progress = { $name } { $dice }
heist-line-heist = { $heist }: { $steps } · TAKE { $take } · { $progress }
heist-no_progress = no dice yet
heist-line-completed = Heists completed: { $count } of { $goal }
heist-score_part = { $count } { $colour } × { $value }
heist-line-score = { $name }: { $parts } = { $total }
heist-line-value = { $name } rolled { $value }: every { $colour } gem is worth { $value }
heist-line-last_perfection = { $name }, step { $step } of { $heist }: { $total } beats { $challenge } before rolling: { $result }
heist-line-last_roll = { $name }, step { $step } of { $heist }: { $total } + { $die }{ $modifier } = { $score } against { $challenge }: { $result }
heist-result-perfection = Perfection
heist-result-success = Success
heist-result-push = Push
heist-result-failure = Failure
heist-headline-lay_heists = Lay out the heists
heist-headline-first_player = Who starts? Roll { $round }
heist-headline-scoring = Final scoring
heist-headline-over = Game over
heist-headline-start = { $name }'s turn
heist-headline-prep = { $name }: prep turn
heist-headline-roll = { $name }: roll!
heist-headline-perfection = { $name }: Perfection!
heist-headline-step_done = { $name }: Success!
heist-headline-complete = { $name }: step D done!
heist-headline-completed = { $name }: heist completed
heist-headline-failure = { $name }: Failure
heist-headline-upkeep = { $name }: upkeep
heist-prompt-lay_heists = Enter heist { $n } of { $count }: challenges and TAKE from its cards.
heist-prompt-first_player = Everybody rolls one die: the highest roll starts.
heist-prompt-first_player_tie = A tie for the highest roll: the tied players roll again.
heist-prompt-start =
    { $free ->
        [one] Prep turn or Heist step? { $free } recruit ready.
       *[other] Prep turn or Heist step? { $free } recruits ready.
    }
heist-prompt-start_prep = No recruit is ready: take a Prep turn.
heist-prompt-prep = Recruit (A, B or C), then plan Alpha and Beta.
heist-prompt-roll = Step { $step } of { $heist }: { $total } against { $challenge }. Roll the die.
heist-prompt-perfection = { $total } beats { $challenge }: choose the die face for step { $step }.
heist-prompt-step_done =
    { $free ->
        [one] Step { $step } done: Hold, or Continue? { $free } recruit ready.
       *[other] Step { $step } done: Hold, or Continue? { $free } recruits ready.
    }
heist-prompt-step_done_hold = Step { $step } done. Every recruit is activated: Hold.
heist-prompt-complete =
    { $take ->
        [one] Complete the heist: draw { $take } gem from the bag.
       *[other] Complete the heist: draw { $take } gems from the bag.
    }
heist-prompt-completed =
    { $count ->
        [one] Took 1 gem. Discard Gear; one recruit stays.
       *[other] Took { $count } gems. Discard Gear; one recruit stays.
    }
heist-prompt-failure = One recruit of the step takes a Failure card.
heist-prompt-upkeep = Upkeep: un-turn your recruits, discard down to { $limit } cards.
heist-prompt-refill = Lay out a new heist in place { $n }.
heist-prompt-last_turn = Last turn: upkeep and End turn, then the final scoring.
heist-prompt-scoring = Each player rolls the worth of their colour's gems.
heist-prompt-over = Undo to go back, or start a new game.
heist-banner-winner =
    { $total ->
        [one] { $name } wins with { $total } point!
       *[other] { $name } wins with { $total } points!
    }
heist-banner-tie =
    { $total ->
        [one] A tie: { $names } with { $total } point each!
       *[other] A tie: { $names } with { $total } points each!
    }
heist-banner-bag_empty = The last gem has left the bag: the game ends after this turn.
heist-banner-heists = { $count } heists completed: the game ends after this turn.
heist-badge-rolled = rolled { $value }
heist-badge-team = team { $count }
heist-badge-value = worth { $value }
heist-badge-winner = winner
error-heist_bad_number = “{ $field }” must be a whole number from { $low } to { $high }.
error-heist_bad_text = “{ $field }” can be at most { $limit } letters long.
error-heist_unknown_action = Masterminds: Heist Society has no action { $action }.
error-heist_not_now = That is not possible now.
error-heist_not_your_turn = It is { $name }'s turn.
error-heist_bad_slot = There is no such place for a heist.
error-heist_slot_taken = Place { $slot } already has a heist.
error-heist_not_contender = { $name } is not in this roll-off.
error-heist_already_rolled = { $name } has rolled already.
error-heist_no_heist = There is no heist there.
error-heist_no_recruits_left = Every recruit of your team has been activated this turn.
error-heist_activate =
    { $high ->
        [one] Activate only 1 recruit; each recruit only once per turn.
       *[other] Activate 1 to { $high } recruits; each recruit only once per turn.
    }
error-heist_lay_first = Lay out a new heist in place { $slot } first.
error-heist_no_such_gem = That player has no { $value } gem to pay.
error-heist_no_cash = { $name } has no Starter Cash card left to flip.
heist-param-gem-orange = Orange
heist-param-gem-sky = Sky blue
heist-param-gem-green = Green
heist-param-gem-yellow = Yellow
heist-param-gem-blue = Blue
heist-param-gem-vermillion = Vermillion
heist-param-gem-purple = Purple
heist-param-gem-grey = Grey
heist-param-gem-clear = Clear
heist-param-slot-0 = Place 1
heist-param-heist-0 = Heist 1
heist-param-slot-1 = Place 2
heist-param-heist-1 = Heist 2
heist-param-slot-2 = Place 3
heist-param-heist-2 = Heist 3
heist-help-colours = Gem colours: a player's gems have their seat colour at this table. Choose the seat colour that matches your Mastermind card (Sapphire: blue, Emerald: green, Ruby: vermillion).
heist-help-first = First player: the highest roll starts; a tie for the highest rerolls among the tied players only.
heist-help-perfection = Perfection is judged on the skill total as entered (after interrupts played before the roll). Interrupts that change the rolled total are entered as a modifier with the roll.
heist-help-recruits = An attempt activates 1 to 3 recruits; you can attempt a step only while your team has recruits not yet activated this turn.
heist-help-dice = Every player has their own dice on every heist. When one player completes a heist, it leaves the table and everybody's dice on it are removed.
heist-help-bonus = The bonus gem: at least 3 of your 4 dice on the heist show the same number (4 the same is still one bonus gem). It is drawn after the TAKE; an empty bag gives none. A TAKE larger than what is left in the bag takes what is left.
heist-help-end = The end comes the moment the last gem leaves the bag or the heist that makes players + 1 is completed: the active player finishes the upkeep, then everybody rolls the value of their colour. Paying a gem back afterwards does not undo the end.
heist-help-anytime = Paying a gem, flipping Starter Cash and setting a team size are allowed at any time during play, for any player. Completing a heist leaves the team with one recruit.
heist-help-buttons = Buttons: ROLL rolls the die (also for the first player and the final scoring). CONFIRM holds after a success, completes a heist, goes on to the upkeep and ends the turn. UNDO takes back the last step; hold it to redo.
heist-board-place = Heist place { $n }
heist-board-empty = empty
heist-board-take = TAKE { $take }
heist-board-bag = { $colour } in the bag
heist-board-completed = Heists completed
heist-board-team = Team
heist-board-cash = Starter Cash
heist-board-heists = Heists
heist-seat-gems = { $colour } { $count }
heist-seat-team = team { $count }
heist-seat-cash = cash { $count }
heist-seat-heists = heists { $count }
heist-board-colour = Gem colour: { $colour }
heist-board-total = Final score: { $total }
heist-setup-bag = 1. Each player takes a Mastermind Colour card; their 5 gems and the 10 clear gems go into the bag.
heist-setup-bag-done = Gems in the bag
heist-setup-decks = 2. The four decks (A, B, C, D) shuffled and laid out; the Heist cards A side down.
heist-setup-decks-done = Decks laid out
heist-setup-prep = 3. Deal each player 4 PREP cards; discard and redraw any PLAY IMMEDIATELY card.
heist-setup-prep-done = 4 PREP cards each
heist-setup-talent = 4. The top 3 Talent cards face up: the Talent Pool.
heist-setup-talent-done = Talent Pool of 3
heist-setup-heists = 5. Lay out { $heists } Heist card sets, front side next to back side.
heist-setup-heists-done = Heists laid out
heist-setup-cash = 6. Starter Cash cards: { $cash } each.
heist-setup-cash-done = Starter Cash given
heist-setup-recruit = 7. Each player draws 1 Talent card as their first Recruit, with any bonus of its Special Ability.
heist-setup-recruit-done = First Recruits drawn
heist-rules-setup = Setup: lay out the box as the checklist says, enter the heists, then everybody rolls one die: the highest roll starts (a tie rolls again).
heist-rules-setup-where = “Setup”
heist-rules-turn = Your turn: PREP (recruit, then plan twice) or HEIST (attempt the next step of a heist), then upkeep.
heist-rules-turn-where = p. 4 (PREP) and p. 5 (HEIST)
heist-rules-step = A heist step: a skill total above the challenge is Perfection (choose the die). Otherwise roll 1 die and add: above is a Success, equal a Push (the turn ends), below a Failure card. Step D done: take the TAKE gems; 3 matching dice on the heist give 1 bonus gem.
heist-rules-step-where = p. 5, “Heist phase”
heist-rules-end = The end: when the last gem leaves the bag, or when as many heists are completed as there are players plus one.
heist-rules-end-where = “Winning the game”
heist-rules-scoring = Scoring: every player rolls one die: that is the worth of each gem of their colour, for everybody. Clear gems are worth 2. The most points wins.
heist-rules-scoring-where = “Scoring” and its example
heist-speech-step = { $name }, step { $step }: { $result }.
heist-speech-completed = { $name } completed { $heist }.
result-heist-ending-bag_empty = the gem bag ran out
result-heist-ending-heists = the heists ran out
heist-line-drawn = Drawn from the bag: { $gems }
heist-line-bonus = Three matching dice: bonus gem { $colour }
heist-line-bonus_empty = Three matching dice, but the bag is empty: no bonus gem
heist-line-prep_card = Your team has 3 or fewer recruits: you may draw a PREP card
heist-badge-again = rolls again
heist-figure-heists =
    { $count ->
        [one] 1 heist
       *[other] { $count } heists
    }
heist-figure-cash = { $count } cash
heist-board-steps = { $first } · { $second }
heist-board-dice = { $name }: { $dice }
heist-board-completed_short = Completed
heist-outcome-haul = { $heists ->
        [one] 1 heist
       *[other] { $heists } heists
    }, { $held ->
        [one] 1 gem
       *[other] { $held } gems
    }
heist-outcome-mastermind = Mastermind! { $heists ->
        [one] 1 heist
       *[other] { $heists } heists
    }, { $held ->
        [one] 1 gem
       *[other] { $held } gems
    }
heist-speech-drawn = Drawn from the bag: { $gems }.
heist-speech-bonus = Three matching dice: bonus gem { $colour }.
heist-rules-prep = A prep turn: recruit (A: a card from the Talent Pool, B: burn the pool and draw, or C: a PREP card instead; a team has up to 4 recruits), then plan Alpha and Beta: draw a PREP card, play an Action card, play two Gear cards, or trade Gear. Set the team size when it changes.
heist-rules-prep-where = p. 4, “PREP TURN”
heist-rules-failure = A Failure: choose one recruit who attempted the step to suffer a Failure card, and reveal the top card. If the failed skill is in a TRIGGER area, that recruit must pass the skill test beside it (equal or higher, Gear counts) or suffer the consequence. Either way the turn is over.
heist-rules-failure-where = p. 5, “TALLY UP”
heist-rules-complete = Step D completed: take the TAKE in gems; a team of 3 or fewer recruits may draw a PREP card; all dice leave the heist (3 matching dice: 1 bonus gem); keep the heist name card (step A) and put B to D under the Heist deck; discard all your Gear; choose one recruit to stay: the rest retire.
heist-rules-complete-where = “HOLD, CONTINUE, or COMPLETE”
heist-rules-upkeep = Upkeep, in order: do what cards in play ask for, un-turn your activated recruits, refresh the Talent Pool and the Heists, and discard down to 6 cards in hand.
heist-rules-upkeep-where = “UPKEEP PHASE”
heist-log-laid = { $heist } laid out: { $steps }, TAKE { $take }
heist-log-attempt = { $name } tried step { $step } of { $heist }: { $total } against { $challenge }
heist-log-roll = { $name } rolled { $die }{ $modifier }: { $score } against { $challenge }, { $result }
heist-log-complete = { $name } completed { $heist } and took { $gems }
heist-log-complete_bonus = { $name } completed { $heist } and took { $gems }, and a bonus gem: { $colour }
heist-log-checked = Checked off: { $step }
heist-done-prep = { $name } took a prep turn
heist-done-upkeep = { $name } went to upkeep
heist-done-roll = { $name } rolled { $dice }
heist-done-place_die = { $name } placed a { $face }: Perfection
heist-done-hold = { $name } held
heist-done-end_turn = { $name } ended the turn
heist-done-roll_first = { $name } rolled { $dice } for first player
heist-done-pay_gem = { $name } paid a gem: { $gem }
heist-done-flip_cash = { $name } flipped a Starter Cash card
heist-done-set_team = { $name } set the team to { $recruits ->
        [one] 1 recruit
       *[other] { $recruits } recruits
    }
heist-done-skip_setup = Setup checklist skipped: all laid out
