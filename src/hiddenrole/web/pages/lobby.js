// The lobby: the table's code, join link and QR code, the seats (connected or away), the
// host's controls (add a bot, kick, start), and the command that seats a program (an agent).

import { t } from "../i18n.js";
import { joinBase, joinUrl, qrSvg } from "../invite.js";

export function lobbyPage() {
  return {
    base: location.origin,
    loopbackOnly: false,
    copied: false,
    async init() {
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
      if (!tb) return "";
      return { turbo: t("the rules’ own timings"), fast: t("fast: every duration divided by {n}", { n: tb.factor }), untimed: t("untimed") }[tb.pace] || tb.pace;
    },
    starting: false,  // the start request is in flight: its button is disabled (a double click starts once)
    async start() {
      if (this.starting) return;
      this.starting = true;
      try { await this.S.hostCall("start"); } finally { this.starting = false; }
    },
    kick(name) { return this.S.hostCall("kick", { name }); },
    addBot() { return this.S.hostCall("bots", { count: 1 }); },
  };
}
