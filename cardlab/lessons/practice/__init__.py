"""The find-the-move practice's curated positions: one folder per game, one replay text per
position (``<game>/<name>.txt``), each a deal stopped where seat 0 must move.

Like the lessons' curated deals (`cardlab.lessons.deals`) they are committed replays, so a
position stays the same whatever becomes of seeds and bots; ``tools/curate_practice.py`` found
them once, and `cardlab.apps.<game>.practice` lists them with their answers, level and hint.
"""
