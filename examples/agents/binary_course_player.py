#!/usr/bin/env python3
"""A Binary Game player speaking the course's text protocol, as the assignment's a3.py does.

The playground seats such a program, unchanged, as `course-program:COMMAND` (docs/agent-protocol.md):
    playground binary play --agents 'course-program:python3 examples/agents/binary_course_player.py,solver' \
        --width 4 --height 4 --format text

Commands, one per line: game n m, show, play x y d, legal x y d, genmove, winner, loadpatterns FILE,
policy_moves, help, exit. A command that works prints its answer, then "= 1" and an empty line; one that fails
prints "= -1" and an empty line (its message on stderr). `genmove` draws from the pattern policy: each legal move
weighs its row pattern's weight plus its column pattern's (10 when none matches). Give a pattern file as the
first argument to load it at start (policies/binary/learned.txt is the playground's learned one).
Only the standard library: copy it and change `move_weight` or `genmove`.
"""
import random
import sys

DEFAULT_WEIGHT = 10


class Board:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.points = {}  # (x, y) -> 0 or 1

    def to_move(self):
        return len(self.points) % 2  # 0: the course's player 1

    def at(self, x, y):
        """'0', '1', '.' (empty) or 'X' (off the board), as the patterns write points."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "X"
        d = self.points.get((x, y))
        return "." if d is None else str(d)

    def why_illegal(self, x, y, d):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "wrong coordinate"
        if d not in (0, 1):
            return "wrong number"
        if (x, y) in self.points:
            return "occupied"
        self.points[(x, y)] = d
        try:
            row = "".join(self.at(i, y) for i in range(self.width))
            column = "".join(self.at(x, j) for j in range(self.height))
            if str(d) * 3 in row or str(d) * 3 in column:
                return "three in a row"
            if row.count(str(d)) > (self.width + 1) // 2 or column.count(str(d)) > (self.height + 1) // 2:
                return f"too many {d}"
            return None
        finally:
            del self.points[(x, y)]

    def legal_moves(self):
        return [(x, y, d) for x in range(self.width) for y in range(self.height) for d in (0, 1)
                if self.why_illegal(x, y, d) is None]


class Player:
    def __init__(self):
        self.board = Board(1, 1)
        self.patterns = {}  # (pattern, digit) -> weight
        self.rng = random.Random(0)

    def move_weight(self, x, y, d):
        row = "".join(self.board.at(x + i, y) for i in range(-2, 3))
        column = "".join(self.board.at(x, y + i) for i in range(-2, 3))
        weight = 0
        for line in (row, column):
            weight += self.patterns.get((line, d), self.patterns.get((line[::-1], d), DEFAULT_WEIGHT))
        return weight

    def policy(self):
        moves = self.board.legal_moves()
        weights = [self.move_weight(*m) for m in moves]
        total = sum(weights)
        return [(m, w / total) for m, w in zip(moves, weights)]

    # The commands: each returns its answer's lines, or raises ValueError for "= -1".
    def game(self, n, m):
        self.board = Board(int(n), int(m))
        return []

    def show(self):
        return ["".join(self.board.at(x, y) for x in range(self.board.width)) for y in range(self.board.height)]

    def legal(self, x, y, d):
        return ["yes" if self.board.why_illegal(int(x), int(y), int(d)) is None else "no"]

    def genmove(self):
        policy = self.policy()
        if not policy:
            return ["resign"]
        moves, probabilities = zip(*policy)
        x, y, d = self.rng.choices(moves, probabilities)[0]
        self.board.points[(x, y)] = d
        return [f"{x} {y} {d}"]

    def winner(self):
        if self.board.legal_moves():
            return ["unfinished"]
        return ["2" if self.board.to_move() == 0 else "1"]

    def loadpatterns(self, path):
        patterns = {}
        with open(path) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    pattern, digit, weight = line.split()
                    patterns[(pattern, int(digit))] = float(weight)
        self.patterns = patterns
        return []

    def policy_moves(self):
        return [" ".join(f"{x} {y} {d} {round(p, 3):g}" for (x, y, d), p in self.policy())]

    def help(self):
        return ["game", "show", "play", "legal", "genmove", "winner", "loadpatterns", "policy_moves", "exit"]

    def execute(self, line):
        words = line.split()
        if not words:
            return True
        command, args = words[0].lower(), words[1:]
        if command == "exit":
            print("= 1\n", flush=True)
            return False
        if command == "play":
            reason = "wrong number of arguments" if len(args) != 3 else None
            try:
                reason = reason or self.board.why_illegal(int(args[0]), int(args[1]), int(args[2]))
            except ValueError:
                reason = "wrong coordinate"
            if reason:
                print(f"= illegal move: {' '.join(args)} {reason}\n", flush=True)
                return True
            self.board.points[(int(args[0]), int(args[1]))] = int(args[2])
            print("= 1\n", flush=True)
            return True
        handler = getattr(self, command, None) if command in self.help() + ["help"] else None
        try:
            if handler is None:
                raise ValueError(f"unknown command '{command}'")
            for answer_line in handler(*args):
                print(answer_line)
            print("= 1\n", flush=True)
        except (ValueError, TypeError, OSError) as e:
            print(f"command '{line.strip()}' failed: {e}", file=sys.stderr)
            print("= -1\n", flush=True)
        return True


def main():
    player = Player()
    if len(sys.argv) > 1:
        player.loadpatterns(sys.argv[1])
    for line in sys.stdin:
        if not player.execute(line):
            return


if __name__ == "__main__":
    main()
