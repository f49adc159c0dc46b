// The TV: the public board, the feed and the clock for a room's shared screen (1920x1080,
// no scrolling). It connects as a spectator: it never holds private information. Before the
// start it is the way in: the join link in large type, its QR code, and who has joined.

import { fitHeight, mount } from "../dom.js";
import { i18n } from "../i18n.js";
import { gameModule } from "../games.js";
import { joinBase, joinUrl, qrSvg } from "../invite.js";
import { statusParts, resultNodes } from "./table.js";

/** Each TV board element's ResizeObserver (see drawBoard). */
const fitWatches = new WeakMap();

export function tvPage() {
  return {
    base: location.origin,
    async init() {
      // "Play again": the room's TV follows the table to the next game's waiting room (its join
      // link, QR code and who has joined), as the phones are offered a seat there
      this.$watch(() => (this.S.state && this.S.state.next) || "", (code) => {
        if (code && code !== this.S.code) location.hash = `#/tv/${code}`;
      });
      this.base = (await joinBase()).base;
    },
    get S() { return this.$store.session; },
    lobby() { return !!this.S.table && this.S.table.status === "lobby"; },
    joinUrl() { return joinUrl(this.base, this.S.code); },
    qrSvg() { return this.S.code ? qrSvg(this.joinUrl()) : ""; },
    status() { return statusParts(this.S); },
    /** The board, fitted to the height left on the screen: a crowded board (20 seats with many
     * markers, a card in play, an open vote, longer German words) is drawn smaller rather than
     * cut off below. Fitted again whenever the space around it changes (the status bar grows a
     * line, the board is first shown, the window changes): a ResizeObserver runs before the
     * frame is painted, so no frame shows the board cut. */
    drawBoard(el) {
      void i18n.lang;
      const v = this.S.view;
      mount(el, v && v.board ? gameModule(this.S.game).board(v, { me: null, tv: true }) : null);
      const box = el.closest(".tv-board");
      if (!box) return;
      fitHeight(el, box, el.parentElement);
      if (!fitWatches.has(el)) {  // once per board element (not reactive state: kept out of Alpine's data)
        const watch = new ResizeObserver(() => fitHeight(el, box, el.parentElement));
        for (const e of [box, box.querySelector(".status"), el.parentElement]) if (e) watch.observe(e);
        fitWatches.set(el, watch);
      }
    },
    destroy() { for (const el of this.$el.querySelectorAll(".board > div")) { const w = fitWatches.get(el); if (w) w.disconnect(); } },
    /** What a game puts beside the feed on the TV (Secret Hitler: the claim tracker). */
    drawSide(el) {
      void i18n.lang;
      const v = this.S.view, mod = this.S.game && gameModule(this.S.game);
      mount(el, v && v.board && !v.over && mod && mod.tvSide ? mod.tvSide(v) : null);
    },
    drawResult(el) { void i18n.lang; mount(el, resultNodes(this.S, { tv: true })); },
    feedSource() { return { events: this.S.events, notices: this.S.notices, mod: gameModule(this.S.game), lang: i18n.lang }; },
    clock() { return new Date(this.S.now).toLocaleTimeString(i18n.lang, { hour: "2-digit", minute: "2-digit" }); },
  };
}
