/* The referee console: the live view plus the referee's operations, each a
 * POST to /api/referee/<op> carrying the console's cookie and its login's token
 * (the page's <meta name="csrf-token">, sent as X-CSRF-Token: the server refuses
 * a change without it). Every answer, good or bad, is shown in plain words at
 * the top of the page. */
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };
  const games = JSON.parse($("games").textContent || "[]");
  let current = TC.initialView();
  const tokenMeta = document.querySelector('meta[name="csrf-token"]');
  const token = tokenMeta ? tokenMeta.getAttribute("content") : "";

  function showResult(ok, text) {
    const r = $("result");
    r.hidden = false;
    r.className = "result " + (ok ? "ok" : "bad");
    r.textContent = text;
  }

  /* The operations sent with the revision of the game on screen: the server refuses one the game
   * has changed since (a console left on an old view, a request sent again after a dropped answer). */
  const GUARDED = ["apply", "correct", "confirm", "undo", "end", "reopen"];
  function post(op, body) {
    if (GUARDED.indexOf(op) >= 0 && current && typeof current.revision === "string") {
      body = Object.assign({}, body || {}, { revision: current.revision });
    }
    const init = { method: "POST", credentials: "same-origin", headers: { "X-CSRF-Token": token } };
    resting(true);
    const rest = function () { setTimeout(function () { resting(false); }, 400); };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch("/api/referee/" + op, init).then(function (resp) {
      return resp.json().catch(function () { return { error: resp.status + " " + resp.statusText }; }).then(function (data) {
        if (resp.ok) {
          const asked = data.result && data.result.questions;
          showResult(true, asked ? TC.t("The table cannot show everything: answer below, then take the game over.")
                                 : TC.t("Done: {op}.", { op: op }));
          if (data.view) render(data.view);
        } else if (resp.status === 401) {
          window.location.href = "/referee/login?next=/referee";
        } else {
          const reason = data.error || TC.t("no reason given");
          showResult(false, TC.t("Refused ({status}): {reason}", { status: resp.status, reason: reason }));
        }
        return data;
      });
    }).catch(function (e) { showResult(false, TC.t("The companion did not answer: {error}", { error: e })); })
      .finally(rest);
  }

  /* ---- action editor ---- */
  function gameInfo(code) { return games.find(function (g) { return g.code === code; }); }
  /* The game's words for its actions, fields, options and values (Game.action_words):
   * what the referee reads; the identifiers stay the values sent. */
  function wordsOf(info) { return (info && info.words) || { actions: {}, fields: {}, options: {}, values: {} }; }
  function valueWord(info, name, value) {
    const said = wordsOf(info).values[name] || {};
    const key = typeof value === "string" ? value : JSON.stringify(value);
    return Object.prototype.hasOwnProperty.call(said, key) ? said[key] : String(value);
  }

  let actionChosen = false;          // the referee chose an action: the list no longer follows the game
  function fillActions(view) {
    const sel = $("action-type");
    const info = view && view.game ? gameInfo(view.game.code) : null;
    const want = info ? info.code : "";
    if (sel.dataset.game === want) return;
    sel.dataset.game = want;
    sel.style.maxWidth = "100%";       // an action in words is longer than its id: it stays inside the panel
    TC.clear(sel);
    if (!info) { sel.appendChild(TC.el("option", { value: "", text: TC.t("(start a game first)") })); return; }
    for (const a of info.actions) sel.appendChild(TC.el("option", { value: a.type, text: wordsOf(info).actions[a.type] || TC.word(a.type) }));
    actionChosen = false;
    templateAction();
  }

  /* Until the referee chooses an action, the list stands at the first one the
   * rules allow now (the referee view's actions_now): a console opened in the
   * middle of a game offers a move of it, not the set-up's first. */
  function followActionsNow(view) {
    const sel = $("action-type");
    const now = (view && view.actions_now) || [];
    if (actionChosen || !now.length || now.indexOf(sel.value) >= 0) return;
    sel.value = now[0];
    templateAction();
  }

  /* The prompts, the referee's view's with a button beside each that asks for
   * an action to be entered (enterAction). */
  function renderPrompts(view) {
    TC.renderPrompts($("prompts"), view, { enter: enterAction, label: function (type) {
      const info = view && view.game ? gameInfo(view.game.code) : null;
      return wordsOf(info).actions[type] || TC.word(type);
    } });
  }

  /* A prompt asks the referee to enter an action ("Referee: say how RED paid
   * for the light ..."): its button opens that action's form. */
  function enterAction(type) {
    const sel = $("action-type");
    if (!Array.prototype.some.call(sel.options, function (o) { return o.value === type; })) return;
    actionChosen = true;
    sel.value = type;
    templateAction();
    sel.scrollIntoView({ block: "center" });
    sel.focus();
  }

  /* The form for the chosen action, from /api/referee/form: each field a control
   * filled from the game's state and catalog, the legal choices only, the
   * companion's best guess chosen. The JSON below it is kept in step (advanced). */
  let form = null;
  let formKey = null;

  let asked = 0;                       // only the answer to the latest question is drawn
  function templateAction() {
    const sel = $("action-type");
    if (!sel.value) return;
    const n = ++asked, type = sel.value;
    fetch("/api/referee/form?type=" + encodeURIComponent(type), { credentials: "same-origin", cache: "no-store" })
      .then(function (resp) { return resp.json(); })
      .then(function (d) {
        if (n !== asked || sel.value !== type) return;            // a later question is on its way
        if (d && d.result) renderForm(d.result); else $("action-doc").textContent = (d && d.error) || "";
      })
      .catch(function () { /* the JSON editor still works */ });
  }

  function optionFor(c, chosen) {
    return TC.el("option", { value: JSON.stringify(c.value), text: c.label, selected: JSON.stringify(c.value) === JSON.stringify(chosen) });
  }

  function renderForm(f) {
    if (form && JSON.stringify(form) === JSON.stringify(f)) return;   // nothing changed: the referee's choices stay as they are
    // the same action again (the game moved on): keep what the referee chose where it is still offered
    const before = form && form.type === f.type ? actionFromForm() : null;
    form = f;
    drawForm(f, Object.assign({}, f.guess || {}, before || {}));
  }

  function same(a, b) { return JSON.stringify(a === undefined ? null : a) === JSON.stringify(b === undefined ? null : b); }

  /* The values of the select field ``name`` that some legal action holds
   * together with what the select fields before it hold now (f.combinations:
   * each legal action's select values, from the game's legal actions). */
  function goesWith(f, name, chosen) {
    return (f.combinations || []).filter(function (c) {
      return Object.keys(chosen).every(function (k) { return same(c[k], chosen[k]); });
    }).map(function (c) { return c[name]; });
  }

  function drawForm(f, guess) {
    const box = TC.clear($("action-fields"));
    const chosenSoFar = {};
    $("action-doc").textContent = f.doc || "";       // what the move is, in the game's words (none: nothing)
    for (const field of f.fields) {
      const word = field.label || TC.word(field.name);
      const label = field.required ? word : TC.t("{field} (optional)", { field: word });
      let control;
      if (field.control === "select") {
        const fits = goesWith(f, field.name, chosenSoFar);
        const legal = field.legal ? field.choices.filter(function (c) {
          return field.legal.some(function (v) { return same(v, c.value); }) && fits.some(function (v) { return same(v, c.value); });
        }) : field.choices;
        control = TC.el("select", { "data-field": field.name });
        if (!field.required) control.appendChild(TC.el("option", { value: "null", text: TC.t("(none)") }));
        // nothing legal at all: every choice, and the words below say the rules allow none now
        const offered = legal.length || (!field.required && fits.length) ? legal : field.choices;
        const keep = offered.some(function (c) { return same(c.value, guess[field.name]); });
        const none = !field.required && field.name in guess && guess[field.name] === null;   // left out on purpose
        const chosen = keep || none ? guess[field.name] : (f.guess || {})[field.name];
        for (const c of offered) control.appendChild(optionFor(c, chosen));
        chosenSoFar[field.name] = JSON.parse(control.value || "null");
      } else if (field.control === "multi") {
        control = TC.el("select", { "data-field": field.name, multiple: true, size: "6" });
        const legal = field.legal && field.legal.length ? field.choices.filter(function (c) { return field.legal.some(function (v) { return same(v, c.value); }); }) : field.choices;
        const picked = Array.isArray(guess[field.name]) ? guess[field.name] : [];
        for (const c of legal) {
          const option = optionFor(c, undefined);
          option.selected = picked.some(function (v) { return same(v, c.value); });
          control.appendChild(option);
        }
      } else if (field.control === "rows") {
        control = TC.el("div", { class: "rows", "data-field": field.name, "data-rows": "1" });
        const addRow = function (was) {      // was: a row the referee had made before the form was redrawn
          const row = TC.el("div", { class: "row" }, field.columns.map(function (col) {
            const s = TC.el("select", { "data-key": col.name, "aria-label": col.label || TC.word(col.name) });
            const chosen = was && col.choices.find(function (c) {
              const v = c.value;
              return v && typeof v === "object" ? Object.keys(v).every(function (k) { return JSON.stringify(was[k]) === JSON.stringify(v[k]); })
                : JSON.stringify(was[col.name]) === JSON.stringify(v);
            });
            for (const c of col.choices) s.appendChild(optionFor(c, chosen ? chosen.value : undefined));
            return s;
          }));
          control.insertBefore(row, control.lastChild);
        };
        control.appendChild(TC.el("button", { type: "button", class: "quiet", text: TC.t("+ add") }));
        control.lastChild.addEventListener("click", function () { addRow(null); syncJson(); });
        const kept = Array.isArray(guess[field.name]) ? guess[field.name] : [];
        for (const was of kept) addRow(was);
        if (!kept.length && field.columns.length && field.required) addRow(null);
      } else {
        control = TC.el("input", { "data-field": field.name, value: guess[field.name] !== undefined ? String(guess[field.name]) : "" });
      }
      box.appendChild(TC.el("label", { class: "field" }, [label + " ", control]));
    }
    $("action-legal").textContent = f.guess ? TC.t("Chosen: the companion's best guess; only what the rules allow now is offered.")
      : (f.complete ? TC.t("The rules do not allow “{action}” now.", { action: f.label || TC.word(f.type) }) : "");
    syncJson();
  }

  function actionFromForm() {
    if (!form) return null;
    const out = { type: form.type };
    for (const field of form.fields) {
      const el = $("action-fields").querySelector('[data-field="' + field.name + '"]');
      if (!el) continue;
      let v;
      if (field.control === "select") v = JSON.parse(el.value || "null");
      else if (field.control === "multi") v = Array.from(el.selectedOptions).map(function (o) { return JSON.parse(o.value); });
      else if (field.control === "rows") {
        v = Array.from(el.querySelectorAll(".row")).map(function (row) {
          const obj = {};
          for (const s of row.querySelectorAll("select")) {
            const v = JSON.parse(s.value);      // a choice may be a whole part of the row: {"candy": "CHOC3"}
            if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(obj, v); else obj[s.dataset.key] = v;
          }
          return obj;
        });
      } else v = el.value;
      if (v === null || v === "" || (Array.isArray(v) && !v.length && !field.required)) continue;
      out[field.name] = v;
    }
    return out;
  }

  function syncJson() { const a = actionFromForm(); if (a) $("action-json").value = JSON.stringify(a); }

  function actionFromEditor() {
    if ($("action-advanced").open) {
      try { return JSON.parse($("action-json").value); }
      catch (e) { showResult(false, TC.t("The action is not valid JSON: {error}", { error: e.message })); return null; }
    }
    return actionFromForm();
  }

  /* ---- new game form ---- */
  function fillOptions() {
    const box = TC.clear($("options"));
    const info = gameInfo($("game").value);
    if (!info) return;
    for (const [name, o] of Object.entries(info.options)) {
      let input;
      if (o.choices || typeof o.default === "boolean") {
        input = TC.el("select", { "data-option": name, "data-kind": typeof o.default });
        input.style.maxWidth = "100%";   // a value in words stays inside the panel
        for (const c of o.choices || [true, false]) input.appendChild(TC.el("option", { value: JSON.stringify(c), text: valueWord(info, name, c), selected: c === o.default }));
      } else {
        input = TC.el("input", { "data-option": name, "data-kind": typeof o.default, value: o.default === null ? "" : String(o.default) });
      }
      box.appendChild(TC.el("label", { class: "option", title: o.help }, [(wordsOf(info).options[name] || TC.word(name)) + " ", input, TC.el("small", { text: o.help })]));
    }
  }

  function readOptions() {
    const out = {};
    const info = gameInfo($("game").value);
    for (const input of $("options").querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      let v = input.tagName === "SELECT" ? JSON.parse(input.value) : input.value;
      if (input.dataset.kind === "number" && input.tagName !== "SELECT") v = Number(v);
      if (info && JSON.stringify(info.options[name].default) === JSON.stringify(v)) continue;
      out[name] = v;
    }
    return out;
  }

  function render(view) {
    current = view;
    TC.renderStatus(view);
    TC.renderTurn($("turn"), view);
    renderPrompts(view);
    TC.renderScores($("scores"), view);
    Board.draw($("board"), view);
    fillActions(view);
    followActionsNow(view);
    const offered = !!(view && view.offer && view.offer.ready);   // no game open: the table's own game, one tap
    $("btn-offer").hidden = !offered;
    $("btn-confirm").hidden = offered;
    $("btn-reopen").hidden = !(view && view.ended);
    $("btn-end").hidden = !!(view && view.ended);
    const ev = view && view.events && view.events.length ? view.events[view.events.length - 1] : null;
    const key = (view && view.game_id) + ":" + (ev ? ev.entry : "");
    if (key !== formKey) { formKey = key; templateAction(); }   // the game moved: what is legal changed
    renderVoice(view && view.voice);
    document.body.dataset.seq = view && view.seq !== undefined ? view.seq : "";
  }

  /* The referee's voice (when the table has one): mute and volume, applied at once
   * and kept for this session (POST /api/referee/voice; the config file is not changed). */
  function renderVoice(v) {
    $("voice-none").hidden = !!v;
    $("voice-controls").hidden = !v;
    if (!v) return;
    $("voice-mute").checked = !!v.muted;
    if (document.activeElement !== $("voice-volume")) {
      $("voice-volume").value = v.volume;
      $("voice-volume-out").textContent = v.volume;
    }
  }
  $("voice-mute").addEventListener("change", function () { post("voice", { muted: $("voice-mute").checked }); });
  $("voice-volume").addEventListener("input", function () { $("voice-volume-out").textContent = $("voice-volume").value; });
  $("voice-volume").addEventListener("change", function () { post("voice", { volume: parseInt($("voice-volume").value, 10) }); });

  /* One tap never ends a game: what would end it asks first, in words, beside the button. */
  let pending = null;
  function ask(text, yes, then) {
    pending = then;
    $("confirm-text").textContent = text;
    $("confirm-yes").textContent = yes;
    $("confirm").hidden = false;
    $("confirm-no").focus();
  }
  $("confirm-yes").addEventListener("click", function () { $("confirm").hidden = true; const go = pending; pending = null; if (go) go(); });
  $("confirm-no").addEventListener("click", function () { $("confirm").hidden = true; pending = null; });
  function inProgress() { return current && current.game && !current.over && !current.ended; }

  /* One tap, one operation: the operation buttons rest while an answer is awaited and a moment
   * after it, so a double tap (or a tap on a view about to change) sends one operation; the revision
   * sent with it (GUARDED) refuses one decided on a game that has changed since. */
  const opButtons = Array.from(document.querySelectorAll("button[data-op]"));
  function resting(on) { for (const x of opButtons) x.disabled = on; }
  for (const b of opButtons) {
    b.addEventListener("click", function () {
      const op = b.dataset.op;
      if (b.disabled) return;
      if (op === "correct" || op === "apply") {
        const action = actionFromEditor();
        if (action) post(op, { action: action });
      } else if (b.dataset.confirm) {
        ask(b.dataset.confirm, b.dataset.yes, function () { post(op); });
      } else {
        post(op);
      }
    });
  }
  $("action-type").addEventListener("change", function () { actionChosen = true; templateAction(); });
  $("action-fields").addEventListener("change", function (e) {
    // a select chosen: the fields after it offer what goes with it (the legal actions' combinations)
    if (form && form.combinations && e.target.matches("select[data-field]:not([multiple])")) {
      const now = actionFromForm() || {};
      for (const field of form.fields) if (field.control === "select" && !(field.name in now)) now[field.name] = null;
      const focused = e.target.dataset.field;   // the keyboard stays where it was: the redrawn select keeps focus
      drawForm(form, now);
      const again = $("action-fields").querySelector('select[data-field="' + focused + '"]');
      if (again) again.focus();
    } else syncJson();
  });
  $("game").addEventListener("change", fillOptions);
  for (const chip of document.querySelectorAll("#colour-chips .chip")) {
    chip.style.setProperty("--seat", TC.seatColour(chip.dataset.colour));
    chip.addEventListener("click", function () {
      const list = $("players").value.split(",").map(function (s) { return s.trim().toUpperCase(); }).filter(Boolean);
      const c = chip.dataset.colour;
      const i = list.indexOf(c);
      if (i >= 0) list.splice(i, 1); else list.push(c);
      $("players").value = list.join(", ");
      renderNames();
    });
  }
  function seatList() {
    return $("players").value.split(",").map(function (s) { return s.trim().toUpperCase(); }).filter(Boolean);
  }
  /* One name field per seat, in seat order; names typed so far are kept. */
  const typedNames = {};
  function renderNames() {
    const box = $("names");
    for (const input of box.querySelectorAll("input")) typedNames[input.dataset.seat] = input.value;
    for (const label of box.querySelectorAll("label")) label.remove();
    for (const seat of seatList()) {
      const label = document.createElement("label");
      label.className = "name-field";
      label.textContent = seat + " ";
      const input = document.createElement("input");
      input.dataset.seat = seat;
      input.maxLength = 32;
      input.autocomplete = "off";
      input.setAttribute("aria-label", TC.t("Name of the player at {seat}", { seat: seat }));
      input.value = typedNames[seat] || "";
      label.appendChild(input);
      box.appendChild(label);
    }
  }
  function readNames() {
    const names = {};
    for (const input of $("names").querySelectorAll("input")) {
      if (input.value.trim()) names[input.dataset.seat] = input.value.trim();
    }
    return names;
  }
  function newGameBody() {
    return { game: $("game").value, players: seatList(), options: readOptions(), names: readNames() };
  }
  $("players").addEventListener("input", renderNames);
  function replacing(then) {
    if (!inProgress()) { then(); return; }
    ask(TC.t("Start a new game of {game}? The game in progress ({current}) is ended and kept in the journal.",
             { game: $("game").selectedOptions[0].textContent, current: current.game.title }), TC.t("Start the new game"), then);
  }
  $("new-game").addEventListener("submit", function (ev) {
    ev.preventDefault();
    replacing(function () { post("new", newGameBody()); });
  });
  /* The game began before the companion watched: read it from the table as it lies (a form may follow). */
  $("btn-takeover").addEventListener("click", function () { replacing(function () { post("takeover", newGameBody()); }); });

  if (current && current.players && current.players.length) {
    $("players").value = TC.playerIds(current).join(", ");
    Object.assign(typedNames, current.names || {});
  }
  renderNames();
  fillOptions();
  /* The live stream carries the public view; the referee's own view (prompt
   * details such as which Love card lies face up) is fetched after each change. */
  let wanted = -1;
  function refereeDetail(view) {
    const seq = view && view.seq;
    wanted = seq;
    fetch("/api/referee/view", { credentials: "same-origin", cache: "no-store" }).then(function (resp) {
      return resp.ok ? resp.json() : null;
    }).then(function (full) {
      if (full && wanted === seq && full.seq >= seq) {
        renderPrompts(full);
        renderChoices(full.choices || []);
        followActionsNow(full);
        renderMissing(full.missing_texts || []);
        renderTakeover(full.takeover_questions || []);
      }
    }).catch(function () { /* the public prompts stay */ });
  }

  /* A card the table needs the words of, which the catalog lacks: typed once,
   * kept for the next games (POST fill_in). */
  function renderMissing(missing) {
    const box = $("missing");
    const shown = Array.from(box.querySelectorAll("[data-payload]")).map(function (e) { return e.dataset.payload; });
    if (JSON.stringify(shown) === JSON.stringify(missing.map(function (m) { return m.payload; }))) return;
    TC.clear(box);
    box.hidden = !missing.length;
    for (const m of missing) {
      const input = TC.el("textarea", { rows: "3", "aria-label": TC.t("the text printed on the {card} card", { card: m.name }) });
      const save = TC.el("button", { type: "button", text: TC.t("Keep this text") });
      save.addEventListener("click", function () {
        post("fill_in", { payload: m.payload, field: m.field, value: input.value });
      });
      box.appendChild(TC.el("div", { class: "missing", "data-payload": m.payload }, [
        TC.el("p", { text: TC.t("The {card} card's text is not in the catalog yet: type it as printed, once; it is kept for the next games.", { card: m.name }) }),
        input, save]));
    }
  }

  /* A game taken over as it lies: what the table cannot show (whose turn, which
   * round), asked once as one short form (POST takeover_answers). */
  function renderTakeover(questions) {
    const form = $("takeover-form");
    const keys = questions.map(function (q) { return q.key; }).join(",");
    if (form.dataset.keys === keys) return;
    form.dataset.keys = keys;
    TC.clear(form);
    form.hidden = !questions.length;
    if (!questions.length) return;
    form.appendChild(TC.el("h3", { text: TC.t("Taking the game over: what the table cannot show") }));
    for (const q of questions) {
      const label = TC.el("label", { text: q.text + " " });
      let input;
      if (q.choices.length) {
        input = TC.el("select", { name: q.key });
        for (const c of q.choices) input.appendChild(TC.el("option", { value: JSON.stringify(c.value), text: c.text, selected: c.value === q.default }));
      } else {
        input = TC.el("input", { name: q.key, type: "number", min: String(q.low), max: String(q.high), value: q.default === null ? "" : String(q.default) });
      }
      input.dataset.key = q.key;
      if (q.when) { label.dataset.whenKey = q.when.key; label.dataset.whenValue = JSON.stringify(q.when.value); }
      label.appendChild(input);
      form.appendChild(label);
    }
    form.appendChild(TC.el("button", { type: "submit", text: TC.t("Take the game over") }));
    showAsked();
  }
  /* A question asked only with a given answer to another (which kid a tied
   * player drew: only while the tie is being broken) shows only with it. */
  function showAsked() {
    const form = $("takeover-form");
    for (const label of form.querySelectorAll("label[data-when-key]")) {
      const other = form.querySelector('[data-key="' + label.dataset.whenKey + '"]');
      label.hidden = !!other && other.value !== label.dataset.whenValue;
    }
  }
  $("takeover-form").addEventListener("change", showAsked);
  $("takeover-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    const answers = {};
    for (const input of $("takeover-form").querySelectorAll("[data-key]")) {
      if (input.closest("label").hidden) continue;
      answers[input.dataset.key] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
    }
    post("takeover_answers", { answers: answers });
  });

  /* Moves the camera missed that several sequences explain: the referee taps the
   * one that happened (POST confirm {"choice": n}). */
  function renderChoices(choices) {
    const box = TC.clear($("choices"));
    box.hidden = !choices.length;
    if (!choices.length) return;
    box.appendChild(TC.el("h3", { text: choices.length > 1 ? TC.t("Which of these happened?") : TC.t("Did this happen?") }));
    choices.forEach(function (c, i) {
      const pick = TC.el("button", { type: "button", class: "choice-pick", "data-choice": String(i + 1),
        text: choices.length > 1 ? TC.t("This one ({n})", { n: i + 1 }) : TC.t("Yes, apply it") });
      pick.addEventListener("click", function () { post("confirm", { choice: i + 1 }); });
      /* what tells this explanation from the others first; every move folded below */
      const own = choices.length > 1 ? c.lines.filter(function (t) {
        return !choices.every(function (o) { return o.lines.indexOf(t) >= 0; });
      }) : c.lines.slice(-3);
      const all = TC.el("details", {}, [TC.el("summary", { text: TC.tn("all {n} move", "all {n} moves", c.lines.length) }),
        TC.el("ol", {}, c.lines.map(function (t) { return TC.el("li", { text: t }); }))]);
      const text = TC.el("div", {}, [TC.el("ul", { class: "choice-own" }, own.map(function (t) { return TC.el("li", { text: t }); })), all]);
      box.appendChild(TC.el("div", { class: "choice" }, [text, pick]));
    });
  }

  if (current) { render(current); refereeDetail(current); }
  // not drawn twice: the stream starts with the view served, whose referee's detail is asked for above
  TC.live(function (view) { render(view); refereeDetail(view); }, current ? current.seq : undefined);
})();
