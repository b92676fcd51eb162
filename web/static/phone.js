/* /camera/phone: the phone's rear camera as the companion's camera (web/phone.py).
 * getUserMedia at the highest resolution the phone offers; a picture drawn from
 * the video onto a canvas and posted as JPEG every 1/fps seconds (never two at
 * once: a slow network lowers the rate rather than queueing pictures); the
 * companion's own view of the table refreshed beside it.
 */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const main = $("phone-main");
  const fps = Math.min(5, Math.max(1, parseFloat(main.dataset.fps) || 3));
  const video = $("phone-video"), canvas = document.createElement("canvas");
  const token = document.querySelector('meta[name="csrf-token"]');
  let stream = null, timer = null, busy = false, sent = 0, wakeLock = null;

  function state(text, status) {
    const pill = $("phone-state");
    pill.textContent = text;
    pill.dataset.status = status;
  }

  if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    const port = main.dataset.httpsPort;
    const link = $("phone-https-link");
    link.href = port ? "https://" + location.hostname + ":" + port + location.pathname : "#";
    link.textContent = port ? link.href : TC.t("the https address");
    $("phone-insecure").hidden = false;
    $("phone-start").disabled = true;
  }

  async function send() {
    if (busy || !stream || !video.videoWidth) return;
    busy = true;
    try {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d").drawImage(video, 0, 0);
      const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.85));
      const headers = { "Content-Type": "image/jpeg" };
      if (token) headers["X-CSRF-Token"] = token.content;
      const resp = await fetch(main.dataset.frameUrl, { method: "POST", body: blob, headers, credentials: "same-origin" });
      let d = null;
      try { d = await resp.json(); } catch (e) { d = null; }
      if (resp.ok && d) {
        sent += 1;
        $("phone-sent").textContent = sent;
        $("phone-answer").textContent = TC.t("received {width}x{height}", { width: d.width, height: d.height });
        state(TC.t("sending"), "in_sync");
      } else {
        $("phone-answer").textContent = (d && d.error) || ("HTTP " + resp.status);
        state(TC.t("refused"), "out_of_sync");
      }
    } catch (e) {
      $("phone-answer").textContent = TC.t("cannot reach the companion: {error}", { error: e.message });
      state(TC.t("no connection"), "camera_lost");
    } finally {
      busy = false;
    }
  }

  async function start() {
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: {
        facingMode: { ideal: "environment" }, width: { ideal: 4096 }, height: { ideal: 2160 } } });
    } catch (e) {
      $("phone-answer").textContent = TC.t("the camera is not available: {error}", { error: e.message });
      state(TC.t("no camera"), "camera_lost");
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => {});
    const s = stream.getVideoTracks()[0].getSettings();
    $("phone-res").textContent = (s.width || video.videoWidth) + "x" + (s.height || video.videoHeight);
    timer = setInterval(send, 1000 / fps);
    $("phone-start").disabled = true;
    $("phone-stop").disabled = false;
    if (navigator.wakeLock) navigator.wakeLock.request("screen").then((l) => { wakeLock = l; }).catch(() => {});
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null;
    if (wakeLock) wakeLock.release().catch(() => {});
    $("phone-start").disabled = false;
    $("phone-stop").disabled = true;
    state(TC.t("not sending"), "waiting");
  }

  function refreshView() {
    const img = $("phone-view");
    img.src = main.dataset.viewUrl + "?overlay=1&w=640&t=" + Date.now();
  }

  $("phone-start").addEventListener("click", start);
  $("phone-stop").addEventListener("click", stop);
  setInterval(refreshView, 1500);
  refreshView();
  if (!$("phone-start").disabled && new URLSearchParams(location.search).get("start") === "1") start();
  main.dataset.ready = "yes";          // the buttons work from here on
})();
