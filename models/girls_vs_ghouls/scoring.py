"""Team scores: each team's VP cards plus 1 point per house it controls (closed
houses included). With a Reporter in the game (5 or 7 players) a tie means the
Reporter wins; without one, the team with more VP cards wins a tie.

The scoreboard's entries are the teams (``GIRLS``, ``GHOULS``); ``winners`` names
the winning team (or ``REPORTER``), and once identities are revealed the notes
say who was on which team. Scores are public: house control and VP cards lie
on the board for everyone to see."""
from __future__ import annotations

from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine
from .kit import GHOULS, GIRLS, REPORTER, TEAM_NAMES, TEAMS, Board
from .rules import has_reporter


def team_lines(state: dict[str, Any], team: str) -> list[ScoreLine]:
    lines = []
    for h, card in sorted(state["closed"].items(), key=lambda kv: kv[1]["round"]):
        if state["control"][h] == team:
            lines.append(ScoreLine(f"{card['points']} VP card (House {h}, round {card['round']})", card["points"]))
    for h in sorted(state["control"], key=int):
        if state["control"][h] == team:
            lines.append(ScoreLine(f"House {h} controlled" + (" (closed)" if h in state["closed"] else ""), 1))
    return lines


def vp_cards(state: dict[str, Any], team: str) -> int:
    return sum(1 for h in state["closed"] if state["control"][h] == team)


def scoreboard(board: Board, state: dict[str, Any]) -> Scoreboard:
    entries = {team: ScoreEntry.of(team_lines(state, team)) for team in TEAMS}
    final = state["phase"] == "over"
    notes: list[str] = []
    g, h = entries[GIRLS].total, entries[GHOULS].total
    tie = False
    if g != h:
        winners = [GIRLS if g > h else GHOULS]
    elif has_reporter(state):
        winners = [REPORTER]
        notes.append(f"The Girls and the Ghouls tie at {g}: the Reporter wins")
    else:
        cg, ch = vp_cards(state, GIRLS), vp_cards(state, GHOULS)
        if cg != ch:
            winners = [GIRLS if cg > ch else GHOULS]
            notes.append(f"The Girls and the Ghouls tie at {g}, and there is no Reporter: the "
                         f"{TEAM_NAMES[winners[0]]} win with more VP cards ({max(cg, ch)} to {min(cg, ch)})")
        else:
            winners, tie = [GIRLS, GHOULS], True
            notes.append(f"The Girls and the Ghouls tie at {g} with {cg} VP card{'s' if cg != 1 else ''} each")
    if state["identities"]:
        for team in (GIRLS, GHOULS, REPORTER):
            who = [p for p, c in state["identities"].items() if board.identities[c] == team]
            if who:
                notes.append(f"{TEAM_NAMES[team]}: {', '.join(who)}")
        if final:
            players = [p for p, c in state["identities"].items() if board.identities[c] in winners]
            if players and not tie:
                notes.append(f"Winners: {', '.join(players)}")
    if not final:
        notes.insert(0, "The game is not over: these are the scores if it ended now")
    teams = {p: board.identities[c] for p, c in state["identities"].items()}
    return Scoreboard(entries, winners, tie, final, notes, teams=teams)
