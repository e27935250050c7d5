// A whole game's auction, kontras and result (R45-R50), drawn from its data
// (ulti_solver/report/whole.py): the report's "Auction" panel shows all of it, the board shows
// it as far as a step of a record has come. Seats here are table seats (R45).
"use strict";

var Ulti = window.Ulti || {};
window.Ulti = Ulti;

(function () {
  var el = function (tag, attrs, children) { return Ulti.el(tag, attrs, children); };

  function faces(cards, cls) {
    return el("span", { className: "laid-cards" }, cards.map(function (card) { return Ulti.cardFace(card, cls); }));
  }

  function facts(rows) {
    return el("dl", { className: "facts" }, rows.reduce(function (out, row) {
      return out.concat([el("dt", { text: row[0] }), el("dd", { className: row[2] || "" }, [row[1]])]);
    }, []));
  }

  // The hands by table seat: as dealt (seat 0 holds 12) or as a step of the auction left them.
  Ulti.tableHands = function (whole, hands, talon) {
    var rows = whole.seats.map(function (seat, s) {
      return el("tr", { className: "seat-row table-seat-" + s }, [
        el("th", { scope: "row", text: seat.name }),
        el("td", {}, [Ulti.handElement(hands[s])]),
      ]);
    });
    if (talon) {
      rows.push(el("tr", { className: "seat-row talon-row" }, [
        el("th", { scope: "row", text: Ulti.t("face down") }), el("td", {}, [Ulti.handElement(talon)]),
      ]));
    }
    return el("table", { className: "deal-table table-hands" }, [el("tbody", {}, rows)]);
  };

  // The first `count` auction actions, in order: who, what, and the two cards laid (shown).
  Ulti.auctionList = function (whole, count) {
    var shown = whole.auction.slice(0, count === undefined ? whole.auction.length : count);
    var list = el("ol", { className: "auction-list", start: "1" });
    shown.forEach(function (action) {
      var parts = [el("span", { className: "who", text: action.who }), " ", el("span", { className: "what", text: action.what })];
      if (action.discard) {
        parts.push(" ");
        parts.push(el("span", { className: "laid", title: Ulti.t("two cards laid face down") }, [
          el("span", { className: "laid-word", text: Ulti.t("laid:") }), faces(action.discard, "face-down"),
        ]));
      }
      list.appendChild(el("li", { className: "auction-action action-" + action.action, "data-index": action.index }, parts));
    });
    if (!shown.length) list.appendChild(el("li", { className: "auction-none", text: Ulti.t("Nothing said yet.") }));
    return list;
  };

  // The first `count` kontras said (R48): who, what, before which card.
  Ulti.kontraList = function (whole, count) {
    var shown = whole.kontras.slice(0, count === undefined ? whole.kontras.length : count);
    if (!shown.length) return el("p", { className: "kontra-none", text: Ulti.t("No kontra was said.") });
    return el("ol", { className: "kontra-list" }, shown.map(function (call) {
      return el("li", { className: "kontra-call", "data-index": call.index }, [
        el("span", { className: "who", text: call.who }), " ",
        el("span", { className: "what", text: call.what }), " ",
        el("span", { className: "when", text: "(" + call.when + ")" }),
      ]);
    }));
  };

  // R50: each table seat's result, and the settlement in words.
  Ulti.resultTable = function (whole) {
    var result = whole.result;
    return el("div", { className: "result" }, [
      el("table", { className: "result-table" }, [
        el("thead", {}, [el("tr", {}, [Ulti.t("table seat"), Ulti.t("in the play"), Ulti.t("result")].map(function (h) {
          return el("th", { scope: "col", text: h });
        }))]),
        el("tbody", {}, result.rows.map(function (row) {
          return el("tr", { "data-seat": row.seat }, [
            el("th", { scope: "row", text: row.who }), el("td", { text: row.role }),
            el("td", { className: "num", text: row.units_text }),
          ]);
        })),
      ]),
      el("p", { className: "result-text", text: result.text }),
    ]);
  };

  // A verdict on the bid or on a kontra (R43, R44): its band as the cards' bands are shown.
  function verdict(label, entry) {
    var band = entry && entry.band;
    var parts = [el("span", { className: "verdict-label", text: label }), " ",
      el("span", { className: "badge band-" + (band || "none"), text: band ? Ulti.bandWord(band) : Ulti.t("no error") })];
    if (entry && typeof entry.loss === "number") parts.push(" " + Ulti.t("loss {loss}", { loss: Ulti.units(entry.loss) }));
    if (entry && entry.text) parts.push(" \u2014 " + entry.text);
    return el("li", { className: "verdict" + (band ? " band-" + band : "") }, parts);
  }

  Ulti.judgementBox = function (judgement) {
    var items = [];
    if (judgement.bid) items.push(verdict(Ulti.t("The bid:"), judgement.bid));
    var kontras = judgement.kontras;
    if (Array.isArray(kontras)) {
      kontras.forEach(function (entry) { items.push(verdict(entry.who ? entry.who + ":" : Ulti.t("A kontra:"), entry)); });
    } else if (kontras) {
      items.push(verdict(Ulti.t("The kontras:"), kontras));
    }
    return el("div", { className: "judgement" }, [
      el("h3", { text: Ulti.t("Judgement") }), el("ul", { className: "verdicts" }, items),
    ]);
  };

  // The declarer, his bid and trump, and which R5 seat each table seat is in the play.
  Ulti.wholeFacts = function (whole, withTrump) {
    var bid = withTrump && whole.trump ? Ulti.t("{bid}, {trump} trump", { bid: whole.bid_text, trump: whole.trump_text })
      : whole.bid_text;
    return facts([
      [Ulti.t("Declarer"), whole.declarer_text],
      [Ulti.t("Bid"), bid],
      [Ulti.t("In the play"), whole.seats_text],
      [Ulti.t("Rules"), whole.rules_text],
    ]);
  };

  // The report's panel: the deal before the discard, every action, the declarer, the kontras,
  // how the game ended and the result, and the judgement where there is one.
  Ulti.auctionPanel = function (whole) {
    var parts = [
      el("h2", { text: Ulti.t("Auction") }),
      el("h3", { text: Ulti.t("Dealt") }),
      Ulti.tableHands(whole, whole.hands, null),
      el("h3", { text: Ulti.t("Bids") }),
      Ulti.auctionList(whole),
      el("p", { className: "hint laid-note", text: whole.laid_shown }),
      Ulti.wholeFacts(whole, true),
      el("h3", { text: Ulti.t("Kontras") }),
      Ulti.kontraList(whole),
      el("p", { className: "ending-text", text: whole.ending_text }),
      el("h3", { text: Ulti.t("Result") }),
      Ulti.resultTable(whole),
    ];
    if (whole.judgement) parts.push(Ulti.judgementBox(whole.judgement));
    return el("section", { className: "auction-section", id: "auction" }, parts);
  };
})();
