// The hiddenrole browser client (no build step: ES modules and vendored Alpine.js).
//
// Pages (chosen from the address), each its own component in pages/: home `/` (create or
// join; `/?join=CODE` opens the name prompt), table `#/t/CODE` (the lobby before the start,
// then the game and its result), TV `#/tv/CODE` (a spectator: public only), replay
// `#/r/CODE/STEP` (or `#/replay/CODE`); a code that cannot be a table's, or no table has, is
// said on each of them. One WebSocket per page (ws.js) behind the session store (session.js);
// each game's parts in games/<name>.js; the client's own words through i18n.js.

import Alpine from "./vendor/alpine.esm.min.js";
import { session } from "./session.js";
import { LANGUAGES, i18n, setLanguage, t } from "./i18n.js";
import { mount } from "./dom.js";
import { gameModule } from "./games.js";
import { feedComponent } from "./feed.js";
import { homePage } from "./pages/home.js";
import { lobbyPage } from "./pages/lobby.js";
import { tablePage } from "./pages/table.js";
import { tvPage } from "./pages/tv.js";
import { isTableCode, loadCodeRules, shownText } from "./invite.js";
import { replayPage } from "./pages/replay.js";

export { mergePatch } from "./ws.js";

Alpine.store("session", session);
Alpine.store("i18n", i18n);
Alpine.data("home", homePage);
Alpine.data("lobby", lobbyPage);
Alpine.data("tablePage", tablePage);
Alpine.data("tv", tvPage);
Alpine.data("replay", replayPage);
Alpine.data("feed", feedComponent);

Alpine.data("app", () => ({
  page: "",
  languages: LANGUAGES,
  get S() { return this.$store.session; },
  t,

  async init() {
    await Promise.all([setLanguage(null, false), loadCodeRules()]);  // both before any page
    const S = this.S;
    setInterval(() => { S.now = Date.now(); S.tick(); }, 250);
    window.addEventListener("hashchange", () => this.route());
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") S.wake(); });
    window.addEventListener("online", () => S.wake());
    window.addEventListener("offline", () => S.lost());
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("sw.js").catch(() => { /* the page works without it */ });
    }
    await this.route();
  },

  async route() {
    const S = this.S;
    S.error = "";
    // every address that takes a code (#/t/, #/tv/, #/r/ and its long form #/replay/): a code
    // that cannot be a table's is said at once, as an unknown one is, with a way home
    const m = location.hash.match(/^#\/(t|tv|r|replay)\/([^/?#]*)/);
    let asked = "";  // as given (said so when it cannot be a code); looked up in capitals
    if (m) { try { asked = decodeURIComponent(m[2]).trim(); } catch { asked = m[2]; } }
    const code = asked.toUpperCase();
    if (m && code && !isTableCode(code)) {
      S.close();
      S.code = "";
      S.missing = t("There is no table with the code {code}: check the code, or ask the host for the link.", { code: shownText(asked) });
      this.page = "missing";
      return;
    }
    if (m && code && (m[1] === "r" || m[1] === "replay")) { S.close(); S.code = ""; S.missing = ""; this.page = ""; await Alpine.nextTick(); this.page = "replay"; return; }
    if (m && code) {
      const mode = m[1] === "tv" ? "tv" : "table";
      this.page = mode;
      if (code !== S.code || mode !== S.mode || !S.socket) await S.open(code, mode);
      return;
    }
    S.close();
    S.code = "";
    S.missing = "";
    this.page = "home";
  },

  /** The table page's part: "lobby" before the start, "game" after. */
  part() {
    const S = this.S;
    if (!S.table) return "";
    return S.table.status === "lobby" ? "lobby" : (S.view ? "game" : "");
  },

  async chooseLanguage(lang) {
    await setLanguage(lang, true);
    if (this.S.missing) {  // said again in the new language
      if (this.S.code) await this.S.open(this.S.code, this.S.mode); else await this.route();
      return;
    }
    this.S.switchLanguage(i18n.lang);
  },

  drawHowTo(el) {
    void i18n.lang;
    const name = this.S.howto;
    mount(el, name ? (gameModule(name).howTo() || null) : null);
  },

  connLabel() {
    return { connecting: t("connecting…"), reconnecting: t("reconnecting…"), connected: t("connected") }[this.S.connState] || "";
  },
}));

window.Alpine = Alpine;
Alpine.start();
