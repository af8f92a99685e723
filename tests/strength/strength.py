#!/usr/bin/env python3
"""Outflank against third-party Reversi engines from the Python package index.

Plays Outflank's `outflank nboard --level N` (one persistent process per match, spoken to
in the NBoard protocol) against:

  ab6      rust-reversi's AlphaBetaSearch at depth 6 over its MatrixEvaluator (with the
           classic square-weight table below)
  mcts     rust-reversi's MctsSearch (--mcts-playouts playouts a move, c = 1.0, expand
           threshold 10: the values its documentation calls common)
  divzero  reversi42's strongest gladiator, DIVZERO.EXE (its own YAML configuration:
           depth 8/12/16 by phase, opening book, parallel search)

from random openings of --plies moves (seeded; each opening is played twice, Outflank
dark then light), and prints per game and per opponent: Outflank's wins, draws and losses,
its share of the points, its mean disc difference (empties go to the winner) and each
side's mean wall-clock time per move.

The first run creates tests/strength/.venv (git-ignored) and installs the two packages
there with pip; later runs reuse it. Outflank is built with cargo (release) unless
--outflank names a binary.

    python3 tests/strength/strength.py --smoke               # 2 quick games a opponent, level 2
    python3 tests/strength/strength.py --games 20 --opponents ab6,mcts
    python3 tests/strength/strength.py --games 2 --opponents divzero
"""

import argparse
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(HERE, ".venv")
PACKAGES = ["rust-reversi==1.4.4", "reversi42==7.0.13"]


def ensure_venv():
    """Re-runs this script inside tests/strength/.venv, creating it first if needed."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print(f"creating {VENV} and installing {' '.join(PACKAGES)}", file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "-q", *PACKAGES])
    os.execv(python, [python, os.path.abspath(sys.argv[0]), *sys.argv[1:]])


# A common hand-made square-weight table (corners good, X and C squares bad), the kind of
# matrix rust-reversi's MatrixEvaluator is meant for.
MATRIX = [
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [100, -20, 10, 5, 5, 10, -20, 100],
]


def square_name(i):
    return "abcdefgh"[i % 8] + str(i // 8 + 1)


class Outflank:
    """`outflank nboard --level N`, kept running for a whole match."""

    def __init__(self, binary, level):
        self.proc = subprocess.Popen(
            [binary, "nboard", "--level", str(level)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("nboard 2")
        self.expect("set myname")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("outflank exited")
            line = line.strip()
            if line.startswith("status cannot") or line.startswith("status bad"):
                raise RuntimeError(f"outflank: {line}")
            if line.startswith(prefix):
                return line

    def new_game(self, opening):
        start = "-" * 27 + "O*------*O" + "-" * 27
        moves = "".join(f"{'BW'[k % 2]}[{square_name(sq).upper()}]" for k, sq in enumerate(opening))
        self.send(f"set game (;GM[Othello]PC[strength]TY[8]BO[8 {start} *]{moves};)")
        self.send("ping 0")
        self.expect("pong")

    def played(self, sq):
        self.send("move " + ("PA" if sq is None else square_name(sq).upper()))

    def choose(self):
        self.send("go")
        line = self.expect("===")
        move = line.split()[1].split("/")[0].lower()
        return "abcdefgh".index(move[0]) + 8 * (int(move[1]) - 1)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class RustReversi:
    def __init__(self, kind, playouts):
        import rust_reversi as rr

        if kind == "ab6":
            self.search = rr.AlphaBetaSearch(rr.MatrixEvaluator(MATRIX), 6, 1 << 20)
        else:
            self.search = rr.MctsSearch(playouts, 1.0, 10)

    def new_game(self, opening):
        pass

    def played(self, sq):
        pass

    def choose(self, board):
        return self.search.get_move(board)


class Reversi42:
    """reversi42's gladiator, fed the game through its own Game class."""

    def __init__(self, name):
        import logging

        logging.disable(logging.CRITICAL)
        from Players.config.registry import PlayerRegistry

        config = os.path.join(VENV, "share", "reversi42", "config", "players", "enabled")
        self.registry = PlayerRegistry(config_dir=config)
        self.name = name

    def new_game(self, opening):
        from Reversi.Game import Game

        self.game = Game(8)
        for sq in opening:
            self.played(sq)

    def played(self, sq):
        from Reversi.Game import Move

        if sq is None:
            self.game.pass_turn()
        else:
            self.game.move(Move(sq % 8 + 1, sq // 8 + 1))

    def prepare(self):
        # A fresh player for every move: reversi42 7.0.13's iterative deepening keeps the
        # deepest depth it reached (`max_depth_reached`) from one call to the next and then
        # answers the next position with the previous search's move, without searching.
        self.player = self.registry.create_player(self.name, cached=False)

    def choose(self, board):
        move = self.player.get_move(self.game, self.game.get_move_list())
        return (move.y - 1) * 8 + (move.x - 1)


def openings(count, plies, seed):
    """`count` different random openings of `plies` legal moves (no passes)."""
    from rust_reversi import Board

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board, line = Board(), []
        for _ in range(plies):
            sq = rng.choice(board.get_legal_moves_vec())
            board.do_move(sq)
            line.append(sq)
        if line not in out:
            out.append(line)
    return out


def play(outflank, opponent, opening, outflank_dark, log=None):
    """One game; returns (Outflank's disc difference, its times, the opponent's times)."""
    from rust_reversi import Board

    board = Board()
    for sq in opening:
        board.do_move(sq)
    outflank.new_game(opening)
    opponent.new_game(opening)
    times = {True: [], False: []}
    dark_to_move = len(opening) % 2 == 0
    while not board.is_game_over():
        if board.is_pass():
            board.do_pass()
            outflank.played(None)
            opponent.played(None)
            dark_to_move = not dark_to_move
            continue
        ours = dark_to_move == outflank_dark
        if not ours and hasattr(opponent, "prepare"):
            opponent.prepare()  # not timed
        start = time.perf_counter()
        sq = outflank.choose() if ours else opponent.choose(board.clone())
        times[ours].append(time.perf_counter() - start)
        if log:
            log.write(f"  {'outflank' if ours else 'opponent'} {square_name(sq)} {1000 * times[ours][-1]:.0f} ms\n")
        if not board.is_legal_move(sq):
            raise RuntimeError(f"{'outflank' if ours else 'the opponent'} played illegal {square_name(sq)}")
        board.do_move(sq)
        # Both follow every move (Outflank's `go` answers with a move without playing it).
        outflank.played(sq)
        opponent.played(sq)
        dark_to_move = not dark_to_move
    dark, light = board.black_piece_num(), board.white_piece_num()
    empties = 64 - dark - light
    diff = dark - light + (empties if dark > light else -empties if light > dark else 0)
    return (diff if outflank_dark else -diff), times[True], times[False]


def main():
    ensure_venv()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponents", default="ab6,mcts,divzero", help="comma-separated: ab6, mcts, divzero")
    ap.add_argument("--games", type=int, default=20, help="games per opponent (rounded up to even)")
    ap.add_argument("--level", type=int, default=10, help="Outflank's level")
    ap.add_argument("--seed", type=int, default=1, help="seed of the openings")
    ap.add_argument("--plies", type=int, default=6, help="random moves in each opening")
    ap.add_argument("--mcts-playouts", type=int, help="rust-reversi MCTS playouts a move (default 50,000; 5,000 with --smoke)")
    ap.add_argument("--outflank", help="the outflank binary (default: build it with cargo)")
    ap.add_argument("--smoke", action="store_true", help="2 games per opponent at level 2, divzero skipped")
    ap.add_argument("--verbose", action="store_true", help="print every move and its time")
    args = ap.parse_args()
    args.mcts_playouts = args.mcts_playouts or (5_000 if args.smoke else 50_000)
    if args.smoke:
        args.games, args.level = 2, 2
        args.opponents = ",".join(o for o in args.opponents.split(",") if o != "divzero") or "ab6"

    binary = args.outflank
    if binary is None:
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        subprocess.check_call(
            ["cargo", "build", "--release", "-q", "-p", "outflank-engine", "--bin", "outflank"], cwd=ROOT
        )
        binary = os.path.join(target, "release", "outflank")

    # reversi42 prints its thinking on stdout (its worker processes too): send fd 1 to
    # /dev/null and write the results to a copy of the real stdout.
    out = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)

    pairs = (args.games + 1) // 2
    lines = openings(pairs, args.plies, args.seed)
    out.write(
        f"Outflank level {args.level} ({binary}); openings: {pairs} x {args.plies} random plies, seed {args.seed}, "
        f"each played with both colours; mcts playouts {args.mcts_playouts}\n"
    )
    summaries = []
    for name in args.opponents.split(","):
        if name in ("ab6", "mcts"):
            opponent = RustReversi(name, args.mcts_playouts)
        elif name == "divzero":
            opponent = Reversi42("DIVZERO.EXE")
        else:
            sys.exit(f"unknown opponent {name!r}: ab6, mcts or divzero")
        outflank = Outflank(binary, args.level)
        wins = draws = losses = 0
        discs = 0
        ours, theirs = [], []
        started = time.perf_counter()
        for k, opening in enumerate(lines):
            for dark in (True, False):
                diff, t_ours, t_theirs = play(outflank, opponent, opening, dark, out if args.verbose else None)
                ours += t_ours
                theirs += t_theirs
                discs += diff
                wins, draws, losses = wins + (diff > 0), draws + (diff == 0), losses + (diff < 0)
                record = "".join(square_name(sq) for sq in opening)
                out.write(
                    f"{name} game {2 * k + (0 if dark else 1) + 1}: opening {record}, outflank {'dark' if dark else 'light'}: "
                    f"{diff:+d}  ({1000 * sum(t_ours) / max(1, len(t_ours)):.0f} / "
                    f"{1000 * sum(t_theirs) / max(1, len(t_theirs)):.0f} ms a move)\n"
                )
        outflank.close()
        games = wins + draws + losses
        points = wins + draws / 2
        summary = (
            f"level {args.level} vs {name}: {games} games, W-D-L {wins}-{draws}-{losses}, "
            f"points {points:g} ({100 * points / games:.1f}%), mean discs {discs / games:+.1f}, "
            f"ms/move outflank {1000 * sum(ours) / max(1, len(ours)):.0f} vs {name} "
            f"{1000 * sum(theirs) / max(1, len(theirs)):.0f}  ({time.perf_counter() - started:.0f} s)"
        )
        out.write(summary + "\n")
        summaries.append(summary)
    if len(summaries) > 1:
        out.write("\n".join(summaries) + "\n")


if __name__ == "__main__":
    main()
