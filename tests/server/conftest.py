"""One real `dixit serve` process per test module, on a free port and a fresh data folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .wire import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("server")).start()
    yield running
    running.stop()
    assert running.proc is not None
    assert running.proc.returncode == 0, running.log.read_text()
