#!/usr/bin/env python3
"""Two Outflank binaries play each other: e.g. this commit's level 10 against another's.

Each move is one `outflank best --level L <board> <side>` call (fresh tables every move,
the same for both sides), so any two builds with `best` can meet. Random openings of --plies
moves (seeded, printed), each played twice with the colours swapped. Prints each game and
the running total: A's wins, draws, losses, points, disc difference (empties to the winner)
and, per side, the milliseconds and nodes per move that `best` reports.

    git worktree add --detach /tmp/old-outflank COMMIT
    (cd /tmp/old-outflank && CARGO_TARGET_DIR=/tmp/target-old cargo build --release -p outflank-engine --bin outflank)
    python3 tests/strength/versus.py --a target/release/outflank --b /tmp/target-old/release/outflank --games 40
"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength import ensure_venv, openings, square_name  # noqa: E402


def best(binary, level, line, dark):
    """`outflank best`'s answer for the side to move: the square (an index), the score
    (discs, as printed), the depth, the nodes and the milliseconds."""
    out = subprocess.run(
        [binary, "best", "--level", str(level), line, "X" if dark else "O"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    move, score, depth, nodes, ms = out[:5]
    return "abcdefgh".index(move[0]) + 8 * (int(move[1]) - 1), score, int(depth), int(nodes), int(ms)


def add_players(ap):
    """The two binaries, their levels and the openings: the options versus.py and replay.py share."""
    ap.add_argument("--a", required=True, help="binary A")
    ap.add_argument("--b", required=True, help="binary B")
    ap.add_argument("--a-level", type=int, default=10)
    ap.add_argument("--b-level", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=6)


def final_diff(board):
    """Dark's final disc difference, the empty squares to the winner."""
    dark, light = board.black_piece_num(), board.white_piece_num()
    empties = 64 - dark - light
    return dark - light + (empties if dark > light else -empties if light > dark else 0)


def main():
    ensure_venv()
    from rust_reversi import Board

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_players(ap)
    ap.add_argument("--games", type=int, default=40, help="games (rounded up to even)")
    args = ap.parse_args()

    pairs = (args.games + 1) // 2
    print(
        f"A {args.a} level {args.a_level} vs B {args.b} level {args.b_level}; "
        f"{pairs} openings of {args.plies} random plies, seed {args.seed}, both colours",
        flush=True,
    )
    wins = draws = losses = discs = 0
    spent = {"A": [0, 0, 0], "B": [0, 0, 0]}  # moves, nodes, ms
    started = time.perf_counter()
    for k, opening in enumerate(openings(pairs, args.plies, args.seed)):
        for a_dark in (True, False):
            board = Board()
            for sq in opening:
                board.do_move(sq)
            dark_to_move = len(opening) % 2 == 0
            while not board.is_game_over():
                if board.is_pass():
                    board.do_pass()
                    dark_to_move = not dark_to_move
                    continue
                side = "A" if dark_to_move == a_dark else "B"
                binary, level = (args.a, args.a_level) if side == "A" else (args.b, args.b_level)
                sq, _score, _depth, nodes, ms = best(binary, level, board.get_board_line(), dark_to_move)
                if not board.is_legal_move(sq):
                    sys.exit(f"{side} played illegal {square_name(sq)} in {board.get_board_line()}")
                board.do_move(sq)
                s = spent[side]
                s[0], s[1], s[2] = s[0] + 1, s[1] + nodes, s[2] + ms
                dark_to_move = not dark_to_move
            diff = final_diff(board)
            for_a = diff if a_dark else -diff
            wins, draws, losses = wins + (for_a > 0), draws + (for_a == 0), losses + (for_a < 0)
            discs += for_a
            record = "".join(square_name(sq) for sq in opening)
            print(f"game {2 * k + (0 if a_dark else 1) + 1}: {record} A-{'dark' if a_dark else 'light'} {for_a:+d}", flush=True)
            # The running total after every game, so a run stopped early still has its figures.
            games = wins + draws + losses
            points = wins + draws / 2
            a, b = spent["A"], spent["B"]
            print(
                f"A vs B: {games} games, W-D-L {wins}-{draws}-{losses}, points {points:g} ({100 * points / games:.1f}%), "
                f"discs {discs:+d} ({discs / games:+.1f} a game); per move A {a[2] / max(1, a[0]):.0f} ms "
                f"{a[1] // max(1, a[0])} nodes, B {b[2] / max(1, b[0]):.0f} ms {b[1] // max(1, b[0])} nodes; "
                f"{time.perf_counter() - started:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
