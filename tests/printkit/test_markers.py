"""Table markers: four corners, a seat per player colour, each game's zones."""
import logging

from companion.printkit.markers import corner_markers, corner_tag_mm, marker_sections, seat_colours, zone_names
from models.registry import game_classes, get_game


def test_zones_come_from_where_the_game_puts_them():
    assert zone_names(get_game("GLC")) == ["CANDYDECK", "CANDYDISCARD", "KIDDECK", "KIDDISCARD"]
    assert zone_names(get_game("TCG")) == []


def test_a_game_that_declares_its_zones_is_taken_at_its_word():
    class Market(type(get_game("CCR"))):
        zones = ("bank", "market")
    assert zone_names(Market()) == ["BANK", "MARKET"]


def test_a_player_count_whose_arrange_fails_is_reported_and_the_others_still_count(caplog):
    class Shaky(type(get_game("GLC"))):
        def arrange(self, state, table_mm=(900.0, 600.0)):
            if len(state["players"]) == 6:
                raise RuntimeError("not yet")
            return super().arrange(state, table_mm)
    with caplog.at_level(logging.WARNING):
        assert "KIDDECK" in zone_names(Shaky())
    assert "6 players" in caplog.text and "not yet" in caplog.text


def test_one_seat_per_player_up_to_the_maximum():
    for cls in game_classes():
        game = get_game(cls.code)
        seats = seat_colours(game)
        assert len(seats) == game.max_players and seats[:2] == ["RED", "BLUE"]
        section = [s for s in marker_sections(game, 20.0) if s.heading.startswith("seats")][0]
        assert [s.payload for s in section.stickers] == [f"TC:SEAT:{c}" for c in seats]


def test_corners_are_large():
    assert [s.payload for s in corner_markers(18)] == [f"TC:CORNER:{n}" for n in (1, 2, 3, 4)]
    assert corner_tag_mm(18) == 28 and corner_tag_mm(36) == 54 and corner_tag_mm(100) == 80
