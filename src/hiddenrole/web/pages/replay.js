// The replay of a finished game (`#/r/CODE/STEP`, a shareable link): play/pause, a scrubber,
// back and next, the board at each step and the narrated events so far, the full reveal at
// the end.

import { mount } from "../dom.js";
import { i18n, t } from "../i18n.js";
import { api } from "../session.js";
import { gameModule, loadGame, human } from "../games.js";

export function replayPage() {
  let timer = null;
  return {
    code: "",
    step: 0,
    steps: 0,
    data: null,
    all: [],       // every event of the game (for the jumps to a day or turn)
    counts: [],    // events after each step
    game: "",
    playing: false,
    error: "",

    async init() {
      const m = location.hash.match(/^#\/r\/([A-Za-z0-9]+)(?:\/(\d+))?/);
      this.code = m ? m[1].toUpperCase() : "";
      try {
        const out = await api("GET", `/api/tables/${this.code}`);
        await loadGame(out.table.game);
        this.game = out.table.game;
        await this.go(m && m[2] ? parseInt(m[2], 10) : 0);
        await this.loadAll();
        this.$watch(() => i18n.lang, () => { this.loadAll(); this.go(this.step); });
      } catch (e) { this.$store.session.error = e.message; }
    },
    destroy() { this.pause(); },

    /** The whole game's events, told, and how many follow each step. */
    async loadAll() {
      try {
        const r = await api("GET", `/api/tables/${this.code}/replay/${this.steps}?lang=${i18n.lang}`);
        this.all = r.events; this.counts = r.event_counts || [];
      } catch (e) { this.$store.session.error = e.message; }
    },
    /** The jumps: each day or turn (the game module's feed sections) and the step it starts at. */
    chapters() {
      void i18n.lang;
      const mod = gameModule(this.game);
      const out = [];
      this.all.forEach((e, j) => {
        const label = mod.section(e);
        if (!label) return;
        const at = this.counts.findIndex(c => c > j);
        if (at >= 0 && !out.some(c => c.step === at)) out.push({ label, step: at });
      });
      out.forEach((c, i) => { c.current = this.step >= c.step && (i + 1 === out.length || this.step < out[i + 1].step); });
      return out;
    },
    async go(step) {
      if (step < 0 || (this.steps && step > this.steps)) return;
      try {
        const r = await api("GET", `/api/tables/${this.code}/replay/${step}?lang=${i18n.lang}`);
        this.data = r; this.steps = r.steps; this.step = step;
        history.replaceState(null, "", `#/r/${this.code}/${step}`);
      } catch (e) { this.$store.session.error = e.message; this.pause(); }
    },
    play() {
      if (this.step >= this.steps) this.step = 0;
      this.playing = true;
      timer = setInterval(() => { if (this.step >= this.steps) this.pause(); else this.go(this.step + 1); }, 1200);
    },
    pause() { this.playing = false; if (timer) clearInterval(timer); timer = null; },
    stepWords() {
      void i18n.lang;
      const e = this.data && this.data.entry;
      if (!e) return t("The start");
      const mod = gameModule(this.game);
      if (e.kind === "action") return e.action.action === "post" ? t("{name} posts", { name: e.action.player }) : `${e.action.player}: ${mod.actionLabel(e.action, this.data.view)}`;
      if (e.kind === "timeout") return t("The deadline passes");
      return human(e.kind);
    },
    drawBoard(el) { void i18n.lang; const v = this.data && this.data.view; mount(el, v && v.board ? gameModule(this.game).board(v, { me: null }) : null); },
    feedSource() {
      const events = this.data ? this.data.events.filter(e => !e.to || this.step >= this.steps) : [];
      return { events, mod: gameModule(this.game), lang: i18n.lang };
    },
    shareUrl() { return `${location.origin}/#/r/${this.code}/${this.step}`; },
  };
}
