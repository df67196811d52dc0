### The words of the game snitch, in English.

snitch-title = The Snitch
snitch-setup_hint = Seats go clockwise around the table, 1 first. The turn (and the Soap) passes left: to the next seat clockwise. Tap a colour to change it.
snitch-option-easier = Easier: you may talk about Backstab icons
snitch-option-harder = Harder: revealed cards may not match the Scheme's own contact
snitch-option-vote = Gun vote
snitch-option-vote-open = Hands up
snitch-option-vote-secret = Secret
snitch-option-majority = Who gets the gun
snitch-option-majority-most = Most votes
snitch-option-majority-half = Over half
snitch-help-vote_open = This game votes with hands up: count the hands, then enter who gets the gun.
snitch-help-vote_secret = This game votes in secret: each player votes on their own pad, or on the screen in turn (pass it on; tap when only you can see it). Nobody sees a ballot: only the totals and who gets the gun. On a pad: MAIN opens your vote on yourself, DONE moves one seat to your left, EXTRA one to your right, MAIN again casts it. The light never shows whom. Until the last vote is in, any press on the pad after casting takes the vote back and opens it again, to be cast anew. On the screen: tap a name, that is your vote. Tap another name to change it; UNDO takes it back. “Cast my vote” casts it; the screen does not open it again. UNDO cannot reach a cast vote; “Start the vote again” drops every vote cast so far, unseen, and everybody votes again. Once all votes are in, UNDO takes back the whole vote.
snitch-help-majority = This game reads “majority” as { $reading }
snitch-help-majority_other = The other reading, an option at the setup: { $other }
snitch-help-reading_most = the most votes: the player with the most votes gets the gun; when several share the most votes, the Soap holder picks one of them.
snitch-help-reading_half = a majority of the votes: the player with more than half of the votes gets the gun; otherwise the Soap holder decides, among the players who got a vote.
snitch-action-use_item = Use an Item
snitch-action-open_vote = Enter the result
snitch-action-secret_vote = Count the votes
snitch-param-tally = Votes for each player
snitch-prompt-vote_most = Hands up: who gets the gun? A tie: { $soap } (Soap) decides.
snitch-prompt-vote_half = Hands up for the gun: over half wins, else { $soap } decides.
snitch-prompt-vote_secret = Secret vote: on your pad, or on the screen in turn.
snitch-log-use_item = { $name } used the { $item }
snitch-log-next_to = next to { $name }'s Scheme
snitch-log-secret_vote = The gun vote was counted: { $votes }
snitch-log-ballot = { $name } voted in secret
snitch-log-stash_item = { $name } put the failed Scheme face down into the stash
error-snitch_vote_open = The vote is by hands up: enter who gets the gun.
error-snitch_vote_secret = The vote is secret: everybody votes on their pad, or on the screen in turn.
error-snitch_bad_tally = The votes are one number for each player, adding up to { $high }.
snitch-help-guard_soap = How Cellmate reads the Guard and the Soap: at the end of a turn, if the player with the Soap has the Guard, handcuffs face down are flipped up; handcuffs already up are flipped down and the Guard moves to the player on the right. Then the Soap passes left (the next seat clockwise). So the Guard stays one full round, then moves right. A failed Scheme puts the Guard in front of its owner (also after Bribe Money) and turns the handcuffs down.
snitch-help-gun_vote = The gun vote, in the rulebook's words: “Players will vote who will get the gun. … With no majority, the player with the Soap breaks the tie.”
snitch-help-readings = Where the rulebook is open, Cellmate plays it this way: Knuckle Irons and Crowbar may go next to any Scheme (your own too), at most one of each per Scheme. Bribe Money works only while the Guard is in play. The owner may refuse even the card that would complete the Scheme, before the reveal. An empty Prison Contacts Deck gives no card. If the Interrogation Deck runs out during the draws of the fifth Scheme, time is up before the gun comes in. Escape Plans never match anything, not even each other. The 24 cards are dealt from seat 1 clockwise. A Snitch who turns out to have held the gun won with it.
snitch-help-buttons = Buttons: CONFIRM passes the Soap once the turn's action is done (and, at the setup, says the cards are laid out). UNDO takes back the last step; hold it to redo.
snitch-item-binoculars = Binoculars
snitch-item-key = Key
snitch-item-knuckle_irons = Knuckle Irons
snitch-item-bribe_money = Bribe Money
snitch-item-crowbar = Crowbar
snitch-action-cards_ready = Cards ready
snitch-action-scheme = Enter Scheme
snitch-action-pick_guard = Give the Guard
snitch-action-pick_soap = Give the Soap
snitch-action-play_card = Play a card
snitch-action-draw_card = Draw a card
snitch-action-pass_soap = End turn
snitch-action-refuse = Refuse the card
snitch-action-reveal = Enter the reveal
snitch-action-stash_item = Item into the stash
snitch-action-new_scheme = New Scheme
snitch-action-vote = Vote
snitch-action-break_tie = Break the tie
snitch-action-shoot = Shoot
snitch-action-hold_fire = Shoot nobody
snitch-action-snitch_has_gun = I am the Snitch
snitch-action-escape_card = Card from the hand
snitch-action-escape_card_deck = Card from the deck
snitch-action-escape_reveal = Enter the reveal
snitch-action-reveal_snitch = Name the Snitch
snitch-action-no_snitch = No Snitch
snitch-param-required = Number in the bottom right corner
snitch-param-guard = Most talkative player (empty: at random)
snitch-param-soap = Most innocent player (empty: at random)
snitch-param-target = Under whose Scheme?
snitch-param-item = Which Item?
snitch-param-scheme_of = Next to whose Scheme?
snitch-param-repeats = Does a Prison Contact show more than once?
snitch-param-backstabs = How many Backstab icons?
snitch-param-own_contact = Does a revealed card match the Scheme's own contact?
snitch-param-vote = Who gets the gun?
snitch-param-gun_to = Who gets the gun?
snitch-param-shoot = Whom do you shoot?
snitch-param-escape_seat = Who plays the next card?
snitch-param-source = From the hand or the deck?
snitch-param-escape_plans = How many Escape Plans?
snitch-param-snitch = Who had the Snitch?
snitch-headline-setup = Setting up
snitch-headline-turn = { $name }'s turn
snitch-headline-resolution = { $name } reveals
snitch-headline-failed = { $name }'s Scheme failed
snitch-headline-new_scheme = { $name }: new Scheme
snitch-headline-gun_vote = The gun vote
snitch-headline-tie = Tie: { $name } decides
snitch-headline-shoot = { $name } has the gun
snitch-headline-escape = Escape: { $cards } of { $goal } cards
snitch-headline-final_reveal = Reveal your hands
snitch-headline-over = Game over
snitch-setup-pile7 = 1. Put 7 random Prison Contacts face down in a pile.
snitch-setup-pile13 = 2. Shuffle the Snitch, the 3 Escape Plans and 9 random Prison Contacts (13 cards).
snitch-setup-box2 = 3. Put 2 of these 13 back in the box without looking.
snitch-setup-cross = 4. Lay the other 11 crosswise on the pile of 7: the Interrogation Deck has { $count } cards. The token goes on top, the gun next to it.
snitch-setup-deal = 5. Shuffle the rest and deal { $count } cards, clockwise from the first seat: { $deal }.
snitch-setup-contacts = 6. The rest is the Prison Contacts Deck ({ $count } cards), face down.
snitch-prompt-cards = Lay out the cards as Help lists them, then tap Cards ready.
snitch-prompt-schemes = Everybody: lay a Scheme face up and enter its number.
snitch-prompt-guard = Give the Guard to the most talkative player.
snitch-prompt-soap = Give the Soap to the most innocent player: they begin.
snitch-prompt-pass = { $name }: End turn; the Soap goes to { $to }.
snitch-prompt-resolve =
    { $count ->
        [one] { $soap } shuffles the 1 card + 1 Contact; { $name } reveals.
       *[other] { $soap } shuffles the { $count } cards + 1 Contact; { $name } reveals.
    }
snitch-prompt-resolve_knuckles =
    { $count ->
        [one] { $soap } hands over the 1 card (no Contact); { $name } reveals.
       *[other] { $soap } shuffles the { $count } cards (no Contact); { $name } reveals.
    }
snitch-prompt-new_scheme_hand = { $name }: lay a new Scheme from your hand.
snitch-prompt-new_scheme_deck = { $name }: lay a new Scheme from the Contacts Deck.
snitch-prompt-tie = Tie: { $name } (Soap) picks who of the tied gets the gun.
snitch-prompt-shoot = { $name }: shoot one or nobody. The Snitch? Show it: you win.
snitch-prompt-escape_first = { $name }: who adds the next card? Everybody once first.
snitch-prompt-escape_more =
    { $left ->
        [one] { $name }: who adds another card? { $left } still needed.
       *[other] { $name }: who adds another card? { $left } still needed.
    }
snitch-prompt-escape_reveal = Reveal the 6 cards, then enter what showed.
snitch-prompt-final_reveal = Everybody shows their hand: who had the Snitch?
snitch-prompt-winners = Winners: { $names }.
snitch-prompt-no_winners = Nobody wins.
snitch-line-interrogation =
    { $count ->
        [one] Interrogation Deck: 1 card
       *[other] Interrogation Deck: { $count } cards
    }
snitch-line-riot_off =
    { $left ->
        [one] Riot in { $left } more card (at { $at } or fewer): help your neighbours only
       *[other] Riot in { $left } more cards (at { $at } or fewer): help your neighbours only
    }
snitch-line-riot_on = The riot is on: play under anybody's Scheme but your own
snitch-line-soap = Soap: { $name }
snitch-line-guard_down = Guard: { $name } (silenced), handcuffs face down
snitch-line-guard_up = Guard: { $name } (silenced), handcuffs up: the Guard moves right at the end of { $name }'s turn
snitch-line-guard_bribed = Guard: bribed, out of play until a Scheme fails
snitch-line-gun_pile = Gun pile: { $scored } of { $goal } Schemes
snitch-line-contacts =
    { $count ->
        [one] Prison Contacts Deck: 1 card
       *[other] Prison Contacts Deck: { $count } cards
    }
snitch-line-scheme =
    { $needed ->
        [one] { $name }: Scheme { $under } of { $needed } card{ $extras } · { $hand } in hand
       *[other] { $name }: Scheme { $under } of { $needed } cards{ $extras } · { $hand } in hand
    }
snitch-line-no_scheme = { $name }: no Scheme · { $hand } in hand
snitch-scheme-sideways = sideways
snitch-line-stash = Items in the stash, face down: { $stashes }
snitch-line-succeeded = { $name }'s Scheme succeeded ({ $backstabs }). Draws: { $draws }.
snitch-line-failed = { $name }'s Scheme failed ({ $backstabs }). Draws: { $draws }.
snitch-line-key = { $name } used the Key. Draws: { $draws }.
snitch-line-cut_short = The Interrogation Deck ran out on { $name }'s card: time is up.
snitch-draw-contacts = { $name } { $count } from the Prison Contacts Deck
snitch-draw-interrogation = { $name } { $count } from the Interrogation Deck
snitch-line-easier = Easier rule: you may talk about Backstab icons.
snitch-line-votes = Votes: { $votes }
snitch-line-shot = Shot: { $name } (plays no card)
snitch-line-nobody_shot = Nobody was shot
snitch-line-escape_cards = Under the Escape Route: { $cards } of { $goal } cards ({ $names })
snitch-line-escape_result = Escape: { $plans }, repeats: { $repeats }, { $backstabs }
snitch-escape_plans =
    { $count ->
        [one] 1 Escape Plan
       *[other] { $count } Escape Plans
    }
snitch-backstab_icons =
    { $count ->
        [one] 1 Backstab icon
       *[other] { $count } Backstab icons
    }
snitch-line-snitch = The Snitch: { $name }
snitch-line-no_snitch = There was no Snitch
snitch-line-losers = Losers: { $names }
snitch-banner-riot = Prison riot!
snitch-banner-gun = The gun is inside!
snitch-outcome-deck_out = Time is up: the Interrogation Deck ran out.
snitch-outcome-snitch_gun = The Snitch got the gun and wins!
snitch-outcome-escape_failed = The escape failed.
snitch-outcome-escape_succeeded = The escape succeeded!
snitch-badge-soap = Soap
snitch-badge-voted = voted
snitch-badge-gun = Gun
snitch-badge-shot = Shot
snitch-badge-winner = Winner
snitch-badge-snitch = Snitch
snitch-nobody = nobody
snitch-none = none
snitch-yes = yes
snitch-no = no
snitch-board-deck = Interrogation Deck
snitch-board-end = time is up
snitch-board-contacts = Prison Contacts Deck
snitch-board-gun_pile = Gun pile
snitch-board-escape = Escape Route
snitch-board-guard = Guard
snitch-board-handcuffs_up = Handcuffs up
snitch-board-handcuffs_down = Handcuffs face down
snitch-board-scheme =
    { $needed ->
        [one] Scheme { $required }: { $under } of { $needed } card
       *[other] Scheme { $required }: { $under } of { $needed } cards
    }
snitch-board-hand = in hand
snitch-board-stash = Items in the stash
snitch-board-cuffs_up = cuffs up
snitch-board-cuffs_down = cuffs down
snitch-seat-hand =
    { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
snitch-seat-stash =
    { $count ->
        [one] { $count } Item
       *[other] { $count } Items
    }
error-snitch_not_your_turn = It is { $name }'s turn to do that.
error-snitch_not_now = That is not possible at this point of the game.
error-snitch_already_acted = { $name } has had their action: pass the Soap.
error-snitch_no_cards = { $name } has no card in hand.
error-snitch_own_scheme = You cannot play a card under your own Scheme.
error-snitch_not_neighbour = Before the riot you may only help your neighbours, not { $name }.
error-snitch_bad_item = There is no such Item.
error-snitch_no_item = { $name } has no Item in the stash.
error-snitch_guarded_item = The Guard is in front of you: no Items, except Bribe Money.
error-snitch_no_guard = The Guard is not in play: there is nobody to bribe.
error-snitch_item_there = That Item cannot go next to { $name }'s Scheme: there is no Scheme, or one lies there already.
error-snitch_must_act = First play a card, draw a card or use an Item, then pass the Soap.
error-snitch_nothing_to_refuse = No card was just played under your Scheme: nothing to refuse.
error-snitch_guarded_refuse = The Guard is in front of you: you cannot refuse help.
error-snitch_already_refused = This Scheme is already turned sideways: refuse once per Scheme.
error-snitch_bad_flag = Answer yes or no.
error-snitch_repeats = A Prison Contact can only repeat with 2 or more of them revealed.
error-snitch_backstabs = Enter the Backstab icons shown: { $low } to { $high }.
error-snitch_own_contact = No card was revealed, so none can match the Scheme.
error-snitch_has_scheme = { $name } already has a Scheme. Undo to change it.
error-snitch_bad_required = Enter the number in the Scheme card's bottom right corner: { $low } to { $high }.
error-snitch_not_tied = { $name } is not one of the tied players.
error-snitch_shoot_self = The gun holder cannot shoot themselves.
error-snitch_shot_cannot_play = The shot player cannot add cards to the escape.
error-snitch_escape_order = Everybody plays one card before anybody plays a second: not { $name } yet.
error-snitch_bad_source = A card comes from the hand or from the top of the Prison Contacts Deck.
error-snitch_contacts_empty = The Prison Contacts Deck is empty.
error-snitch_escape_plans = Enter the Escape Plans revealed: { $low } to { $high }.
snitch-param-item-binoculars = Binoculars
snitch-param-item-key = Key
snitch-param-item-knuckle_irons = Knuckle Irons
snitch-param-item-bribe_money = Bribe Money
snitch-param-item-crowbar = Crowbar
snitch-param-source-hand = From the hand
snitch-param-source-deck = From the Prison Contacts Deck
snitch-rules-setup = Setup: lay out the cards as listed, each player lays a Scheme. The most talkative player gets the Guard; the most innocent begins with the Soap.
snitch-rules-setup-where = “The Scheming Begins”, “Game Play”
snitch-rules-turn = Your turn (you hold the Soap): play a card under a Scheme, draw a card, or use an Item; then pass the Soap to your left.
snitch-rules-turn-where = “During your Turn”, “Pass the Bar of Soap”
snitch-rules-scheme = A Scheme with its cards is revealed: all Prison Contacts different and at most one Backstab icon is a success; otherwise it fails, the draws come from the Interrogation Deck and the Guard comes to its owner.
snitch-rules-scheme-where = “Completing a Scheme”, “Getting Caught”
snitch-rules-riot = The riot: with 7 or fewer cards left in the Interrogation Deck, a card may go under anybody's Scheme but your own; before it, only under your neighbours'.
snitch-rules-riot-where = “The Prison Riot Begins”
snitch-rules-gun = The gun: after the fifth successful Scheme everybody votes who gets it; the Snitch getting it wins. The holder may shoot one player.
snitch-rules-gun-where = “Who Gets the Gun”, “Pulling the Trigger or Not”
snitch-rules-escape = The escape: 6 cards from the players the gun holder picks, everybody but the shot player once first. All different and at most one Backstab: it succeeds.
snitch-rules-escape-where = “The Escape”
snitch-rules-end = The end: the Interrogation Deck running out ends it at once: the Snitch wins, or with no Snitch everybody loses. Otherwise the escape decides.
snitch-rules-end-where = “End of the Game”
snitch-speech-riot =
    { $count ->
        [one] Prison riot! The Interrogation Deck is down to 1 card.
       *[other] Prison riot! The Interrogation Deck is down to { $count } cards.
    }
snitch-speech-guard = The Guard moves to { $name }.
snitch-speech-guard_away = The Guard leaves the table.
snitch-speech-succeeded = { $name }'s Scheme succeeded.
snitch-speech-failed = { $name }'s Scheme failed.
snitch-speech-key = { $name } used the Key.
snitch-speech-draw_contacts =
    { $count ->
        [one] { $name } draws 1 card from the Prison Contacts Deck.
       *[other] { $name } draws { $count } cards from the Prison Contacts Deck.
    }
snitch-speech-draw_interrogation =
    { $count ->
        [one] { $name } draws 1 card from the Interrogation Deck.
       *[other] { $name } draws { $count } cards from the Interrogation Deck.
    }
result-snitch-snitch = the Snitch
result-snitch-shot = shot
result-snitch-escaped = escaped
result-snitch-ending-deck_out = time ran out
result-snitch-ending-snitch_gun = the Snitch got the gun
result-snitch-ending-escape_failed = the escape failed
result-snitch-ending-escape_succeeded = the escape succeeded
stats-snitch_won =
    { $count ->
        [one] The Snitch won { $wins } of 1 game ({ $rate }).
       *[other] The Snitch won { $wins } of { $count } games ({ $rate }).
    }
# A player's phone: their own stash, noted there (a secret of theirs)

snitch-action-record_item = Note an Item in your stash
snitch-phone-stash = Your stash: { $items }
snitch-phone-unnoted =
    { $count ->
        [one] { $count } Item in your stash not noted yet
       *[other] { $count } Items in your stash not noted yet
    }
error-snitch_all_noted = Every Item in { $name }'s stash is noted already.
snitch-prompt-turn_neighbours = { $name }: play a card under a neighbour's Scheme, or draw.
snitch-prompt-turn_neighbours_stash = { $name }: help a neighbour, draw, or use an Item.
snitch-prompt-turn_riot = { $name }: play a card under anyone's Scheme, or draw.
snitch-prompt-turn_riot_stash = { $name }: help anyone, draw, or use an Item.
snitch-prompt-draw_only = { $name }: no card in hand: draw one.
snitch-prompt-draw_only_stash = { $name }: draw a card, or use an Item.
snitch-prompt-pass_draw = Draw now. { $name }: End turn; the Soap goes to { $to }.
snitch-prompt-refuse = { $name } may refuse that card; then { $soap }: End turn.
snitch-prompt-new_scheme_hand_draw = Draw now. { $name }: lay a new Scheme from your hand.
snitch-prompt-new_scheme_deck_draw = Draw now. { $name }: lay a new Scheme from the Contacts Deck.
snitch-prompt-new_scheme_failed = { $name }: stash it face down, new Scheme from Contacts.
snitch-prompt-new_scheme_failed_draw = Draw now. { $name }: stash it, new Scheme from Contacts.
snitch-line-turn = Turn { $turn }
snitch-line-helps = { $name } may help: { $names }
snitch-line-harder = Harder rule: say whether a revealed card matches the Scheme's own contact.
snitch-line-resolve =
    { $count ->
        [one] { $soap }: pick up the 1 card under { $name }'s Scheme without looking, add the top card of the Prison Contacts Deck, shuffle them under the table and hand them to { $name }. { $name }: reveal them one by one, then enter what showed.
       *[other] { $soap }: pick up the { $count } cards under { $name }'s Scheme without looking, add the top card of the Prison Contacts Deck, shuffle them under the table and hand them to { $name }. { $name }: reveal them one by one, then enter what showed.
    }
snitch-line-resolve_knuckles =
    { $count ->
        [one] { $soap }: pick up the 1 card under { $name }'s Scheme without looking (no random card is added) and hand it to { $name }. { $name }: reveal it, then enter what showed.
       *[other] { $soap }: pick up the { $count } cards under { $name }'s Scheme without looking (no random card is added), shuffle them under the table and hand them to { $name }. { $name }: reveal them one by one, then enter what showed.
    }
snitch-line-escape_first = Still to play one card: { $names }
snitch-badge-tied = tied
snitch-board-deck_short = Interrogation
snitch-board-riot_in = riot in { $count }
snitch-board-riot_on = riot!
snitch-board-contacts_short = Contacts
snitch-board-gun_pile_short = Gun
snitch-board-escape_short = Escape
snitch-board-stash_token =
    { $count ->
        [one] 1 Item face down
       *[other] { $count } Items face down
    }
snitch-board-draws = Draw now
snitch-board-draws_contacts = Contacts: { $draws }
snitch-board-draws_interrogation = Interrogation: { $draws }
snitch-seat-scheme = Scheme { $under }/{ $needed }
snitch-seat-no_scheme = no Scheme
snitch-score-gun = won with the gun
snitch-score-snitch_won = won as the Snitch
snitch-score-snitch_lost = the Snitch, left behind
snitch-score-snitch_shot = the Snitch, shot
snitch-score-shot = shot
snitch-score-escaped = escaped
snitch-score-escape_failed = escape failed
snitch-score-time_up = time ran out
snitch-score-snitch_gun = the Snitch got the gun
snitch-done-cards_ready = The cards were laid out
snitch-done-scheme =
    { $required ->
        [one] { $name } laid a Scheme of 1 card
       *[other] { $name } laid a Scheme of { $required } cards
    }
snitch-done-pick_guard = { $seat } got the Guard
snitch-done-pick_soap = { $seat } got the Soap and began
snitch-done-play_card = { $name } played a card under { $target }'s Scheme
snitch-done-draw_card = { $name } drew a card
snitch-done-refuse = { $name } refused the card
snitch-done-new_scheme =
    { $required ->
        [one] { $name } laid a new Scheme of 1 card
       *[other] { $name } laid a new Scheme of { $required } cards
    }
snitch-done-open_vote = Hands up: { $target } got the gun
snitch-done-break_tie = { $name } gave the gun to { $target }
snitch-done-shoot = { $name } shot { $target }
snitch-done-hold_fire = { $name } shot nobody
snitch-done-snitch_has_gun = { $name } showed the Snitch and won with the gun
snitch-done-reveal_snitch = { $seat } had the Snitch
snitch-done-no_snitch = Nobody had the Snitch
snitch-log-pass_soap = { $name } passed the Soap to { $to }
snitch-log-reveal_succeeded = { $name }'s Scheme succeeded ({ $shown })
snitch-log-reveal_failed = { $name }'s Scheme failed ({ $shown })
snitch-log-escape_succeeded = The escape succeeded ({ $shown })
snitch-log-escape_failed = The escape failed ({ $shown })
snitch-log-repeats = a Prison Contact repeated
snitch-log-own_contact = a card matched the Scheme's contact
snitch-log-escape_card_hand = { $name } added an escape card from the hand
snitch-log-escape_card_deck = { $name } added an escape card from the Prison Contacts Deck
snitch-line-may_refuse = { $name } may refuse that card (turn the Scheme sideways).
snitch-score-snitch_shot_won = shot, won as the Snitch
