// Shady Agents: tools drawn as cards (bullet, medical kit), the seat ring with who holds how
// many, gifts face down, the interrogation card read aloud with each answer as a speech
// bubble; "give both" as two picks; the reveal with the scores.

import { h, s } from "../dom.js";
import { capital, t } from "../i18n.js";
import { human, seatRing } from "../games.js";

const TOOLS = { bullet: () => t("a bullet"), medkit: () => t("a medical kit"), nothing: () => t("nothing"), both: () => t("both tools") };
const toolName = x => (TOOLS[x] ? TOOLS[x]() : human(x));
const ROLE = { operative: () => t("law-abiding operative"), deserter: () => t("corrupt deserter") };
const roleName = r => (ROLE[r] ? ROLE[r]() : human(r));
const SIDE = { operatives: () => t("the law-abiding operatives"), deserters: () => t("the corrupt deserters") };
const sideName = x => (SIDE[x] ? SIDE[x]() : human(x));

// the interrogation cards' questions by card id (the engine's English text is their source;
// the narration's catalog has the same sentences)
const QUESTIONS = {
  medkit_to: () => t("Who gets your medical kit?"),
  bullet_to: () => t("Who gets your bullet?"),
  nearer_after_you: () => t("Which of your tools goes to the player seated nearer after you (clockwise)?"),
  nearer_before_you: () => t("Which of your tools goes to the player seated nearer before you (counter-clockwise)?"),
  nearer_you: () => t("Which of your tools goes to the player seated nearer to you, counting seats either way?"),
  nearer_after_caller: () => t("Which of your tools goes to the player seated nearer after the caller (the caller counts as nearest)?"),
  nearer_before_caller: () => t("Which of your tools goes to the player seated nearer before the caller (the caller counts as nearest)?"),
  nearer_caller: () => t("Which of your tools goes to the player seated nearer to the caller, counting seats either way (the caller counts as nearest)?"),
  earlier_in_round_one: () => t("Which of your tools goes to the player who plays earlier in round 1?"),
  nearer_first_player: () => t("Which of your tools goes to the player seated nearer to the first player, counting seats either way (the first player counts as nearest)?"),
  parted_first: () => t("Which of your tools do you give away or discard first?"),
};
/** A card's question in the reader's language (`card`: {card, question}). */
const questionOf = c => (c && QUESTIONS[c.card] ? QUESTIONS[c.card]() : (c ? c.question : ""));


// what "my bullet" and "my medical kit" claim on each "which of your tools" card, in full (the
// narration's CLAIMS): the card asks where the answerer's tools go, never which one they hold
const CLAIMS = {
  nearer_after_you: { bullet: () => t("my bullet goes to a player seated nearer after me (clockwise) than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer after me (clockwise) than my bullet does") },
  nearer_before_you: { bullet: () => t("my bullet goes to a player seated nearer before me (counter-clockwise) than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer before me (counter-clockwise) than my bullet does") },
  nearer_you: { bullet: () => t("my bullet goes to a player seated nearer to me than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer to me than my bullet does") },
  nearer_after_caller: { bullet: () => t("my bullet goes to a player seated nearer after the caller than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer after the caller than my bullet does") },
  nearer_before_caller: { bullet: () => t("my bullet goes to a player seated nearer before the caller than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer before the caller than my bullet does") },
  nearer_caller: { bullet: () => t("my bullet goes to a player seated nearer to the caller than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer to the caller than my bullet does") },
  earlier_in_round_one: { bullet: () => t("my bullet goes to a player who plays earlier in round 1 than the receiver of my medical kit"), medkit: () => t("my medical kit goes to a player who plays earlier in round 1 than the receiver of my bullet") },
  nearer_first_player: { bullet: () => t("my bullet goes to a player seated nearer to the first player than my medical kit does"), medkit: () => t("my medical kit goes to a player seated nearer to the first player than my bullet does") },
  parted_first: { bullet: () => t("I part with my bullet before my medical kit"), medkit: () => t("I part with my medical kit before my bullet") },
};

/** An answer in words: "medkit" -> "a medical kit", "bullet to Ann" -> "a bullet to Ann", "3+" -> "3 or more";
 * with the card it answers, a tool says what it claims there (CLAIMS). */
function answerWords(a, card) {
  if (card && CLAIMS[card] && CLAIMS[card][a]) return CLAIMS[card][a]();
  if (TOOLS[a]) return toolName(a);
  const m = /^(\w+) to (.+)$/.exec(a);
  if (m && TOOLS[m[1]]) return t("{tool} to {name}", { tool: toolName(m[1]), name: m[2] });
  return { both: t("both, at once to the same player"), discarded: t("nobody: it is discarded") }[a] || a;
}

/** A tool card drawn in SVG: a bullet or a medical kit, with its name. */
function toolCard(tool) {
  const icon = tool === "bullet"
    ? s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: "M9 22V10c0-4 3-8 3-8s3 4 3 8v12z", fill: "currentColor" }))
    : s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("rect", { x: 2, y: 6, width: 20, height: 15, rx: 3, fill: "currentColor" }),
      s("path", { d: "M10 9h4v3h3v4h-3v3h-4v-3H7v-4h3z", fill: "#fff" }));
  return h("span", { class: ["tool-card", tool] }, icon, h("span", {}, toolName(tool)));
}

function board(v, ctx) {
  const b = v.board;
  const discarded = new Set(b.discarded || []);
  const cur = b.current_card;
  const answers = cur ? ((b.interrogations || []).slice(-1)[0] || {}).answers || [] : [];
  return h("div", { class: "sa-board" },
    h("p", { class: "stats" }, b.round ? (b.cards_left === 1 ? t("Round {n} · 1 interrogation card left", { n: b.round })
      : t("Round {n} · {left} interrogation cards left", { n: b.round, left: b.cards_left })) : t("The game is over"),
      b.revealed_card ? " · " + t("revealed role card: {role} (bonus for {side})", { role: roleName(b.revealed_card), side: sideName(b.bonus_side) }) : ""),
    cur ? h("div", { class: "interrogation", "aria-label": t("Interrogation card") },
      h("p", { class: "muted" }, t("{name} calls an interrogation:", { name: cur.caller })),
      h("p", { class: "question" }, t("“{q}”", { q: questionOf(cur) })),
      h("ul", { class: "bubbles" }, answers.map(a => h("li", { class: "bubble" }, h("b", {}, a.player), ": ", a.text ?? answerWords(a.answer, cur.card))))) : null,
    seatRing(v.players, p => {
      const tags = [];
      if (p === b.first_player) tags.push([t("first player"), ""]);
      if (p === b.turn) tags.push([t("to act"), "pres"]);
      tags.push([t("holds {n}", { n: b.holding[p] }), "muted"]);
      tags.push([t("received {n}", { n: b.received[p] }), "muted"]);
      if (discarded.has(p)) tags.push([t("discarded one"), ""]);
      if (b.roles) tags.push([roleName(b.roles[p]), b.roles[p] === "operative" ? "lib" : "fas"]);
      return { tags };
    }, ctx.me),
    h("details", { class: "history" }, h("summary", {}, t("Gifts ({n})", { n: (b.gifts || []).length })),
      h("ol", { class: "plain" }, (b.gifts || []).map(g => h("li", {},
        t("round {n}:", { n: g.round }) + ` ${g.giver} → ${g.receiver} `, g.tool ? `(${toolName(g.tool)})` : `(${t("face down")})`)))));
}

function privatePanel(v) {
  const p = v.private || {};
  const out = [h("p", { class: "role" }, t("Your role:") + " ", h("b", { "data-secret": "role", "data-role": p.role }, roleName(p.role)), ` (${sideName(p.side)})`),
    h("div", {}, t("Your tools:") + " ", p.holding && p.holding.length ? p.holding.map(toolCard) : t("none"))];
  if (p.gave && p.gave.length) out.push(h("p", {}, t("You gave:") + " " + p.gave.map(g => t("{tool} to {name} (round {n})", { tool: toolName(g.tool), name: g.to, n: g.round })).join("; ")));
  if (p.received && p.received.length) out.push(h("p", {}, t("You received:") + " " + p.received.map(g => t("{tool} from {name} (round {n})", { tool: toolName(g.tool), name: g.from, n: g.round })).join("; ")));
  if (p.discarded) out.push(h("p", {}, t("You discarded {tool}.", { tool: toolName(p.discarded) })));
  if (p.interrogation) out.push(h("p", { class: "vote" }, t("You must answer: “{q}”", { q: questionOf(p.interrogation) }), " ",
    p.side === "operatives" ? t("Law-abiding operatives tell the truth.") : t("Corrupt deserters lie.")));
  return out;
}

function actionTitle(a, v) {
  const b = (v && v.board) || {};
  switch (a.action) {
    case "give": return t("Give a tool face down: only you and the receiver learn which");
    case "give_both": return t("Give both tools: the bullet to one player, the medical kit to one player");
    case "interrogate": return t("Discard a tool to call an interrogation: everyone answers a question");
    case "answer": return b.current_card ? t("Answer: “{q}”", { q: questionOf(b.current_card) }) : t("Answer the interrogation");
    default: return human(a.action);
  }
}

function actionLabel(a) {
  switch (a.action) {
    case "give": return t("Give {tool} to {name}", { tool: toolName(a.tool), name: a.target });
    case "give_both": return t("Bullet to {b}, medical kit to {m}", { b: a.bullet, m: a.medkit });
    case "interrogate": return a.discard ? t("Discard {tool} and interrogate", { tool: toolName(a.discard) }) : t("Interrogate");
    case "answer": return answerWords(a.answer);
    default: return human(a.action);
  }
}

/** The length (characters) past which an answer takes a line of its own on a phone (a claim about both tools). */
const LONG_LABEL = 28;

/** The answer prompt: a fixed head (who asks what, and whether the player tells the truth or
 * lies) over a body that scrolls on a phone (the choices, the spy code in full, and on honour
 * a text field for an answer in the player's own words: an "answer" action with "text"), so
 * the question stays in view while the player reads the answers and never covers one. */
function answerPrompt(actions, v, ctx, own) {
  const b = v.board || {};
  const cur = b.current_card;
  // the server's narrated prompt (its choices index the legal actions; its explain is the spy code)
  const told = ctx.narration && ctx.narration.prompt && Array.isArray(ctx.narration.prompt.choices) ? ctx.narration.prompt : null;
  const legal = ctx.legal || [];
  const labelOf = (a) => {
    const c = told && told.choices.find(ch => legal[ch.action] && legal[ch.action].answer === a.answer);
    return c ? c.label : answerWords(a.answer, cur && cur.card);
  };
  const labels = actions.map(labelOf);
  const side = (v.private || {}).side;
  const title = cur ? (cur.caller === v.player ? t("You ask: “{q}”", { q: questionOf(cur) }) : cur.caller ? t("{name} asks: “{q}”", { name: cur.caller, q: questionOf(cur) }) : t("Answer: “{q}”", { q: questionOf(cur) }))
    : (told ? told.title : t("Answer the interrogation"));
  let form = null;
  if (own) {
    const field = h("input", { name: "answer-text", maxlength: "1000", required: true, autocomplete: "off", "aria-labelledby": "answer-own" });
    form = h("form", { class: "row answer-own", onsubmit: (ev) => {
      ev.preventDefault();
      const text = field.value.trim();
      if (text) ctx.act({ player: v.player, action: "answer", text });
    } }, h("label", { id: "answer-own", for: "answer-text" }, t("Or answer in your own words:")), field,
    h("button", { class: "big", type: "submit", "data-test": "answer-send" }, t("Answer")));
    field.id = "answer-text";
  }
  const rule = side === "operatives" ? t("Law-abiding operatives tell the truth.") : t("Corrupt deserters lie.");
  const long = labels.some(l => l.length > LONG_LABEL);
  return h("div", { class: "prompt-body sa-answer", "data-test": "answer-prompt" },
    h("div", { class: "prompt-head" }, h("h2", { id: "prompt-title" }, title), h("p", { class: "explain rule" }, rule)),
    h("div", { class: "prompt-scroll", "data-test": "answer-choices" },
      h("div", { class: ["buttons", long ? "long" : ""] }, actions.map((a, i) => h("button", { class: "action big", type: "button", "data-action": "answer", disabled: ctx.busy,
        onclick: () => ctx.act(a) }, labels[i]))),
      form,
      h("p", { class: "explain" }, told && told.explain ? told.explain : (own ? t("Nobody checks your answer: the spy code is played on your honour.") : null))));
}

/** What a tool does to the receiver's side (the rules: +1 for a medical kit, -1 for a bullet). */
const TOOL_EFFECT = { bullet: () => t("The receiver’s side loses a point."), medkit: () => t("The receiver’s side gains a point.") };

/** A move ("give"): two picks, the tool (saying what it does) and then the player, then one
 * tap that says what it gives to whom; the other choices (calling an interrogation) as the
 * narrator words them, each with what it changes. */
function givePrompt(actions, v, ctx) {
  const gives = actions.filter(a => a.action === "give");
  const others = actions.filter(a => a.action !== "give");
  const legal = ctx.legal || [];
  const told = ctx.narration && ctx.narration.prompt && Array.isArray(ctx.narration.prompt.choices) ? ctx.narration.prompt : null;
  const toldFor = a => told && told.choices.find(c => legal[c.action] && JSON.stringify(legal[c.action]) === JSON.stringify(a));
  const tools = [...new Set(gives.map(a => a.tool))];
  const pick = { tool: tools.length === 1 ? tools[0] : null, target: null };
  const go = h("button", { class: "action big primary", type: "button", disabled: true, "data-test": "give-go" }, t("Give"));
  const goExplain = h("small", { class: "explain" }, "");
  const update = () => {
    const a = gives.find(x => x.tool === pick.tool && x.target === pick.target);
    go.disabled = !a || ctx.busy;
    go.firstChild.textContent = a ? t("Give {tool} to {name}", { tool: toolName(pick.tool), name: pick.target }) : t("Give");
    goExplain.textContent = a ? t("Face down: only {name} learns which tool it is.", { name: pick.target }) + " " + TOOL_EFFECT[pick.tool]() : "";
  };
  go.replaceChildren(h("span", {}, t("Give")), goExplain);
  const choose = (key, value) => (ev) => {
    pick[key] = value;
    ev.currentTarget.parentElement.querySelectorAll("button").forEach(b => b.setAttribute("aria-pressed", String(b === ev.currentTarget)));
    update();
  };
  const toolRow = h("fieldset", { class: "pick", "data-test": "give-tool" }, h("legend", {}, t("1. Which tool?")),
    h("div", { class: "buttons" }, tools.map(tool => h("button", {
      class: "pick-option", type: "button", "aria-pressed": String(pick.tool === tool), "data-tool": tool, onclick: choose("tool", tool),
    }, h("span", {}, toolName(tool)), h("small", { class: "explain" }, TOOL_EFFECT[tool] ? TOOL_EFFECT[tool]() : "")))));
  const names = [...new Set(gives.map(a => a.target))];
  const targetRow = h("fieldset", { class: "pick", "data-test": "give-target" }, h("legend", {}, tools.length > 1 ? t("2. To whom?") : t("To whom?")),
    h("div", { class: "buttons" }, names.map(n => h("button", {
      class: "pick-option", type: "button", "aria-pressed": "false", "data-target": n, onclick: choose("target", n),
    }, n))));
  go.addEventListener("click", () => {
    const a = gives.find(x => x.tool === pick.tool && x.target === pick.target);
    if (a) ctx.act(a);
  });
  const other = others.map(a => {
    const c = toldFor(a);
    return h("button", { class: "action big", type: "button", "data-action": a.action, disabled: ctx.busy, onclick: () => ctx.act(a, c && c.explain) },
      h("span", {}, c ? c.label : actionLabel(a)), c && c.explain ? h("small", { class: "explain" }, c.explain) : null);
  });
  return h("div", { class: "prompt-body" },
    h("h2", { id: "prompt-title" }, told ? told.title : actionTitle(gives[0], v)),
    told && told.explain ? h("p", { class: "explain" }, told.explain) : null,
    h("div", { class: "group", "data-test": "give" }, tools.length > 1 ? toolRow : h("p", {}, t("Your tool: {tool}.", { tool: toolName(tools[0]) }) + " " + TOOL_EFFECT[tools[0]]()),
      targetRow, go),
    other.length ? h("div", { class: "group" }, h("h3", {}, t("Or")), h("div", { class: "buttons" }, other)) : null);
}

/** "Give both": two picks (who gets the bullet, who gets the medical kit), then one tap to give. */
function prompt(actions, v, ctx) {
  const asked = (v.private || {}).interrogation;
  if (actions.length && actions.every(a => a.action === "answer")) {
    return answerPrompt(actions, v, ctx, !!((asked && asked.free_text) || (ctx.options || {}).enforce_statements === false));
  }
  if (actions.some(a => a.action === "give")) return givePrompt(actions, v, ctx);
  if (!actions.length || !actions.every(a => a.action === "give_both")) return null;
  // each row offers only the players that tool may go to (the spy code may bind a player's
  // answers: then fewer pairs are legal)
  const names = { bullet: [...new Set(actions.map(a => a.bullet))], medkit: [...new Set(actions.map(a => a.medkit))] };
  const pick = { bullet: null, medkit: null };
  const note = h("p", { class: "explain", "data-test": "give-both-note" });
  const go = h("button", { class: "action big primary", type: "button", disabled: true, "data-test": "give-both" }, t("Give both"));
  const row = (tool) => h("fieldset", { class: "pick" }, h("legend", {}, t("Who gets {tool}?", { tool: toolName(tool) })),
    h("div", { class: "buttons" }, names[tool].map(n => h("button", {
      class: "pick-option", type: "button", "aria-pressed": "false", "data-tool": tool,
      onclick: (ev) => {
        pick[tool] = n;
        ev.currentTarget.parentElement.querySelectorAll("button").forEach(b => b.setAttribute("aria-pressed", String(b === ev.currentTarget)));
        const legal = actions.some(x => x.bullet === pick.bullet && x.medkit === pick.medkit);
        go.disabled = !legal || ctx.busy;
        go.textContent = legal ? t("Give the bullet to {b} and the medical kit to {m}", { b: pick.bullet, m: pick.medkit }) : t("Give both");
        note.textContent = pick.bullet && pick.medkit && !legal ? t("The rules do not allow this pair: choose another.") : "";
      },
    }, n))));
  go.addEventListener("click", () => {
    const a = actions.find(x => x.bullet === pick.bullet && x.medkit === pick.medkit);
    if (a) ctx.act(a);
  });
  return h("div", { class: "prompt-body" }, h("h2", { id: "prompt-title" }, actionTitle(actions[0], v)),
    h("p", { class: "explain" }, t("Round 2: you hold both tools and hand out both at once, face down.")),
    row("bullet"), row("medkit"), note, go);
}

function section(e) {
  if (e.kind === "first_player") return t("Round 1");
  if (e.kind === "round_two") return t("Round 2");
  if (e.kind === "reveal") return t("The reveal");
  return null;
}

function phaseWords(v) { const b = v.board || {}; return b.round ? t("Round {n}", { n: b.round }) : t("The reveal"); }
function roleOf(e) { return e.kind === "role" ? roleName(e.role) : ""; }

/** A number of points in words, signed: "+1 point", "−2 points", "0 points" (never a bare number). */
export function pointsWords(n) {
  if (n === 1) return t("+1 point");
  if (n === -1) return t("−1 point");
  if (n > 0) return t("+{n} points", { n });
  if (n < 0) return t("−{n} points", { n: -n });
  return t("0 points");
}

/** How the scores add up (the result's ``arithmetic``): one line per side, one per player. */
function arithmetic(a) {
  const sum = items => items.reduce((total, i) => total + i.points, 0);
  // one item in words: a tool and who gave it, a member's tools, or the odd table's bonus point
  const words = i => (i.tool ? t("{tool} from {name}", { tool: toolName(i.tool), name: i.giver })
    : i.player ? t("Tools {name} received", { name: i.player })
    : i.bonus ? t("the bonus point of the smaller team (odd number of players)") : "");
  const line = items => (items.length ? items.map(i => `${words(i)} (${pointsWords(i.points)})`).join(", ") : t("nothing"));
  return [h("h3", {}, t("How the scores add up")), h("ul", { class: "plain", "data-test": "arithmetic" },
    Object.entries(a.sides || {}).map(([side, items]) => h("li", {}, h("b", {}, capital(sideName(side))), ": " + t("{items}; in all {total}.", { items: line(items), total: pointsWords(sum(items)) }))),
    Object.entries(a.players || {}).map(([p, items]) => h("li", {}, t("{name} received {items}; in all {total}.", { name: p, items: line(items), total: pointsWords(sum(items)) }))))];
}

/** The role reveal: the role card and the spy code. */
function roleCard(v) {
  const p = v.private || {};
  const loyal = p.side === "operatives";
  return h("div", { class: "role-reveal" },
    h("div", { class: ["role-big", loyal ? "liberal" : "fascist"] }, h("span", { class: "emblem", "aria-hidden": "true" }, loyal ? "✓" : "✗"), h("b", {}, capital(roleName(p.role)))),
    h("p", {}, loyal ? t("You always tell the truth. Heal your side with the medical kit, wound the other side with the bullet.")
      : t("You always lie. Heal your side with the medical kit, wound the other side with the bullet.")),
    h("div", {}, t("Your tools:") + " ", (p.holding || []).map(toolCard)));
}

/** Presets for the create form (the game's options and the table's pace). */
const presets = [
  { id: "rulebook", label: () => t("Rulebook game"), explain: () => t("The Mod enforces the spy code: you pick your answer from the true or the false ones. Two minutes per turn."),
    options: {}, pace: "turbo" },
  { id: "honour", label: () => t("Answers in your own words"), explain: () => t("Players answer the interrogation cards freely, on their honour, as at a real table."),
    options: { enforce_statements: false }, pace: "turbo" },
  { id: "quick", label: () => t("Quick game"), explain: () => t("45 seconds per turn and 30 per answer."),
    options: { turn_seconds: 45, answer_seconds: 30 }, pace: "turbo" },
];

/** How to play, from the rules (shared/rules, Shady Agents), with the tools drawn in SVG. */
function howTo() {
  return h("div", { class: "howto-body" },
    h("p", {}, t("Shady Agents is for 4 to 10 players. Half of you are law-abiding operatives, who always tell the truth; the others are corrupt deserters, who always lie. Nobody knows who is on their side.")),
    h("div", { class: "cards", "aria-hidden": "true" }, toolCard("bullet"), toolCard("medkit")),
    h("p", {}, t("Each player holds a bullet and a medical kit. Every medical kit you receive gives your side a point; every bullet costs your side a point.")),
    h("h3", {}, t("Round 1")),
    h("p", {}, t("In turn, each player either gives one tool face down to another player, or discards a tool to call an interrogation: everyone answers the card’s question, truthfully or with a lie, as their side demands.")),
    h("h3", {}, t("Round 2")),
    h("p", {}, t("In reverse order, everyone hands out their remaining tool; the first player gives both at once.")),
    h("h3", {}, t("The end")),
    h("p", {}, t("All roles and tools are revealed and the points counted. The side with more points wins; on a tie, the side with more medical kits.")));
}

/** A side's score in words: "1 point", "−1 point", "3 points". */
function scoreWords(n) {
  return Math.abs(n) === 1 ? t("{n} point", { n: n < 0 ? "−1" : "1" }) : t("{n} points", { n: n < 0 ? `−${-n}` : n });
}

function result(v) {
  const b = v.board || {};
  const r = v.result || {};
  const out = [];
  if (b.scores) out.push(h("h3", {}, t("Scores")), h("table", { class: "tally", "data-test": "scores" },
    h("tbody", {}, Object.entries(b.scores).map(([side, n]) => h("tr", {}, h("td", {}, capital(sideName(side))), h("td", {}, scoreWords(n)))))));
  if (b.gifts) out.push(h("p", {}, t("Every tool:") + " " + b.gifts.map(g => t("{giver} gave {tool} to {receiver}", { giver: g.giver, tool: toolName(g.tool), receiver: g.receiver })).join("; ")));
  if (b.discards) out.push(h("p", {}, t("Discards:") + " " + Object.entries(b.discards).map(([q, x]) => `${q}: ${toolName(x)}`).join("; ")));
  if (r.arithmetic && r.arithmetic.players) out.push(...arithmetic(r.arithmetic));
  return out;
}

/** The result on a room's TV, readable from the sofa: one wide table in large type, a side at a
 * time. The side's row (who they are, their total, whether they won), then each member: the
 * tools they received (drawn, with who gave each), the tool they discarded and their points;
 * an odd table's smaller team also gets its bonus point. Null without the result's arithmetic
 * (the shared result then). */
function tvResult(v) {
  const r = v.result || {}, b = v.board || {}, a = r.arithmetic;
  if (!a || !a.sides || !a.players) return null;
  const discards = b.discards || {};
  const outcome = side => (!r.winner ? capital(t("draw")) : r.winner === side ? "★ " + capital(t("won")) : capital(t("lost")));
  const gift = i => h("span", { class: ["tool-card", "gift", i.tool] }, toolCard(i.tool).firstChild,
    h("span", { class: "sr-only" }, t("{tool} from {name}", { tool: toolName(i.tool), name: i.giver })),
    h("span", { "aria-hidden": "true" }, i.giver));
  const bodies = Object.entries(a.sides).map(([side, items]) => {
    const total = items.reduce((n, i) => n + i.points, 0);
    return h("tbody", { "data-side": side },
      h("tr", { class: ["side", r.winner === side ? "win" : ""] },
        h("th", { scope: "rowgroup", colspan: 3 }, t("{side}: in all", { side: capital(sideName(side)) }), " ",
          h("span", { class: "outcome" }, outcome(side))),
        h("td", { class: "num" }, pointsWords(total))),
      items.map(i => (i.bonus
        ? h("tr", { class: "bonus" }, h("td", { colspan: 3 }, capital(t("the bonus point of the smaller team (odd number of players)"))),
          h("td", { class: "num" }, pointsWords(i.points)))
        : h("tr", { "data-player": i.player }, h("th", { scope: "row" }, i.player),
          h("td", { class: "received" }, (a.players[i.player] || []).length ? a.players[i.player].map(gift) : t("nothing")),
          h("td", { class: "discarded" }, discards[i.player] ? toolCard(discards[i.player]) : ""),
          h("td", { class: "num" }, pointsWords(i.points))))));
  });
  return h("table", { class: "tv-result", "data-test": "tv-result" },
    h("thead", {}, h("tr", {}, [t("Player"), t("Tools received"), t("Discarded"), t("Points")].map(x => h("th", { scope: "col" }, x)))),
    bodies);
}

export default { board, privatePanel, actionTitle, actionLabel, prompt, section, phaseWords, roleOf, result, tvResult,
  sideName, roleCard, presets, howTo };
