/* /history: each game's start in the browser's own time and language. */
"use strict";
for (const t of document.querySelectorAll("time[data-t]")) {
  t.textContent = new Date(Number(t.dataset.t) * 1000).toLocaleString();
}
