// The report of `ulti analyse --html`: one game at a time (a picker where the file held several),
// its deal, its value graph, a step-through of the hands card by card, and its tricks.
"use strict";

(function () {
  var el = Ulti.el;
  var data = JSON.parse(document.getElementById("report-data").textContent);
  Ulti.setMeta(data.meta);
  var games = data.games;
  var picker = document.getElementById("picker");
  var main = document.getElementById("game");
  var current = null; // the shown game's step-through: {go(k), k, n}

  function cardsOf(game) { return (game.analysis || []).filter(function (o) { return !("summary" in o); }); }
  function summaryOf(game) {
    var found = (game.analysis || []).filter(function (o) { return "summary" in o; });
    return found.length ? found[0].summary : null;
  }

  // The bid as the text table says it: the game's bid_text and trump_text are in the page's language.
  function bidWords(game) {
    var bid = game.bid_text || game.bid, trump = game.trump_text || game.trump;
    return game.trump ? Ulti.t("{bid}, {trump} trump", { bid: bid, trump: trump }) : Ulti.t("{bid}, no trump", { bid: bid });
  }

  function gameLabel(game) {
    var where = game.line !== null && game.line !== undefined ? Ulti.t("line {line}: ", { line: game.line }) : "";
    if (game.error) return where + Ulti.t("not analysed");
    if (!game.analysis) return where + bidWords(game) + " \u2014 " + Ulti.t("no play");
    var errors = cardsOf(game).filter(Ulti.marked).length;
    return where + bidWords(game) + " \u2014 " + (errors === 1 ? Ulti.t("1 error") : Ulti.t("{n} errors", { n: errors }));
  }

  function buildPicker() {
    if (games.length < 2) return;
    picker.hidden = false;
    picker.appendChild(el("span", { className: "picker-title", text: Ulti.t("{n} games:", { n: games.length }) }));
    games.forEach(function (game, i) {
      picker.appendChild(el("button", {
        type: "button", className: "pick" + (game.error ? " bad" : ""), "data-game": i, text: gameLabel(game),
        on: { click: function () { show(i); } },
      }));
    });
  }

  function show(i) {
    main.textContent = "";
    Array.prototype.forEach.call(picker.querySelectorAll(".pick"), function (button) {
      button.setAttribute("aria-current", String(Number(button.getAttribute("data-game")) === i));
    });
    var game = games[i];
    if (game.error) {
      current = null;
      main.appendChild(el("section", { className: "bad-line" }, [
        el("h2", { text: Ulti.t("Line {line} was not analysed", { line: game.line }) }),
        el("p", { className: "problem", text: game.error }),
      ]));
      return;
    }
    // A whole game (R45-R50) shows its auction first; one with no play (thrown in) shows it alone.
    if (game.whole) main.appendChild(Ulti.auctionPanel(game.whole));
    current = game.analysis ? renderGame(game) : null;
  }

  function facts(game) {
    var rows = [[Ulti.t("Bid"), bidWords(game)]];
    if (game.kontra_text) rows.push([Ulti.t("Kontra"), game.kontra_text]);
    rows.push([Ulti.t("Rules"), game.rules_text]);
    rows.push([Ulti.t("Deal"), game.deal, "deal-text"]);
    return el("dl", { className: "facts" }, rows.reduce(function (out, row) {
      return out.concat([el("dt", { text: row[0] }), el("dd", { className: row[2] || "", text: row[1] })]);
    }, []));
  }

  // The seats of the play (R5); in a whole game each is named with its table seat too (R45).
  function dealTable(deal, whole) {
    var tableSeat = {};
    (whole ? whole.seats : []).forEach(function (seat) { tableSeat[seat.r5] = seat.name; });
    var rows = Ulti.meta.seats.map(function (seat, s) { return [s in tableSeat ? seat + " (" + tableSeat[s] + ")" : seat, deal.hands[s]]; }).concat([[Ulti.t("talon"), deal.talon]]);
    return el("table", { className: "deal-table" }, [el("tbody", {}, rows.map(function (row) {
      return el("tr", { className: "seat-row" }, [el("th", { scope: "row", text: row[0] }), el("td", {}, [Ulti.handElement(row[1])])]);
    }))]);
  }

  function summaryText(game, entries) {
    var summary = summaryOf(game);
    var parts = Ulti.meta.seats.map(function (seat, s) {
      // The cards marked, not summary.errors: with --knowable a card is marked by its knowable
      // band too, and "declarer 0 errors" stood beside his marked cards.
      var count = entries.filter(function (e) { return e.seat === s && Ulti.marked(e); }).length;
      var units = summary ? summary.units_given_away[String(s)] : 0;
      return seat + " " + (count === 1 ? Ulti.t("1 error") : Ulti.t("{n} errors", { n: count })) +
        (units ? " " + Ulti.t("({units} units given away)", { units: Ulti.units(units) }) : "");
    });
    var start = entries.length ? entries[0].value_before : summary ? summary.value_at_start : 0;
    return Ulti.t("Value at the start {value}; errors: {errors}.", { value: Ulti.signed(start), errors: parts.join("; ") });
  }

  function renderGame(game) {
    var entries = cardsOf(game);
    var n = entries.length;
    var deal = Ulti.readDeal(game.deal);
    var state = { k: 0, n: n };

    main.appendChild(el("section", { className: "deal-section" }, [
      el("h2", { text: game.line !== null && game.line !== undefined ? Ulti.t("Game of line {line}", { line: game.line }) : Ulti.t("The game") }),
      facts(game),
      dealTable(deal, game.whole),
    ]));

    var graph = Ulti.valueGraph(entries, { onPick: function (k) { go(k); } });
    main.appendChild(el("section", { className: "graph-section" }, [
      el("h2", { text: Ulti.t("Value after every card") }),
      graph.element,
      el("p", { className: "summary-line", text: summaryText(game, entries) }),
    ]));

    // The step-through: the table as it is after k cards.
    var status = el("p", { className: "step-status", "aria-live": "polite" });
    var seatBoxes = [0, 1, 2].map(function (s) {
      return el("div", { className: "seat seat-" + s }, [el("div", { className: "seat-name", text: Ulti.seatName(s) }), el("div", { className: "seat-hand" })]);
    });
    var trickBox = el("div", { className: "trick-area" });
    var talonBox = el("div", { className: "talon" }, [el("span", { className: "seat-name", text: Ulti.t("talon") }), Ulti.handElement(deal.talon)]);
    var counter = el("span", { className: "counter" });
    function button(label, title, action, cls) {
      return el("button", { type: "button", className: "step " + cls, title: title, "aria-label": title, text: label, on: { click: action } });
    }
    var controls = el("div", { className: "controls" }, [
      button("|\u25c0", Ulti.t("to the start (Home)"), function () { go(0); }, "first"),
      button("\u25c0", Ulti.t("one card back (left arrow)"), function () { go(state.k - 1); }, "back"),
      counter,
      button("\u25b6", Ulti.t("one card on (right arrow)"), function () { go(state.k + 1); }, "forward"),
      button("\u25b6|", Ulti.t("to the end (End)"), function () { go(n); }, "last"),
    ]);
    main.appendChild(el("section", { className: "step-section" }, [
      el("h2", { text: Ulti.t("Card by card") }),
      controls,
      status,
      el("div", { className: "table-view" }, [seatBoxes[2], seatBoxes[1], trickBox, seatBoxes[0], talonBox]),
      el("p", { className: "hint", text: Ulti.t("Left and right arrow keys step through the game; Home and End jump to its start and end.") }),
    ]));

    // The tricks, each card with its loss and band, and the best card where another was played.
    var cells = [];
    var body = el("tbody");
    game.tricks.forEach(function (trick, t) {
      var cardCells = trick.cards.map(function (card, j) {
        var entry = entries[3 * t + j];
        var parts = [
          el("span", { className: "who", text: Ulti.seatName(entry.seat) }),
          Ulti.cardFace(card, "played-card" + (Ulti.marked(entry) ? " error" : "")),
        ];
        parts = parts.concat(Ulti.badges(entry));
        if (entry.best.indexOf(card) < 0) {
          parts.push(el("span", { className: "best-instead" }, [Ulti.t("best: ")].concat(entry.best.map(function (b) { return Ulti.cardFace(b); }))));
        }
        var cell = el("td", { className: "trick-card", "data-index": entry.index, title: Ulti.t("step to this card"),
          on: { click: function () { go(entry.index); } } }, parts);
        cells[entry.index] = cell;
        return cell;
      });
      while (cardCells.length < 3) cardCells.push(el("td", { className: "trick-card empty" }));
      var last = entries[3 * t + trick.cards.length - 1];
      body.appendChild(el("tr", {}, [
        el("th", { scope: "row", className: "trick-number", text: String(trick.trick) }),
        el("td", { className: "led-by", text: Ulti.seatName(trick.leader) }),
      ].concat(cardCells).concat([
        el("td", { className: "won-by", text: trick.winner === null ? "-" : Ulti.seatName(trick.winner) }),
        el("td", { className: "num", text: Ulti.signed(last.value_after) }),
      ])));
    });
    main.appendChild(el("section", { className: "tricks-section" }, [
      el("h2", { text: Ulti.t("Trick by trick") }),
      el("table", { className: "tricks", id: "tricks" }, [
        el("thead", {}, [el("tr", {}, [
          [Ulti.t("trick"), "trick-number"], [Ulti.t("led by"), "led-by"], [Ulti.t("first card"), "trick-card"],
          [Ulti.t("second"), "trick-card"], [Ulti.t("third"), "trick-card"], [Ulti.t("won by"), "won-by"],
          [Ulti.t("value after"), "num"],
        ].map(function (h) {
          return el("th", { scope: "col", className: h[1], text: h[0] });
        }))]),
        body,
      ]),
      el("p", { className: "ending", text: game.ending }),
    ]));

    function go(k) {
      k = Math.max(0, Math.min(n, k));
      state.k = k;
      var played = {};
      entries.slice(0, k).forEach(function (e) { played[e.card] = true; });
      seatBoxes.forEach(function (box, s) {
        var hand = deal.hands[s].filter(function (c) { return !played[c]; });
        box.replaceChild(Ulti.handElement(hand), box.lastChild);
        box.classList.toggle("to-move", k < n && entries[k].seat === s);
      });
      // The trick on the table: the one in progress, or the one just completed.
      trickBox.textContent = "";
      var start = k === 0 ? 0 : 3 * Math.floor((k - 1) / 3);
      var onTable = entries.slice(start, k);
      onTable.forEach(function (e) {
        trickBox.appendChild(el("div", { className: "trick-slot slot-" + e.seat }, [
          el("span", { className: "who", text: Ulti.seatName(e.seat) }),
          Ulti.cardFace(e.card, e.index === k ? "just-played" : ""),
        ]));
      });
      var trick = game.tricks[Math.floor(start / 3)];
      if (onTable.length === 3 && trick && trick.winner !== null) {
        trickBox.appendChild(el("div", { className: "trick-winner", text: Ulti.t("won by {seat}", { seat: Ulti.seatName(trick.winner) }) }));
      }
      counter.textContent = k + " / " + n;
      if (k === 0) {
        status.textContent = n ? Ulti.t("Before the first card: value {value}.", { value: Ulti.signed(entries[0].value_before) })
          : Ulti.t("No card was played.");
      } else {
        var e = entries[k - 1];
        var text = Ulti.t("Card {k} of {n}, trick {trick}: {seat} played {card} ({name}); value {before} \u2192 {after}", {
          k: k, n: n, trick: e.trick, seat: Ulti.seatName(e.seat), card: Ulti.cardInfo(e.card).label,
          name: Ulti.cardInfo(e.card).hu, before: Ulti.signed(e.value_before), after: Ulti.signed(e.value_after),
        });
        if (e.error || Ulti.band(e)) text += "; " + Ulti.lossText(e);
        if (e.best.indexOf(e.card) < 0) {
          text += "; " + Ulti.t("best was {cards}", { cards: e.best.map(function (b) { return Ulti.cardInfo(b).label; }).join(" ") });
        }
        status.textContent = text + ".";
      }
      cells.forEach(function (cell, index) { if (cell) cell.classList.toggle("current", index === k); });
      graph.setCurrent(k);
    }

    state.go = go;
    go(0);
    return state;
  }

  document.addEventListener("keydown", function (event) {
    if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var moves = { ArrowRight: current.k + 1, ArrowLeft: current.k - 1, Home: 0, End: current.n };
    if (!(event.key in moves)) return;
    event.preventDefault();
    current.go(moves[event.key]);
  });

  buildPicker();
  if (games.length) show(0);
  else main.appendChild(el("p", { className: "problem", text: Ulti.t("No game to show.") }));
})();
