"""The journal: every game and every change to it in SQLite (:mod:`.store`), checked for damage
and salvaged (:mod:`.repair`, :mod:`.wal`), and what a game leaves behind: its story
(:mod:`.timeline`, :mod:`.story_html`) and its results (:mod:`.results`)."""
