/* A read-only MQTT 3.1.1 client over WebSocket, for spectators' pages: the
 * broker (Mosquitto's WebSocket listener) does the fan-out, the page only
 * subscribes. It speaks the few packets a subscriber needs (CONNECT, SUBSCRIBE,
 * PUBLISH at QoS 0 received, PINGREQ) and reconnects with back-off.
 *
 *   const conn = MQ.subscribe("ws://host:9001", {username: "viewer", password: "viewer"},
 *                             ["tc/night/tables/+/view"], onMessage, onState);
 *   onMessage(topic, text); onState("connecting" | "live" | "lost", why)
 */
"use strict";
const MQ = (function () {
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  function str(s) {                       // a length-prefixed UTF-8 string
    const b = enc.encode(s);
    return [b.length >> 8, b.length & 255].concat(Array.from(b));
  }
  function packet(type, body) {          // fixed header with the remaining length
    const out = [type];
    let n = body.length;
    do { let d = n % 128; n = Math.floor(n / 128); if (n > 0) d |= 128; out.push(d); } while (n > 0);
    return new Uint8Array(out.concat(body));
  }
  function connectPacket(id, opts, keepalive) {
    let flags = 0x02;                      // clean session
    let payload = str(id);
    if (opts.username) { flags |= 0x80; payload = payload.concat(str(opts.username)); }
    if (opts.password) { flags |= 0x40; payload = payload.concat(str(opts.password)); }
    return packet(0x10, str("MQTT").concat([4, flags, keepalive >> 8, keepalive & 255], payload));
  }
  function subscribePacket(pid, topics) {
    let body = [pid >> 8, pid & 255];
    for (const t of topics) body = body.concat(str(t), [0]);
    return packet(0x82, body);
  }

  /* Split the bytes received so far into whole packets: [type, flags, body]. */
  function takePackets(buf) {
    const out = [];
    let i = 0;
    while (i + 2 <= buf.length) {
      let mult = 1, len = 0, j = i + 1, d;
      do {
        if (j >= buf.length) return [out, buf.subarray(i)];
        d = buf[j++]; len += (d & 127) * mult; mult *= 128;
      } while (d & 128);
      if (j + len > buf.length) break;
      out.push([buf[i] >> 4, buf[i] & 15, buf.subarray(j, j + len)]);
      i = j + len;
    }
    return [out, buf.subarray(i)];
  }

  function subscribe(url, opts, topics, onMessage, onState) {
    const keepalive = 30;
    let ws = null, pending = new Uint8Array(0), ping = null, delay = 1000, closed = false;
    function state(s, why) { if (onState) onState(s, why || ""); }
    function open() {
      if (closed) return;
      state("connecting");
      try { ws = new WebSocket(url, ["mqtt"]); } catch (e) { retry(String(e)); return; }
      ws.binaryType = "arraybuffer";
      ws.onopen = function () {
        const id = "tc-view-" + Math.random().toString(36).slice(2, 10);
        ws.send(connectPacket(id, opts, keepalive));
      };
      ws.onmessage = function (ev) {
        const data = new Uint8Array(ev.data);
        const all = new Uint8Array(pending.length + data.length);
        all.set(pending); all.set(data, pending.length);
        const taken = takePackets(all);
        pending = new Uint8Array(taken[1]);
        for (const [type, flags, body] of taken[0]) {
          if (type === 2) {                                   // CONNACK
            if (body[1] !== 0) { state("lost", "the broker refused the page (code " + body[1] + ")"); ws.close(); return; }
            ws.send(subscribePacket(1, topics));
            delay = 1000;
            ping = setInterval(function () { if (ws.readyState === 1) ws.send(new Uint8Array([0xC0, 0])); },
                               keepalive * 500);
            state("live");
          } else if (type === 3) {                            // PUBLISH
            const tlen = (body[0] << 8) | body[1];
            const topic = dec.decode(body.subarray(2, 2 + tlen));
            const skip = 2 + tlen + (((flags >> 1) & 3) ? 2 : 0);
            try { onMessage(topic, dec.decode(body.subarray(skip))); } catch (e) { console.error(e); }
          }
        }
      };
      ws.onclose = function () { retry("the connection to the broker closed"); };
      ws.onerror = function () { /* onclose follows */ };
    }
    function retry(why) {
      if (ping) { clearInterval(ping); ping = null; }
      pending = new Uint8Array(0);
      if (closed) return;
      state("lost", why);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 30000);
    }
    open();
    return { close: function () { closed = true; if (ws) ws.close(); } };
  }

  return { subscribe: subscribe };
})();
