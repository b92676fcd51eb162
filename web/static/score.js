/* /score: a finished game scored from one photo (web/score.py).
 * The form posts the photo to /score/photo; the answer (companion score --json)
 * is drawn as the scoreboard, the list of tags not counted, and the photo itself
 * (from the browser's memory) with every tag outlined where the companion found it.
 */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("score-form"), gameSel = $("score-game"), seatsBox = $("score-seats");
  const playersIn = $("score-players"), photoIn = $("score-photo"), errorP = $("score-error");
  const SVG = "http://www.w3.org/2000/svg";
  let photoUrl = null;

  function players() { return playersIn.value.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean); }

  function renderSeats() {
    const opt = gameSel.selectedOptions[0];
    const seats = (opt && opt.dataset.seats ? opt.dataset.seats.split(",") : []);
    const chosen = players();
    TC.clear(seatsBox).appendChild(TC.el("legend", { text: TC.t("Players, in seat order (tap to add or remove)") }));
    for (const seat of seats) {
      const on = chosen.includes(seat);
      const b = badge(seat, "button", "chip" + (on ? " on" : ""));
      b.type = "button";
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.addEventListener("click", () => {
        const now = players();
        playersIn.value = (now.includes(seat) ? now.filter((p) => p !== seat) : now.concat([seat])).join(",");
        renderSeats();
      });
      seatsBox.appendChild(b);
    }
  }

  /* What this game's scoring needs beyond the table (Candy Crave: round 1's written points). */
  function renderInputs() {
    const opt = gameSel.selectedOptions[0];
    let inputs = {};
    try { inputs = JSON.parse(opt && opt.dataset.inputs || "{}"); } catch (e) { inputs = {}; }
    const box = TC.clear($("score-inputs"));
    for (const [key, what] of Object.entries(inputs)) {
      box.appendChild(TC.el("label", {}, [what, TC.el("input", { "data-option": key, autocomplete: "off", required: true })]));
    }
  }

  function options() {
    const out = {};
    for (const input of document.querySelectorAll("#score-inputs input")) out[input.dataset.option] = input.value.trim();
    return out;
  }

  /* A seat's name on its colour (set through CSSOM: the page's CSP refuses style attributes). */
  function badge(seat, tag, cls, label) {
    const e = TC.el(tag || "span", { class: cls || "seat-badge", text: label || seat });
    e.style.setProperty("--seat", TC.seatColour(seat));
    return e;
  }

  function showError(text) { errorP.textContent = text; errorP.hidden = !text; }

  function svgEl(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function drawMarks(d) {
    const svg = TC.clear($("score-marks"));
    svg.setAttribute("viewBox", "0 0 " + d.width + " " + d.height);
    const stroke = Math.max(2, d.width / 400);
    const quadOf = (t) => t.quad || [[t.px[0] - 20, t.px[1] - 20], [t.px[0] + 20, t.px[1] - 20],
                                      [t.px[0] + 20, t.px[1] + 20], [t.px[0] - 20, t.px[1] + 20]];
    for (const t of d.placed) {
      const poly = svgEl("polygon", { class: "counted", "stroke-width": stroke, points: quadOf(t).map((p) => p.join(",")).join(" ") });
      poly.appendChild(svgEl("title", {}, t.payload + ": counted"));
      svg.appendChild(poly);
    }
    d.unplaced.forEach((t, i) => {
      const q = quadOf(t);
      const poly = svgEl("polygon", { class: "uncounted", "stroke-width": stroke * 1.5, points: q.map((p) => p.join(",")).join(" ") });
      poly.appendChild(svgEl("title", {}, (i + 1) + ". " + t.payload + ": " + t.why));
      svg.appendChild(poly);
      const side = Math.hypot(q[1][0] - q[0][0], q[1][1] - q[0][1]);
      svg.appendChild(svgEl("text", { x: q[0][0], y: q[0][1] - side * 0.15, "font-size": Math.max(side * 0.8, d.width / 60),
        "stroke-width": stroke }, String(i + 1)));
    });
  }

  function renderBoard(d) {
    const box = TC.clear($("score-board"));
    $("score-title").textContent = d.scored ? TC.t("{game}: final score", { game: d.title }) : TC.t("{game}: no score", { game: d.title });
    $("score-reason").textContent = d.reason || "";
    $("score-reason").hidden = !d.reason;
    const s = d.score;
    if (s) {
      if (s.winners && s.winners.length) {
        box.appendChild(TC.el("p", { class: "score-winner" }, [s.tie ? TC.t("Tie between ") : TC.t("Winner: "),
          ...s.winners.map((w) => badge(w, null, null, TC.entryName({ score: s }, w)))]));
      }
      for (const [seat, entry] of Object.entries(s.entries)) {
        const rows = entry.breakdown.map((l) => TC.el("tr", {}, [TC.el("td", { text: l.what }),
          TC.el("td", { class: "pts", text: (l.points > 0 ? "+" : "") + l.points })]));
        box.appendChild(TC.el("table", { class: "score-table" }, [
          TC.el("caption", { class: "score-total" }, [badge(seat, null, null, TC.entryName({ score: s }, seat)), " " + TC.tn("{n} point", "{n} points", entry.total)]),
          TC.el("tbody", {}, rows)]));
      }
      for (const note of s.notes || []) box.appendChild(TC.el("p", { class: "note", text: note }));
    }
    for (const p of d.problems || []) box.appendChild(TC.el("p", { class: "note", text: "⚠ " + p }));
    const list = TC.clear($("score-uncounted"));
    d.unplaced.forEach((t) => list.appendChild(TC.el("li", {
      text: TC.t("{tag} at {x},{y} mm: {why}", { tag: t.payload, x: Math.round(t.x_mm), y: Math.round(t.y_mm), why: t.why }) })));
    $("score-uncounted-count").textContent = d.unplaced.length;
    $("score-uncounted-box").hidden = !d.unplaced.length;
    $("score-result").hidden = false;
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError("");
    const file = photoIn.files && photoIn.files[0];
    if (!file) { showError(TC.t("Take or choose a photo first.")); return; }
    if (!players().length) { showError(TC.t("Tap the players' seats, in seat order.")); return; }
    const body = new FormData(form);
    body.set("players", players().join(","));
    body.set("options", JSON.stringify(options()));
    const token = document.querySelector('meta[name="csrf-token"]');
    const button = $("score-submit");
    button.disabled = true;
    button.textContent = TC.t("Reading the photo…");
    try {
      const resp = await fetch(form.dataset.action, {
        method: "POST", body, credentials: "same-origin",
        headers: token ? { "X-CSRF-Token": token.content } : {} });
      let d = null;
      try { d = await resp.json(); } catch (e) { d = null; }
      if (!d || d.error) { showError((d && d.error) || TC.t("The companion answered {status}.", { status: resp.status })); return; }
      if (photoUrl) URL.revokeObjectURL(photoUrl);
      photoUrl = URL.createObjectURL(file);
      $("score-img").src = photoUrl;
      $("score-figure").hidden = false;
      renderBoard(d);
      drawMarks(d);
    } catch (e) {
      showError(TC.t("Could not reach the companion: {error}", { error: e.message }));
    } finally {
      button.disabled = false;
      button.textContent = TC.t("Score it");
    }
  });

  gameSel.addEventListener("change", () => { playersIn.value = ""; renderSeats(); renderInputs(); });
  playersIn.addEventListener("change", renderSeats);
  renderSeats();
  renderInputs();
})();
