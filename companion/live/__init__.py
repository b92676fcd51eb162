"""The live table: the session (one game at a time, from the camera to the players), the camera's
thread and its picture, the views it publishes, the markers it keeps and the card texts typed at
the table."""
