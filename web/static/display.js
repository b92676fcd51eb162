/* The public display: draws the view it was served with, then every change
 * from /api/events. The banner says, in plain words, when the table is out of
 * sync or the camera is lost. */
"use strict";
(function () {
  const $ = function (id) { return document.getElementById(id); };

  function renderBanner(view, st) {
    const banner = $("banner");
    const title = $("banner-title");
    const lines = TC.clear($("banner-lines"));
    let show = false;
    let heading = "";
    let items = [];
    const prompts = view && view.prompts || [];
    if (st === "camera_lost" && view.camera && view.camera.missing) {
      show = true;
      heading = TC.t("Camera missing, retrying");
      items = [view.camera.last_error ? TC.t("No camera answered, so the companion cannot referee yet: {error}", { error: view.camera.last_error })
                                      : TC.t("No camera answered, so the companion cannot referee yet."),
               TC.t("Check that the camera is connected and enabled. The companion keeps trying by itself.")];
    } else if (st === "camera_lost") {
      show = true;
      heading = TC.t("Camera lost");
      items = [TC.t("The companion cannot see the table right now, so it cannot referee."),
               TC.t("Check the camera cable and that nothing blocks the lens. It reconnects by itself.")];
    } else if (st === "out_of_sync") {
      show = true;
      heading = TC.t("Out of sync: the table does not match the game");
      items = prompts.filter(function (p) { return p.level === "error" || p.level === "warning"; }).map(function (p) { return p.text; });
      if (!items.length) items = prompts.map(function (p) { return p.text; });
      if (!items.length) items = [TC.STATUS.out_of_sync[1]];
    } else if (view && view.camera && view.game && view.camera.ok && view.camera.calibrated === false) {
      show = true;
      heading = TC.t("The camera cannot find the table's corners");
      items = [TC.t("Make sure all four corner markers are visible and not covered.")];
    }
    banner.hidden = !show;
    banner.dataset.kind = st;
    title.textContent = heading;
    for (const t of items) lines.appendChild(TC.el("li", { text: t }));
  }

  /* Sound for a big screen, off until someone turns it on (a browser plays sound
   * only after a tap): the buzzer's cues, the same patterns (hardware.indicators.BEEPS). */
  const CUES = { illegal: [0.08, 0.08, 3], scare: [0.4, 0.1, 1], escape: [0.3, 0.15, 2] };
  let audio = null, lastCue = null;
  function play(name) {
    const cue = CUES[name];
    if (!audio || !cue) return;
    let t = audio.currentTime + 0.02;
    for (let i = 0; i < cue[2]; i++) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + cue[0]);
      t += cue[0] + cue[1];
    }
  }
  $("sound").addEventListener("click", function () {
    const on = !audio;
    if (on) { audio = new (window.AudioContext || window.webkitAudioContext)(); audio.resume(); }
    else { audio.close(); audio = null; }
    $("sound").setAttribute("aria-pressed", on ? "true" : "false");
    $("sound").textContent = on ? TC.t("sound on") : TC.t("sound off");
  });

  /* The referee's voice on this screen, when the table has one: each sentence it
   * says (the view's voice.said numbers them), in this page's language, made by the
   * table's own espeak-ng (GET /api/voice/<n>.wav) and played by an <audio> once
   * someone turned it on (a tap unlocks it); a newer sentence cuts the one playing. */
  const SILENCE = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";
  const speech = new Audio();
  let hearing = false, lastSaid = null;
  function hear(n) {
    speech.src = "/api/voice/" + n + ".wav?lang=" + encodeURIComponent(TC.lang);
    speech.play().catch(function () { /* the browser refused: the switch shows it on, the next tap retries */ });
  }
  $("voice").addEventListener("click", function () {
    hearing = !hearing;
    if (hearing) { speech.src = SILENCE; speech.play().catch(function () {}); }     // this tap unlocks the sound
    else speech.pause();
    $("voice").setAttribute("aria-pressed", hearing ? "true" : "false");
    $("voice").textContent = hearing ? TC.t("voice on") : TC.t("voice off");
  });
  function renderVoice(v) {
    $("voice").hidden = !v;
    if (v && hearing && lastSaid !== null && v.said > lastSaid) hear(v.said);    // a new sentence since the last view
    lastSaid = v ? v.said : null;
  }

  function render(view) {
    const cue = view && view.indicators && view.indicators.cue;
    if (cue && lastCue !== null && cue.n !== lastCue) play(cue.name);      // a new cue since the last view
    lastCue = cue ? cue.n : 0;
    renderVoice(view && view.voice);
    const st = TC.renderStatus(view);
    renderBanner(view, st);
    TC.renderLeds($("leds"), view);
    TC.renderTurn($("turn"), view);
    TC.renderPrompts($("prompts"), view);
    TC.renderScores($("scores"), view);
    $("scores-title").textContent = view && view.score && view.score.final ? TC.t("Final scores") : TC.t("Scores");
    TC.renderEvents($("events"), view);
    TC.renderCameraInfo($("camera-info"), view);
    Board.draw($("board"), view);
    showScrollHint();
    document.title = (view && view.game ? view.game.title + " · " : "") + (TC.STATUS[st] || [st])[0];
    document.body.dataset.seq = view && view.seq !== undefined ? view.seq : "";
  }

  /* a board wider than the screen (a phone) scrolls inside its box: say so under it */
  function showScrollHint() {
    const wrap = document.querySelector(".board-wrap");
    $("scroll-hint").hidden = !(wrap && wrap.scrollWidth > wrap.clientWidth + 4);
  }
  window.addEventListener("resize", showScrollHint);

  const first = TC.initialView();
  if (first) render(first);
  TC.live(render, first ? first.seq : undefined);   // not drawn twice: the stream starts with the view served
})();
