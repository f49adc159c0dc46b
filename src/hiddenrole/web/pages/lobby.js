// The lobby: the table's code, join link and QR code, the seats (connected or away), the
// host's controls (add a bot, kick, start), and the command that seats a program (an agent).

import { gameModule } from "../games.js";
import { i18n, t } from "../i18n.js";
import { api, store } from "../session.js";
import { joinBase, joinUrl, qrSvg } from "../invite.js";
import { clipName } from "../limits.js";

const same = (a, b) => (a ?? null) === (b ?? null);

/** The preset of `presets` the table `tb` was made with: its pace (and factor) and every
 * option of the game (`options`, the catalogue's, with their defaults) as the preset sets
 * it, an option it leaves alone at the rulebook's default; null for a table set by hand. */
export function presetOf(presets, options, tb) {
  const given = tb.options || {};
  if (!options.length) return null;  // without the game's defaults no preset can be told apart
  return (presets || []).find(p => (p.pace || "turbo") === tb.pace
    && (tb.pace !== "fast" || Number(p.factor) === Number(tb.factor))
    && options.every(o => same(given[o.name], o.name in p.options ? p.options[o.name] : o.default))) || null;
}

/** The table's pace in words: the preset it was made with and what that preset is; else the
 * pace, and for the turbo pace the deadline options (`…_seconds`) changed by hand, if any. */
export function paceInWords(tb, presets, options) {
  const preset = presetOf(presets, options, tb);
  if (preset) return t("{preset}: {what}", { preset: preset.label(), what: preset.explain() });
  const given = tb.options || {};
  const changed = options.filter(o => o.name.endsWith("_seconds") && !same(given[o.name], o.default));
  if (tb.pace === "turbo" && changed.length) {
    return t("deadlines set for this table: {deadlines}", { deadlines: changed.map(o => `${o.label}: ${given[o.name]}`).join("; ") });
  }
  return { turbo: t("the rules’ own timings"), fast: t("fast: every duration divided by {n}", { n: tb.factor }), untimed: t("untimed") }[tb.pace] || tb.pace;
}

export function lobbyPage() {
  return {
    base: location.origin,
    loopbackOnly: false,
    copied: false,
    catalogue: null,  // the games and their options (defaults): which preset made this table
    async init() {
      // the games' options in the page's language (their labels; their defaults tell the presets apart)
      const catalogue = () => api("GET", `/api/games?lang=${i18n.lang}`).then(list => { this.catalogue = list; })
        .catch(() => { this.catalogue = []; });
      this.$watch(() => i18n.lang, catalogue);
      catalogue();
      const { base, loopbackOnly } = await joinBase();
      this.base = base; this.loopbackOnly = loopbackOnly;
    },
    get S() { return this.$store.session; },
    joinUrl() { return joinUrl(this.base, this.S.code); },
    /** The command line that seats a remote agent (docs/agents.md), for the host to copy. */
    agentCommand() { return `hiddenrole agent --server ${this.base} --table ${this.S.code} --bot rule`; },
    async copyAgentCommand() {
      try { await navigator.clipboard.writeText(this.agentCommand()); this.copied = true; }
      catch { this.copied = false; /* no clipboard (plain http on another machine): the text stays selectable */ }
    },
    qrSvg() { return this.S.code ? qrSvg(this.joinUrl()) : ""; },
    paceWords() {
      const tb = this.S.table;
      if (!tb || !this.catalogue) return "";  // said once the game's options are known
      const game = this.catalogue.find(g => g.name === tb.game);
      return paceInWords(tb, gameModule(this.S.game).presets, game ? game.options : []);
    },
    starting: false,  // the start request is in flight: its button is disabled (a double click starts once)
    async start() {
      if (this.starting) return;
      this.starting = true;
      try { await this.S.hostCall("start"); } finally { this.starting = false; }
    },
    kick(name) { return this.S.hostCall("kick", { name }); },
    addBot() { return this.S.hostCall("bots", { count: 1 }); },

    // ------------------------------------------------------------ my own seat, before the start
    renaming: false,  // the "Change my name" form is open
    newName: "",
    clipName,
    seatBusy: false,  // a rename or leave request is in flight
    startRename() {
      this.newName = this.S.me || "";
      this.renaming = true;
      this.$nextTick(() => { const el = this.$root.querySelector("input[name=new-name]"); if (el) { el.focus(); el.select(); } });
    },
    /** The new name, with the checks of a join (the server's words when refused). */
    async rename() {
      if (this.seatBusy) return;
      this.seatBusy = true;
      this.S.error = "";
      try {
        const out = await api("POST", `/api/tables/${this.S.code}/rename`, { name: this.newName.trim() }, this.S.token);
        store("seat", this.S.code, { name: out.name, token: this.S.token });
        this.S.me = out.name;
        this.S.table = out.table;
        this.renaming = false;
      } catch (e) { this.S.error = e.message; }
      this.seatBusy = false;
    },
    /** Leaves the table before the start: the seat is freed and the page watches on. */
    async leave() {
      if (this.seatBusy) return;
      this.seatBusy = true;
      this.S.error = "";
      try {
        await api("POST", `/api/tables/${this.S.code}/leave`, undefined, this.S.token);
        localStorage.removeItem(`hiddenrole.seat.${this.S.code}`);
        this.S.token = null;
        this.S.me = null;
        await this.S.open(this.S.code, this.S.mode);
      } catch (e) { this.S.error = e.message; }
      this.seatBusy = false;
    },
  };
}
