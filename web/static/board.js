/* The table drawn from the public view.
 *
 * Board.draw(container, view) picks a drawing by the game's code (each game's
 * own file in boards/ registers Board.games[<code>]: boards/glc.js draws Ghosts
 * Love Candy's neighbourhood) and falls back to Board.generic, which lays out any game's expected table (view.layout,
 * else view.state) as nested panels and cards: lists become rows of cards,
 * objects become panels (coloured when named after a seat), numbers and text
 * become labelled values. Board.reflections adds, under any drawing, a small map of
 * the table with the places where a lamp's reflection hides a card
 * (view.reflections: each {x_mm, y_mm, text}, the prompt that says it).
 */
"use strict";
(function () {
  const Board = { games: {} };
  window.Board = Board;
  const SVGNS = "http://www.w3.org/2000/svg";

  Board.svg = function (tag, attrs, children) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const c of [].concat(children || [])) if (c) e.appendChild(c);
    return e;
  };

  /* A text that is kept within maxW (pixels of the drawing) once the drawing is
   * on the page: Board.fitTexts measures it then. Board.text(10, 20, "Ben", 18,
   * { fill: "#fff" }, 120) */
  Board.text = function (x, y, s, size, attrs, maxW) {
    const a = Object.assign({ x: x, y: y, "font-size": size, text: s }, attrs || {});
    if (maxW) a["data-fit"] = Math.max(8, Math.round(maxW));
    return Board.svg("text", a);
  };

  /* Each Board.text of an attached drawing that measures wider than its room
   * shrunk (with shrink: down to 72 % of its size first) and then squeezed to
   * it. Every text is measured before any is changed, so the page is laid out
   * once, not once per text (a change between two measurements made the next
   * one lay the page out again: most of a Girls vs Ghouls update's time). Where
   * the page does not lay the drawing out (a hidden page) an estimate of the
   * width stands in. */
  Board.fitTexts = function (svg, opts) {
    const shrink = !!(opts && opts.shrink);
    const texts = Array.from(svg.querySelectorAll("text[data-fit]"));
    const widths = texts.map(function (t) {
      try { return t.getComputedTextLength(); } catch (e) { return 0; }
    });
    texts.forEach(function (t, i) {
      const max = Number(t.getAttribute("data-fit"));
      const size = Number(t.getAttribute("font-size"));
      const w = widths[i] || String(t.textContent).length * size * 0.62;
      if (w <= max) return;
      let scale = 1;
      if (shrink) {
        scale = Math.max(0.72, max / w);
        t.setAttribute("font-size", (size * scale).toFixed(1));
      }
      if (w * scale > max) { t.setAttribute("textLength", max); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
    });
  };

  Board.draw = function (container, view) {
    if (!container) return;
    TC.clear(container);
    container.dataset.game = view && view.game ? view.game.code : "";
    if (!view || !view.game) {
      const offer = view && view.offer && view.offer.text;     // the game the table's tags offer, in words
      container.appendChild(TC.el("div", { class: "board-empty" }, [
        TC.el("div", { class: "big", text: TC.t("No game on the table yet") }),
        TC.el("div", { text: offer || TC.t("The referee starts one from the console.") })]));
      return;
    }
    const draw = Board.games[view.game.code];
    try {
      if (draw && draw(container, view) !== false) { Board.reflections(container, view); return; }
    } catch (e) {
      if (window.console) console.warn("board drawing failed, using the generic one", e);
      TC.clear(container);
    }
    Board.generic(container, view);
    Board.reflections(container, view);
  };

  /* Where a lamp's reflection hides a card: the table seen from above (its far
   * side up, as the camera sees it), each hidden card's place ringed, with the
   * prompt's words as its title. Nothing when no reflection hides anything. */
  Board.reflections = function (container, view) {
    const spots = view && view.reflections || [];
    const size = view && view.table && view.table.table_mm;
    if (!spots.length || !size) return;
    const W = size[0], H = size[1], r = Math.max(W, H) / 10;
    const marks = spots.map(function (s) {
      return Board.svg("g", { class: "reflection" }, [
        Board.svg("title", { text: s.text }),
        Board.svg("circle", { cx: s.x_mm, cy: H - s.y_mm, r: r, class: "glow" }),
        Board.svg("circle", { cx: s.x_mm, cy: H - s.y_mm, r: r / 2.5, class: "spot" })]);
    });
    const map = Board.svg("svg", { viewBox: [-r, -r, W + 2 * r, H + 2 * r].join(" "), role: "img",
                                   "aria-label": TC.t("Where a reflection hides a card") },
                          [Board.svg("rect", { x: 0, y: 0, width: W, height: H, class: "table" })].concat(marks));
    container.appendChild(TC.el("figure", { class: "reflection-map" }, [
      map, TC.el("figcaption", { text: TC.t("Where a reflection hides a card") })]));
  };

  /* ---- the generic drawing ------------------------------------------------ */

  const TITLE_KEYS = ["name", "title", "label", "id", "payload", "card", "kid", "player"];


  function shown(x) { return x === true ? TC.t("yes") : x === false ? TC.t("no") : x === null ? "–" : TC.valueWord(x); }
  const words = TC.word;

  function isSeat(key) { return /^[A-Z][A-Z0-9]*$/.test(String(key)) && (TC.SEAT_COLOURS[key] || key.length <= 8); }

  function cardLabel(v) {
    if (v === null || v === undefined) return "·";
    if (typeof v !== "object") {
      const s = String(v);
      const parts = s.split(":");
      return parts.length === 3 ? parts[1] + " " + parts[2] : s;
    }
    for (const k of TITLE_KEYS) if (v[k] !== undefined && typeof v[k] !== "object") return cardLabel(v[k]);
    return "";
  }

  function card(v, depth) {
    const c = TC.el("div", { class: "g-card" });
    if (v === null || typeof v !== "object") {
      c.appendChild(TC.el("div", { class: "g-card-title", text: cardLabel(v) }));
      if (v === null) c.classList.add("face-down");
      return c;
    }
    const title = cardLabel(v);
    if (title) c.appendChild(TC.el("div", { class: "g-card-title", text: title }));
    for (const [k, x] of Object.entries(v)) {
      if (TITLE_KEYS.indexOf(k) >= 0 && cardLabel(x) === title) continue;
      if (x !== null && typeof x === "object") { if (depth < 4) c.appendChild(part(k, x, depth + 1)); }
      else c.appendChild(TC.el("div", { class: "g-field" }, [TC.el("span", { class: "k", text: words(k) }), " ", TC.el("b", { text: shown(x) })]));
    }
    if (v.face_up === false || v.hidden === true) c.classList.add("face-down");
    return c;
  }

  function part(key, value, depth) {
    if (Array.isArray(value)) {
      const box = TC.el("div", { class: "g-list" });
      if (key !== null) box.appendChild(TC.el("div", { class: "g-label", text: words(key) + " (" + value.length + ")" }));
      const row = TC.el("div", { class: "g-row" });
      if (!value.length) row.appendChild(TC.el("span", { class: "muted", text: TC.t("empty") }));
      for (const v of value.slice(0, 60)) row.appendChild(Array.isArray(v) ? part(null, v, depth + 1) : card(v, depth));
      if (value.length > 60) row.appendChild(TC.el("span", { class: "muted", text: TC.t("+{n} more", { n: value.length - 60 }) }));
      box.appendChild(row);
      return box;
    }
    if (value !== null && typeof value === "object") {
      const panel = TC.el("div", { class: "g-panel depth-" + depth });
      if (key !== null) {
        const label = TC.el("div", { class: "g-label", text: words(key) });
        panel.appendChild(label);
        if (isSeat(key)) { panel.classList.add("seat"); panel.style.setProperty("--seat", TC.seatColour(key)); }
      }
      const inner = TC.el("div", { class: "g-inner" });
      for (const [k, v] of Object.entries(value)) inner.appendChild(part(k, v, depth + 1));
      panel.appendChild(inner);
      return panel;
    }
    return TC.el("div", { class: "g-field" }, [TC.el("span", { class: "k", text: words(key) }), " ", TC.el("b", { text: shown(value) })]);
  }

  Board.generic = function (container, view) {
    const data = view.layout || view.state;
    container.classList.add("generic");
    if (!data) { container.appendChild(TC.el("div", { class: "board-empty", text: TC.t("Nothing on the table yet.") })); return; }
    container.appendChild(part(null, data, 0));
  };
})();
