// Rendering of each game's view (docs/rules/<game>.md, the games' views.py): the public
// board, the private panel, labels of legal actions and events, the result.
// Everything shown comes from the view the server sent to this player (or the reveal after
// the game); every string from the server is escaped.

export function esc(v) {
  return String(v ?? "").replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
const human = s => String(s ?? "").replace(/_/g, " ");
const list = xs => (xs && xs.length ? xs.map(esc).join(", ") : "none");

const POLICY = { L: "Liberal", F: "Fascist" };
const TOOL = { bullet: "a bullet", medkit: "a medical kit", nothing: "nothing" };
const MC_CARD = {
  confess_to_the_feds: "Confess to the feds", escape_to_the_reds: "Escape to the reds",
  deep_research: "Deep research", double_agent: "Double agent",
  lemme_see_what_you_got_there: "Lemme see what you got there", you_seem_suspicious: "You seem suspicious",
  i_know_a_guy: "I know a guy", super_snitch: "Super snitch", loose_lips: "Loose lips",
  commies_take_over: "Commies take over", something_to_say: "Something to say",
  too_much_to_drink: "I think we've both had too much to drink",
};
const cardName = c => MC_CARD[c] || human(c);

// ------------------------------------------------------------------ legal actions

/** A heading for a group of legal actions of one kind. */
export function actionTitle(view, a) {
  const t = {
    nominate: "Nominate a Chancellor", vote: "Vote", discard: "Discard one policy", enact: "Enact one policy",
    investigate: "Investigate a player's loyalty", special_election: "Call a special election",
    execute: "Execute a player", peek: "Peek", veto: "Veto",
    snitch: "Snitch on a player", snitch_pair: "Snitch on two players", call_end: "End the game",
    pass: "Pass", play: "Play a card", decline: "Keep your card", choose: "Choose a player",
    give: "Give a tool face down", give_both: "Give both tools", interrogate: "Call an interrogation",
    answer: "Answer the interrogation",
  }[a.action];
  return t || human(a.action);
}

/** The text of one legal action's button. */
export function actionLabel(view, a) {
  const game = view && view.game;
  switch (a.action) {
    case "nominate": return a.targets ? `Nominate ${a.targets.join(" + ")}` : `Nominate ${a.target}`;
    case "vote":
      if (game === "mccarthyism") return a.vote === "yes" ? "Vote yes" : "Vote no";
      return a.vote === "yes" ? "Ja! (yes)" : "Nein (no)";
    case "discard": return `Discard a ${POLICY[a.card] || a.card} policy`;
    case "enact": return `Enact a ${POLICY[a.card] || a.card} policy`;
    case "investigate": return `Investigate ${a.target}`;
    case "special_election": return `Make ${a.target} President`;
    case "execute": return `Execute ${a.target}`;
    case "snitch": return `Snitch on ${a.target}`;
    case "snitch_pair": return `Snitch on ${(a.targets || []).join(" and ")}`;
    case "call_end": return "Call for the end of the game";
    case "pass": return "Pass";
    case "play": return `Play “${cardName(a.card)}”`;
    case "decline": return "Keep the card, play nothing";
    case "choose": return `Choose ${a.target}`;
    case "give": return `Give ${TOOL[a.tool] || a.tool} to ${a.target}`;
    case "interrogate": return a.discard ? `Discard ${TOOL[a.discard] || a.discard} and interrogate` : "Interrogate";
    case "answer": return `Answer: ${TOOL[a.answer] || a.answer}`;
    default: {
      const rest = Object.entries(a).filter(([k]) => k !== "player" && k !== "action")
        .map(([k, v]) => `${human(k)} ${Array.isArray(v) ? v.join(", ") : (typeof v === "object" ? JSON.stringify(v) : v)}`);
      return [human(a.action), ...rest].join(" · ");
    }
  }
}

// ------------------------------------------------------------------ events

/** One line of the event log (``full``: the reveal's log, which names the audience). */
export function eventLine(e, full) {
  const d = Object.entries(e).map(([k, v]) => (k === "votecodes" && Array.isArray(v) ? [k, `${v.length} votecode pairs`] : [k, v])).filter(([k]) => !["seq", "kind", "private", "to", "by"].includes(k))
    .map(([k, v]) => `${human(k)}: ${Array.isArray(v) ? v.map(x => (typeof x === "object" ? JSON.stringify(x) : x)).join(", ")
      : (v && typeof v === "object" ? JSON.stringify(v) : v)}`).join("; ");
  let who = "";
  if (full && e.to) who = e.to.length ? ` [to ${e.to.join(", ")}]` : " [Mod only]";
  else if (e.private) who = " [private]";
  return `${e.seq}. ${human(e.kind)}${who}${d ? " — " + d : ""}`;
}

export function replayEntryLabel(entry) {
  if (!entry) return "the start";
  if (entry.kind === "action") return `${entry.at || ""} ${entry.action.player}: ${actionLabel(null, entry.action)}`;
  return `${entry.at || ""} ${human(entry.kind)} ${entry.key || entry.player || ""}`;
}

// ------------------------------------------------------------------ boards

function seatList(players, decorate) {
  return `<ol class="seatring">${players.map(p => {
    const { cls = "", tags = [] } = decorate(p);
    return `<li class="${cls}"><span class="pname">${esc(p)}</span>${tags.map(t => `<span class="tag ${esc(t[1] || "")}">${esc(t[0])}</span>`).join("")}</li>`;
  }).join("")}</ol>`;
}

function shBoard(v) {
  const b = v.board;
  const n = (b.player_list || v.players).length;
  const libSlots = Array.from({ length: 5 }, (_, i) => `<span class="slot lib ${i < b.liberal_policies ? "filled" : ""}">${i < b.liberal_policies ? "L" : ""}</span>`).join("");
  const powers = b.powers || [];
  const fasSlots = Array.from({ length: 6 }, (_, i) => {
    const filled = i < b.fascist_policies;
    const power = i === 5 ? "win" : (powers[i] ? human(powers[i]) : "");
    return `<span class="slot fas ${filled ? "filled" : ""}">${filled ? "F" : ""}<small>${esc(power)}</small></span>`;
  }).join("");
  const tracker = Array.from({ length: b.tracker_limit + 1 }, (_, i) => `<span class="pip ${i === b.election_tracker ? "on" : ""}">${i}</span>`).join("");
  const dead = new Set(b.dead || []);
  const voted = new Set(b.voted || []);
  const seats = seatList(b.player_list || v.players, p => {
    const tags = [];
    if (p === b.presidential_candidate) tags.push(["President candidate", "pres"]);
    if (p === b.chancellor_candidate) tags.push(["Chancellor candidate", "chan"]);
    if (p === b.president) tags.push(["last President", "limit"]);
    if (p === b.chancellor) tags.push(["last Chancellor", "limit"]);
    if (voted.has(p)) tags.push(["voted", ""]);
    if (dead.has(p)) tags.push(["dead", "dead"]);
    return { cls: dead.has(p) ? "dead" : "", tags };
  });
  return `<div class="sh">
    <div class="track"><b>Liberal policies ${b.liberal_policies}/5</b><div class="slots">${libSlots}</div></div>
    <div class="track"><b>Fascist policies ${b.fascist_policies}/6</b>${b.veto_unlocked ? ' <span class="tag">veto unlocked</span>' : ""}<div class="slots">${fasSlots}</div></div>
    <p>Election tracker: <span class="pips">${tracker}</span> (at ${b.tracker_limit} the top policy is enacted)</p>
    <p>Day ${esc(b.day)} · step ${esc(human(b.step))} · deck ${esc(b.deck_size)} · discards ${esc(b.discard_size)} · ${n} players</p>
    <p class="muted">Term limits: the last elected President and Chancellor are marked; the last Chancellor cannot be nominated again${n > 5 ? ", nor the last President" : ""}.</p>
    ${seats}
  </div>`;
}

function mcBoard(v) {
  const b = v.board;
  const black = new Set(b.blacklisted || []), white = new Set(b.whitelisted || []), escaped = new Set(b.escaped || []);
  const acting = new Set(b.acting || []);
  const seats = seatList(v.players, p => {
    const tags = [];
    if (p === b.snitch) tags.push(["snitch token", "pres"]);
    if (acting.has(p)) tags.push(["acting", "chan"]);
    if (black.has(p)) tags.push(["blacklisted", "dead"]);
    if (white.has(p)) tags.push([`whitelisted${b.protected_through_turn && b.protected_through_turn[p] !== undefined ? ` · protected ${Math.max(0, b.protected_through_turn[p] - b.turn + 1)} more turn(s)` : ""}`, "lib"]);
    if (escaped.has(p)) tags.push(["escaped to the reds", ""]);
    if (b.confessed && b.confessed[p]) tags.push([`confessed: ${b.confessed[p]}`, ""]);
    if (p === b.double_agent) tags.push(["double agent token", "fas"]);
    if (b.turns_had) tags.push([`turns ${b.turns_had[p] || 0}/${b.turns_per_player}`, "muted"]);
    return { cls: black.has(p) ? "dead" : "", tags };
  });
  const vote = b.vote ? `<p class="vote">Open vote: <b>${esc(human(b.vote.motion))}</b>${b.vote.targets.length ? " of " + list(b.vote.targets) : ""} · ${esc(b.vote.voted)}/${esc(b.vote.voters.length)} voted</p>` : "";
  const played = (b.played || []).slice(-5).map(x => `${esc(x.player)}: ${esc(cardName(x.card))}`).join("; ");
  return `<div class="mc">
    <p>Turn ${esc(b.turn)} · step ${esc(human(b.step))} · deck ${esc(b.deck)} cards · discards ${esc(b.discards)} · ${b.commie_count != null ? `${esc(b.commie_count)} Commies at the table` : b.pool ? `dealt from ${esc(b.pool.commie_cards)} Commie and ${esc(b.pool.american_cards)} American cards: how many Commies is secret` : ""}</p>
    <p>Commies take over: <b>${b.commies_take_over ? "yes" : "no"}</b>${b.card_in_play ? ` · card in play: ${esc(cardName(b.card_in_play))}` : ""}</p>
    ${vote}
    ${seats}
    ${played ? `<p class="muted">Last cards played: ${played}</p>` : ""}
  </div>`;
}

function saBoard(v) {
  const b = v.board;
  const discarded = new Set(b.discarded || []);
  const seats = seatList(v.players, p => {
    const tags = [];
    if (p === b.first_player) tags.push(["first player", ""]);
    if (p === b.turn) tags.push(["to act", "pres"]);
    tags.push([`holds ${b.holding[p]}`, "muted"]);
    tags.push([`received ${b.received[p]}`, "muted"]);
    if (discarded.has(p)) tags.push(["discarded one", ""]);
    if (b.roles) tags.push([b.roles[p], b.roles[p] === "operative" ? "lib" : "fas"]);
    return { tags };
  });
  const gifts = (b.gifts || []).map(g => `<li>round ${esc(g.round)}: ${esc(g.giver)} → ${esc(g.receiver)} ${g.tool ? `(${esc(TOOL[g.tool] || g.tool)})` : "(face down)"}</li>`).join("");
  const inter = (b.interrogations || []).map(r => `<li><b>${esc(r.caller)}</b> asks: ${esc(r.question)}<ul>${r.answers.map(a => `<li>${esc(a.player)}: ${esc(TOOL[a.answer] || a.answer)}</li>`).join("")}</ul></li>`).join("");
  const cur = b.current_card ? `<p class="vote">Interrogation by ${esc(b.current_card.caller)}: “${esc(b.current_card.question)}”</p>` : "";
  return `<div class="sa">
    <p>Round ${esc(b.round ?? "over")} · ${esc(b.cards_left)} interrogation cards left${b.revealed_card ? ` · revealed card: ${esc(b.revealed_card)} (bonus to ${esc(b.bonus_side)})` : ""}</p>
    ${cur}
    ${seats}
    <h3>Gifts</h3><ol class="plain">${gifts || "<li>none yet</li>"}</ol>
    <h3>Interrogations</h3><ol class="plain">${inter || "<li>none yet</li>"}</ol>
  </div>`;
}

/** The public board of ``view`` as HTML. */
export function boardHtml(view) {
  if (!view || !view.board) return "";
  switch (view.game) {
    case "secret-hitler": return shBoard(view);
    case "mccarthyism": return mcBoard(view);
    case "shady-agents": return saBoard(view);
    default: return `<pre>${esc(JSON.stringify(view.board, null, 1))}</pre>`;
  }
}

// ------------------------------------------------------------------ private panel

/** What this player knows beyond the board, as HTML. */
export function privateHtml(view) {
  const p = view.private || {};
  if (!view.player) return "";
  const out = [];
  if (view.game === "secret-hitler") {
    out.push(`<p class="role">Your role: <b data-secret="role">${esc(p.role)}</b> (${esc(p.allegiance)})</p>`);
    if (p.roles) out.push(`<p>You know: ${Object.entries(p.roles).filter(([q]) => q !== view.player).map(([q, r]) => `${esc(q)} is ${esc(r)}`).join(", ")}</p>`);
    if (p.alive === false) out.push(`<p class="dead">You are dead: you cannot vote or post.</p>`);
    if (p.todays_codes) out.push(`<p>Today's votecodes: yes <b>${esc(p.todays_codes.yes)}</b>, no <b>${esc(p.todays_codes.no)}</b> (post one in bold, e.g. **${esc(p.todays_codes.yes)}**)</p>`);
    if (p.votecodes) out.push(`<details><summary>All your votecodes</summary><ol>${p.votecodes.map(c => `<li>yes ${esc(c[0])} · no ${esc(c[1])}</li>`).join("")}</ol></details>`);
    if (p.vote) out.push(`<p>Your vote: <b>${esc(p.vote)}</b></p>`);
    if (p.hand) out.push(`<p>Your hand: ${p.hand.map(c => `<span class="slot ${c === "L" ? "lib" : "fas"} filled">${esc(c)}</span>`).join(" ")}</p>`);
    if (p.veto_requested) out.push(`<p>The Chancellor asks for a veto.</p>`);
    if (p.investigations) out.push(`<p>Investigated: ${Object.entries(p.investigations).map(([q, r]) => `${esc(q)} is ${esc(r)}`).join(", ")}</p>`);
    if (p.peeks && p.peeks.length) out.push(`<p>Peeked: ${p.peeks.map(x => x.map(esc).join("")).join(" / ")}</p>`);
    if (p.power) out.push(`<p>Your power now: <b>${esc(human(p.power))}</b></p>`);
  } else if (view.game === "mccarthyism") {
    if (p.role_card) out.push(`<p class="role">Your role card: <b data-secret="role">${esc(p.role_card.card)}</b> <span class="muted">(last seen: ${esc(p.role_card.how)}, turn ${esc(p.role_card.turn)})</span></p>`);
    if (p.commies_at_start) out.push(`<p>Commies at the start: ${list(p.commies_at_start)}</p>`);
    const seen = Object.entries(p.seen_roles || {});
    if (seen.length) out.push(`<p>You know: ${seen.map(([q, s]) => `${esc(q)} is ${esc(s.card)} (${esc(s.how)}, turn ${esc(s.turn)})`).join("; ")}</p>`);
    if (p.hand && p.hand.length) out.push(`<p>Your hand: ${p.hand.map(c => `<span class="tag">${esc(cardName(c))}</span>`).join(" ")}</p>`);
    if (p.deep_research) out.push(`<p>Deep research (turn ${esc(p.deep_research.turn)}): ${p.deep_research.cards.map(cardName).map(esc).join(", ")}${p.deep_research.in_order ? " (in draw order)" : ""}</p>`);
    if (p.my_vote) out.push(`<p>Your vote: <b>${esc(p.my_vote)}</b></p>`);
  } else if (view.game === "shady-agents") {
    out.push(`<p class="role">Your role: <b data-secret="role">${esc(p.role)}</b> (${esc(p.side)})</p>`);
    out.push(`<p>Your tools: ${p.holding && p.holding.length ? p.holding.map(t => `<span class="tag">${esc(TOOL[t] || t)}</span>`).join(" ") : "none"}</p>`);
    if (p.gave && p.gave.length) out.push(`<p>You gave: ${p.gave.map(g => `${esc(TOOL[g.tool] || g.tool)} to ${esc(g.to)} (round ${esc(g.round)})`).join("; ")}</p>`);
    if (p.received && p.received.length) out.push(`<p>You received: ${p.received.map(g => `${esc(TOOL[g.tool] || g.tool)} from ${esc(g.from)} (round ${esc(g.round)})`).join("; ")}</p>`);
    if (p.discarded) out.push(`<p>You discarded ${esc(TOOL[p.discarded] || p.discarded)}</p>`);
    if (p.interrogation) out.push(`<p class="vote">You must answer: “${esc(p.interrogation.question)}” — ${p.side === "operatives" ? "operatives tell the truth" : "deserters lie"}.</p>`);
  } else {
    out.push(`<pre>${esc(JSON.stringify(p, null, 1))}</pre>`);
  }
  return out.join("");
}

// ------------------------------------------------------------------ results

/** Winners, every role and hand, from the final view and the reveal. */
export function resultHtml(view, reveal) {
  const r = view.result || reveal.result || {};
  const roles = {};
  for (const e of reveal.events || []) {
    if (e.kind === "role" && e.to && e.to.length === 1) roles[e.to[0]] = e.role || e.card;
  }
  const outcomes = r.outcomes || {};
  const rows = (reveal.players || view.players).map(p =>
    `<tr><td>${esc(p)}</td><td>${esc(roles[p] || "")}</td><td class="${outcomes[p] === "win" ? "win" : ""}">${esc(outcomes[p] || "")}</td></tr>`).join("");
  let hands = "";
  if (view.game === "shady-agents" && view.board.gifts) {
    hands = `<p>Every tool: ${view.board.gifts.map(g => `${esc(g.giver)} gave ${esc(TOOL[g.tool] || g.tool)} to ${esc(g.receiver)}`).join("; ")}</p>`;
    if (view.board.discards) hands += `<p>Discards: ${Object.entries(view.board.discards).map(([q, t]) => `${esc(q)}: ${esc(TOOL[t] || t)}`).join("; ")}</p>`;
  }
  if (view.game !== "shady-agents") {
    // every private hand: Secret Hitler's policies drawn and passed, McCarthyism's cards drawn
    const name = c => (view.game === "mccarthyism" ? cardName(c) : (POLICY[c] || c));
    const hand = (reveal.events || []).filter(e => Array.isArray(e.cards) && e.to && e.to.length === 1);
    if (hand.length) {
      hands = `<h3>Every hand</h3><ol class="plain" data-test="hands">${hand.map(e =>
        `<li>${esc(e.to[0])} (${esc(human(e.kind))}): ${e.cards.map(name).map(esc).join(", ")}</li>`).join("")}</ol>`;
    }
  }
  return `<p class="winner" data-test="winner">Winner: <b>${r.winner == null ? "nobody" : esc(human(r.winner))}</b>${r.reason ? ` (${esc(human(r.reason))})` : ""}</p>
    <table class="roles"><thead><tr><th>player</th><th>role</th><th>outcome</th></tr></thead><tbody>${rows}</tbody></table>${hands}`;
}
