"""How a student plays each lesson's table: which control they press next.

Shared by the browser tests (a keyboard-only student) and `benchmarks/` (a clicking student):
the first enabled control of a preference list, a card selected first where the move needs one.
"""

from __future__ import annotations

DRIVERS: dict[str, tuple[str, ...]] = {
    "triad.ipynb": ("check", "call", "stand-pat", "next-hand", "new-game"),
    "pyramid.ipynb": ("check", "call", "stand-pat", "next-hand", "new-game"),
    "doudizhu.ipynb": ("bid-pass", "pass", "play", "hint", "new-deal"),
    "triangle.ipynb": ("noclaim", "say", "next-round", "new-game"),
    "three_thirteen.ipynb": ("take-stock", "discard", "next-round", "new-game"),
    "pyramid_poker.ipynb": ("play-hint", "new-game"),
}
"""Per table, the controls a student presses in order of preference (the first enabled one)."""
SELECT_FIRST = {"discard", "play"}
"""Moves that need a card selected: the first card is chosen before them (if none is)."""
AGAIN = {"next-hand", "new-game", "new-deal", "next-round"}
"""Controls that start the next deal: when one is the next move, the deal before it has ended."""

NEXT_MOVE_JS = """
(keys) => {
  for (const key of keys) {
    const b = document.querySelector(`.cardlab-table button.cardlab-${key}`);
    if (b && !b.disabled) return key;
  }
  return null;
}
"""
"""The student's next control at the page's table (its key), or null when none is enabled."""

QUIET_JS = """
() => new Promise(resolve => {
  const table = document.querySelector('.cardlab-table');
  let timer = setTimeout(done, 250);
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(done, 250);
  });
  const give_up = setTimeout(done, 15000);
  function done() { observer.disconnect(); clearTimeout(give_up); resolve(true); }
  observer.observe(table, {subtree: true, childList: true, attributes: true, characterData: true});
})
"""
"""Resolves once the table has not changed for a quarter second: the kernel has finished the
last press (the bots' answer drawn), so the enabled buttons are the ones to choose from."""
