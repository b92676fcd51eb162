/* The event page and a table's page: draw what the hub served, then follow
 * what changes on /api/events (the tables that changed, the results and the
 * standings when they did), taking the whole event from /api/event each time
 * the stream (re)opens. */
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const eventNode = $("initial-event");
  const tableNode = $("initial-table");
  const boot = JSON.parse((eventNode || tableNode).textContent);
  const onePage = tableNode ? boot.table.name : null;      // a table's page follows one table

  const tables = {};                                        // name -> {name, online, view}
  const heard = {};                                         // name -> when a message last came (ms)
  const STALE_MS = 90000;                                   // companion.event.hub.STALE_S
  let results = {};                                         // id -> result
  let standings = boot.standings || [];

  function setConn(state, text) {
    const conn = $("conn");
    if (conn) { conn.dataset.state = state; conn.textContent = text; }
  }

  /* a seat's player by name, a team (Girls vs Ghouls) by the name its score gives it, else the seat */
  function nameOf(view, seat) { return (view && view.names && view.names[seat]) || TC.entryName(view, seat); }

  /* a seat's colour beside its player's name, so the overview's names and the boards' colours tie up */
  function seatDot(seat) {
    return TC.SEAT_COLOURS[seat] ? TC.el("span", { class: "seat-dot", style: "background:" + TC.SEAT_COLOURS[seat],
                                                   title: seat, "aria-hidden": "true" }) : null;
  }

  /* a team or role a result's seat played (Girls vs Ghouls' Girls, Ghouls and Reporter), in words */
  const ROLES = { GIRLS: TC.t("Girls"), GHOULS: TC.t("Ghouls"), REPORTER: TC.t("Reporter") };
  function roleOf(team) {
    return ROLES[team] || (team ? team.charAt(0) + team.slice(1).toLowerCase() : "");
  }
  function seatWithRole(s) { return s.team ? TC.t("{name} ({role})", { name: s.name, role: roleOf(s.team) }) : s.name; }

  /* ---- the overview: one card per table ---------------------------------- */
  function card(name) {
    let node = document.querySelector('.table-card[data-table="' + CSS.escape(name) + '"]');
    if (node) return node;
    node = TC.el("a", { class: "table-card", href: "/tables/" + encodeURIComponent(name), "data-table": name }, [
      TC.el("div", { class: "card-head" }, [TC.el("strong", { class: "table-name", text: name }),
                                             TC.el("span", { class: "online-pill" })]),
      TC.el("div", { class: "card-game muted" }),
      TC.el("div", { class: "board mini-board" }),
      TC.el("div", { class: "card-turn" }),
      TC.el("ol", { class: "card-scores" }),
    ]);
    const grid = $("tables");
    const names = Array.from(grid.children).map(function (c) { return c.dataset.table; }).concat([name]);
    names.sort(function (a, b) { return a.localeCompare(b, undefined, { numeric: true }); });
    const after = grid.children[names.indexOf(name)];
    grid.insertBefore(node, after || null);
    $("no-tables").hidden = true;
    $("table-count").textContent = TC.tn("{n} table", "{n} tables", names.length);
    return node;
  }

  function renderCard(t) {
    const node = card(t.name);
    const view = t.view || {};
    node.dataset.online = t.online ? "yes" : "no";
    node.querySelector(".online-pill").textContent = t.online ? TC.t("online") : TC.t("offline");
    const status = view.status ? (TC.STATUS[view.status] || [view.status])[0] : "";
    const st = view.state || {};
    const round = typeof st.round !== "number" ? "" : " · " + (typeof st.rounds === "number"
      ? TC.t("round {round} of {rounds}", { round: st.round, rounds: st.rounds }) : TC.t("round {round}", { round: st.round }));
    node.querySelector(".card-game").textContent = view.game ? view.game.title + round + (status ? " · " + status : "") : TC.t("no game yet");
    const board = node.querySelector(".mini-board");
    if (view.game) Board.draw(board, view); else TC.clear(board);
    const turn = TC.whoseTurn(view);
    node.querySelector(".card-turn").textContent = view.over ? TC.t("Game over") : (turn.length ? TC.t("Turn: {players}", { players: turn.map(function (s) { return nameOf(view, s); }).join(", ") }) : "");
    const list = TC.clear(node.querySelector(".card-scores"));
    const entries = view.score && view.score.entries ? Object.entries(view.score.entries) : [];
    entries.sort(function (a, b) { return b[1].total - a[1].total; });
    const winners = view.score && view.score.final ? view.score.winners || [] : [];
    for (const [who, e] of entries) {
      list.appendChild(TC.el("li", { class: winners.indexOf(who) >= 0 ? "winner" : "" },
        [TC.el("span", {}, [seatDot(who), nameOf(view, who)]), TC.el("span", { class: "total", text: String(e.total) })]));
    }
  }

  function renderStandings() {
    const body = TC.clear(document.querySelector("#standings tbody"));
    if (!standings.length) {
      body.appendChild(TC.el("tr", {}, [TC.el("td", { colspan: "5", class: "muted", text: TC.t("No finished games yet.") })]));
      return;
    }
    let game = null;                  // ranked within each game: points of different games are never added
    for (const r of standings) {
      if (r.game !== game) {
        game = r.game;
        body.appendChild(TC.el("tr", { class: "game" }, [TC.el("th", { colspan: "5", scope: "colgroup", text: r.game })]));
      }
      body.appendChild(TC.el("tr", { class: "player" }, [TC.el("td", { text: String(r.rank) }), TC.el("td", { text: r.name }),
        TC.el("td", { text: String(r.games) }), TC.el("td", { text: String(r.wins) }),
        TC.el("td", { text: String(r.points) })]));
    }
  }

  function renderResults() {
    const list = TC.clear($("results"));
    let all = Object.values(results);
    if (onePage) all = all.filter(function (r) { return r.table === onePage; });
    all.sort(function (a, b) { return (b.ended || 0) - (a.ended || 0); });
    if (!all.length) list.appendChild(TC.el("li", { class: "muted", text: TC.t("No finished games yet.") }));
    for (const r of all.slice(0, 12)) {
      const seats = r.seats.map(function (s) { return seatWithRole(s) + (s.points === null || s.points === undefined ? "" : " " + s.points); });
      const winners = r.seats.filter(function (s) { return s.won; }).map(seatWithRole);
      const named = winners.length ? winners : r.winners;
      const won = !named.length ? "" : r.tie ? TC.t("tie: {players}", { players: named.join(", ") })
        : TC.t("won by {players}", { players: named.join(", ") });
      list.appendChild(TC.el("li", {}, [TC.el("strong", { text: TC.t("{game} at {table}", { game: r.game.title, table: r.table }) }),
        TC.el("span", { text: " · " + seats.join(" · ") + (won ? " · " + won : "") })]));
    }
  }

  /* ---- a table's page ----------------------------------------------------- */
  function renderTablePage(t) {
    const view = t.view || {};
    const pill = $("online");
    pill.dataset.online = t.online ? "yes" : "no";
    pill.textContent = t.online ? TC.t("online") : TC.t("offline");
    TC.renderStatus(view);
    TC.renderTurn($("turn"), view);
    TC.renderScores($("scores"), view);
    $("scores-title").textContent = view.score && view.score.final ? "Final scores" : "Scores";
    TC.renderEvents($("events"), view);
    if (view.game) Board.draw($("board"), view);
  }

  /* One table drawn on its own: a view the page cannot draw (a table's bug, another version) is said on that
     table's card or page, and never stops the other tables, the results or the standings from being drawn. */
  function render(name) {
    const t = tables[name];
    if (!t) return;
    try {
      if (onePage) { if (name === onePage) renderTablePage(t); }
      else renderCard(t);
    } catch (e) {
      console.error("table " + name + ": its view cannot be drawn", e);
      const where = onePage ? $("status") : card(name).querySelector(".card-game");
      if (where) where.textContent = TC.t("this table's view cannot be shown: check the companion at the table");
    }
  }

  /* ---- big screen: one table at a time, large ------------------------------ */
  let focus = -1;
  function cycle() {
    const cards = Array.from(document.querySelectorAll(".table-card"));
    if (!cards.length) return;
    const live = cards.filter(function (c) { return c.dataset.online === "yes"; });
    const pool = live.length ? live : cards;
    focus = (focus + 1) % pool.length;
    for (const c of cards) c.classList.toggle("focused", c === pool[focus]);
  }

  /* ---- data in ------------------------------------------------------------ */
  function take(snapshot) {
    for (const t of snapshot.tables || [snapshot.table]) {
      if (!t) continue;
      tables[t.name] = { name: t.name, online: t.online, view: t.view };
      heard[t.name] = Date.now();
      for (const r of t.results || []) results[t.name + "/" + r.id] = r;
      render(t.name);
    }
    if (snapshot.results) { results = {}; for (const r of snapshot.results) results[r.table + "/" + r.id] = r; }
    if (snapshot.standings) standings = snapshot.standings;
    if (!onePage) renderStandings();
    renderResults();
    document.body.dataset.version = String(snapshot.version || 0);
    if (snapshot.connected === false) setConn("lost", snapshot.error ? TC.t("the hub has lost the broker: {error}", { error: snapshot.error }) : TC.t("the hub has lost the broker"));
  }

  /* One message from the stream: the tables that changed; results and standings when they did. */
  function onChange(msg) {
    for (const t of msg.tables || []) {
      if (onePage && t.name !== onePage) continue;
      tables[t.name] = { name: t.name, online: t.online, view: t.view };
      heard[t.name] = Date.now();
      render(t.name);
    }
    if (msg.results) {
      results = {};
      for (const r of msg.results) results[r.table + "/" + r.id] = r;
      renderResults();
    }
    if (msg.standings && !onePage) { standings = msg.standings; renderStandings(); }
    if (msg.connected === false) setConn("lost", msg.error ? TC.t("the hub has lost the broker: {error}", { error: msg.error }) : TC.t("the hub has lost the broker"));
    else setConn("live", TC.t("live"));
    document.body.dataset.updated = String(Date.now());
  }

  function whole() {                      // the whole event, when the stream (re)opens
    return fetch("/api/event", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (snap) {
      if (onePage) snap = { table: (snap.tables || []).find(function (t) { return t.name === onePage; }),
                            results: snap.results, connected: snap.connected, error: snap.error };
      take(snap);
    }).catch(function () { setConn("lost", TC.t("the hub does not answer")); });
  }

  take(onePage ? { table: boot.table } : boot);
  let source = null;
  function open() {
    source = new EventSource("/api/events");
    source.onopen = function () { whole().then(function () { setConn("live", TC.t("live")); }); };
    source.onmessage = function (ev) {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      onChange(msg);
    };
    source.onerror = function () {
      setConn("lost", "reconnecting…");
      if (source.readyState === EventSource.CLOSED) { source.close(); setTimeout(open, 3000); }
    };
  }
  open();

  /* A table silent for longer than three heartbeats is offline, whatever its last status said. */
  setInterval(function () {
    for (const name of Object.keys(heard)) {
      if (tables[name] && tables[name].online && Date.now() - heard[name] > STALE_MS) {
        tables[name].online = false;
        render(name);
      }
    }
  }, 10000);

  if (document.body.classList.contains("big-screen")) { cycle(); setInterval(cycle, 12000); }
})();
