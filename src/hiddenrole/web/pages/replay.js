// The replay of a finished game (`#/r/CODE/STEP`, a shareable link; `#/replay/CODE` too): a title (game, table,
// players, result) with the way back to the table and the home page; play/pause, a scrubber,
// back and next, each step told in the narrator's sentences, the board at each step and the
// narrated events so far, the full reveal at the end.

import { mount } from "../dom.js";
import { i18n, t } from "../i18n.js";
import { api } from "../session.js";
import { gameModule, loadGame, human } from "../games.js";

export function replayPage() {
  let timer = null;
  // the newest request of a step and of the whole game: an older answer that arrives later
  // (a quick second tap, the play timer) is dropped, never shown; so is every answer that
  // arrives after the page was left (its link is no longer the address)
  let asked = 0, askedAll = 0, gone = false;
  return {
    code: "",
    step: 0,
    steps: 0,
    data: null,
    all: [],       // every event of the game (for the jumps to a day or turn)
    counts: [],    // events after each step
    game: "",
    title: "",
    players: [],
    playing: false,
    error: "",
    unfinished: "",  // the game is not over: why there is no replay, in words

    async init() {
      const m = location.hash.match(/^#\/(?:r|replay)\/([A-Za-z0-9]+)(?:\/(\d+))?/);
      this.code = m ? m[1].toUpperCase() : "";
      try {
        const out = await api("GET", `/api/tables/${this.code}`);
        this.title = out.table.title || "";
        if (out.table.status !== "over") {  // nothing to replay yet: the sentence alone, no empty player
          this.unfinished = t("A game can be replayed only after it is over.");
          return;
        }
        await loadGame(out.table.game);
        this.game = out.table.game;
        this.title = out.table.title || "";
        this.players = (out.reveal && out.reveal.players) || (out.table.seats || []).map(s => s.name);
        await this.go(m && m[2] ? parseInt(m[2], 10) : 0);
        await this.loadAll();
        this.$watch(() => i18n.lang, () => { this.loadAll(); this.go(this.step); });
      } catch (e) {
        // no such table (or it closed): said as on the table's own address, with a way home
        if (["no_table", "table_expired"].includes(e.code)) this.$store.session.missing = e.message;
        else this.$store.session.error = e.message;
      }
    },
    destroy() { this.pause(); gone = true; },

    /** The whole game's events, told, and how many follow each step. */
    async loadAll() {
      const mine = ++askedAll;
      try {
        const r = await api("GET", `/api/tables/${this.code}/replay/${this.steps}?lang=${i18n.lang}`);
        if (gone || mine !== askedAll) return;
        this.all = r.events; this.counts = r.event_counts || [];
      } catch (e) { if (!gone && mine === askedAll) this.$store.session.error = e.message; }
    },
    /** The jumps: each day or turn (the game module's feed sections) and the step it starts at.
     * Sections that start at the same step (the official game's "Before the first round" and
     * "Election round 1", both at the start) are one jump, named by the last of them: the
     * section that step shows. */
    chapters() {
      void i18n.lang;
      const mod = gameModule(this.game);
      const out = [];
      this.all.forEach((e, j) => {
        const label = mod.section(e, { view: this.data ? this.data.view : null });
        if (!label) return;
        const at = this.counts.findIndex(c => c > j);
        if (at < 0) return;
        const same = out.find(c => c.step === at);
        if (same) same.label = label; else out.push({ label, step: at });
      });
      out.forEach((c, i) => { c.current = this.step >= c.step && (i + 1 === out.length || this.step < out[i + 1].step); });
      return out;
    },
    async go(step) {
      if (step < 0 || (this.steps && step > this.steps)) return;
      const mine = ++asked;
      try {
        const r = await api("GET", `/api/tables/${this.code}/replay/${step}?lang=${i18n.lang}`);
        if (gone || mine !== asked) return;
        this.data = r; this.steps = r.steps; this.step = step;
        history.replaceState(null, "", `#/r/${this.code}/${step}`);
      } catch (e) { if (!gone && mine === asked) { this.$store.session.error = e.message; this.pause(); } }
    },
    play() {
      if (this.step >= this.steps) this.step = 0;
      this.playing = true;
      timer = setInterval(() => { if (this.step >= this.steps) this.pause(); else this.go(this.step + 1); }, 1200);
    },
    pause() { this.playing = false; if (timer) clearInterval(timer); timer = null; },
    /** What this step did, as the narrator tells it (the feed's sentences, in the reader's
     * language); a step that added no sentence: who did what, in the game's words. */
    stepWords() {
      void i18n.lang;
      const d = this.data, e = d && d.entry;
      if (!e || this.step === 0) return t("The start");
      if (Array.isArray(d.told) && d.told.length) return d.told.join(" ");
      const mod = gameModule(this.game);
      if (e.kind === "action") return e.action.action === "post" ? t("{name} posts", { name: e.action.player }) : `${e.action.player}: ${mod.actionLabel(e.action, d.view)}`;
      if (e.kind === "timeout") return t("The deadline passes");
      return human(e.kind);
    },
    /** The page's title: the game and the table. */
    heading() { void i18n.lang; return this.code ? t("Replay of {title} at table {code}", { title: this.title, code: this.code }) : ""; },
    playersWords() { void i18n.lang; return this.players.length ? t("Players: {names}", { names: this.players.join(", ") }) : ""; },
    /** How the game ended: the narrator's first sentence of the end (who won and why). */
    resultWords() {
      void i18n.lang;
      const end = [...this.all].reverse().find(e => e.kind === "game_over" && Array.isArray(e.narration) && e.narration.length);
      return end ? end.narration[0] : "";
    },
    drawBoard(el) { void i18n.lang; const v = this.data && this.data.view; mount(el, v && v.board ? gameModule(this.game).board(v, { me: null }) : null); },
    feedSource() {
      const events = this.data ? this.data.events.filter(e => !e.to || this.step >= this.steps) : [];
      return { events, mod: gameModule(this.game), lang: i18n.lang, view: this.data ? this.data.view : null };
    },
    shareUrl() { return `${location.origin}/#/r/${this.code}/${this.step}`; },
  };
}
