/* ---- Ghost at Home: each player's haunted house, floor by floor ------------
 * Drawn from view.state (the game's public view), as the houses lie on the table
 * seen by their owners: the roof on top with the player's name, floors 3, 2, 1
 * below it, each a row of [cat or ghost] [room] [floor card] [room] [cat or
 * ghost] (a ghost and a cat never share a floor, so they share the outer
 * spaces: a cat beside the room it sits on, a ghost on the right, a second one
 * on the left). A lit floor glows; a ghost still waiting for its target's answer
 * is outlined in the colour of who sent it, with a "?". Under each house: hand
 * size (a count: hands are hidden), rooms explored, and whose turn, who is
 * escaping, who may still answer an escape, who won. The heading says whose
 * turn or who is escaping, the deck's and the discard pile's sizes, and the
 * cards the last move took off the table (on their way to the pile).
 * Cards by name ("Room 2B", "Cat 3"), never by tag. */
(function () {
  "use strict";
  if (!window.Board) return;
  const S = Board.svg;

  /* sizes, in viewBox units */
  const PAD = 24, GAP = 28, HEAD = 86;
  const OW = 108, RW = 136, FW = 116, G = 10;          // outer (cat/ghost), room, floor card widths; gap
  let CH = 112, RP = 124, MID = 0;                     // card height, row pitch (taller cards for 2-3
                                                       // houses in a row: the drawing is then wider than high)
  const IW = 2 * OW + 2 * RW + FW + 4 * G;             // a house's rows
  const HP = 18;                                       // a house panel's padding
  const HW = IW + 2 * HP;
  const ROOF = 76, FOOT = 58;
  function houseHeight() { return HP + ROOF + 10 + 3 * RP - (RP - CH) + 14 + FOOT; }
  const INK = "#0b0d12", MUTED = "#9aa3b8", PAPER = "#eef1f7";
  const LIT = "#ffd84d", AMBER = "#f5a524";
  let drawn = 0;

  function cap(s) { s = String(s); return s.charAt(0).toUpperCase() + s.slice(1); }

  const text = Board.text;

  /* A name on two lines when one is too wide for the card (split at the space
   * that leaves the longer line shortest). */
  function lines(s, size, maxW) {
    const words = String(s).split(" ");
    if (words.length < 2 || String(s).length * size * 0.62 <= maxW) return [String(s)];
    let best = null;
    for (let i = 1; i < words.length; i++) {
      const a = words.slice(0, i).join(" "), b = words.slice(i).join(" ");
      const w = Math.max(a.length, b.length);
      if (!best || w <= best[2]) best = [a, b, w];
    }
    return [best[0], best[1]];
  }

  function nameLines(g, cx, y, s, size, fill, maxW) {
    const ls = lines(s, size, maxW);
    const step = size * 1.08;
    const top = y - (ls.length - 1) * step;
    ls.forEach(function (l, i) {
      g.appendChild(text(cx, top + i * step, l, size, { "text-anchor": "middle", fill: fill, "font-weight": 800, class: "card-name" }, maxW));
    });
  }

  /* ---- the cards, by name ---- */
  function cardId(id) { const m = String(id || "").match(/^(?:GAH:)?([A-Z]+):(.+)$/); return m ? [m[1], m[2]] : ["", String(id || "")]; }
  function cardName(id) {
    const k = cardId(id);
    if (k[0] === "ROOM") return TC.t("Room {id}", { id: k[1] });
    if (k[0] === "WILD") return TC.t("Room Wild Card");
    if (k[0] === "CAT") return TC.t("Cat {n}", { n: k[1] });
    if (k[0] === "GHOST") return TC.t("Ghost {n}", { n: k[1] });
    // the specials (a light's payment may be one, lying face up until the table is cleared)
    if (k[1] === "BULB") return TC.t("Light Bulb");
    if (k[1] === "HOLE") return TC.t("Time Space Hole");
    if (k[1] === "FOOD") return TC.t("Cat Food");
    if (k[1] === "LIFT") return TC.t("Elevator");
    if (k[1] === "BOLT") return TC.t("Lightning");
    return cap(k[1].toLowerCase().replace(/_/g, " "));
  }

  function seatLabel(view, p) {
    const n = view.names && view.names[p];
    return n ? n + " · " + p : p;
  }
  function nameOf(view, p) { return (view.names && view.names[p]) || p; }

  /* ---- icons ---- */
  function ghostIcon(cx, cy, r, fill) {
    const h = r * 1.2, b = cy + h, w = r / 1.5;
    const d = "M" + (cx - r) + "," + b + " L" + (cx - r) + "," + cy + " A" + r + "," + r + " 0 0 1 " + (cx + r) + "," + cy +
      " L" + (cx + r) + "," + b + " L" + (cx + r - w / 2) + "," + (b - r * 0.3) + " L" + (cx + r - w) + "," + b +
      " L" + (cx) + "," + (b - r * 0.3) + " L" + (cx - r + w) + "," + b + " L" + (cx - r + w / 2) + "," + (b - r * 0.3) + " Z";
    return S("g", { class: "icon" }, [
      S("path", { d: d, fill: fill, stroke: "#39405a", "stroke-width": 3, "stroke-linejoin": "round" }),
      S("ellipse", { cx: cx - r * 0.38, cy: cy, rx: r * 0.17, ry: r * 0.26, fill: "#1d2436" }),
      S("ellipse", { cx: cx + r * 0.38, cy: cy, rx: r * 0.17, ry: r * 0.26, fill: "#1d2436" }),
      S("ellipse", { cx: cx, cy: cy + r * 0.55, rx: r * 0.16, ry: r * 0.2, fill: "#1d2436" }),
    ]);
  }

  function catIcon(cx, cy, r, fill) {
    const ear = function (s) {
      return S("path", { d: "M" + (cx + s * r * 0.95) + "," + (cy - r * 0.2) + " L" + (cx + s * r * 0.85) + "," + (cy - r * 1.35) +
        " L" + (cx + s * r * 0.2) + "," + (cy - r * 0.8) + " Z", fill: fill });
    };
    return S("g", { class: "icon" }, [
      ear(-1), ear(1),
      S("circle", { cx: cx, cy: cy, r: r, fill: fill }),
      S("ellipse", { cx: cx - r * 0.38, cy: cy - r * 0.1, rx: r * 0.14, ry: r * 0.24, fill: "#ffe9a8" }),
      S("ellipse", { cx: cx + r * 0.38, cy: cy - r * 0.1, rx: r * 0.14, ry: r * 0.24, fill: "#ffe9a8" }),
      S("path", { d: "M" + (cx - r * 0.12) + "," + (cy + r * 0.28) + " L" + (cx + r * 0.12) + "," + (cy + r * 0.28) + " L" + cx + "," + (cy + r * 0.44) + " Z", fill: "#ff9bb0" }),
    ]);
  }

  function bulbIcon(cx, cy, r, on) {
    const parts = [];
    if (on) {
      for (let i = 0; i < 8; i++) {
        const a = i * Math.PI / 4;
        parts.push(S("line", { x1: cx + Math.cos(a) * r * 1.35, y1: cy + Math.sin(a) * r * 1.35, x2: cx + Math.cos(a) * r * 1.8,
                               y2: cy + Math.sin(a) * r * 1.8, stroke: "#8a5a00", "stroke-width": 3, "stroke-linecap": "round" }));
      }
    }
    parts.push(S("circle", { cx: cx, cy: cy, r: r, fill: on ? "#fff6c2" : "#3a4260", stroke: on ? "#8a5a00" : "#6b7390", "stroke-width": 3 }));
    parts.push(S("rect", { x: cx - r * 0.5, y: cy + r * 0.8, width: r, height: r * 0.6, rx: 2, fill: on ? "#8a5a00" : "#6b7390" }));
    return S("g", { class: "icon bulb" + (on ? " on" : "") }, parts);
  }

  function stackIcon(x, y, w, h, fill) {
    return S("g", { class: "icon" }, [0, 1, 2].map(function (i) {
      return S("rect", { x: x + i * 5, y: y - i * 5, width: w, height: h, rx: 5, fill: fill, stroke: "#0b0d12", "stroke-width": 2 });
    }));
  }

  /* ---- one house ---- */
  /* A card's name as a caption and its number big ("Room" over "2B"), split
   * around the number in whatever language the sentence is in. */
  function captioned(name, id) {
    const i = name.indexOf(id);
    if (!id || i < 0) return [name, ""];
    return [(name.slice(0, i) + " " + name.slice(i + id.length)).replace(/\s+/g, " ").trim(), id];
  }

  function room(x, y, id, lit) {
    const wild = cardId(id)[0] === "WILD";
    const name = cardName(id);
    const g = S("g", { class: "room" + (wild ? " wild" : ""), "data-card": name });
    const fill = wild ? (lit ? "#d9c8ff" : "#5b4a8a") : (lit ? "#f4efe3" : "#4a5270");
    const ink = lit ? "#1b1b1b" : PAPER, soft = lit ? "#6f6656" : "#c3c9dc";
    g.appendChild(S("rect", { x: x, y: y, width: RW, height: CH, rx: 10, fill: fill, stroke: lit ? "#d9cfb8" : "#7a84a6", "stroke-width": 3 }));
    // a door in the corner, so a room reads as a room across the table
    const dx = x + 12, dy = y + 12;
    g.appendChild(S("path", { d: "M" + dx + "," + (dy + 30) + " L" + dx + "," + (dy + 10) + " A10,10 0 0 1 " + (dx + 20) + "," + (dy + 10) +
      " L" + (dx + 20) + "," + (dy + 30) + " Z", fill: lit ? "#c9a66b" : "#2c3350", stroke: lit ? "#8d6b3a" : "#1b2033", "stroke-width": 2 }));
    if (wild) {
      g.appendChild(text(x + RW / 2 + 14, y + 48 + MID, "★", 40 + MID, { fill: lit ? "#6b3fa0" : "#e0d4ff", "text-anchor": "middle" }));
      nameLines(g, x + RW / 2, y + CH - 14, name, 21, ink, RW - 14);
      return g;
    }
    const parts = captioned(name, cardId(id)[1]);
    if (!parts[1]) { nameLines(g, x + RW / 2, y + CH - 16, name, 24, ink, RW - 14); return g; }
    g.appendChild(text(x + RW / 2 + 14, y + 36, parts[0], 21, { fill: soft, "font-weight": 700, "text-anchor": "middle", class: "caption" }, RW - 54));
    g.appendChild(text(x + RW / 2, y + CH - 18 - MID / 2, parts[1], 46 + MID / 2, { fill: ink, "font-weight": 800, "text-anchor": "middle", class: "card-name" }, RW - 16));
    return g;
  }

  function emptySpace(x, y, w) {
    return S("rect", { class: "space", x: x + 4, y: y + 4, width: w - 8, height: CH - 8, rx: 10, fill: "none",
                       stroke: "#39405a", "stroke-width": 2, "stroke-dasharray": "8 7" });
  }

  function floorCard(x, y, f, lit, seatCol) {
    const g = S("g", { class: "floor-card" + (lit ? " lit" : " dark") });
    g.appendChild(S("rect", { x: x, y: y, width: FW, height: CH, rx: 10, fill: lit ? LIT : "#262d45", stroke: seatCol, "stroke-width": 5 }));
    g.appendChild(text(x + FW / 2, y + 24, TC.word("floor"), 17, { fill: lit ? "#5a4500" : MUTED, "text-anchor": "middle" }, FW - 14));
    g.appendChild(text(x + 34, y + 74 + MID, String(f), 46 + MID / 2, { fill: lit ? "#2b2100" : PAPER, "font-weight": 800, "text-anchor": "middle", class: "floor-number" }));
    g.appendChild(bulbIcon(x + 84, y + 56 + MID, 12, lit));
    g.appendChild(text(x + FW / 2, y + CH - 12, TC.valueWord(lit ? "lit" : "dark"), 19,
                       { fill: lit ? "#5a4500" : MUTED, "text-anchor": "middle", "font-weight": 700, class: "light-word" }, FW - 14));
    return g;
  }

  /* a cat or a ghost: its picture and number big, its kind below */
  function smallCard(x, y, id, cls, fill, stroke, ink, icon, extra) {
    const name = cardName(id);
    const parts = captioned(name, cardId(id)[1]);
    const g = S("g", { class: cls, "data-card": name });
    g.appendChild(S("rect", Object.assign({ x: x, y: y, width: OW, height: CH, rx: 10, fill: fill, stroke: stroke, "stroke-width": 3 }, extra || {})));
    g.appendChild(icon);
    if (parts[1]) {
      g.appendChild(text(x + OW - 26, y + 64 + MID, parts[1], 42 + MID / 2, { fill: ink, "font-weight": 800, "text-anchor": "middle", class: "card-number" }, 44));
      g.appendChild(text(x + OW / 2, y + CH - 12, parts[0], 21, { fill: ink, "font-weight": 700, "text-anchor": "middle", class: "caption" }, OW - 14));
    } else {
      g.appendChild(text(x + OW / 2, y + CH - 12, name, 21, { fill: ink, "font-weight": 800, "text-anchor": "middle", class: "card-name" }, OW - 14));
    }
    return g;
  }

  function catCard(x, y, id) {
    return smallCard(x, y, id, "cat", "#f6a623", "#8a5200", "#1b1200", catIcon(x + 34, y + 50 + MID, 20 + MID / 4, "#3a2308"));
  }

  function ghostCard(x, y, id, pending, byCol) {
    const g = smallCard(x, y, id, "ghost" + (pending ? " pending" : ""), "#d7dcec", "#6b7390", "#1d2436",
                        ghostIcon(x + 34, y + 36 + MID, 20 + MID / 4, "#ffffff"),
                        pending ? { stroke: byCol || AMBER, "stroke-width": 7, "stroke-dasharray": "12 7" } : null);
    if (pending) {
      g.appendChild(S("circle", { cx: x + OW - 6, cy: y + 6, r: 19, fill: AMBER, stroke: INK, "stroke-width": 3 }));
      g.appendChild(text(x + OW - 6, y + 15, "?", 27, { fill: INK, "font-weight": 800, "text-anchor": "middle", class: "badge" }));
    }
    return g;
  }

  function pill(x, y, s, fill, ink, maxW) {
    const w = Math.min(maxW, s.length * 22 * 0.62 + 34);
    return S("g", { class: "pill" }, [
      S("rect", { x: x, y: y, width: w, height: 38, rx: 19, fill: fill }),
      text(x + w / 2, y + 27, s, 22, { fill: ink, "font-weight": 800, "text-anchor": "middle", class: "status" }, w - 20),
    ]);
  }

  function house(view, st, p, x0, y0, glow) {
    const col = TC.seatColour(p);
    const floors = (st.houses || {})[p] || [];
    const esc = st.escape || null;
    const pd = st.pending || null;
    const turn = st.phase !== "over" && st.turn === p && !(esc && esc.player === p);
    const escaping = !!(esc && esc.player === p);
    const waiting = !!(esc && (esc.waiting || []).indexOf(p) >= 0);
    const won = st.winner === p;
    const answering = !!(pd && pd.player === p);
    const bright = turn || escaping || won || answering;
    const g = S("g", { class: "house" + (bright ? " active" : ""), "data-player": p });
    g.appendChild(S("rect", { x: x0, y: y0, width: HW, height: houseHeight(), rx: 18, fill: "#121728", stroke: col,
                              "stroke-width": bright ? 9 : 3, "stroke-opacity": bright ? 1 : 0.55 }));
    const ix = x0 + HP;
    // the roof, with the player's name and colour
    const ry = y0 + HP;
    const rl = ix + OW / 2, rr = ix + IW - OW / 2, inset = 78;
    g.appendChild(S("rect", { x: rr - inset + 6, y: ry, width: 34, height: 48, fill: "#5b6385", stroke: INK, "stroke-width": 3 }));
    g.appendChild(S("polygon", { class: "roof", points: [rl, ry + ROOF, rl + inset, ry + 14, rr - inset, ry + 14, rr, ry + ROOF].join(" "),
                                 fill: col, stroke: INK, "stroke-width": 3, "stroke-linejoin": "round" }));
    g.appendChild(text(ix + IW / 2, ry + ROOF - 15, seatLabel(view, p), 32, { fill: INK, "font-weight": 800, "text-anchor": "middle", class: "house-name" },
                       rr - rl - 2 * inset + 40));
    // the floors, 3 at the top
    const fy = ry + ROOF + 10;
    const xs = { outL: ix, roomL: ix + OW + G, floor: ix + OW + RW + 2 * G, roomR: ix + OW + RW + FW + 3 * G, outR: ix + OW + 2 * RW + FW + 4 * G };
    for (let i = 2; i >= 0; i--) {
      const fl = floors[i] || { floor: i + 1, lit: false, rooms: {}, cats: {}, ghosts: [] };
      const y = fy + (2 - i) * RP;
      const lit = !!fl.lit;
      const row = S("g", { class: "floor " + (lit ? "lit" : "dark"), "data-floor": i + 1 });
      row.appendChild(S("rect", { x: ix - 6, y: y - 5, width: IW + 12, height: CH + 10, rx: 14,
                                  fill: lit ? "url(#" + glow + ")" : "#080b14", "fill-opacity": lit ? 1 : 0.6 }));
      const rooms = fl.rooms || {}, cats = fl.cats || {};
      row.appendChild(rooms.L ? room(xs.roomL, y, rooms.L, lit) : emptySpace(xs.roomL, y, RW));
      row.appendChild(floorCard(xs.floor, y, i + 1, lit, col));
      row.appendChild(rooms.R ? room(xs.roomR, y, rooms.R, lit) : emptySpace(xs.roomR, y, RW));
      // the outer spaces: cats beside their rooms, then ghosts (right first)
      const out = { L: [], R: [] };
      if (cats.L) out.L.push(catCard(xs.outL, y, cats.L));
      if (cats.R) out.R.push(catCard(xs.outR, y, cats.R));
      (fl.ghosts || []).forEach(function (gid) {
        const side = out.R.length <= out.L.length ? "R" : "L";
        const isPending = !!(pd && pd.player === p && pd.floor === i + 1 && pd.ghost === gid);
        const off = out[side].length * 14;
        out[side].push(ghostCard((side === "R" ? xs.outR : xs.outL) + (side === "R" ? off : -off), y + off / 2, gid,
                                 isPending, isPending && pd.by ? TC.seatColour(pd.by) : null));
      });
      for (const side of ["L", "R"]) for (const c of out[side]) row.appendChild(c);
      g.appendChild(row);
    }
    // the ground, then hand size, rooms explored and what this player is doing
    const gy = fy + 3 * RP - (RP - CH) + 8;
    g.appendChild(S("line", { x1: ix - 6, y1: gy, x2: ix + IW + 6, y2: gy, stroke: "#6b7390", "stroke-width": 4, "stroke-linecap": "round" }));
    const ty = gy + 14;
    let status = null;
    if (won) status = [TC.t("Winner"), LIT, INK, "★ "];
    else if (escaping) status = [cap(TC.word("escape")), "#ef4343", "#ffffff", "⇪ "];
    else if (turn) status = [TC.t("Turn"), col, INK, "▶ "];
    else if (waiting) status = [cap(TC.word("waiting")), AMBER, INK, "… "];
    let lx = ix;
    if (status) {
      const pl = pill(ix, ty, status[3] + status[0], status[1], status[2], IW * 0.36);
      g.appendChild(pl);
      lx = ix + Math.min(IW * 0.36, (status[3] + status[0]).length * 22 * 0.62 + 34) + 18;
    }
    const hand = st.hand_counts ? st.hand_counts[p] : undefined;
    if (hand !== undefined && hand !== null) {
      g.appendChild(stackIcon(lx, ty + 8, 20, 28, "#39405a"));
      g.appendChild(text(lx + 38, ty + 29, TC.t("{n} in hand", { n: hand }), 24, { fill: PAPER, "font-weight": 700, class: "hand" },
                         ix + IW - 240 - (lx + 38)));
    }
    const explored = st.explored ? st.explored[p] : undefined;
    if (explored !== undefined) {
      g.appendChild(text(ix + IW, ty + 29, cap(TC.word("rooms")) + " " + explored + "/6", 24,
                         { fill: MUTED, "text-anchor": "end", "font-weight": 700, class: "explored" }, 226));
    }
    return g;
  }

  /* ---- the heading: whose turn, the piles, the cards on their way to the pile ---- */
  function heading(view, st, W) {
    const g = S("g", { class: "heading" });
    let head;
    if (st.phase === "over") {
      head = TC.t("Game over") + (st.winner ? " · " + TC.t("won by {players}", { players: nameOf(view, st.winner) }) : "");
    } else if (st.escape && st.escape.player) {
      head = TC.t("{player} is escaping!", { player: nameOf(view, st.escape.player) });
    } else if (st.turn) {
      head = TC.t("Turn: {players}", { players: nameOf(view, st.turn) });
    } else head = "";
    if (st.phase !== "over" && st.pending && st.pending.player) {
      head += " · " + TC.t("{player} must answer the ghost", { player: nameOf(view, st.pending.player) });
    }
    // the piles, right
    const pileW = 200;
    const rx = W - PAD - pileW;
    const dx = rx - pileW - 12;
    g.appendChild(stackIcon(dx, 30, 34, 44, "#39405a"));
    // a light whose payment is still to be told leaves the split between the piles open by up to 2 cards
    const doubt = st.deck_doubt || 0;
    const deck = doubt ? (st.deck - doubt) + "–" + st.deck : String(st.deck);
    const pile = doubt ? st.discard_count + "–" + (st.discard_count + doubt) : String(st.discard_count);
    g.appendChild(text(dx + 56, 60, cap(TC.word("deck")) + " " + deck, 26, { fill: PAPER, "font-weight": 700, class: "deck" }, pileW - 58));
    g.appendChild(stackIcon(rx, 30, 34, 44, "#5a4630"));
    g.appendChild(text(rx + 56, 60, cap(TC.word("discard")) + " " + pile, 26, { fill: PAPER, "font-weight": 700, class: "discard" }, pileW - 58));
    // the cards the last move took off the table, on their way to the discard pile
    const clearing = st.clearing || [];
    let cx = dx - 16;
    if (clearing.length) {
      g.appendChild(text(cx, 58, "→", 30, { fill: MUTED, "text-anchor": "end" }));
      cx -= 40;
      const room = (cx - PAD) * 0.5;            // half of what is left: the heading keeps the rest
      const widths = clearing.map(function (c) { return Math.max(110, cardName(c).length * 20 * 0.7 + 24); });
      const k = Math.min(1, (room - 8 * clearing.length) / widths.reduce(function (a, b) { return a + b; }, 0));
      for (let i = clearing.length - 1; i >= 0; i--) {
        const w = widths[i] * k;
        cx -= w;
        const c = S("g", { class: "clearing", "data-card": cardName(clearing[i]), opacity: 0.8 }, [
          S("rect", { x: cx, y: 25, width: w, height: 46, rx: 8, fill: "#2a3148", stroke: "#8b93b0", "stroke-width": 2, "stroke-dasharray": "6 5" }),
          text(cx + w / 2, 55, cardName(clearing[i]), 20, { fill: "#c8cfe4", "text-anchor": "middle", "font-weight": 700, class: "card-name" }, w - 12),
        ]);
        g.appendChild(c);
        cx -= 8;
      }
    }
    g.appendChild(text(PAD, 62, head, 36, { fill: PAPER, "font-weight": 800, class: "head" }, cx - PAD - 20));
    return g;
  }

  Board.games.GAH = function (container, view) {
    const st = view.state;
    if (!st || !st.houses || typeof st.houses !== "object") return false;
    const players = (st.players && st.players.length ? st.players : Object.keys(st.houses)).filter(function (p) { return st.houses[p]; });
    if (!players.length) return false;
    const n = players.length;
    const cols = n >= 3 ? 2 : n;                 // 3-4 houses in two rows: larger on a screen than one long row
    const rows = Math.ceil(n / cols);
    const W = 2 * PAD + cols * HW + (cols - 1) * GAP;
    CH = rows > 1 ? 112 : 136;
    RP = CH + 12;
    MID = (CH - 112) / 2;
    const HH = houseHeight();
    const H = HEAD + rows * HH + (rows - 1) * GAP + PAD;
    const svg = S("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "gah-board", preserveAspectRatio: "xMidYMid meet",
                           "aria-label": cap(TC.word("houses")) + ": " + players.map(function (p) { return seatLabel(view, p); }).join(", ") });
    const glow = "gah-glow-" + (++drawn);       // one id per drawing: a page may show several
    svg.appendChild(S("defs", {}, [S("radialGradient", { id: glow, cx: "50%", cy: "50%", r: "50%" }, [
      S("stop", { offset: "0%", "stop-color": LIT, "stop-opacity": 0.6 }),
      S("stop", { offset: "100%", "stop-color": LIT, "stop-opacity": 0.12 })])]));
    svg.appendChild(S("rect", { x: 0, y: 0, width: W, height: H, rx: 18, fill: "#1d2436" }));
    svg.appendChild(heading(view, st, W));
    players.forEach(function (p, i) {
      const c = i % cols, r = Math.floor(i / cols);
      const alone = r === rows - 1 && n % cols !== 0;     // a row's lone house, centred
      const x = alone ? (W - HW) / 2 : PAD + c * (HW + GAP);
      svg.appendChild(house(view, st, p, x, HEAD + r * (HH + GAP), glow));
    });
    container.classList.remove("generic");
    container.appendChild(svg);
    Board.fitTexts(svg, { shrink: true });
    return true;
  };
})();
