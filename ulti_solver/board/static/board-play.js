// Play (ulti_solver/board/play.py): a person at one table seat against two bots, a whole game
// from the deal (R45-R50). The server runs the bots and sends what the person's seat knows (R40,
// R46) with his question and its legal answers; the page offers them as buttons, cards to click,
// a list of bids or kontras to tick, and sends back the value of the answer chosen. At the end:
// the result by table seat, the hands as dealt, and the report of the game (ulti analyse --html).
"use strict";

(function () {
  var el = Ulti.el;
  var $ = function (id) { return document.getElementById(id); };
  var view = $("play"), message = $("message");
  var state = null; // the server's latest answer
  var chosen = []; // the cards picked for a discard
  var sent = 0; // the latest request: older answers are dropped
  var waits = 0; // the times the page asked again while the bots were still playing

  function say(text) {
    message.textContent = text || "";
    message.hidden = !text;
  }

  function seatWord(seat) {
    var name = Ulti.t("table seat {seat}", { seat: seat });
    return state && seat === state.seat ? Ulti.t("{seat} (you)", { seat: name }) : name;
  }

  // -- The form: your seat, the two bots, the rulebook -----------------------------------------

  (Ulti.meta.bots || []).forEach(function (bot) {
    ["play-bot-a", "play-bot-b"].forEach(function (id) {
      var text = bot.name + " \u2014 " + bot.summary + (bot.fair ? "" : " " + Ulti.t("(sees every card)"));
      $(id).appendChild(el("option", { value: bot.name, text: text }));
    });
  });
  Ulti.meta.rulebooks.forEach(function (book) {
    $("play-rules").appendChild(el("option", { value: book.name, text: book.name + " \u2014 " + book.description }));
  });
  $("play-rules").value = Ulti.meta.default_rulebook;

  function otherSeats() {
    var seat = Number($("play-seat").value);
    return [0, 1, 2].filter(function (s) { return s !== seat; });
  }

  function labelBots() {
    var others = otherSeats();
    $("play-bot-a-label").textContent = Ulti.t("Bot at table seat {seat}", { seat: others[0] });
    $("play-bot-b-label").textContent = Ulti.t("Bot at table seat {seat}", { seat: others[1] });
  }

  // -- Talking to the server ------------------------------------------------------------------

  function send(method, path, body) {
    var seq = ++sent;
    view.setAttribute("data-busy", "true");
    var options = { method: method, headers: { "Content-Type": "application/json" } };
    if (body) options.body = JSON.stringify(body);
    return fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = JSON.parse(text); } catch (e) { data = null; }
        return { ok: response.ok, status: response.status, data: data };
      });
    }, function () {
      return { ok: false, status: 0, data: { error: Ulti.t("the board's server does not answer: is 'ulti board' still running?") } };
    }).then(function (result) {
      if (seq !== sent) return;
      view.setAttribute("data-busy", "false");
      if (result.ok && result.data) {
        waits = 0;
        say("");
        show(result.data);
        return;
      }
      var error = (result.data && result.data.error) || Ulti.t("the server answered {status}", { status: result.status });
      say(error);
      // The bots still playing (409), or over the board's time (503): ask again for where the game stands.
      if (state && (result.status === 409 || result.status === 503) && !state.over && waits < 60) {
        waits += 1;
        setTimeout(function () { send("GET", "/api/play/state?id=" + encodeURIComponent(state.id)); }, 1000);
      }
    });
  }

  function start(event) {
    event.preventDefault();
    var body = { seat: Number($("play-seat").value), bots: [$("play-bot-a").value, $("play-bot-b").value], rules: $("play-rules").value };
    var seed = $("play-seed").value.trim(), deal = $("play-deal").value.trim();
    if (seed !== "") body.seed = Number(seed);
    if (deal) body.deal = deal;
    state = null;
    send("POST", "/api/play/new", body);
  }

  function answer(value) {
    if (!state || state.over) return;
    send("POST", "/api/play/answer", { id: state.id, answer: value });
  }

  // -- The question and its answers ----------------------------------------------------------

  function button(text, value, extra) {
    return el("button", {
      type: "button", className: "play-answer" + (extra ? " " + extra : ""), "data-value": JSON.stringify(value),
      text: text, on: { click: function () { answer(value); } },
    });
  }

  function isWord(option) { return option.value === "pass" || option.value === "pick-up"; }

  function bidAnswers(question) {
    var parts = question.options.filter(isWord).map(function (o) { return button(o.text, o.value); });
    var bids = question.options.filter(function (o) { return !isWord(o); });
    if (bids.length) {
      var list = el("select", { id: "play-bid", "aria-label": Ulti.t("bids that may be said") },
        bids.map(function (o, i) { return el("option", { value: String(i), text: o.text }); }));
      parts.push(list);
      parts.push(el("button", {
        type: "button", id: "play-say-bid", className: "primary", text: Ulti.t("Bid"),
        on: { click: function () { answer(bids[Number(list.value)].value); } },
      }));
    }
    return parts;
  }

  function kontraAnswers(question) {
    var boxes = question.options.map(function (o, i) {
      return el("label", { className: "play-kontra" }, [
        el("input", { type: "checkbox", name: "play-kontra", value: String(i) }), " " + o.text,
      ]);
    });
    var sayThem = el("button", {
      type: "button", id: "play-say-kontras", className: "primary", text: Ulti.t("Say them"),
      on: {
        click: function () {
          var ticked = Array.prototype.filter.call(view.querySelectorAll("input[name=play-kontra]"), function (b) { return b.checked; });
          answer(ticked.map(function (b) { return question.options[Number(b.value)].value; }));
        },
      },
    });
    return boxes.concat([sayThem]);
  }

  function discardAnswer() {
    return [el("button", {
      type: "button", id: "play-lay", className: "primary", text: Ulti.t("Lay them face down"), disabled: chosen.length !== 2,
      on: { click: function () { if (chosen.length === 2) answer(chosen.slice()); } },
    })];
  }

  function renderQuestion(question) {
    var box = $("play-question");
    box.textContent = "";
    box.hidden = !question;
    if (!question) return;
    box.appendChild(el("p", { className: "play-question-text", text: question.text }));
    var parts;
    if (question.ask === "bid") parts = bidAnswers(question);
    else if (question.ask === "kontra") parts = kontraAnswers(question);
    else if (question.ask === "discard") parts = discardAnswer();
    else if (question.ask === "card") parts = [];
    else parts = question.options.map(function (o) { return button(o.text, o.value); });
    box.appendChild(el("div", { className: "play-answers" }, parts));
  }

  // -- The cards -----------------------------------------------------------------------------

  function pick(card) {
    var at = chosen.indexOf(card);
    if (at >= 0) chosen.splice(at, 1);
    else if (chosen.length < 2) chosen.push(card);
    renderHand();
    $("play-lay").disabled = chosen.length !== 2;
  }

  function renderHand() {
    var question = state.question, ask = question ? question.ask : "";
    var legal = {};
    if (ask === "card") question.options.forEach(function (o) { legal[o.value] = true; });
    var hand = Ulti.handElement(state.view.hand, function (card, face) {
      if (ask === "discard" || (ask === "card" && legal[card])) {
        var picked = chosen.indexOf(card) >= 0;
        return el("button", {
          type: "button", className: "play-card play-hand-card" + (picked ? " picked" : ""), "data-card": card,
          title: Ulti.cardTitle(card), "aria-pressed": ask === "discard" ? String(picked) : null,
          on: { click: function () { if (ask === "card") answer(card); else pick(card); } },
        }, [el("span", { className: "face", text: Ulti.cardInfo(card).label })]);
      }
      if (ask === "card") face.classList.add("not-legal");
      return face;
    });
    $("play-hand").replaceChildren(hand);
  }

  // What else the seat knows of the cards: the talon it laid, an open bid's declarer's cards.
  function renderKnown() {
    var v = state.view, known = $("play-known");
    known.textContent = "";
    if (v.talon) {
      known.appendChild(el("h3", { text: Ulti.t("Face down (you know them)") }));
      known.appendChild(Ulti.handElement(v.talon));
    }
    if (v.shown && v.declarer !== state.seat) {
      known.appendChild(el("h3", { text: Ulti.t("The declarer's cards (an open bid)") }));
      known.appendChild(Ulti.handElement(v.shown));
    }
  }

  // The cards of a trick with who played them: on the table (a column each), or in a line of the list.
  function cardsWithSeats(cards, inline) {
    return cards.map(function (c) {
      return el("span", { className: inline ? "play-played" : "trick-slot" }, [
        el("span", { className: "who", text: seatWord(c.seat) }), inline ? " " : null, Ulti.cardFace(c.card),
      ]);
    });
  }

  function renderTable() {
    var v = state.view, facts = [];
    if (v.declarer !== null) {
      facts.push([Ulti.t("Declarer"), seatWord(v.declarer)]);
      facts.push([Ulti.t("Bid"), v.trump ? Ulti.t("{bid}, {trump} trump", { bid: v.bid_text, trump: v.trump_text }) : v.bid_text]);
    }
    v.marriages.forEach(function (m) { facts.push([Ulti.t("Marriages of {seat}", { seat: seatWord(m.seat) }), m.what]); });
    if (v.tricks.length) facts.push([Ulti.t("Tricks taken"), [0, 1, 2].map(function (s) { return seatWord(s) + " " + v.taken[s]; }).join(", ")]);
    $("play-facts").replaceChildren(el("dl", { className: "facts" }, facts.reduce(function (out, row) {
      return out.concat([el("dt", { text: row[0] }), el("dd", { text: row[1] })]);
    }, [])));

    var last = v.tricks[v.tricks.length - 1], trick = $("play-trick");
    trick.textContent = "";
    trick.hidden = !last;
    if (last) {
      cardsWithSeats(last.cards).forEach(function (slot) { trick.appendChild(slot); });
      if (last.winner !== null) trick.appendChild(el("div", { className: "trick-winner", text: Ulti.t("won by {seat}", { seat: seatWord(last.winner) }) }));
    }

    var list = el("ol", { className: "moves" });
    v.tricks.forEach(function (t) {
      var item = el("li", { className: "move-trick" }, cardsWithSeats(t.cards, true));
      if (t.winner !== null) item.appendChild(el("span", { className: "won", text: "\u2192 " + seatWord(t.winner) }));
      list.appendChild(item);
    });
    $("play-tricks").replaceChildren(v.tricks.length ? list : el("p", { className: "hint", text: Ulti.t("No card played yet.") }));
  }

  function renderSaid() {
    var v = state.view;
    var auction = el("ol", { className: "auction-list" }, v.auction.map(function (a) {
      var parts = [el("span", { className: "who", text: seatWord(a.seat) }), " ", el("span", { className: "what", text: a.what })];
      if (a.laid) {
        parts.push(" ");
        parts.push(el("span", { className: "laid" }, [el("span", { className: "laid-word", text: Ulti.t("laid:") })]
          .concat(a.laid.map(function (card) { return Ulti.cardFace(card, "face-down"); }))));
      }
      return el("li", { className: "auction-action action-" + a.action }, parts);
    }));
    if (!v.auction.length) auction.appendChild(el("li", { className: "auction-none", text: Ulti.t("Nothing said yet.") }));
    $("play-auction").replaceChildren(auction);
    $("play-kontras").replaceChildren(v.kontras.length ? el("ol", { className: "kontra-list" }, v.kontras.map(function (k) {
      return el("li", { className: "kontra-call" }, [el("span", { className: "who", text: seatWord(k.seat) }), " " + k.what + " (" + k.when + ")"]);
    })) : el("p", { className: "kontra-none", text: Ulti.t("No kontra was said.") }));
  }

  // The end: the result by table seat, the deal as it was dealt, the report.
  function renderEnd() {
    var end = $("play-end"), report = $("play-report");
    end.textContent = "";
    report.hidden = !(state.over && state.whole);
    if (!state.over) return;
    report.href = "/api/play/report?id=" + encodeURIComponent(state.id);
    end.appendChild(el("h3", { text: Ulti.t("Result") }));
    if (state.whole) {
      end.appendChild(el("p", { className: "ending-text", text: state.whole.ending_text }));
      end.appendChild(Ulti.resultTable(state.whole));
      end.appendChild(el("h3", { text: Ulti.t("Dealt") }));
      end.appendChild(Ulti.tableHands(state.whole, state.whole.hands, null));
    } else {
      end.appendChild(el("ul", {}, state.result.map(function (r) { return el("li", { text: seatWord(r.seat) + ": " + Ulti.signed(r.units) }); })));
    }
    if (state.forfeit) end.appendChild(el("p", { className: "hint", text: Ulti.t("{seat} forfeited: {why}", { seat: seatWord(state.forfeit.seat), why: state.forfeit.why }) }));
  }

  function show(data) {
    var fresh = !state || state.id !== data.id || state.step !== data.step;
    state = data;
    if (fresh) chosen = [];
    view.hidden = false;
    view.setAttribute("data-step", String(data.step));
    view.setAttribute("data-over", String(data.over));
    view.setAttribute("data-ask", data.question ? data.question.ask : "");
    $("play-players").textContent = data.players.map(function (spec, seat) {
      var player = spec === null ? Ulti.t("you") : spec; // one text a call: Babel reads no nested ones
      return Ulti.t("table seat {seat}: {player}", { seat: seat, player: player });
    }).join(" \u00b7 ") + " \u00b7 " + (data.seed === null ? Ulti.t("rules {book}", { book: data.rules.book })
      : Ulti.t("rules {book}, seed {seed}", { book: data.rules.book, seed: data.seed }));
    $("play-status").textContent = data.over ? Ulti.t("The game is over.") : Ulti.t("Your turn, {seat}:", { seat: seatWord(data.seat) });
    renderQuestion(data.question);
    renderHand();
    renderKnown();
    renderTable();
    renderSaid();
    renderEnd();
  }

  $("play-seat").addEventListener("change", labelBots);
  $("play-setup").addEventListener("submit", start);
  $("play-again").addEventListener("click", function () { $("play-open").open = true; $("play-start").focus(); });
  $("play-close").addEventListener("click", function () { sent++; state = null; view.hidden = true; say(""); });
  labelBots();
  if (location.hash === "#play") $("play-open").open = true;
})();
