// The phones' page (README "Phones at the table"): one WebSocket to the table, what the
// table sends drawn here, taps sent back with a message id so a retry is applied once.
// Everything is set as text (textContent), never as HTML: names come from the players.
"use strict";
(function () {
  let words = JSON.parse(document.getElementById("words").textContent || "{}");
  const joinKey = location.pathname.replace(/^\/+/, "").split("/")[0];
  const storeKey = "cellmate-seat:" + joinKey;      // a seat key is for this game's code only
  const $ = (id) => document.getElementById(id);
  const w = (key, fields) => {
    let text = words[key] || key;
    for (const name in fields || {}) text = text.split("{" + name + "}").join(fields[name]);
    return text;
  };

  let ws = null;
  let stopped = false;          // told to go (a new game, switched off): no more tries
  let retry = 500;
  let pending = new Map();      // msg id -> the message, until the table answers it
  let counter = 0;
  let seatKey = null;
  try { seatKey = localStorage.getItem(storeKey); } catch (e) { seatKey = null; }
  let lastView = null;
  let skew = 0;                 // the table's clock minus ours, seconds
  let tick = null;

  function status(text) { $("status").textContent = text || ""; }
  function toast(text, kind) {
    const box = $("toast");
    box.textContent = text;
    box.className = "toast" + (kind === "info" ? " info" : "");
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 3500);
  }
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function chip(player, small) {
    const node = el("span", player.letter || (player.name || "?").slice(0, 1), "chip" + (small ? " small-chip" : ""));
    if (player.colour) node.classList.add("c-" + player.colour);
    return node;
  }

  // -- the connection --------------------------------------------------------------
  function connect() {
    if (stopped || ws) return;           // one socket at a time (a timer and a wake-up may both ask)
    status(lastView ? w("reconnecting") : w("connecting"));
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    ws.onopen = () => {
      retry = 500;
      ws.send(JSON.stringify(seatKey ? { type: "hello", seat_key: seatKey } : { type: "hello", join: joinKey }));
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    ws.onclose = () => {
      ws = null;
      if (stopped) return;
      status(w("reconnecting"));
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }
  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }
  function act(message) {
    const msg = "m" + Date.now().toString(36) + "-" + (++counter);
    message.msg = msg;
    pending.set(msg, message);
    send(message);
    setBusy(true);
    return msg;
  }
  function setBusy(busy) {
    document.querySelectorAll("#buttons button, #candidates button, #forms button").forEach((b) => { b.disabled = busy; });
  }

  function receive(m) {
    switch (m.type) {
      case "welcome":
        status("");
        seatKey = m.seat_key;
        try { localStorage.setItem(storeKey, seatKey); } catch (e) { /* private mode: no coming back */ }
        for (const message of pending.values()) send(message);   // a retry: the table applies each once
        if (m.seat === null) { showLobby(null); }
        break;
      case "lobby": showLobby(m); break;
      case "words":                                   // the table's language changed
        words = m.words || words;
        document.documentElement.lang = m.lang || document.documentElement.lang;
        document.title = w("title");
        if (lastView) showView(lastView); else if (lobby) showLobby(null);
        break;
      case "view":
        if (typeof m.now === "number") skew = m.now - Date.now() / 1000;
        showView(m.view);
        break;
      case "ack":
        pending.delete(m.msg);
        if (!pending.size) setBusy(false);
        break;
      case "refused":
        if (m.msg) { pending.delete(m.msg); if (!pending.size) setBusy(false); }
        if (m.key === "old_code" && seatKey) {      // a seat key from before: come in with the code
          seatKey = null;
          try { localStorage.removeItem(storeKey); } catch (e) { /* nothing kept */ }
          send({ type: "hello", join: joinKey });
          return;
        }
        if (m.key === "old_code" || m.key === "full") { stop(m.words); return; }
        toast(m.words);
        break;
      case "bye":
        if (m.key === "elsewhere" || m.key === "new_game" || m.key === "stopped") stop(m.words);
        break;
    }
  }
  function stop(text) {
    stopped = true;
    $("game").hidden = true;
    $("lobby").hidden = true;
    status(text);
    if (ws) ws.close();
  }

  // -- choosing a seat ------------------------------------------------------------------
  let lobby = null;
  function showLobby(m) {
    if (m) lobby = m;
    $("game").hidden = true;
    $("lobby").hidden = false;
    lastView = null;
    const seats = (lobby && lobby.seats) || [];
    $("lobby-game").textContent = (lobby && lobby.game) || w("title");
    $("lobby-ask").textContent = seats.length ? w("choose_seat") : w("no_game");
    $("lobby-wait").textContent = seats.length ? w("wait_assign") : "";
    const box = $("seats");
    box.replaceChildren();
    for (const seat of seats) {
      const button = el("button", null, "seat");
      button.append(chip(seat), el("span", seat.name, "name"));
      if (seat.held) { button.disabled = true; button.append(el("span", w("held"), "held")); }
      button.addEventListener("click", () => send({ type: "take", seat: seat.seat }));
      box.append(button);
    }
  }

  // -- the game --------------------------------------------------------------------------
  function showView(v) {
    const before = lastView;
    lastView = v;
    document.documentElement.lang = v.lang || document.documentElement.lang;
    $("lobby").hidden = true;
    $("game").hidden = false;
    const me = v.players[v.you] || {};
    const chipBox = $("you-chip");
    chipBox.textContent = me.letter || "";
    chipBox.className = "chip" + (me.colour ? " c-" + me.colour : "");
    $("prompt").textContent = v.prompt || "";
    $("game-title").textContent = (me.name ? me.name + " · " : "") + v.game;
    const mine = myTurn(v);
    $("turnbar").classList.toggle("mine", mine);
    const formsBefore = new Set(((before && before.forms) || []).map((f) => f.id));
    const newForm = (v.forms || []).some((f) => !formsBefore.has(f.id));    // asked for something (a guess)
    if ((mine && !(before && myTurn(before))) || (before && newForm)) wake();

    // the secret vote
    const vote = v.vote;
    $("vote").hidden = !vote;
    if (vote) {
      $("vote-title").textContent = w("vote");
      $("vote-question").textContent = vote.question;
      const box = $("candidates");
      box.replaceChildren();
      for (const c of vote.candidates) {
        const button = el("button", c.name);
        if (vote.choice === c.seat) button.classList.add("chosen");
        button.addEventListener("click", () => { act({ type: "vote", seat: c.seat }); });
        box.append(button);
      }
      $("vote-voted").textContent = vote.voted ? w("voted") : "";
      $("vote-waiting").textContent = vote.waiting && vote.waiting.length ? w("waiting_for", { names: vote.waiting.join(", ") }) : "";
    }

    // MAIN and DONE as the seat
    const buttons = $("buttons");
    buttons.replaceChildren();
    for (const b of v.buttons || []) {
      const button = el("button", b.label, b.tone === "primary" ? "primary" : "");
      button.dataset.id = b.id;
      button.addEventListener("click", () => act({ type: "button", id: b.id }));
      buttons.append(button);
    }

    $("result").hidden = !v.finished;
    $("result").textContent = v.result || "";

    // this seat's own secrets
    const priv = v.private || [];
    $("private-box").hidden = !priv.length;
    $("private-title").textContent = w("private");
    const list = $("private");
    list.replaceChildren(...priv.map((line) => el("li", line)));

    showForms(v.forms || []);

    $("news-box").hidden = !v.news;
    $("news-title").textContent = w("news");
    $("news").textContent = v.news || "";

    $("table-title").textContent = w("table");
    $("headline").textContent = v.headline || "";
    const players = $("players");
    players.replaceChildren();
    for (const p of v.players) {
      const row = el("li", null, p.turn ? "turn" : "");
      const name = p.seat === v.you ? p.name + " (" + w("you") + ")" : p.name;
      const seat = el("div", null, "seat-figures");
      seat.append(el("span", name, "name"));
      const figures = figuresOf(p);
      if (figures.childNodes.length) seat.append(figures);
      row.append(chip(p, true), seat);
      players.append(row);
    }
    showCountdown(v.countdown);
    setBusy(pending.size > 0);
  }

  // A seat's figures as its token round the table says them ("Soap", "Tunnel 7/15",
  // "Rolled 5"), each whole on its line, then its pieces as coloured pips (Heist's gems)
  function figuresOf(p) {
    const box = el("p", null, "figures");
    for (const text of p.figures || []) box.append(el("span", text, "figure"));
    for (const pip of p.pips || []) {
      const item = el("span", null, "figure pip");
      const dot = el("span", "\u25cf", "dot");
      if (/^[a-z]+$/.test(pip.colour || "")) dot.classList.add("g-" + pip.colour);
      item.append(dot, el("span", String(pip.count)));
      box.append(item);
    }
    return box;
  }

  function myTurn(v) {
    if (v.finished) return false;
    if (v.vote) return !v.vote.voted;
    const me = v.players[v.you];
    return !!(me && me.turn);
  }
  function wake() {
    if (navigator.vibrate) { try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed here */ } }
    document.body.classList.remove("flash");
    void document.body.offsetWidth;            // restart the animation
    document.body.classList.add("flash");
  }

  function showForms(forms) {
    const box = $("forms");
    box.replaceChildren();
    for (const f of forms) {
      const card = el("section", null, "card");
      card.append(el("h2", f.label));
      const form = el("form");
      const inputs = [];
      for (const field of f.fields || []) {
        if (field.fixed !== undefined) { inputs.push([field, null]); continue; }   // nothing to choose: the title says it
        const label = el("label", field.label);
        let input;
        if (field.kind === "seat" || field.kind === "choice") {
          input = el("select");
          if (field.optional) input.append(el("option", "—"));
          for (const c of field.choices || []) {
            const option = el("option", c.label);
            option.value = JSON.stringify(c.value);
            input.append(option);
          }
        } else if (field.kind === "int") {
          input = el("input");
          input.type = "number";
          if (field.min !== null && field.min !== undefined) { input.min = field.min; input.value = field.min; }
          if (field.max !== null && field.max !== undefined) input.max = field.max;
        } else if (field.kind === "bool") {
          input = el("input");
          input.type = "checkbox";
        } else {
          continue;          // never asked on a phone
        }
        input.name = field.name;
        label.append(input);
        form.append(label);
        inputs.push([field, input]);
      }
      const submit = el("button", f.label, "primary");
      submit.type = "submit";
      form.append(submit);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const args = {};
        for (const [field, input] of inputs) {
          if (input === null) args[field.name] = field.fixed;
          else if (field.kind === "bool") args[field.name] = input.checked;
          else if (field.kind === "int") { if (input.value !== "") args[field.name] = parseInt(input.value, 10); }
          else if (input.value && input.value !== "—") args[field.name] = JSON.parse(input.value);
        }
        act({ type: "form", id: f.id, args: args });
      });
      card.append(form);
      box.append(card);
    }
  }

  function showCountdown(countdown) {
    clearInterval(tick);
    $("countdown").hidden = !countdown;
    if (!countdown) return;
    $("countdown-label").textContent = w("countdown");
    const draw = () => {
      const left = Math.max(0, Math.ceil(countdown.ends_at - (Date.now() / 1000 + skew)));
      $("countdown-left").textContent = left + " s";
      if (left <= 0) clearInterval(tick);
    };
    draw();
    tick = setInterval(draw, 250);
  }

  // A phone put down sleeps and its socket with it: on waking, back at once (not after the next try's wait)
  document.addEventListener("visibilitychange", () => { if (!document.hidden) connect(); });
  document.title = w("title");
  connect();
})();
