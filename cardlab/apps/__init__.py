"""The lessons: one folder per game (``lesson``, ``odds``, ``stepper``, ``quiz``, ``table``),
the decks lesson, and what they share (`model`: the table as plain data; `figure`: a lesson
figure as a value; `hand_by_hand`; `bot_stepper`).  See docs/architecture.md."""
