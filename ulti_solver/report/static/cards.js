// Cards, hands and numbers as a player reads them: shared by the report page and the board.
// The names come from the page's data (page_meta in ulti_solver/report/data.py), so the
// Hungarian and English card names are written once, in Python.
"use strict";

var Ulti = window.Ulti || {};
window.Ulti = Ulti;

Ulti.meta = null;

// The page's meta data: card names, suits, seats, the bands of R44.
Ulti.setMeta = function (meta) {
  Ulti.meta = meta;
  Ulti.rankPlace = {};
  meta.ranks.forEach(function (rank, place) { Ulti.rankPlace[rank] = place; });
};

// An element with children and text, never HTML from data.
Ulti.el = function (tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (key) {
    var value = attrs[key];
    if (value === null || value === undefined || value === false) return;
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else if (key === "on") Object.keys(value).forEach(function (ev) { node.addEventListener(ev, value[ev]); });
    else node.setAttribute(key, value === true ? "" : value);
  });
  (children || []).forEach(function (child) {
    if (child === null || child === undefined) return;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  });
  return node;
};

// A value in units with its sign, as the tables print it: +3, 0, -12, -12.5.
Ulti.signed = function (value) {
  if (value === null || value === undefined) return "-";
  if (value === 0) return "0";
  var text = Number.isInteger(value) ? String(Math.abs(value)) : Math.abs(value).toFixed(1);
  return (value > 0 ? "+" : "-") + text;
};

Ulti.units = function (value) {
  return Number.isInteger(value) ? String(Math.abs(value)) : Math.abs(value).toFixed(1);
};

// A text of the page in its language: the page's data carries each English text's translation
// (meta.text, from the catalog; ulti_solver/report/html.py page_texts), and {name} is filled from
// `values`: Card {k} of {n} with {k: 3, n: 30} reads "Card 3 of 30".
Ulti.t = function (text, values) {
  var out = (Ulti.meta && Ulti.meta.text && Ulti.meta.text[text]) || text;
  if (!values) return out;
  return out.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? String(values[name]) : whole; });
};

// One of R44's bands, as a word of the page's language.
Ulti.bandWord = function (band) {
  var words = { inaccuracy: Ulti.t("inaccuracy"), mistake: Ulti.t("mistake"), blunder: Ulti.t("blunder") };
  return words[band] || band;
};

Ulti.seatName = function (seat) { return Ulti.meta.seats[seat]; };

// A component of the JSON objects ("party"), as the tables of the page's language name it.
Ulti.componentWord = function (name) { return (Ulti.meta.components && Ulti.meta.components[name]) || name; };

Ulti.cardInfo = function (name) { return Ulti.meta.cards[name]; };

// A card's hover text: the Hungarian name, then the English one ("piros ász (ace of hearts)");
// on a Hungarian page the Hungarian name alone.
Ulti.cardTitle = function (name) {
  var info = Ulti.cardInfo(name);
  return Ulti.meta.lang === "hu" ? info.hu : info.hu + " (" + info.en + ")";
};

// A card as a small face: suit symbol and rank, coloured by suit, named on hover.
Ulti.cardFace = function (name, extraClass) {
  var info = Ulti.cardInfo(name);
  return Ulti.el("span", {
    className: "card suit-" + name[0] + (extraClass ? " " + extraClass : ""),
    title: Ulti.cardTitle(name),
    "data-card": name,
    text: info.label,
  });
};

// Cards in the order the tables print them: suits as dealt (hearts, bells, leaves, acorns), ranks A T K O U 9 8 7.
Ulti.sortCards = function (cards) {
  var suits = Ulti.meta.suits.map(function (s) { return s.letter; }).join("");
  return cards.slice().sort(function (a, b) {
    return suits.indexOf(a[0]) - suits.indexOf(b[0]) || Ulti.rankPlace[a[1]] - Ulti.rankPlace[b[1]];
  });
};

// The canonical deal ("A97.TK8.O8.U9 8.A97.A97.ATO TKOU.OU.TK.K7 -.-.U.8") as card-name lists:
// three hands and the talon. The program always prints this form, so reading it is simple.
Ulti.readDeal = function (text) {
  var parts = text.trim().split(/\s+/);
  var letters = Ulti.meta.suits.map(function (s) { return s.letter; });
  var lists = parts.map(function (part) {
    var cards = [];
    part.split(".").forEach(function (ranks, suit) {
      ranks.split("").forEach(function (rank) {
        if (rank !== "-") cards.push(letters[suit] + rank);
      });
    });
    return cards;
  });
  return { hands: lists.slice(0, 3), talon: lists[3] || [] };
};

// Who held each card when the deal was dealt: {card: seat}.
Ulti.holders = function (deal) {
  var holder = {};
  deal.hands.forEach(function (hand, seat) { hand.forEach(function (card) { holder[card] = seat; }); });
  return holder;
};

// A hand as suit groups, each with its symbol; `decorate(card, face)` may add to each card's face.
Ulti.handElement = function (cards, decorate) {
  var hand = Ulti.el("div", { className: "hand" });
  Ulti.meta.suits.forEach(function (suit) {
    var inSuit = Ulti.sortCards(cards.filter(function (c) { return c[0] === suit.letter; }));
    var group = Ulti.el("span", { className: "suit-group" + (inSuit.length ? "" : " void") });
    inSuit.forEach(function (card) {
      var face = Ulti.cardFace(card);
      group.appendChild(decorate ? decorate(card, face) || face : face);
    });
    if (!inSuit.length) group.appendChild(Ulti.el("span", { className: "void-mark", title: Ulti.t("void in {suit}", { suit: Ulti.meta.lang === "hu" ? suit.hu : suit.en }), text: "-" }));
    hand.appendChild(group);
  });
  return hand;
};

// R44: the band of a card, as the analysis gives it (`band`, from the knowable loss where the
// player's view was computed) or, without it, from the hindsight loss (`hindsight_loss`, else
// the double-dummy `cost`): inaccuracy from 1, mistake from 3, blunder from 8 units.
Ulti.bandFor = function (loss) {
  if (loss === null || loss === undefined) return null;
  for (var i = 0; i < Ulti.meta.bands.length; i++) {
    if (loss >= Ulti.meta.bands[i][0]) return Ulti.meta.bands[i][1];
  }
  return null;
};

Ulti.hindsightLoss = function (entry) {
  return entry.hindsight_loss !== undefined ? entry.hindsight_loss : entry.cost || 0;
};

Ulti.hindsightBand = function (entry) {
  return entry.hindsight_band !== undefined ? entry.hindsight_band : Ulti.bandFor(Ulti.hindsightLoss(entry));
};

Ulti.band = function (entry) {
  return entry.band !== undefined ? entry.band : Ulti.hindsightBand(entry);
};

// A card the pages mark (on the graph, in the tricks) and count as an error: an error in
// hindsight, or a card banded by its knowable loss (R44) though it lost nothing in hindsight.
// One rule, so the counts beside the marks agree with them.
Ulti.marked = function (entry) {
  return Boolean(entry.error || Ulti.band(entry));
};

Ulti.hasKnowable = function (entries) {
  return entries.some(function (e) { return e.knowable_loss !== undefined && e.knowable_loss !== null; });
};

// A card's loss in words: "blunder: 12 units lost" (with the knowable loss where there is one).
Ulti.lossText = function (entry) {
  var parts = [];
  var band = Ulti.band(entry);
  var hindsight = Ulti.hindsightLoss(entry);
  if (entry.knowable_loss !== undefined && entry.knowable_loss !== null) {
    var err = entry.knowable_stderr ? " ± " + Number(entry.knowable_stderr).toFixed(2) : "";
    parts.push(Ulti.t("knowable loss {loss}", { loss: Number(entry.knowable_loss).toFixed(2) + err }));
  }
  if (hindsight) parts.push(Ulti.t("hindsight loss {loss}", { loss: Ulti.units(hindsight) }));
  return (band ? Ulti.bandWord(band) + ": " : "") + (parts.join(", ") || Ulti.t("no loss"));
};

// The badges of a card's verdict: its band (R44) with the loss it comes from; where the knowable
// loss was computed, that band first and the hindsight band beside it, outlined.
Ulti.badges = function (entry) {
  var out = [];
  var hindsightBand = Ulti.hindsightBand(entry), hindsight = Ulti.hindsightLoss(entry);
  var title = Ulti.lossText(entry);
  function badge(cls, text) { return Ulti.el("span", { className: "badge " + cls, title: title, text: text }); }
  if (entry.knowable_loss !== undefined && entry.knowable_loss !== null) {
    if (entry.band) out.push(badge("band-" + entry.band, Ulti.bandWord(entry.band) + " " + Number(entry.knowable_loss).toFixed(1)));
    if (hindsightBand) {
      out.push(badge("hindsight band-" + hindsightBand,
        Ulti.t("hindsight {band} {loss}", { band: Ulti.bandWord(hindsightBand), loss: Ulti.units(hindsight) })));
    } else if (entry.error) {
      out.push(badge("hindsight band-none", Ulti.t("hindsight {loss}", { loss: Ulti.units(hindsight) })));
    }
    return out;
  }
  var band = Ulti.band(entry);
  if (band || entry.error) out.push(badge("band-" + (band || "none"), (band ? Ulti.bandWord(band) : Ulti.t("error")) + " " + Ulti.units(hindsight)));
  return out;
};
