// The page's connection to its kernel, watched (cardlab/widgets/connection.py says why).
// The page pings the kernel's page script; while no answer comes it asks the server about the
// kernel: the network or the server down, a banner says so and presses are refused; the
// kernel gone (killed, culled, the server restarted), a Voila page opens itself again and the
// kept page (cardlab/lessons/saved_page.py) brings the learner back where they were.
const BEAT_MS = 2500;         // a ping this often
const SILENT_MS = 7000;       // no answer this long: ask the server about the kernel
const GONE_MS = 20000;        // the kernel idle but deaf this long: its page's widgets are gone
const BACK_SHOWN_MS = 5000;   // "connected again" stays this long
const RELOADS = "cardlab-reloads";
const RELOADS_MAX = 3;        // at most this many reopenings in RELOADS_WINDOW_MS, then ask
const RELOADS_WINDOW_MS = 120000;
const CONTROL = "button, select, input, textarea, canvas, .noUi-handle, a.cardlab-results-link";
const FREE_KEYS = new Set(["Tab", "Escape", "Shift", "Alt", "Control", "Meta"]);

// ``unanswered``: when the oldest ping with no pong since was sent (0: none waits).  Silence is
// counted from it, not from the last pong: a background tab's timers run once a minute, and a
// pong a minute old there is no sign of a lost connection.
const watch = { model: null, unanswered: 0, state: "up", deafSince: 0, asking: false, timer: 0 };

function words() {
  return (watch.model && watch.model.get("connection_words")) || {};
}

// Voila's page names its kernel and the server's base address.
function pageKernel() {
  try {
    const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    if (config.kernelId) {
      return `${config.baseUrl || "/"}api/kernels/${encodeURIComponent(config.kernelId)}`;
    }
  } catch { /* not a Voila page */ }
  return "";
}

function banner() {
  let box = document.querySelector(".cardlab-connection");
  if (!box) {
    box = document.createElement("div");
    box.className = "cardlab-connection";
    box.setAttribute("role", "alert");
    box.hidden = true;
    document.body.prepend(box);
  }
  return box;
}

function say(text, kind) {
  const box = banner();
  box.dataset.kind = kind;
  box.textContent = "";
  box.hidden = !text;
  // a new text node, so a screen reader announces the words even when they are the same
  if (text) requestAnimationFrame(() => { box.textContent = text; });
}

function setState(state, text) {
  const before = watch.state;
  watch.state = state;
  document.body.classList.toggle("cardlab-offline", state !== "up");
  if (text !== undefined) say(text, state);
  if (state === "up" && before !== "up") {
    say(words().back || "", "up");
    clearTimeout(watch.timer);
    watch.timer = setTimeout(() => { if (watch.state === "up") say("", "up"); }, BACK_SHOWN_MS);
  }
}

// A press while the kernel cannot hear it is refused here, before any widget sees it: the
// learner is told, and nothing is queued to arrive later in another state of the game.
function refuse(event) {
  if (watch.state === "up" || !(event.target instanceof Element)) return;
  const control = event.target.closest(CONTROL);
  if (!control || control.closest(".cardlab-connection, nav.cardlab-skip")) return;
  if (event.type === "keydown" && FREE_KEYS.has(event.key)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (event.type === "click" || event.type === "keydown") {
    say(`${words().refused || ""} ${words()[watch.state] || ""}`.trim(), watch.state);
  }
}

function reopen() {
  let times = [];
  try {
    times = JSON.parse(window.sessionStorage.getItem(RELOADS) || "[]")
      .filter((t) => Date.now() - t < RELOADS_WINDOW_MS);
    if (times.length >= RELOADS_MAX) { setState("stuck", words().stuck || ""); return; }
    window.sessionStorage.setItem(RELOADS, JSON.stringify([...times, Date.now()]));
  } catch { /* no storage: reopen anyway */ }
  setState("gone", words().gone || "");
  window.location.reload();
}

// The server's word on the page's kernel: unreachable (the network, the server down), gone
// (404), or alive: busy is a kernel at work; any other answer (idle, a login page, an error)
// while the kernel stays deaf for long is a page that lost its kernel.
async function ask(url) {
  if (watch.asking || watch.state === "gone") return;
  watch.asking = true;
  try {
    let reply;
    try {
      // a cookie-authenticated API request carries the XSRF token (JupyterHub's servers ask)
      const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || "";
      reply = await fetch(url, {
        cache: "no-store", credentials: "same-origin",
        headers: { "X-XSRFToken": decodeURIComponent(xsrf) },
      });
    } catch {
      if (watch.unanswered && watch.state !== "lost") setState("lost", words().lost || "");
      return;
    }
    if (!watch.unanswered) return;  // a pong came meanwhile: the page was only slow
    if (reply.status === 404) { reopen(); return; }
    let kernel = {};
    try { kernel = reply.ok ? await reply.json() : {}; } catch { /* not the kernel's JSON */ }
    if (!watch.unanswered) return;
    if (kernel.execution_state === "busy" || kernel.execution_state === "starting") {
      watch.deafSince = 0;
      return;
    }
    watch.deafSince = watch.deafSince || Date.now();
    if (Date.now() - watch.deafSince > GONE_MS) reopen();
    else if (watch.state === "up") setState("lost", words().lost || "");
  } finally {
    watch.asking = false;
  }
}

function beat() {
  const now = Date.now();
  if (!window.navigator.onLine && watch.state === "up") setState("lost", words().lost || "");
  watch.unanswered = watch.unanswered || now;
  try { watch.model.send({ ping: now }); } catch { /* the connection is down: seen below */ }
  if (now - watch.unanswered < SILENT_MS) return;
  const url = pageKernel();
  if (url) ask(url);
}

function heard(content) {
  if (!content || content.pong === undefined) return;
  watch.unanswered = 0;
  watch.deafSince = 0;
  if (watch.state !== "up" && watch.state !== "gone") setState("up");
}

// Only a Voila page is watched: it is the lesson, with one kernel.  JupyterLab shows its own
// kernels' state and holds several notebooks, each with a page script of its own.
function watchConnection(model) {
  if (!("voila" in document.body.dataset)) return;
  model.on("msg:custom", heard);
  const started = watch.model !== null;
  watch.model = model;
  if (started) return;
  for (const type of ["click", "pointerdown", "mousedown", "keydown"]) {
    window.addEventListener(type, refuse, true);
  }
  window.addEventListener("offline", beat);
  window.addEventListener("online", beat);
  setInterval(beat, BEAT_MS);
  setTimeout(() => { try { window.sessionStorage.removeItem(RELOADS); } catch { /* none */ } },
    RELOADS_WINDOW_MS);
}
