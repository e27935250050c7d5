// The board's form: the choices it offers (from the server's meta), read and written as the
// fields of the board's requests (deal, bid, trump, rules, variants, table, kontra).
"use strict";

var Ulti = window.Ulti || {};
window.Ulti = Ulti;

(function () {
  var el = function (tag, attrs, children) { return Ulti.el(tag, attrs, children); };
  var $ = function (id) { return document.getElementById(id); };
  var defaultRulebook = null;

  function variantBoxes() { return $("setup").querySelectorAll("input[name=variant]"); }

  Ulti.fillBoardForm = function (meta) {
    defaultRulebook = meta.default_rulebook;
    meta.bids.forEach(function (bid) { $("bid-list").appendChild(el("option", { value: bid })); });
    meta.rulebooks.forEach(function (book) {
      $("rules").appendChild(el("option", { value: book.name, text: book.name + " \u2014 " + book.description }));
    });
    $("rules").value = meta.default_rulebook;
    meta.tables.forEach(function (table) {
      $("table").appendChild(el("option", { value: table, text: (meta.table_words || {})[table] || table }));
    });
    meta.variants.forEach(function (variant) {
      $("variants").appendChild(el("label", { className: "variant", title: variant.text }, [
        el("input", { type: "checkbox", name: "variant", value: variant.name }),
        " " + variant.name + " (" + variant.rule + ")",
      ]));
    });
  };

  Ulti.readBoardForm = function () {
    var variants = Array.prototype.filter.call(variantBoxes(), function (box) { return box.checked; })
      .map(function (box) { return box.value; });
    return {
      deal: $("deal").value.trim(), bid: $("bid").value.trim(), trump: $("trump").value, rules: $("rules").value,
      variants: variants, table: $("table").value, kontra: $("kontra").value.trim(),
    };
  };

  // A menu set to a value from the address; one it does not offer (a misspelt trump) is added as
  // written, so the menu shows what was asked, not a blank, and the server's answer names it.
  function choose(select, value) {
    var offered = Array.prototype.filter.call(select.options, function (o) { return o.value.toLowerCase() === value.toLowerCase(); });
    if (offered.length) { select.value = offered[0].value; return; }
    select.appendChild(el("option", { value: value, text: value, className: "from-address" }));
    select.value = value;
  }

  Ulti.writeBoardForm = function (game) {
    $("deal").value = game.deal || "";
    $("bid").value = game.bid || "";
    choose($("trump"), game.trump || "");
    choose($("rules"), game.rules || defaultRulebook);
    choose($("table"), game.table || "");
    $("kontra").value = game.kontra || "";
    Array.prototype.forEach.call(variantBoxes(), function (box) {
      box.checked = (game.variants || []).indexOf(box.value) >= 0;
    });
  };
})();
