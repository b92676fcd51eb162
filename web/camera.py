"""The camera view (``/camera``): the latest frame with the detected tags and the
calibration drawn over it, refreshed about once a second, to set the camera up.

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
    jpeg = current_app.extensions["companion_session"].latest_frame_jpeg(overlay=overlay)
    if not jpeg:
        raise ApiError(503, "no camera frame yet: the camera is starting or lost",
                       headers={"Retry-After": "1"})
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})
