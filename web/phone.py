"""A phone as the camera (``/camera/phone``), behind the referee PIN.

* ``GET /camera/phone``: the page for a phone on a stand above the table. It
  opens the rear camera (getUserMedia, the highest resolution it offers), shows
  what it sends, and posts a JPEG picture a few times a second (``?fps=2``..5,
  3 by default); beside it, the companion's own view of the last picture with
  the tags and the calibration drawn (``/camera/frame.jpg``).
* ``POST /camera/phone/frame``: one picture (``Content-Type: image/jpeg``, at
  most :data:`MAX_PICTURE_BYTES`), handed to the session's camera
  (``hardware.sources.BrowserSource``, ``companion run --camera browser``).
  Answers ``{"width", "height", "received"}``; 400 for a picture that does not
  read, 503 when the companion's camera is not the phone.

Browsers allow the camera only in a secure context: the page works over HTTPS
(``companion.service.tls``) or on localhost. Over plain HTTP it says where to go.
"""
from __future__ import annotations

from typing import Any, Protocol

from flask import Blueprint, Flask, current_app, jsonify, render_template, request

from .auth import referee_page, referee_required
from .errors import ApiError

bp = Blueprint("phone", __name__, url_prefix="/camera/phone")

#: the largest picture accepted, in bytes (a 4K JPEG at quality 0.85 is 1-3 MB)
MAX_PICTURE_BYTES = 8 * 1024 * 1024


class PhoneCamera(Protocol):
    """Where the pictures go (``hardware.sources.BrowserSource``)."""

    received: int

    def push(self, jpeg: bytes) -> tuple[int, int]: ...


@bp.get("")
@bp.get("/")
@referee_page
def page():
    fps = request.args.get("fps", "3")
    fps_value = min(5.0, max(1.0, float(fps))) if fps.replace(".", "", 1).isdigit() else 3.0
    https_port = current_app.config.get("TC_HTTPS_PORT")
    return render_template("phone.html", fps=fps_value, https_port=https_port,
                           active=current_app.extensions.get("companion_phone") is not None)


@bp.post("/frame")
@referee_required
def frame():
    camera: Any = current_app.extensions.get("companion_phone")
    if camera is None:
        raise ApiError(503, "the companion's camera is not the phone: start it with companion run --camera browser")
    if (request.mimetype or "") not in ("image/jpeg", "image/png", "image/webp"):
        raise ApiError(415, "send the picture as the body, Content-Type: image/jpeg")
    request.max_content_length = MAX_PICTURE_BYTES
    data = request.get_data(cache=False)
    try:
        width, height = camera.push(data)
    except ValueError as e:
        raise ApiError(400, f"the picture does not read: {e}") from None
    return jsonify({"width": width, "height": height, "received": camera.received})


def install(app: Flask, camera: PhoneCamera | None, https_port: int | None = None) -> None:
    """Add ``/camera/phone`` to ``app``; ``camera`` None: the page only says how to
    start the companion with the phone as its camera."""
    if camera is not None:
        app.extensions["companion_phone"] = camera
    app.config["TC_HTTPS_PORT"] = https_port
    uploads = dict(app.config.get("TC_UPLOADS") or {})
    uploads["/camera/phone/frame"] = MAX_PICTURE_BYTES
    app.config["TC_UPLOADS"] = uploads
    app.register_blueprint(bp)
