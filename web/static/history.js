/* /history: each game's start in the browser's own time zone, written the way
 * the page's language writes dates (28.11.2026, 14:03 in German, not 11/28/2026). */
"use strict";
for (const t of document.querySelectorAll("time[data-t]")) {
  t.textContent = new Date(Number(t.dataset.t) * 1000).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
}
