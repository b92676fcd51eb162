"""The tag grammar (models.tags.parse_tag) against any text, and bad payloads
printed as real QR codes: rejected with the grammar's reason, never guessed at."""
import re

import pytest
from hypothesis import given, settings, strategies as st

from companion.vision import get_decoder, scan_image
from hardware.simtable import CameraModel, Item, Scene, render_scene
from models.tags import MAX_PAYLOAD, Tag, TagError, parse_tag

GRAMMAR = re.compile(r"[A-Z0-9]+:[A-Z0-9]+:[A-Z0-9]+")


def valid(text: str) -> bool:
    """The grammar as DESIGN.md states it, written independently of parse_tag."""
    if not isinstance(text, str) or len(text) > MAX_PAYLOAD or not GRAMMAR.fullmatch(text):
        return False
    game, kind, ident = text.split(":")
    if game == "TC":
        if kind not in ("CORNER", "SEAT", "ZONE"):
            return False
        if kind == "CORNER" and ident not in ("1", "2", "3", "4"):
            return False
    return True


part = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=8)
near_miss = st.text(alphabet="ABCZ019:az -_.é\n\x00", max_size=24)
tagish = st.builds(lambda g, k, i: f"{g}:{k}:{i}", st.one_of(part, st.sampled_from(["TC", "GLC"])),
                   st.one_of(part, st.sampled_from(["CORNER", "SEAT", "ZONE", "KID"])), part)


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(max_size=40), near_miss, tagish))
def test_parse_tag_accepts_exactly_the_grammar(text):
    try:
        tag = parse_tag(text)
    except TagError as e:
        assert not valid(text), f"{text!r} is a valid tag but was rejected: {e}"
        assert str(e)                      # always says why
        return
    assert valid(text), f"{text!r} breaks the grammar but was accepted"
    assert isinstance(tag, Tag) and tag.payload == text
    assert parse_tag(tag.payload) == tag


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.binary(max_size=10), st.lists(st.text(max_size=3), max_size=3)))
def test_parse_tag_raises_only_tag_error_on_anything(value):
    with pytest.raises(TagError):
        parse_tag(value)


@pytest.fixture(scope="module")
def printed_payloads():
    payloads = ["GLC:KID:02", "glc:kid:02", "HTTP://EXAMPLE.ORG", "TC:CORNER:9", "TC:FOO:1",
                "A:B:C:D", "GLC:KID:" + "9" * 14, "GLC::02"]
    items = [Item(p, 150 + (i % 4) * 200, 150 + (i // 4) * 250, angle_deg=15 * i, tag_mm=45)
             for i, p in enumerate(payloads)]
    image, truth = render_scene(Scene(items=items), CameraModel(resolution=(1600, 900)))
    return payloads, scan_image(image, get_decoder("zxing"))


def test_printed_bad_payloads_are_rejected_with_the_reason(printed_payloads):
    payloads, r = printed_payloads
    assert {s.payload for s in r.sightings} == {"GLC:KID:02", "TC:CORNER:1", "TC:CORNER:2", "TC:CORNER:3",
                                                "TC:CORNER:4"}
    rejected = {x["payload"]: x for x in r.rejected}
    assert set(rejected) == set(payloads) - {"GLC:KID:02"}
    for p, x in rejected.items():
        with pytest.raises(TagError) as e:
            parse_tag(p)
        assert x["reason"] in str(e.value) and x["reason"]
        assert p not in x["reason"] or len(p) < 4
        assert len(x["px"]) == 2
    assert rejected["HTTP://EXAMPLE.ORG"]["reason"].startswith("not a GAME:KIND:ID tag")
    assert "corner markers are numbered 1 to 4" in rejected["TC:CORNER:9"]["reason"]
    assert "longer than 20" in rejected["GLC:KID:" + "9" * 14]["reason"]
