// The table a page looks at: one Alpine store ("session") over one TableSocket. Pages (lobby,
// table, TV, replay) read it; they act through its methods. A seat token is kept in
// localStorage under `hiddenrole.seat.CODE` so a reload or a phone that slept resumes the
// seat; the host token under `hiddenrole.host.CODE`.

import Alpine from "./vendor/alpine.esm.min.js";
import { TableSocket, mergePatch } from "./ws.js";
import { i18n, t } from "./i18n.js";
import { gameModule, loadGame } from "./games.js";

const IRREVERSIBLE = new Set(["execute", "call_end"]);
/** The refusals that are about the game as it was (whose turn, what one may choose, a pause,
 * a game not started or over): once that has passed, the refusal goes by itself. */
const STATE_REFUSALS = new Set(["out_of_turn", "illegal_action", "paused", "not_started", "game_over"]);

/** What a refusal about the game's state was about: the game's status, the pause, whether it
 * waits for this reader and the moves it offers (the posts aside). */
export function situation(state) {
  if (!state) return "";
  const legal = (state.legal_actions || []).filter(a => a.action !== "post");
  return JSON.stringify([state.status, !!state.paused, !!state.waiting, legal]);
}

export function stored(kind, code) {
  try { return JSON.parse(localStorage.getItem(`hiddenrole.${kind}.${code}`) || "null"); } catch { return null; }
}
export function store(kind, code, value) {
  localStorage.setItem(`hiddenrole.${kind}.${code}`, JSON.stringify(value));
}

/** A REST call (docs/protocol.md); throws an Error with the server's one-line message, told
 * in the page's language (sent as Accept-Language), and its `code` and HTTP `status`. */
export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json", "Accept-Language": i18n.lang };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const msg = data.error ? data.error.message : r.statusText;
    const err = new Error(msg);
    err.status = r.status;  // the HTTP status and the server's error code, for a caller that words it itself
    err.code = data.error ? data.error.code : "";
    throw err;
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
  sending: null,     // the post on its way, until the server's ack or refusal: {id, text, done} (done: called on the ack)
  error: "",
  errorAt: null,     // a refusal about the game's state: {message, situation}; it goes once that situation has passed
  missing: "",       // the table could not be opened (no such code, or it closed): why, in words
  confirming: null,
  confirmExplain: "",  // what the chosen button said it does (the narrated prompt's choice), for the confirm step
  notice: "",        // a private event the reader must not miss (a votecode that did not count), in words
  noticeNote: "",    // the game's one sentence more for it, shown as typed (the forum's bold: **123**)
  howto: "",         // the game whose how-to-play is open ("" = closed)
  now: Date.now(),
  socket: null,
  serverLang: false, // the server narrates in the reader's language (its snapshot names `lang`)
  langRefused: false,
  notices: [],       // the table's own events (missed deadlines, pause, substitutes...), each with its text
  substituteLink: "", // the last substitute link the host made
  substituteFor: null, // its seat and how many substitutes had taken it then ({name, count})
  sound: localStorage.getItem("hiddenrole.sound") === "on",  // the turn cue's sound: off unless chosen
  cues: 0,           // how many turn cues fired (for the page's tests)
  cuedFor: "",       // what the last cue was for (a turn, or a deadline close to its end)
  flashing: null,

  get ws() { return this.socket && this.socket.ws; },
  /** Whether the link is up: actions are disabled otherwise. */
  get online() { return this.connState === "connected"; },
  /** Whether this page holds the host's controls: the seat that holds the role when a player
   * holds it (`state.host`; a passed role leaves the old host's token dead), else the host token. */
  get isHost() {
    const holder = this.state && this.state.host;
    if (holder) return !!this.me && holder === this.me;
    return !!this.hostToken;
  },
  get seq() { return this.socket ? this.socket.seq : 0; },
  get resyncing() { return !!(this.socket && this.socket.resyncing); },
  onMessage(msg) { this.socket.receive(msg); },

  /** The state's narration for this reader (phase, waiting_for, deadline_note, prompt), or {}. */
  get narration() { return (this.state && this.state.narration) || {}; },

  async open(code, mode) {
    this.close();
    Object.assign(this, { code, mode, table: null, state: null, view: null, events: [], thread: [], reveal: null,
      error: "", errorAt: null, missing: "", confirming: null, busy: false });
    const seat = mode === "tv" ? null : stored("seat", code);
    this.me = seat ? seat.name : null;
    this.token = seat ? seat.token : null;
    this.hostToken = mode === "tv" ? null : stored("host", code);
    try {
      let out;
      try { out = await api("GET", `/api/tables/${code}`, undefined, this.token); } catch (e) {
        if (!this.token) throw e;
        out = { table: (await api("GET", `/api/tables/${code}`)).table };  // the saved seat token is stale
      }
      this.table = out.table;
      if (this.token && !out.you) this.dropSeat();
      await this.useGame(out.table.game);
    } catch (e) {
      if (["no_table", "table_expired"].includes(e.code)) this.missing = e.message;  // the page says it, with a way home
      else this.error = e.message;
      return;
    }
    if (this.code !== code) return;  // the reader went elsewhere meanwhile
    this.connect();
  },

  /** Forgets a saved seat this table no longer knows: the page watches as a spectator and says so. */
  dropSeat() {
    localStorage.removeItem(`hiddenrole.seat.${this.code}`);
    this.me = null;
    this.token = null;
    this.error = t("The seat saved on this device is no longer yours: you are watching the table as a spectator.");
  },

  async useGame(name) {
    await loadGame(name);
    this.game = name;
  },

  connect() {
    const sock = new TableSocket(this.code, () => {
      const hello = this.helloFields();
      if (!this.langRefused) hello.lang = i18n.lang;
      return hello;
    });
    sock.onState = (s) => {
      this.connState = s;
      if (s !== "connected") this.sending = null;  // a post lost with the link gets no answer
    };
    sock.on("snapshot", (m) => this.onSnapshot(m));
    sock.on("update", (m) => this.onUpdate(m));
    sock.on("reveal", (m) => { this.reveal = m.reveal; });
    sock.on("notice", (m) => { this.notices = this.notices.concat([{ ...m, pos: this.events.length }]); });
    sock.on("ack", (m) => { this.busy = false; this.settle(m.id, true); });
    sock.on("error", (m) => this.onError(m));
    this.socket = sock;
    sock.open();
  },

  /** Who this page says it is in its hello: its seat; else, with the host token, a watcher who
   * holds the host role (so the server sees the host here, and away when the page is gone:
   * docs/protocol.md "Taking over from an absent host"); else a spectator. The host token
   * adds nothing to what the page sees: a host without a seat sees what a spectator sees. */
  helloFields() {
    if (this.token) return { token: this.token };
    return this.hostToken ? { spectator: true, host_token: this.hostToken } : { spectator: true };
  },

  close() {
    if (this.socket) this.socket.close();
    this.socket = null;
  },

  wake() { if (this.socket) this.socket.wake(); },
  /** The device went offline: the link is gone now (reconnecting with backoff). */
  lost() { if (this.socket && this.socket.ws) this.socket.lost(); },

  onSnapshot(msg) {
    this.serverLang = msg.lang !== undefined;
    this.table = msg.table;
    this.events = msg.events;
    this.thread = msg.thread;
    this.notices = this.placed(msg.notices || []);
    this.setState(msg.state);
    if (msg.reveal) this.reveal = msg.reveal;
  },

  /** Notices with their place in the feed (`pos`: how many of the reader's events came
   * before it). A snapshot's notices carry the server's `pos`, so a reload (or another
   * device) shows each where it happened; a notice arriving live goes where the feed is now. */
  placed(notices) {
    return notices.map(n => ({ ...n, pos: Math.min(typeof n.pos === "number" ? n.pos : this.events.length, this.events.length) }));
  },

  onUpdate(msg) {
    // only what is new: events and thread posts to append, the state's changed fields
    if (msg.events.length) {
      this.events = this.events.concat(msg.events);
      this.noticeFrom(msg.events);
    }
    if (msg.thread.length) this.thread = this.thread.concat(msg.thread);
    this.setState(mergePatch(this.state, msg.patch));
  },

  /** The server answered message `id`: if it is the post on its way, it is no longer; an
   * added post (`ok`) calls its `done`. */
  settle(id, ok) {
    const s = this.sending;
    if (!s || s.id !== id) return;
    this.sending = null;
    if (ok && s.done) s.done();
  },

  onError(msg) {
    this.busy = false;
    const post = !!this.sending && this.sending.id === msg.id;  // a refused post stays: its text is still in the box
    this.settle(msg.id, false);
    if (msg.code === "bad_message" && !this.langRefused && !this.state && /lang/.test(msg.message)) {
      // a server without narration in the reader's language: say hello without it
      this.langRefused = true;
      this.socket.raw({ type: "hello", protocol: 2, ...this.helloFields() });
      return;
    }
    if (msg.code === "not_host" && this.hostToken && !this.token && !this.online) {
      // the hello's host token no longer holds the role (a player took it over, or was handed
      // it): it never will again, so the page forgets it and watches as a spectator
      localStorage.removeItem(`hiddenrole.host.${this.code}`);
      this.hostToken = null;
      this.socket.raw({ type: "hello", protocol: 2, ...this.helloFields(), ...(this.langRefused ? {} : { lang: i18n.lang }) });
      return;
    }
    if (["kicked", "seat_replaced", "bad_token", "substituted"].includes(msg.code)) {
      localStorage.removeItem(`hiddenrole.seat.${this.code}`);
      this.token = null; this.me = null;
      this.open(this.code, this.mode).then(() => { this.error = msg.message; });  // watch on as a spectator
      this.error = msg.message;
      return;
    }
    this.error = msg.message;
    this.errorAt = STATE_REFUSALS.has(msg.code) && !post ? { message: msg.message, situation: situation(this.state) } : null;
  },

  /** Shows prominently the private events the game module marks as alerts (`alerts`: kinds). */
  noticeFrom(events) {
    const kinds = gameModule(this.game).alerts || [];
    const hit = events.filter(e => e.private && kinds.includes(e.kind) && Array.isArray(e.narration));
    if (!hit.length) return;
    this.notice = hit.map(e => e.narration.join(" ")).join(" ");
    this.noticeNote = gameModule(this.game).alertNote(hit[hit.length - 1]) || "";
  },

  /** Opens the how-to-play of game `name` (loads its module first). */
  async showHowTo(name) {
    if (!name) return;
    await loadGame(name);
    this.howto = name;
  },

  setState(state) {
    const was = this.state && this.state.waiting;
    this.state = state;
    const at = this.errorAt;
    if (at && (this.error !== at.message || situation(state) !== at.situation)) {
      // the refusal was about a game that has moved on (or another message replaced it)
      if (this.error === at.message) this.error = "";
      this.errorAt = null;
    }
    if (state.waiting && !was) this.cue("turn");
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
  act(a, explain) {
    if (IRREVERSIBLE.has(a.action)) { this.confirmExplain = explain || ""; this.confirming = a; return; }
    this.send(a);
  },
  send(a) {
    this.confirming = null;
    this.error = "";
    if (this.socket && this.socket.send("action", { action: a }) !== null) this.busy = true;
    else this.error = t("Not connected: wait for the reconnection.");
  },
  /** Sends a post; `done` is called once the server added it (a refused post leaves the
   * writer's text where it is). Returns whether it went out. The same text again while it is
   * on its way (a double click, Enter and a click) is that one post: not sent twice. */
  post(text, done) {
    text = String(text || "").trim();
    if (!text) return false;
    if (this.sending && this.sending.text === text) return false;
    this.error = "";  // the last refusal is answered by this try (a new refusal shows again)
    const id = this.socket ? this.socket.send("post", { text }) : null;
    if (id === null) {
      this.error = t("Not connected: wait for the reconnection.");
      return false;
    }
    this.sending = { id, text, done: done || null };
    return true;
  },

  // ------------------------------------------------------------ turn cues
  /** It is this player's turn (or a deadline that concerns them is near): the title flashes,
   * the phone vibrates, a short sound plays if chosen, and a notification shows when the page
   * is hidden and the player allowed them. */
  cue(why) {
    this.cues += 1;
    this.cuedFor = why;
    const words = why === "turn" ? t("Your move") : t("Less than a minute left");
    this.flashTitle(words);
    if (navigator.vibrate) { try { navigator.vibrate([150, 80, 150]); } catch { /* not allowed */ } }
    if (this.sound) this.beep();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(words, { body: this.table ? this.table.title : "", tag: "hiddenrole-turn" }); }
      catch { /* some browsers allow notifications only from a service worker */ }
    }
  },
  flashTitle(words) {
    const base = this.baseTitle || (this.baseTitle = document.title);
    clearInterval(this.flashing);
    let n = 0;
    document.title = `▶ ${words}`;
    this.flashing = setInterval(() => {
      n += 1;
      const stop = n > 20 || !(this.state && this.state.waiting) || (n > 4 && !document.hidden);
      if (stop) { clearInterval(this.flashing); this.flashing = null; document.title = base; return; }
      document.title = n % 2 ? base : `▶ ${words}`;
    }, 700);
  },
  beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880; gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.18);
    } catch { /* no audio */ }
  },
  setSound(on) { this.sound = !!on; localStorage.setItem("hiddenrole.sound", on ? "on" : "off"); },
  async askNotifications() {
    if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission();
  },
  get notificationState() { return "Notification" in window ? Notification.permission : "unsupported"; },
  /** Called by the page's clock: a deadline that concerns this player is under a minute away. */
  tick() {
    const st = this.state;
    if (!st || !st.waiting || !st.deadline) return;
    const left = Date.parse(st.deadline) - this.now;
    if (left > 0 && left < 60000 && this.cuedFor !== st.deadline) { this.cue("deadline"); this.cuedFor = st.deadline; }
  },

  // ------------------------------------------------------------ host
  /** One of the host's controls (docs/protocol.md): pause, resume, extend, skip, replace, host, kick, void. */
  async control(body) {
    this.error = "";
    try {
      const out = await api("POST", `/api/tables/${this.code}/control`, body, this.hostToken || this.token);
      this.table = out.table;
      if (out.link) {
        this.substituteLink = out.link;
        const seat = ((this.table && this.table.seats) || []).find(s => s.name === out.name);
        this.substituteFor = { name: out.name, count: (seat && seat.substitutes) || 0 };  // used once it grows
      }
      return out;
    } catch (e) { this.error = e.message; return null; }
  },
  presenceWords(s) {
    return { present: t("here"), away: t("away"), bot: t("played by a bot"), replaced: t("replaced by a bot") }[s.presence]
      || (s.bot ? t("played by a bot") : (s.connected ? t("here") : t("away")));
  },

  async hostCall(path, body) {
    this.error = "";
    try { this.table = await api("POST", `/api/tables/${this.code}/${path}`, body, this.hostToken || this.token); }
    catch (e) { this.error = e.message; }
  },

  /** Whether this seated reader may take the host role: the host has been away long enough
   * (the state's `host_away`, since when), before or during the game. */
  get takeoverOffer() {
    const st = this.state;
    return !!(st && st.host_away && this.me && this.mode === "table" && !this.isHost
      && ["lobby", "running"].includes(st.status));
  },
  /** The takeover offer in words: how long the host has been away (whole minutes). */
  takeoverWords() {
    const since = this.state && this.state.host_away ? Date.parse(this.state.host_away) : this.now;
    const minutes = Math.max(1, Math.floor((this.now - since) / 60000));
    return t("The host has been away for {minutes} min: take over as host?", { minutes });
  },
  /** Takes the host role over (one tap); everyone is told who is host now. */
  takeHost() {
    this.error = "";
    if (!this.socket || this.socket.send("take_host", {}) === null) this.error = t("Not connected: wait for the reconnection.");
    else this.busy = true;
  },

  /** Seconds until `iso` (never negative), as m:ss. */
  /** The pause in words, with the time the reader's deadline keeps for the resume (`remaining`, seconds). */
  pausedWords() {
    const left = this.state && typeof this.state.remaining === "number" ? Math.max(0, Math.round(this.state.remaining)) : null;
    if (left === null) return t("Paused by the host");
    return t("Paused by the host: {time} left when the game resumes", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
  },

  countdown(iso) {
    if (!iso) return "";
    const left = Math.max(0, Math.round((Date.parse(iso) - this.now) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  },
};
