"""The one error a deck raises: a :class:`dixit.engine.DixitError` naming the file and the fault."""

from __future__ import annotations

from dixit.engine import DixitError


class DeckError(DixitError):
    """A deck (or one of its files) that cannot be used.

    The message names the file and what is wrong with it, e.g.
    ``photos/cat.svg: SVG images are not accepted (they can carry scripts)``.
    Raised before anything is written, so a failed import leaves the library as it was.
    """
