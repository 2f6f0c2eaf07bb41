"""AI players. Each bot sees exactly what a human in its seat sees: a view."""

from .random_player import RandomPlayer

__all__ = ["RandomPlayer"]
