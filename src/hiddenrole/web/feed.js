// The feed: one stream per table, thread posts and narrated events together, grouped by
// day/turn (the game module's `section`), newest at the bottom and scrolled into view. A
// reader who scrolled up stays put and gets an "N new" button. An ARIA live region (role=log).

import { h, mount, postText } from "./dom.js";
import { t } from "./i18n.js";
import Alpine from "./vendor/alpine.esm.min.js";

/** A table notice (pause, substitute, missed deadline...) as a feed entry: calm, not an error
 * (the class `notice` is the private alert's banner). */
function noticeNode(n) {
  return h("li", { class: "entry table-notice", "data-test": "feed-notice" }, h("span", { class: "tag" }, t("Table")), " ", n.text);
}

/** The feed's entries (DOM) for `events` as `mod` (the game module) words them, with the
 * table's `notices` (each placed after its `pos` events); `view` (the table's view, if any)
 * lets the module word its section headers as the table's rules do (`mod.section(e, {view})`). */
export function feedNodes(events, mod, notices = [], view = null) {
  const out = [];
  const at = notices.filter(n => n.pos < events.length);
  let ni = 0;
  for (const [i, e] of events.entries()) {
    while (ni < at.length && at[ni].pos <= i) out.push(noticeNode(at[ni++]));
    const head = mod.section(e, { view });
    if (head) out.push(h("li", { class: "section" }, h("h3", {}, head)));
    if (e.kind === "post" && mod.postWords(e)) {  // a formal claim, told in the reader's language
      out.push(h("li", { class: "entry post claim", "data-seq": e.seq, "data-test": "claim" }, h("span", { class: "text" }, mod.postWords(e))));
      continue;
    }
    if (e.kind === "post") {
      out.push(h("li", { class: "entry post", "data-seq": e.seq },
        h("b", { class: "by" }, e.player ?? e.by), e.mark ? h("span", { class: "mark", title: e.mark === "P" ? t("Presidential Candidate") : t("Chancellor Candidate") }, e.mark) : null,
        ": ", h("span", { class: "text" }, postText(e.text))));
      continue;
    }
    const words = Array.isArray(e.narration) ? e.narration : [mod.eventText(e)];
    if (!words.length) continue;
    out.push(h("li", { class: ["entry", "event", e.private ? "private" : ""], "data-seq": e.seq },
      e.private ? h("span", { class: "tag secret" }, t("only you")) : null,
      words.map(w => h("span", { class: "sentence" }, postText(w), " ")), mod.detail(e)));
  }
  for (const n of notices) if (!(n.pos < events.length)) out.push(noticeNode(n));
  return out;
}

/** The feed component (Alpine.data "feed"): the page's `feedSource()` gives {events, mod, lang}
 * and may give `view` (else the session's view is used: the table the page shows). */
export function feedComponent() {
  // not reactive: scrolling must not redraw the feed
  let stuck = true;  // the reader is at the bottom: new entries scroll into view
  let shown = 0;
  return {
    unseen: 0,
    init() {
      const box = this.$refs.box;
      box.addEventListener("scroll", () => {
        stuck = box.scrollTop + box.clientHeight >= box.scrollHeight - 24;
        if (stuck && this.unseen) this.unseen = 0;
      }, { passive: true });
      // the box shrinks when a prompt rises below it: a reader at the bottom stays there
      new ResizeObserver(() => { if (stuck) box.scrollTop = box.scrollHeight; }).observe(box);
    },
    render() {
      const { events, mod, notices, view } = this.feedSource();
      const before = shown;
      const session = this.$store.session || {};
      mount(this.$refs.list, feedNodes(events, mod, notices || [], view !== undefined ? view : session.view));
      const count = events.length + (notices || []).length;
      shown = count;
      if (stuck || before === 0 || count < before) this.$nextTick(() => this.toBottom());
      else if (count > before) this.unseen = Alpine.raw(this).unseen + count - before;
    },
    toBottom() {
      const box = this.$refs.box;
      box.scrollTop = box.scrollHeight;
      stuck = true;
      this.unseen = 0;
    },
  };
}
