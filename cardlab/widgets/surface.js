// cardlab/widgets/canvas_batch.py says what this does and why: the page's canvases, drawn
// straight from the kernel's batches.  One module per kernel (the page script's), so the
// sprites' hidden canvases below are this kernel's, and the surfaces it draws carry its mark.
const SURFACE = "data-cardlab-surface";
const sprites = new Map();  // sprite key -> its hidden canvas
const drawn = new WeakSet();  // canvases that hold a whole drawing
const surfaces = { model: null, kernel: "", asked: new Set(), queued: false };

// This kernel's surfaces' keys begin so (cardlab.widgets.a11y.element_id).
function mine() {
  return `cardlab-surface-${surfaces.kernel}-`;
}

function shown(key) {
  return document.querySelectorAll(`canvas[${SURFACE}="${CSS.escape(key)}"]`);
}

// A canvas of this kernel that holds no drawing (a page that just connected, an output shown
// again, a batch that came before its element) is asked for in full, once until it comes.
function askForBlank() {
  surfaces.queued = false;
  if (!surfaces.model) return;
  watchInView();
  const blank = [];
  for (const canvas of document.querySelectorAll(`canvas[${SURFACE}^="${mine()}"]`)) {
    const key = canvas.getAttribute(SURFACE);
    if (!drawn.has(canvas) && !surfaces.asked.has(key)) blank.push(key);
  }
  if (!blank.length) return;
  blank.forEach((key) => surfaces.asked.add(key));
  try { surfaces.model.send({ blank }); } catch { /* the connection is down: asked again later */ }
}

function soonAskForBlank() {
  if (!surfaces.queued) { surfaces.queued = true; setTimeout(askForBlank, 30); }
}

// A surface that comes into the window for the first time on this page is reported once: the
// kernel leaves work only a learner looking at it needs (a table's look-ahead) until then.
const watched = new WeakSet();
const seenSent = new Set();
const inView = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((entries) => {
    const seen = [];
    for (const entry of entries) {
      const key = entry.target.getAttribute(SURFACE);
      if (entry.isIntersecting && key && !seenSent.has(key)) { seenSent.add(key); seen.push(key); }
    }
    if (seen.length && surfaces.model) {
      try { surfaces.model.send({ seen }); } catch { seen.forEach((key) => seenSent.delete(key)); }
    }
  })
  : null;  // a browser without one: the look-ahead starts at the first press

function watchInView() {
  if (!inView) return;
  for (const canvas of document.querySelectorAll(`canvas[${SURFACE}^="${mine()}"]`)) {
    if (!watched.has(canvas)) { watched.add(canvas); inView.observe(canvas); }
  }
}

const STYLES = new Set(["fillStyle", "strokeStyle", "lineWidth", "font", "textAlign", "textBaseline"]);

function sized(canvas, width, height) {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

// Every command of a batch on its canvas, in this one task: the page paints the whole batch
// at once and nothing else runs between two of its commands.
function draw(commands) {
  let targets = [];
  let lost = false;
  for (const command of commands) {
    const [name, ...args] = command;
    if (name === "on") {
      const [key, width, height, whole] = args;
      targets = [];
      for (const canvas of shown(key)) {
        if (canvas.width !== width || canvas.height !== height) drawn.delete(canvas);
        sized(canvas, width, height);
        if (!whole && !drawn.has(canvas)) continue;  // a repaint of a part needs the rest there
        drawn.add(canvas);
        targets.push(canvas.getContext("2d"));
      }
      surfaces.asked.delete(key);
      continue;
    }
    if (name === "sprite") {
      const [key, width, height] = args;
      let canvas = sprites.get(key);
      if (!canvas) { canvas = document.createElement("canvas"); sprites.set(key, canvas); }
      sized(canvas, width, height);
      targets = [canvas.getContext("2d")];
      continue;
    }
    if (name === "rasterise") {
      // a hidden canvas keeps its drawing as a list of commands until its pixels are read:
      // read one now, so the press that first shows the face does not paint it
      for (const ctx of targets) ctx.getImageData(0, 0, 1, 1);
      continue;
    }
    for (const ctx of targets) {
      switch (name) {
        case "set":
          if (STYLES.has(args[0])) ctx[args[0]] = args[1];
          break;
        case "clear":
          ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
          break;
        case "fillCircle":
        case "strokeCircle":
          ctx.beginPath();
          ctx.arc(args[0], args[1], args[2], 0, 2 * Math.PI);
          if (name === "fillCircle") ctx.fill(); else ctx.stroke();
          break;
        case "drawImage": {
          const image = sprites.get(args[0]);
          if (image) ctx.drawImage(image, ...args.slice(1));
          else lost = true;
          break;
        }
        case "save": case "restore": case "scale": case "translate": case "rotate":
        case "clearRect": case "fillRect": case "strokeRect": case "beginPath": case "closePath":
        case "rect": case "clip": case "moveTo": case "lineTo": case "arcTo": case "fill":
        case "stroke": case "setLineDash": case "fillText":
          ctx[name](...args);
          break;
        default:
          break;
      }
    }
  }
  return lost;
}

function heardBatch(content) {
  if (!content || !Array.isArray(content.draw)) return;
  if (draw(content.draw)) {
    // a face this page never got (it connected after the kernel made it): all of it again
    try { surfaces.model.send({ blank: [], sprites: "lost" }); } catch { /* asked on reconnect */ }
  }
  soonAskForBlank();
}

// Where a finger or the mouse went down on a surface, in its backing pixels: the kernel finds
// what is there (a card, a button drawn on the felt).  A touch is the tap itself, so the page
// does not scroll under it and no mouse event follows it.
function point(canvas, x, y) {
  const rect = canvas.getBoundingClientRect();
  return [canvas.width * (x - rect.left) / rect.width, canvas.height * (y - rect.top) / rect.height];
}

function pressed(event) {
  const canvas = event.target;
  if (!(canvas instanceof HTMLCanvasElement)) return;
  const key = canvas.getAttribute(SURFACE);
  if (!key || !surfaces.model || !key.startsWith(mine())) return;
  let points;
  if (event.type === "touchstart") {
    event.preventDefault();
    points = [...event.touches].map((touch) => point(canvas, touch.clientX, touch.clientY));
  } else {
    if (event.button !== 0) return;
    points = [point(canvas, event.clientX, event.clientY)];
  }
  try { surfaces.model.send({ pointer: key, points }); } catch { /* refused, as any press */ }
}

function watchSurfaces(model) {
  surfaces.model = model;
  surfaces.kernel = model.get("kernel");
  model.on("msg:custom", heardBatch);
  document.addEventListener("mousedown", pressed);
  document.addEventListener("touchstart", pressed, { passive: false });
  new MutationObserver(soonAskForBlank).observe(document.body, { childList: true, subtree: true });
  watchInView();
  // a new page's hidden canvases are blank: the kernel's note of what this page holds is void
  try { model.send({ blank: [], sprites: "lost" }); } catch { /* the first batch asks again */ }
}
