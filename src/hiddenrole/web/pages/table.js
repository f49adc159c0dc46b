// The table while a game runs and after it: the status bar, the board, the private panel
// (tap to reveal), the prompt sheet, the feed with the thread input, the result. The game's
// own parts come from its module (games/<name>.js); nothing here names a game.

import { h, mount, postText } from "../dom.js";
import { capital, i18n, t } from "../i18n.js";
import { gameModule, human } from "../games.js";
import { api, store, stored } from "../session.js";
import { clip, postCount } from "../limits.js";

const IRREVERSIBLE = new Set(["execute", "call_end"]);
/** A phone's width: the layout's own breakpoint (style.css, 520 px). */
const PHONE = matchMedia("(max-width: 520px)");
/** A phone, upright or turned sideways (a screen under 500 px high, style.css): "Players and
 * settings" starts folded, and folds again while a question waits. */
const SMALL = matchMedia("(max-width: 520px), (max-height: 500px)");
/** The height of a tap target (px): the part of a long choice the sheet scrolls into view. */
const TAP_HEIGHT = 64;
// the table's status (the server's `status`) in words, for the header before a board is known
const STATUS = { lobby: () => t("lobby"), running: () => t("in progress"), over: () => t("The game is over"),
  expired: () => t("closed") };
export const statusWords = s => (STATUS[s] ? STATUS[s]() : human(s));

/** What the status bar and the TV both show: phase in words, who must act, the clock. */
export function statusParts(S) {
  const view = S.view || {};
  const mod = gameModule(S.game);
  const n = S.narration;
  void i18n.lang;
  const over = !!view.over;
  return {
    title: S.table ? S.table.title : "",
    phase: over ? t("The game is over") : (n.phase || (view.board ? mod.phaseWords(view) : statusWords(S.table && S.table.status))),
    // "Waiting for Gina to choose a Chancellor Candidate." (the step in words); "▶ You" when it is yours
    waiting: over ? "" : (n.waiting_words || n.waiting_for || (S.state && S.state.waiting ? t("Your move") : "")),
    mine: !over && !!(S.state && S.state.waiting),
    deadline: !over && S.state && S.state.deadline ? S.countdown(S.state.deadline) : "",
    note: over ? "" : (n.deadline_note || ""),
  };
}

/** The prompt sheet's content: the game's own prompt, else the narrated one, else one group per
 * kind; then the game's form for its side actions (statements such as claims, which move nothing
 * on: `mod.sideActions` names their kinds, `mod.sidePrompt` draws them). */
export function promptNodes(S, ctx) {
  const view = S.view;
  const mod = gameModule(S.game);
  const all = (S.state && S.state.legal_actions) || [];
  const side = new Set(mod.sideActions || []);
  const sideLegal = all.filter(a => side.has(a.action));
  const main = mainPrompt(S, ctx, all.filter(a => a.action !== "post" && !side.has(a.action)), side);
  // alone, the side form carries the sheet's title
  const extra = view && !view.over && sideLegal.length && mod.sidePrompt ? mod.sidePrompt(sideLegal, view, ctx, !main) : null;
  return main && extra ? [main, extra] : (main || extra);
}

function mainPrompt(S, ctx, legal, side) {
  const view = S.view;
  const mod = gameModule(S.game);
  const all = (S.state && S.state.legal_actions) || [];
  if (!view || view.over || !legal.length) return null;
  const custom = mod.prompt(legal, view, ctx);
  if (custom) return custom;
  const button = (a, label, explain) => h("button", {
    class: ["action", "big", IRREVERSIBLE.has(a.action) ? "danger" : ""], type: "button", "data-action": a.action,
    disabled: S.busy, onclick: () => ctx.act(a, explain),
  }, h("span", {}, label), explain ? h("small", { class: "explain" }, explain) : null);
  const np = S.narration.prompt;
  if (np && Array.isArray(np.choices) && np.choices.length) {
    return [h("h2", { id: "prompt-title" }, np.title), np.explain ? h("p", { class: "explain" }, np.explain) : null,
      h("div", { class: "buttons" }, np.choices.filter(c => all[c.action] && !side.has(all[c.action].action))
        .map(c => button(all[c.action], c.label, c.explain)))];
  }
  const groups = [];
  for (const a of legal) {
    let g = groups.find(x => x.kind === a.action);
    if (!g) { g = { kind: a.action, actions: [] }; groups.push(g); }
    g.actions.push(a);
  }
  return groups.map((g, i) => h("div", { class: "group" },
    h(i ? "h3" : "h2", i ? {} : { id: "prompt-title" }, mod.actionTitle(g.actions[0], view)),
    h("div", { class: "buttons" }, g.actions.map(a => button(a, mod.actionLabel(a, view))))));
}

/** The result: winner, every role, what the game adds (hands, scores), the replay link. On the
 * TV (`tv`) a game may draw its own wide table in place of the roles and its `result`. */
export function resultNodes(S, { tv = false } = {}) {
  const view = S.view, reveal = S.reveal;
  if (!view || !view.over || !reveal) return null;
  const mod = gameModule(S.game);
  const r = view.result || reveal.result || {};
  const roles = {};
  for (const e of reveal.events || []) if (e.kind === "role" && e.to && e.to.length === 1) roles[e.to[0]] = [e.role || e.card, mod.roleOf(e)];
  const outcomes = r.outcomes || {};
  // how it ended, in words: the game's end as the server told it (its first sentence says who won and why)
  const told = [...(S.events || [])].reverse().find(e => !e.private && e.kind === "game_over" && Array.isArray(e.narration) && e.narration.length);
  const outcomeWords = o => capital({ win: t("won"), loss: t("lost"), lose: t("lost"), draw: t("draw") }[o] || human(o));
  const head = [
    h("p", { class: "winner", "data-test": "winner" }, told ? told.narration[0]
      : (r.winner ? t("Winner: {side}", { side: mod.sideName(r.winner) }) : t("A draw"))),
    told && told.narration.length > 1 ? h("p", { class: "muted", "data-test": "how-it-ended" }, told.narration.slice(1).join(" ")) : null,
  ];
  const wide = tv ? mod.tvResult(view, reveal) : null;
  if (wide) return [...head, wide];
  return [...head,
    h("table", { class: "roles" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Role")), h("th", { scope: "col" }, t("Outcome")))),
      h("tbody", {}, (reveal.players || view.players).map(p => h("tr", {},
        h("td", {}, p), h("td", {}, roles[p] ? capital(roles[p][1] || human(roles[p][0])) : ""),
        h("td", { class: outcomes[p] === "win" ? "win" : "" }, outcomes[p] === "win" ? "★ " + outcomeWords(outcomes[p]) : outcomeWords(outcomes[p] || "")))))),
    mod.result(view, reveal),
  ];
}

export function tablePage() {
  return {
    postText: "",
    voidReason: "",
    revealed: false,
    roleShown: false,
    sheetFolded: false,  // the prompt sheet folded down to its title (a phone: board and feed get the screen)
    feedFolded: false,   // the feed folded away at the end on a phone, so the result has the screen
    smallScreen() { return SMALL.matches; },
    init() {
      // a new question opens the sheet again; on a phone it also folds "Players and settings"
      // away (a short screen too), so the question's buttons are on the screen
      this.$watch(() => JSON.stringify((this.S.state && this.S.state.legal_actions) || []), () => {
        this.sheetFolded = false;
        if (this.hasPrompt() && this.S.state.waiting && this.smallScreen() && this.$refs.more) this.$refs.more.open = false;
        // a new question starts at its title, and its first choice is in view: the sheet scrolls
        // itself (an earlier tap further down had left it scrolled)
        this.$nextTick(() => requestAnimationFrame(() => this.showChoices()));
        // on the player's turn their own seat is in the board's strip (a phone shows a few seats)
        if (this.hasPrompt() && this.S.state.waiting) this.$nextTick(() => requestAnimationFrame(() => this.showOwnSeat()));
      });
      // at the end, a phone shows the result first: the feed folds away (a button unfolds it)
      this.$watch(() => !!(this.S.view && this.S.view.over), (over) => { this.feedFolded = over && PHONE.matches; });
      this.feedFolded = !!(this.S.view && this.S.view.over) && PHONE.matches;
      // the role reveal: once per seat and game, when the game starts (or the seat first sees it)
      this.$watch(() => !!(this.S.view && this.S.view.player && !this.S.view.over), (on) => { if (on) this.maybeReveal(); });
      if (this.S.view && this.S.view.player && !this.S.view.over) this.maybeReveal();
    },
    /** The prompt sheet at its top, scrolled just far enough to show its first choice (a long
     * choice: its first lines, a tap target's height), so as much of the question stays in view. */
    showChoices() {
      const sheet = this.$refs.sheet;
      if (!sheet || this.sheetFolded) return;
      sheet.scrollTop = 0;
      const first = sheet.querySelector("button.action");
      if (!first) return;
      const r = first.getBoundingClientRect(), box = sheet.getBoundingClientRect();
      const end = r.top + Math.min(r.height, TAP_HEIGHT);
      if (end > box.bottom) sheet.scrollTop += end - box.bottom + 4;
    },
    /** The board's strip scrolled just far enough that the player's own seat is whole in it:
     * below the board's line where that stays at the strip's top (a phone), above the strip's
     * fading edge; a seat taller than the strip shows its top. */
    showOwnSeat() {
      const seat = this.$root.querySelector(".col-board .seatring li.me");
      const box = seat && seat.closest(".col-board");
      if (!box) return;
      const r = seat.getBoundingClientRect(), b = box.getBoundingClientRect();
      const head = box.querySelector(".board .stats");
      const top = head && getComputedStyle(head).position === "sticky" ? Math.max(b.top, head.getBoundingClientRect().bottom) : b.top;
      const bottom = b.bottom - (parseFloat(getComputedStyle(box).paddingBottom) || 0);
      if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom + 2, r.top - top);
      else if (r.top < top) box.scrollTop -= top - r.top + 2;
    },
    maybeReveal() {
      const key = `hiddenrole.revealed.${this.S.code}`;
      if (localStorage.getItem(key) === this.S.me) return;
      localStorage.setItem(key, this.S.me);
      this.roleShown = true;
    },
    showRole() { this.roleShown = true; },
    hideRole() {
      this.roleShown = false;
      this.$nextTick(() => { const b = document.querySelector("[data-test=my-role]"); if (b) b.focus(); });
    },
    drawRoleCard(el) { void i18n.lang; const v = this.S.view; mount(el, v && v.player ? gameModule(this.S.game).roleCard(v) : null); },
    get S() { return this.$store.session; },
    ctx() {
      const S = this.S;
      return { me: S.me, act: (a, explain) => S.act(a, explain), post: text => S.post(text),
        // now, also when read later (a tap): the post on its way until the server answers, and the view
        sending: () => (S.sending ? S.sending.text : null), viewNow: () => S.view,
        options: (S.table && S.table.options) || {}, busy: S.busy, narration: S.narration,
        legal: (S.state && S.state.legal_actions) || [] };
    },
    status() { return statusParts(this.S); },
    drawBoard(el) {
      void i18n.lang; const v = this.S.view; mount(el, v && v.board ? gameModule(this.S.game).board(v, this.ctx()) : null);
      // the first board with the player's seat: that seat is scrolled into the strip (once per page)
      if (!el.dataset.seatShown && el.querySelector(".seatring li.me")) {
        el.dataset.seatShown = "1";
        requestAnimationFrame(() => this.showOwnSeat());
      }
    },
    drawPrivate(el) { void i18n.lang; const v = this.S.view; mount(el, v && v.player ? gameModule(this.S.game).privatePanel(v, this.ctx()) : null); },
    drawPrompt(el) { void i18n.lang; mount(el, promptNodes(this.S, this.ctx())); },
    /** Sentences in which `**123**` is a votecode in bold: drawn bold, without the asterisks. */
    drawBold(el, text) { mount(el, postText(text)); },
    drawResult(el) { void i18n.lang; mount(el, resultNodes(this.S)); },
    feedSource() { return { events: this.S.events, notices: this.S.notices, mod: gameModule(this.S.game), lang: i18n.lang }; },
    /** What the question waiting for this player is about (the narrated prompt's title, else the phase). */
    promptSubject() {
      const n = this.S.narration || {};
      return (n.prompt && n.prompt.title) || this.status().phase;
    },
    hasPrompt() {
      const S = this.S;
      return !!(S.view && !S.view.over && S.state && (S.state.legal_actions || []).some(a => a.action !== "post"));
    },
    confirmText() {
      const a = this.S.confirming;
      return a ? t("Are you sure? “{what}” cannot be undone.", { what: gameModule(this.S.game).actionLabel(a, this.S.view) }) : "";
    },
    /** What the choice does and what happens if it fails (the narrated explain, the game's own words). */
    confirmMore() {
      const a = this.S.confirming;
      if (!a) return "";
      const more = gameModule(this.S.game).confirmMore(a, this.S.view);
      return [this.S.confirmExplain, more].filter(Boolean).join(" ");
    },
    /** Sends the box's text; the box is emptied once the server added the post (a refused
     * post stays in the box, to be shortened or sent again). */
    post() {
      const text = this.postText;
      this.S.post(text, () => { if (this.postText === text) this.postText = ""; });
    },
    /** The longest post the game takes (the server's limit, in characters as it counts them). */
    postLimit() { return (this.S.state && this.S.state.post_limit) || 1000; },
    /** The box keeps to the limit: a longer text (typed or pasted) is cut, graphemes whole. */
    clipPost() {
      const c = clip(this.postText, this.postLimit(), postCount);
      if (c !== this.postText) this.postText = c;
    },
    /** The limit near the box, once the post comes close to it ("" before). */
    postLimitWords() {
      const n = postCount(this.postText), max = this.postLimit();
      if (n >= max) return t("{n} of {max} characters: a post cannot be longer.", { n, max });
      if (n >= max - 100) return t("{n} of {max} characters.", { n, max });
      return "";
    },

    // ------------------------------------------------------------ play again
    againBots: true,   // the next table's bots refill the seats bots held here
    againBusy: false,  // a "Play again" or "Join the next game" request is in flight
    /** The next game's table code, once the host set it up (the state's `next`), else "". */
    nextCode() { return (this.S.state && this.S.state.next) || ""; },
    /** Whether bots held seats from the start here (the host may refill them or not). */
    hadBots() { return ((this.S.table && this.S.table.seats) || []).some(s => s.bot_seat); },
    /** The host makes the next game's table (same game, options and pace) and goes there. */
    async playAgain() {
      if (this.againBusy) return;
      this.againBusy = true;
      this.S.error = "";
      try {
        const out = await api("POST", `/api/tables/${this.S.code}/again`, { bots: this.againBots }, this.S.hostToken || this.S.token);
        store("host", out.code, out.host_token);
        if (out.seat) store("seat", out.code, out.seat);
        location.hash = `#/t/${out.code}`;
      } catch (e) { this.S.error = e.message; }
      this.againBusy = false;
    },
    /** One tap to the next game: a seat under this seat's name (no typing; the next table keeps
     * that name for this player, who shows it is theirs with this seat's token), or the seat this
     * device holds there already; a spectator goes to the join form. */
    async joinNext() {
      const code = this.nextCode();
      if (!code || this.againBusy) return;
      if (stored("seat", code) || !this.S.me) {
        if (stored("seat", code)) location.hash = `#/t/${code}`;
        else location.href = `/?join=${code}`;
        return;
      }
      this.againBusy = true;
      this.S.error = "";
      try {
        const out = await api("POST", `/api/tables/${code}/join`, { name: this.S.me }, this.S.token);
        store("seat", code, { name: out.name, token: out.token });
        location.hash = `#/t/${code}`;
      } catch (e) { this.S.error = e.message; }
      this.againBusy = false;
    },
    /** Whether the last substitute link the host made was used (its seat was taken since). */
    substituteUsed() {
      const f = this.S.substituteFor;
      const seat = f && ((this.S.table && this.S.table.seats) || []).find(s => s.name === f.name);
      return !!seat && (seat.substitutes || 0) > f.count;
    },
  };
}
