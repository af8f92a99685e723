#!/usr/bin/env python3
"""Fixed midgame positions for speed figures: random legal play from the start position
(10, 16, 22, 28 and 34 plies, seeds 1-5), printed as `BOARD SIDE` for `outflank best`.
The same every run (Python's seeded `random`). `--more` prints 24 others instead (10 to 32
plies, seeds 100-123), for the time to a fixed depth (`engine/examples/depth.rs`)."""
import random
import sys

D = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def flips(b, sq, me):
    other = "O" if me == "X" else "X"
    x, y = sq % 8, sq // 8
    out = []
    for dx, dy in D:
        i, j, line = x + dx, y + dy, []
        while 0 <= i < 8 and 0 <= j < 8 and b[j * 8 + i] == other:
            line.append(j * 8 + i)
            i, j = i + dx, j + dy
        if line and 0 <= i < 8 and 0 <= j < 8 and b[j * 8 + i] == me:
            out += line
    return out


def position(plies, seed):
    r = random.Random(seed)
    b = ["-"] * 64
    b[27] = b[36] = "O"
    b[28] = b[35] = "X"
    me = "X"
    for _ in range(plies):
        moves = [s for s in range(64) if b[s] == "-" and flips(b, s, me)]
        if moves:
            s = r.choice(moves)
            for f in flips(b, s, me) + [s]:
                b[f] = me
        me = "O" if me == "X" else "X"
    return "".join(b), me


if "--more" in sys.argv[1:]:
    for k in range(24):
        print(*position(10 + 2 * (k % 12), 100 + k))
else:
    for plies, seed in [(10, 1), (16, 2), (22, 3), (28, 4), (34, 5)]:
        print(*position(plies, seed))
    print("--------------X-----XXO---XXXO----OXXO-----O-X------------------ O")
