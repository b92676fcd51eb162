"""The live table: the session (one game at a time, from the camera to the players)
and its parts (the game's life, the take-over, the referee's desk, the broadcast
of views, the fault monitor, sharing one table state), the camera's thread and
its picture, the views it publishes, the markers it keeps and the card texts
typed at the table. :mod:`companion.live.session` is where to start."""
