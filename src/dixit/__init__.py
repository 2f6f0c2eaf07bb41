"""Dixit online: the rules engine, AI players, decks and the table server."""

__version__ = "0.1.0"
