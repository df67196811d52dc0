### Phones at the table, the server half (ui/phones.py, hardware/phones), in English:
### the Pi's dialog, the phones' page, and why a message or a phone is refused.

phones-title = Phones at the table
phones-button = Phones
phones-scan = Scan the code with a phone's camera, or open:
phones-off = Phones are switched off. Switch them on in Settings or in the config ([phones] enabled = true).
phones-failed = The phones could not be started: { $why }
phones-no_game = Start a game: its seats show here.
phones-seat_free = free
phones-seat_phone = Phone { $number }
phones-seat_offline = Phone { $number }, away
phones-release = Release
phones-give = Give to phone { $number }
phones-waiting = Waiting for a seat: { $phones }
phones-none_waiting = No phone is waiting for a seat.
phones-close = Close

phones-page-title = Cellmate
phones-page-connecting = Connecting to the table…
phones-page-reconnecting = The connection is lost. Trying again…
phones-page-choose_seat = Which seat is yours?
phones-page-held = taken
phones-page-wait_assign = Or wait: the table can give you a seat on the Pi.
phones-page-no_game = No game yet: the seats show here once the table starts one.
phones-page-you = you
phones-page-table = The table
phones-page-private = Only you see this
phones-page-news = Just now
phones-page-vote = Secret vote
phones-page-voted = Your vote is in. You can change it until the last one is in.
phones-page-waiting_for = Still to vote: { $names }
phones-page-countdown = Time left
phones-page-scan_again = Scan the code on the table again.

phones-refused-old_code = This code is from another game. Scan the code on the table again.
phones-refused-full =
    { $most ->
        [one] A phone is at the table already.
       *[other] { $most } phones are at the table already.
    }
phones-refused-has_seat = This phone already has a seat.
phones-refused-no_seat = There is no such seat.
phones-refused-seat_held = Another phone holds that seat.
phones-refused-gone = That phone is no longer there.
phones-refused-slow_down = Too many messages: slow down.
phones-refused-not_text = The table reads text messages only.
phones-refused-too_big =
    { $bytes ->
        [one] That message is too long for the table (at most one byte).
       *[other] That message is too long for the table (at most { $bytes } bytes).
    }
phones-refused-not_json = The table could not read that message.
phones-refused-unknown_type = The table does not know that kind of message.
phones-refused-bad_field = A part of that message is not what the table expects.
phones-refused-hello_first = Say which code you came with first.
phones-refused-no_seat_yet = Take a seat first.
phones-refused-failed = The table could not do that. Try again.
phones-refused-no_game = No game is being played.
phones-refused-busy = The table is busy with a menu on the Pi. Try again in a moment.
phones-refused-rules = Not now.

phones-bye-new_game = A new game has started. Scan the new code on the table.
phones-bye-stopped = The table switched the phones off.
phones-bye-elsewhere = This seat is now open on another tab or phone.
