/* The event page and a table's page: draw what the hub served, then follow the
 * tables live from the broker (MQ, over its WebSocket listener, read only), or
 * by polling the hub when the broker cannot be reached that way. */
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const eventNode = $("initial-event");
  const tableNode = $("initial-table");
  const boot = JSON.parse((eventNode || tableNode).textContent);
  const prefix = "tc/" + boot.event + "/tables/";
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

  function nameOf(view, seat) { return (view && view.names && view.names[seat]) || seat; }

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
    $("table-count").textContent = names.length + (names.length === 1 ? " table" : " tables");
    return node;
  }

  function renderCard(t) {
    const node = card(t.name);
    const view = t.view || {};
    node.dataset.online = t.online ? "yes" : "no";
    node.querySelector(".online-pill").textContent = t.online ? "online" : "offline";
    const status = view.status ? (TC.STATUS[view.status] || [view.status])[0] : "";
    const st = view.state || {};
    const round = typeof st.round === "number" ? " · round " + st.round + (typeof st.rounds === "number" ? " of " + st.rounds : "") : "";
    node.querySelector(".card-game").textContent = view.game ? view.game.title + round + (status ? " · " + status : "") : "no game yet";
    const board = node.querySelector(".mini-board");
    if (view.game) Board.draw(board, view); else TC.clear(board);
    const turn = TC.whoseTurn(view);
    node.querySelector(".card-turn").textContent = view.over ? "Game over" : (turn.length ? "Turn: " + turn.map(function (s) { return nameOf(view, s); }).join(", ") : "");
    const list = TC.clear(node.querySelector(".card-scores"));
    const entries = view.score && view.score.entries ? Object.entries(view.score.entries) : [];
    entries.sort(function (a, b) { return b[1].total - a[1].total; });
    const winners = view.score && view.score.final ? view.score.winners || [] : [];
    for (const [who, e] of entries) {
      list.appendChild(TC.el("li", { class: winners.indexOf(who) >= 0 ? "winner" : "" },
        [TC.el("span", { text: nameOf(view, who) }), TC.el("span", { class: "total", text: String(e.total) })]));
    }
  }

  function renderStandings() {
    const body = TC.clear(document.querySelector("#standings tbody"));
    if (!standings.length) {
      body.appendChild(TC.el("tr", {}, [TC.el("td", { colspan: "5", class: "muted", text: "No finished games yet." })]));
      return;
    }
    for (const r of standings) {
      body.appendChild(TC.el("tr", {}, [TC.el("td", { text: String(r.rank) }), TC.el("td", { text: r.name }),
        TC.el("td", { text: String(r.games) }), TC.el("td", { text: String(r.wins) }),
        TC.el("td", { text: String(r.points) })]));
    }
  }

  function renderResults() {
    const list = TC.clear($("results"));
    let all = Object.values(results);
    if (onePage) all = all.filter(function (r) { return r.table === onePage; });
    all.sort(function (a, b) { return (b.ended || 0) - (a.ended || 0); });
    if (!all.length) list.appendChild(TC.el("li", { class: "muted", text: "No finished games yet." }));
    for (const r of all.slice(0, 12)) {
      const seats = r.seats.map(function (s) { return s.name + (s.points === null || s.points === undefined ? "" : " " + s.points); });
      const won = r.winners.length ? (r.tie ? "tie: " : "won by ") + r.winners.join(", ") : "";
      list.appendChild(TC.el("li", {}, [TC.el("strong", { text: r.game.title + " at " + r.table }),
        TC.el("span", { text: " · " + seats.join(" · ") + (won ? " · " + won : "") })]));
    }
  }

  /* ---- a table's page ----------------------------------------------------- */
  function renderTablePage(t) {
    const view = t.view || {};
    const pill = $("online");
    pill.dataset.online = t.online ? "yes" : "no";
    pill.textContent = t.online ? "online" : "offline";
    TC.renderStatus(view);
    TC.renderTurn($("turn"), view);
    TC.renderScores($("scores"), view);
    $("scores-title").textContent = view.score && view.score.final ? "Final scores" : "Scores";
    TC.renderEvents($("events"), view);
    if (view.game) Board.draw($("board"), view);
  }

  function render(name) {
    const t = tables[name];
    if (!t) return;
    if (onePage) { if (name === onePage) renderTablePage(t); }
    else renderCard(t);
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
    if (snapshot.connected === false) setConn("lost", "the hub has lost the broker" + (snapshot.error ? ": " + snapshot.error : ""));
  }

  let refetch = null;
  function standingsSoon() {               // a result arrived: the hub has the standings a moment later
    if (refetch || onePage) return;
    refetch = setTimeout(function () {
      refetch = null;
      fetch("/api/standings", { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (s) {
        standings = s.standings || [];
        renderStandings();
      }).catch(function () {});
    }, 400);
  }

  function onMessage(topic, text) {
    if (topic.indexOf(prefix) !== 0) return;
    const parts = topic.slice(prefix.length).split("/");
    const name = parts[0];
    if (onePage && name !== onePage) return;
    const t = tables[name] || (tables[name] = { name: name, online: false, view: null });
    heard[name] = Date.now();
    if (parts[1] === "results" && parts.length === 3) {
      if (!text) delete results[name + "/" + parts[2]];
      else { try { const r = JSON.parse(text); if (r.schema === "tc.result/1") results[name + "/" + r.id] = r; } catch (e) { return; } }
      renderResults();
      standingsSoon();
      return;
    }
    let data;
    try { data = JSON.parse(text); } catch (e) { return; }
    if (parts[1] === "status" && data.schema === "tc.status/1") t.online = !!data.online;
    else if (parts[1] === "view" && data.schema === "tc.view/1") t.view = data.view;
    else return;
    render(name);
    document.body.dataset.updated = String(Date.now());
  }

  take(onePage ? { table: boot.table } : boot);

  let polling = null;
  function poll() {
    if (polling) return;
    setConn("live", "polling the hub");
    polling = setInterval(function () {
      const url = onePage ? "/api/event" : "/api/event";
      fetch(url, { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (snap) {
        if (onePage) snap = { table: (snap.tables || []).find(function (t) { return t.name === onePage; }), results: snap.results };
        take(snap);
        document.body.dataset.updated = String(Date.now());
      }).catch(function () { setConn("lost", "the hub does not answer"); });
    }, 3000);
  }

  const viewer = boot.viewer || {};
  if (viewer.port || viewer.url) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const url = viewer.url || (scheme + location.hostname + ":" + viewer.port + (viewer.path || ""));
    const want = onePage ? [prefix + onePage + "/status", prefix + onePage + "/view", prefix + onePage + "/results/+"]
                         : [prefix + "+/status", prefix + "+/view", prefix + "+/results/+"];
    let lostSince = null;
    MQ.subscribe(url, { username: viewer.username, password: viewer.password }, want, onMessage, function (state, why) {
      if (state === "live") {
        lostSince = null;
        if (polling) { clearInterval(polling); polling = null; }
        setConn("live", "live");
      } else if (state === "lost") {
        setConn("lost", "reconnecting…");
        lostSince = lostSince || Date.now();
        setTimeout(function () { if (lostSince && Date.now() - lostSince >= 5000) poll(); }, 5000);
      }
    });
  } else {
    poll();
  }

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
