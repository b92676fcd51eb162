"""The camera view (``/camera``): the latest frame with the detected tags and the
calibration drawn over it, refreshed about once a second, to set the camera up.
``/camera/frame.jpg?w=640&overlay=1``: the picture at about the width the
browser shows it (a few allowed widths; a screen's width by default).

Behind the referee PIN: a camera looking down at a table can catch a hand of cards
held over it, which the public display must never show.
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request

from .auth import referee_page, referee_required
from .errors import ApiError

bp = Blueprint("camera", __name__, url_prefix="/camera")


@bp.get("")
@bp.get("/")
@referee_page
def index():
    view = current_app.extensions["companion_session"].view()
    return render_template("camera.html", view=view)


@bp.get("/frame.jpg")
@referee_required
def frame():
    overlay = request.args.get("overlay", "1") not in ("0", "false", "no")
    width = request.args.get("w")
    if width is not None and not (width.isdigit() and 0 < int(width) <= 100_000):
        raise ApiError(400, f"w must be the picture's width in pixels, e.g. w=640, not {width[:20]!r}")
    # the session makes the picture once per frame on its own thread: shared bytes here
    jpeg = current_app.extensions["companion_session"].latest_frame_jpeg(
        overlay=overlay, width=int(width) if width else None)
    if not jpeg:
        raise ApiError(503, "no camera frame yet: the camera is starting or lost",
                       headers={"Retry-After": "1"})
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})
