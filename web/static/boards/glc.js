/* ---- Ghosts Love Candy: the neighbourhood row and the players' stashes ------
 * Drawn from view.state (the game's public view): each slot shows its candy
 * above the kid and the ghost pile below, with the pile's total against the
 * kid's courage; each player's panel shows the revealed ghost (or that one is
 * chosen face down), the ghosts left in hand, and the stash. */
"use strict";
(function () {
  const S = Board.svg;
  /* the kids' abilities that are not named after the kid itself */
  const ABILITIES = {
    move_scared_kid: TC.t("move a scared kid"), werewolf: TC.t("a low ghost pays him candy"),
    skeleton: TC.t("swap a ghost from the discard"), ninja: TC.t("move a ghost to another kid"),
    zombie: TC.t("comes back from your stash"), black_cat: TC.t("goes to any stash"),
    vampire: TC.t("give 1 candy to the last haunter"), pirate: TC.t("take candy from any kid"),
    cheerleader: TC.t("neighbours cannot be scared"),
  };
  const CANDY = {
    CORN: [TC.t("Candy Corn"), "#f6a623", "#1b1200"], LICO: [TC.t("Licorice"), "#5a1630", "#ffe3ec"],
    MINT: [TC.t("Peppermint"), "#d7f5ea", "#b3123b"], GUMM: [TC.t("Gummies"), "#9b5de5", "#ffffff"],
    LOLL: [TC.t("Lollipops"), "#ff5fa2", "#2b0016"], CHOC: [TC.t("Chocolate"), "#7b4a2a", "#fff1e0"],
  };
  const LETTER = { R: "RED", B: "BLUE", G: "GREEN", Y: "YELLOW", P: "PURPLE", O: "ORANGE" };

  function candyType(id) { return String(id).replace(/^GLC:CANDY:/, "").replace(/\d+$/, ""); }
  function ghostOwner(st, gid) {
    const letter = String(gid).replace(/\d+$/, "");
    for (const [p, l] of Object.entries(st.colours || {})) if (l === letter) return p;
    return LETTER[letter] || letter;
  }
  function ghostColour(st, gid) {
    const letter = String(gid).replace(/\d+$/, "");
    return TC.seatColour(LETTER[letter] || ghostOwner(st, gid));
  }
  function ghostValue(gid) { const m = String(gid).match(/(\d+)$/); return m ? Number(m[1]) : "?"; }

  const text = Board.text;

  function candyChip(x, y, w, h, id) {
    const t = CANDY[candyType(id)] || [candyType(id), "#888", "#000"];
    return S("g", { class: "candy", "data-candy": id }, [
      S("rect", { x: x, y: y, width: w, height: h, rx: h / 2, fill: t[1], stroke: "#00000055", "stroke-width": 2 }),
      text(x + w / 2, y + h * 0.7, t[0], h * 0.55, { "text-anchor": "middle", fill: t[2], "font-weight": 700 }, w - 12),
    ]);
  }

  function ghostCard(x, y, w, h, st, gid, label) {
    const col = ghostColour(st, gid);
    return S("g", { class: "ghost", "data-ghost": gid }, [
      S("rect", { x: x, y: y, width: w, height: h, rx: 10, fill: col, stroke: "#0b0d12", "stroke-width": 3 }),
      text(x + 14, y + h * 0.72, label || ghostOwner(st, gid), h * 0.42, { fill: "#0b0d12", "font-weight": 700 }, w - h - 10),
      text(x + w - 12, y + h * 0.78, String(ghostValue(gid)), h * 0.68, { fill: "#0b0d12", "font-weight": 800, "text-anchor": "end" }),
    ]);
  }

  function faceDown(x, y, w, h, label) {
    return S("g", { class: "face-down" }, [
      S("rect", { x: x, y: y, width: w, height: h, rx: 10, fill: "#39405a", stroke: "#8b93b0", "stroke-width": 2, "stroke-dasharray": "8 6" }),
      text(x + w / 2, y + h * 0.66, label, h * 0.42, { "text-anchor": "middle", fill: "#c8cfe4", "font-weight": 700 }, w - 12),
    ]);
  }

  Board.games.GLC = function (container, view) {
    const st = view.state;
    if (!st || !Array.isArray(st.slots)) return false;
    const slots = st.slots;
    const n = Math.max(slots.length, 1);
    const pad = 24, gap = 14;
    const W = Math.max(1120, 2 * pad + n * 200 + gap * (n - 1));
    const slotW = (W - 2 * pad - gap * (n - 1)) / n;
    const chipH = 36, ghostH = 46, kidH = 214;
    const maxCandy = Math.max(1, ...slots.map(function (s) { return s.candy.length; }));
    const maxGhosts = Math.max(1, ...slots.map(function (s) { return s.ghosts.length; }));
    const candyRows = Math.min(maxCandy, 4);
    const ghostRows = Math.min(maxGhosts, 5);
    const top = 64;
    const candyTop = top;
    const kidTop = candyTop + candyRows * (chipH + 6) + 8;
    const ghostTop = kidTop + kidH + 12;
    const meterTop = ghostTop + ghostRows * (ghostH + 6) + 4;
    const playersTop = meterTop + 56;
    const players = view.players && view.players.length ? view.players.map(TC.playerId) : (st.players || []);
    const panelH = 250;
    const H = playersTop + panelH + pad;
    const svg = S("svg", { viewBox: "0 0 " + W + " " + H, role: "img", class: "glc-board",
                           "aria-label": TC.tn("the neighbourhood: {n} kid, and the players' stashes", "the neighbourhood: {n} kids, and the players' stashes", slots.length) });
    svg.appendChild(S("rect", { x: 0, y: 0, width: W, height: H, rx: 18, fill: "#1d2436" }));

    // the heading line: round, step, decks
    const phaseWords = { setup: TC.t("Dealing the kids"), candy: TC.t("Placing candy"), choose: TC.t("Choosing ghosts"),
                         tiebreak: TC.t("Breaking a tie"), turns: TC.t("Haunting"), love: TC.t("Revealing Love cards"), over: TC.t("Game over") };
    const round = !st.round ? "" : st.last_round ? TC.t("Round {round} of {rounds} (last)", { round: st.round, rounds: st.rounds })
      : TC.t("Round {round} of {rounds}", { round: st.round, rounds: st.rounds });
    const head = (round ? round + " · " : "") + (phaseWords[st.phase] || st.phase);
    // the heading left, the decks right: each kept to its share of the width (longer in German or Spanish)
    svg.appendChild(text(pad, 44, head, 34, { fill: "#eef1f7", "font-weight": 800 }, (W - 2 * pad) * 0.56));
    svg.appendChild(text(W - pad, 44, TC.t("Kid deck {kids} · Candy deck {candy}", { kids: st.kid_deck, candy: st.candy_deck }), 28,
                         { fill: "#9aa3b8", "text-anchor": "end" }, (W - 2 * pad) * 0.4));

    slots.forEach(function (s, i) {
      const x = pad + i * (slotW + gap);
      const g = S("g", { class: "slot", "data-slot": s.slot });
      // candy above the kid (newest nearest the kid)
      const shown = s.candy.slice(-candyRows);
      shown.forEach(function (c, k) {
        const y = kidTop - 8 - (shown.length - k) * (chipH + 6);
        g.appendChild(candyChip(x + 6, y, slotW - 12, chipH, c));
      });
      if (s.candy.length > candyRows) g.appendChild(text(x + slotW - 8, candyTop - 6, "+" + (s.candy.length - candyRows), 24, { fill: "#f5c518", "text-anchor": "end", "font-weight": 800 }));
      // the kid
      const kid = s.kid;
      const scared = kid && s.total >= kid.courage;
      g.appendChild(S("rect", { x: x, y: kidTop, width: slotW, height: kidH, rx: 16,
                                fill: kid ? "#f4efe3" : "#2a3148", stroke: scared ? "#ef4343" : (kid ? "#d9cfb8" : "#4a5270"),
                                "stroke-width": scared ? 6 : 3, "stroke-dasharray": kid ? null : "10 8" }));
      g.appendChild(text(x + 12, kidTop + 32, TC.t("slot {n}", { n: s.slot }), 22, { fill: kid ? "#7a715f" : "#8b93b0" }));
      if (kid) {
        g.appendChild(text(x + slotW - 12, kidTop + 32, "#" + kid.number, 22, { fill: "#7a715f", "text-anchor": "end" }));
        g.appendChild(text(x + slotW / 2, kidTop + 76, kid.name, 34, { fill: "#1b1b1b", "font-weight": 800, "text-anchor": "middle", class: "kid-name" }, slotW - 20));
        g.appendChild(text(x + slotW / 2, kidTop + 140, String(kid.courage), 60, { fill: "#b3123b", "font-weight": 800, "text-anchor": "middle" }));
        g.appendChild(text(x + slotW / 2, kidTop + 168, TC.t("courage"), 22, { fill: "#7a715f", "text-anchor": "middle" }));
        if (kid.ability && kid.ability !== "none" && kid.ability !== "unknown") {
          g.appendChild(text(x + slotW / 2, kidTop + 200, "★ " + (ABILITIES[kid.ability] || TC.t("see the card")), 21, { fill: "#6b3fa0", "font-weight": 700, "text-anchor": "middle" }, slotW - 16));
        }
      } else {
        g.appendChild(text(x + slotW / 2, kidTop + kidH / 2 + 12, TC.t("empty"), 30, { fill: "#8b93b0", "text-anchor": "middle" }));
      }
      // the ghost pile, bottom first
      const ghosts = s.ghosts.slice(-ghostRows);
      ghosts.forEach(function (gid, k) {
        g.appendChild(ghostCard(x + 6, ghostTop + k * (ghostH + 6), slotW - 12, ghostH, view.state, gid));
      });
      if (s.ghosts.length > ghostRows) g.appendChild(text(x + slotW - 8, meterTop - 8, TC.t("+{n} below", { n: s.ghosts.length - ghostRows }), 20, { fill: "#9aa3b8", "text-anchor": "end" }));
      // the meter: ghosts' total against courage
      if (kid) {
        const frac = Math.min(1, s.total / Math.max(1, kid.courage));
        const colour = scared ? "#ef4343" : frac >= 0.7 ? "#f5a524" : "#22b35e";
        g.appendChild(S("rect", { x: x + 6, y: meterTop, width: slotW - 12, height: 14, rx: 7, fill: "#0d1017" }));
        g.appendChild(S("rect", { x: x + 6, y: meterTop, width: Math.max(0, (slotW - 12) * frac), height: 14, rx: 7, fill: colour }));
        g.appendChild(text(x + slotW / 2, meterTop + 44, s.total + " / " + kid.courage, 28, { fill: "#eef1f7", "font-weight": 700, "text-anchor": "middle" }));
      }
      svg.appendChild(g);
    });

    // the players: revealed ghost, hand, stash
    const lit = TC.whoseTurn(view);
    const current = st.current || null;
    const np = Math.max(players.length, 1);
    const pw = (W - 2 * pad - gap * (np - 1)) / np;
    players.forEach(function (p, i) {
      const x = pad + i * (pw + gap);
      const y = playersTop;
      const col = TC.seatColour(p);
      const active = p === current || lit.indexOf(p) >= 0;
      const g = S("g", { class: "player" + (active ? " active" : ""), "data-player": p });
      g.appendChild(S("rect", { x: x, y: y, width: pw, height: panelH, rx: 16, fill: "#151a27", stroke: col,
                                "stroke-width": active ? 8 : 3 }));
      g.appendChild(S("rect", { x: x, y: y, width: pw, height: 52, rx: 16, fill: col }));
      // the hand's count on the right, the seat (and whose turn) on the left in the room it leaves, in any language
      const hand = st.hand_sizes ? st.hand_sizes[p] : undefined;
      const handText = hand !== undefined ? TC.t("{n} in hand", { n: hand }) : "";
      const handW = handText ? Math.min(pw / 2, String(handText).length * 22 * 0.62) + 24 : 0;
      g.appendChild(text(x + 16, y + 38, p === current ? TC.t("{seat}  ▶ turn", { seat: p }) : p, 30, { fill: "#0b0d12", "font-weight": 800 }, pw - 32 - handW));
      if (handText) g.appendChild(text(x + pw - 14, y + 36, handText, 22, { fill: "#0b0d12", "text-anchor": "end", "font-weight": 700 }, pw / 2));
      // this round's ghost
      const gy = y + 66;
      const love = st.love_shown && st.love_shown[p];     // shown beside this round's ghost, never over the stash
      const cardW = Math.min(220, pw - 32 - (love ? 130 : 0));
      if (st.revealed && st.revealed[p]) g.appendChild(ghostCard(x + 16, gy, cardW, 48, st, st.revealed[p], TC.t("played")));
      else if ((st.chosen || []).indexOf(p) >= 0) g.appendChild(faceDown(x + 16, gy, cardW, 48, TC.t("chosen, face down")));
      else if (st.phase === "choose") g.appendChild(faceDown(x + 16, gy, cardW, 48, TC.t("choosing…")));
      // the stash: candy by type, kids
      const stash = (st.stashes || {})[p] || { candy: [], kids: [] };
      const counts = {};
      for (const c of stash.candy) { const t = candyType(c); counts[t] = (counts[t] || 0) + 1; }
      let cx = x + 16, cy = y + 152;
      g.appendChild(text(x + 16, cy - 10, TC.tn("stash: {n} candy", "stash: {n} candy", stash.candy.length) + " · " + TC.tn("{n} kid", "{n} kids", stash.kids.length), 22, { fill: "#9aa3b8" }, pw - 32));
      const w = Math.max(110, (pw - 32 - 16) / 3);
      for (const t of Object.keys(CANDY)) {
        if (!counts[t]) continue;
        if (cx + w > x + pw - 10) { cx = x + 16; cy += 44; }
        if (cy > y + panelH - 40) break;
        g.appendChild(S("rect", { x: cx, y: cy, width: w, height: 38, rx: 19, fill: CANDY[t][1] }));
        g.appendChild(text(cx + w / 2, cy + 27, CANDY[t][0] + " ×" + counts[t], 23, { fill: CANDY[t][2], "text-anchor": "middle", "font-weight": 700 }, w - 14));
        cx += w + 8;
      }
      if (love) g.appendChild(text(x + pw - 14, gy + 32, TC.t("♥ {candy}", { candy: (CANDY[(st.love_favourite || {})[p]] || [love])[0] }), 22, { fill: "#f5c518", "text-anchor": "end", "font-weight": 700 }, 116));
      svg.appendChild(g);
    });
    container.classList.remove("generic");
    container.appendChild(svg);
    Board.fitTexts(svg);
    return true;
  };
})();
