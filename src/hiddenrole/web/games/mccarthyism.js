// McCarthyism: the seat ring with the snitch token, blacklist and whitelist markers and
// everyone's turns; action cards drawn with their rule text; the open vote; the hand.

import { h } from "../dom.js";
import { capital, t } from "../i18n.js";
import { human, seatRing, tallyTable } from "../games.js";

// each card's name and rule text (docs/rules/mccarthyism.md, "Action cards")
const CARDS = {
  confess_to_the_feds: [() => t("Confess to the Feds"), () => t("You reveal your identity to the rest of the players. If you are blacklisted, you can no longer become the snitch; if not, you can become the snitch exactly one more time.")],
  escape_to_the_reds: [() => t("Escape to the Reds"), () => t("You immediately leave the game: you are blacklisted for good, you do not reveal your identity, and you cannot become the snitch.")],
  deep_research: [() => t("Deep research"), () => t("Look at all the cards in the centre.")],
  double_agent: [() => t("Double Agent"), () => t("You get the double agent token: you are the opposite of your role card (until someone else plays this card).")],
  lemme_see_what_you_got_there: [() => t("Lemme see what you got there"), () => t("See the role of the person to your right.")],
  you_seem_suspicious: [() => t("You seem suspicious"), () => t("Look at the role of a chosen player.")],
  i_know_a_guy: [() => t("I know a guy"), () => t("Whitelist a blacklisted player (you may choose yourself).")],
  super_snitch: [() => t("Super snitch"), () => t("Blacklist a chosen player, without a vote.")],
  loose_lips: [() => t("Loose Lips"), () => t("Everybody looks at the role of the person to their right.")],
  commies_take_over: [() => t("Commies take over"), () => t("Commies and loyal Americans switch sides.")],
  something_to_say: [() => t("You look like you have something to say"), () => t("A chosen player must draw two action cards and play one of them.")],
  too_much_to_drink: [() => t("I think we’ve both had too much to drink"), () => t("Swap role cards with another player and see your new role (they do not see theirs).")],
};
const cardName = c => (CARDS[c] ? CARDS[c][0]() : human(c));
const ROLE = { commie: () => t("Commie"), american: () => t("Loyal American") };
const roleName = r => (ROLE[r] ? ROLE[r]() : human(r));

/** An action card drawn in CSS: its name and its rule text. */
function card(c, extra) {
  return h("div", { class: "mc-card" }, h("b", {}, cardName(c)), h("span", { class: "rule" }, CARDS[c] ? CARDS[c][1]() : ""), extra);
}

function motionWords(vote) {
  if (vote.motion === "end_game") return t("end the game now");
  return t("blacklist {names}", { names: vote.targets.join(t(" and ")) });
}

/** The board's line on the vote under way: secret, or by name (the table's option). */
function voteArgs(vote) { return { motion: motionWords(vote), voted: vote.voted, n: vote.voters.length }; }

function board(v, ctx) {
  const b = v.board;
  const black = new Set(b.blacklisted || []), white = new Set(b.whitelisted || []), escaped = new Set(b.escaped || []);
  const acting = new Set(b.acting || []);
  return h("div", { class: "mc-board" },
    h("p", { class: "stats" }, b.commie_count != null
      ? t("Turn {turn} · {deck} cards in the deck · {discards} discarded · {n} Commies at the table", { turn: b.turn, deck: b.deck, discards: b.discards, n: b.commie_count })
      : t("Turn {turn} · {deck} cards in the deck · {discards} discarded · how many Commies is secret",
          { turn: b.turn, deck: b.deck, discards: b.discards })),
    // how the roles were dealt, in a sentence of its own: the line above stays short (on a phone
    // it is pinned at the top of the board's strip, at most two lines; this one follows the seats)
    b.commie_count == null && b.pool ? h("p", { class: "muted small deal-words", "data-test": "deal-words" },
      t("The roles were dealt from {commies} Commie and {americans} American cards.", { commies: b.pool.commie_cards, americans: b.pool.american_cards })) : null,
    b.commies_take_over ? h("p", { class: "tag fas" }, t("Commies have taken over: every side is switched.")) : null,
    b.vote ? h("p", { class: "vote" }, (b.vote.secret === false ? t("Vote by name: {motion} · {voted} of {n} voted", voteArgs(b.vote))
      : t("Secret vote: {motion} · {voted} of {n} voted", voteArgs(b.vote)))) : null,
    b.card_in_play ? h("div", { class: "in-play" }, h("span", { class: "muted" }, t("Card in play:")), card(b.card_in_play)) : null,
    seatRing(v.players, p => {
      const tags = [];
      if (p === b.snitch) tags.push([t("snitch token"), "pres"]);
      if (acting.has(p)) tags.push([t("acting now"), "chan"]);
      if (black.has(p)) tags.push([t("⊘ blacklisted: no vote"), "black"]);
      if (white.has(p)) {
        const left = b.protected_through_turn && b.protected_through_turn[p] !== undefined ? Math.max(0, b.protected_through_turn[p] - b.turn + 1) : null;
        tags.push([left === null ? t("whitelisted") : (left === 1 ? t("whitelisted, protected 1 more turn") : t("whitelisted, protected {n} more turns", { n: left })), "lib"]);
      }
      if (escaped.has(p)) tags.push([t("escaped to the Reds"), ""]);
      if (b.confessed && b.confessed[p]) tags.push([t("confessed: {role}", { role: roleName(b.confessed[p]) }), ""]);
      if (p === b.double_agent) tags.push([t("double agent token"), "fas"]);
      if (b.turns_had) tags.push([t("turns {n} of {m}", { n: b.turns_had[p] || 0, m: b.turns_per_player }), "muted"]);
      return { cls: black.has(p) ? "blacklisted" : "", tags };  // still in the game: never the dead style
    }, ctx.me),
    black.size ? h("p", { class: "muted", "data-test": "blacklist-words" },
      t("⊘ Blacklisted players still play and can be the snitch, but they do not vote and cannot be snitched on. If every Commie is blacklisted, the players not blacklisted win; blacklisted loyal Americans lose.")) : null,
    (b.played || []).length ? h("div", {}, h("h3", {}, t("Last cards played")), h("ul", { class: "plain played" },
      (b.played || []).slice(-4).map(x => h("li", {}, `${x.player}: `, h("b", {}, cardName(x.card)))))) : null);
}

function privatePanel(v) {
  const p = v.private || {};
  const out = [];
  if (p.role_card) out.push(h("p", { class: "role" }, t("Your role card:") + " ", h("b", { "data-secret": "role", "data-role": p.role_card.card }, roleName(p.role_card.card))));
  if (p.commies_at_start) out.push(h("p", {}, t("Commies at the start:") + " " + p.commies_at_start.join(", ")));
  const seen = Object.entries(p.seen_roles || {});
  if (seen.length) out.push(h("p", {}, t("You know:") + " ", seen.map(([q, s], i) => [i ? "; " : "", t("{name} is {role}", { name: q, role: roleName(s.card) }), ` (${t("turn {n}", { n: s.turn })})`])));
  if (p.hand && p.hand.length) out.push(h("div", {}, h("p", {}, t("Your hand:")), h("div", { class: "cards" }, p.hand.map(c => card(c)))));
  if (p.deep_research) out.push(h("p", {}, t("Deep research:") + " " + p.deep_research.cards.map(cardName).join(", ")));
  if (p.my_vote) out.push(h("p", {}, t("Your vote:") + " ", h("b", {}, p.my_vote === "yes" ? t("yes") : t("no"))));
  return out;
}

function actionTitle(a, v) {
  const b = (v && v.board) || {};
  const n = (v.players || []).length - (b.blacklisted || []).length;
  switch (a.action) {
    case "snitch": return t("Snitch on one player: a vote blacklists them if at least a third of the {n} players not blacklisted say yes", { n });
    case "snitch_pair": return t("Snitch on two players: a vote blacklists both if at least half of the {n} players not blacklisted say yes", { n });
    case "call_end": return t("Call for the end of the game: if the vote passes, the game ends now");
    case "vote": return b.vote ? t("Vote: {motion}?", { motion: motionWords(b.vote) }) : t("Vote");
    case "pass": return t("Pass: do nothing this turn");
    case "play": return t("Play one of your cards");
    case "decline": return t("Keep your cards and play nothing");
    case "choose": return b.card_in_play ? t("Choose a player for “{card}”", { card: cardName(b.card_in_play) }) : t("Choose a player");
    default: return human(a.action);
  }
}

function actionLabel(a) {
  switch (a.action) {
    case "vote": return a.vote === "yes" ? t("Vote yes") : t("Vote no");
    case "snitch": return t("Snitch on {name}", { name: a.target });
    case "snitch_pair": return t("Snitch on {names}", { names: (a.targets || []).join(t(" and ")) });
    case "call_end": return t("Call for the end of the game");
    case "pass": return t("Pass");
    case "play": return t("Play “{card}”", { card: cardName(a.card) });
    case "decline": return t("Keep the cards, play nothing");
    case "choose": return t("Choose {name}", { name: a.target });
    default: return human(a.action);
  }
}

function section(e) { return e.kind === "turn" ? t("Turn {n}", { n: e.turn }) : null; }
function detail(e) { return e.kind === "vote_result" && e.votes ? tallyTable(e.votes, { yes: t("yes"), no: t("no") }) : null; }
function phaseWords(v) { return t("Turn {n}", { n: (v.board || {}).turn }); }
function roleOf(e) { return e.kind === "role" ? roleName(e.card || e.role) : ""; }

const SIDE = { commies: () => t("the Commies"), americans: () => t("the loyal Americans") };
function sideName(x) { return SIDE[x] ? SIDE[x]() : human(x); }

/** The role reveal: the role card and, for a Commie, the other Commies. */
function roleCard(v) {
  const p = v.private || {};
  const card = p.role_card ? p.role_card.card : "";
  return h("div", { class: "role-reveal" },
    h("div", { class: ["role-big", card === "commie" ? "fascist" : "liberal"] },
      h("span", { class: "emblem", "aria-hidden": "true" }, card === "commie" ? "☭" : "★"), h("b", {}, capital(roleName(card)))),
    h("p", {}, card === "commie"
      ? t("Commies win if at least one Commie is not blacklisted when the game ends.")
      : t("Loyal Americans win if every Commie is blacklisted when the game ends, and they are not blacklisted themselves.")),
    p.commies_at_start ? h("p", {}, t("Commies at the start:") + " " + p.commies_at_start.join(", ")) : null);
}

/** Presets for the create form (the game's options and the table's pace). */
const presets = [
  { id: "rulebook", label: () => t("Rulebook game"), explain: () => t("Three turns as snitch each, two minutes per choice, one minute per vote."),
    options: {}, pace: "turbo" },
  { id: "playtest", label: () => t("Large playtest"), explain: () => t("For a big group trying the game: two turns as snitch each, a minute per choice, half a minute per vote, votes shown by name."),
    options: { turns_per_player: 2, turn_seconds: 60, vote_seconds: 30, reveal_votes: true }, pace: "turbo" },
  { id: "quick", label: () => t("Quick game"), explain: () => t("One turn as snitch each, 45 seconds per choice, 20 per vote."),
    options: { turns_per_player: 1, turn_seconds: 45, vote_seconds: 20 }, pace: "turbo" },
];

/** How to play, from the rules (docs/rules/mccarthyism.md), with a card drawn in CSS. */
function howTo() {
  return h("div", { class: "howto-body" },
    h("p", {}, t("McCarthyism is for a large group. About a third of the players are Commies, who know each other; everyone else is a loyal American. Nobody shows evidence: you play on intuition.")),
    h("h3", {}, t("Each turn")),
    h("ol", {},
      h("li", {}, t("The snitch token moves one seat on. A snitch who is not blacklisted snitches on a player, calls for the end of the game, or passes.")),
      h("li", {}, t("Snitching starts a vote, secret unless the table chose votes by name: with a third of the players who are not blacklisted saying yes, the player is blacklisted. Ending the game needs two thirds.")),
      h("li", {}, t("Then the snitch draws an action card and may play it.")),
      h("li", {}, t("A blacklisted snitch must name two players; if the vote passes, both are blacklisted and the snitch is whitelisted (protected for some turns). Then they draw two cards and must play one."))),
    h("div", { class: "cards", "aria-hidden": "true" }, card("deep_research"), card("super_snitch")),
    h("h3", {}, t("How to win")),
    h("p", {}, t("The game ends after a successful end vote or when everyone has had their turns. If any Commie is not blacklisted, the Commies win; otherwise the Americans who are not blacklisted win.")));
}

/** The end vote's confirm step: what happens if it fails. */
function confirmMore(a) {
  return a.action === "call_end" ? t("If too few vote yes, the game goes on: you then draw an action card as after a pass.") : "";
}

/** Every private hand of the game, each row labelled with its turn, whose it was and what
 * kind of look it was ("Turn 3, Anna’s deep research …:"), from the reveal's events in order. */
export function handRows(events) {
  const rows = [];
  let turn = 0, snitch = null, blacklisted = false, forced = null;
  for (const e of events || []) {
    if (e.kind === "turn") { turn = e.turn; snitch = e.snitch; blacklisted = !!e.blacklisted; forced = null; continue; }
    if (e.kind === "must_say_something") { forced = e.target; continue; }
    if (!Array.isArray(e.cards) || !e.to || e.to.length !== 1) continue;
    const name = e.to[0];
    let label;
    if (e.kind === "deep_research") {
      label = e.in_order ? t("Turn {turn}, {name}’s deep research (the action deck, in draw order):", { turn, name })
        : t("Turn {turn}, {name}’s deep research (the cards left in the action deck):", { turn, name });
    } else if (e.kind === "hand" && name === forced) {
      label = t("Turn {turn}, {name} drew, made to by “{card}” (must play one):", { turn, name, card: cardName("something_to_say") });
    } else if (e.kind === "hand" && name === snitch && blacklisted) {
      label = t("Turn {turn}, {name} drew as a blacklisted snitch (must play one):", { turn, name });
    } else if (e.kind === "hand") {
      label = t("Turn {turn}, {name} drew:", { turn, name });
    } else {
      label = t("Turn {turn}, {name} saw:", { turn, name });
    }
    rows.push({ label, cards: e.cards });
  }
  return rows;
}

function result(v, reveal) {
  const rows = handRows(reveal.events);
  if (!rows.length) return null;
  return [h("h3", {}, t("Every hand")), h("ol", { class: "plain", "data-test": "hands" }, rows.map(r =>
    h("li", {}, r.label + " " + r.cards.map(cardName).join(", "))))];
}

export default { board, privatePanel, actionTitle, actionLabel, section, detail, phaseWords, roleOf, result,
  sideName, roleCard, presets, howTo, confirmMore };
