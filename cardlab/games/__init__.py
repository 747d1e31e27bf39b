"""The games.  Importing this package registers every built-in game in `engine.GAMES`."""

from cardlab.games import doudizhu, highcard, pyramid, three_thirteen, triad, triangle  # noqa: F401
