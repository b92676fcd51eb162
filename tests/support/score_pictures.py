"""Make docs/img/score-<slug>.jpg: each game's finished example table laid out
for scoring, as the game's page asks ("Score from a photo"), drawn from above by
the simulated table::

    .venv/bin/python -m tests.support.score_pictures [OUT_DIR]

The Closest Ghost's table adds the piles of candy each player took, in front of
their seat marker (tests.games.tcg.test_tcg_final_table.piles), and lifts the
avatar that did not take the last piece off the boards.
"""
from __future__ import annotations

import sys
from pathlib import Path

import cv2

from companion.examples import example_states
from hardware.simtable import CameraModel, Item, Scene, render_scene
from models.table import Placement


def scoring_table(code: str) -> list:
    game, _, states = example_states(code)
    final = states[-1]
    placements = list(game.arrange(final, game.table_mm(len(game.example_players))))
    if code == "TCG":
        from tests.games.tcg.test_tcg_final_table import FAR, piles
        taker = next(p for p in final["avatars"] if final["avatars"][p] != states[-2]["avatars"][p])
        placements = [Placement(p.payload, *FAR, p.angle_deg, size_mm=p.size_mm)
                      if p.payload.startswith("TCG:AVATAR:") and not p.payload.endswith(taker)
                      and _on_emptied_board(game, final, p.payload) else p for p in placements]
        placements += [pl for _, _, pl in piles(final, placements)]
    return placements


def _on_emptied_board(game, state, avatar: str) -> bool:
    area = game.area(state)
    won = [b for b, p in state["owners"].items() if p == state["winner"]]
    return bool(won) and area.board_of(state["avatars"][avatar.split(":")[-1]]) == won[0]


def main(out: str = "docs/img") -> None:
    from models.registry import game_classes, get_game
    for cls in game_classes():                  # every registered game, on the table its page asks for
        items = [Item.from_placement(p) for p in scoring_table(cls.code)]
        table = get_game(cls.code).table_mm(len(cls.example_players))
        image, _ = render_scene(Scene(table_mm=table, items=items), CameraModel(resolution=(1600, 1100)))
        path = Path(out) / f"score-{cls.slug}.jpg"
        cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 82])
        print(f"wrote {path}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
