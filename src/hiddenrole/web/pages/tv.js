// The TV: the public board, the feed and the clock for a room's shared screen (1920x1080,
// no scrolling). It connects as a spectator: it never holds private information.

import { mount } from "../dom.js";
import { i18n } from "../i18n.js";
import { gameModule } from "../games.js";
import { statusParts, resultNodes } from "./table.js";

export function tvPage() {
  return {
    get S() { return this.$store.session; },
    status() { return statusParts(this.S); },
    drawBoard(el) { void i18n.lang; const v = this.S.view; mount(el, v && v.board ? gameModule(this.S.game).board(v, { me: null }) : null); },
    drawResult(el) { void i18n.lang; mount(el, resultNodes(this.S, { tv: true })); },
    feedSource() { return { events: this.S.events, notices: this.S.notices, mod: gameModule(this.S.game), lang: i18n.lang }; },
    clock() { return new Date(this.S.now).toLocaleTimeString(i18n.lang, { hour: "2-digit", minute: "2-digit" }); },
  };
}
