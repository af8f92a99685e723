#!/usr/bin/env python3
"""Replays one game of `versus.py`, move by move, with what each side's search said.

The same seeded openings and the same `outflank best --level L` calls as versus.py (its
games are node-budgeted, so a replay plays the same moves), but every move is printed:
empties, side (A or B), colour, move, and `best`'s score (discs, for the side to move),
depth, nodes and ms. Scores that turn from a small deficit into a larger exact loss show
in which phase a game was lost.

    python3 tests/strength/replay.py --a NEW --b OLD --seed 5 --game 6
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength import ensure_venv, openings, square_name  # noqa: E402
from versus import add_players, best, final_diff  # noqa: E402


def main():
    ensure_venv()
    from rust_reversi import Board

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_players(ap)
    ap.add_argument("--game", type=int, required=True, help="versus.py's game number (odd: A dark)")
    args = ap.parse_args()

    # versus.py plays opening k as games 2k+1 (A dark) and 2k+2 (A light).
    pairs = (args.game + 1) // 2
    opening = list(openings(pairs, args.plies, args.seed))[pairs - 1]
    a_dark = args.game % 2 == 1
    board = Board()
    for sq in opening:
        board.do_move(sq)
    print(f"game {args.game}: {''.join(square_name(sq) for sq in opening)} A-{'dark' if a_dark else 'light'}", flush=True)
    dark_to_move = len(opening) % 2 == 0
    while not board.is_game_over():
        if board.is_pass():
            board.do_pass()
            dark_to_move = not dark_to_move
            continue
        side = "A" if dark_to_move == a_dark else "B"
        binary, level = (args.a, args.a_level) if side == "A" else (args.b, args.b_level)
        empties = 64 - board.black_piece_num() - board.white_piece_num()
        line = board.get_board_line()
        sq, score, depth, nodes, ms = best(binary, level, line, dark_to_move)
        print(f"{empties:2d} {side} {'X' if dark_to_move else 'O'} {square_name(sq)} {score} depth {depth} nodes {nodes} ms {ms}  {line}", flush=True)
        board.do_move(sq)
        dark_to_move = not dark_to_move
    diff = final_diff(board)
    print(f"A {diff if a_dark else -diff:+d}", flush=True)


if __name__ == "__main__":
    main()
