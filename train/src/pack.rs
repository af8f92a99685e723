//! Self-play games packed small enough to keep in the repository.
//!
//! A data file ([`super::data`]) spends 20 bytes on every position; its positions follow
//! one another a move at a time, so a game is its first kept position, the moves from
//! there, and what the moves do not tell: the game's result, which positions were solved,
//! and the search's scores. Packed and compressed that is about a fifteenth of the size,
//! and unpacking gives the data file back byte for byte. Depth-10 games cost about a second
//! each on a core, so a round of them takes hours: packed, its pieces are committed
//! (`train/games/`), and a run on any machine goes on from them instead of playing them again.
//!
//! The file: `OFTG`, version (u32), the fingerprint of the weights that played the games
//! ([`fingerprint`], u64; 0 = not recorded), the number of positions (u64), then one deflate
//! stream of six sections, each its length (u32) and its bytes. Like values sit together, so
//! they compress better than game by game (about a quarter smaller):
//! 1. games: each game's first kept position (player and opponent bitboards, u64 each, side
//!    to move first), `n` the positions kept (u8), and the label of the first (i8): the
//!    game's result for its player, which along the played line is every later label too,
//!    negated for the other side;
//! 2. moves: the `n - 1` moves of each game from one kept position to the next, each as its
//!    rank among the legal moves, lowest square first (a pass that follows a move is the
//!    only move there is, so it is not written);
//! 3. flags, a byte a position: bit 0 the label is exact, bit 1 the label is not the one the
//!    result gives (an exact score off the played line: it is in section 4), bit 2 it has a
//!    search score (in sections 5 and 6);
//! 4. those labels (i8);
//! 5. and 6. the search scores' low and high bytes, each score written as its sum with the
//!    game's previous search score (i16, wrapping): the two sides' scores of consecutive
//!    positions nearly cancel.

use std::io::{self, Read, Write};

use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;

use crate::data::Sample;
use outflank_engine::bitboard::{Bits, Eight};
use outflank_engine::Board;

const MAGIC: &[u8; 4] = b"OFTG";
const VERSION: u32 = 1;
const HEADER: usize = 24;

const EXACT: u8 = 1;
const OWN_LABEL: u8 = 2;
const SEARCH: u8 = 4;

/// A packed file's header: who played the games and how many positions they hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Packed {
    pub played_by: u64,
    pub positions: u64,
}

/// FNV-1a over a weights file's bytes: which weights played a packed file's games, so that
/// games of other weights are not mixed into a round.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The move from `from` to `to` (with the pass that may follow it), if there is one, as its
/// rank among the legal moves.
fn move_between(from: Board<Eight>, to: Board<Eight>) -> Option<u8> {
    Board::<Eight>::squares(from.legal_moves())
        .position(|sq| after(from, sq) == Some(to))
        .map(|rank| rank as u8)
}

/// The position after the legal move `sq` is played on `board`, the pass included when the
/// side to move then has none, or `None` when the game is over after it.
fn after(board: Board<Eight>, sq: u32) -> Option<Board<Eight>> {
    let next = board.play_flips(sq, board.flips(sq));
    if !next.legal_moves().is_empty() {
        Some(next)
    } else if !next.pass().legal_moves().is_empty() {
        Some(next.pass())
    } else {
        None
    }
}

fn board(s: &Sample) -> Board<Eight> {
    Board {
        player: s.player,
        opponent: s.opponent,
    }
}

/// The six sections of a packed file's body.
#[derive(Default)]
struct Sections {
    games: Vec<u8>,
    moves: Vec<u8>,
    flags: Vec<u8>,
    labels: Vec<u8>,
    search_low: Vec<u8>,
    search_high: Vec<u8>,
}

/// Writes `samples` packed: every run of positions a move apart is one game. Any samples
/// can be packed (a position no move reaches starts a game of its own); the gain is on
/// self-play files. Returns the number of games written.
pub fn write(out: &mut impl Write, samples: &[Sample], played_by: u64) -> io::Result<u64> {
    let mut sec = Sections::default();
    let mut rest = samples;
    let mut games = 0;
    while !rest.is_empty() {
        games += 1;
        // The game: positions one move apart, at most 255 (a game has at most 60 moves).
        let mut moves = Vec::new();
        while moves.len() + 1 < rest.len().min(255) {
            match move_between(board(&rest[moves.len()]), board(&rest[moves.len() + 1])) {
                Some(rank) => moves.push(rank),
                None => break,
            }
        }
        let (game, tail) = rest.split_at(moves.len() + 1);
        rest = tail;
        let result = game[0].label;
        sec.games.extend_from_slice(&game[0].player.to_le_bytes());
        sec.games.extend_from_slice(&game[0].opponent.to_le_bytes());
        sec.games.push(game.len() as u8);
        sec.games.push(result as u8);
        sec.moves.extend_from_slice(&moves);
        let mut previous = 0i16;
        for (s, derived) in game.iter().zip(labels(game, result)) {
            let mut flags = 0;
            if s.exact {
                flags |= EXACT;
            }
            if s.label != derived {
                flags |= OWN_LABEL;
                sec.labels.push(s.label as u8);
            }
            if s.search != 0 {
                flags |= SEARCH;
                let [low, high] = s.search.wrapping_add(previous).to_le_bytes();
                sec.search_low.push(low);
                sec.search_high.push(high);
                previous = s.search;
            }
            sec.flags.push(flags);
        }
    }
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&played_by.to_le_bytes())?;
    out.write_all(&(samples.len() as u64).to_le_bytes())?;
    let mut z = DeflateEncoder::new(out, Compression::best());
    for section in [
        &sec.games,
        &sec.moves,
        &sec.flags,
        &sec.labels,
        &sec.search_low,
        &sec.search_high,
    ] {
        z.write_all(&(section.len() as u32).to_le_bytes())?;
        z.write_all(section)?;
    }
    z.finish()?;
    Ok(games)
}

/// The label the game's result gives each position: `result` for the first position's
/// player, negated for the other (the boards say who is to move: one move apart they are
/// the other side, unless a pass followed the move).
fn labels(game: &[Sample], result: i8) -> Vec<i8> {
    let mut same = true;
    let mut out = vec![result];
    for w in game.windows(2) {
        // A pass keeps the side that moved: the same discs stay the player's.
        let passed = (w[0].player & w[1].player) != 0 && (w[0].player & w[1].opponent) == 0;
        if !passed {
            same = !same;
        }
        out.push(if same { result } else { -result });
    }
    out
}

/// Reads a packed file's bytes: its header and its positions, as the data file they came
/// from. A bad header, a truncated stream or a move that is not legal is an error, never a
/// panic.
pub fn parse(bytes: &[u8]) -> Result<(Packed, Vec<Sample>), String> {
    if bytes.len() < HEADER || !bytes.starts_with(MAGIC) {
        return Err("not a packed games file (no OFTG header)".into());
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let version = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if version != VERSION {
        return Err(format!(
            "packed games version {version}, this build reads {VERSION}"
        ));
    }
    let head = Packed {
        played_by: word(8),
        positions: word(16),
    };
    let mut body = Vec::new();
    DeflateDecoder::new(&bytes[HEADER..])
        .read_to_end(&mut body)
        .map_err(|e| format!("the packed games do not inflate: {e}"))?;
    let mut sections: Vec<Reader<'_>> = Vec::new();
    let mut at = 0usize;
    for name in [
        "games",
        "moves",
        "flags",
        "labels",
        "search low",
        "search high",
    ] {
        let len = body
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .ok_or_else(|| format!("truncated before the {name} section"))?;
        let bytes = body
            .get(at + 4..at + 4 + len)
            .ok_or_else(|| format!("the {name} section is cut short"))?;
        sections.push(Reader { name, bytes, at: 0 });
        at += 4 + len;
    }
    if at != body.len() {
        return Err(format!("{} bytes after the last section", body.len() - at));
    }
    let [games, moves, flags, labels_, low, high] = &mut sections[..] else {
        return Err("a packed body has six sections".into());
    };
    let mut out: Vec<Sample> = Vec::new();
    while out.len() < head.positions as usize {
        let first = games.take(18)?;
        let player = u64::from_le_bytes(first[0..8].try_into().unwrap_or([0; 8]));
        let opponent = u64::from_le_bytes(first[8..16].try_into().unwrap_or([0; 8]));
        let (n, result) = (first[16] as usize, first[17] as i8);
        if n == 0 || player & opponent != 0 || (result as i32).abs() > 64 {
            return Err(format!("game at position {}: not a game", out.len()));
        }
        let mut boards = vec![Board::<Eight> { player, opponent }];
        for &rank in moves.take(n - 1)? {
            let last = boards[boards.len() - 1];
            let next = Board::<Eight>::squares(last.legal_moves())
                .nth(usize::from(rank))
                .and_then(|sq| after(last, sq))
                .ok_or_else(|| {
                    format!("game at position {}: move {rank} is not legal", out.len())
                })?;
            boards.push(next);
        }
        let mut game: Vec<Sample> = boards
            .iter()
            .map(|b| Sample {
                player: b.player,
                opponent: b.opponent,
                label: 0,
                exact: false,
                search: 0,
            })
            .collect();
        let derived = labels(&game, result);
        let mut previous = 0i16;
        for (s, label) in game.iter_mut().zip(derived) {
            let f = flags.take(1)?[0];
            s.exact = f & EXACT != 0;
            s.label = if f & OWN_LABEL != 0 {
                labels_.take(1)?[0] as i8
            } else {
                label
            };
            if f & SEARCH != 0 {
                let sum = i16::from_le_bytes([low.take(1)?[0], high.take(1)?[0]]);
                s.search = sum.wrapping_sub(previous);
                previous = s.search;
            }
            if (s.label as i32).abs() > 64 {
                return Err(format!("game at position {}: a score beyond 64", out.len()));
            }
        }
        out.extend(game);
    }
    if let Some(r) = sections.iter().find(|r| r.at != r.bytes.len()) {
        return Err(format!(
            "the header says {} positions, and the {} section holds more",
            head.positions, r.name
        ));
    }
    Ok((head, out))
}

/// One section of a packed body, read from the front.
struct Reader<'a> {
    name: &'static str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let got = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| format!("the {} section ends too soon", self.name))?;
        self.at += n;
        Ok(got)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{game, Plan};
    use outflank_engine::search::Searcher;

    fn games(count: u64) -> Vec<Sample> {
        let plan = Plan {
            random_plies: (4, 8),
            depth: 2,
            max_nodes: 10_000,
            exact: 10,
            // One position a game solved higher up: an exact score off the played line.
            probe: 14,
            probe_from: 12,
        };
        let mut searcher = Searcher::<Eight>::new(12);
        (0..count)
            .flat_map(|k| game(&mut searcher, &plan, 5, k))
            .collect()
    }

    #[test]
    fn self_play_packs_small_and_unpacks_to_the_same_positions() {
        let samples = games(6);
        let mut packed = Vec::new();
        assert_eq!(
            write(&mut packed, &samples, 42).unwrap(),
            6,
            "six games, one each"
        );
        let (head, back) = parse(&packed).unwrap();
        assert_eq!(
            head,
            Packed {
                played_by: 42,
                positions: samples.len() as u64
            }
        );
        assert_eq!(back, samples);
        // A sixth of the data file or less, even for six games (a piece of 1,000 compresses
        // better: train/games/README.md).
        assert!(
            packed.len() * 6 < 8 + 20 * samples.len(),
            "{} bytes",
            packed.len()
        );
    }

    #[test]
    fn positions_that_do_not_follow_each_other_pack_too() {
        let mut samples = games(2);
        samples.swap(3, 30);
        samples[7].label = -samples[7].label;
        samples[8].search = 0;
        let mut packed = Vec::new();
        write(&mut packed, &samples, 0).unwrap();
        assert_eq!(parse(&packed).unwrap().1, samples);
        assert!(parse(&[]).is_err());
    }

    #[test]
    fn bad_packed_files_are_errors() {
        let samples = games(2);
        let mut packed = Vec::new();
        write(&mut packed, &samples, 0).unwrap();
        assert!(parse(&packed[..packed.len() - 3]).is_err());
        assert!(parse(&packed[..HEADER]).is_err());
        let mut more = packed.clone();
        more[16] += 1; // one position more than the games hold
        assert!(parse(&more).is_err());
        let mut version = packed.clone();
        version[4] = 9;
        assert!(parse(&version).unwrap_err().contains("version 9"));
        // A move that is not legal: a game of two positions from the start whose move is the
        // fifth of its four legal moves.
        let start = Board::<Eight>::start();
        let mut game = Vec::new();
        game.extend_from_slice(&start.player.to_le_bytes());
        game.extend_from_slice(&start.opponent.to_le_bytes());
        game.extend_from_slice(&[2, 0]);
        let mut bad = Vec::new();
        bad.extend_from_slice(MAGIC);
        bad.extend_from_slice(&VERSION.to_le_bytes());
        bad.extend_from_slice(&0u64.to_le_bytes());
        bad.extend_from_slice(&2u64.to_le_bytes());
        let mut z = DeflateEncoder::new(&mut bad, Compression::best());
        for section in [&game[..], &[4], &[0, 0], &[], &[], &[]] {
            z.write_all(&(section.len() as u32).to_le_bytes()).unwrap();
            z.write_all(section).unwrap();
        }
        z.finish().unwrap();
        assert!(parse(&bad).unwrap_err().contains("not legal"));
    }
}
