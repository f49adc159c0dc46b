// The one WebSocket of a page (docs/protocol.md, protocol 2): hello, the message counter and
// resync on a gap, the heartbeat (a ping every few seconds: a link that stays silent is dead
// even when the browser has not noticed), reconnection with backoff, ids for client messages. It knows nothing of
// games or pages: listeners get each server message (`on(type, fn)`, `on("*", fn)`).

export const PROTOCOL = 2;  // the version of docs/protocol.md this client speaks

// A JSON merge patch (RFC 7386) applied to `target`: a new value, `target` left as it was.
// `null` removes a key, an object patches the object it replaces, anything else replaces.
export function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out = target !== null && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) { delete out[k]; continue; }
    // own properties only, defined rather than assigned: a key such as "__proto__" (a player's
    // name) is data, never the object's prototype
    const old = Object.hasOwn(out, k) ? out[k] : undefined;
    Object.defineProperty(out, k, { value: mergePatch(old, v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export class TableSocket {
  /**
   * @param {string} code the table's code
   * @param {() => object} hello the hello's fields besides type and protocol ({token} or {spectator: true}, lang)
   */
  constructor(code, hello) {
    this.code = code;
    this.hello = hello;
    this.ws = null;
    this.seq = 0;
    this.msgId = 0;
    this.retry = 0;
    this.closing = false;
    this.resyncing = false;
    this.state = "";  // "", "connecting", "reconnecting", "connected"
    this.listeners = {};
    this.onState = () => {};
    this.heartbeat = { interval: 2, timeout: 2 };  // seconds; the snapshot's own replace these
    this.lastHeard = 0;  // when the server last said anything (ms)
    this.lastPing = 0;
    this.timer = null;
    this.__v_skip = true;  // never wrapped by Alpine's reactivity (a WebSocket holder, not page data)
  }

  /** Calls `fn(msg)` for each server message of `type` ("*": every message). */
  on(type, fn) { (this.listeners[type] ||= []).push(fn); return this; }

  setState(state) { this.state = state; this.onState(state); }

  open() {
    this.closing = false;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.code}`);
    this.ws = ws;
    this.setState(this.retry ? "reconnecting" : "connecting");
    ws.onopen = () => {
      this.seq = 0;
      this.resyncing = false;
      this.lastHeard = this.lastPing = Date.now();
      this.raw({ type: "hello", protocol: PROTOCOL, ...this.hello() });
    };
    ws.onmessage = (ev) => { this.lastHeard = Date.now(); this.receive(JSON.parse(ev.data)); };
    ws.onclose = () => { if (this.ws === ws) this.lost(); };
    if (!this.timer) this.timer = setInterval(() => this.beat(), 500);
  }

  /** The heartbeat's tick: a ping every `interval` seconds once connected; no word from the
   * server for `interval + timeout` seconds means the link is dead. */
  beat() {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || this.state !== "connected") return;
    const now = Date.now(), hb = this.heartbeat;
    if (now - this.lastHeard > (hb.interval + hb.timeout) * 1000) { this.lost(); return; }
    if (now - this.lastPing >= hb.interval * 1000) { this.lastPing = now; this.raw({ type: "ping" }); }
  }

  /** The link is gone (closed, silent, or the device went offline): show "reconnecting…"
   * (the page disables its actions) and open again with backoff. */
  lost() {
    if (this.closing) return;
    const ws = this.ws;
    this.ws = null;
    if (ws) { ws.onclose = null; try { ws.close(); } catch { /* already closed */ } }
    this.setState("reconnecting");
    this.retry += 1;
    setTimeout(() => { if (!this.ws && !this.closing) this.open(); }, Math.min(5000, 300 * this.retry));
  }

  /** Opens again unless a connection is open or opening (a phone woke up, the network came back). */
  wake() { if (!this.closing && (!this.ws || this.ws.readyState > 1)) this.open(); }

  close() {
    this.closing = true;
    clearInterval(this.timer);
    this.timer = null;
    if (this.ws) { try { this.ws.close(); } catch { /* already closed */ } }
    this.ws = null;
    this.setState("");
  }

  get open_() { return !!this.ws && this.ws.readyState === 1; }

  raw(msg) { this.ws.send(JSON.stringify(msg)); }

  /** Sends a client message with a fresh id; returns the id, or null when not connected. */
  send(type, fields) {
    if (!this.open_) return null;
    const id = ++this.msgId;
    this.raw({ type, id, ...fields });
    return id;
  }

  receive(msg) {
    if (msg.seq !== undefined) {
      if (msg.type !== "snapshot" && msg.seq !== this.seq + 1) {
        // a lost message: ask once for a new snapshot and drop what comes before it
        if (!this.resyncing) this.raw({ type: "resync" });
        this.resyncing = true;
        return;
      }
      if (msg.type === "snapshot") {
        this.resyncing = false; this.retry = 0;
        if (msg.heartbeat) this.heartbeat = msg.heartbeat;
        this.setState("connected");
      }
      this.seq = msg.seq;
    }
    for (const fn of [...(this.listeners[msg.type] || []), ...(this.listeners["*"] || [])]) fn(msg);
  }
}
