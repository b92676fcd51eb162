"""An image file's pixel size, read from its header before anything is decoded.

A 400 KB PNG can claim 20000x20000 pixels and take gigabytes once decoded, so
every path that reads a still image (``companion scan``, replay folders) first
reads the size from the header and refuses anything over :data:`MAX_PIXELS`::

    >>> check_image("table.jpg")                                # doctest: +SKIP
    (4608, 2592)
    >>> check_image("bomb.png")                                 # doctest: +SKIP
    Traceback (most recent call last):
    ImageTooLarge: 20000x20000 is 400.0 megapixels, over the 50-megapixel limit

Formats read: PNG, JPEG, BMP, GIF, WebP, TIFF and PNM (PBM/PGM/PPM). Anything
else, or a header cut short, has no known size and is refused as unreadable.
Standard library only; :func:`read_image` decodes with OpenCV after the check.
"""
from __future__ import annotations

import io
import os
import struct
from typing import Any, BinaryIO

#: The most pixels (width x height) an image may have: 50 megapixels, enough
#: for a 48 MP phone photo or the Pi camera's 12 MP. Documented in README.md.
MAX_PIXELS = 50_000_000

FORMATS = "PNG, JPEG, BMP, GIF, WebP, TIFF or PNM"


class ImageError(ValueError):
    """An image file that is not read: the message says why (no path)."""


class ImageTooLarge(ImageError):
    """An image whose header claims more than the pixel limit."""


def _png(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    if len(head) >= 24 and head[12:16] == b"IHDR":
        return struct.unpack(">II", head[16:24])
    return None


def _gif(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    return struct.unpack("<HH", head[6:10]) if len(head) >= 10 else None


def _bmp(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    if len(head) < 26:
        return None
    (dib,) = struct.unpack("<I", head[14:18])
    if dib == 12:                                   # OS/2 BITMAPCOREHEADER
        return struct.unpack("<HH", head[18:22])
    w, h = struct.unpack("<ii", head[18:26])
    return abs(w), abs(h)                           # a negative height is a top-down bitmap


def _webp(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    kind = head[12:16]
    if kind == b"VP8 " and len(head) >= 30 and head[23:26] == b"\x9d\x01\x2a":
        w, h = struct.unpack("<HH", head[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if kind == b"VP8L" and len(head) >= 25 and head[20] == 0x2F:
        (bits,) = struct.unpack("<I", head[21:25])
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8X" and len(head) >= 30:
        return (int.from_bytes(head[24:27], "little") + 1, int.from_bytes(head[27:30], "little") + 1)
    return None


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    """Walk the marker segments from the start of the file to the first frame
    header (SOFn), skipping APPn/EXIF/tables by their lengths."""
    fh.seek(2)
    while True:
        b = fh.read(1)
        while b and b != b"\xff":                   # tolerate junk between segments
            b = fh.read(1)
        while b == b"\xff":                         # fill bytes
            b = fh.read(1)
        if not b:
            return None
        marker = b[0]
        if marker == 0xD8 or 0xD0 <= marker <= 0xD7 or marker == 0x01:
            continue                                # standalone markers
        if marker in (0xD9, 0xDA):                  # end of image / start of scan: no frame header
            return None
        seg = fh.read(2)
        if len(seg) < 2:
            return None
        (length,) = struct.unpack(">H", seg)
        if marker in _SOF:
            body = fh.read(5)
            if len(body) < 5:
                return None
            h, w = struct.unpack(">HH", body[1:5])
            return (w, h) if h else None            # height 0 (set later by DNL) is not a known size
        if length < 2:
            return None
        fh.seek(length - 2, os.SEEK_CUR)


def _tiff(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    order = "<" if head[:2] == b"II" else ">"
    (ifd,) = struct.unpack(order + "I", head[4:8])
    fh.seek(ifd)
    raw = fh.read(2)
    if len(raw) < 2:
        return None
    (count,) = struct.unpack(order + "H", raw)
    entries = fh.read(12 * count)
    found: dict[int, int] = {}
    for i in range(len(entries) // 12):
        tag, typ, n = struct.unpack(order + "HHI", entries[12 * i:12 * i + 8])
        if tag in (256, 257) and n == 1:
            value = entries[12 * i + 8:12 * i + 12]
            found[tag] = struct.unpack(order + ("H" if typ == 3 else "I"), value[:2 if typ == 3 else 4])[0]
    return (found[256], found[257]) if 256 in found and 257 in found else None


def _pnm(fh: BinaryIO, head: bytes) -> tuple[int, int] | None:
    """P1..P6: two decimal numbers after the magic, with whitespace and # comments."""
    numbers: list[int] = []
    text = head[2:]
    i = 0
    while len(numbers) < 2 and i < len(text):
        c = text[i:i + 1]
        if c == b"#":
            nl = text.find(b"\n", i)
            i = len(text) if nl < 0 else nl + 1
        elif c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(text) and text[j:j + 1].isdigit():
                j += 1
            numbers.append(int(text[i:j]))
            i = j
        else:
            return None
    return (numbers[0], numbers[1]) if len(numbers) == 2 else None


def _reader(head: bytes) -> Any:
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png
    if head.startswith(b"\xff\xd8"):
        return _jpeg
    if head.startswith((b"GIF87a", b"GIF89a")):
        return _gif
    if head.startswith(b"BM"):
        return _bmp
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _webp
    if head.startswith((b"II*\x00", b"MM\x00*")):
        return _tiff
    if len(head) > 2 and head[:1] == b"P" and head[1:2] in b"123456" and head[2:3].isspace():
        return _pnm
    return None


def image_size(path: str | os.PathLike | bytes) -> tuple[int, int] | None:
    """(width, height) from the header of the file at ``path`` (or of the image
    in ``bytes``), or None when the format is not one of :data:`FORMATS` or the
    header is cut short. Reads a few bytes (a JPEG: its segment headers), never
    the pixels. OSError is left to the caller."""
    with (io.BytesIO(path) if isinstance(path, bytes) else open(path, "rb")) as fh:
        head = fh.read(512)
        reader = _reader(head)
        if reader is None:
            return None
        try:
            return reader(fh, head)
        except (struct.error, ValueError, OSError):
            return None


def check_image(path: str | os.PathLike | bytes, max_pixels: int = MAX_PIXELS) -> tuple[int, int]:
    """The image's (width, height) if it may be decoded; :class:`ImageTooLarge`
    over ``max_pixels``, :class:`ImageError` when the size cannot be read."""
    size = image_size(path)
    if size is None or 0 in size:
        raise ImageError(f"not an image or unreadable (no {FORMATS} header)")
    w, h = size
    if w * h > max_pixels:
        raise ImageTooLarge(f"{w}x{h} is {w * h / 1e6:.1f} megapixels, "
                            f"over the {max_pixels / 1e6:g}-megapixel limit")
    return size


def read_image(path: str | os.PathLike, max_pixels: int = MAX_PIXELS) -> Any:
    """The image as an OpenCV BGR array, after :func:`check_image`.
    :class:`ImageError` (or :class:`ImageTooLarge`) when it is not read;
    OSError (no such file, no permission) is left to the caller."""
    import cv2

    check_image(path, max_pixels)
    image = cv2.imread(os.fspath(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError("not an image or unreadable")
    return image


def decode_image(data: bytes, max_pixels: int = MAX_PIXELS) -> Any:
    """The image in ``data`` (a JPEG a browser sent, say) as an OpenCV BGR array,
    after :func:`check_image` on its header; :class:`ImageError` when it is not
    read."""
    import cv2
    import numpy as np

    check_image(data, max_pixels)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError("not an image or unreadable (its header reads, its data does not)")
    return image
