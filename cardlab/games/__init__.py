"""The games, each imported on demand: a lesson pays only for its own game.

Nothing is imported here.  `cardlab.core.engine.get_game` and `load_games` find the games through
the ``cardlab.games`` entry points and import one when it is first asked for (its module
registers it in `engine.GAMES`); ``import cardlab.games.triad`` imports one directly.
"""
