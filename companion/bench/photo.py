"""Benchmark: scoring a finished game from one phone photo (``companion score``).

- Simulated phone photos: each game's finished example table, laid out as its
  page asks, taken by a 12 MP phone held 22 degrees from straight down (slight
  blur, noise, uneven light, JPEG), and the same photo downscaled to 2016 px as
  a browser may send it. Is the score the watched game's? How long does the
  whole job take (JPEG decode, the photo pass, the game's reading and score)
  against a raw zxing-cpp decode of the same image in the same process?
- Real photos: BoofCV's QR benchmark, in its own section (:mod:`.boofcv`).

    python -m companion.bench --only photo
"""
from __future__ import annotations

import time
from typing import Any

import cv2

TITLE = "Scoring from a photo: simulated phone photos of each finished game"
TILT_DEG = 22.0
BROWSER_WIDTH = 2016


def _phone_jpeg(placements: Any, width: int | None = None) -> bytes:
    from hardware.simtable import CameraModel, Item, Scene, render_scene
    cam = CameraModel(resolution=(4032, 3024), tilt_deg=TILT_DEG, blur_sigma=0.8, noise_sigma=2.0,
                      light_gradient=0.25, jpeg_quality=85, seed=3)
    image, _ = render_scene(Scene(table_mm=(900.0, 600.0), items=[Item.from_placement(p) for p in placements]), cam)
    if width:
        image = cv2.resize(image, (width, width * 3 // 4), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 88])
    assert ok
    return data.tobytes()


def _options(code: str, final: dict[str, Any]) -> dict[str, Any]:
    if code != "CCR":
        return {}
    from models.candy_crave.scoring import round_totals
    from models.registry import get_game
    kit = get_game("CCR").kit  # type: ignore[attr-defined]
    totals = round_totals(kit, final, final["rounds"][0])
    return {"round1": ",".join(f"{p}:{v}" for p, v in totals.items())}


def simulated(report) -> None:
    from companion.examples import example_states
    from companion.photo_score import decode_photo, score_photo
    from companion.vision.decoders import raw_zxing
    zx = raw_zxing()
    rows = []
    for code in ("GLC", "GVG", "GAH", "CCR"):
        game, players, states = example_states(code)
        final = states[-1]
        want = {p: e.total for p, e in game.score(final).entries.items()}
        for width in (None, BROWSER_WIDTH):
            jpeg = _phone_jpeg(game.arrange(final), width)
            image = decode_photo(jpeg)
            t0 = time.perf_counter()
            raw = {d.payload for d in zx.decode(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))}
            t_raw = time.perf_counter() - t0
            t0 = time.perf_counter()
            result = score_photo(game, list(players), _options(code, final), decode_photo(jpeg))
            t_job = time.perf_counter() - t0
            board = result.table.score if result.table is not None else None
            got = {p: e.total for p, e in board.entries.items()} if board is not None else None
            found = {s.payload for s in result.reading.sightings}
            rows.append([code, f"{image.shape[1]}x{image.shape[0]}", "yes" if got == want else f"NO: {got}",
                         f"{len(raw)} / {len(found)}", len(raw - found), f"{t_raw * 1000:.0f}",
                         f"{t_job * 1000:.0f}", f"{t_job / t_raw:.1f}"])
    report.table(["game", "photo", "watched score", "tags raw / photo pass", "missed vs raw", "raw ms",
                  "whole job ms", "ratio"], rows)
    report.line("The Closest Ghost is not in this table: its scoring layout adds the players' piles of candy "
                "(docs/games/the-closest-ghost.md), which only its tests draw.")


def run(report) -> None:
    simulated(report)
    report.line("The photo pass on real photos, BoofCV's QR benchmark scored by its labels: the boofcv section.")
