"""The event writer: stores events on a thread of its own, then lets them be sent.

Tables change on the event loop, but nobody hears of a change before it is
stored. Storing on the loop would stop every table while the disk is slow;
here the loop hands each batch of work (the events one message produced, and
the frames to send because of them) to this thread, which commits many
batches in one transaction (group commit) and gives them back, in order, to
be sent. Work without events (an error, a presence change) still queues
behind earlier work, so each socket receives everything in order.

If a write fails, the batch's tables are marked broken: their later batches
are dropped until the hub has rebuilt them from what was stored and said so
with :meth:`EventWriter.reset`.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .storage import Store

__all__ = ["Batch", "EventWriter"]

log = logging.getLogger("dixit.server")

Row = tuple[int, int, str, dict[str, Any]]
#: a batch slower than this to store (seconds) is logged
SLOW_STORAGE = 0.05
#: at most this many batches go into one transaction
GROUP = 256


@dataclass(slots=True)
class Batch:
    """What one message (or timer, or AI move) produced."""

    rows: list[Row] = field(default_factory=list)
    #: run on the loop once the rows are stored (sends frames), or with the error
    done: Callable[[BaseException | None], None] | None = None
    #: a table id whose broken mark this batch clears (see :meth:`EventWriter.reset`)
    reset: int | None = None


class EventWriter:
    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop) -> None:
        self.store = store
        self.loop = loop
        self.pending = 0
        self._queue: queue.SimpleQueue[Batch | None] = queue.SimpleQueue()
        self._broken: set[int] = set()
        self._thread = threading.Thread(target=self._run, name="dixit-event-writer", daemon=True)
        self._thread.start()

    def submit(self, batch: Batch) -> None:
        self.pending += 1
        self._queue.put(batch)

    def reset(self, table_id: int) -> None:
        """The hub rebuilt this table from the store: accept its events again."""
        self.submit(Batch(reset=table_id))

    def close(self, timeout: float = 10.0) -> None:
        self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batches = [first]
            stop = False
            while len(batches) < GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batches.append(more)
            outcome = self._store(batches)
            self.loop.call_soon_threadsafe(self._finish, batches, outcome)
            if stop:
                return

    def _store(self, batches: list[Batch]) -> list[BaseException | None]:
        """Store every batch's rows; the error of each batch that failed."""
        outcome: list[BaseException | None] = [None] * len(batches)
        live: list[int] = []
        for i, batch in enumerate(batches):
            if batch.reset is not None:
                self._broken.discard(batch.reset)
            elif any(row[0] in self._broken for row in batch.rows):
                outcome[i] = RuntimeError("the table is being rebuilt")
            elif batch.rows:
                live.append(i)
        rows = [row for i in live for row in batches[i].rows]
        if not rows:
            return outcome
        started = time.perf_counter()
        try:
            self.store.append_many(rows)
        except Exception:
            # Find the batches at fault: one transaction each.
            for i in live:
                if any(row[0] in self._broken for row in batches[i].rows):
                    outcome[i] = RuntimeError("the table is being rebuilt")
                    continue
                try:
                    self.store.append_many(batches[i].rows)
                except Exception as error:
                    log.exception("storing events failed")
                    outcome[i] = error
                    self._broken.update(row[0] for row in batches[i].rows)
        spent = time.perf_counter() - started
        if spent > SLOW_STORAGE:
            log.warning("storing %d events took %.0f ms", len(rows), spent * 1000)
        return outcome

    def _finish(self, batches: list[Batch], outcome: list[BaseException | None]) -> None:
        for batch, error in zip(batches, outcome, strict=True):
            self.pending -= 1
            if batch.done is not None:
                try:
                    batch.done(error)
                except Exception:
                    log.exception("sending after a write failed")
