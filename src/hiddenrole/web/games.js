// The registry of game modules: each game is one file, games/<name>.js (its board, private
// panel, prompts, feed sections and result), loaded by the name the server gives the table.
// Adding a game means adding a file; nothing here names a game. A game without a module is
// shown by the plain fallbacks below.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const MODULES = new Map();

/** Words for an internal name: "special_election" -> "special election". */
export const human = s => String(s ?? "").replace(/_/g, " ");

/** The plain fallbacks every game module may leave out. */
export const fallback = {
  /** A feed header when event `e` starts a new part of the game (a day, a turn), else null. */
  section() { return null; },
  /** A thread post the game's narrator tells in words (a formal claim), as that sentence in
   * the reader's language; null for a post shown as its author wrote it. */
  postWords() { return null; },
  /** More than a sentence for event `e` (a tally table), or null. */
  detail() { return null; },
  /** One line for an event the server sent without narration (older servers). */
  eventText(e) {
    const d = Object.entries(e).filter(([k]) => !["seq", "kind", "private", "to", "by", "narration"].includes(k))
      .map(([k, v]) => `${human(k)}: ${Array.isArray(v) ? v.map(x => (typeof x === "object" ? JSON.stringify(x) : x)).join(", ")
        : (v && typeof v === "object" ? JSON.stringify(v) : v)}`).join("; ");
    return `${human(e.kind)}${d ? " — " + d : ""}`;
  },
  board(view) { return h("pre", {}, JSON.stringify(view.board, null, 1)); },
  privatePanel(view) { return h("pre", {}, JSON.stringify(view.private || {}, null, 1)); },
  result() { return null; },
  /** The result for a room's TV (large type, one wide table), replacing the roles table and
   * `result`; null for the shared result. */
  tvResult() { return null; },
  actionTitle(a) { return human(a.action); },
  actionLabel(a) {
    const rest = Object.entries(a).filter(([k]) => k !== "player" && k !== "action")
      .map(([k, v]) => `${human(k)} ${Array.isArray(v) ? v.join(", ") : v}`);
    return [human(a.action), ...rest].join(" · ");
  },
  /** A prompt of the game's own for these legal actions (a Node), or null for the plain one. */
  prompt() { return null; },
  /** The phase in words when the server sends no narration. */
  phaseWords(view) { return human(view.phase); },
  /** The role a player holds in the reveal, for the result table. */
  roleOf() { return ""; },
  /** A winning side in words. */
  sideName(side) { return human(side); },
  /** The private role as a big card for the role reveal (default: the private panel). */
  roleCard(view) { return this.privatePanel(view); },
  /** More words for the confirm step of an irreversible action (what happens if it fails), or "". */
  confirmMore() { return ""; },
  /** Private event kinds shown prominently when they arrive (e.g. a vote that did not count). */
  alerts: [],
  /** One more sentence, as typed (never drawn as bold), for an alert event `e`, or "". */
  alertNote() { return ""; },
  /** Ready-made setups for the create form: [{id, label(), explain(), options, pace, factor}]. */
  presets: [],
  /** How to play, illustrated (a Node or a list of them), or null. */
  howTo() { return null; },
};

/** Loads games/<name>.js once; a name without a module gets the fallbacks. */
export async function loadGame(name) {
  if (MODULES.has(name)) return MODULES.get(name);
  let mod = {};
  if (/^[a-z0-9-]+$/.test(name)) {
    try { mod = (await import(`./games/${name}.js`)).default || {}; } catch { mod = {}; }
  }
  const full = { ...fallback, ...mod };
  full.roleCard = (mod.roleCard || ((v) => full.privatePanel(v)));
  MODULES.set(name, full);
  return full;
}

/** The loaded module of `name` (its fallbacks until loaded). */
export function gameModule(name) {
  return MODULES.get(name) || fallback;
}

/** The longest word of a seat's marker that fits half a 360 px phone's row. */
const LONG_WORD = 16;

/** The seat ring: one chip per player with its markers (`decorate(p)` -> {cls, tags: [[text, cls]], chip}). */
export function seatRing(players, decorate, me) {
  // a large table (McCarthyism's up to 20) gets the compact ring: more seats a row, smaller markers
  return h("ol", { class: ["seatring", players.length > 12 ? "many" : ""], "aria-label": t("Seats") }, players.map(p => {
    const { cls = "", tags = [], chip = null } = decorate(p);
    // a marker with a long word (German "Präsidentschaftskandidat") takes the row's width on a
    // phone instead of breaking inside the word
    const wide = tags.some(([text]) => String(text).split(/\s+/).some(w => w.length > LONG_WORD));
    return h("li", { class: ["seat", cls, p === me ? "me" : "", wide ? "wide" : ""] },
      h("span", { class: "pname" }, p), p === me ? h("span", { class: "tag you" }, t("you")) : null,
      chip, tags.map(([text, c]) => h("span", { class: ["tag", c] }, text)));
  }));
}

/** A small table of who voted what (`votes`: {name: "yes"|"no"|...}); yes and no also as words. */
export function tallyTable(votes, words) {
  const rows = Object.entries(votes || {});
  if (!rows.length) return null;
  return h("table", { class: "tally" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Vote cast")))),
    h("tbody", {}, rows.map(([p, v]) => h("tr", {},
      h("td", {}, p), h("td", { class: ["vote-" + v] }, (words && words[v]) || human(v))))));
}
