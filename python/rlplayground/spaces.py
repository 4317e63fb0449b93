"""The action and observation spaces: Gymnasium's when it can be imported, else small local twins.

Discrete(n) holds the integers 0..n-1 (the action indices); Box(low, high, shape, dtype) holds arrays of that
shape and dtype within the bounds (the observations). Both have ``contains``, ``sample``, ``seed``, ``shape``,
``dtype`` and ``np_random`` as Gymnasium's do. Discrete.sample(mask=...) takes our action masks, arrays of
bool, as well as Gymnasium's int8 masks.
"""

import numpy as np

try:  # Gymnasium is optional: where it imports, our spaces are its spaces (its checkers then accept them).
    import gymnasium.spaces as _gym_spaces
except ImportError:
    _gym_spaces = None


def _as_int8_mask(mask, n):
    """A mask over n actions as Gymnasium wants it (int8 of 0s and 1s), from bool or int8."""
    mask = np.asarray(mask)
    if mask.shape != (n,):
        raise ValueError(f"the mask must have shape ({n},), one entry per action, got {mask.shape}")
    if mask.dtype != np.bool_ and mask.dtype != np.int8:
        raise ValueError(f"the mask must be an array of bool or int8, got {mask.dtype}")
    if mask.dtype == np.int8 and not np.all((mask == 0) | (mask == 1)):
        raise ValueError("an int8 mask must hold only 0s and 1s")
    return mask.astype(np.int8)


if _gym_spaces is not None:

    class Discrete(_gym_spaces.Discrete):
        """Gymnasium's Discrete, whose sample also takes a bool mask (info["action_mask"])."""

        def sample(self, mask=None, *args, **kwargs):
            if mask is not None:
                mask = _as_int8_mask(mask, int(self.n))
            return super().sample(mask, *args, **kwargs)

    class Box(_gym_spaces.Box):
        """Gymnasium's Box."""

else:

    class _Space:
        def __init__(self, shape, dtype, seed=None):
            self._shape = tuple(shape)
            self.dtype = np.dtype(dtype)
            self._np_random = None
            if seed is not None:
                self.seed(seed)

        @property
        def shape(self):
            return self._shape

        @property
        def np_random(self):
            """The space's random generator, seeded from the system's entropy on first use unless seed() was called."""
            if self._np_random is None:
                self.seed()
            return self._np_random

        def seed(self, seed=None):
            """Seeds sample(); returns the seeds used, as Gymnasium does."""
            seed_sequence = np.random.SeedSequence(seed)
            self._np_random = np.random.Generator(np.random.PCG64(seed_sequence))
            return [seed_sequence.entropy if seed is None else seed]

        def __contains__(self, x):
            return self.contains(x)

    class Discrete(_Space):
        """The integers start..start+n-1 (here always 0..n-1: the action indices)."""

        def __init__(self, n, seed=None, start=0):
            if int(n) <= 0:
                raise ValueError(f"a Discrete space needs n > 0, got {n}")
            self.n = np.int64(n)
            self.start = np.int64(start)
            super().__init__((), np.int64, seed)

        def sample(self, mask=None):
            """A uniform draw; with a mask, among the actions whose entry is True (or 1). With no action
            allowed, ``start``, as Gymnasium returns."""
            if mask is None:
                return np.int64(self.start + self.np_random.integers(self.n))
            allowed = np.flatnonzero(_as_int8_mask(mask, int(self.n)))
            if allowed.size == 0:
                return self.start
            return np.int64(self.start + self.np_random.choice(allowed))

        def contains(self, x):
            if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
                value = int(x)
            elif isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                value = int(x)
            else:
                return False
            return bool(self.start <= value < self.start + self.n)

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

        def __repr__(self):
            return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

    class Box(_Space):
        """Arrays of one shape and dtype, each value within [low, high] (bounds may be infinite)."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            dtype = np.dtype(dtype)
            if shape is None:
                shape = np.shape(low)
            self.low = np.full(shape, low, dtype=dtype) if np.isscalar(low) else np.asarray(low, dtype=dtype)
            self.high = np.full(shape, high, dtype=dtype) if np.isscalar(high) else np.asarray(high, dtype=dtype)
            if self.low.shape != tuple(shape) or self.high.shape != tuple(shape):
                raise ValueError(f"low and high must have the shape {tuple(shape)}")
            if np.any(self.low > self.high):
                raise ValueError("low must not exceed high")
            super().__init__(shape, dtype, seed)

        def contains(self, x):
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (ValueError, TypeError):
                    return False
            return bool(
                np.can_cast(x.dtype, self.dtype)
                and x.shape == self.shape
                and np.all(x >= self.low)
                and np.all(x <= self.high)
            )

        def sample(self):
            """Uniform within finite bounds, exponential from one finite bound, normal where both are infinite."""
            low, high = self.low.astype(np.float64), self.high.astype(np.float64)
            bounded_below, bounded_above = np.isfinite(low), np.isfinite(high)
            value = self.np_random.normal(size=self.shape)
            below_only = bounded_below & ~bounded_above
            above_only = ~bounded_below & bounded_above
            both = bounded_below & bounded_above
            value[below_only] = low[below_only] + self.np_random.exponential(size=int(below_only.sum()))
            value[above_only] = high[above_only] - self.np_random.exponential(size=int(above_only.sum()))
            value[both] = self.np_random.uniform(low[both], high[both])
            return value.astype(self.dtype)

        def __eq__(self, other):
            return (
                isinstance(other, Box)
                and self.shape == other.shape
                and self.dtype == other.dtype
                and np.array_equal(self.low, other.low)
                and np.array_equal(self.high, other.high)
            )

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


def gymnasium_available():
    """True when Gymnasium imports here (our spaces then derive from its)."""
    return _gym_spaces is not None
