// Home: join a table by code or link, create a table (game, options in plain words, pace,
// bots, the host's own seat), the open tables.

import { api, store, stored } from "../session.js";
import { i18n, t } from "../i18n.js";
import { loadGame } from "../games.js";
import { NAME_LIMIT, clipName, nameCount } from "../limits.js";
import { codeLength, isTableCode, notACodeWords } from "../invite.js";

/** What the table-code box holds: a code typed with separators ("54-DRBG", "54 drbg") or a
 * pasted link (its `?join=` code, or a table's `#/t/CODE`); `{code, link}`, `link` when the
 * text was a link that holds no code. */
export function codeFrom(text) {
  const s = String(text || "").trim();
  const m = s.match(/[?&]join=([A-Za-z0-9 -]+)/) || s.match(/#\/(?:t|tv|r)\/([A-Za-z0-9]+)/);
  if (m) return { code: m[1].replace(/[^A-Za-z0-9]/g, "").toUpperCase(), link: false };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s) || /^[^\s/]+\.[^\s/]+\//.test(s)) return { code: "", link: true };
  return { code: s.replace(/[^A-Za-z0-9]/g, "").toUpperCase(), link: false };
}


export function homePage() {
  return {
    games: [],
    openTables: [],
    form: { game: "", options: {}, pace: "turbo", factor: 10, bots: 0, host_name: "" },
    codeInput: "",
    codeError: "",  // what was wrong with the code typed or in the join link
    started: null,  // the table of the code typed, when its game has started or ended: {code, over}
    createError: "",  // why the server refused to create the table: shown next to the Create button
    joinCode: "",
    joinName: "",
    presets: [],   // the chosen game's ready-made setups (its module's `presets`)
    preset: "",    // the one applied, until the form is changed by hand
    myTables: [],  // the tables this browser holds a seat at: {code, title}
    busy: false,   // a create or join request is in flight: its button is disabled
    claimChoice: null,  // a substitute link naming its seat, until the reader says whose seat it is: {claim, seat}

    async init() {
      const params = new URLSearchParams(location.search);
      const join = params.get("join"), claim = params.get("claim");
      if (join !== null && !isTableCode(codeFrom(join).code)) {
        // a join link whose code cannot be a table's (forged, cut short, empty): said at once,
        // before any request, and its code is never joined
        await this.checkCode(join, true);
        history.replaceState(null, "", "/");
      } else if (join) this.joinCode = codeFrom(join).code;
      const code = this.joinCode;
      if (code && claim && params.get("seat")) {
        // a substitute link naming its seat: ask whether it is the reader's own seat coming back
        this.claimChoice = { claim, seat: params.get("seat") };
        return;
      }
      if (code && claim && await this.claimSeat(false, claim)) return;
      if (this.joinCode && stored("seat", this.joinCode)) { location.hash = `#/t/${this.joinCode}`; return; }
      if (this.joinCode) await this.checkCode(this.joinCode);  // a wrong join link is said at once
      await this.load();
      this.$watch(() => i18n.lang, () => this.load());
      if (this.joinCode) this.$nextTick(() => { const el = this.$root.querySelector("input[name=join-name]"); if (el) el.focus(); });
    },

    /** Takes the seat a substitute link opens (once), then plays it; `back`: the reader is
     * the seat's own player (the others read "Hal is back"). Returns whether it did. */
    async claimSeat(back, claim) {
      const c = claim || (this.claimChoice && this.claimChoice.claim);
      const body = { claim: c };
      if (back && this.claimChoice) body.name = this.claimChoice.seat;
      this.busy = true;
      try {
        const out = await api("POST", `/api/tables/${this.joinCode}/claim`, body);
        store("seat", this.joinCode, { name: out.name, token: out.token });
        history.replaceState(null, "", "/");
        location.hash = `#/t/${this.joinCode}`;
        return true;
      } catch (e) {
        this.$store.session.error = e.message;
        this.claimChoice = null;
        this.busy = false;
        if (!claim) { await this.checkCode(this.joinCode); await this.load(); }
        return false;
      }
    },

    async load() {
      try {
        this.games = await api("GET", `/api/games?lang=${i18n.lang}`);
        if (!this.form.game && this.games.length) { this.form.game = this.games[0].name; this.resetOptions(); }
        await this.loadPresets();
        this.openTables = await api("GET", "/api/tables");
      } catch (e) { this.$store.session.error = e.message; }
      await this.loadMyTables();
    },

    /** The codes this browser holds a seat at (``hiddenrole.seat.CODE`` in localStorage). */
    seatCodes() {
      const out = [];
      for (let i = 0; i < localStorage.length; i++) {
        const m = (localStorage.key(i) || "").match(/^hiddenrole\.seat\.([A-Z0-9]+)$/);
        if (m && stored("seat", m[1])) out.push(m[1]);
      }
      return out.sort();
    },

    /** "Your tables": each held seat's table with its game's name; a table the server no
     * longer has is forgotten (its seat cannot come back). */
    async loadMyTables() {
      const found = [];
      for (const code of this.seatCodes()) {
        try {
          const out = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
          found.push({ code, game: out.table.game, title: out.table.title });
        } catch (e) {
          if (["no_table", "table_expired"].includes(e.code)) localStorage.removeItem(`hiddenrole.seat.${code}`);
        }
      }
      this.myTables = found;
    },

    /** Goes to the table ``code`` if this browser already holds a seat there; returns whether it did. */
    backToSeat(code) {
      if (!code || !stored("seat", code)) return false;
      history.replaceState(null, "", "/");
      location.hash = `#/t/${code}`;
      return true;
    },

    /** A table of "Your tables" in words: its game's name (in the page's language) and its code. */
    myTableWords(tb) {
      const g = this.games.find(x => x.name === tb.game);
      return `${g ? g.title : tb.title} · ${tb.code}`;
    },

    currentGame() { return this.games.find(g => g.name === this.form.game); },

    clipName,
    /** The name's limit where it is typed: the field stops at 40 characters (as the server
     * counts them), so it says so, and counts once the name is long. */
    nameLimitWords(name) {
      const n = nameCount(name);
      if (n >= NAME_LIMIT) return t("{n} of {max} characters: a name cannot be longer.", { n, max: NAME_LIMIT });
      if (n >= NAME_LIMIT - 10) return t("{n} of {max} characters.", { n, max: NAME_LIMIT });
      return t("Up to {max} characters.", { max: NAME_LIMIT });
    },

    /** The most bot seats the chosen game takes: its most players, less the host's own seat. */
    maxBots() {
      const g = this.currentGame();
      return g ? Math.max(0, g.max_players - (this.form.host_name.trim() ? 1 : 0)) : 20;
    },

    resetOptions() {
      const g = this.currentGame();
      const opts = {};
      if (g) for (const o of g.options) opts[o.name] = o.type === "bool" ? !!o.default : "";
      this.form.options = opts;
      this.preset = "";
      this.loadPresets();
    },

    async loadPresets() {
      const name = this.form.game;
      if (!name) { this.presets = []; return; }
      const mod = await loadGame(name);
      if (this.form.game === name) this.presets = mod.presets || [];
    },

    /** What the chosen pace does (below the select, whose options keep to a short name). */
    paceExplain() {
      return { turbo: t("The rules’ own timings."), fast: t("Every duration divided by a factor."),
        untimed: t("A phase ends when everyone has acted, however long that takes.") }[this.form.pace] || "";
    },
    /** A preset: the rulebook's values, then the preset's options and the table's pace. */
    applyPreset(p) {
      const g = this.currentGame();
      const opts = {};
      for (const o of g.options) {
        const v = p.options[o.name];
        opts[o.name] = o.type === "bool" ? (v === undefined ? !!o.default : !!v) : (v === undefined ? "" : String(v));
      }
      this.form.options = opts;
      this.form.pace = p.pace || "turbo";
      if (p.factor) this.form.factor = p.factor;
      this.preset = p.id;
    },

    /** An option's value in words: a choice's label, yes/no for a switch, else the value. */
    valueWords(o, v) {
      if (o.choice_labels && o.choice_labels[String(v)] !== undefined) return o.choice_labels[String(v)];
      if (typeof v === "boolean") return v ? t("yes") : t("no");
      return String(v);
    },

    /** An option's name in words ("vote_seconds" -> "Vote seconds"), when the server gives no label. */
    optionName(o) {
      if (o.label) return o.label;
      const w = o.name.replace(/_/g, " ");
      return w.charAt(0).toUpperCase() + w.slice(1);
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
      const S = this.$store.session;
      if (this.busy) return;  // a double click creates one table
      this.busy = true;
      S.error = "";
      this.createError = "";
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
      } catch (e) {
        // said next to the Create button, where the user is, not at the top of the page
        this.createError = e.message;
        this.busy = false;  // on success the page leaves: it stays disabled
        // x-show shows it in the next frame: focus it then (a hidden element takes no focus)
        this.$nextTick(() => requestAnimationFrame(() => {
          const el = this.$root.querySelector("[data-test=create-error]");
          if (el) { el.scrollIntoView({ block: "center" }); el.focus({ preventScroll: true }); }
        }));
      }
    },

    /** Whether a table with ``code`` exists: if so it becomes the one to join (the name is
     * asked next); if not, "No table with code X" is said at once and the code form stays; if
     * its game has started (or ended), that is said at once with a link to watch it. */
    async checkCode(text, fromLink = false) {
      const raw = String(text || "").trim();
      const typed = codeFrom(raw);  // a pasted link gives its code; spaces and dashes are ignored
      const code = typed.code;
      this.codeError = "";
      this.started = null;
      if (typed.link || (fromLink && !raw)) {
        this.codeError = t("This link holds no table code: paste the join link the host sent, or type the code (6 letters and digits).");
        return false;
      }
      if (!raw) { this.codeError = t("Type the table code (6 letters and digits)."); return false; }
      if (!isTableCode(code)) {  // said at once, before any request
        if (/^[A-Za-z0-9 -]+$/.test(raw) && code.length !== codeLength() && code.length <= 2 * codeLength()) {
          this.codeInput = code;  // a code one letter short or long: to be corrected
          this.codeError = t("A table code has 6 letters and digits: {code} has {n}.", { code, n: code.length });
        } else {
          if (fromLink) this.codeInput = "";  // never a forged code in the box
          this.codeError = notACodeWords(raw);
        }
        return false;
      }
      try {
        const out = await api("GET", `/api/tables/${encodeURIComponent(code)}`);
        if (out.table.status !== "lobby" && !stored("seat", code)) {
          this.joinCode = "";
          this.codeInput = code;
          this.started = { code, over: out.table.status === "over" };
          if (location.search) history.replaceState(null, "", "/");
          return false;
        }
      } catch (e) {
        this.joinCode = "";
        this.codeInput = code;
        this.codeError = e.status === 404 ? t("No table with code {code}.", { code }) : e.message;
        if (location.search) history.replaceState(null, "", "/");
        return false;
      }
      this.joinCode = code;
      return true;
    },

    async submitCode() {
      if (this.busy) return;
      this.busy = true;
      let ok;
      try { ok = await this.checkCode(this.codeInput); } finally { this.busy = false; }
      if (ok && this.backToSeat(this.joinCode)) { this.joinCode = ""; this.codeInput = ""; return; }
      if (ok) {
        this.$nextTick(() => { const el = this.$root.querySelector("input[name=join-name]"); if (el) el.focus(); });
      }
    },

    async join() {
      const S = this.$store.session;
      if (this.busy) return;  // a double click takes one seat
      if (this.backToSeat(this.joinCode)) { this.joinCode = ""; return; }
      this.busy = true;
      S.error = "";
      try {
        const out = await api("POST", `/api/tables/${encodeURIComponent(this.joinCode)}/join`, { name: this.joinName.trim() });
        store("seat", this.joinCode, { name: out.name, token: out.token });
        const code = this.joinCode;
        this.joinCode = "";
        history.replaceState(null, "", "/");
        location.hash = `#/t/${code}`;
      } catch (e) { S.error = e.message; this.busy = false; }  // on success the page leaves: it stays disabled
    },
  };
}
