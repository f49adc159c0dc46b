// The lobby: the table's code, join link and QR code, the seats (connected or away), the
// host's controls (add a bot, kick, start), and the command that seats a program (an agent).

import qrcode from "../vendor/qrcode.mjs";
import { t } from "../i18n.js";

export function lobbyPage() {
  return {
    base: location.origin,
    loopbackOnly: false,
    copied: false,
    async init() {
      // the address others reach the server at (never loopback when another exists)
      try {
        const r = await fetch("/api/server");
        if (r.ok) { const out = await r.json(); this.base = out.join_base; this.loopbackOnly = out.loopback_only; }
      } catch { /* keep this page's own address */ }
    },
    get S() { return this.$store.session; },
    joinUrl() { return `${this.base}/?join=${this.S.code}`; },
    /** The command line that seats a remote agent (docs/agents.md), for the host to copy. */
    agentCommand() { return `hiddenrole agent --server ${this.base} --table ${this.S.code} --bot rule`; },
    async copyAgentCommand() {
      try { await navigator.clipboard.writeText(this.agentCommand()); this.copied = true; }
      catch { this.copied = false; /* no clipboard (plain http on another machine): the text stays selectable */ }
    },
    qrSvg() {
      if (!this.S.code) return "";
      const qr = qrcode(0, "M");
      qr.addData(this.joinUrl());
      qr.make();
      // the QR code of our own join link (letters and digits only): no player text in it
      return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true, alt: t("QR code of the join link") });
    },
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
