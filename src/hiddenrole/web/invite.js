// The way into a table, for the lobby and the TV: the address others reach the server at
// (never loopback when another exists), the join link and its QR code; what a table code is
// (a forged one in a link or an address is refused before any request).

import qrcode from "./vendor/qrcode.mjs";
import { t } from "./i18n.js";
import { charCount, clip } from "./limits.js";

/** What a table code is, as the server says (`/api/server`'s `table_code`: the `letters` it
 * makes codes of and their `length`), once `loadCodeRules()` has its answer; `null` before,
 * or when the server could not say (then the server judges each code itself). */
let codeRules = null;

/** `/api/server`'s answer (the join base, what a table code is), asked once for the page's
 * life: a promise of the object, or of `null` when the server could not say (asked again then). */
let facts = null;
function serverFacts() {
  if (!facts) {
    facts = fetch("/api/server").then(r => (r.ok ? r.json() : null)).catch(() => null)
      .then(out => { if (!out) facts = null; return out; });
  }
  return facts;
}

/** Ask the server what a table code is (once, as the page starts: before any code is checked). */
export async function loadCodeRules() {
  const rules = (await serverFacts())?.table_code;
  if (rules && typeof rules.letters === "string" && Number.isInteger(rules.length)) codeRules = rules;
}

/** How many letters and digits a table code has (0 when the server could not say). */
export function codeLength() { return codeRules ? codeRules.length : 0; }

/** Whether `code` (in capitals) can be a table's code: `length` of the server's `letters`
 * (any text but an empty one when the server could not say what a code is). */
export function isTableCode(code) {
  if (typeof code !== "string" || !code) return false;
  if (!codeRules) return true;
  return code.length === codeRules.length && [...code].every(c => codeRules.letters.includes(c));
}

/** What was typed, as a sentence names it: whole up to 12 characters, else its start and "…"
 * (a forged code of 500 letters never fills the page). */
export function shownText(text) {
  const s = String(text || "").trim();
  return charCount(s) <= 12 ? s : `${clip(s, 11)}…`;
}

/** Why `text` (a code from a link, an address or the code box) cannot be a table code, in words. */
export function notACodeWords(text) {
  return t("“{code}” is not a table code: a code is 6 letters and digits (without I, O, 0 or 1).", { code: shownText(text) });
}

/** The base address the join link uses and whether only this computer can reach it
 * (`/api/server`); this page's own address when the server cannot say. */
export async function joinBase() {
  const out = await serverFacts();
  return out ? { base: out.join_base, loopbackOnly: out.loopback_only } : { base: location.origin, loopbackOnly: false };
}

export function joinUrl(base, code) { return `${base}/?join=${code}`; }

/** The QR code of a join link as an SVG tag (the link holds letters and digits only: no
 * player text in it), scaled to its box. */
export function qrSvg(url) {
  const qr = qrcode(0, "M");
  qr.addData(url);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true, alt: t("QR code of the join link") });
}
