// Text limits counted as the server counts them: a "character" is a Unicode code point
// (Python's len(), not the browser's UTF-16 units, which count an emoji twice). A text over its
// limit is cut between graphemes, never inside an emoji sequence or a letter with its marks,
// so nothing invisible (a family emoji's dangling joiner) is left at the end.

/** The characters of `text` as the server counts them (code points). */
export function charCount(text) {
  return [...String(text || "")].length;
}

/** The characters of a name as the server counts them: trimmed, inner runs of spaces as one
 * (server/moderator.py check_name). */
export function nameCount(text) {
  return charCount(String(text || "").split(/\s+/).filter(Boolean).join(" "));
}

/** The characters of a post as the server counts them: the page sends it trimmed. */
export function postCount(text) {
  return charCount(String(text || "").trim());
}

const graphemes = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** `text` cut to at most `max` characters by `count` (default: code points), graphemes whole:
 * the longest run of whole graphemes from its start that fits, without trailing spaces. `text`
 * itself when it fits. */
export function clip(text, max, count = charCount) {
  const s = String(text || "");
  if (count(s) <= max) return s;
  const parts = graphemes ? [...graphemes.segment(s)].map(g => g.segment) : [...s];
  let out = "", n = 0;
  for (const g of parts) {
    n += charCount(g);  // count(out + g) is never more than n (the counts above only drop spaces)
    if (n > max && count(out + g) > max) break;
    out += g;
  }
  return out.replace(/\s+$/, "");  // a text cut short ends with its last word, not a space
}

/** The longest name a seat takes: the server's limit (engine MAX_NAME_LENGTH), in characters
 * as the server counts them (nameCount). */
export const NAME_LIMIT = 40;

/** A name field's text kept to the limit: cut, graphemes whole (never inside an emoji). */
export function clipName(text) { return clip(text, NAME_LIMIT, nameCount); }
