/* Table Companion: what every page shares.
 * TC.live(onView, shownSeq)  follows /api/events (EventSource reconnects by itself;
 *                    when the server refuses the stream, this retries after a pause);
 *                    shownSeq: the seq of the view the page already drew, which the
 *                    stream's first message repeats and is not drawn again
 * TC.el(tag, attrs, children)  builds DOM without innerHTML (text is never HTML)
 * TC.render*         the parts of a view several pages show
 * No libraries, no build step: plain ES2017 for the browsers at a games table.
 */
"use strict";
(function () {
  const TC = {};
  window.TC = TC;

  /* ---- languages ----------------------------------------------------------
   * The page's language is <html lang>; its translations of the scripts' sentences
   * are in the page (#tc-messages, from the .po catalogs: web/i18n.py).
   * TC.t("Turn of {seat}", {seat: "RED"}); TC.tn("{n} frame", "{n} frames", 3). */
  const MESSAGES = (function () {
    const node = document.getElementById("tc-messages");
    try { return node ? JSON.parse(node.textContent) : {}; } catch (e) { return {}; }
  })();
  TC.lang = document.documentElement.lang || "en";
  function fill(pattern, params) {
    return pattern.replace(/\{(\w+)\}/g, function (m, k) { return params && k in params ? String(params[k]) : m; });
  }
  TC.t = function (msgid, params) {
    const s = MESSAGES[msgid];
    return fill(typeof s === "string" && s ? s : msgid, params);
  };
  TC.tn = function (singular, plural, n, params) {
    const forms = MESSAGES[singular];
    const i = n === 1 ? 0 : 1;                   // English, German and Spanish: one, other
    const p = Object.assign({ n: n }, params || {});
    return fill(Array.isArray(forms) && forms[i] ? forms[i] : (i === 0 ? singular : plural), p);
  };

  /* A word for a key of a game's data (a view's field, an action's field, a phase
   * or a state such as "covered"), in the page's language: "kid_deck" ->
   * "Kinderstapel"; words it does not know as they are. */
  const KEY_WORDS = {
    allow: TC.t("allow"), area: TC.t("area"), areas: TC.t("areas"), arrows: TC.t("arrows"),
    avatar_targets: TC.t("avatar targets"), avatars: TC.t("avatars"), base: TC.t("base"), board: TC.t("board"),
    boards: TC.t("boards"), bowls: TC.t("bowls"), by: TC.t("by"), candy: TC.t("candy"),
    candy_left: TC.t("candy left"), card: TC.t("card"), cards: TC.t("cards"), cat: TC.t("cat"), cats: TC.t("cats"),
    choices: TC.t("choices"), choose: TC.t("choose"), chores: TC.t("chores"), clearing: TC.t("clearing"),
    closed: TC.t("closed"), control: TC.t("control"), count: TC.t("count"), covered: TC.t("covered"),
    cubes: TC.t("cubes"), cubes_text: TC.t("cubes text"), dark: TC.t("dark"), deck: TC.t("deck"),
    discard: TC.t("discard"), discard_count: TC.t("discard count"), distribute: TC.t("distribute"),
    dots: TC.t("dots"), endphase: TC.t("endphase"), escape: TC.t("escape"), explored: TC.t("explored"),
    face: TC.t("face"), face_up: TC.t("face up"), faces: TC.t("faces"), favourites: TC.t("favourites"),
    first_player: TC.t("first player"), flipped: TC.t("flipped"), floor: TC.t("floor"), ghost: TC.t("ghost"),
    ghost_distance: TC.t("ghost distance"), ghosts: TC.t("ghosts"), give: TC.t("give"),
    hand_counts: TC.t("hand counts"), hands: TC.t("hands"), history: TC.t("history"), house: TC.t("house"),
    houses: TC.t("houses"), identities: TC.t("identities"), kid: TC.t("kid"), kids: TC.t("kids"),
    layout: TC.t("layout"), leftover: TC.t("leftover"), light: TC.t("light"), lit: TC.t("lit"), lock: TC.t("lock"),
    locked: TC.t("locked"), love: TC.t("love"), missing: TC.t("missing"), movable_ghosts: TC.t("movable ghosts"),
    move: TC.t("move"), moves: TC.t("moves"), new_treats: TC.t("new treats"), note: TC.t("note"),
    open: TC.t("open"), over: TC.t("over"), owner: TC.t("owner"), owners: TC.t("owners"), parties: TC.t("parties"),
    party: TC.t("party"), pending: TC.t("pending"), phase: TC.t("phase"), phase_text: TC.t("phase text"),
    place_ghost: TC.t("place ghost"), play: TC.t("play"), player: TC.t("player"), players: TC.t("players"),
    pocket: TC.t("pocket"), pocket_from: TC.t("pocket from"), pocket_own: TC.t("pocket own"),
    points: TC.t("points"), positions: TC.t("positions"), problems: TC.t("problems"), remove: TC.t("remove"),
    removed: TC.t("removed"), reporter_in_game: TC.t("reporter in game"), result: TC.t("result"),
    resume: TC.t("resume"), reveal: TC.t("reveal"), rooms: TC.t("rooms"), rotation: TC.t("rotation"),
    rotations: TC.t("rotations"), round: TC.t("round"), round_points: TC.t("round points"), rows: TC.t("rows"),
    scored: TC.t("scored"), scoring: TC.t("scoring"), seats: TC.t("seats"), setup: TC.t("setup"),
    short_take: TC.t("short take"), short_take_used: TC.t("short take used"), side: TC.t("side"),
    slot: TC.t("slot"), slots: TC.t("slots"), square: TC.t("square"), standees: TC.t("standees"),
    steal: TC.t("steal"), strays: TC.t("strays"), sweet: TC.t("sweet"), sweets: TC.t("sweets"), take: TC.t("take"),
    take_from: TC.t("take from"), target: TC.t("target"), team: TC.t("team"), text: TC.t("text"), tie: TC.t("tie"),
    tiebreak: TC.t("tiebreak"), tile: TC.t("tile"), tiles: TC.t("tiles"), to: TC.t("to"), to_slot: TC.t("to slot"),
    treat: TC.t("treat"), treats: TC.t("treats"), treats_played: TC.t("treats played"), trick: TC.t("trick"),
    tricks: TC.t("tricks"), tricks_up: TC.t("tricks up"), turn: TC.t("turn"), turn_player: TC.t("turn player"),
    turns: TC.t("turns"), unknown: TC.t("unknown"), value: TC.t("value"), values: TC.t("values"),
    victim: TC.t("victim"), vp: TC.t("vp"), waiting: TC.t("waiting"), winner: TC.t("winner"),
    withdraw: TC.t("withdraw"), withdrawn: TC.t("withdrawn")
  };
  TC.word = function (key) { return KEY_WORDS[key] || String(key).replace(/_/g, " "); };
  /* a value of a game's data: a word from the table when it is one, else as it is (a name, a tag) */
  TC.valueWord = function (v) { return Object.prototype.hasOwnProperty.call(KEY_WORDS, v) ? KEY_WORDS[v] : String(v); };

  TC.SEAT_COLOURS = {
    RED: "#e8463c", BLUE: "#3b82f6", GREEN: "#2fb35a", YELLOW: "#f5c518",
    PURPLE: "#9b5de5", ORANGE: "#f48c25", WHITE: "#e8e8e8", BLACK: "#5b5b66",
    PINK: "#f06bb0", CYAN: "#22c3d6", BROWN: "#9a6a3a", GREY: "#9aa0a6", GRAY: "#9aa0a6",
  };

  /* A stable colour for any player id: the seat colour it names, or one picked from its letters. */
  TC.seatColour = function (id) {
    const key = String(id || "").toUpperCase();
    if (TC.SEAT_COLOURS[key]) return TC.SEAT_COLOURS[key];
    let h = 0;
    for (const c of key) h = (h * 31 + c.charCodeAt(0)) % 360;
    return "hsl(" + h + ",60%,55%)";
  };

  /* Plain words for each status: a short label and a sentence. */
  TC.STATUS = {
    starting: [TC.t("Starting"), TC.t("The companion is starting and looking for the table.")],
    in_sync: [TC.t("In sync"), TC.t("The table matches the game.")],
    applied: [TC.t("Move recorded"), TC.t("The companion saw a legal move and recorded it.")],
    waiting: [TC.t("Waiting"), TC.t("Waiting for the table to settle, or for the players to finish a step.")],
    out_of_sync: [TC.t("Out of sync"), TC.t("The table does not match the game. Put it back as shown.")],
    camera_lost: [TC.t("Camera lost"), TC.t("The companion cannot see the table. It keeps trying to reconnect the camera.")],
    over: [TC.t("Game over"), TC.t("The game has ended. Final scores below.")],
    no_game: [TC.t("No game"), TC.t("The referee starts a game from the console.")],
  };

  TC.statusOf = function (view) {
    if (!view) return "starting";
    if (!view.game && view.status !== "camera_lost") return "no_game";
    return view.status || "starting";
  };

  TC.el = function (tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "class") e.className = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of [].concat(children || [])) {
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  };

  TC.clear = function (node) { while (node && node.firstChild) node.removeChild(node.firstChild); return node; };

  TC.initialView = function () {
    const node = document.getElementById("initial-view");
    try { return node ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
  };

  TC.playerId = function (p) { return (p && typeof p === "object") ? (p.id || p.player || p.name || p.seat) : p; };
  TC.playerIds = function (view) { return (view && view.players || []).map(TC.playerId).filter(Boolean); };

  /* Whose turn: the seats whose LED is lit, else what the game's public state says.
   * When the table is out of sync the LEDs light whoever must put something back
   * (often the player who moved out of turn): the turn is then the game's own. */
  TC.whoseTurn = function (view) {
    const st = view && view.state || {};
    let own = [];
    for (const k of ["turn", "current", "current_player", "to_move", "active"]) {
      const v = st[k];
      if (typeof v === "string" && v) { own = [v]; break; }
      if (Array.isArray(v) && v.length && v.every(function (x) { return typeof x === "string"; })) { own = v; break; }
    }
    if (view && (view.status === "out_of_sync" || view.status === "camera_lost") && own.length) return own;
    const seats = view && view.indicators && view.indicators.seats;
    const lit = seats ? Object.keys(seats).filter(function (k) { return seats[k]; }) : [];
    return lit.length ? lit : own;
  };

  /* ---- live updates ------------------------------------------------------- */

  TC.live = function (onView, shownSeq) {
    const conn = document.getElementById("conn");
    let source = null;
    let lastSeq = typeof shownSeq === "number" ? shownSeq : -1;
    function setConn(state, text) {
      if (!conn) return;
      conn.dataset.state = state;
      conn.textContent = text;
    }
    function open() {
      source = new EventSource("/api/events?lang=" + encodeURIComponent(TC.lang));
      source.onopen = function () { setConn("live", TC.t("live")); };
      source.onmessage = function (ev) {
        let view;
        try { view = JSON.parse(ev.data); } catch (e) { return; }
        setConn("live", TC.t("live"));
        if (typeof view.seq === "number" && view.seq === lastSeq) return;
        lastSeq = view.seq;
        onView(view);
      };
      source.onerror = function () {
        if (source.readyState === EventSource.CLOSED) {
          // The server refused the stream (busy, or restarting): try again shortly.
          setConn("lost", TC.t("reconnecting…"));
          source.close();
          setTimeout(open, 3000);
        } else {
          setConn("lost", TC.t("reconnecting…"));   // the browser reconnects by itself
        }
      };
    }
    if (window.EventSource) open();
    else {
      setConn("live", TC.t("polling"));
      setInterval(function () {
        fetch("/api/state?lang=" + encodeURIComponent(TC.lang), { cache: "no-store" }).then(function (r) { return r.json(); }).then(onView).catch(function () {});
      }, 2000);
    }
  };

  /* ---- shared renderers ---------------------------------------------------- */

  TC.renderStatus = function (view) {
    const st = TC.statusOf(view);
    const pill = document.getElementById("status");
    if (pill) { pill.dataset.status = st; pill.textContent = (TC.STATUS[st] || [st])[0]; }
    document.body.className = document.body.className.replace(/\bstatus-\S+/g, "").trim() + " status-" + st;
    const title = document.getElementById("game-title");
    if (title) title.textContent = view && view.game ? view.game.title : (title.dataset.none || "Table Companion");
    return st;
  };

  /* opts.enter(type), on the console: a prompt asking the referee to enter an
   * action (p.enter, the referee's view only) gets a button per action that
   * opens its form; opts.label(type) says the action in words. */
  TC.renderPrompts = function (list, view, opts) {
    if (!list) return;
    TC.clear(list);
    const prompts = view && view.prompts || [];
    if (!prompts.length) {
      list.appendChild(TC.el("li", { class: "prompt empty", text: TC.statusOf(view) === "no_game" ? TC.STATUS.no_game[1] : TC.t("Nothing to do right now.") }));
    }
    for (const p of prompts) {
      let text = typeof p === "string" ? p : (p.detail || p.text);   // detail: the referee's view only
      const level = (p && p.level) || "todo";
      const to = p && p.to;
      const li = TC.el("li", { class: "prompt level-" + level });
      if (to) {
        const who = TC.el("span", { class: "who", text: to });
        who.style.setProperty("--seat", TC.seatColour(to));
        li.appendChild(who);
        if (text.indexOf(to + ": ") === 0) text = text.slice(to.length + 2);   // the badge says who
      }
      li.appendChild(TC.el("span", { class: "text", text: text }));
      if (opts && opts.enter && p && p.enter) {
        for (const type of p.enter) {
          const b = TC.el("button", { type: "button", class: "prompt-enter", "data-enter": type,
            text: TC.t("Enter: {action}", { action: opts.label ? opts.label(type) : type }) });
          b.addEventListener("click", function () { opts.enter(type); });
          li.appendChild(b);
        }
      }
      list.appendChild(li);
    }
  };

  TC.renderTurn = function (node, view) {
    if (!node) return;
    TC.clear(node);
    const st = TC.statusOf(view);
    if (st === "no_game") { node.appendChild(TC.el("span", { class: "muted", text: TC.t("No game yet") })); return; }
    if (st === "over") {
      const w = view.score && view.score.winners || [];
      node.appendChild(TC.el("span", { class: "label", text: view.score && view.score.tie ? TC.t("Tie:") : (w.length ? TC.t("Winner") : TC.t("Game over")) }));
      for (const p of w) node.appendChild(TC.seatBadge(p, TC.entryName(view, p)));
      return;
    }
    const who = TC.whoseTurn(view);
    if (!who.length) { node.appendChild(TC.el("span", { class: "muted", text: TC.t("Everyone’s move") })); return; }
    node.appendChild(TC.el("span", { class: "label", text: who.length > 1 ? TC.t("Turn:") : TC.t("Turn") }));
    for (const p of who) node.appendChild(TC.seatBadge(p));
  };

  /* A seat's badge: the seat (or ``label``, a team's name) on its colour. */
  TC.seatBadge = function (p, label) {
    const b = TC.el("span", { class: "seat-badge", text: label || p });
    b.style.setProperty("--seat", TC.seatColour(p));
    return b;
  };

  /* What a score entry (or a winner) is called: its name as the score gives it
   * where it is not a seat (Girls vs Ghouls' teams, in the page's language), else the seat. */
  TC.entryName = function (view, id) {
    const labels = view && view.score && view.score.labels;
    return labels && labels[id] || id;
  };

  TC.renderScores = function (node, view) {
    if (!node) return;
    TC.clear(node);
    const score = view && view.score;
    const entries = score && score.entries ? Object.entries(score.entries) : [];
    if (!entries.length) { node.appendChild(TC.el("p", { class: "muted", text: TC.t("No scores yet.") })); return; }
    entries.sort(function (a, b) { return b[1].total - a[1].total; });
    const winners = score.final ? (score.winners || []) : [];
    const table = TC.el("table", { class: "scores" + (score.final ? " final" : "") });
    for (const [player, e] of entries) {
      const row = TC.el("tr", { class: winners.indexOf(player) >= 0 ? "winner" : "" });
      const named = view.names && view.names[player];
      const name = TC.el("td", { class: "player" }, [TC.seatBadge(player, TC.entryName(view, player))].concat(
        named ? [TC.el("span", { class: "player-name", text: " " + named })] : []));
      // while the game goes on, lines worth nothing yet (candy whose Love card is still
      // hidden) are noise on a big screen: the notes below say why they are not counted
      const shown = (e.breakdown || []).filter(function (l) { return score.final || l.points !== 0; });
      const lines = shown.map(function (l) { return l.what + " " + (l.points >= 0 ? "+" : "") + l.points; });
      row.appendChild(name);
      row.appendChild(TC.el("td", { class: "breakdown", text: lines.join(" · ") }));
      row.appendChild(TC.el("td", { class: "total", text: String(e.total) }));
      table.appendChild(row);
    }
    node.appendChild(table);
    const named = function (ids) { return ids.map(function (p) { return TC.entryName(view, p); }); };
    if (score.final && score.tie) node.appendChild(TC.el("p", { class: "note", text: TC.t("A tie between {players}.", { players: named(winners).join(" · ") }) }));
    // while the game goes on nobody has won: the standing is provisional
    const leaders = named(score.final ? [] : (score.leaders || []));
    if (leaders.length) {
      const text = leaders.length > 1 ? TC.t("Level so far: {players}", { players: leaders.join(", ") })
        : TC.t("Leading so far: {player}", { player: leaders[0] });
      node.appendChild(TC.el("p", { class: "note leaders", text: text }));
    }
    for (const n of score.notes || []) node.appendChild(TC.el("p", { class: "note", text: n }));
  };

  TC.renderEvents = function (node, view) {
    if (!node) return;
    TC.clear(node);
    const evs = (view && view.events || []).slice(-(Number(node.dataset.max) || 3)).reverse();
    if (!evs.length) node.appendChild(TC.el("li", { class: "muted", text: TC.t("Nothing yet.") }));
    for (const e of evs) node.appendChild(TC.el("li", { class: "event type-" + String(e.type || "").replace(/[^a-z_]/gi, ""), text: typeof e === "string" ? e : e.text }));
  };

  /* A seat's letter, so that colour never carries the meaning alone (RED and GREEN look
   * alike to many people): the first letter, or one that does not clash (BLACK is K). */
  TC.SEAT_LETTERS = { BLACK: "K", BROWN: "N", GREY: "E", GRAY: "E", PINK: "I" };
  TC.seatLetter = function (id) {
    const key = String(id || "").toUpperCase();
    return TC.SEAT_LETTERS[key] || key.slice(0, 1);
  };

  const LIGHT = { red: TC.t("red"), amber: TC.t("amber"), green: TC.t("green") };

  /* The virtual LEDs: one per seat (lit: whose turn), the status light, the buzzer. */
  TC.renderLeds = function (node, view) {
    if (!node) return;
    TC.clear(node);
    const ind = view && view.indicators || {};
    const seats = ind.seats || {};
    for (const p of Object.keys(seats)) {
      const led = TC.el("span", { class: "led seat" + (seats[p] ? " on" : ""), title: seats[p] ? TC.t("{seat}: your turn", { seat: p }) : p, "data-seat": p, role: "img", "aria-label": seats[p] ? TC.t("{seat} light on", { seat: p }) : TC.t("{seat} light off", { seat: p }), text: TC.seatLetter(p) });
      led.style.setProperty("--seat", TC.seatColour(p));
      node.appendChild(led);
    }
    if (ind.status) node.appendChild(TC.el("span", { class: "led status " + ind.status, title: TC.t("status light: {colour}", { colour: LIGHT[ind.status] || ind.status }), role: "img", "aria-label": TC.t("status light: {colour}", { colour: LIGHT[ind.status] || ind.status }) }));
    node.appendChild(TC.el("span", { class: "buzzer" + (ind.buzzer ? " on" : ""), title: ind.buzzer ? TC.t("buzzer sounding") : TC.t("buzzer quiet"), role: "img", "aria-label": ind.buzzer ? TC.t("buzzer sounding") : TC.t("buzzer quiet"), text: "♪" }));
  };

  TC.renderCameraInfo = function (node, view) {
    if (!node) return;
    const c = view && view.camera || {};
    const parts = [];
    parts.push(c.ok ? TC.t("camera ok") : c.missing ? TC.t("camera missing, retrying") : c.retry_s ? TC.t("camera lost, retrying") : TC.t("camera not delivering"));
    if (typeof c.fps === "number") parts.push(c.fps.toFixed(1) + " fps");
    if (c.frames !== undefined) parts.push(TC.tn("{n} frame", "{n} frames", c.frames));
    if (c.errors) parts.push(TC.tn("{n} error", "{n} errors", c.errors));
    if (c.skipped) parts.push(TC.tn("{n} unreadable frame skipped", "{n} unreadable frames skipped", c.skipped));
    if (c.bad_frames) parts.push(TC.tn("{n} frame not decoded", "{n} frames not decoded", c.bad_frames));
    parts.push(c.calibrated ? TC.t("calibrated") : TC.t("corners not found"));
    if (c.source) parts.push(String(c.source));
    node.textContent = parts.join(" · ");
  };
})();
