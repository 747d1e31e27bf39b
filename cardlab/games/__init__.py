"""The games.  Importing this package registers every built-in game in `engine.GAMES`."""

from cardlab.games import (  # noqa: F401
    doudizhu,
    highcard,
    pyramid,
    pyramid_poker,
    three_thirteen,
    triad,
    triangle,
)
