// The way into a table, for the lobby and the TV: the address others reach the server at
// (never loopback when another exists), the join link and its QR code.

import qrcode from "./vendor/qrcode.mjs";
import { t } from "./i18n.js";

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
