"""The Dou Dizhu lesson: `lesson` (roles and cards, every combination with a valid and an invalid
example, the scoring explainer), `odds` (how many plays a full deck allows; bombs and the
rocket, exact and simulated), `stepper` (the auction and a curated deal of three AI, with card
counting), `quiz` (what type is it, does it beat that?) and `table` (the learner against two
AI).  Every classification, reason, count and probability comes from `cardlab.games.doudizhu`;
the pictures are in `cardlab.pictures.doudizhu`."""
