"""The two kinds of error the rules engine raises.

Both are :class:`ValueError` subclasses so that callers who only care that the
input was bad can catch one thing. Neither is ever raised after the game state
has been touched: an error always leaves the game as it was.
"""

from __future__ import annotations


class DixitError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class MalformedError(DixitError):
    """The input is not an action (or record, or round) at all.

    Examples: a message without a ``type``, a vote whose cards are not a list of
    strings, a record in an unknown format.
    """


class IllegalActionError(DixitError):
    """A well-formed action that the rules do not allow now.

    The message names the round, the seat, the card and the reason, e.g.
    ``round 3: bob cannot vote for card-017: it is a card they handed in``.
    """


class RecordError(DixitError):
    """A game record that cannot be replayed; the message names the first fault."""


class IllegalRoundError(IllegalActionError):
    """A whole round (as given to ``dixit score``) that the rules do not allow."""
