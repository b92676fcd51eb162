"""Score a finished game from one photo of its table (``companion score``, ``/score``).

The photo goes through the same reading as a camera frame (``scan_photo``:
every tag, placed on the table by the four corner markers), becomes one
settled snapshot, and the game scores the table it shows
(:meth:`models.engine.Game.score_table`)::

    result = score_photo(get_game("GLC"), ["RED", "BLUE", "GREEN"], {}, image)
    result.ok, result.reason          # False, "the corner markers TC:CORNER:2, ... are not in the photo"
    result.to_json()["score"]         # the shape of `companion rules --json`'s final score

A photo is not a Pi frame: 12-50 MP, tilted, turned by its EXIF orientation
(OpenCV applies it on reading, :func:`decode_photo`), JPEG-compressed. Its
size is checked from the header before anything is decoded
(:data:`hardware.imagesize.MAX_PIXELS`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from models.engine import Game
from models.final_table import TableScore
from models.table import Sighting, Snapshot
from models.tags import corner
from models.text import tr, trn

from .vision import Reading, get_decoder, scan_photo

#: exit codes of ``companion score``: the photo does not show a scorable table; unreadable input
NOT_SCORABLE, UNREADABLE = 1, 2


class PhotoError(ValueError):
    """A photo that cannot be read at all: not an image, empty, too large."""


class PhotoTooLarge(PhotoError):
    """A photo over the pixel limit (refused from its header, never decoded)."""


def decode_photo(data: bytes, max_pixels: int | None = None) -> np.ndarray:
    """The BGR image in ``data`` (JPEG, PNG, WebP... as uploaded), turned upright
    by its EXIF orientation (OpenCV's decoder applies it, from memory as from a
    file); the pixel count is checked from the header before decoding. Raises
    :class:`PhotoError`."""
    from hardware.imagesize import MAX_PIXELS, ImageError, ImageTooLarge, decode_image
    if not data:
        raise PhotoError(tr("the photo is empty"))
    try:
        image: np.ndarray = decode_image(data, max_pixels or MAX_PIXELS)
    except ImageTooLarge as e:
        raise PhotoTooLarge(str(e)) from None
    except ImageError as e:
        raise PhotoError(str(e)) from None
    return image


@dataclass
class PhotoScore:
    """A photo read and scored: ``reading`` (every tag found), ``table``
    (the game's :class:`~models.final_table.TableScore`, None when the photo
    could not be placed on the table) and ``reason`` when there is no score."""

    game: Game
    players: list[str]
    reading: Reading
    table: TableScore | None
    reason: str | None = None
    duplicates: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.table is not None and self.table.scored

    def to_json(self) -> dict[str, Any]:
        """One JSON object: ``score`` is the shape of ``companion rules --json``'s
        final score (``score.entries.<SEAT>.total`` and ``breakdown``)."""
        r = self.reading
        t = self.table.to_json() if self.table is not None else {"score": None, "placed": [], "unplaced": [],
                                                                  "problems": []}
        quads = {d.payload: [[round(x, 1), round(y, 1)] for x, y in d.corners] for d in r.detections}
        for tag in t["placed"] + t["unplaced"]:
            tag["quad"] = quads.get(tag["payload"])     # its corners in the photo, to outline it
        return {"game": self.game.code, "title": self.game.title, "players": list(self.players),
                "width": r.width, "height": r.height, "calibrated": r.calibrated,
                "scored": self.ok, "reason": self.reason, "score": t["score"],
                "placed": t["placed"], "unplaced": t["unplaced"], "problems": t["problems"],
                "rejected": list(r.rejected), "duplicates": list(self.duplicates),
                "decode_ms": round(r.decode_ms, 1)}


def score_photo(game: Game, players: Sequence[str], options: Mapping[str, Any], image: np.ndarray,
                table_mm: tuple[float, float] = (900.0, 600.0), decoder: str = "zxing") -> PhotoScore:
    """Read ``image`` and score the table it shows (see the module docstring).
    ``players`` must already be valid seats (:meth:`Game.check_players`);
    ``options`` are the game's, as given (GameSetupError for one it refuses),
    plus what a game's ``score_table`` asks for (Candy Crave: ``round1``)."""
    players = list(players)
    reading = scan_photo(image, get_decoder(decoder), table_mm=table_mm)
    if not reading.calibrated:
        seen = {s.payload for s in reading.sightings}
        missing = [corner(i) for i in range(1, 5) if corner(i) not in seen]
        if missing:
            reason = trn("cannot place the photo on the table: {markers} is not in it (or not readable). "
                         "Take the photo so that all four corners of the table are in it.",
                         "cannot place the photo on the table: {markers} are not in it (or not readable). "
                         "Take the photo so that all four corners of the table are in it.",
                         len(missing), markers=", ".join(missing))
        else:
            reason = tr("cannot place the photo on the table: the four corner markers are not in it (or not "
                        "readable). Take the photo so that all four corners of the table are in it.")
        return PhotoScore(game, players, reading, None, reason)
    once: dict[str, Sighting] = {}
    for s in reading.sightings:
        once.setdefault(s.payload, s)           # a tag printed twice: counted once, reported
    snapshot = Snapshot(t=0.0, sightings=tuple(once.values()), calibrated=True, table_mm=table_mm)
    table = game.score_table(players, options, snapshot)
    return PhotoScore(game, players, reading, table, table.reason, list(reading.duplicates))


def score_upload(game_name: str, players: str, options: Mapping[str, Any], data: bytes,
                 table_mm: tuple[float, float] = (900.0, 600.0), decoder: str = "zxing") -> PhotoScore:
    """A photo as it arrives (its bytes) scored for the game and players named in
    words (``"GLC"``, ``"RED,BLUE,GREEN"``): what ``companion score`` and the
    ``/score`` page both do. Raises KeyError (no such game), GameSetupError
    (players or options the game refuses: :func:`check_options`) or
    :class:`PhotoError`; the seats and options are checked before the photo is
    decoded."""
    from models.registry import get_game
    game = get_game(game_name)
    seats = game.check_players([p for p in players.split(",") if p.strip()])
    check_options(game, seats, options)
    return score_photo(game, seats, options, decode_photo(data), table_mm=table_mm, decoder=decoder)


def check_options(game: Game, players: Sequence[str], options: Mapping[str, Any]) -> None:
    """GameSetupError for an option the game refuses, before any photo is read:
    an unknown key or a bad value of the game's own options
    (:meth:`Game.resolve_options`), or a bad value of what its ``score_table``
    takes beyond them (:meth:`Game.score_input_problem`: Candy Crave's ``round1``)."""
    from models.engine import GameSetupError
    game.resolve_options({k: v for k, v in options.items() if k not in game.score_inputs})
    for key in game.score_inputs:
        given = options.get(key)
        if given is not None and given != "":
            why = game.score_input_problem(key, players, given)
            if why:
                raise GameSetupError(why)


class PhotoScorer:
    """The ``/score`` page's scorer (:class:`web.score.PhotoScorer`): a form's
    fields and a photo's bytes -> (HTTP status, JSON body). 200 scored, 422 the
    photo shows no scorable table (``reason``), 400 a bad form or an unreadable
    photo, 413 a photo over the pixel limit::

        status, body = PhotoScorer((900, 600))("GLC", "RED,BLUE,GREEN", "{}", jpeg_bytes)
    """

    def __init__(self, table_mm: tuple[float, float] = (900.0, 600.0), decoder: str = "zxing"):
        self.table_mm = (float(table_mm[0]), float(table_mm[1]))
        self.decoder = decoder

    def __call__(self, game: str, players: str, options: str, photo: bytes) -> tuple[int, dict[str, Any]]:
        from models.engine import GameSetupError
        from models.jsonio import loads
        try:
            opts = loads(options or "{}", source="options", max_bytes=64 * 1024)
            if not isinstance(opts, dict):
                raise GameSetupError(tr('options must be a JSON object, e.g. {example}',
                                        example='{"round1": "RED:51,BLUE:44"}'))
            result = score_upload(game, players, opts, photo, table_mm=self.table_mm, decoder=self.decoder)
        except KeyError as e:
            return 400, {"error": str(e.args[0])}
        except PhotoError as e:
            reason = e.args[0] if len(e.args) == 1 else str(e)
            return (413 if isinstance(e, PhotoTooLarge) else 400), {"error": tr("cannot read the photo: {reason}",
                                                                                reason=reason)}
        except (GameSetupError, ValueError) as e:
            return 400, {"error": e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e)}
        return (200 if result.ok else 422), result.to_json()
