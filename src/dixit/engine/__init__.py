"""The Dixit rules engine: pure Python, standard library only, no I/O.

Everything else in the project (the server, the AI players, the command line)
imports this package; it imports nothing from them. A short tour::

    >>> from dixit.engine import Game, IllegalActionError, view
    >>> deck = [f"card-{i:03d}" for i in range(1, 85)]
    >>> game = Game("odyssey", ["ann", "bob", "cyd", "dan"], deck, seed=7,
    ...             options={"first_storyteller": "ann"})
    >>> game.phase.value, game.waiting_for()
    ('telling', ['ann'])
    >>> game.tell("ann", "lost at sea", game.hands[0][0])
    >>> try:
    ...     game.vote("bob", ["card-001"])
    ... except IllegalActionError as error:
    ...     print(error)
    round 1: bob cannot vote for card-001: the table is handing in
    >>> sorted(view(game, "bob"))[:3]
    ['board', 'choice', 'clue']
"""

from .actions import Action, HandIn, Tell, Vote, action_from_dict, action_to_dict
from .errors import (
    DixitError,
    IllegalActionError,
    IllegalRoundError,
    MalformedError,
    RecordError,
)
from .game import Choice, Game, Phase, RoundResult
from .records import RECORD_FORMAT, Replay, replay, replay_summary, score_round, to_record
from .variants import (
    VARIANTS,
    Classic,
    Odyssey,
    Options,
    Party,
    RoundFacts,
    Team,
    Variant,
    get_variant,
)
from .views import view

__all__ = [
    "RECORD_FORMAT",
    "VARIANTS",
    "Action",
    "Choice",
    "Classic",
    "DixitError",
    "Game",
    "HandIn",
    "IllegalActionError",
    "IllegalRoundError",
    "MalformedError",
    "Odyssey",
    "Options",
    "Party",
    "Phase",
    "RecordError",
    "Replay",
    "RoundFacts",
    "RoundResult",
    "Team",
    "Tell",
    "Variant",
    "Vote",
    "action_from_dict",
    "action_to_dict",
    "get_variant",
    "replay",
    "replay_summary",
    "score_round",
    "to_record",
    "view",
]
