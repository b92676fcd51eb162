"""QR decoder backends behind one interface.

Every backend turns an image (grey or BGR ``uint8``) into :class:`Detection` s:
the payload text and the symbol's four corners in pixels, in the symbol's own
order (its top-left, top-right, bottom-right, bottom-left, as printed), so a
tag's angle can be read from them whatever the backend::

    >>> dec = get_decoder("zxing")          # or "zbar"
    >>> [d.payload for d in dec.decode(image)]            # doctest: +SKIP
    ['TC:CORNER:1', 'GLC:KID:02']

zxing-cpp is the default: it finds more codes, faster. pyzbar (the zbar library)
is the alternative.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

Point = tuple[float, float]


@dataclass(frozen=True)
class Detection:
    """One QR symbol found in an image.

    ``corners``: the symbol's top-left, top-right, bottom-right and bottom-left
    corners (as printed, not as seen) in image pixels; ``modules``: the
    symbol's modules as the decoder sampled them (n x n, True dark; None when
    the backend does not say), what :mod:`.lens` learns the camera's blur from."""

    payload: str
    corners: tuple[Point, Point, Point, Point]
    modules: np.ndarray | None = field(default=None, compare=False, repr=False)

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.corners)
        return (sum(xs) / 4.0, sum(ys) / 4.0)

    @property
    def side_px(self) -> float:
        """The symbol's mean side length in pixels."""
        c = self.corners
        return sum(math.dist(c[i], c[(i + 1) % 4]) for i in range(4)) / 4.0

    def shifted(self, dx: float, dy: float, scale: float = 1.0) -> Detection:
        """This detection in the coordinates of a bigger image: a crop at
        (dx, dy) that was resized by ``scale`` before decoding."""
        return Detection(self.payload, tuple((x / scale + dx, y / scale + dy)
                                             for x, y in self.corners), self.modules)  # type: ignore[arg-type]


def merge(a: Sequence[Detection], b: Sequence[Detection]) -> list[Detection]:
    """Detections of ``a`` and ``b``, the same symbol found twice counted once
    (same payload, centres closer than half a side)."""
    out = list(a)
    for d in b:
        if not any(o.payload == d.payload and math.dist(o.centre, d.centre) < 0.5 * o.side_px for o in out):
            out.append(d)
    return out


class Decoder(ABC):
    """A QR decoder. ``decode(image)`` returns every symbol it can read."""

    name: str = ""

    @abstractmethod
    def decode(self, image: np.ndarray) -> list[Detection]:
        """Decode an H x W grey or H x W x 3 BGR ``uint8`` image."""


def _grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return np.ascontiguousarray(image)
    import cv2
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


class ZxingDecoder(Decoder):
    """zxing-cpp (the default backend).

    ``try_downscale`` lets zxing also look at a half-size copy (it finds big,
    blurry codes that way); ``try_invert`` also reads light-on-dark codes;
    ``try_rotate`` is zxing's own option (QR codes read at any angle anyway);
    ``binarizer`` is ``local`` (adaptive, the default), ``global`` (one
    histogram threshold: helps some low-contrast crops) or ``bool`` (the image
    is black and white already: zero is dark, anything else light; for
    pictures binarized beforehand, :mod:`.stills`). :func:`raw_zxing` is
    zxing-cpp with its own defaults, what the pipeline's whole-frame decode is
    (so the pipeline never reads less than a raw zxing-cpp decode)."""

    name = "zxing"

    def __init__(self, try_downscale: bool = True, binarizer: str = "local", try_invert: bool = False,
                 try_rotate: bool = False):
        import zxingcpp
        self._zx = zxingcpp
        self.try_downscale = try_downscale
        self.try_invert = try_invert
        self.try_rotate = try_rotate
        self.binarizer = {"local": zxingcpp.Binarizer.LocalAverage,
                          "global": zxingcpp.Binarizer.GlobalHistogram,
                          "bool": zxingcpp.Binarizer.BoolCast}[binarizer]

    def decode(self, image: np.ndarray) -> list[Detection]:
        zx = self._zx
        found = zx.read_barcodes(_grey(image), formats=zx.BarcodeFormat.QRCode, try_rotate=self.try_rotate,
                                 try_downscale=self.try_downscale, try_invert=self.try_invert,
                                 binarizer=self.binarizer)
        out = []
        for b in found:
            p = b.position
            # zxing puts integer coordinates on pixel corners; OpenCV (and the
            # rest of this package) on pixel centres: half a pixel apart.
            corners = tuple((q.x - 0.5, q.y - 0.5)
                            for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
            modules = np.asarray(b.to_image(scale=1, add_quiet_zones=False)) < 128
            out.append(Detection(b.text, corners, modules))  # type: ignore[arg-type]
        return out


class ZbarDecoder(Decoder):
    """pyzbar (the zbar library; needs the system package ``libzbar0``).

    pyzbar's own ``decode`` reorders the corners into a convex hull, losing
    which one is the symbol's top-left; this reads zbar's points directly
    (zbar gives top-left, bottom-left, bottom-right, top-right)."""

    name = "zbar"

    def __init__(self) -> None:
        from pyzbar import pyzbar, wrapper
        self._pz = pyzbar
        self._w = wrapper

    def decode(self, image: np.ndarray) -> list[Detection]:
        from ctypes import c_void_p, cast, string_at
        pz, w = self._pz, self._w
        grey = _grey(image)
        pixels, width, height = grey.tobytes(), grey.shape[1], grey.shape[0]
        out = []
        with pz._image_scanner() as scanner:
            w.zbar_image_scanner_set_config(scanner, pz.ZBarSymbol.NONE, w.ZBarConfig.CFG_ENABLE, 0)
            w.zbar_image_scanner_set_config(scanner, pz.ZBarSymbol.QRCODE, w.ZBarConfig.CFG_ENABLE, 1)
            with pz._image() as img:
                w.zbar_image_set_format(img, pz._FOURCC["L800"])
                w.zbar_image_set_size(img, width, height)
                # the bytes object itself, as pyzbar's own decode() passes it (ctypes takes bytes as a pointer)
                w.zbar_image_set_data(img, cast(pixels, c_void_p), len(pixels), None)  # type: ignore[arg-type]
                if w.zbar_scan_image(scanner, img) < 0:
                    return []
                for sym in pz._symbols_for_image(img):
                    n = w.zbar_symbol_get_loc_size(sym)
                    pts = [(float(w.zbar_symbol_get_loc_x(sym, i)), float(w.zbar_symbol_get_loc_y(sym, i)))
                           for i in range(n)]
                    if len(pts) != 4:
                        continue
                    data = string_at(w.zbar_symbol_get_data(sym), w.zbar_symbol_get_data_length(sym))
                    text = data.decode("utf-8", errors="replace")
                    out.append(Detection(text, (pts[0], pts[3], pts[2], pts[1])))
        return out


DECODERS: dict[str, type[Decoder]] = {"zxing": ZxingDecoder, "zbar": ZbarDecoder}
ALIASES = {"zxing-cpp": "zxing", "zxingcpp": "zxing", "pyzbar": "zbar"}


def decoder_names() -> Sequence[str]:
    return tuple(DECODERS)


def raw_zxing() -> ZxingDecoder:
    """zxing-cpp with its own default options (QR codes only): the whole-frame
    decode every pass starts with, and the baseline ``make bench`` compares with."""
    return ZxingDecoder(try_downscale=True, try_invert=True, try_rotate=True)


def whole_frame(decoder: Decoder) -> Decoder:
    """The decoder to run over a whole frame (or a changed region): zxing with
    its defaults (:func:`raw_zxing`) whatever options ``decoder`` was made with;
    other backends as they are."""
    return raw_zxing() if isinstance(decoder, ZxingDecoder) else decoder


def get_decoder(name: str = "zxing", **options) -> Decoder:
    """The decoder backend called ``name`` (``zxing`` or ``zbar``; ``pyzbar`` means zbar)."""
    try:
        cls = DECODERS[ALIASES.get(name, name)]
    except KeyError:
        raise ValueError(f"unknown decoder {name!r}; choose one of {', '.join(DECODERS)}") from None
    return cls(**options)
