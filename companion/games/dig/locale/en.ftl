### The words of the game dig, in English.

dig-title = Dig Your Way Out
dig-option-michel = Michel or Michelle
dig-option-michel-none = Neither
dig-option-michel-michel = Michel
dig-option-michel-michelle = Michelle
dig-option-teams = Team variant
dig-option-teams-off = Off
dig-option-teams-alternate = Seats alternate A, B, A, B
dig-option-teams-halves = First half of the seats is Team A
dig-option-counters = Count cigarettes, Gangs and Backgrounds
dig-action-roll = Roll to move
dig-action-cautious_move = Cautious move
dig-action-gang_move = Go to Gang mate
dig-action-search = Search
dig-action-extort = Extort
dig-action-dig = Dig
dig-action-craft = Craft
dig-action-sell = Sell
dig-action-buy = Buy
dig-action-heal = Heal
dig-action-steal_spoon = Steal Spoon
dig-action-join_gang = Join Gang
dig-action-play_card = Play a card
dig-action-exchange = Exchange
dig-action-end_turn = End turn
dig-action-reveal_background = Reveal Background
dig-action-adjust = Correct counter
dig-action-relocate = Move a prisoner
dig-action-set_face = Correct the map
dig-action-learn_face = Name places
dig-action-go = Go there
dig-action-roll_michel = Roll for Michel(le)
dig-action-skip_michel = Leave Michel(le)
dig-action-michel_card = Michel card drawn
dig-action-cooperate = Cooperate
dig-action-fight = Fight
dig-action-give_up = Give up
dig-action-help = Help
dig-param-dice = Die
dig-param-place = Place
dig-param-places = The two places
dig-param-teammate = Teammate
dig-param-target = Whom to extort
dig-param-tool = Tool
dig-param-points = Tunnel points on the card
dig-param-item = What to craft
dig-param-cigarettes = Cigarettes on the cards sold
dig-param-deal = Transaction
dig-param-gang = Gang
dig-param-seat = Prisoner
dig-param-what = Counter
dig-param-delta = Change by
dig-param-face = Die face
dig-param-knife = Does it show a Knife?
dig-param-by = Who plays the Weapon
dig-param-has_tool = Has the Tool in hand
dig-param-hand = Cards in hand
dig-param-loser = Who gives up
dig-param-side = Helps the
dig-param-card = Which card (counted from the left)
dig-place-cell_block = Cell Block
dig-place-cell_block_a = Cell Block A
dig-place-cell_block_b = Cell Block B
dig-place-cafeteria = Cafeteria
dig-place-recreational_area = Recreational Area
dig-place-infirmary = Infirmary
dig-place-showers = Showers
dig-tool-spoon = Spoon
dig-tool-pickaxe = Pickaxe
dig-tool-shovel = Shovel
dig-item-knives = 2 Knives
dig-item-pickaxe = 1 Pickaxe
dig-item-shovel = 1 Shovel
dig-deal-knife = 1 Knife for 2 cigarettes
dig-deal-two_knives = 2 Knives for 5 cigarettes
dig-deal-pickaxe = 1 Pickaxe for 6 cigarettes
dig-deal-shovel = 1 Shovel for 8 cigarettes
dig-gang-bikers = Bikers
dig-gang-bratva = Bratva
dig-gang-cartel = Cartel
dig-gang-crew = Crew
dig-gang-queers = Queers
dig-gang-triad = Triad
dig-counter-tunnel = Tunnel points
dig-counter-beatings = Beatings
dig-counter-cigarettes = Cigarettes
dig-side-attacker = attacker
dig-side-defender = defender
dig-michel-michel = Michel
dig-michel-michelle = Michelle
dig-team-a = Team A
dig-team-b = Team B
dig-headline-turn = { $name }'s turn
dig-headline-michel = { $name } may move { $michel }
dig-headline-michel_extortion = { $michel } extorts { $name }
dig-headline-extortion = { $name } extorts { $other }
dig-line-tunnel = { $points }/{ $goal } tunnel points
dig-line-tunnel_own = tunnel points: { $points }
dig-line-beatings = Beatings: { $n }
dig-line-cigarettes =
    { $n ->
        [one] { $n } cigarette
       *[other] { $n } cigarettes
    }
dig-line-background = Background revealed
dig-line-in_team = { $name } ({ $team })
dig-line-team_tunnel = { $team }: { $points }/{ $goal } tunnel points
dig-line-michel = { $michel }: { $place }
dig-line-actions = Actions left: { $left } of { $total }
dig-line-used = used: { $actions }
dig-line-goal = Tunnel points to win: { $goal }
dig-line-unknown_faces = Die faces not on the map yet: { $faces }
dig-banner-wins = { $name } digs out with { $goal } tunnel points and wins!
dig-banner-team_wins = { $team } digs out with { $goal } tunnel points and wins!
dig-prompt-over = The alarm goes off: the others go to high security.
dig-prompt-ask_face = Which two places are beside the { $face } on the board?
dig-prompt-or = { " " }or{ " " }
dig-prompt-choose_place = Where does { $mover } go: { $places }?
dig-prompt-michel = Roll for { $michel }, or leave them where they stand.
dig-prompt-michel_draw = Draw a Michel card: does it show a Knife?
dig-prompt-michel_draw_again = Draw another Michel card: does it show a Knife?
dig-prompt-michel_threat = Knife! Cooperate (discard a Tool shown), fight or give up?
dig-prompt-michel_fight = Another Knife! Fight with another Weapon, or give up?
dig-prompt-threat = { $other }: cooperate ({ $tool }), fight or give up?
dig-prompt-combat = Combat: Weapons in turn, { $other } first. Who gives up?
dig-prompt-no_actions = No actions left: End turn (at most { $n } cards in hand).
dig-prompt-turn =
    { $left ->
        [one] { $left } action left: roll to move, or pick an action.
       *[other] { $left } actions left: roll to move, or pick an action.
    }
dig-badge-winner = Winner
dig-board-faces = Die: { $faces }
dig-board-actions_left = Actions left
dig-board-tunnel = Tunnel
dig-seat-beatings =
    { $count ->
        [one] { $count } beating
       *[other] { $count } beatings
    }
dig-seat-cigarettes =
    { $count ->
        [one] { $count } cigarette
       *[other] { $count } cigarettes
    }
dig-seat-actions_left =
    { $count ->
        [one] { $count } action left
       *[other] { $count } actions left
    }
dig-note-teams_off = The team variant needs 4 or 6 players; { $n } play without teams.
dig-note-search = { $name }: draw the Search cards shown at the { $place }.
dig-note-forced = { $name } stood in one of the places: the { $face } leads to the { $place }.
dig-note-learned = Remembered: what the board shows beside the { $face }.
dig-note-hand_limit = { $name }: at most { $n } cards in hand at the end of the turn; discard the rest.
dig-note-michel_won = { $name } wins the fight and may draw 1 Search card.
dig-note-michel_avoided = No Knife: { $name } avoids the confrontation.
dig-note-michel_cooperate = { $name } discards one of the Tools shown on the Michel card.
dig-note-cooperate = { $name } gives the { $tool } to { $other }.
dig-note-michel_lost = { $name } loses the fight and takes a Beating.
dig-note-lost = { $name } loses the combat against { $other } and takes a Beating.
dig-note-helper_beaten = { $name } helped the loser and takes a Beating too.
dig-note-discard_tool = { $name } discards one of the Tools shown on the first Michel card.
dig-note-give_tool = { $name } gives the { $tool } to { $other }.
dig-note-random_discard = { $name } discards a card picked at random from their hand.
dig-note-random_discard_n = { $name } discards card { $n } of { $hand }, counted from the left of the hand held face down.
dig-note-random_take = { $other } takes a card at random from the hand of { $name }.
dig-note-random_take_n = { $other } takes card { $n } of { $hand } from the hand of { $name }, counted from the left, face down.
dig-note-empty_hand = { $name } has no card left to lose.
dig-note-take_from_helper = { $name } may take a card at random from the hand of { $other }.
dig-reading-team_board = Team variant: a die face that leads to the Cell Block leads to Cell Block A and B; the map is the one of the standard side.
dig-reading-team_start = Team variant: every prisoner starts in their own team's Cell Block.
dig-reading-team_seats = Team variant: the seats alternate A, B, A, B, or the first half of the seats is Team A, as chosen.
dig-reading-team_count = The team variant is played with 4 or 6 players only; with other counts the game is played without teams.
dig-reading-team_tunnel = Team variant: a team's tunnel points are the sum of its prisoners' points.
dig-reading-michel_order = Michel(le) extorts the player who moved them first if that player stands there, then the others clockwise.
dig-reading-michel_helpers = Team variant: a teammate in the same place may play a Weapon for the victim of Michel(le); if the victim loses, every helper takes a Beating too.
dig-reading-dig_points = The tunnel points of a Tool are printed on its card: enter them when you dig (1 to 5).
dig-reading-heal_needs_beating = Heal is offered only to a prisoner who has a Beating.
dig-reading-beatings_always = Beatings are always counted (they forbid Craft and Dig); cigarettes, Gangs and Backgrounds are counted only when chosen.
dig-reading-relocate = Putting a prisoner elsewhere by hand (for a card's effect) spends no action and starts no extortion.
error-dig_bad_board = The board map gives each die face from 1 to 6 two places.
error-dig_bad_pair = Name two different places that are on the board.
error-dig_same_place = Pick a different place.
error-dig_face_one = The rulebook prints the 1 beside the Cell Block and the Cafeteria.
error-dig_bad_places = Add at most { $most } places, each with its own name and without a +.
error-dig_not_now = That is not possible at this step.
error-dig_not_your_turn = It is not this prisoner's move.
error-dig_no_actions =
    { $cost ->
        [one] This needs { $cost } action; { $left } left.
       *[other] This needs { $cost } actions; { $left } left.
    }
error-dig_not_gang_mate = Move only to a teammate of your own Gang in another place.
error-dig_search_once = Search only once per turn.
error-dig_extort_once = Extortion only once per turn.
error-dig_not_here = Extort a prisoner in your own place.
error-dig_dig_place = Dig only in your own Cell Block.
error-dig_craft_place = No Craft in your Cell Block or in the Showers.
error-dig_only_in_recreational_area = Only in the Recreational Area.
error-dig_only_in_infirmary = Only in the Infirmary.
error-dig_only_in_cafeteria = Only in the Cafeteria.
error-dig_beaten_dig = With 2 Beatings you cannot Dig.
error-dig_beaten_craft = With a Beating you cannot Craft.
error-dig_no_cigarettes = This costs { $price } cigarettes; you have { $have }.
error-dig_no_beating = There is no Beating to heal.
error-dig_not_team_mate = Only with a teammate in the same place.
error-dig_no_counters = Backgrounds are counted only when the counters are on.
error-dig_background_shown = A Background is revealed only once per game.
error-dig_bad_adjust = Tunnel points and cigarettes cannot go below 0, Beatings stay from 0 to 2.
error-dig_say_knife = Say whether the Michel card shows a Knife.
error-dig_not_fighting = Only a prisoner in the fight can give up.
error-dig_bad_value = That answer does not fit.
error-dig_bad_choice = That choice is not offered.
error-dig_bad_number = Enter a whole number from { $low } to { $high }.
dig-param-place-cell_block = Cell Block
dig-param-places-cell_block = Cell Block
dig-param-place-cell_block_a = Cell Block A
dig-param-places-cell_block_a = Cell Block A
dig-param-place-cell_block_b = Cell Block B
dig-param-places-cell_block_b = Cell Block B
dig-param-place-cafeteria = Cafeteria
dig-param-places-cafeteria = Cafeteria
dig-param-place-recreational_area = Recreational Area
dig-param-places-recreational_area = Recreational Area
dig-param-place-infirmary = Infirmary
dig-param-places-infirmary = Infirmary
dig-param-place-showers = Showers
dig-param-places-showers = Showers
dig-param-tool-spoon = Spoon
dig-param-tool-pickaxe = Pickaxe
dig-param-tool-shovel = Shovel
dig-param-item-knives = 2 Knives
dig-param-item-pickaxe = 1 Pickaxe
dig-param-item-shovel = 1 Shovel
dig-param-deal-knife = 1 Knife for 2 cigarettes
dig-param-deal-two_knives = 2 Knives for 5 cigarettes
dig-param-deal-pickaxe = 1 Pickaxe for 6 cigarettes
dig-param-deal-shovel = 1 Shovel for 8 cigarettes
dig-param-gang-bikers = Bikers
dig-param-gang-bratva = Bratva
dig-param-gang-cartel = Cartel
dig-param-gang-crew = Crew
dig-param-gang-queers = Queers
dig-param-gang-triad = Triad
dig-param-what-tunnel = Tunnel points
dig-param-what-beatings = Beatings
dig-param-what-cigarettes = Cigarettes
dig-param-side-attacker = Attacker
dig-param-side-defender = Defender
dig-help-buttons = Buttons: ROLL rolls to move (or for Michel(le) at the end of the turn). CONFIRM ends the turn (or leaves Michel(le) where they are). UNDO takes back the last step; hold it to redo.
dig-setup-board = 1. The board in the middle, Blackgate side up.
dig-setup-board-done = Board laid out
dig-setup-board_teams = 1. The board in the middle, its team side up (Cell Blocks A and B).
dig-setup-board_teams-done = Board laid out
dig-setup-tools = 2. Spoons, Knives, Pickaxes and Shovels: one pile each, face up on their spaces.
dig-setup-tools-done = Tool piles laid out
dig-setup-gangs = 3. Each Gang's cards shuffled into a pile, face up on its space.
dig-setup-gangs-done = Gang piles laid out
dig-setup-search = 4. The Search cards shuffled, face down on their space; the discard pile beside them.
dig-setup-search-done = Search deck laid out
dig-setup-tokens = 5. Cigarette and Beating tokens beside the board, in everyone's reach.
dig-setup-tokens-done = Tokens ready
dig-setup-standees = 6. Each prisoner picks a standee, lays its board in front of them and stands in the Cell Block.
dig-setup-standees-done = Standees in the Cell Block
dig-setup-standees_teams = 6. Each prisoner picks a standee, lays its board in front of them and stands in their own team's Cell Block (A or B).
dig-setup-standees_teams-done = Standees in their Cell Blocks
dig-setup-background = 7. Each prisoner draws a Background card, face down: kept secret, looked at any time.
dig-setup-background-done = Backgrounds drawn
dig-setup-hand = 8. Each prisoner draws 3 Search cards: their hand.
dig-setup-hand-done = 3 Search cards each
dig-setup-michel = 9. { $michel } stands in the Showers; the 8 Michel cards shuffled, a face-down pile beside the board near the Showers.
dig-setup-michel-done = Michel(le) in the Showers
dig-prompt-pick_first = Who has the most impressive scar? They start.
dig-action-pick_first = Who starts?
dig-param-first = The most impressive scar (Skip: at random)
dig-rules-setup = Setup: lay out the box as the checklist says. The player with the most impressive scar starts; turns go clockwise.
dig-rules-setup-where = “the first player”
dig-rules-turn = Your turn: up to 2 actions. Basic actions anywhere, Place actions only in their Place. Revealing your Background costs no action.
dig-rules-turn-where = “When it’s your turn”
dig-rules-move = Moving: a simple move rolls the die and goes to one of the two Places beside that number, never staying put. A cautious move (2 actions) goes anywhere. Search once per turn.
dig-rules-move-where = “Simple move”, “Cautious move”, “Search”
dig-rules-dig = Digging: only in your own Cell Block, with a tool; the tool's tunnel points go on your track. Craft, Buy and Steal a Spoon take tools from their piles.
dig-rules-dig-where = “Dig”, “Craft”
dig-rules-extortion = Extortion, once per turn, only with a Weapon card in hand: lay a Weapon before a prisoner in your Place and ask for a Tool (Spoon, Pickaxe or Shovel). If the victim has it, they may cooperate and give it: no combat. If not, or if they do not cooperate, a combat: the loser takes a Beating and the winner takes a card from the loser, the Tool asked for if the defender lost and has it, else one at random. With 1 Beating no Craft, with 2 no Dig either. The Infirmary heals one.
dig-rules-extortion-where = “Extortion”, “Intimidation”, “Combat”
dig-rules-michel = Michel(le): starts in the Showers; at the end of a turn may be moved by a simple move, and extorts everyone where they stop, and anyone who stops where they stand.
dig-rules-michel-where = “Michel(le)”
dig-rules-end = The end: the first to have the tunnel points wins at once: 12 with 2 or 3 players, 10 with 4, 8 with 5 or 6 (teams: 16 with 4, 20 with 6).
dig-rules-end-where = “As soon as a player reaches the necessary number of Tunnel points”, “Team mode”
dig-action-pile_empty = Pile ran out
dig-action-pile_filled = Pile is back
dig-param-pile = Which pile?
dig-param-pile-knife = Knives
dig-param-pile-pickaxe = Pickaxes
dig-param-pile-shovel = Shovels
dig-param-pile-spoon = Spoons
dig-line-empty = Empty piles: { $piles }
error-dig_pile_empty = That pile is empty: nobody can take from it until it is filled again (Adjust: A tool pile is back).
error-dig_all_empty = Every tool pile is marked empty already.
error-dig_none_empty = No tool pile is marked empty.
dig-speech-michel_moves = { $michel } moves to the { $place }.
dig-speech-michel_extorts = { $michel } extorts { $name }.
settings-dig_title = Dig Your Way Out: the board map
settings-dig_note = Each die face leads to two places printed on your board. Cellmate asks the first time a face is rolled and keeps the answer here. Tap a face to put it right.
settings-dig_unknown = not known yet
settings-dig_face_title = Which two places are beside the { $face }?
settings-dig_forget = Not known
settings-dig_places = Added places
settings-dig_no_places = none
settings-dig_add_place = Add a place
settings-dig_place_title = Name of the added place
settings-dig_export = Export the map
settings-dig_exported = Map saved: { $name }, in the folder of the saved games
settings-dig_export_failed = The map could not be saved: { $reason }
settings-dig_saved = Face { $face }: { $places }
settings-dig_forgotten = Face { $face } is not known any more
dig-headline-rolled = { $name } rolled { $face }
dig-headline-escaped = { $name } escaped!
dig-prompt-choose_place_short = Where does { $mover } go? Pick a marked place.
dig-short-cell_block = Cells
dig-short-cell_block_a = Block A
dig-short-cell_block_b = Block B
dig-short-cafeteria = Cafeteria
dig-short-recreational_area = Rec Area
dig-short-infirmary = Infirmary
dig-short-showers = Showers
dig-figure-tunnel = Tunnel { $points }/{ $goal }
dig-figure-tunnel_own = Tunnel { $points }
dig-figure-beatings =
    { $count ->
        [one] { $count } Beating
       *[other] { $count } Beatings
    }
dig-board-team = Team
dig-board-team_tunnel = The team's tunnel points
dig-score-tunnel =
    { $points ->
        [one] { $points } tunnel point
       *[other] { $points } tunnel points
    }
dig-score-part = { $name } { $points }
dig-outcome-escaped = escaped
dig-outcome-found = tunnel found
dig-log-knife = { $name } drew a Michel card with a Knife.
dig-log-no_knife = { $name } drew a Michel card without a Knife.
dig-log-fight_for = { $name } played a Weapon for { $other }.
dig-done-roll = { $name } rolled { $dice } to move.
dig-done-cautious_move = { $name } moved cautiously to the { $place }.
dig-done-gang_move = { $name } went to { $teammate } of their Gang.
dig-done-search = { $name } searched.
dig-done-extort = { $name } demanded a { $tool } from { $target }.
dig-done-dig =
    { $points ->
        [one] { $name } dug { $points } tunnel point with a { $tool }.
       *[other] { $name } dug { $points } tunnel points with a { $tool }.
    }
dig-done-craft = { $name } crafted { $item }.
dig-done-sell =
    { $cigarettes ->
        [one] { $name } sold cards for { $cigarettes } cigarette.
       *[other] { $name } sold cards for { $cigarettes } cigarettes.
    }
dig-done-buy = { $name } bought { $deal }.
dig-done-heal = { $name } healed a Beating.
dig-done-steal_spoon = { $name } stole a Spoon.
dig-done-join_gang = { $name } joined the { $gang }.
dig-done-play_card = { $name } played an Action card.
dig-done-exchange = { $name } exchanged with { $teammate }.
dig-done-end_turn = { $name } ended the turn.
dig-done-pile_empty = The { $pile } pile ran out.
dig-done-pile_filled = The { $pile } pile was back.
dig-done-reveal_background = { $seat } revealed a Background.
dig-done-adjust = { $seat }: { $what } corrected by { $delta }.
dig-done-relocate = { $seat } was put in the { $place }.
dig-done-set_face = The map was corrected: the { $face } leads to { $places }.
dig-done-learn_face = The die leads to { $places }: remembered.
dig-done-go = { $name } chose the { $place }.
dig-done-roll_michel = { $name } rolled { $dice } for Michel(le).
dig-done-skip_michel = { $name } left Michel(le) where they stood.
dig-done-michel_card = { $name } drew a Michel card.
dig-done-cooperate = { $name } cooperated.
dig-done-fight = { $name } fought.
dig-done-give_up = { $name } gave up.
dig-done-help = { $seat } helped the { $side }.
dig-prompt-check =
    { $count ->
        [one] Lay out the box: tap the last step when it is done.
       *[other] Lay out the box: tap each step when it is done ({ $count } to go).
    }
