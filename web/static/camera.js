/* The camera view: reloads the latest frame about once a second (the next
 * request starts only when the previous image has arrived, so a slow Pi is
 * never flooded) and shows the camera's figures from the live view. */
"use strict";
(function () {
  const img = document.getElementById("frame");
  const note = document.getElementById("frame-note");
  const overlay = document.getElementById("overlay");
  const stats = document.getElementById("camera-stats");
  let timer = null;

  function next() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      const width = Math.round((img.clientWidth || window.innerWidth) * (window.devicePixelRatio || 1));
      img.src = "/camera/frame.jpg?overlay=" + (overlay.checked ? 1 : 0) + "&w=" + width + "&t=" + Date.now();
    }, 1000);
  }
  img.addEventListener("load", function () { img.classList.remove("missing"); note.textContent = "Tags found are outlined; the table rectangle comes from the four corner markers."; next(); });
  img.addEventListener("error", function () { img.classList.add("missing"); note.textContent = "No frame from the camera yet (starting, or lost). Retrying…"; next(); });
  overlay.addEventListener("change", next);

  function render(view) {
    TC.renderStatus(view);
    TC.clear(stats);
    const c = view && view.camera || {};
    const rows = [["source", c.source || "?"], ["delivering", c.ok ? "yes" : "no"],
                  ["frames per second", typeof c.fps === "number" ? c.fps.toFixed(1) : "?"],
                  ["frames", c.frames], ["errors", c.errors], ["unreadable frames skipped", c.skipped || 0],
                  ["frames not decoded", c.bad_frames || 0], ["corners found", c.calibrated ? "yes" : "no"]];
    if (!c.ok && c.retry_s) rows.push(["retrying in", c.retry_s + " s" + (c.missing ? " (camera missing)" : "")]);
    for (const [k, v] of rows) { stats.appendChild(TC.el("dt", { text: k })); stats.appendChild(TC.el("dd", { text: v === undefined ? "?" : String(v) })); }
  }
  const first = TC.initialView();
  if (first) render(first);
  TC.live(render);
})();
