// The way into a table, for the lobby and the TV: the address others reach the server at
// (never loopback when another exists), the join link and its QR code; what a table code is
// (a forged one in a link or an address is refused before any request).

import qrcode from "./vendor/qrcode.mjs";
import { t } from "./i18n.js";
import { charCount, clip } from "./limits.js";

/** A table code: 6 of the letters and digits the server makes codes of (server/moderator.py
 * CODE_ALPHABET, CODE_LENGTH: no I, O, 0 or 1, which look alike). */
export const CODE_LENGTH = 6;
const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Whether `code` (in capitals) can be a table's code. */
export function isTableCode(code) {
  return typeof code === "string" && code.length === CODE_LENGTH && [...code].every(c => CODE_LETTERS.includes(c));
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
  try {
    const r = await fetch("/api/server");
    if (r.ok) { const out = await r.json(); return { base: out.join_base, loopbackOnly: out.loopback_only }; }
  } catch { /* keep this page's own address */ }
  return { base: location.origin, loopbackOnly: false };
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
