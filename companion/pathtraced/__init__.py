"""A table rendered with real light: the games' example tables path-traced by
Blender's Cycles, cached as images with their truth, for the benchmark and tests.

The simulated table (:mod:`hardware.simtable`) paints glare as a blob; a path
tracer gives the reflections a lamp really makes on coated cards and glossy
sleeves, the soft shadows of a window and the curl of a card. Blender is an
optional extra (``bpy``, installed by ``make render-frames`` into ``.venv-render``);
everything else reads the committed cache (``tests/data/pathtraced/``) and needs
no Blender.

- :mod:`.setup`: what is rendered: the camera straight above the table, the
  lightings, the finishes, the card curl, and the list of frames
  (:func:`~.setup.frames`), from each game's example (``game.arrange(state)``,
  one source of tags and placements with the simulated table);
- :mod:`.truth`: where each tag lands in the picture and which tags a lamp's
  reflection covers, computed from the scene's geometry (not by decoding);
- :mod:`.cache`: reading the cache (image + JSON sidecar per frame);
- :mod:`.blender`: building the scene in Blender and rendering it (needs ``bpy``);
- ``python -m companion.pathtraced``: renders the frames into the cache.
"""
