"""Token buckets: how often a socket may send, and an address may create tables."""

from __future__ import annotations

import time

__all__ = ["PerAddress", "TokenBucket"]


class TokenBucket:
    """``rate`` takes per second on average, with bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """False when the bucket is empty: the caller is going too fast."""
        self.refill(time.monotonic())
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PerAddress:
    """One bucket per client address; addresses whose bucket is full again are forgotten."""

    def __init__(self, rate: float, burst: float, remember: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.remember = remember
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.remember:
                self._forget()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.take()

    def _forget(self) -> None:
        now = time.monotonic()
        for address, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.burst:
                del self.buckets[address]
        if len(self.buckets) >= self.remember:  # all busy: start again rather than grow
            self.buckets.clear()
