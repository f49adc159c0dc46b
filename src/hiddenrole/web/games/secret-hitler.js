// Secret Hitler (turbo forum rules and the official rules): board with policy tracks drawn as
// cards, the election tracker, the seat ring with vote chips and term limits; the private
// panel (role, votecodes, hand); votecodes one tap away; the result.

import { h, postText } from "../dom.js";
import { capital, t } from "../i18n.js";
import { human, seatRing, tallyTable } from "../games.js";

const POLICY = { L: () => t("Liberal"), F: () => t("Fascist") };
const policyName = c => (POLICY[c] ? POLICY[c]() : c);
// a role (or a party named as a player's) is a noun: "Liberaler", "Faschist" in German
const ROLE = { liberal: () => t("role|Liberal"), fascist: () => t("role|Fascist"), hitler: () => t("Hitler") };
const roleName = r => (ROLE[r] ? ROLE[r]() : human(r));
// a party named as a party: "Liberal" in English, a noun in German ("die Liberalen")
const PARTY = { liberal: () => t("party|Liberal"), fascist: () => t("party|Fascist") };
const partyName = r => (PARTY[r] ? PARTY[r]() : human(r));
const POWER = {
  investigate: () => t("Investigate loyalty"), special_election: () => t("Special election"),
  execute: () => t("Execution"), peek: () => t("Policy peek"),
};
const powerName = p => (POWER[p] ? POWER[p]() : human(p));

/** A policy card drawn in CSS: a coloured card with its emblem letter and its name. */
function policyCard(c, attrs) {
  return h("span", { class: ["policy", c === "L" ? "liberal" : "fascist"], ...attrs },
    h("span", { class: "emblem", "aria-hidden": "true" }, c === "L" ? "L" : "F"), h("span", { class: "pname-policy" }, policyName(c)));
}

function track(kind, filled, slots, labels) {
  return h("ol", { class: ["track-slots", kind, labels.some(Boolean) ? "labelled" : ""] }, Array.from({ length: slots }, (_, i) =>
    h("li", { class: ["slot", i < filled ? "filled" : ""] },
      i < filled ? policyCard(kind === "liberal" ? "L" : "F") : h("span", { class: "slot-label" }, labels[i] || ""))));
}

function board(v, ctx) {
  const b = v.board;
  const players = b.player_list || v.players;
  const dead = new Set(b.dead || []);
  const voted = new Set(b.voted || []);
  const powers = b.powers || [];
  const fasLabels = Array.from({ length: 6 }, (_, i) => (i === 5 ? t("Fascists win") : (powers[i] ? powerName(powers[i]) : "")));
  const libLabels = ["", "", "", "", t("Liberals win")];
  // between the election and the next day the elected President and Chancellor govern
  const inOffice = GOVERNING.has(b.step);
  const limited = new Set(b.term_limited || []);
  /** The last elected President's or Chancellor's marker: term-limited, or why not, each by
   * its own cause (ruling 11: a top-deck lifted the limits; before turbo night 0's government
   * nobody has governed yet; ruling 4: at 5 players or fewer alive the President may be named). */
  const alive = (b.alive || players).length;
  const lastWords = (office, p) => {
    if (limited.has(p)) return office === "president" ? t("last President (term limit)") : t("last Chancellor (term limit)");
    if (b.term_limits_lifted) return office === "president" ? t("last President (term limit lifted after the failed elections)") : t("last Chancellor (term limit lifted after the failed elections)");
    if (b.step === "over") return office === "president" ? t("last President") : t("last Chancellor");
    if (office === "president" && !b.chancellor) return t("President (no government yet)");
    if (office === "president" && alive <= 5) return t("last President (no term limit at 5 players or fewer)");
    return office === "president" ? t("last President") : t("last Chancellor");
  };
  const pips = Array.from({ length: b.tracker_limit + 1 }, (_, i) =>
    h("li", { class: ["pip", i === b.election_tracker ? "on" : ""], "aria-current": i === b.election_tracker ? "step" : null }, String(i)));
  return h("div", { class: "sh-board" },
    h("div", { class: "track liberal" }, h("h3", {}, t("Liberal policies {n} of 5", { n: b.liberal_policies })), track("liberal", b.liberal_policies, 5, libLabels)),
    h("div", { class: "track fascist" }, h("h3", {}, t("Fascist policies {n} of 6", { n: b.fascist_policies }),
      b.veto_unlocked ? h("span", { class: "tag" }, t("veto unlocked")) : null), track("fascist", b.fascist_policies, 6, fasLabels)),
    h("div", { class: "tracker" }, h("span", {}, t("Election tracker")), h("ol", { class: "pips" }, pips),
      h("span", { class: "muted small" }, t("At {n} failed elections the top policy is enacted.", { n: b.tracker_limit }))),
    h("p", { class: "muted small" }, b.variant === "official"
      ? t("Election round {day} · {deck} policies in the deck · {discards} discarded", { day: b.day, deck: b.deck_size, discards: b.discard_size })
      : t("Day {day} · {deck} policies in the deck · {discards} discarded", { day: b.day, deck: b.deck_size, discards: b.discard_size })),
    seatRing(players, p => {
      const tags = [];
      if (inOffice) {  // the elected government at work: the candidates are now in office
        if (p === b.president) tags.push([t("President"), "pres"]);
        if (p === b.chancellor) tags.push([t("Chancellor"), "chan"]);
        if (p === b.presidential_candidate && p !== b.president) tags.push([t("Presidential Candidate"), "pres"]);
      } else {
        if (p === b.presidential_candidate) tags.push([t("Presidential Candidate"), "pres"]);
        if (p === b.chancellor_candidate) tags.push([t("Chancellor Candidate"), "chan"]);
        if (p === b.president) tags.push([lastWords("president", p), "limit"]);
        if (p === b.chancellor) tags.push([lastWords("chancellor", p), "limit"]);
      }
      if (dead.has(p)) tags.push([t("dead"), "dead"]);
      const chip = voted.has(p) ? h("span", { class: "chip voted", title: t("voted") }, "✓ " + t("voted")) : null;
      return { cls: dead.has(p) ? "dead" : "", tags, chip };
    }, ctx.me),
    ctx.tv ? null : claimTracker(b.claim_tracker));
}

/** The steps in which the elected government (or night 0's) is at work. */
const GOVERNING = new Set(["discard", "enact", "veto", "power", "night", "night_end"]);

const cardWords = cs => String(cs || "").split("").map(policyName).join(", ");

/** One claim in words, as the claimant would say it ("I drew …, passed …"). */
function claimWords(role, c) {
  if (role === "president") return t("drew {drew}, passed {passed}", { drew: cardWords(c.drew), passed: cardWords(c.passed) });
  if (role === "chancellor") return t("got {got}", { got: cardWords(c.got) });
  return t("{name} is {party}", { name: c.target || "?", party: roleName(c.party) });
}

/** The claim tracker: every government so far, what its members claimed, what it enacted. */
function claimTracker(rows) {
  if (!rows || !rows.length) return null;
  const enacted = e => (e === "veto" ? t("vetoed") : e ? policyName(e) : "…");
  const said = (r, role) => (r.claims[role] ? claimWords(role, r.claims[role]) : "—");
  return h("section", { class: "claim-tracker", "data-test": "claim-tracker" },
    h("h3", {}, t("Claim tracker")),
    h("div", { class: "table-scroll" }, h("table", { class: "tally claims" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("President")),
        h("th", { scope: "col" }, t("Chancellor")), h("th", { scope: "col" }, t("President’s claim")),
        h("th", { scope: "col" }, t("Chancellor’s claim")), h("th", { scope: "col" }, t("Enacted")))),
      h("tbody", {}, rows.map(r => h("tr", { "data-government": r.government },
        h("td", {}, String(r.government)), h("td", {}, r.president), h("td", {}, r.chancellor || "?"),
        h("td", {}, said(r, "president")),
        h("td", {}, said(r, "chancellor"), r.claims.investigator ? [h("br"), t("Investigation: {what}", { what: claimWords("investigator", r.claims.investigator) })] : null),
        h("td", {}, enacted(r.enacted))))))));
}

/** A claim's cards as small cards ("FFL" -> F F L), their words for a screen reader. */
function miniCards(cs) {
  const cards = String(cs || "").split("");
  return h("span", { class: "mini-cards" }, h("span", { class: "sr-only" }, cardWords(cs)),
    cards.map(c => h("span", { class: ["mini", c === "L" ? "liberal" : "fascist"], "aria-hidden": "true" }, c === "L" ? "L" : "F")));
}

/** The TV's claim tracker, beside the feed: one line per government (the cards as small
 * cards), so that every government of a game fits the screen, the newest last. */
function tvSide(v) {
  const rows = (v.board || {}).claim_tracker;
  if (!rows || !rows.length) return null;
  const president = c => (c ? [miniCards(c.drew), h("span", { class: "arrow" }, " → "), miniCards(c.passed)] : "—");
  const chancellor = c => (c ? miniCards(c.got) : "—");
  const enacted = e => (e === "veto" ? t("vetoed") : e ? miniCards(e) : "…");
  return h("section", { class: "claim-tracker tv-claims", "data-test": "claim-tracker" },
    h("h2", {}, t("Claim tracker")),
    h("table", { class: "tally claims" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("President")),
        h("th", { scope: "col" }, t("Chancellor")), h("th", { scope: "col" }, t("President’s claim")),
        h("th", { scope: "col" }, t("Chancellor’s claim")), h("th", { scope: "col" }, t("Enacted")))),
      h("tbody", {}, rows.map(r => h("tr", { "data-government": r.government },
        h("td", {}, String(r.government)), h("td", {}, r.president), h("td", {}, r.chancellor || "?"),
        h("td", {}, president(r.claims.president)),
        h("td", {}, chancellor(r.claims.chancellor), r.claims.investigator
          ? [h("br"), t("Investigation: {what}", { what: claimWords("investigator", r.claims.investigator) })] : null),
        h("td", {}, enacted(r.enacted)))))));
}

/** The claims the player may make now, one tap each (after the step's own prompt; `alone`:
 * there is none, and the form's heading is the sheet's title). */
function sidePrompt(claims, v, ctx, alone) {
  const heading = { president: t("As President"), chancellor: t("As Chancellor"), investigator: t("As investigator") };
  const roles = [...new Set(claims.map(a => a.as))];
  return h("div", { class: "claim-form", "data-test": "claim-form" },
    h(alone ? "h2" : "h3", alone ? { id: "prompt-title" } : {}, t("Claim what you saw")),
    h("p", { class: "explain" }, t("Your claim is posted in the thread for everyone. It may be the truth or a lie; after the game the export shows which.")),
    roles.map(role => h("div", { class: "group" }, h("h4", {}, heading[role] || human(role)),
      h("div", { class: "buttons" }, claims.filter(a => a.as === role).map(a => h("button", {
        class: "action claim", type: "button", "data-action": "claim", disabled: ctx.busy, onclick: () => ctx.act(a),
      }, actionLabel(a)))))));
}

function privatePanel(v) {
  const p = v.private || {};
  const out = [];
  out.push(h("p", { class: "role" }, t("Your role:") + " ", h("b", { "data-secret": "role", "data-role": p.role }, roleName(p.role)), " ",
    h("span", {}, `(${t("party")}: ${partyName(p.allegiance)})`)));
  if (p.roles) {
    const others = Object.entries(p.roles).filter(([q]) => q !== v.player);
    if (others.length) out.push(h("p", {}, t("You know:") + " ", others.map(([q, r], i) => [i ? ", " : "", t("{name} is {role}", { name: q, role: roleName(r) })])));
  }
  if (p.alive === false) out.push(h("p", { class: "dead" }, t("You are dead: you cannot vote or post.")));
  if (p.todays_codes) out.push(h("p", {}, postText(t("Today’s votecodes: yes {yes}, no {no}.", { yes: bold(p.todays_codes.yes), no: bold(p.todays_codes.no) }))));
  if (p.votecodes) out.push(h("details", {}, h("summary", {}, t("All your votecodes")),
    h("ol", {}, p.votecodes.map((c, i) => h("li", {}, t("Day {day}: yes {yes} · no {no}", { day: i + 1, yes: c[0], no: c[1] }))))));
  if (p.hand) out.push(h("p", {}, t("Your hand:") + " ", p.hand.map(c => policyCard(c))));
  if (p.investigations) out.push(h("p", {}, t("Investigated:") + " ", Object.entries(p.investigations).map(([q, r], i) => [i ? ", " : "", `${q}: ${roleName(r)}`])));
  if (p.peeks && p.peeks.length) out.push(h("p", {}, t("Peeked:") + " ", p.peeks.map(x => h("span", { class: "peek" }, x.map(c => policyCard(c))))));
  if (p.power) out.push(h("p", {}, t("Your power now:") + " ", h("b", {}, powerName(p.power))));
  return out;
}

function actionTitle(a, v) {
  const b = (v && v.board) || {};
  switch (a.action) {
    case "nominate": return a.targets ? t("Night 0: pick a nomination pair") : t("Nominate a Chancellor Candidate");
    case "vote": return t("Vote on the government of {p} and {c}", { p: b.presidential_candidate, c: b.chancellor_candidate });
    case "discard": return t("Discard one policy: the other two go to the Chancellor");
    case "enact": return t("Enact one policy");
    case "investigate": return t("Investigate loyalty: you learn the player’s party");
    case "special_election": return t("Special election: you choose the next Presidential Candidate");
    case "execute": return t("Execution: the player is dead; if it is Hitler, the Liberals win");
    case "peek": return t("Policy peek: see the top three policies");
    case "veto": return t("Veto: discard this agenda");
    case "claim": return t("Claim what you saw");
    default: return human(a.action);
  }
}

function actionLabel(a) {
  switch (a.action) {
    case "nominate": return a.targets ? t("Nominate {names}", { names: a.targets.join(" + ") }) : t("Nominate {name}", { name: a.target });
    case "vote": return a.vote === "yes" ? t("Ja! (yes)") : t("Nein! (no)");
    case "discard": return t("Discard a {policy} policy", { policy: policyName(a.card) });
    case "enact": return t("Enact a {policy} policy", { policy: policyName(a.card) });
    case "investigate": return t("Investigate {name}", { name: a.target });
    case "special_election": return t("Make {name} President", { name: a.target });
    case "execute": return t("Execute {name}", { name: a.target });
    case "peek": return t("Peek");
    case "veto": return a.agree === false || a.veto === false ? t("Refuse the veto") : t("Veto");
    case "claim": return a.as === "president" ? t("I drew {drew} and passed {passed}", { drew: cardWords(a.drew), passed: cardWords(a.passed) })
      : a.as === "chancellor" ? t("I got {got}", { got: cardWords(a.got) }) : t("The player I investigated is {party}", { party: roleName(a.party) });
    default: return human(a.action);
  }
}

/** A votecode to show in bold (dom.postText draws `**123**` as a bold 123, no asterisks). */
const bold = code => `**${code}**`;

/** Turbo votes are thread posts of a bold votecode: one tap posts it. The buttons show the code
 * in bold and say that the tap posts it; no asterisks are shown. The button of the standing
 * vote is pressed (the one on its way to the server, else the one the game counts): tapping it
 * again posts nothing, tapping the other one changes the vote. */
function prompt(actions, v, ctx) {
  const codes = (v.private || {}).todays_codes;
  if (!codes || !actions.length || !actions.every(a => a.action === "vote")) return null;
  const b = v.board;
  const standingNow = () => {
    const sending = ctx.sending();
    return sending === bold(codes.yes) ? "yes" : sending === bold(codes.no) ? "no" : ((ctx.viewNow() || v).private || {}).vote;
  };
  const standing = standingNow();
  const choice = (vote, label, code) => h("button", { class: ["action", "big", vote], type: "button", "aria-pressed": String(standing === vote),
    onclick: () => { if (standingNow() !== vote) ctx.post(bold(code)); } },
    h("span", {}, label), h("small", { class: "explain" }, postText(t("posts your code {code}", { code: bold(code) }))));
  const yours = standing === "yes" ? t("Your vote now: Ja! (yes). Tap Nein to change it.")
    : standing === "no" ? t("Your vote now: Nein (no). Tap Ja! to change it.") : "";
  return h("div", { class: "prompt-body" },
    h("h2", { id: "prompt-title" }, actionTitle(actions[0], v)),
    h("p", { class: "explain", "data-test": "vote-explain" }, t("Yes means {p} becomes President and {c} Chancellor.", { p: b.presidential_candidate, c: b.chancellor_candidate }),
      " ", t("A tap posts your votecode for today to the thread for you, in bold as the rules ask; you may change your vote until the deadline.")),
    h("div", { class: "buttons" }, choice("yes", t("Ja! (yes)"), codes.yes), choice("no", t("Nein (no)"), codes.no)),
    yours ? h("p", { class: "explain", "data-test": "vote-standing", role: "status" }, yours) : null);
}

/** One sentence on the forum convention, for a post that did not count as a vote: bold is typed
 * as two asterisks on each side of the code (shown as typed, asterisks and all). */
function alertNote(e) {
  if (e.kind !== "vote_ignored") return "";
  const code = /^\d{3}$/.test(String(e.code)) ? e.code : e.yes;
  return code === undefined || code === null ? ""
    : t("Typed in the message box, a code counts only in bold, written with two asterisks on each side: **{code}**. The Ja! and Nein buttons do that for you.", { code });
}

/** The official rules speak of election rounds (no night 0, no days): the feed's headers
 * follow; the turbo game's are its days. `ctx.view` (the table's view) says which. */
const official = ctx => ((ctx && ctx.view && ctx.view.board) || {}).variant === "official";

function section(e, ctx) {
  if (official(ctx)) {
    if (e.kind === "player_list") return t("Before the first round");
    if (e.kind === "day_start") return t("Election round {n}", { n: e.day });
    return null;
  }
  if (e.kind === "player_list") return t("Night 0");
  if (e.kind === "day_start") return t("Day {n}", { n: e.day });
  return null;
}

function detail(e) {
  if (e.kind === "vote_result" && e.votes) return tallyTable(e.votes, { yes: t("Ja! (yes)"), no: t("Nein! (no)") });
  return null;
}

function phaseWords(v) {
  const b = v.board || {};
  const step = { nominate: t("nomination"), vote: t("vote"), discard: t("the President discards"), enact: t("the Chancellor enacts") }[b.step] || human(b.step);
  if (b.variant === "official") return t("Election round {n}: {step}", { n: b.day, step });
  return v.phase === "night" ? t("Night {n}: {step}", { n: b.day, step }) : t("Day {n}: {step}", { n: b.day, step });
}

function roleOf(e) { return e.kind === "role" ? roleName(e.role) : ""; }

const SIDE = { liberals: () => t("the Liberals"), fascists: () => t("the Fascists") };
function sideName(x) { return SIDE[x] ? SIDE[x]() : human(x); }

/** The role reveal: the role card, the party card, and whom a Fascist knows. */
function roleCard(v) {
  const p = v.private || {};
  const others = Object.entries(p.roles || {}).filter(([q]) => q !== v.player);
  return h("div", { class: "role-reveal" },
    h("div", { class: ["role-big", p.allegiance === "liberal" ? "liberal" : "fascist"] },
      h("span", { class: "emblem", "aria-hidden": "true" }, p.role === "hitler" ? "H" : (p.allegiance === "liberal" ? "L" : "F")),
      h("b", {}, capital(roleName(p.role)))),
    h("p", {}, t("Your party: {party}.", { party: partyName(p.allegiance) }) + " " +
      (p.allegiance === "liberal" ? t("Enact 5 Liberal policies or kill Hitler.") : t("Enact 6 Fascist policies, or elect Hitler Chancellor after 3 Fascist policies."))),
    others.length ? h("p", {}, t("You know:") + " ", others.map(([q, r], i) => [i ? ", " : "", t("{name} is {role}", { name: q, role: roleName(r) })])) : null);
}

/** Presets for the create form (the game's options and the table's pace). */
const presets = [
  { id: "turbo", label: () => t("Turbo forum game"), explain: () => t("The forum rules: a night 0, votes posted as votecodes, day 1 lasts 14 minutes."),
    options: { variant: "turbo" }, pace: "turbo" },
  { id: "official", label: () => t("Official board game"), explain: () => t("The published rules: direct yes/no votes, no deadlines, the President uses every power."),
    options: { variant: "official" }, pace: "turbo" },
  { id: "quick", label: () => t("Quick game"), explain: () => t("The turbo rules with every deadline four times shorter: day 1 lasts 3½ minutes."),
    options: { variant: "turbo" }, pace: "fast", factor: 4 },
];

/** How to play, from the rules (docs/rules/secret-hitler.md), with the cards drawn in CSS. */
function howTo() {
  return h("div", { class: "howto-body" },
    h("p", {}, t("Secret Hitler is for 5 to 10 players. Most players are Liberals; a few are Fascists, and one of them is Hitler. Only the Fascists know who is who (with 7 or more players Hitler does not know the Fascists).")),
    h("div", { class: "cards", "aria-hidden": "true" }, policyCard("L"), policyCard("F")),
    h("h3", {}, t("How to win")),
    h("p", {}, t("Liberals win with 5 Liberal policies or by killing Hitler. Fascists win with 6 Fascist policies or by electing Hitler Chancellor once 3 Fascist policies are enacted.")),
    h("h3", {}, t("Each round")),
    h("ol", {},
      h("li", {}, t("The Presidential Candidate nominates a Chancellor Candidate.")),
      h("li", {}, t("Everyone votes yes (Ja!) or no (Nein). In the turbo game you vote by posting your votecode for the day in bold: the page posts it for you.")),
      h("li", {}, t("If the vote fails, the election tracker moves on; when it is full, the top policy is enacted.")),
      h("li", {}, t("If it passes, the President draws three policies and discards one; the Chancellor enacts one of the other two.")),
      h("li", {}, t("Some Fascist policies give a power: investigate a player’s party, peek at the next three policies, choose the next President, or execute a player."))),
    h("p", { class: "muted" }, t("The feed tells every step in words; the prompt at the bottom says what your choice does.")));
}

function confirmMore(a) {
  return a.action === "execute" ? t("A dead player can no longer vote, post or be elected.") : "";
}

/** Whose hand a reveal's row is, in words ("Ann drew:"). */
function handWords(e) {
  const name = e.to[0];
  if (e.kind === "policies_drawn") return t("{name} drew:", { name });
  if (e.kind === "policies_passed") return t("{name} was passed:", { name });
  if (e.kind === "peek") return t("{name} peeked at:", { name });
  return name + ":";
}

/** Every private hand of the game, each with its round ("Night 3, Ann drew:"; the official
 * rules' "Election round 3, ..."): a turbo government works in the night of its day. */
function result(v, reveal) {
  const officialRules = ((v && v.board) || {}).variant === "official";
  const rows = [];
  let day = 0;
  for (const e of reveal.events || []) {
    if (e.kind === "day_start") { day = e.day; continue; }
    if (!Array.isArray(e.cards) || !e.to || e.to.length !== 1) continue;
    const when = officialRules ? (day ? t("Election round {n}", { n: day }) : t("Before the first round")) : t("Night {n}", { n: day });
    rows.push(h("li", {}, t("{when}, {who}", { when, who: handWords(e) }) + " ", e.cards.map(c => policyCard(c))));
  }
  if (!rows.length) return null;
  return [h("h3", {}, t("Every hand")), h("ol", { class: "plain", "data-test": "hands" }, rows)];
}

/** A post in the claim notation ("claim president drew FFL passed FL", what the bots post):
 * the narrator's sentence for it in the reader's language; null for any other post (the
 * narrator tells those as "X wrote: “…”", quoting the text). */
function postWords(e) {
  const told = Array.isArray(e.narration) ? e.narration.join(" ") : "";
  return /^claim /.test(e.text || "") && told && !told.includes(e.text) ? told : null;
}

export default { tvSide, postWords, sideActions: ["claim"], sidePrompt, board, privatePanel, actionTitle, actionLabel, prompt, section, detail, phaseWords, roleOf, result,
  sideName, roleCard, presets, howTo, confirmMore, alerts: ["vote_ignored"], alertNote };
