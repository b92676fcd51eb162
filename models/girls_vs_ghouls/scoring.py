"""Team scores: each team's VP cards plus 1 point per house it controls (closed
houses included). With a Reporter in the game (5 or 7 players) a tie means the
Reporter wins; without one, the team with more VP cards wins a tie.

The scoreboard's entries are the teams (``GIRLS``, ``GHOULS``); ``winners`` names
the winning team (or ``REPORTER``), ``labels`` names them as the players say
them, and once identities are revealed the notes say who was on which team.
Scores are public: house control and VP cards lie on the board for everyone to see."""
from __future__ import annotations

from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine
from ..text import tr, trn
from .kit import GHOULS, GIRLS, REPORTER, TEAM_NAMES, TEAMS, Board
from .rules import has_reporter


def team_lines(state: dict[str, Any], team: str) -> list[ScoreLine]:
    lines = []
    for h, card in sorted(state["closed"].items(), key=lambda kv: kv[1]["round"]):
        if state["control"][h] == team:
            lines.append(ScoreLine(tr("{points} VP card (House {house}, round {round})", points=card["points"],
                                      house=int(h), round=card["round"]), card["points"]))
    for h in sorted(state["control"], key=int):
        if state["control"][h] == team and h in state["closed"]:
            lines.append(ScoreLine(tr("House {house} controlled (closed)", house=int(h)), 1))
        elif state["control"][h] == team:
            lines.append(ScoreLine(tr("House {house} controlled", house=int(h)), 1))
    return lines


def vp_cards(state: dict[str, Any], team: str) -> int:
    return sum(1 for h in state["closed"] if state["control"][h] == team)


def scoreboard(game: Any, state: dict[str, Any]) -> Scoreboard:
    board: Board = game.board
    entries = {team: ScoreEntry.of(team_lines(state, team)) for team in TEAMS}
    final = state["phase"] == "over"
    notes: list[str] = []
    g, h = entries[GIRLS].total, entries[GHOULS].total
    tie = False
    if g != h:
        winners = [GIRLS if g > h else GHOULS]
    elif has_reporter(state):
        winners = [REPORTER]
        notes.append(tr("The Girls and the Ghouls tie at {points}: the Reporter wins", points=g))
    else:
        cg, ch = vp_cards(state, GIRLS), vp_cards(state, GHOULS)
        if cg != ch:
            winners = [GIRLS if cg > ch else GHOULS]
            if winners[0] == GIRLS:
                notes.append(tr("The Girls and the Ghouls tie at {points}, and there is no Reporter: the Girls win "
                                "with more VP cards ({more} to {fewer})", points=g, more=cg, fewer=ch))
            else:
                notes.append(tr("The Girls and the Ghouls tie at {points}, and there is no Reporter: the Ghouls win "
                                "with more VP cards ({more} to {fewer})", points=g, more=ch, fewer=cg))
        else:
            winners, tie = [GIRLS, GHOULS], True
            notes.append(trn("The Girls and the Ghouls tie at {points} with {n} VP card each",
                             "The Girls and the Ghouls tie at {points} with {n} VP cards each", cg, points=g))
    if state["identities"]:
        for team in (GIRLS, GHOULS, REPORTER):
            who = [p for p, c in state["identities"].items() if board.identities[c] == team]
            if who:
                notes.append(tr("{team}: {players}", team=TEAM_NAMES[team], players=", ".join(who)))
        if final:
            players = [p for p, c in state["identities"].items() if board.identities[c] in winners]
            if players and not tie:
                notes.append(tr("Winners: {players}", players=", ".join(players)))
    if not final:
        notes.insert(0, tr("The game is not over: these are the scores if it ended now"))
    teams = {p: board.identities[c] for p, c in state["identities"].items()}
    return Scoreboard(entries, winners, tie, final, notes, teams=teams, labels=dict(TEAM_NAMES))
