"""Reading an SQLite write-ahead log (``<journal>-wal``) the way SQLite does, to
find what SQLite would drop without a word.

SQLite replays the log's frames in order and stops at the first frame whose
salt or running checksum is wrong; every frame after it is ignored. After a
crash that is right for a torn last write, but garbage in the middle of the log
drops every change written after it, and the journal silently goes back in
time. :func:`wal_damage` spots that: a bad frame followed by frames of the same
log generation (same salts) that SQLite will never read.

File format: https://www.sqlite.org/fileformat2.html#walformat
"""
from __future__ import annotations

import struct

_MAGIC = (0x377F0682, 0x377F0683)
_HEADER = 32
_FRAME_HEADER = 24


def _checksum(data: bytes, s0: int, s1: int, big_endian: bool) -> tuple[int, int]:
    """SQLite's WAL checksum over ``data`` (a multiple of 8 bytes), continuing from (s0, s1)."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def wal_damage(wal_path: str) -> str | None:
    """What SQLite would skip in this log, in words (None: nothing, or no log)."""
    try:
        with open(wal_path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"the write-ahead log {wal_path} cannot be read: {e.strerror or e}"
    if len(data) < _HEADER:
        return None
    magic, _version, page_size, _ckpt, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:_HEADER])
    big = magic == _MAGIC[1]
    if magic not in _MAGIC or _checksum(data[:24], 0, 0, big) != (c1, c2):
        if not data.strip(b"\x00"):
            return None
        return (f"the write-ahead log {wal_path} has a damaged header: the {len(data) - _HEADER} bytes "
                f"of recent changes in it cannot be read")
    page_size = 65536 if page_size == 1 else page_size
    frame_size = _FRAME_HEADER + page_size
    frames = (len(data) - _HEADER) // frame_size
    s0, s1 = c1, c2
    bad = None
    for i in range(frames):
        off = _HEADER + i * frame_size
        head = data[off:off + _FRAME_HEADER]
        pgno, _commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        if pgno == 0 or (f1, f2) != (salt1, salt2):
            bad = i
            break
        s0, s1 = _checksum(head[:8] + data[off + _FRAME_HEADER:off + frame_size], s0, s1, big)
        if (s0, s1) != (k1, k2):
            bad = i
            break
    if bad is None:
        return None
    later = sum(1 for i in range(bad + 1, frames)
                if struct.unpack(">2I", data[_HEADER + i * frame_size + 8:_HEADER + i * frame_size + 16])
                == (salt1, salt2))
    if not later:
        return None            # a torn last write: that change was never committed, never shown
    return (f"the write-ahead log {wal_path} is damaged at frame {bad + 1} of {frames}: "
            f"the {later} frames written after it (the most recent changes) cannot be read")
