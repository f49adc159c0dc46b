// The client's own strings in the reader's language: `t(englishText, {name: value})`.
// Catalogs: GET /i18n/{lang}.json ({english: translated}, from locale/<lang>/LC_MESSAGES/web.po).
// The language: the one chosen in the page (localStorage "hiddenrole.lang"), else the
// browser's (navigator.language, "de-AT" -> "de"); one without a catalog falls back to English
// and the page says so (`note`).

import Alpine from "./vendor/alpine.esm.min.js";

export const LANGUAGES = { en: "English", de: "Deutsch" };
const KEY = "hiddenrole.lang";

export const i18n = Alpine.reactive({ lang: "en", asked: "en", messages: {}, note: "" });

/** The BCP 47 tag's primary language ("de-AT" -> "de"), lower case. */
export function primary(tag) {
  return String(tag || "en").split(/[-_]/)[0].toLowerCase();
}

/** `msg` in the current language, `{name}` replaced by `params.name`. An English text that needs
 * two translations is written "context|text" (t("role|Liberal"): the German noun, not the
 * adjective); untranslated, the text after the first "|" is shown. */
export function t(msg, params) {
  const text = i18n.messages[msg] || msg.slice(msg.indexOf("|") + 1);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
}

/** `text` with its first letter a capital: a role or a side that starts a line, a heading or a
 * table cell ("law-abiding operative" -> "Law-abiding operative", "gesetzestreuer Operativer"
 * -> "Gesetzestreuer Operativer"), the same wherever it is shown. */
export function capital(text) {
  const s = String(text);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Loads the catalog of `tag` (or the stored/browser language); unknown -> English with a note. */
export async function setLanguage(tag, remember) {
  const asked = primary(tag || localStorage.getItem(KEY) || navigator.language);
  if (remember) localStorage.setItem(KEY, asked);
  let lang = asked, messages = {};
  if (lang !== "en") {
    try {
      const r = await fetch(`/i18n/${encodeURIComponent(lang)}.json`);
      if (!r.ok) throw new Error(String(r.status));
      messages = (await r.json()).messages || {};
    } catch { lang = "en"; messages = {}; }
  }
  i18n.asked = asked;
  i18n.lang = lang;
  i18n.messages = messages;
  i18n.note = lang !== asked ? t("Your language ({lang}) is not available yet: the page is in English.", { lang: asked }) : "";
  document.documentElement.lang = lang;
  return lang;
}
