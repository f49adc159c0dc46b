// The hiddenrole browser client: one Alpine component speaking docs/protocol.md.
//
// Pages (chosen from the address): home `/` (create or join; `/?join=CODE` opens the name
// prompt), table `#/t/CODE` (lobby, game, results), TV `#/tv/CODE` (spectator, public only).
// A seat token is kept in localStorage under `hiddenrole.seat.CODE` so a reload or a phone
// that slept resumes the seat; the host token under `hiddenrole.host.CODE`.

import Alpine from "./vendor/alpine.esm.min.js";
import qrcode from "./vendor/qrcode.mjs";
import { esc, boardHtml, privateHtml, actionLabel, actionTitle, eventLine, resultHtml, replayEntryLabel } from "./games.js";

const IRREVERSIBLE = new Set(["execute", "call_end"]);
const PROTOCOL = 2;  // the version of docs/protocol.md this client speaks

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

function stored(kind, code) {
  try { return JSON.parse(localStorage.getItem(`hiddenrole.${kind}.${code}`) || "null"); } catch { return null; }
}
function store(kind, code, value) {
  localStorage.setItem(`hiddenrole.${kind}.${code}`, JSON.stringify(value));
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const msg = data.error ? data.error.message : (data.detail ? JSON.stringify(data.detail) : r.statusText);
    throw new Error(msg);
  }
  return data;
}

Alpine.data("app", () => ({
  page: "home",
  error: "",
  games: [],
  openTables: [],
  form: { game: "", options: {}, pace: "turbo", factor: 10, bots: 0, host_name: "" },
  codeInput: "",
  joinCode: "",
  joinName: "",
  code: "",
  me: null,
  token: null,
  hostToken: null,
  table: null,
  state: null,
  view: null,
  events: [],
  thread: [],
  reveal: null,
  replay: { step: 0, steps: 0, data: null },
  postText: "",
  busy: false,
  confirming: null,
  connState: "",
  now: Date.now(),
  ws: null,
  seq: 0,
  msgId: 0,
  retry: 0,
  closing: false,
  mode: "",
  resyncing: false,

  async init() {
    setInterval(() => { this.now = Date.now(); }, 250);
    window.addEventListener("hashchange", () => this.route());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.code && (!this.ws || this.ws.readyState > 1)) this.connect();
    });
    window.addEventListener("online", () => { if (this.code && (!this.ws || this.ws.readyState > 1)) this.connect(); });
    await this.route();
  },

  async route() {
    this.error = "";
    const hash = location.hash;
    let m = hash.match(/^#\/(t|tv)\/([A-Za-z0-9]+)/);
    if (m) {
      const code = m[2].toUpperCase();
      this.page = m[1] === "tv" ? "tv" : "table";
      if (code !== this.code || this.page !== this.mode || !this.ws) await this.openTable(code);
      return;
    }
    this.page = "home";
    this.disconnect();
    this.code = "";
    const join = new URLSearchParams(location.search).get("join");
    if (join) this.joinCode = join.toUpperCase();
    try {
      this.games = await api("GET", "/api/games");
      if (!this.form.game && this.games.length) { this.form.game = this.games[0].name; this.resetOptions(); }
      this.openTables = await api("GET", "/api/tables");
    } catch (e) { this.error = e.message; }
    if (this.joinCode) {
      const seat = stored("seat", this.joinCode);
      if (seat) location.hash = `#/t/${this.joinCode}`;
      else this.$nextTick(() => { const el = document.querySelector("input[name=join-name]"); if (el) el.focus(); });
    }
  },

  currentGame() { return this.games.find(g => g.name === this.form.game); },

  resetOptions() {
    const g = this.currentGame();
    const opts = {};
    if (g) for (const o of g.options) opts[o.name] = o.type === "bool" ? !!o.default : "";
    this.form.options = opts;
  },

  optionValues() {
    const g = this.currentGame();
    const out = {};
    for (const o of g.options) {
      const v = this.form.options[o.name];
      if (o.type === "bool") { if (v !== !!o.default) out[o.name] = v; continue; }
      if (v === "" || v === null || v === undefined) continue;
      out[o.name] = (o.type === "int") ? parseInt(v, 10) : (o.type === "float" ? parseFloat(v) : v);
    }
    return out;
  },

  async create() {
    this.error = "";
    try {
      const body = { game: this.form.game, options: this.optionValues(), pace: this.form.pace,
        bots: parseInt(this.form.bots || 0, 10) };
      if (this.form.pace === "fast") body.factor = parseFloat(this.form.factor);
      if (this.form.host_name.trim()) body.host_name = this.form.host_name.trim();
      const out = await api("POST", "/api/tables", body);
      store("host", out.code, out.host_token);
      if (out.seat) store("seat", out.code, out.seat);
      history.replaceState(null, "", "/");
      location.hash = `#/t/${out.code}`;
    } catch (e) { this.error = e.message; }
  },

  async join() {
    this.error = "";
    try {
      const out = await api("POST", `/api/tables/${this.joinCode}/join`, { name: this.joinName.trim() });
      store("seat", this.joinCode, { name: out.name, token: out.token });
      const code = this.joinCode;
      this.joinCode = "";
      history.replaceState(null, "", "/");
      location.hash = `#/t/${code}`;
    } catch (e) { this.error = e.message; }
  },

  async openTable(code) {
    this.disconnect();
    this.code = code;
    this.mode = this.page;
    this.table = null; this.state = null; this.view = null; this.events = []; this.thread = []; this.reveal = null;
    this.replay = { step: 0, steps: 0, data: null };
    const seat = this.page === "tv" ? null : stored("seat", code);
    this.me = seat ? seat.name : null;
    this.token = seat ? seat.token : null;
    this.hostToken = this.page === "tv" ? null : stored("host", code);
    try {
      const out = await api("GET", `/api/tables/${code}`, undefined, this.token);
      this.table = out.table;
      if (this.token && !out.you) { this.me = null; this.token = null; }
    } catch (e) { this.error = e.message; return; }
    this.connect();
  },

  // ------------------------------------------------------------ WebSocket
  connect() {
    if (!this.code) return;
    this.closing = false;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.code}`);
    this.ws = ws;
    this.connState = this.retry ? "reconnecting" : "connecting";
    ws.onopen = () => {
      this.seq = 0;
      this.resyncing = false;
      ws.send(JSON.stringify(this.token ? { type: "hello", protocol: PROTOCOL, token: this.token }
        : { type: "hello", protocol: PROTOCOL, spectator: true }));
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closing) return;
      this.connState = "reconnecting";
      this.retry += 1;
      setTimeout(() => { if (this.ws === ws && !this.closing) this.connect(); }, Math.min(5000, 300 * this.retry));
    };
  },

  disconnect() {
    this.closing = true;
    if (this.ws) { try { this.ws.close(); } catch { /* already closed */ } }
    this.ws = null;
    this.connState = "";
  },

  onMessage(msg) {
    if (msg.seq !== undefined) {
      if (msg.type !== "snapshot" && msg.seq !== this.seq + 1) {
        // a lost message: ask once for a new snapshot and drop what comes before it
        if (!this.resyncing) this.ws.send(JSON.stringify({ type: "resync" }));
        this.resyncing = true;
        return;
      }
      if (msg.type === "snapshot") this.resyncing = false;
      this.seq = msg.seq;
    }
    switch (msg.type) {
      case "snapshot":
        // everything so far: the state, every event and every thread post
        this.retry = 0;
        this.connState = "connected";
        this.table = msg.table;
        this.events = msg.events;
        this.thread = msg.thread;
        this.setState(msg.state);
        if (msg.reveal) this.setReveal(msg.reveal);
        break;
      case "update":
        // only what is new: events and thread posts to append, the state's changed fields
        if (msg.events.length) this.events = this.events.concat(msg.events);
        if (msg.thread.length) this.thread = this.thread.concat(msg.thread);
        this.setState(mergePatch(this.state, msg.patch));
        break;
      case "reveal":
        this.setReveal(msg.reveal);
        break;
      case "ack":
        this.busy = false;
        break;
      case "error":
        this.busy = false;
        if (["kicked", "seat_replaced", "bad_token"].includes(msg.code)) {
          this.error = msg.message;
          localStorage.removeItem(`hiddenrole.seat.${this.code}`);
          this.token = null; this.me = null;
          this.disconnect();
          this.openTable(this.code).then(() => { this.error = msg.message; });  // watch on as a spectator
        } else {
          this.error = msg.message;
        }
        break;
    }
  },

  setState(state) {
    this.state = state;
    if (this.table) { this.table.status = state.status; this.table.seats = state.seats; }
    if (state.view) this.view = state.view;
    this.busy = false;
  },

  async setReveal(reveal) {
    this.reveal = reveal;
    try {
      const r = await api("GET", `/api/tables/${this.code}/replay/0`);
      this.replay = { step: 0, steps: r.steps, data: r };
    } catch (e) { /* replay is optional */ }
  },

  async replayTo(step) {
    if (step < 0 || step > this.replay.steps) return;
    try {
      const r = await api("GET", `/api/tables/${this.code}/replay/${step}`);
      this.replay = { step, steps: r.steps, data: r };
    } catch (e) { this.error = e.message; }
  },

  // ------------------------------------------------------------ acting
  act(a) {
    if (this.irreversible(a)) { this.confirming = a; return; }
    this.send(a);
  },
  irreversible(a) { return IRREVERSIBLE.has(a.action); },
  send(a) {
    if (!this.ws || this.ws.readyState !== 1) { this.error = "not connected: wait for the reconnection"; return; }
    this.error = "";
    this.busy = true;
    this.ws.send(JSON.stringify({ type: "action", id: ++this.msgId, action: a }));
  },
  post() {
    const text = this.postText.trim();
    if (!text || !this.ws || this.ws.readyState !== 1) return;
    this.ws.send(JSON.stringify({ type: "post", id: ++this.msgId, text }));
    this.postText = "";
  },

  // ------------------------------------------------------------ host
  async hostCall(path, body) {
    this.error = "";
    try { this.table = await api("POST", `/api/tables/${this.code}/${path}`, body, this.hostToken); }
    catch (e) { this.error = e.message; }
  },
  start() { return this.hostCall("start"); },
  kick(name) { return this.hostCall("kick", { name }); },
  addBot() { return this.hostCall("bots", { count: 1 }); },
  replaceByBot(name) { return this.hostCall("replace", { name }); },

  // ------------------------------------------------------------ rendering
  joinUrl() { return `${location.origin}/?join=${this.code}`; },
  qrSvg() {
    if (!this.code) return "";
    const qr = qrcode(0, "M");
    qr.addData(this.joinUrl());
    qr.make();
    return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true, alt: "QR code of the join link" });
  },
  connLabel() {
    return { connecting: "connecting…", reconnecting: "reconnecting…", connected: "connected" }[this.connState] || "";
  },
  phaseLabel() {
    if (!this.view) return this.table ? this.table.status : "";
    if (this.view.over) return "game over";
    const step = this.view.board && this.view.board.step;
    return this.view.phase + (step && step !== this.view.phase ? ` · ${String(step).replace(/_/g, " ")}` : "");
  },
  countdown() {
    if (!this.state || !this.state.deadline) return "";
    const left = Math.max(0, Math.round((Date.parse(this.state.deadline) - this.now) / 1000));
    const m = Math.floor(left / 60), s = left % 60;
    return `⏱ ${m}:${String(s).padStart(2, "0")}`;
  },
  actionGroups() {
    if (!this.state || !this.state.legal_actions) return [];
    const groups = [];
    for (const a of this.state.legal_actions) {
      if (a.action === "post") continue;
      let g = groups.find(x => x.kind === a.action);
      if (!g) { g = { kind: a.action, title: actionTitle(this.view, a), actions: [] }; groups.push(g); }
      g.actions.push(a);
    }
    return groups;
  },
  actionLabel(a) { return actionLabel(this.view, a); },
  posts() {
    // the thread as the game's observer writes it (Secret Hitler's includes the Mod's posts)
    return this.thread.map(p => ({ seq: p.seq, player: p.by, text: p.text, mark: p.mark }));
  },
  eventLine(e, full) { return eventLine(e, full); },
  boardHtml(view) { return view ? boardHtml(view) : ""; },
  privateHtml() { return this.view ? privateHtml(this.view) : ""; },
  resultHtml() { return this.view && this.reveal ? resultHtml(this.view, this.reveal) : ""; },
  replayEntryLabel(entry) { return replayEntryLabel(entry); },
}));

window.Alpine = Alpine;
Alpine.start();
export { esc };
