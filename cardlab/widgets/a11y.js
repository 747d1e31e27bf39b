// cardlab/widgets/a11y.py says what this does and why; anywidget runs it once per page.

// Each canvas box holds its canvas and its hidden name (a CanvasLabel): copy the name onto the
// canvas, where a screen reader looks for it.  Only attributes that differ are written.
function setAttr(el, name, value) {
  if (value === null) { if (el.hasAttribute(name)) el.removeAttribute(name); }
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function labelCanvases() {
  for (const box of document.querySelectorAll(".cardlab-canvas-box")) {
    const canvas = box.querySelector(":scope > .cardlab-surface canvas");
    const name = box.querySelector(":scope > .cardlab-canvas-name span");
    if (!canvas || !name) continue;
    setAttr(canvas, "role", "img");
    setAttr(canvas, "tabindex", "-1");
    setAttr(canvas, "aria-label", name.textContent);
    setAttr(canvas, "aria-describedby", name.dataset.describedBy || null);
  }
}

// In Voila the page is the lesson; in JupyterLab only cardlab's own panels are ours to change.
function ours() {
  return "voila" in document.body.dataset ? "" : ".cardlab-lesson ";
}

// A slider's handle is what a keyboard moves and a screen reader names: give it the words of
// its widget's label, which ipywidgets leaves beside it unlinked.
function nameHandles() {
  const handles = `${ours()}.widget-slider .noUi-handle:not([aria-label])`;
  for (const handle of document.querySelectorAll(handles)) {
    const label = handle.closest(".widget-slider").querySelector(".widget-label");
    const words = label && label.textContent.trim();
    if (words) handle.setAttribute("aria-label", words);
  }
}

// A share box's Copy button copies its link: the page script does it because only a click's own
// handler may write to the clipboard.  Where the clipboard is refused (a plain-http address), the
// link is selected instead, for Ctrl+C.
function copyLink(event) {
  const button = event.target.closest(".cardlab-copy");
  const box = button && button.closest(".cardlab-share");
  const field = box && box.querySelector("input.cardlab-link");
  if (!field) return;
  field.select();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).catch(() => {});
  } else {
    document.execCommand("copy");
  }
}

// The panel a link opened at is scrolled into view once, as soon as it is on the page.
let scrolled = "";
function scrollTo(target) {
  const el = target && target !== scrolled && document.querySelector(`.${CSS.escape(target)}`);
  if (el) {
    scrolled = target;
    el.scrollIntoView({ block: "start" });
  }
}

// A control pressed and then disabled (the AI thinks; the move is gone) would drop the focus
// onto the page's body, where a screen reader loses its place and Tab starts over.  The focus
// waits on the table's status line instead (the words of what happened), and goes back to the
// control if it is enabled again while the focus still waits there.
const CONTROLS = ".cardlab-table button, .cardlab-table select, .cardlab-table input";
let lastControl = null;
let waiting = null;

function holdFocus(mutations) {
  for (const { target: control } of mutations) {
    if (!control.matches(CONTROLS)) continue;
    const focused = document.activeElement;
    if (control.disabled && control === lastControl
        && (focused === control || !focused || focused === document.body)) {
      const line = control.closest(".cardlab-table").querySelector(".cardlab-status");
      const holder = line && line.closest(".widget-html");
      if (!holder) continue;
      setAttr(holder, "tabindex", "-1");
      holder.focus({ preventScroll: true });
      waiting = { control, holder };
    } else if (!control.disabled && waiting && waiting.control === control) {
      if (focused === waiting.holder) control.focus({ preventScroll: true });
      waiting = null;
    }
  }
}

function setUpPage() {
  if (window.__cardlabPage) return;
  window.__cardlabPage = true;
  window.addEventListener("click", copyLink);
  window.addEventListener("beforeunload", () => { leaving = true; });
  window.addEventListener("pagehide", () => { leaving = true; });
  window.addEventListener("pageshow", () => { leaving = false; });
  window.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches(CONTROLS)) {
      lastControl = event.target;
    }
  });
  new MutationObserver(holdFocus).observe(document.body, {
    attributes: true, attributeFilter: ["disabled"], subtree: true,
  });
  // Escape leaves a canvas a click focused, as Tab does.
  window.addEventListener("keydown", (event) => {
    const canvas = event.target;
    if (event.key !== "Escape" || !(canvas instanceof HTMLCanvasElement)) return;
    if (canvas.closest(".cardlab-canvas-box")) canvas.blur();
  });
  // Any change of the page (a new canvas, a new name) is seen once per frame.
  let pending = false;
  const update = () => {
    pending = false; labelCanvases(); nameHandles(); skipLinks(window.__cardlabSkipWords);
  };
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(update); }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  update();
}

// Skip links, first on a Voila page for Tab: to each table and to each section of the lesson
// (its second-level headings).  Hidden until one of them has the focus; following one moves the
// focus there, so the next Tab reaches the table's first control or the section's first link.
// Rebuilt only when the tables, the headings or the words change: the live collections' lengths
// are read at every change of the page (a press), a lookup that costs next to nothing.
const TABLES = document.getElementsByClassName("cardlab-table");
const HEADINGS = document.getElementsByTagName("h2");
let skipsFor = "";

function skipLinks(words) {
  if (!("voila" in document.body.dataset) || !words || !words.nav) return;
  const key = `${TABLES.length}/${HEADINGS.length}/${words.nav}/${words.table}`;
  if (key === skipsFor) return;
  skipsFor = key;
  const targets = [];
  [...TABLES].forEach((table, i) => {
    const name = TABLES.length > 1 ? words.tables.replace("{number}", String(i + 1)) : words.table;
    targets.push([table, name]);
  });
  for (const heading of document.querySelectorAll(".jp-RenderedMarkdown h2")) {
    const text = heading.textContent.replace("¶", "").trim();
    if (text) targets.push([heading, text]);
  }
  let nav = document.querySelector("nav.cardlab-skip");
  if (!nav) {
    nav = document.createElement("nav");
    nav.className = "cardlab-skip";
    document.body.prepend(nav);
  }
  nav.setAttribute("aria-label", words.nav);
  nav.replaceChildren();
  const title = document.createElement("span");
  title.textContent = words.nav;
  nav.append(title);
  targets.forEach(([target, name], i) => {
    if (!target.id) target.id = `cardlab-skip-${i}`;
    const link = document.createElement("a");
    link.href = `#${target.id}`;
    link.textContent = name;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      setAttr(target, "tabindex", target.getAttribute("tabindex") ?? "-1");
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    });
    nav.append(link);
  });
}

// The page's language, for screen readers and the browser's own words (in Voila the page is
// the lesson; in JupyterLab the lesson's own part of the page).
function speak(lang) {
  if (!lang) return;
  if ("voila" in document.body.dataset) document.documentElement.lang = lang;
  for (const part of document.querySelectorAll(".cardlab-lesson")) setAttr(part, "lang", lang);
}

// The student's name, asked once and kept by the browser for every page of this server (a
// browser that keeps nothing, in a private window or by policy, is asked on each page).
const NAME_KEY = "cardlab-name";
function recall() {
  try { return window.localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}
function keep(name) {
  try {
    if (name) window.localStorage.setItem(NAME_KEY, name);
    else window.localStorage.removeItem(NAME_KEY);
  } catch { /* nothing kept: the page still has the name */ }
}

// A lesson page kept in the browser (cardlab/lessons/saved_page.py: signed by the kernel, which
// alone reads it), under the key the kernel names: its address, class and student.  Kept pages
// take at most KEPT_MAX characters in all; the one written least recently goes first.
const KEPT = "cardlab-kept:";
const KEPT_MAX = 2000000;
function keptPages() {
  const found = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (!key || !key.startsWith(KEPT)) continue;
      const text = window.localStorage.getItem(key) || "";
      const at = Number(text.slice(0, text.indexOf(" "))) || 0;
      found.push({ key, at, size: key.length + text.length });
    }
  } catch { /* no storage */ }
  return found.sort((a, b) => a.at - b.at);
}
function readKept(key) {
  try {
    const text = window.localStorage.getItem(KEPT + key) || "";
    return text.slice(text.indexOf(" ") + 1);
  } catch { return ""; }
}
function writeKept(key, text) {
  if (!key) return;
  try {
    if (!text) { window.localStorage.removeItem(KEPT + key); return; }
    const stamped = `${Date.now()} ${text}`;
    const others = keptPages().filter((page) => page.key !== KEPT + key);
    let total = others.reduce((sum, page) => sum + page.size, 0) + key.length + stamped.length;
    for (;;) {
      try {
        if (total > KEPT_MAX) throw new Error("over the bound");
        window.localStorage.setItem(KEPT + key, stamped);
        return;
      } catch {
        const oldest = others.shift();
        if (!oldest) return;  // nothing left to make room: this page is not kept
        window.localStorage.removeItem(oldest.key);
        total -= oldest.size;
      }
    }
  } catch { /* a browser that keeps nothing: the page comes back fresh */ }
}

// The same lesson in another language is another page: go there, on this server only.
function goTo(address) {
  let url;
  try { url = new URL(address, window.location.href); } catch { return; }
  if (url.origin === window.location.origin) window.location.assign(url.href);
}

// Values the page reports to the kernel go through here: only those that changed, and nothing
// once the page is being left, when Voila lets its kernel go and a send could only fail (the
// widget manager would log an error for each; a link clicked while the lesson still renders
// does it).
let leaving = false;
function report(model, values) {
  if (leaving) return;
  const changed = Object.entries(values).filter(([name, value]) => model.get(name) !== value);
  if (!changed.length) return;
  for (const [name, value] of changed) model.set(name, value);
  model.save_changes();
}

// Device pixels per drawing pixel: canvases are drawn at this, crisp on a phone's or a laptop's
// screen alike and never larger than the screen shows (a 2x canvas on a 1x screen is four times
// the pixels to draw for every press).  A phone held upright: tables draw their portrait layout
// (its labels at least 12 CSS px), as the stylesheet's phone rules apply (max-width: 600px).
const UPRIGHT = "(max-width: 600px)";
function reportScreen(model) {
  const zoom = parseFloat(getComputedStyle(document.body).getPropertyValue("--cardlab-zoom")) || 1;
  report(model, {
    density: (window.devicePixelRatio || 1) * zoom,
    upright: window.matchMedia(UPRIGHT).matches,
  });
}

// anywidget calls `initialize` once per model and `render` once per view, each view with a
// model object of its own; the page script is shown in every canvas's box, so what listens to
// the model or to the page is set up once, here, not in `render` (a Triad page drew each batch
// seven times, once for each of its canvases).
export default {
  initialize({ model }) {
    watchConnection(model);
    watchSurfaces(model);
    window.addEventListener("resize", () => reportScreen(model));
    model.on("change:target", () => scrollTo(model.get("target")));
    model.on("change:lang", () => speak(model.get("lang")));
    model.on("change:skip_words", () => {
      window.__cardlabSkipWords = model.get("skip_words");
      skipLinks(window.__cardlabSkipWords);
    });
    model.on("change:goto", () => goTo(model.get("goto")));
    model.on("change:remember", () => keep(model.get("remember")));
    model.on("change:keep_key", () => {
      const key = model.get("keep_key");
      report(model, { kept: { key, text: key ? readKept(key) : "" } });
    });
    model.on("change:keep", () => writeKept(model.get("keep_key"), model.get("keep")));
  },
  render({ model, el }) {
    el.style.display = "none";
    setUpPage();
    labelCanvases();
    report(model, {
      address: window.location.origin + window.location.pathname,
      location: window.location.search,
      remembered: recall(),
    });
    scrollTo(model.get("target"));
    speak(model.get("lang"));
    window.__cardlabSkipWords = model.get("skip_words");
    skipLinks(window.__cardlabSkipWords);
    reportScreen(model);
    const key = model.get("keep_key");
    if (key && (model.get("kept") || {}).key !== key) {
      report(model, { kept: { key, text: readKept(key) } });
    }
    soonAskForBlank();
  },
};
