/* ---- The Closest Ghost: the two boards as one grid ----------------------------
 * Drawn from view.state (the game's public view; nothing in this game is hidden):
 * the combined area of two 3x3 boards (side by side in layout 3x6, one above the
 * other in 6x3), each square with the arrows an avatar may leave it by (turned
 * with its board), the corner dot, the candy still on it (the candy under a ghost
 * peeks out from under it: the engine remembers it), the ghosts and the avatars in
 * their seat colours. The squares the mover's avatar may reach, or the ghosts the
 * mover may choose among, are lit in the mover's colour. Under (or beside) each
 * board its owner's panel: the turn, the board's rotation, the candy left on it
 * and who took the candy gone from it. Columns are lettered and rows numbered as
 * the prompts name the squares ("move your avatar from B2 ... up to B1"). */
(function () {
  "use strict";
  const S = Board.svg;

  const BG = "#1d2436", PANEL = "#151a27", INK = "#0b0d12", TEXT = "#eef1f7", MUTED = "#9aa3b8";
  const BOARD_BODY = "#3a2f5b", SQUARE = "#f4efe3", ARROW = "#5b3f8c";
  const CANDY_FILL = "#ff5fa2", CANDY_EDGE = "#9c1f5a", GHOST_FILL = "#ffffff", GHOST_EDGE = "#2b2540";

  const Q = 150;            // a square's side
  const PAD = 24;           // around everything
  const LAB = 36;           // the column letters above, the row numbers to the left
  const HEAD = 70;          // the heading line
  const SEAM = 30;          // between the two boards
  const PANEL_H = 248;      // a player's panel
  const LEGEND = 64;        // the legend line

  function cap(s) { s = String(s); return s.charAt(0).toUpperCase() + s.slice(1); }

  const text = Board.text;

  function parse(sq) {
    const m = /^([A-Z])(\d+)$/.exec(String(sq));
    return m ? { c: m[1].charCodeAt(0) - 65, r: Number(m[2]) - 1 } : null;
  }

  /* ---- the pieces, each centred on (x, y) ---- */

  function candy(x, y, r, attrs) {
    return S("g", Object.assign({ class: "candy" }, attrs || {}), [
      S("path", { d: "M" + (x - r * 0.8) + " " + y + " L" + (x - r * 1.7) + " " + (y - r * 0.62) + " L" + (x - r * 1.6) + " " + (y + r * 0.66) + " Z",
                  fill: CANDY_FILL, stroke: CANDY_EDGE, "stroke-width": 2.5, "stroke-linejoin": "round" }),
      S("path", { d: "M" + (x + r * 0.8) + " " + y + " L" + (x + r * 1.7) + " " + (y + r * 0.62) + " L" + (x + r * 1.6) + " " + (y - r * 0.66) + " Z",
                  fill: CANDY_FILL, stroke: CANDY_EDGE, "stroke-width": 2.5, "stroke-linejoin": "round" }),
      S("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.78, fill: CANDY_FILL, stroke: CANDY_EDGE, "stroke-width": 2.5 }),
      S("path", { d: "M" + (x - r * 0.35) + " " + (y - r * 0.7) + " Q" + x + " " + y + " " + (x - r * 0.35) + " " + (y + r * 0.7),
                  fill: "none", stroke: "#ffffff", "stroke-width": 3, opacity: 0.8 }),
      S("path", { d: "M" + (x + r * 0.3) + " " + (y - r * 0.7) + " Q" + (x + r * 0.65) + " " + y + " " + (x + r * 0.3) + " " + (y + r * 0.7),
                  fill: "none", stroke: "#ffffff", "stroke-width": 3, opacity: 0.8 }),
    ]);
  }

  function ghost(x, y, h, attrs) {
    const w = h * 0.8, l = x - w / 2, t = y - h / 2, b = y + h / 2, k = h * 0.13;
    const d = "M" + l + " " + b + " L" + l + " " + (t + w / 2) + " A" + (w / 2) + " " + (w / 2) + " 0 0 1 " + (l + w) + " " + (t + w / 2) +
      " L" + (l + w) + " " + b + " L" + (l + w * 5 / 6) + " " + (b - k) + " L" + (l + w * 4 / 6) + " " + b + " L" + (l + w / 2) + " " + (b - k) +
      " L" + (l + w * 2 / 6) + " " + b + " L" + (l + w / 6) + " " + (b - k) + " Z";
    return S("g", Object.assign({ class: "ghost" }, attrs || {}), [
      S("path", { d: d, fill: GHOST_FILL, "fill-opacity": 0.94, stroke: GHOST_EDGE, "stroke-width": 3, "stroke-linejoin": "round" }),
      S("ellipse", { cx: x - w * 0.18, cy: y - h * 0.12, rx: h * 0.07, ry: h * 0.1, fill: GHOST_EDGE }),
      S("ellipse", { cx: x + w * 0.18, cy: y - h * 0.12, rx: h * 0.07, ry: h * 0.1, fill: GHOST_EDGE }),
      S("ellipse", { cx: x, cy: y + h * 0.14, rx: h * 0.07, ry: h * 0.05, fill: GHOST_EDGE }),
    ]);
  }

  /* an avatar: a small pyramid in its seat's colour with the seat's letter (colour never alone) */
  function avatar(x, y, a, seat, lit, attrs) {
    const pts = [[x, y - a * 0.56], [x + a * 0.52, y + a * 0.44], [x - a * 0.52, y + a * 0.44]].map(function (p) { return p.join(","); }).join(" ");
    return S("g", Object.assign({ class: "avatar", "data-player": seat }, attrs || {}), [
      S("polygon", { points: pts, fill: TC.seatColour(seat), stroke: lit ? "#ffffff" : INK, "stroke-width": lit ? 6 : 3, "stroke-linejoin": "round" }),
      text(x, y + a * 0.34, TC.seatLetter(seat), a * 0.4, { "text-anchor": "middle", fill: INK, "font-weight": 800 }),
    ]);
  }

  /* an arrow head inside the square (x, y: its top-left corner) pointing out of its edge d */
  function arrow(x, y, d) {
    const cx = x + Q / 2, cy = y + Q / 2, e = 9, h = Q * 0.12, w = Q * 0.12;
    const pts = {
      U: [[cx, y + e], [cx + w, y + e + h], [cx - w, y + e + h]],
      D: [[cx, y + Q - e], [cx - w, y + Q - e - h], [cx + w, y + Q - e - h]],
      L: [[x + e, cy], [x + e + h, cy - w], [x + e + h, cy + w]],
      R: [[x + Q - e, cy], [x + Q - e - h, cy + w], [x + Q - e - h, cy - w]],
    }[d];
    if (!pts) return null;
    return S("polygon", { class: "arrow", "data-dir": d, points: pts.map(function (p) { return p.join(","); }).join(" "), fill: ARROW });
  }

  /* the printed top-left corner, turned with the board (counter-clockwise) */
  const DOT_CORNER = { 0: [0, 0], 90: [0, 1], 180: [1, 1], 270: [1, 0] };

  Board.games.TCG = function (container, view) {
    const st = view.state;
    if (!st || !st.arrows || !st.avatars || !Array.isArray(st.ghosts) || !Array.isArray(st.candy) || !st.owners) return false;
    const cells = Object.keys(st.arrows).map(parse);
    if (!cells.length || cells.some(function (p) { return !p; })) return false;
    const cols = Math.max.apply(null, cells.map(function (p) { return p.c; })) + 1;
    const rows = Math.max.apply(null, cells.map(function (p) { return p.r; })) + 1;
    const wide = st.layout !== "6x3";
    if (wide ? cols !== 6 || rows !== 3 : cols !== 3 || rows !== 6) return false;

    const names = view.names || {};
    const players = view.players && view.players.length ? view.players.map(TC.playerId) : (st.players || []);
    function who(p) { return names[p] ? names[p] + " (" + p + ")" : String(p); }
    const boards = Object.keys(st.owners).sort();          // A, B
    function boardOf(p) { return wide ? (p.c < 3 ? "A" : "B") : (p.r < 3 ? "A" : "B"); }

    // geometry
    const gx = PAD + LAB, gy = HEAD + LAB;
    const gridW = cols * Q + (wide ? SEAM : 0), gridH = rows * Q + (wide ? 0 : SEAM);
    const PW = wide ? 3 * Q : 440;
    const W = wide ? gx + gridW + PAD : gx + gridW + 32 + PW + PAD;
    const H = wide ? gy + gridH + 24 + PANEL_H + LEGEND + PAD : gy + gridH + PAD;
    function sx(p) { return gx + p.c * Q + (wide && p.c >= 3 ? SEAM : 0); }
    function sy(p) { return gy + p.r * Q + (!wide && p.r >= 3 ? SEAM : 0); }

    const over = st.phase === "over";
    const mover = over ? null : st.turn;
    const moverCol = mover ? TC.seatColour(mover) : null;
    const svg = S("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "tcg-board", "data-layout": wide ? "3x6" : "6x3",
                           "aria-label": (view.game && view.game.title) || "The Closest Ghost" });
    svg.appendChild(S("rect", { x: 0, y: 0, width: W, height: H, rx: 18, fill: BG }));

    // the heading: whose turn and what they do, or who won
    let head;
    if (over) head = st.winner ? TC.t("Winner: ") + who(st.winner) : TC.t("Game over");
    else if (st.phase === "place_ghost") head = TC.t("{player} places the third ghost", { player: who(mover) });
    else if (st.phase === "ghost") head = TC.t("{player} moves the closest ghost", { player: who(mover) });
    else head = TC.t("{player} moves their avatar", { player: who(mover) });
    const headSeat = over ? st.winner : mover;
    let hx = PAD;
    if (headSeat) { svg.appendChild(avatar(PAD + 22, 38, 46, headSeat, false, { class: "heading-avatar" })); hx += 54; }
    svg.appendChild(text(hx, 50, (over && st.winner ? "★ " : "") + head, 34, { class: "heading", fill: TEXT, "font-weight": 800 }, W - hx - PAD));

    // the column letters and row numbers
    for (let c = 0; c < cols; c++) {
      svg.appendChild(text(sx({ c: c, r: 0 }) + Q / 2, gy - 10, String.fromCharCode(65 + c), 24, { class: "coord", fill: MUTED, "text-anchor": "middle", "font-weight": 700 }));
    }
    for (let r = 0; r < rows; r++) {
      svg.appendChild(text(gx - LAB / 2 - 2, sy({ c: 0, r: r }) + Q / 2 + 8, String(r + 1), 24, { class: "coord", fill: MUTED, "text-anchor": "middle", "font-weight": 700 }));
    }

    // the boards, framed in their owner's colour
    const frames = {};
    for (const b of boards) {
      const sq = cells.filter(function (p) { return boardOf(p) === b; });
      const x0 = Math.min.apply(null, sq.map(sx)), y0 = Math.min.apply(null, sq.map(sy));
      frames[b] = { x: x0, y: y0 };
      svg.appendChild(S("rect", { class: "board-frame", "data-board": b, x: x0 - 8, y: y0 - 8, width: 3 * Q + 16, height: 3 * Q + 16, rx: 14,
                                  fill: BOARD_BODY, stroke: TC.seatColour(st.owners[b]), "stroke-width": 6 }));
    }

    // the squares: arrows, the corner dot, the lit targets
    const targets = over ? [] : (st.avatar_targets || []);
    const ghosts = st.ghosts, movable = over ? [] : (st.movable_ghosts || []);
    const rotations = st.rotations || {};
    for (const sq of Object.keys(st.arrows).sort()) {
      const p = parse(sq), x = sx(p), y = sy(p);
      const target = targets.indexOf(sq) >= 0, choice = movable.indexOf(sq) >= 0, lit = target || choice;
      const g = S("g", { class: "square" + (target ? " target" : "") + (choice ? " choice" : ""), "data-square": sq });
      g.appendChild(S("rect", { x: x + 3, y: y + 3, width: Q - 6, height: Q - 6, rx: 8, fill: SQUARE }));
      if (lit) {
        g.appendChild(S("rect", { x: x + 3, y: y + 3, width: Q - 6, height: Q - 6, rx: 8, fill: moverCol, "fill-opacity": 0.3 }));
        g.appendChild(S("rect", { x: x + 7, y: y + 7, width: Q - 14, height: Q - 14, rx: 6, fill: "none", stroke: moverCol,
                                  "stroke-width": 6, "stroke-dasharray": "14 8" }));
      }
      for (const d of String(st.arrows[sq])) g.appendChild(arrow(x, y, d));
      const b = boardOf(p);
      if (st.dots && st.dots[b] === sq) {
        const k = DOT_CORNER[rotations[b] || 0] || [0, 0];
        g.appendChild(S("circle", { class: "dot", cx: x + 22 + k[0] * (Q - 44), cy: y + 22 + k[1] * (Q - 44), r: 8, fill: INK }));
      }
      svg.appendChild(g);
    }

    // the pieces: candy (peeking out from under a ghost), ghosts, avatars
    const onSquare = {};
    for (const p of players) { const sq = st.avatars[p]; if (sq) (onSquare[sq] = onSquare[sq] || []).push(p); }
    for (const sq of st.candy) {
      const p = parse(sq);
      if (!p) continue;
      const x = sx(p) + Q / 2, y = sy(p) + Q / 2;
      const under = ghosts.indexOf(sq) >= 0 || onSquare[sq];
      svg.appendChild(under ? candy(x + Q * 0.28, y + Q * 0.28, Q * 0.08, { class: "candy under", "data-square": sq })
        : candy(x, y, Q * 0.17, { "data-square": sq }));
    }
    for (const sq of ghosts) {
      const p = parse(sq);
      if (!p) continue;
      const x = sx(p) + Q / 2, y = sy(p) + Q / 2;
      const hidden = st.candy.indexOf(sq) >= 0;
      svg.appendChild(ghost(hidden ? x - Q * 0.06 : x, hidden ? y - Q * 0.02 : y, Q * 0.58,
                            { "data-square": sq, class: "ghost" + (movable.indexOf(sq) >= 0 ? " movable" : "") }));
    }
    for (const sq of Object.keys(onSquare)) {
      const p = parse(sq);
      if (!p) continue;
      const x = sx(p) + Q / 2, y = sy(p) + Q / 2, here = onSquare[sq];
      here.forEach(function (seat, i) {
        const dx = here.length > 1 ? (i - (here.length - 1) / 2) * Q * 0.36 : 0;
        svg.appendChild(avatar(x + dx, y, here.length > 1 ? Q * 0.42 : Q * 0.56, seat, seat === mover, { "data-square": sq }));
      });
    }

    // each board's owner: their turn, the board's rotation, the candy left and who took the rest
    const lit = TC.whoseTurn(view);
    for (const b of boards) {
      const owner = st.owners[b];
      const other = players.filter(function (p) { return p !== owner; })[0];
      const x = wide ? frames[b].x : gx + gridW + 32;
      const y = wide ? gy + gridH + 24 : frames[b].y;
      const col = TC.seatColour(owner);
      const active = !over && (owner === mover || lit.indexOf(owner) >= 0);
      const won = over && st.winner === owner;
      const g = S("g", { class: "player" + (active ? " active" : "") + (won ? " winner" : ""), "data-player": owner, "data-board": b });
      g.appendChild(S("rect", { x: x, y: y, width: PW, height: PANEL_H, rx: 16, fill: PANEL, stroke: col, "stroke-width": active || won ? 8 : 3 }));
      g.appendChild(S("rect", { x: x, y: y, width: PW, height: 54, rx: 16, fill: col }));
      g.appendChild(S("rect", { x: x, y: y + 30, width: PW, height: 24, fill: col }));
      const badge = won ? "★ " + TC.t("Winner") : "";
      const band = active ? TC.t("{seat}  ▶ turn", { seat: who(owner) }) : who(owner);
      g.appendChild(text(x + 18, y + 38, band, 28, { class: "player-name", fill: INK, "font-weight": 800 }, PW - 36 - (badge ? 150 : 0)));
      if (badge) g.appendChild(text(x + PW - 16, y + 37, badge, 24, { fill: INK, "font-weight": 800, "text-anchor": "end" }, 136));
      g.appendChild(text(x + 18, y + 92, TC.t("Board {board}", { board: b }), 26, { fill: TEXT, "font-weight": 700 }, PW * 0.5));
      g.appendChild(text(x + PW - 18, y + 92, cap(TC.word("rotation")) + " " + (rotations[b] || 0) + "°", 22, { fill: MUTED, "text-anchor": "end" }, PW * 0.4));
      // the pieces of this board: still on it (candy), and gone (a disc in the taker's colour, with the taker's letter)
      const left = (st.candy_left || {})[b];
      const nLeft = typeof left === "number" ? left : st.candy.filter(function (sq) { return boardOf(parse(sq)) === b; }).length;
      const lines = view.score && view.score.entries && view.score.entries[owner] && view.score.entries[owner].breakdown;
      const takers = Array.isArray(lines) && lines.length === 2 && other ? [[owner, Number(lines[0].points) || 0], [other, Number(lines[1].points) || 0]] : [];
      const pips = [];
      for (let i = 0; i < nLeft; i++) pips.push(null);
      for (const t of takers) for (let i = 0; i < t[1]; i++) pips.push(t[0]);
      const step = Math.min(50, (PW - 36) / Math.max(1, pips.length));
      pips.forEach(function (taker, i) {
        const cx = x + 18 + step * (i + 0.5), cy = y + 134;
        if (taker === null) g.appendChild(candy(cx, cy, Math.min(12, step * 0.24), { class: "candy pip" }));
        else {
          g.appendChild(S("circle", { class: "gone", "data-taker": taker, cx: cx, cy: cy, r: Math.min(18, step * 0.42), fill: TC.seatColour(taker), stroke: INK, "stroke-width": 2 }));
          g.appendChild(text(cx, cy + 7, TC.seatLetter(taker), Math.min(20, step * 0.45), { fill: INK, "text-anchor": "middle", "font-weight": 800 }));
        }
      });
      g.appendChild(text(x + 18, y + 190, cap(TC.word("candy_left")) + ": " + nLeft, 26, { class: "candy-left", fill: TEXT, "font-weight": 700 }, PW - 36));
      const took = takers.map(function (t) { return TC.t("{player} took {n}", { player: names[t[0]] || t[0], n: t[1] }); });
      if (took.length) g.appendChild(text(x + 18, y + 228, took.join(" · "), 22, { class: "taken", fill: MUTED }, PW - 36));
      svg.appendChild(g);
    }

    // the legend: what each shape is (a row under everything; in layout 6x3 two rows under board B's panel)
    const slot = wide ? (W - 2 * PAD) / 4 : PW / 2;
    function lx(i) { return wide ? PAD + slot * i + 30 : gx + gridW + 32 + slot * (i % 2) + 30; }
    function ly(i) { return wide ? H - PAD - LEGEND / 2 : frames.B.y + PANEL_H + 60 + LEGEND * Math.floor(i / 2); }
    const items = [
      [function (x, y) { return avatar(x, y, 40, players[0] || "RED", false, { class: "legend-icon" }); }, TC.word("avatars")],
      [function (x, y) { return ghost(x, y, 42, { class: "legend-icon" }); }, TC.word("ghosts")],
      [function (x, y) { return candy(x, y, 13, { class: "legend-icon" }); }, TC.word("candy")],
      [function (x, y) { return S("polygon", { points: [[x + 10, y], [x - 8, y - 14], [x - 8, y + 14]].map(function (p) { return p.join(","); }).join(" "), fill: ARROW, stroke: SQUARE, "stroke-width": 2 }); }, TC.word("arrows")],
    ];
    const legend = S("g", { class: "legend" });
    items.forEach(function (it, i) {
      const x = lx(i), y = ly(i);
      legend.appendChild(it[0](x, y));
      legend.appendChild(text(x + 42, y + 9, cap(it[1]), 24, { fill: MUTED, "font-weight": 700 }, slot - 82));
    });
    svg.appendChild(legend);

    container.classList.remove("generic");
    container.appendChild(svg);
    Board.fitTexts(svg);
    return true;
  };
})();
