"""The one error of the simulated table: a scene (or its camera) that cannot be drawn."""


class SceneError(ValueError):
    """A scene description that cannot be drawn; the message says where and why."""
