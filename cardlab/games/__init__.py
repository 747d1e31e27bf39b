"""The games.  Importing this package registers every built-in game in `engine.GAMES`."""

from cardlab.games import doudizhu, highcard, triangle  # noqa: F401
