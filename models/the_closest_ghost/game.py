"""The Closest Ghost (Andrew Looney): the engine.

Two players, two 3x3 boards edge to edge. On your turn move your avatar one
square along an arrow of the square it leaves (wrapping off the edge of the
combined area), never onto a ghost; landing on candy takes it. Then move the
ghost closest to your avatar one square. When your starting board has no candy
left, whoever took the last piece, you win.

The state (plain JSON)::

    {"players": ["RED", "BLUE"],            # RED moves first and owns board A
     "owners": {"A": "RED", "B": "BLUE"},
     "options": {...},                      # resolved options (layout, wrap, ...)
     "rotations": {"A": 0, "B": 0},         # each board's rotation, degrees CCW
     "phase": "place_ghost" | "move" | "ghost" | "over",
     "turn": "BLUE",                        # who must act
     "avatars": {"RED": "B2", "BLUE": "E2"},
     "ghosts": ["A1", "D1"],                # sorted squares
     "candy": ["A1", "A2", ...],            # every candy still on the boards, hidden ones too
     "taken": {"A": {"RED": 0, "BLUE": 0}, "B": {...}},   # candy taken from each board, by whom
     "moves": 0,                            # avatar moves followed (since the setup or the take-over)
     "notes": [], "winner": null, "result": ""}

Example::

    >>> game = TheClosestGhost()
    >>> s = game.setup(["RED", "BLUE"])
    >>> s, ev = game.apply(s, game.parse_action({"type": "place_ghost", "player": "BLUE", "square": "F3"}))
    >>> s, ev = game.apply(s, game.parse_action({"type": "move_avatar", "player": "RED", "to": "B1"}))
    >>> ev[-1].text
    'RED took the candy on B1 from their own board A (7 left there).'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..catalog import Catalog, Column
from ..engine import Action, Event, Game, GameSetupError, Modules, Option
from ..plan_table import Dim, PlanTable
from ..text import tr
from . import final_table, layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .actions import ACTIONS
from .grid import BOARDS, LAYOUTS, ROTATIONS, Area
from .kit import BoardSpec, load_board_spec
from .state import TheClosestGhostState

CATALOG_DIR = Path(__file__).parent / "catalog"


class TheClosestGhost(Game):
    code = "TCG"
    slug = "the-closest-ghost"
    title = "The Closest Ghost"
    min_players = 2
    max_players = 2
    example_players = ("RED", "BLUE")
    demo_watched = 24
    #: 16 candies, 3 ghosts and 2 avatars take a third longer to read than a Ghosts Love Candy
    #: table, and at the demo's usual 3 s the camera was still settling on one move when the
    #: next came (measured: ``make bench``, section autonomy, the event tables)
    demo_pace_s = 4.5
    plan_table = PlanTable(
        8,
        "board B turned a quarter turn, three moves played, BLUE to move",
        dims=(Dim("TCG:BOARD:A1", "TCG:BOARD:A2", "x", -55.0),
              Dim("TCG:GHOST:2", "TCG:CANDY:01", "y", -40.0),
              Dim("TC:SEAT:RED", "edge", "y", 40.0)),
        notes=("Tokens stand on the squares of the printed boards; two avatars on one square stand side by "
               "side, both tags showing. Candy under a ghost is remembered.",
               "Keep the board markers on the strip along each board's printed bottom uncovered."))
    actions = ACTIONS
    phases = rules.PHASES
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, final_table=final_table, words=words)
    #: a ghost moved and moved back by the next player leaves the table as it
    #: was, a turn on: after a gap, detours of up to two whole turns are looked for
    detour_slack = 4
    catalog_dir = CATALOG_DIR
    catalog_schema = {
        "avatars": {"colour": Column("str"), "token_mm": Column("int")},
        "ghosts": {"token_mm": Column("int")},
        "candy": {"token_mm": Column("int")},
        "boards": {"board": Column("str", choices=BOARDS), "x_mm": Column("int"), "y_mm": Column("int"),
                   "angle_deg": Column("int", required=False, default=0),
                   "tag_mm": Column("int", required=False, default=25)},
    }
    options = {
        "layout": Option("3x6", tr("3x6: board A left of board B; 6x3: board A above board B"), LAYOUTS),
        "rotation_a": Option(0, tr("board A's rotation, degrees counter-clockwise (its owner's choice; "
                                   "the camera reads it before play)"), ROTATIONS),
        "rotation_b": Option(0, tr("board B's rotation, degrees counter-clockwise"), ROTATIONS),
        "wrap": Option(True, tr("an avatar following an arrow off the combined area wraps to the opposite edge "
                                "(ruling; off: such arrows cannot be followed)")),
        "wrap_to": Option("area", tr("where a wrapping avatar comes back: the opposite edge of the combined area "
                                     "(area, the ruling: from A3 left to F3) or of the board it stands on (board: "
                                     "from A3 left to C3)"), ("area", "board")),
        "ghost_step": Option("orthogonal", tr("a ghost moves one square orthogonally (ruling), or also "
                                              "diagonally (king)"), ("orthogonal", "king")),
        "ghost_wrap": Option(False, tr("ghosts wrap around the edge too (ruling: they never do)")),
        "blocked_ghost": Option("skip", tr("when every closest ghost is blocked on all sides: no ghost moves "
                                           "(skip, a guess) or the next closest that can move does (next)"),
                                ("skip", "next")),
        "trapped": Option("pass", tr("a trapped avatar's player passes the whole turn (pass), or still moves "
                                     "the closest ghost (ghost); a guess"), ("pass", "ghost")),
        "avatars_block": Option(False, tr("an avatar may not enter the other avatar's square (the rulebook "
                                          "forbids only ghosts' squares; a guess)")),
    }

    def __init__(self, catalog: Catalog | None = None, board: BoardSpec | None = None):
        super().__init__(catalog)
        if board is None:
            rows = [(c.payload, c["board"], c["x_mm"], c["y_mm"], c["angle_deg"] or 0, c["tag_mm"] or 25)
                    for c in self.catalog.of_kind("boards")]
            board = load_board_spec(rows)
        self.board = board

    kind_names = {"ghosts": (tr("ghost"), tr("ghosts")), "avatars": (tr("avatar"), tr("avatars")),
                  "candy": (tr("piece of candy"), tr("pieces of candy"))}

    def count_kind_of(self, component: Any) -> str | None:
        """Avatars, ghosts and candy are counted; the board markers stay put."""
        return component.kind if component.kind in ("avatars", "ghosts", "candy") else None

    def seats(self) -> list[str]:
        """A seat per avatar token: its colour (avatars.csv), in catalog order."""
        return [str(c["colour"]).upper() for c in self.catalog.of_kind("avatars")]

    # ---- helpers

    def area(self, state: Mapping[str, Any]) -> Area:
        """The combined boards as the state turns them: what the game's modules read (``game.area(state)``)."""
        return rules.area_of(self.board, state)  # type: ignore[arg-type]

    # ---- setup and rules

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> TheClosestGhostState:
        players = self.check_players(players)
        opts = self.resolve_options(options or {})
        for b in BOARDS:
            if not self.board.markers.get(b):
                raise GameSetupError(tr("the catalog has no markers for board {board} (boards.csv)", board=b))
        rotations = {"A": opts["rotation_a"], "B": opts["rotation_b"]}
        area = Area(opts["layout"], rotations, self.board)
        centres = {area.centre(b) for b in BOARDS}
        state: TheClosestGhostState = {
            "players": players,
            "owners": {"A": players[0], "B": players[1]},
            "options": opts,
            "rotations": rotations,
            "phase": "place_ghost",
            "turn": players[1],
            "avatars": {players[0]: area.centre("A"), players[1]: area.centre("B")},
            "ghosts": sorted(area.dot(b) for b in BOARDS),
            "candy": sorted(sq for sq in area.squares() if sq not in centres),
            "taken": {b: {p: 0 for p in players} for b in BOARDS},
            "moves": 0,
            "notes": [],
            "winner": None,
            "result": "",
        }
        return state

    def _apply(self, state: dict[str, Any], action: Action) -> list[Event]:
        return rules.HANDLERS[type(action)](self.board, state, action)

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return rules.HANDLERS

    def field_choices(self, state: dict[str, Any]) -> dict[str, list[tuple[Any, str]]]:
        """Squares of the combined boards (ghosts' squares first where a ghost is moved), rotations."""
        base = super().field_choices(state)
        squares = [(sq, sq) for sq in self.area(state).squares()]
        ghosts = [(sq, sq) for sq in state["ghosts"]]
        return {**base, "square": squares, "move_ghost.square": ghosts, "to": squares,
                "rotation": [(r, tr("{rotation} degrees", rotation=r)) for r in (0, 90, 180, 270)]}
