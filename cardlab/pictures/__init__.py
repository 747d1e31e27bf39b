"""Pictures of each game's positions and lesson figures, as pure drawing data.

One module per game (``cardlab.pictures.<game>``): functions that turn game data into a
`cardlab.render.Drawing`.  Like the render layer they never import the widget stack, so
`cardlab render`, the tests and the handouts draw the same pictures without a browser.
"""
