"""The homework's `zuma` module on the playground's engine: put this file beside your ex3.py (in place of the
course's zuma.py) and `import zuma` gives our Game and create_zuma_game, same methods, same random stream.
Needs the rlplayground module (docs/python.md)."""

from rlplayground.zuma import Game, create_zuma_game  # noqa: F401
