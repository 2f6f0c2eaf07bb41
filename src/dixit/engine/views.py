"""What one seat may see: the only way game state leaves the server.

:func:`view` builds, from the full state, a plain JSON-ready dict holding
exactly what the player in one seat (or a spectator, ``player=None``) may know
now. It never contains another seat's hand, the draw pile, the seed, who
handed in which card before the reveal, the storyteller's card before the
reveal (except to the storyteller), or any vote before all votes are in.
In ``party`` the storyteller sees no hand until the clue is given; in ``team``
partners do not see each other's hands.
"""

from __future__ import annotations

from typing import Any

from .game import Game, Phase

__all__ = ["view"]


def view(game: Game, player: str | None = None, *, history: bool = True) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may know of ``game`` now.

    ``history=False`` leaves out ``history``, the public recap of every past
    round, for callers that send it once rather than with every update.
    """
    seat = game.seat_of.get(player) if player is not None else None
    names = game.players
    phase = game.phase
    in_round = phase in (Phase.TELLING, Phase.HANDING_IN, Phase.VOTING)
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "options": {k: v for k, v in game.options.to_dict().items() if k != "first_storyteller"},
        "players": list(names),
        "you": names[seat] if seat is not None else None,
        "seat": seat,
        "round": game.round_number,
        "phase": phase.value,
        "storyteller": names[game.storyteller],
        "clue": game.clue if in_round else None,
        "scores": game.score_dict(),
        "target_score": game.options.target_score,
        "hand_size": game.hand_size,
        "hand_in_count": game.hand_in_count,
        "max_votes": game.max_votes,
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discard_pile),
        "waiting_for": game.waiting_for(),
        "handed_in": [names[s] for s in game.handed_in] if in_round else [],
        "board": list(game.board) if phase is Phase.VOTING else [],
        "voters": game.voters() if phase is Phase.VOTING else [],
        "voted": [names[s] for s in game.votes] if phase is Phase.VOTING else [],
        "finished": game.finished,
        "winners": game.winners(),
    }
    if history:
        out["history"] = [result.to_dict() for result in game.history]
    if game.team_of:
        out["teams"] = [
            {"name": name, "players": [names[t], names[t + len(names) // 2]]}
            for t, name in enumerate(game.team_names)
        ]
        out["team"] = game.team_names[game.team_of[seat]] if seat is not None else None
    out.update(_private(game, seat, in_round))
    return out


def _private(game: Game, seat: int | None, in_round: bool) -> dict[str, Any]:
    """The part of a view that only the seat itself may know."""
    hand: list[str] = []
    hand_hidden = False
    handed: list[str] = []
    vote: list[str] = []
    red: str | None = None
    choice = None
    if seat is not None:
        hand_hidden = (
            game.variant.clue_first and game.phase is Phase.TELLING and seat == game.storyteller
        )
        hand = [] if hand_hidden else list(game.hands[seat])
        if in_round:
            handed = list(game.handed_in.get(seat, ()))
            if seat == game.storyteller and game.storyteller_card is not None and not handed:
                handed = [game.storyteller_card]
            vote = list(game.votes.get(seat, ()))
            if seat == game.storyteller and game.variant.everyone_votes:
                red = game.red
        found = game.choice(game.players[seat])
        choice = found.to_dict() if found is not None else None
    return {
        "hand": hand,
        "hand_hidden": hand_hidden,
        "your_cards": handed,
        "your_vote": vote,
        "your_red": red,
        "choice": choice,
    }
