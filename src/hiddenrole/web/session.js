// The table a page looks at: one Alpine store ("session") over one TableSocket. Pages (lobby,
// table, TV, replay) read it; they act through its methods. A seat token is kept in
// localStorage under `hiddenrole.seat.CODE` so a reload or a phone that slept resumes the
// seat; the host token under `hiddenrole.host.CODE`.

import Alpine from "./vendor/alpine.esm.min.js";
import { TableSocket, mergePatch } from "./ws.js";
import { i18n, t } from "./i18n.js";
import { loadGame } from "./games.js";

const IRREVERSIBLE = new Set(["execute", "call_end"]);

export function stored(kind, code) {
  try { return JSON.parse(localStorage.getItem(`hiddenrole.${kind}.${code}`) || "null"); } catch { return null; }
}
export function store(kind, code, value) {
  localStorage.setItem(`hiddenrole.${kind}.${code}`, JSON.stringify(value));
}

/** A REST call (docs/protocol.md); throws an Error with the server's one-line message. */
export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const msg = data.error ? data.error.message : r.statusText;
    throw new Error(msg);
  }
  return data;
}

export const session = {
  code: "",
  mode: "",          // "table" (a seat or a spectator) or "tv" (always a spectator)
  me: null,
  token: null,
  hostToken: null,
  table: null,
  state: null,
  view: null,
  events: [],
  thread: [],
  reveal: null,
  game: "",          // the name of the loaded game module (games/<name>.js)
  connState: "",
  busy: false,
  error: "",
  confirming: null,
  now: Date.now(),
  socket: null,
  serverLang: false, // the server narrates in the reader's language (its snapshot names `lang`)
  langRefused: false,

  get ws() { return this.socket && this.socket.ws; },
  get seq() { return this.socket ? this.socket.seq : 0; },
  get resyncing() { return !!(this.socket && this.socket.resyncing); },
  onMessage(msg) { this.socket.receive(msg); },

  /** The state's narration for this reader (phase, waiting_for, deadline_note, prompt), or {}. */
  get narration() { return (this.state && this.state.narration) || {}; },

  async open(code, mode) {
    this.close();
    Object.assign(this, { code, mode, table: null, state: null, view: null, events: [], thread: [], reveal: null,
      error: "", confirming: null, busy: false });
    const seat = mode === "tv" ? null : stored("seat", code);
    this.me = seat ? seat.name : null;
    this.token = seat ? seat.token : null;
    this.hostToken = mode === "tv" ? null : stored("host", code);
    try {
      const out = await api("GET", `/api/tables/${code}`, undefined, this.token);
      this.table = out.table;
      if (this.token && !out.you) { this.me = null; this.token = null; }
      await this.useGame(out.table.game);
    } catch (e) { this.error = e.message; return; }
    if (this.code !== code) return;  // the reader went elsewhere meanwhile
    this.connect();
  },

  async useGame(name) {
    await loadGame(name);
    this.game = name;
  },

  connect() {
    const sock = new TableSocket(this.code, () => {
      const hello = this.token ? { token: this.token } : { spectator: true };
      if (!this.langRefused) hello.lang = i18n.lang;
      return hello;
    });
    sock.onState = (s) => { this.connState = s; };
    sock.on("snapshot", (m) => this.onSnapshot(m));
    sock.on("update", (m) => this.onUpdate(m));
    sock.on("reveal", (m) => { this.reveal = m.reveal; });
    sock.on("ack", () => { this.busy = false; });
    sock.on("error", (m) => this.onError(m));
    this.socket = sock;
    sock.open();
  },

  close() {
    if (this.socket) this.socket.close();
    this.socket = null;
  },

  wake() { if (this.socket) this.socket.wake(); },

  onSnapshot(msg) {
    this.serverLang = msg.lang !== undefined;
    this.table = msg.table;
    this.events = msg.events;
    this.thread = msg.thread;
    this.setState(msg.state);
    if (msg.reveal) this.reveal = msg.reveal;
  },

  onUpdate(msg) {
    // only what is new: events and thread posts to append, the state's changed fields
    if (msg.events.length) this.events = this.events.concat(msg.events);
    if (msg.thread.length) this.thread = this.thread.concat(msg.thread);
    this.setState(mergePatch(this.state, msg.patch));
  },

  onError(msg) {
    this.busy = false;
    if (msg.code === "bad_message" && !this.langRefused && !this.state && /lang/.test(msg.message)) {
      // a server without narration in the reader's language: say hello without it
      this.langRefused = true;
      this.socket.raw({ type: "hello", protocol: 2, ...(this.token ? { token: this.token } : { spectator: true }) });
      return;
    }
    if (["kicked", "seat_replaced", "bad_token"].includes(msg.code)) {
      localStorage.removeItem(`hiddenrole.seat.${this.code}`);
      this.token = null; this.me = null;
      this.open(this.code, this.mode).then(() => { this.error = msg.message; });  // watch on as a spectator
      this.error = msg.message;
      return;
    }
    this.error = msg.message;
  },

  setState(state) {
    this.state = state;
    if (this.table) { this.table.status = state.status; this.table.seats = state.seats; }
    if (state.view) this.view = state.view;
    this.busy = false;
  },

  /** Asks the server to narrate in `lang` from now on (a fresh snapshot answers). */
  switchLanguage(lang) {
    if (this.socket && this.serverLang) this.socket.send("lang", { lang });
  },

  // ------------------------------------------------------------ acting
  legal() {
    return (this.state && this.state.legal_actions ? this.state.legal_actions : []).filter(a => a.action !== "post");
  },
  act(a) {
    if (IRREVERSIBLE.has(a.action)) { this.confirming = a; return; }
    this.send(a);
  },
  send(a) {
    this.confirming = null;
    this.error = "";
    if (this.socket && this.socket.send("action", { action: a }) !== null) this.busy = true;
    else this.error = t("Not connected: wait for the reconnection.");
  },
  post(text) {
    text = String(text || "").trim();
    if (!text) return false;
    if (!this.socket || this.socket.send("post", { text }) === null) {
      this.error = t("Not connected: wait for the reconnection.");
      return false;
    }
    return true;
  },

  // ------------------------------------------------------------ host
  async hostCall(path, body) {
    this.error = "";
    try { this.table = await api("POST", `/api/tables/${this.code}/${path}`, body, this.hostToken); }
    catch (e) { this.error = e.message; }
  },

  /** Seconds until `iso` (never negative), as m:ss. */
  countdown(iso) {
    if (!iso) return "";
    const left = Math.max(0, Math.round((Date.parse(iso) - this.now) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  },
};
