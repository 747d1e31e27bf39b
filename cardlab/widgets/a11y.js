// cardlab/widgets/a11y.py says what this does and why; anywidget runs it beside each canvas.
const PASSED = new Set(["Tab", "Escape"]);

function setUpPage() {
  if (window.__cardlabPage) return;
  window.__cardlabPage = true;
  // Capture on the window runs before the canvas's own listener, which would cancel the key.
  window.addEventListener("keydown", (event) => {
    if (!(event.target instanceof HTMLCanvasElement) || !PASSED.has(event.key)) return;
    event.stopImmediatePropagation();
    if (event.key === "Escape") event.target.blur();
  }, true);
  // A slider's handle is what a keyboard moves and a screen reader names: give it the words of
  // its widget's label, which ipywidgets leaves beside it unlinked.
  let pending = false;
  const nameHandles = () => {
    pending = false;
    for (const handle of document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])")) {
      const label = handle.closest(".widget-slider").querySelector(".widget-label");
      const words = label && label.textContent.trim();
      if (words) handle.setAttribute("aria-label", words);
    }
  };
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(nameHandles); }
  }).observe(document.body, { childList: true, subtree: true });
  nameHandles();
}

function label(model, el) {
  const box = el.parentElement;
  const canvas = box && box.querySelector(":scope > canvas");
  if (!canvas) return false;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", model.get("label"));
  canvas.setAttribute("tabindex", "-1");
  const described = model.get("described_by");
  if (described) canvas.setAttribute("aria-describedby", described);
  else canvas.removeAttribute("aria-describedby");
  return true;
}

export default {
  render({ model, el }) {
    setUpPage();
    if (model.get("location") !== window.location.search) {
      model.set("location", window.location.search);
      model.save_changes();
    }
    el.style.display = "none";
    let tries = 0;
    const attach = () => { if (!label(model, el) && tries++ < 600) requestAnimationFrame(attach); };
    attach();
    const relabel = () => label(model, el);
    model.on("change:label", relabel);
    model.on("change:described_by", relabel);
    return () => { model.off("change:label", relabel); model.off("change:described_by", relabel); };
  },
};
