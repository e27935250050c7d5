// A whole-game record opened on the board (R45-R50): pasted or read from a file, checked by the
// server (/api/record, the referee's reading), then stepped through from the deal: each bid with
// the hands as it left them, the declarer and trump, every kontra at its moment, then the cards,
// shown and valued by the board itself (board.js), and the result.
"use strict";

(function () {
  var el = Ulti.el;
  var $ = function (id) { return document.getElementById(id); };
  var view = $("record"), message = $("message");
  var record = null; // the server's answer: {record, whole, board, steps}
  var at = 0; // the step shown
  var sent = 0; // the latest request: older answers are dropped

  function say(text, rule) {
    message.textContent = text || "";
    message.hidden = !text;
    if (rule) message.setAttribute("data-rule", rule);
    else message.removeAttribute("data-rule");
  }

  // The records of a text: one JSON object (a line, or pasted over several lines), or one a line.
  function recordsOf(text) {
    var trimmed = text.trim();
    if (!trimmed) return [];
    try { JSON.parse(trimmed); return [trimmed]; } catch (e) { /* several lines, or broken: the server says */ }
    return trimmed.split(/\r?\n/).filter(function (line) { return line.trim(); });
  }

  // The records of the text, one a line, offered by their line number (the one chosen kept).
  function listLines() {
    var lines = recordsOf($("record-text").value), select = $("record-line"), chosen = select.value;
    select.textContent = "";
    lines.forEach(function (line, i) {
      select.appendChild(el("option", { value: String(i), text: Ulti.t("line {line}", { line: i + 1 }) }));
    });
    if (chosen !== "" && Number(chosen) < lines.length) select.value = chosen;
    $("record-line-label").hidden = lines.length < 2;
    return lines;
  }

  function open() {
    var lines = listLines();
    if (!lines.length) { say(Ulti.t("Paste a game record, or choose a file of them.")); return; }
    var text = lines[Number($("record-line").value) || 0];
    var seq = ++sent;
    view.setAttribute("data-busy", "true");
    fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" }, body: text })
      .then(function (response) {
        return response.text().then(function (body) {
          var data = null;
          try { data = JSON.parse(body); } catch (e) { data = null; }
          return { ok: response.ok, status: response.status, data: data };
        });
      }, function () { return { ok: false, data: { error: Ulti.t("the board's server does not answer: is 'ulti board' still running?") } }; })
      .then(function (result) {
        if (seq !== sent) return;
        view.setAttribute("data-busy", "false");
        if (!result.ok || !result.data || !result.data.steps) {
          var data = result.data || {};
          var error = data.error || Ulti.t("the server answered {status}", { status: result.status });
          say(error + (data.rule && error.indexOf("(" + data.rule + ")") < 0 ? " (" + data.rule + ")" : ""), data.rule);
          return;
        }
        say("");
        record = result.data;
        view.hidden = false;
        go(0);
      });
  }

  function playFields(step) {
    var fields = record.board;
    return {
      deal: fields.deal, bid: fields.bid, trump: fields.trump, rules: fields.rules,
      variants: fields.variants, table: fields.table, kontra: step.kontra || "",
    };
  }

  function mark(list, index) {
    var items = list.querySelectorAll("li[data-index]");
    Array.prototype.forEach.call(items, function (item) {
      item.classList.toggle("current", Number(item.getAttribute("data-index")) === index);
    });
    return list;
  }

  function go(k) {
    var steps = record.steps, whole = record.whole;
    at = Math.max(0, Math.min(steps.length - 1, k));
    var step = steps[at];
    view.setAttribute("data-step", String(at));
    view.setAttribute("data-kind", step.kind);
    $("record-counter").textContent = Ulti.t("step {k} of {n}", { k: at + 1, n: steps.length });
    $("record-status").textContent = step.text;
    $("record-first").disabled = $("record-back").disabled = at === 0;
    $("record-forward").disabled = $("record-last").disabled = at === steps.length - 1;

    var hands = $("record-hands");
    hands.textContent = "";
    if (step.hands) {
      hands.appendChild(el("h3", { text: Ulti.t("Hands by table seat") }));
      hands.appendChild(Ulti.tableHands(whole, step.hands, step.talon));
      if (step.talon) hands.appendChild(el("p", { className: "hint", text: whole.laid_shown }));
    }
    $("record-auction").replaceChildren(mark(Ulti.auctionList(whole, step.actions), step.kind === "auction" ? step.actions - 1 : -1));
    $("record-kontras").replaceChildren(mark(Ulti.kontraList(whole, step.kontras || 0), step.kind === "kontra" ? step.kontras - 1 : -1));
    var over = step.kind !== "deal" && step.kind !== "auction";
    $("record-facts").replaceChildren.apply($("record-facts"), over ? [Ulti.wholeFacts(whole, true)] : []);
    var result = step.kind === "result" ? [el("h3", { text: Ulti.t("Result") }), Ulti.resultTable(whole)] : [];
    $("record-result").replaceChildren.apply($("record-result"), result);

    if (step.played === undefined) Ulti.board.hide();
    else Ulti.board.show(playFields(step), whole.play, step.played);
  }

  function close() {
    record = null;
    view.hidden = true;
    say("");
  }

  $("record-button").addEventListener("click", open);
  $("record-text").addEventListener("input", listLines);
  $("record-file").addEventListener("change", function () {
    var file = $("record-file").files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      $("record-text").value = String(reader.result);
      $("record-line").textContent = ""; // a new file: its first record
      listLines();
      open();
    };
    reader.readAsText(file);
  });
  $("record-first").addEventListener("click", function () { go(0); });
  $("record-back").addEventListener("click", function () { go(at - 1); });
  $("record-forward").addEventListener("click", function () { go(at + 1); });
  $("record-last").addEventListener("click", function () { go(record.steps.length - 1); });
  $("record-close").addEventListener("click", close);

  // With a record open, the keys step through it (before the board's own keys see them).
  window.addEventListener("keydown", function (event) {
    if (!record || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: record.steps.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    go(moves[event.key]);
  }, true);
})();
