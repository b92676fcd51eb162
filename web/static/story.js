/* The game's story (/story, and the file `companion export --html` writes): every
 * change with its time and cause, and a slider that redraws the table as it stood
 * after any of them. The data is embedded (the exported file, offline) or fetched
 * from /api/story (the live page, again after every change while the slider sits
 * at the end). Only public views are in it: nothing secret before the game shows it.
 */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const main = $("story");
  const CAUSE = { camera: TC.t("camera"), console: TC.t("console"), button: TC.t("button") };
  let story = null;
  let at = 0;

  function clock(t) {
    const d = new Date(t * 1000);
    return d.toLocaleTimeString(TC.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  function show(i) {
    if (!story || !story.steps.length) return;
    at = Math.max(0, Math.min(i, story.steps.length - 1));
    const step = story.steps[at];
    $("story-slider").value = String(at);
    $("story-where").textContent = TC.t("Step {step} of {steps}", { step: at, steps: story.steps.length - 1 }) + " · " + clock(step.time);
    Board.draw($("board"), step.view);
    TC.renderScores($("scores"), step.view);
    for (const li of document.querySelectorAll("#story-list li")) li.classList.toggle("here", Number(li.dataset.i) === at);
    const here = document.querySelector("#story-list li.here");
    if (here) keepInView($("story-list"), here);
  }

  /* Scroll the list (not the page: the table stays in sight) so that its item `li` shows. */
  function keepInView(box, li) {
    const b = box.getBoundingClientRect(), r = li.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top;
    else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
  }

  /* The round a step's table is in (a game with rounds), as a heading's words; "" without. */
  function roundOf(step) {
    const st = step.view && step.view.state;
    if (!st || typeof st.round !== "number" || st.round < 1) return "";
    return st.rounds ? TC.t("Round {round} of {rounds}", { round: st.round, rounds: st.rounds }) : TC.t("round {round}", { round: st.round });
  }

  function render(data) {
    const atEnd = !story || at >= story.steps.length - 1;
    story = data;
    const title = TC.t("{game}: the story", { game: story.game.title });
    document.title = title + " · Table Companion";
    $("story-title").textContent = title;
    const slider = $("story-slider");
    slider.max = String(story.steps.length - 1);
    const list = TC.clear($("story-list"));
    let round = "";
    story.steps.forEach(function (step, i) {
      // one item a step: a round's first move (played on a table in a new round) heads the round;
      // the move first, what followed from it below
      const now = i ? roundOf(story.steps[i - 1]) : "", starts = now && now !== round;
      round = now || round;
      const texts = step.texts.length ? step.texts : [""];
      const li = TC.el("li", { "data-i": String(i), class: "step step-" + step.kind + (starts ? " round-start" : "") }, [
        starts ? TC.el("strong", { class: "round-mark", text: now }) : null,
        TC.el("time", { text: clock(step.time) }), " ",
        TC.el("span", { class: "cause cause-" + step.cause, text: CAUSE[step.cause] || step.cause }), " ",
        TC.el("span", { class: "what", text: texts[0] }),
        ...texts.slice(1).map(function (t) { return TC.el("span", { class: "then", text: t }); })]);
      li.addEventListener("click", function () { show(i); });
      list.appendChild(li);
    });
    show(atEnd ? story.steps.length - 1 : at);
  }

  function load() {
    fetch(main.dataset.src, { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d && d.steps) render(d); }).catch(function () { /* kept as it was */ });
  }

  $("story-slider").addEventListener("input", function (ev) { show(Number(ev.target.value)); });
  $("story-prev").addEventListener("click", function () { show(at - 1); });
  $("story-next").addEventListener("click", function () { show(at + 1); });
  const embedded = document.getElementById("story-data");
  if (embedded) {
    render(JSON.parse(embedded.textContent));
  } else {
    load();
    let last = null;
    TC.live(function (view) {          // a new change: the story grows (the slider stays where it is)
      const ev = view && view.events && view.events.length ? view.events[view.events.length - 1].entry : null;
      if (ev !== last) { last = ev; load(); }
    });
  }
  main.dataset.ready = "yes";
})();
