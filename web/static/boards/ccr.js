/* ---- Candy Crave: the bowls and their lanes, and each player's play area ----
 * Drawn from view.state (models/candy_crave/views.py): across the top the five
 * bowls in their order (lollipops first), each with the sweets still in it, its
 * base value tile and its favourites stack (the turned-up tile on top of the
 * face-down ones); at scoring the stack's row, read top to bottom, each "?"
 * with the value it takes, and the value of each sweet of that type. Below,
 * each player's divider: the play area above it (toward the bowls), the locked
 * sweets below it, sweets counted by type, by name and colour. With 2 players
 * each party A-D has its own divider, in its owner's colour.
 * Nothing hidden is drawn: face-down tiles are backs, never faces. */
"use strict";
(function () {
  const S = Board.svg;

  /* the sweet types, by the letter the catalog gives them (bowls.csv): name, colour, text colour */
  const SWEETS = {
    L: [TC.t("Lollipops"), "#ff5fa2", "#2b0016"],
    H: [TC.t("Hard candies"), "#38b6e6", "#03202c"],
    K: [TC.t("Cookies"), "#dba45e", "#2a1700"],
    B: [TC.t("Licorice"), "#23232b", "#f4f4f4"],
    C: [TC.t("Chocolate"), "#7b4a2a", "#fff1e0"],
  };
  const ORDER = ["L", "H", "K", "B", "C"];
  const BG = "#1d2436", PANEL = "#252d43", INK = "#eef1f7", MUTED = "#9aa3b8";

  function sweetType(id) { return String(id).replace(/^CCR:SWEET:/, "").replace(/\d+$/, ""); }
  function sweet(t) { return SWEETS[t] || [t, "#888888", "#000000"]; }
  /* "-1" as "−1" (a real minus sign reads across a room), a number with its sign */
  function face(f) { return String(f).replace("-", "−"); }
  function signed(v) { return v > 0 ? "+" + v : v < 0 ? "−" + (-v) : "0"; }
  function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
  function faceValue(f) { return f === "?" ? null : Number(f); }

  /* the rulebook's "?": the next tile in the row with a number, else the previous one, else 0
   * (models/candy_crave/values.py resolve_row) */
  function resolveRow(faces) {
    const vals = faces.map(faceValue);
    return vals.map(function (v, i) {
      if (v !== null) return v;
      const after = vals.slice(i + 1).find(function (w) { return w !== null; });
      const before = vals.slice(0, i).reverse().find(function (w) { return w !== null; });
      return after !== undefined ? after : before !== undefined ? before : 0;
    });
  }

  const text = Board.text;

  function counts(ids) {
    const out = {};
    for (const id of ids || []) { const t = sweetType(id); out[t] = (out[t] || 0) + 1; }
    return out;
  }

  function typesOf(st) {
    const seen = Object.keys(st.bowls || {});
    const known = ORDER.filter(function (t) { return seen.indexOf(t) >= 0 || !seen.length; });
    return known.concat(seen.filter(function (t) { return ORDER.indexOf(t) < 0; }));
  }

  /* a bowl seen from the side: the sweets' colour inside, how many are left */
  function bowl(cx, top, n, t) {
    const sw = sweet(t);
    const rx = 84, ry = 16, depth = 66, cy = top + ry;
    const full = n > 0;
    const g = S("g", { class: "bowl", "data-sweet": t });
    g.appendChild(S("path", { d: "M" + (cx - rx) + "," + cy + " A" + rx + "," + depth + " 0 0 0 " + (cx + rx) + "," + cy + " Z",
                              fill: full ? sw[1] : "#2a3148", stroke: "#dfe5f1", "stroke-width": 4 }));
    g.appendChild(S("ellipse", { cx: cx, cy: cy, rx: rx, ry: ry, fill: full ? sw[1] : "#151a27", stroke: "#dfe5f1", "stroke-width": 4 }));
    if (full) {
      // a few sweets heaped above the rim
      for (let k = 0; k < Math.min(n, 5); k++) {
        g.appendChild(S("circle", { cx: cx - 40 + k * 20, cy: cy - 4 - (k % 2) * 6, r: 11, fill: sw[1], stroke: "#00000066", "stroke-width": 2 }));
      }
    }
    g.appendChild(text(cx, cy + 50, String(n), 42, { "text-anchor": "middle", fill: full ? sw[2] : MUTED, "font-weight": 800, class: "bowl-count" }));
    return g;
  }

  function favColour(v) { return v === null ? "#f5c518" : v > 0 ? "#2fb35a" : v < 0 ? "#e8463c" : "#9aa0a6"; }

  /* a square tile: a base value (cream) or a favourites face (its colour by its sign) */
  function tile(x, y, s, label, kind, v) {
    const base = kind === "base";
    const fill = base ? "#f4efe3" : kind === "value" ? "#f5c518" : "#f7f7fb";
    const ink = base ? "#1b1b1b" : kind === "value" ? "#1b1200" : favColour(v === undefined ? faceValue(label) : v);
    return S("g", { class: "tile " + kind }, [
      S("rect", { x: x, y: y, width: s, height: s, rx: 12, fill: fill, stroke: kind === "fav" ? ink : "#00000055", "stroke-width": kind === "fav" ? 4 : 2 }),
      text(x + s / 2, y + s * 0.68, label, s * 0.52, { "text-anchor": "middle", fill: kind === "fav" ? ink : "#1b1b1b", "font-weight": 800 }, s - 10),
    ]);
  }

  function backs(x, y, s, n) {
    const g = S("g", { class: "stack" });
    for (let k = n; k >= 1; k--) {
      g.appendChild(S("rect", { x: x + 6 * k, y: y + 6 * k, width: s, height: s, rx: 12, fill: "#39405a", stroke: "#8b93b0", "stroke-width": 2 }));
    }
    return g;
  }

  /* one type's count in an area: its colour, the count, its name */
  function chip(x, y, w, h, t, n) {
    const sw = sweet(t);
    const r = h / 2 - 5;
    return S("g", { class: "chip", "data-sweet": t }, [
      S("rect", { x: x, y: y, width: w, height: h, rx: h / 2, fill: sw[1], stroke: t === "B" ? "#8b93b0" : "#00000055", "stroke-width": 2 }),
      S("circle", { cx: x + h / 2, cy: y + h / 2, r: r, fill: "#ffffffdd" }),
      text(x + h / 2, y + h / 2 + 8, String(n), 23, { "text-anchor": "middle", fill: "#1b1b1b", "font-weight": 800, class: "chip-count" }),
      text(x + h + 2, y + h / 2 + 8, sw[0], 21, { fill: sw[2], "font-weight": 700, class: "chip-name" }, w - h - 12),
    ]);
  }

  Board.games.CCR = function (container, view) {
    const st = view.state;
    if (!st || !st.areas || !st.bowls || typeof st.areas !== "object") return false;
    const types = typesOf(st);
    const names = view.names || {};
    const two = !!st.parties;
    const pad = 24, gap = 16, laneW = 216;
    const W = Math.max(1184, 2 * pad + types.length * laneW + (types.length - 1) * 14);
    const laneGap = (W - 2 * pad - types.length * laneW) / Math.max(1, types.length - 1);
    const rows = st.rows || {};
    const maxRow = Math.max(0, ...types.map(function (t) { return (rows[t] || []).length; }));
    const tileS = 76, rowH = 42;
    // the lane: bowl, name, tiles and their captions, then the row at scoring
    const lanesTop = 74;
    const bowlTop = lanesTop + 12;
    const nameY = bowlTop + 16 + 66 + 34;
    const tilesTop = nameY + 16;
    const captionY = tilesTop + tileS + 18 + 22;
    const rowsTop = captionY + 14;
    const laneH = (maxRow ? rowsTop + maxRow * (rowH + 6) + 8 : captionY + 16) - lanesTop;
    const lanesBottom = lanesTop + laneH;

    // the players' dividers
    const areaIds = Object.keys(st.areas);
    const np = Math.max(1, areaIds.length);
    const pw = (W - 2 * pad - gap * (np - 1)) / np;
    const cols = pw >= 340 ? 2 : 1;
    const chipH = 38, pitch = 46;
    function lines(ids) { return Math.max(1, Math.ceil(Object.keys(counts(ids)).length / cols)); }
    const playLines = Math.max(1, ...areaIds.map(function (a) { return lines(st.areas[a].play); }));
    const lockLines = Math.max(1, ...areaIds.map(function (a) { return lines(st.areas[a].locked); }));
    const rounds = (st.round_points || []).length;
    const headH = 64;
    const playTop = headH + 32;                          // within the panel
    const dividerY = playTop + playLines * pitch + 2;
    const lockTop = dividerY + 10 + 34;
    const pointsTop = lockTop + lockLines * pitch + 4;
    const panelH = pointsTop + rounds * 30 + 8;
    const playersTop = lanesBottom + 22;
    const H = playersTop + panelH + pad;

    const heading = String(st.phase_text || "");
    const head = cap(heading);
    const svg = S("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "ccr-board",
                           "aria-label": (view.game && view.game.title ? view.game.title + " · " : "") + head });
    svg.appendChild(S("rect", { x: 0, y: 0, width: W, height: H, rx: 18, fill: BG }));
    svg.appendChild(text(pad, 48, head, 34, { fill: INK, "font-weight": 800, class: "heading" }, (W - 2 * pad) * 0.58));
    // the sweets out of the game (into the box after round 1), by name
    const gone = counts(st.removed);
    const unknown = Number(st.box_unknown || 0);
    if (st.removed && st.removed.length || unknown) {
      const parts = types.filter(function (t) { return gone[t]; }).map(function (t) { return sweet(t)[0] + " ×" + gone[t]; });
      if (unknown) parts.push("+" + unknown);
      svg.appendChild(text(W - pad, 46, TC.t("removed") + ": " + parts.join(", "), 24, { fill: MUTED, "text-anchor": "end", class: "removed" }, (W - 2 * pad) * 0.38));
    }

    // the bowls and their lanes
    types.forEach(function (t, i) {
      const x = pad + i * (laneW + laneGap);
      const sw = sweet(t);
      const g = S("g", { class: "lane", "data-sweet": t });
      g.appendChild(S("rect", { x: x, y: lanesTop, width: laneW, height: laneH, rx: 16, fill: PANEL }));
      g.appendChild(bowl(x + laneW / 2, bowlTop, Number(st.bowls[t] || 0), t));
      g.appendChild(text(x + laneW / 2, nameY, sw[0], 27, { "text-anchor": "middle", fill: INK, "font-weight": 800, class: "sweet-name" }, laneW - 20));
      const bx = x + 16, fx = x + laneW - 16 - 18 - tileS;
      const base = (st.base || {})[t];
      if (base !== undefined && base !== null) g.appendChild(tile(bx, tilesTop, tileS, String(base), "base"));
      else g.appendChild(S("rect", { x: bx, y: tilesTop, width: tileS, height: tileS, rx: 12, fill: "none", stroke: "#4a5270", "stroke-width": 3, "stroke-dasharray": "8 6" }));
      g.appendChild(text(bx + tileS / 2, captionY, TC.t("base"), 21, { "text-anchor": "middle", fill: MUTED }, tileS + 20));
      const row = rows[t];
      const value = (st.values || {})[t];
      if (row) {
        // the row is laid out: the value of each sweet of the type where the stack was
        if (value !== undefined) g.appendChild(tile(fx, tilesTop, tileS, signed(value).replace("+", ""), "value"));
        g.appendChild(text(fx + tileS / 2, captionY, TC.t("value"), 21, { "text-anchor": "middle", fill: MUTED }, tileS + 20));
        const vals = resolveRow(row);
        row.forEach(function (f, k) {
          const y = rowsTop + k * (rowH + 6);
          const v = vals[k];
          const q = f === "?";
          const col = favColour(q ? null : v);
          const rg = S("g", { class: "row-tile" + (q ? " question" : ""), "data-face": f });
          rg.appendChild(S("rect", { x: x + 16, y: y, width: laneW - 32, height: rowH, rx: 10, fill: "#f7f7fb", stroke: col, "stroke-width": 4 }));
          rg.appendChild(text(x + 40, y + rowH - 10, face(f), 29, { fill: q ? "#8a6d00" : col, "font-weight": 800, class: "face" }));
          if (q) rg.appendChild(text(x + laneW - 32, y + rowH - 10, "= " + signed(v), 27, { fill: favColour(v), "font-weight": 800, "text-anchor": "end", class: "takes" }));
          g.appendChild(rg);
        });
      } else {
        const up = (st.face_up || {})[t];
        const sets = two ? 3 : Math.min(5, Math.max(4, (st.players || []).length));
        if (up !== undefined || st.phase === "favourites") g.appendChild(backs(fx, tilesTop, tileS, up !== undefined ? sets - 1 : 2));
        if (up !== undefined) g.appendChild(tile(fx, tilesTop, tileS, face(up), "fav", faceValue(up)));
        else g.appendChild(S("rect", { x: fx, y: tilesTop, width: tileS, height: tileS, rx: 12, fill: "none", stroke: "#4a5270", "stroke-width": 3, "stroke-dasharray": "8 6" }));
        g.appendChild(text(fx + 6 + tileS / 2, captionY, TC.t("favourites"), 21, { "text-anchor": "middle", fill: MUTED }, tileS + 40));
      }
      svg.appendChild(g);
    });

    // each divider: the play area (toward the bowls), the divider, the locked sweets
    const shownPoints = {};
    areaIds.forEach(function (a, i) {
      const ar = st.areas[a];
      const owner = ar.owner || a;
      const x = pad + i * (pw + gap);
      const y = playersTop;
      const col = TC.seatColour(owner);
      const turn = st.turn === a;
      const out = ar.withdrawn === true;
      const g = S("g", { class: "area" + (turn ? " active" : "") + (out ? " withdrawn" : ""), "data-area": a, "data-player": owner });
      const won = st.phase === "over" && view.score && (view.score.winners || []).indexOf(owner) >= 0;
      g.appendChild(S("rect", { x: x, y: y, width: pw, height: panelH, rx: 16, fill: "#151a27", stroke: won ? "#f5c518" : col, "stroke-width": turn || won ? 8 : 3 }));
      g.appendChild(S("rect", { x: x, y: y, width: pw, height: headH, rx: 16, fill: col }));
      // the name large (the seat when nobody gave one), below it the seat and the party; right: the turn
      const ink = owner === "BLACK" || owner === "PURPLE" || owner === "BROWN" ? "#ffffff" : "#0b0d12";
      const state = turn ? TC.t("{seat}  ▶ turn", { seat: "" }).trim() : out ? TC.t("withdrawn") : won ? "★ " + TC.t("Winner") : "";
      const stateW = state ? Math.min(pw * 0.45, state.length * 13 + 10) : 0;
      g.appendChild(text(x + 14, y + 30, names[owner] || owner, 28, { fill: ink, "font-weight": 800, class: "who" }, pw - 32));
      const sub = (names[owner] ? owner : "") + (two ? (names[owner] ? " · " : "") + TC.t("party") + " " + a : "");
      if (sub) g.appendChild(text(x + 14, y + 54, sub, 20, { fill: ink, "font-weight": 600, class: "seat" }, pw - 40 - stateW));
      if (state) g.appendChild(text(x + pw - 14, y + 54, state, 20, { fill: ink, "text-anchor": "end", "font-weight": 800, class: "state" }, stateW));
      const body = S("g", { opacity: out ? 0.6 : 1 });
      function section(ids, top, caption, kind) {
        const sec = S("g", { class: "section " + kind });
        body.appendChild(sec);
        sec.appendChild(text(x + 14, y + top - 10, caption, 21, { fill: MUTED, "font-weight": 700 }, pw - 32));
        const c = counts(ids);
        const present = types.filter(function (t) { return c[t]; }).concat(Object.keys(c).filter(function (t) { return types.indexOf(t) < 0; }));
        if (!present.length) sec.appendChild(text(x + 14, y + top + 27, TC.t("empty"), 22, { fill: "#5d6684", "font-style": "italic" }));
        const cw = (pw - 24 - (cols - 1) * 8) / cols;
        present.forEach(function (t, k) {
          const cx = x + 12 + (k % cols) * (cw + 8);
          const cy = y + top + Math.floor(k / cols) * pitch;
          sec.appendChild(chip(cx, cy, cw, chipH, t, c[t]));
        });
      }
      section(ar.play, playTop, TC.t("play area"), "play");
      // the divider itself, in the owner's colour
      body.appendChild(S("rect", { x: x + 10, y: y + dividerY, width: pw - 20, height: 10, rx: 5, fill: col, class: "divider" }));
      section(ar.locked, lockTop, TC.t("locked"), "locked");
      if (!shownPoints[owner]) {
        shownPoints[owner] = true;
        (st.round_points || []).forEach(function (pts, r) {
          if (pts[owner] === undefined) return;
          body.appendChild(text(x + 14, y + pointsTop + 24 + r * 30,
                                cap(TC.t("round {round}", { round: r + 1 })) + ": " + TC.tn("{n} point", "{n} points", pts[owner]), 23,
                                { fill: "#f5c518", "font-weight": 700, class: "points" }, pw - 32));
        });
      }
      g.appendChild(body);
      svg.appendChild(g);
    });

    container.classList.remove("generic");
    container.appendChild(svg);
    Board.fitTexts(svg);
    return true;
  };
})();
