// The board: a deal played card by card, every legal card valued by the server (the objects of
// `ulti solve --cards --value --json`), cards taken back and replayed, lines branching where a
// different card is played, one best line, the analysis of the play so far, and an address that
// reopens it all.
"use strict";

(function () {
  var el = Ulti.el;
  var meta = JSON.parse(document.getElementById("board-meta").textContent);
  Ulti.setMeta(meta);

  var $ = function (id) { return document.getElementById(id); };
  var form = $("setup"), board = $("board"), message = $("message");
  var seatBoxes = [0, 1, 2].map(function (s) { return board.querySelector(".seat-" + s); });

  var state = {
    game: null,      // the fields of the game as sent: deal, bid, trump, rules, variants, table, kontra
    dealt: null,     // the canonical deal read into hands and talon
    holder: {},      // card -> seat that was dealt it
    lines: [[]],     // the lines of play explored; each a list of cards from the opening lead
    current: 0,      // the line shown
    cursor: 0,       // cards of that line played on the board
    answer: null,    // the solve object at the cursor
    shown: null,     // where the board stands: {line, cursor} of that answer (a failed step goes back there)
    analysed: null,  // the cards the analysis panel judges (it is cleared when the play leaves them)
    seq: 0,          // the latest request: older answers are dropped
  };

  // -- The form (board-form.js): choices from the server's meta ------------------------------

  Ulti.fillBoardForm(meta);
  var readForm = Ulti.readBoardForm, writeForm = Ulti.writeBoardForm;

  // -- Talking to the server ----------------------------------------------------------------

  function say(text) {
    message.textContent = text || "";
    message.hidden = !text;
  }

  function request(path, body) {
    return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.text().then(function (text) {
          if (response.ok) {
            return { ok: true, objects: text.split("\n").filter(Boolean).map(function (line) { return JSON.parse(line); }) };
          }
          var said;
          try { said = JSON.parse(text).error; } catch (e) { said = null; }
          return { ok: false, error: said || Ulti.t("the server answered {status}", { status: response.status }) };
        });
      }, function () { return { ok: false, error: Ulti.t("the board's server does not answer: is 'ulti board' still running?") }; });
  }

  function gameRequest(extra) {
    var body = {};
    Object.keys(state.game).forEach(function (key) { body[key] = state.game[key]; });
    body.play = played();
    Object.keys(extra || {}).forEach(function (key) { body[key] = extra[key]; });
    return body;
  }

  function line() { return state.lines[state.current]; }
  function played() { return line().slice(0, state.cursor); }

  function busy(on) { board.setAttribute("data-busy", String(on)); }

  // The position at the cursor: the server values every legal card. A refused step leaves the
  // board where it stood, with the message; an address whose play cannot be played opens at its
  // last legal position (cards taken back until the server answers), with the message `kept`.
  function refresh(kept) {
    var seq = ++state.seq;
    busy(true);
    return request("/api/solve", gameRequest()).then(function (result) {
      if (seq !== state.seq) return;
      busy(false);
      if (!result.ok) {
        if (state.answer) {
          state.current = state.shown.line;
          state.cursor = state.shown.cursor;
          say(result.error);
          render();
          return;
        }
        if (state.cursor > 0) {
          state.lines[state.current] = line().slice(0, state.cursor - 1);
          state.cursor -= 1;
          return refresh(kept || result.error);
        }
        say(kept || result.error);
        board.hidden = true; // a game that could not be dealt: nothing to show
        return;
      }
      say(kept || "");
      var answer = result.objects[0];
      if (!state.dealt || state.dealt.text !== answer.deal) {
        state.dealt = Ulti.readDeal(answer.deal);
        state.dealt.text = answer.deal;
        state.holder = Ulti.holders(state.dealt);
      }
      state.answer = answer;
      state.shown = { line: state.current, cursor: state.cursor };
      board.hidden = false;
      render();
      writeAddress();
    });
  }

  // -- Drawing the position ---------------------------------------------------------------

  function paysText(value) {
    var units = Ulti.units(value);
    if (value === 1) return Ulti.t("each defender pays the declarer {amount} unit", { amount: units });
    if (value > 0) return Ulti.t("each defender pays the declarer {amount} units", { amount: units });
    if (value === -1) return Ulti.t("the declarer pays each defender {amount} unit", { amount: units });
    if (value < 0) return Ulti.t("the declarer pays each defender {amount} units", { amount: units });
    return Ulti.t("nobody pays");
  }

  function yesNo(made) { return made ? Ulti.t("yes") : Ulti.t("no"); }

  function mover() {
    var legal = Object.keys(state.answer.cards || {});
    return legal.length ? state.holder[legal[0]] : null;
  }

  function cardButton(card, answers, best) {
    var value = answers.value;
    var parts = Object.keys(answers.components).map(function (name) {
      return Ulti.componentWord(name) + " " + yesNo(answers.components[name].makeable);
    });
    if (answers.declarer_points !== null) parts.push(Ulti.t("declarer points") + " " + answers.declarer_points);
    parts.push(Ulti.t("value") + " " + Ulti.signed(value));
    return el("button", {
      type: "button", className: "play-card suit-" + card[0] + (best ? " best" : ""),
      "data-card": card, "data-value": String(value),
      title: Ulti.cardTitle(card) + ": " + parts.join(", ") + (best ? " " + Ulti.t("(best)") : ""),
      on: { click: function () { playCard(card); } },
    }, [
      el("span", { className: "face", text: Ulti.cardInfo(card).label }),
      el("span", { className: "value", text: Ulti.signed(value) }),
    ]);
  }

  function render() {
    var answer = state.answer, cards = played(), k = cards.length;
    var gone = {};
    cards.forEach(function (c) { gone[c] = true; });
    var moving = mover();
    var legal = answer.cards || {};
    seatBoxes.forEach(function (box, seat) {
      var hand = state.dealt.hands[seat].filter(function (c) { return !gone[c]; });
      var shown = Ulti.handElement(hand, seat === moving ? function (card, face) {
        if (card in legal) return cardButton(card, legal[card], answer.best.indexOf(card) >= 0);
        face.classList.add("not-legal");
        return face;
      } : null);
      box.replaceChild(shown, box.lastChild);
      box.classList.toggle("to-move", seat === moving);
    });
    var talon = board.querySelector(".talon-hand");
    talon.textContent = "";
    talon.appendChild(Ulti.handElement(state.dealt.talon));

    // The trick on the table: the one under way, or the one just completed with its winner.
    var trick = $("trick");
    trick.textContent = "";
    var start = k === 0 ? 0 : 3 * Math.floor((k - 1) / 3);
    cards.slice(start, k).forEach(function (card, i) {
      trick.appendChild(el("div", { className: "trick-slot" }, [
        el("span", { className: "who", text: Ulti.seatName(state.holder[card]) }),
        Ulti.cardFace(card, start + i === k - 1 ? "just-played" : ""),
      ]));
    });
    if (k && k % 3 === 0 && moving !== null) {
      trick.appendChild(el("div", { className: "trick-winner", text: Ulti.t("won by {seat}", { seat: Ulti.seatName(moving) }) }));
    }

    var trickNumber = Math.floor(k / 3) + 1;
    $("status").textContent = moving === null
      ? Ulti.t("The game is over: {value}, {pays}.", { value: Ulti.signed(answer.value), pays: paysText(answer.value) })
      : Ulti.t("Trick {trick}, {seat} to play. Value {value}: with best play {pays}.", {
        trick: trickNumber, seat: Ulti.seatName(moving), value: Ulti.signed(answer.value), pays: paysText(answer.value),
      }) + " " + (moving === 0 ? Ulti.t("The declarer wants it high.") : Ulti.t("A defender wants it low."));
    var facts = Object.keys(answer.components).map(function (name) {
      return Ulti.componentWord(name) + " " + yesNo(answer.components[name].makeable);
    });
    if (facts.length > 1) facts.push(Ulti.t("whole bid") + " " + yesNo(answer.joint.makeable));
    if (answer.declarer_points !== null) facts.push(Ulti.t("declarer points") + " " + answer.declarer_points);
    if (answer.kontra) facts.push(Ulti.t("value in all") + " " + Ulti.signed(answer.value_total));
    facts.push(Ulti.t("if conceded") + " " + Ulti.signed(answer.concede_value));
    $("answers").textContent = (moving === null ? Ulti.t("Made: ") : Ulti.t("With best play from here: ")) + facts.join(" \u00b7 ");
    $("counter").textContent = k + " / " + line().length;
    $("back").disabled = $("start").disabled = k === 0;
    $("forward").disabled = $("end").disabled = k >= line().length;
    $("open-report").href = "/report?" + query(false);
    if (state.analysed && commonStart(line(), state.analysed) < state.analysed.length) clearAnalysis();
    renderMoves();
    board.setAttribute("data-played", String(k));
  }

  // The cards played, trick by trick; a card steps the board there. The winner of a trick is
  // who leads the next one (the last trick's is known once the game is over, from the value).
  function renderMoves() {
    var moves = $("moves"), cards = line();
    moves.textContent = "";
    for (var t = 0; t * 3 < cards.length; t++) {
      var trick = cards.slice(3 * t, 3 * t + 3);
      var next = cards[3 * t + 3];
      var item = el("li", { className: "move-trick" }, trick.map(function (card, i) {
        var index = 3 * t + i + 1;
        var face = Ulti.cardFace(card, "move" + (index === state.cursor ? " current" : "") + (index > state.cursor ? " ahead" : ""));
        face.setAttribute("role", "button");
        face.setAttribute("tabindex", "0");
        face.title = Ulti.seatName(state.holder[card]) + ": " + face.title + " \u2014 " + Ulti.t("step here");
        face.addEventListener("click", function () { go(index); });
        return face;
      }));
      var winner = next ? state.holder[next] : 3 * t + 3 === state.cursor ? mover() : null;
      if (trick.length === 3 && winner !== null) item.appendChild(el("span", { className: "won", text: "\u2192 " + Ulti.seatName(winner) }));
      moves.appendChild(item);
    }
    var lines = $("lines");
    lines.textContent = "";
    if (state.lines.length > 1) {
      lines.appendChild(el("h3", { text: Ulti.t("Lines") }));
      state.lines.forEach(function (cards, i) {
        var branch = i ? commonStart(state.lines[0], cards) : 0;
        lines.appendChild(el("button", {
          type: "button", className: "line-choice" + (i === state.current ? " current" : ""), "data-line": i,
          text: i ? Ulti.t("line {line}: from card {card} ({n} cards)", { line: i + 1, card: branch + 1, n: cards.length })
            : Ulti.t("line {line} ({n} cards)", { line: i + 1, n: cards.length }),
          on: { click: function () { switchLine(i); } },
        }));
      });
    }
  }

  // -- Moving about -------------------------------------------------------------------------

  function clearViews() {
    $("line-view").textContent = "";
    $("line-view").appendChild(el("p", { className: "hint", text: Ulti.t("Press Best line for one best way to play on.") }));
  }

  function playCard(card) {
    var cards = line();
    if (state.cursor < cards.length && cards[state.cursor] !== card) {
      var branch = cards.slice(0, state.cursor).concat([card]);
      state.lines.push(branch);
      state.current = state.lines.length - 1;
    } else if (state.cursor === cards.length) {
      cards.push(card);
    }
    state.cursor += 1;
    clearViews();
    return refresh();
  }

  function go(k) {
    k = Math.max(0, Math.min(line().length, k));
    if (k === state.cursor && state.answer) return;
    state.cursor = k;
    clearViews();
    return refresh();
  }

  function commonStart(a, b) {
    var n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
  }

  // Another line: the board shows its first card that differs from the line left.
  function switchLine(i) {
    var to = state.lines[i];
    state.cursor = Math.min(to.length, commonStart(line(), to) + 1);
    state.current = i;
    clearViews();
    return refresh();
  }

  function bestLine() {
    var seq = state.seq, at = state.cursor;
    busy(true);
    request("/api/solve", gameRequest({ line: true })).then(function (result) {
      busy(false);
      if (seq !== state.seq || at !== state.cursor) return;
      if (!result.ok) { say(result.error); return; }
      var cards = result.objects[0].line || [];
      var view = $("line-view");
      view.textContent = "";
      if (!cards.length) { view.appendChild(el("p", { text: Ulti.t("The game is over: nothing left to play.") })); return; }
      var list = el("ol", { className: "best-line", start: String(Math.floor(at / 3) + 1) });
      var group = null;
      cards.forEach(function (card, i) {
        if (group === null || (at + i) % 3 === 0) {
          group = el("li");
          list.appendChild(group);
        }
        var face = Ulti.cardFace(card);
        face.title = Ulti.seatName(state.holder[card]) + ": " + face.title;
        group.appendChild(face);
      });
      view.appendChild(list);
      view.appendChild(el("button", {
        type: "button", id: "play-line", text: Ulti.t("Play it out (then step with \u2192)"),
        on: { click: function () { followLine(cards); } },
      }));
    });
  }

  // The best line becomes this line's continuation (a new line where this one went elsewhere).
  function followLine(cards) {
    var head = played(), rest = line().slice(state.cursor);
    var same = rest.length >= cards.length && cards.every(function (c, i) { return rest[i] === c; });
    if (!same) {
      if (rest.length) {
        state.lines.push(head.concat(cards));
        state.current = state.lines.length - 1;
      } else {
        state.lines[state.current] = head.concat(cards);
      }
    }
    renderMoves();
    render();
    writeAddress();
  }

  function clearAnalysis() {
    state.analysed = null;
    var analysis = $("analysis");
    analysis.textContent = "";
    analysis.appendChild(el("h2", { text: Ulti.t("Analysis") }));
    analysis.appendChild(el("p", { className: "hint", text: Ulti.t("Press Analyse to judge every card played so far.") }));
  }

  function analyse() {
    var seq = state.seq, cards = played();
    busy(true);
    request("/api/analyse", gameRequest()).then(function (result) {
      busy(false);
      if (seq !== state.seq) return;
      if (!result.ok) { say(result.error); return; }
      var entries = result.objects.filter(function (o) { return !("summary" in o); });
      var summary = result.objects.filter(function (o) { return "summary" in o; })[0].summary;
      var section = $("analysis");
      section.textContent = "";
      state.analysed = cards;
      section.appendChild(el("h2", { text: Ulti.t("Analysis of the first {n} cards", { n: entries.length }) }));
      if (!entries.length) {
        section.appendChild(el("p", { text: Ulti.t("No card played yet: value {value}.", { value: Ulti.signed(summary.value_at_start) }) }));
        return;
      }
      var graph = Ulti.valueGraph(entries, { onPick: function (k) { go(k); } });
      graph.setCurrent(entries.length);
      section.appendChild(graph.element);
      var errors = entries.filter(function (e) { return e.error; });
      if (!errors.length) {
        section.appendChild(el("p", { text: Ulti.t("No errors: every card kept the value.") }));
        return;
      }
      var rows = errors.map(function (e) {
        return el("tr", { className: "error-row", "data-index": e.index, on: { click: function () { go(e.index); } } }, [
          el("td", { text: String(e.trick) }),
          el("td", { text: Ulti.seatName(e.seat) }),
          el("td", {}, [Ulti.cardFace(e.card)]),
          el("td", { text: Ulti.signed(e.value_before) + " \u2192 " + Ulti.signed(e.value_after) }),
          el("td", {}, Ulti.badges(e)),
          el("td", {}, e.best.map(function (b) { return Ulti.cardFace(b); })),
        ]);
      });
      section.appendChild(el("table", { className: "errors" }, [
        el("thead", {}, [el("tr", {}, [
          Ulti.t("trick"), Ulti.t("seat"), Ulti.t("card"), Ulti.t("value"), Ulti.t("lost"), Ulti.t("best was"),
        ].map(function (h) { return el("th", { text: h }); }))]),
        el("tbody", {}, rows),
      ]));
    });
  }

  // -- The address: the same deal and play, reopened ----------------------------------------

  function query(withLine) {
    var game = state.game, params = new URLSearchParams();
    params.set("deal", game.deal);
    params.set("bid", game.bid);
    if (game.trump) params.set("trump", game.trump);
    if (game.rules) params.set("rules", game.rules);
    game.variants.forEach(function (v) { params.append("variant", v); });
    if (game.table) params.set("table", game.table);
    if (game.kontra) params.append("kontra", game.kontra);
    var cards = withLine ? line() : played();
    if (cards.length) params.set("play", cards.join(" "));
    if (withLine && state.cursor < cards.length) params.set("at", String(state.cursor));
    return params.toString();
  }

  function writeAddress() {
    history.replaceState(null, "", "?" + query(true));
  }

  function readAddress() {
    var params = new URLSearchParams(location.search);
    if (!params.get("deal")) return false;
    var game = {
      deal: params.get("deal"), bid: params.get("bid") || "", trump: params.get("trump") || "",
      rules: params.get("rules") || "", variants: params.getAll("variant"), table: params.get("table") || "",
      kontra: params.getAll("kontra").join(", "),
    };
    writeForm(game);
    var cards = (params.get("play") || "").split(/[\s,]+/).filter(Boolean);
    var at = params.has("at") ? Number(params.get("at")) : cards.length;
    start(readForm(), cards, Number.isInteger(at) ? at : cards.length);
    return true;
  }

  function start(game, cards, at) {
    state.game = game;
    state.dealt = null;
    state.answer = null;
    state.lines = [cards || []];
    state.current = 0;
    state.cursor = Math.max(0, Math.min(at || 0, state.lines[0].length));
    state.shown = null;
    clearViews();
    clearAnalysis();
    return refresh();
  }

  // -- Wiring ---------------------------------------------------------------------------------

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    start(readForm(), [], 0);
  });
  $("start").addEventListener("click", function () { go(0); });
  $("back").addEventListener("click", function () { go(state.cursor - 1); });
  $("forward").addEventListener("click", function () { go(state.cursor + 1); });
  $("end").addEventListener("click", function () { go(line().length); });
  $("best-line").addEventListener("click", bestLine);
  $("analyse").addEventListener("click", analyse);
  $("copy-link").addEventListener("click", function () {
    var done = function () { say(""); $("copy-link").textContent = Ulti.t("Link copied"); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(location.href).then(done, function () { say(location.href); });
    else say(Ulti.t("The link: {url}", { url: location.href }));
  });
  document.addEventListener("keydown", function (event) {
    if (!state.answer || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var moves = { ArrowLeft: state.cursor - 1, ArrowRight: state.cursor + 1, Home: 0, End: line().length };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });

  // -- A record's step-through (board-record.js) shows the positions of its play here -----------

  Ulti.board = {
    // The play of `game` with `at` of `cards` played: a step within the same game moves the cursor,
    // another game (or other kontras said) is dealt afresh.
    show: function (game, cards, at) {
      var same = state.game && JSON.stringify(state.game) === JSON.stringify(game) && state.current === 0 &&
        state.lines[0].join(" ") === cards.join(" ");
      if (same) return go(at);
      writeForm(game);
      return start(game, cards, at);
    },
    // No position to show (a step of the auction): answers still under way are dropped.
    hide: function () {
      state.seq++;
      state.answer = null;
      busy(false);
      board.hidden = true;
    },
  };

  readAddress();
})();
