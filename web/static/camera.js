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
  img.addEventListener("load", function () { img.classList.remove("missing"); note.textContent = TC.t("Tags found are outlined; the table rectangle comes from the four corner markers."); next(); });
  img.addEventListener("error", function () { img.classList.add("missing"); note.textContent = TC.t("No frame from the camera yet (starting, or lost). Retrying…"); next(); });
  overlay.addEventListener("change", next);

  function render(view) {
    TC.renderStatus(view);
    TC.clear(stats);
    const c = view && view.camera || {};
    const yes = TC.t("yes"), no = TC.t("no");
    const rows = [[TC.t("source"), c.source || "?"], [TC.t("delivering"), c.ok ? yes : no],
                  [TC.t("frames per second"), typeof c.fps === "number" ? c.fps.toFixed(1) : "?"],
                  [TC.t("frames"), c.frames], [TC.t("errors"), c.errors], [TC.t("unreadable frames skipped"), c.skipped || 0],
                  [TC.t("frames not decoded"), c.bad_frames || 0], [TC.t("corners found"), c.calibrated ? yes : no],
                  [TC.t("the table"), view && view.settling ? TC.t("moving") : TC.t("settled")]];
    if (!c.ok && c.retry_s) {
      rows.push([TC.t("retrying in"), c.missing ? TC.t("{s} s (camera missing)", { s: c.retry_s }) : TC.t("{s} s", { s: c.retry_s })]);
    }
    for (const [k, v] of rows) { stats.appendChild(TC.el("dt", { text: k })); stats.appendChild(TC.el("dd", { text: v === undefined ? "?" : String(v) })); }
  }
  const first = TC.initialView();
  if (first) render(first);
  TC.live(render);
})();
