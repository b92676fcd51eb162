"""The simulated table: tagged components drawn as a camera above the table
would see them, with exact truth for every tag.

    >>> from hardware.simtable import Scene, Item, CameraModel, render_scene
    >>> scene = Scene(items=[Item("GLC:KID:02", 300, 200, angle_deg=30, size_mm=(63, 88))])
    >>> image, truth = render_scene(scene, CameraModel(resolution=(1600, 900), tilt_deg=10))
    >>> truth["GLC:KID:02"].visible
    True

- :mod:`.scene`: :class:`Item`, :class:`Hand`, :class:`Scene` and the scene JSON
  format (:func:`load_scene`);
- :mod:`.camera`: :class:`CameraModel`, the camera's pose and faults;
- :mod:`.render`: :func:`render_scene`, :class:`TruthTag`;
- :mod:`.source`: :class:`SimulatedTable`, a frame source over a timeline of scenes.
"""
from .camera import CameraModel
from .render import Renderer, Truth, TruthTag, render_scene
from .scene import Hand, Item, Scene, SceneError, load_scene
from .source import SimulatedTable

__all__ = ["CameraModel", "Hand", "Item", "Renderer", "Scene", "SceneError", "SimulatedTable",
           "Truth", "TruthTag", "load_scene", "render_scene"]
