/* ---- Girls vs Ghouls: the cul-de-sac and the players ------------------------
 * Drawn from view.state (the game's public view). The 8 houses lie in a ring
 * around the cul-de-sac, clockwise from House 1 at the top (the crosswalk
 * between House 8 and House 1), like the houses around the board:
 *
 *     8 | 1 | 2        each house: its tile's face up (Girls or Ghouls), its net
 *     7 | · | 3        cubes (orange +, black −), the Treats under it, its Trick
 *     6 | 5 | 4        slot (a face-down stack as a count, the VP card once it
 *                      scored), the Tricks turned up, the standees in front of it
 *
 * The middle says the round and what happens now; the panel on the right holds
 * the teams' scores (and the Reporter, a role that wins a tie, never a player
 * without points) and the players: name, seat colour, cards left, the First
 * Player Token, whose turn, and each identity once it is turned up.
 * Nothing hidden is drawn: a face-down Trick is a count, a hand is a count.
 */
"use strict";
(function () {
  const S = Board.svg;
  const TEAM = { GIRLS: TC.t("Girls"), GHOULS: TC.t("Ghouls"), REPORTER: TC.t("Reporter") };
  /* the teams in the scoreboard's colours (common.js colours any name that is no seat) */
  const TEAM_COLOUR = { GIRLS: TC.seatColour("GIRLS"), GHOULS: TC.seatColour("GHOULS"), REPORTER: "#c9cfdd" };
  const INK = "#0b0d12", TEXT = "#eef1f7", MUTED = "#9aa3b8", PANEL = "#151a27";
  const ORANGE = "#f28c1b", GOLD = "#f5c518";
  /* where each house lies in the 3x3 ring: [column, row], House 1 top middle, clockwise */
  const CELL = { 1: [1, 0], 2: [2, 0], 3: [2, 1], 4: [2, 2], 5: [1, 2], 6: [0, 2], 7: [0, 1], 8: [0, 0] };
  const CARD_PLAYS = { treat: 1, trick: 1, peek: 1, round: 1, round_over: 1, reveal: 1 };

  const text = Board.text;

  function nameOf(view, p) { return (view.names && view.names[p]) || p; }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0"; }
  function ringDistance(a, b) { const d = Math.abs(a - b) % 8; return Math.min(d, 8 - d); }

  /* the Treat lying face up right now: the state's, else the newest event when it is a Treat */
  function faceUpTreat(view, st) {
    if (st.phase !== "play") return null;
    if (st.face_up) return st.face_up.house ? { house: Number(st.face_up.house), value: st.face_up.value } : null;
    const evs = view.events || [];
    const last = evs[evs.length - 1];
    if (last && last.type === "treat" && last.data && typeof last.data.value === "number") return { house: Number(last.data.house), value: last.data.value };
    return null;
  }

  /* where the player whose turn it is began it: the state's, else from the recent events
   * (where the standee stood before this turn's move, checked against the move's spaces) */
  function turnStart(view, st) {
    const p = st.turn;
    if (st.phase !== "play" || !p) return null;
    if (typeof st.turn_start === "number") return st.turn_start;
    const evs = view.events || [];
    let i = evs.length - 1, move = null;
    for (; i >= 0; i--) {
      const e = evs[i];
      if (CARD_PLAYS[e.type]) break;
      if (!move && e.type === "moved" && e.data && e.data.player === p) move = e.data;
    }
    if (!move) return st.positions ? st.positions[p] : null;
    for (; i >= 0; i--) {
      const e = evs[i];
      if ((e.type === "moved" || e.type === "placed") && e.data && e.data.player === p && e.data.house) {
        const from = Number(e.data.house);
        return ringDistance(from, Number(move.house)) === move.spaces ? from : null;
      }
    }
    return null;
  }

  function cube(x, y, size, net) {
    return S("rect", { x: x, y: y, width: size, height: size, rx: 4, fill: net > 0 ? ORANGE : "#111318",
                       stroke: net > 0 ? "#7a3d00" : "#cfd3dc", "stroke-width": 2 });
  }

  function standee(x, y, r, p, label, maxW, active, size) {
    const g = S("g", { class: "standee" + (active ? " active" : ""), "data-player": p });
    if (active) g.appendChild(S("circle", { cx: x, cy: y, r: r + 4, fill: "none", stroke: TEXT, "stroke-width": 3 }));
    g.appendChild(S("circle", { cx: x, cy: y, r: r, fill: TC.seatColour(p), stroke: INK, "stroke-width": 2 }));
    if (label) g.appendChild(text(x + r + 8, y + size / 3 + 1, label, size, { fill: TEXT, "font-weight": active ? 800 : 600 }, maxW));
    return g;
  }

  function house(view, st, h, x, y, w, ht, extra) {
    const control = h.control;
    const colour = TEAM_COLOUR[control] || MUTED;
    const up = h.tricks.filter(function (t) { return t.trick; });
    const down = h.tricks.length - up.length;
    const tied = extra.tie && extra.tie.houses.indexOf(h.house) >= 0;
    const here = (h.standees || []).slice();
    const items = here.map(function (p) { return { p: p, began: false }; });
    if (extra.start === h.house && extra.turn && here.indexOf(extra.turn) < 0) items.push({ p: extra.turn, began: true });
    const rows = Math.max(1, Math.ceil(items.length / 3));
    const sh = rows > 1 ? 8 + rows * 28 : 50, sy = y + ht - 10 - sh;
    const g = S("g", { class: "house" + (h.closed ? " closed" : ""), "data-house": h.house, "data-control": control,
                       "data-closed": h.closed ? "yes" : "no", "data-vp": h.vp || "", "data-cubes": h.cubes,
                       "data-tricks": h.tricks.length, "data-face-down": down, "data-treats": h.treats });
    g.appendChild(S("rect", { x: x, y: y, width: w, height: ht, rx: 16, fill: h.closed ? "#10141f" : PANEL,
                              stroke: tied ? "#f5a524" : colour, "stroke-width": tied ? 7 : 3,
                              "stroke-dasharray": tied ? "14 8" : null }));
    // the tile's face up
    g.appendChild(S("path", { d: "M" + x + "," + (y + 54) + "V" + (y + 16) + "Q" + x + "," + y + " " + (x + 16) + "," + y +
                              "H" + (x + w - 16) + "Q" + (x + w) + "," + y + " " + (x + w) + "," + (y + 16) + "V" + (y + 54) + "Z",
                              fill: colour, class: "tile" }));
    g.appendChild(text(x + 14, y + 38, TC.t("House {n}", { n: h.house }), 28, { fill: INK, "font-weight": 800 }, w * 0.46));
    g.appendChild(text(x + w - 14, y + 38, TEAM[control] || control, 28, { fill: INK, "font-weight": 800, "text-anchor": "end", class: "team" }, w * 0.44));
    // the Trick slot: the VP card once the house scored, else the face-down stack as a count
    const cx = x + 14, cy = y + 68, cw = 84, ch = 110;
    if (h.closed) {
      g.appendChild(S("g", { class: "vp-card", "data-points": h.vp }, [
        S("rect", { x: cx, y: cy, width: cw, height: ch, rx: 8, fill: "#fff4d6", stroke: GOLD, "stroke-width": 4 }),
        text(cx + cw / 2, cy + 46, "\u2605", 34, { fill: GOLD, "text-anchor": "middle" }),
        text(cx + cw / 2, cy + 84, TC.t("{n} VP", { n: h.vp }), 26, { fill: "#b3123b", "font-weight": 800, "text-anchor": "middle" }, cw - 10)]));
      g.appendChild(text(x + 14 + cw + 16, cy + 56, TC.t("closed"), 24, { fill: MUTED, "font-weight": 700, class: "closed" }, x + w - 14 - (x + 30 + cw)));
    } else if (down) {
      const stack = S("g", { class: "trick-stack", "data-count": down });
      const shown = Math.min(down, 4);
      for (let k = shown - 1; k >= 0; k--) {
        stack.appendChild(S("rect", { x: cx + k * 4, y: cy - k * 4 + (shown - 1) * 4, width: cw - 12, height: ch - 12, rx: 8,
                                      fill: "#4b2a6b", stroke: "#c4a8f5", "stroke-width": 2 }));
      }
      const fx = cx, fy = cy + (shown - 1) * 4;
      stack.appendChild(S("path", { d: "M" + (fx + (cw - 12) / 2) + "," + (fy + 10) + "l22,24 -22,24 -22,-24z", fill: "#6d4696" }));
      stack.appendChild(text(fx + (cw - 12) / 2, fy + 72, String(down), 40, { fill: "#ffffff", "font-weight": 800, "text-anchor": "middle", class: "count" }));
      g.appendChild(stack);
      g.appendChild(text(cx + cw / 2, cy + ch + 26, TC.t("face down"), 21, { fill: MUTED, "text-anchor": "middle" }, cw + 20));
    } else {
      g.appendChild(S("rect", { x: cx + 6, y: cy + 6, width: cw - 12, height: ch - 12, rx: 8, fill: "none", stroke: "#3a4260",
                                "stroke-width": 2, "stroke-dasharray": "6 6", class: "trick-slot" }));
    }
    // the cubes (net value) and the Treats under the tile, then the Treat just played and the Tricks turned up
    const rx = x + 14 + cw + 16, rw = x + w - 14 - rx;
    let next = cy;
    if (!h.closed) {
      const n = Math.abs(h.cubes);
      const cubes = S("g", { class: "cubes", "data-net": h.cubes });
      if (n && n <= 6) {
        for (let k = 0; k < n; k++) cubes.appendChild(cube(rx + k * 31, cy + 2, 26, h.cubes));
      } else if (n) {
        cubes.appendChild(cube(rx, cy + 2, 26, h.cubes));
        cubes.appendChild(text(rx + 36, cy + 26, "\u00d7" + n, 28, { fill: h.cubes > 0 ? ORANGE : TEXT, "font-weight": 800 }));
      }
      g.appendChild(cubes);
      if (n) next = cy + 38;
      if (h.treats) {
        g.appendChild(text(rx, next + 22, TC.tn("{n} Treat", "{n} Treats", h.treats), 24, { fill: MUTED, class: "treats" }, rw));
        next += 34;
      }
    } else {
      next = cy + 70;
    }
    // the Treat just played, face up until the next action
    if (extra.faceUp && extra.faceUp.house === h.house && !h.closed) {
      const v = extra.faceUp.value, fw = Math.min(rw, 170);
      g.appendChild(S("g", { class: "face-up-treat" }, [
        S("rect", { x: rx, y: next + 4, width: fw, height: 44, rx: 8, fill: "#fff4d6", stroke: v > 0 ? ORANGE : "#111318", "stroke-width": 4 }),
        text(rx + fw / 2, next + 35, TC.t("Treat {value}", { value: signed(v) }), 24,
             { fill: v > 0 ? "#8a3b00" : INK, "font-weight": 800, "text-anchor": "middle" }, fw - 14)]));
      next += 56;
    }
    // the Tricks turned up this round, bottom first
    if (up.length) {
      const first = next + 22, room = Math.max(1, Math.floor((sy - 8 - first) / 25) + 1);
      const lines = up.length > room ? up.slice(0, room - 1) : up;
      const list = S("g", { class: "tricks-up" });
      lines.forEach(function (t, k) {
        list.appendChild(text(rx, first + k * 25, (k + 1) + " " + t.trick, 22, { fill: "#e6dcff", "font-weight": 700, class: "trick-name" }, rw));
      });
      if (up.length > lines.length) list.appendChild(text(rx, first + lines.length * 25, TC.t("+{n} more", { n: up.length - lines.length }), 22, { fill: MUTED }, rw));
      g.appendChild(list);
    }
    // the sidewalk in front of the house, and the standees on it (three a row)
    g.appendChild(S("rect", { x: x + 8, y: sy, width: w - 16, height: sh, rx: 10, fill: "#262d42", class: "sidewalk" }));
    const slotW = (w - 24) / Math.min(3, Math.max(items.length, 1));
    const r = rows > 1 ? 11 : 15, size = rows > 1 ? 19 : 22;
    items.forEach(function (it, k) {
      const row = Math.floor(k / 3), col = k % 3;
      const px = x + 12 + col * slotW + r + 6;
      const py = sy + (rows > 1 ? 17 + row * 28 : sh / 2);
      if (it.began) {
        g.appendChild(S("g", { class: "turn-start", "data-player": it.p }, [
          S("circle", { cx: px, cy: py, r: r, fill: "none", stroke: TC.seatColour(it.p), "stroke-width": 4, "stroke-dasharray": "5 4" }),
          text(px + r + 8, py + size / 3, TC.t("began here"), size - 2, { fill: MUTED }, slotW - 2 * r - 18)]));
        return;
      }
      g.appendChild(standee(px, py, r, it.p, nameOf(view, it.p), slotW - 2 * r - 20, it.p === extra.turn, size));
    });
    return g;
  }

  Board.games.GVG = function (container, view) {
    const st = view.state;
    if (!st || !Array.isArray(st.houses) || st.houses.length !== 8) return false;
    const players = view.players && view.players.length ? view.players.map(TC.playerId)
      : Object.keys(st.hands || st.positions || {});
    const W = 1600, H = 1040, pad = 18, road = 34;
    const ringW = 1080;
    const cw = (ringW - pad - 2 * road) / 3, ch = (H - 2 * pad - 2 * road) / 3;
    const colX = function (c) { return pad + c * (cw + road); };
    const rowY = function (r) { return pad + r * (ch + road); };
    const score = view.score && view.score.entries ? view.score.entries : {};
    const svg = S("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "gvg-board",
                           "aria-label": TC.t("Girls") + " / " + TC.t("Ghouls") + ": " + st.houses.map(function (h) { return h.text; }).join(" · ") });
    svg.appendChild(S("rect", { x: 0, y: 0, width: W, height: H, rx: 18, fill: "#1d2436" }));

    // the street around the cul-de-sac, and the crosswalk between House 8 and House 1
    const sx = colX(1) - road / 2, sy = rowY(1) - road / 2, sw = cw + road, sh = ch + road;
    svg.appendChild(S("rect", { x: sx, y: sy, width: sw, height: sh, rx: road, fill: "none", stroke: "#363e5a", "stroke-width": road, class: "street" }));
    svg.appendChild(S("rect", { x: sx, y: sy, width: sw, height: sh, rx: road, fill: "none", stroke: "#5b6484", "stroke-width": 2, "stroke-dasharray": "14 12" }));
    const cross = S("g", { class: "crosswalk" });
    for (let k = 0; k < 4; k++) cross.appendChild(S("rect", { x: colX(1) + road / 2 + 10, y: sy - road / 2 + 3 + k * 7.6, width: 26, height: 4.6, fill: "#d9dde8" }));
    svg.appendChild(cross);

    const tie = st.tie && Array.isArray(st.tie.houses) ? st.tie : null;
    const extra = { faceUp: faceUpTreat(view, st), start: turnStart(view, st), turn: st.phase === "play" ? st.turn : null, tie: tie };
    for (const h of st.houses) {
      const at = CELL[h.house];
      if (!at) return false;
      svg.appendChild(house(view, st, h, colX(at[0]), rowY(at[1]), cw, ch, extra));
    }

    // the middle: the round and what happens now, and the VP cards still to win
    const mx = colX(1), my = rowY(1), mid = mx + cw / 2;
    const centre = S("g", { class: "cul-de-sac" });
    centre.appendChild(S("rect", { x: mx + 10, y: my + 10, width: cw - 20, height: ch - 20, rx: 40, fill: "#232a3d", stroke: "#39405a", "stroke-width": 2 }));
    centre.appendChild(text(mid, my + 58, TC.t("Round {round} of {rounds}", { round: st.round, rounds: st.rounds || 3 }), 30, { fill: TEXT, "font-weight": 800, "text-anchor": "middle" }, cw - 40));
    const phase = { setup: TC.t("Placing standees"), reveal: TC.t("Revealing Tricks"), tiebreak: TC.t("Breaking a tie"),
                    identities: TC.t("Revealing identities"), over: TC.t("Game over") }[st.phase];
    const who = st.phase === "play" ? st.turn : st.phase === "tiebreak" ? st.first_player : null;
    centre.appendChild(text(mid, my + 100, st.phase === "play" ? TC.t("Turn") : (phase || st.phase), 26, { fill: MUTED, "text-anchor": "middle", class: "phase" }, cw - 40));
    const winners = view.score && view.score.final ? view.score.winners || [] : [];
    if (winners.length) {
      const label = "\u2605 " + winners.map(function (t) { return TEAM[t] || nameOf(view, t); }).join(" \u00b7 ");
      const bw = cw - 80;
      centre.appendChild(S("g", { class: "winners" }, [
        S("rect", { x: mid - bw / 2, y: my + 124, width: bw, height: 54, rx: 14,
                    fill: TEAM_COLOUR[winners[0]] || GOLD, stroke: "#ffffff", "stroke-width": 4 }),
        text(mid, my + 161, label, 30, { fill: INK, "font-weight": 800, "text-anchor": "middle" }, bw - 24)]));
    }
    if (who) {
      centre.appendChild(S("circle", { cx: mx + 44, cy: my + 140, r: 16, fill: TC.seatColour(who), stroke: INK, "stroke-width": 2 }));
      centre.appendChild(text(mx + 70, my + 151, nameOf(view, who), 32, { fill: TEXT, "font-weight": 800, class: "who" }, cw - 96));
    }
    const won = {};
    for (const h of st.houses) if (h.closed && h.vp) won[h.vp] = true;
    const left = [1, 2, 3].filter(function (n) { return !won[n]; });
    left.forEach(function (n, k) {
      const vx = mid - (left.length * 84 - 14) / 2 + k * 84, vy = my + ch - 120;
      centre.appendChild(S("g", { class: "vp-left", "data-points": n }, [
        S("rect", { x: vx, y: vy, width: 70, height: 96, rx: 8, fill: "#fff4d6", stroke: GOLD, "stroke-width": 3 }),
        text(vx + 35, vy + 42, "\u2605", 30, { fill: GOLD, "text-anchor": "middle" }),
        text(vx + 35, vy + 78, TC.t("{n} VP", { n: n }), 24, { fill: "#b3123b", "font-weight": 800, "text-anchor": "middle" }, 60)]));
    });
    svg.appendChild(centre);

    // the panel: the teams' scores, the Reporter, the players
    const px = ringW + 16, pw = W - pad - px;
    ["GIRLS", "GHOULS"].forEach(function (team, k) {
      const bw = (pw - 12) / 2, bx = px + k * (bw + 12), by = pad;
      const entry = score[team];
      const win = winners.indexOf(team) >= 0;
      svg.appendChild(S("g", { class: "team-score", "data-team": team }, [
        S("rect", { x: bx, y: by, width: bw, height: 64, rx: 14, fill: TEAM_COLOUR[team], stroke: win ? "#ffffff" : "none", "stroke-width": 5 }),
        text(bx + 14, by + 42, (win ? "\u2605 " : "") + TEAM[team], 28, { fill: INK, "font-weight": 800 }, bw - 90),
        entry ? text(bx + bw - 14, by + 47, String(entry.total), 42, { fill: INK, "font-weight": 800, "text-anchor": "end" }) : null]));
    });
    let top = pad + 64 + 14;
    if (st.reporter_in_game) {
      const win = winners.indexOf("REPORTER") >= 0;
      svg.appendChild(S("g", { class: "reporter-role" }, [
        S("rect", { x: px, y: top, width: pw, height: 44, rx: 12, fill: win ? "#3a3320" : "#232a3d", stroke: win ? GOLD : "#4a5270", "stroke-width": win ? 4 : 2 }),
        text(px + 16, top + 30, (win ? "\u2605 " : "") + TC.t("Reporter: wins if the teams tie"), 22, { fill: win ? GOLD : TEXT, "font-weight": 700 }, pw - 32)]));
      top += 44 + 12;
    }
    const n = Math.max(players.length, 1);
    const rowH = Math.min(150, (H - pad - top + 10) / n);
    const ids = st.identities || {};
    const hands = st.hands || {};
    players.forEach(function (p, i) {
      const y = top + i * rowH, rh = rowH - 10, cy = y + rh / 2;
      const turn = st.phase === "play" && st.turn === p;
      const col = TC.seatColour(p);
      const g = S("g", { class: "player" + (turn ? " active" : ""), "data-player": p });
      g.appendChild(S("rect", { x: px, y: y, width: pw, height: rh, rx: 14, fill: turn ? "#222a40" : PANEL, stroke: col, "stroke-width": turn ? 7 : 3 }));
      g.appendChild(S("circle", { cx: px + 42, cy: cy, r: 26, fill: col, stroke: INK, "stroke-width": 2 }));
      if (turn) g.appendChild(text(px + 44, cy + 9, "\u25b6", 26, { fill: INK, "text-anchor": "middle" }));
      const right = 196, lw = pw - 82 - right;
      const hand = hands[p];
      const playing = hand && (st.phase === "setup" || st.phase === "play");
      const top1 = playing ? cy - 18 : cy - 4;
      g.appendChild(text(px + 82, top1, nameOf(view, p), 30, { fill: TEXT, "font-weight": 800, class: "name" }, lw));
      const bits = [];
      if (view.names && view.names[p]) bits.push(p);
      if (playing) bits.push(TC.t("{n} in hand", { n: Math.max(0, hand.treat + hand.trick - (hand.unknown || 0)) }));
      if (bits.length) g.appendChild(text(px + 82, top1 + 30, bits.join(" \u00b7 "), 22, { fill: MUTED, class: "hand" }, lw));
      // the cards left, as small cards: Treats (cream) and Tricks (the Tricks' purple back);
      // when a Peek discarded a card of a deck nobody saw, only how many
      if (playing) {
        const cards = hand.unknown ? Array(Math.max(0, hand.treat + hand.trick - hand.unknown)).fill("?")
          : Array(hand.treat).fill("treat").concat(Array(hand.trick).fill("trick"));
        const hg = S("g", { class: "hand-cards", "data-treats": hand.treat, "data-tricks": hand.trick });
        cards.slice(0, 8).forEach(function (c, k) {
          hg.appendChild(S("rect", { x: px + 82 + k * 24 + (c === "trick" && hand.treat ? 8 : 0), y: top1 + 42, width: 17, height: 24, rx: 3,
                                     fill: c === "treat" ? "#fff4d6" : c === "trick" ? "#4b2a6b" : "#5b6484",
                                     stroke: c === "treat" ? ORANGE : c === "trick" ? "#c4a8f5" : "#9aa3b8", "stroke-width": 2 }));
        });
        g.appendChild(hg);
      }
      // the First Player Token
      if (st.first_player === p) {
        g.appendChild(S("g", { class: "first-player-token" }, [
          S("circle", { cx: px + pw - 34, cy: cy - 16, r: 18, fill: GOLD, stroke: "#7a5b00", "stroke-width": 3 }),
          text(px + pw - 34, cy - 7, "1", 24, { fill: INK, "font-weight": 800, "text-anchor": "middle" }),
          text(px + pw - 60, cy - 8, TC.t("first player"), 20, { fill: GOLD, "font-weight": 700, "text-anchor": "end" }, right - 76)]));
      }
      // whose turn, or the identity once it is turned up
      const badge = ids[p] ? [TEAM[ids[p]] || ids[p], TEAM_COLOUR[ids[p]] || MUTED, "identity"] : turn ? [TC.t("Turn"), col, "turn"] : null;
      if (badge) {
        const win = ids[p] && winners.indexOf(ids[p]) >= 0;
        const bw = right - 24, bx = px + pw - 14 - bw, by = cy + 8;
        g.appendChild(S("g", { class: badge[2], "data-team": ids[p] || null }, [
          S("rect", { x: bx, y: by, width: bw, height: 36, rx: 10, fill: badge[1], stroke: win ? "#ffffff" : INK, "stroke-width": win ? 4 : 1 }),
          text(bx + bw / 2, by + 26, (win ? "\u2605 " : "") + badge[0], 23, { fill: INK, "font-weight": 800, "text-anchor": "middle" }, bw - 16)]));
      }
      svg.appendChild(g);
    });

    container.classList.remove("generic");
    container.appendChild(svg);
    Board.fitTexts(svg);
    return true;
  };
})();
