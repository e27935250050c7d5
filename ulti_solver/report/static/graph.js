// The value graph of a played game, as SVG: the double-dummy value (R34) before the first card
// and after every card, the errors marked by band (R44), and under it each card's loss: the
// hindsight loss always, the knowable loss (single dummy, R43) as a second series with its
// standard error where the analysis carries it. Shared by the report page and the board.
"use strict";

(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var WIDTH = 820, LEFT = 46, RIGHT = 14, TOP = 14, VALUE_HEIGHT = 190, GAP = 34, LOSS_HEIGHT = 80;

  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function titled(node, text) {
    node.appendChild(svg("title", {}, text));
    return node;
  }

  // Round tick steps (1, 2, 5, 10, 20, ...) so that a range gets at most about six ticks.
  function ticks(low, high) {
    var span = Math.max(high - low, 1), step = 1;
    var steps = [1, 2, 5];
    for (var scale = 1; ; scale *= 10) {
      var found = steps.some(function (s) { step = s * scale; return span / step <= 6; });
      if (found) break;
    }
    var out = [];
    for (var t = Math.ceil(low / step) * step; t <= high + 1e-9; t += step) out.push(t);
    return out;
  }

  function cardWords(entry) {
    return Ulti.t("card {index}, trick {trick}: {seat} played {card} ({name}), value {before} \u2192 {after}", {
      index: entry.index, trick: entry.trick, seat: Ulti.seatName(entry.seat), card: Ulti.cardInfo(entry.card).label,
      name: Ulti.cardInfo(entry.card).hu, before: Ulti.signed(entry.value_before), after: Ulti.signed(entry.value_after),
    });
  }

  // entries: the analyse objects of the cards (not the summary); options.onPick(k) is called with
  // the number of cards played when a point of the graph is clicked.
  Ulti.valueGraph = function (entries, options) {
    options = options || {};
    var n = entries.length;
    var values = n ? [entries[0].value_before].concat(entries.map(function (e) { return e.value_after; })) : [0];
    var knowable = Ulti.hasKnowable(entries);
    var losses = entries.map(function (e) { return Ulti.hindsightLoss(e); });
    var showLoss = knowable || losses.some(function (l) { return l > 0; });
    var height = TOP + VALUE_HEIGHT + (showLoss ? GAP + LOSS_HEIGHT : 0) + 26;
    var plotWidth = WIDTH - LEFT - RIGHT;
    var x = function (k) { return LEFT + (n ? (k * plotWidth) / n : plotWidth / 2); };

    var low = Math.min(0, Math.min.apply(null, values)), high = Math.max(0, Math.max.apply(null, values));
    var pad = Math.max(1, (high - low) * 0.08);
    low -= pad; high += pad;
    var y = function (v) { return TOP + ((high - v) * VALUE_HEIGHT) / (high - low); };

    var root = svg("svg", {
      viewBox: "0 0 " + WIDTH + " " + height, class: "value-graph", role: "img",
      "aria-label": knowable ? Ulti.t("The value after every card, with each card's hindsight and knowable loss")
        : Ulti.t("The value after every card"),
    });
    var grid = svg("g", { class: "grid" });
    root.appendChild(grid);

    // Tricks: a light line every three cards, the trick's number under the plot.
    for (var k = 0; k <= n; k += 3) {
      grid.appendChild(svg("line", { x1: x(k), x2: x(k), y1: TOP, y2: TOP + VALUE_HEIGHT, class: "trick-line" }));
      if (k < n) {
        grid.appendChild(svg("text", { x: x(Math.min(k + 1.5, n)), y: TOP + VALUE_HEIGHT + 13, class: "axis-label trick-label" },
          String(k / 3 + 1)));
      }
    }
    ticks(low, high).forEach(function (t) {
      grid.appendChild(svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(t), y2: y(t), class: t === 0 ? "zero-line" : "tick-line" }));
      grid.appendChild(svg("text", { x: LEFT - 6, y: y(t) + 4, class: "axis-label value-label" }, Ulti.signed(t)));
    });
    grid.appendChild(svg("text", { x: LEFT - 6, y: TOP + VALUE_HEIGHT + 13, class: "axis-label value-label" }, Ulti.t("trick")));

    // The hindsight value: before the first card, then after each card.
    var points = values.map(function (v, i) { return x(i) + "," + y(v); }).join(" ");
    root.appendChild(titled(svg("polyline", { points: points, class: "series-value" }), "value (R34) after each card"));
    values.forEach(function (v, i) {
      root.appendChild(svg("circle", { cx: x(i), cy: y(v), r: 2.2, class: "value-point" }));
    });

    // The errors, marked by band on the value line.
    var marks = svg("g", { class: "marks" });
    entries.forEach(function (entry, i) {
      var band = Ulti.band(entry);
      if (!Ulti.marked(entry)) return;
      var mark = svg("circle", {
        cx: x(i + 1), cy: y(entry.value_after), r: band === "blunder" ? 7 : band === "mistake" ? 6 : 5,
        class: "mark band-" + (band || "none"), "data-index": entry.index,
      });
      titled(mark, cardWords(entry) + "; " + Ulti.lossText(entry));
      marks.appendChild(mark);
    });
    root.appendChild(marks);

    // Each card's loss: hindsight bars, and the knowable loss beside them where it was computed.
    if (showLoss) {
      var base = TOP + VALUE_HEIGHT + GAP + LOSS_HEIGHT;
      var most = Math.max(1, Math.max.apply(null, losses.concat(entries.map(function (e) {
        return (e.knowable_loss || 0) + (e.knowable_stderr || 0);
      }))));
      var ly = function (v) { return base - (Math.max(0, v) * LOSS_HEIGHT) / most; };
      var slot = n ? plotWidth / n : plotWidth;
      var barWidth = Math.min(16, Math.max(2, slot * (knowable ? 0.32 : 0.55)));
      var lossGroup = svg("g", { class: "losses" });
      lossGroup.appendChild(svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: base, y2: base, class: "zero-line" }));
      lossGroup.appendChild(svg("text", { x: LEFT - 6, y: base - LOSS_HEIGHT + 4, class: "axis-label value-label" }, Ulti.units(most)));
      lossGroup.appendChild(svg("text", { x: LEFT - 6, y: base + 4, class: "axis-label value-label" }, "0"));
      lossGroup.appendChild(svg("text", { x: LEFT, y: base - LOSS_HEIGHT - 8, class: "axis-label" },
        knowable ? Ulti.t("loss per card: hindsight (grey) and knowable (blue, \u00b1 its standard error)")
          : Ulti.t("loss per card (hindsight)")));
      entries.forEach(function (entry, i) {
        var centre = x(i + 0.5);
        var hindsight = losses[i];
        if (hindsight > 0) {
          var hx = knowable ? centre - barWidth - 1 : centre - barWidth / 2;
          lossGroup.appendChild(titled(svg("rect", {
            x: hx, y: ly(hindsight), width: barWidth, height: base - ly(hindsight),
            class: "bar-hindsight band-" + (Ulti.hindsightBand(entry) || "none"),
          }), cardWords(entry) + "; " + Ulti.t("hindsight loss {loss}", { loss: Ulti.units(hindsight) })));
        }
        if (knowable && entry.knowable_loss !== undefined && entry.knowable_loss !== null) {
          var kl = entry.knowable_loss, err = entry.knowable_stderr || 0;
          lossGroup.appendChild(titled(svg("rect", {
            x: centre + 1, y: ly(kl), width: barWidth, height: Math.max(0.5, base - ly(kl)),
            class: "bar-knowable band-" + (entry.band || "none"),
          }), cardWords(entry) + "; " + Ulti.lossText(entry)));
          if (err > 0) {
            var wx = centre + 1 + barWidth / 2;
            lossGroup.appendChild(svg("line", { x1: wx, x2: wx, y1: ly(kl + err), y2: ly(kl - err), class: "whisker" }));
          }
        }
      });
      root.appendChild(lossGroup);
    }

    // Where the step-through stands, and a wide target per card to jump there.
    var cursor = svg("line", { x1: x(0), x2: x(0), y1: TOP, y2: TOP + VALUE_HEIGHT, class: "cursor" });
    root.appendChild(cursor);
    if (options.onPick) {
      for (var j = 0; j <= n; j++) {
        (function (k) {
          var target = svg("rect", {
            x: x(k) - (n ? plotWidth / n / 2 : 10), y: TOP, width: n ? plotWidth / n : 20, height: VALUE_HEIGHT,
            class: "pick-target", "data-cards": k,
          });
          titled(target, k ? cardWords(entries[k - 1]) : Ulti.t("before the first card: value {value}", { value: Ulti.signed(values[0]) }));
          target.addEventListener("click", function () { options.onPick(k); });
          root.appendChild(target);
        })(j);
      }
      // Marks stay clickable above the targets.
      root.appendChild(marks);
      Array.prototype.forEach.call(marks.childNodes, function (mark) {
        mark.addEventListener("click", function () { options.onPick(Number(mark.getAttribute("data-index"))); });
      });
    }

    var legend = Ulti.el("div", { className: "graph-legend" }, [
      Ulti.el("span", { className: "key key-value", text: Ulti.t("value after each card (hindsight, R34)") }),
      Ulti.el("span", { className: "key key-inaccuracy", text: Ulti.t("inaccuracy (1+)") }),
      Ulti.el("span", { className: "key key-mistake", text: Ulti.t("mistake (3+)") }),
      Ulti.el("span", { className: "key key-blunder", text: Ulti.t("blunder (8+ units lost, R44)") }),
      knowable ? Ulti.el("span", { className: "key key-knowable", text: Ulti.t("knowable loss (R43, R44)") }) : null,
    ]);
    var figure = Ulti.el("figure", { className: "graph" }, [root, legend]);
    return {
      element: figure,
      setCurrent: function (k) {
        cursor.setAttribute("x1", x(k));
        cursor.setAttribute("x2", x(k));
      },
    };
  };
})();
