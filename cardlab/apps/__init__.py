"""The lessons: one folder per game (``lesson``, ``odds``, ``stepper``, ``quiz``, ``table``),
the decks lesson, and what they share (`model`: the table as plain data; `hand_by_hand`;
`bot_stepper`; `autoplay`).  See docs/architecture.md."""
