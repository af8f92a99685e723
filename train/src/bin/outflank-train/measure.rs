//! `outflank-train search` and `outflank-train mpc`: measurements of the search on data
//! files, a level's score against the exact one, and Multi-ProbCut's regressions.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::search::pattern::{self, PHASES};
use outflank_engine::search::{self, arena, Searcher};
use outflank_engine::{Board, Eight};
use outflank_train::{data, errors};

use crate::bad;

/// `outflank-train search`: a level's score against the exact one, on held-out positions,
/// next to its evaluation's own (the leaves the search stands on).
pub(super) fn search_errors(
    contender: arena::Contender,
    files: &[PathBuf],
    min_empties: u32,
    per_empties: usize,
    moves: bool,
) -> ExitCode {
    use outflank_engine::search::never;
    let (level, settings) = (contender.level.get(), contender.level.settings());
    let samples = match data::read_files(files) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    // Every exact position with a move to play, by empties; then an even spread of each.
    let mut by_empties: Vec<Vec<(Board<Eight>, &data::Sample)>> = vec![Vec::new(); 61];
    for s in samples
        .iter()
        .filter(|s| s.exact && s.empties() >= min_empties)
    {
        if let Some(board) =
            Board::<Eight>::new(s.player, s.opponent).filter(|b| b.legal_moves() != 0)
        {
            by_empties[s.empties() as usize].push((board, s));
        }
    }
    println!("search: level {level} against exact scores ({min_empties}+ empties, at most {per_empties} positions each)");
    let loss_columns = if moves {
        " loss not_best result_changed"
    } else {
        ""
    };
    println!("empties positions search_mae eval_mae exact nodes ms{loss_columns}");
    let mut searcher = Searcher::<Eight>::new(search::PLAY_TABLE_BITS);
    searcher.set_pattern(contender.pattern);
    let mut rows: Vec<Searched> = Vec::new();
    for (empties, pool) in by_empties.iter().enumerate().filter(|(_, p)| !p.is_empty()) {
        let step = (pool.len() / per_empties.max(1)).max(1);
        let chosen: Vec<_> = pool.iter().step_by(step).take(per_empties).collect();
        for &&(board, s) in &chosen {
            searcher.clear();
            let start = Instant::now();
            let choice = searcher.choose(board, &settings, 0, &never);
            // The search's own time, before any solve for --moves below.
            let seconds = start.elapsed().as_secs_f64();
            let off = |score: i32| errors::miss(s, score);
            // What the chosen move is worth under perfect play, against the position's
            // exact score: discs lost (0 for a best move). One solve of the position after it.
            let loss = moves
                .then_some(choice.best)
                .flatten()
                .and_then(|sq| search::solve(board.play_flips(sq, board.flips(sq)), &never))
                .map(|after| Loss {
                    discs: i32::from(s.label) + after.score,
                    result_changed: i32::from(s.label).signum() != (-after.score).signum(),
                });
            rows.push(Searched {
                empties,
                error: off(choice.score),
                eval_error: contender
                    .pattern
                    .map(|w| off(w.evaluate(s.player, s.opponent))),
                exact: choice.exact,
                loss,
                nodes: choice.nodes,
                seconds,
            });
        }
        let here: Vec<_> = rows.iter().filter(|r| r.empties == empties).collect();
        print_search_row(&format!("{empties:2}"), &here);
    }
    println!("by phase:");
    for phase in 0..PHASES {
        let here: Vec<_> = rows
            .iter()
            .filter(|r| pattern::phase(r.empties as u32) == phase)
            .collect();
        if !here.is_empty() {
            let (lo, hi) = pattern::phase_span(phase);
            print_search_row(&format!("{phase:2} {lo:2}-{hi:2}"), &here);
        }
    }
    if rows.is_empty() {
        println!("no exact held-out position with {min_empties} empties or more");
    } else {
        let all: Vec<_> = rows.iter().collect();
        print_search_row("all", &all);
    }
    ExitCode::SUCCESS
}

/// One position of `train search`.
struct Searched {
    empties: usize,
    /// The search's and the evaluation's distance from the exact score (discs).
    error: f64,
    eval_error: Option<f64>,
    exact: bool,
    /// With `--moves`: what the chosen move lost against perfect play.
    loss: Option<Loss>,
    nodes: u64,
    seconds: f64,
}

/// What a chosen move lost against perfect play (`train search --moves`).
#[derive(Clone, Copy)]
struct Loss {
    discs: i32,
    /// The move turned a win, a draw or a loss into another.
    result_changed: bool,
}

/// One line of `train search`: positions, mean absolute error of the search and of the
/// evaluation (discs; `-` for the hand-made one, whose unit is not discs), how many
/// searches ended exact, mean nodes and milliseconds; with `--moves`, the chosen moves'
/// mean loss against perfect play (discs), how many were not a best move, and how many
/// turned a win, draw or loss into another.
fn print_search_row(name: &str, rows: &[&Searched]) {
    let n = rows.len() as f64;
    let mean = |f: &dyn Fn(&Searched) -> f64| rows.iter().map(|r| f(r)).sum::<f64>() / n;
    let eval = if rows.iter().all(|r| r.eval_error.is_some()) {
        format!("{:.2}", mean(&|r| r.eval_error.unwrap_or(0.0)))
    } else {
        "-".to_string()
    };
    let exact = rows.iter().filter(|r| r.exact).count();
    let losses: Vec<Loss> = rows.iter().filter_map(|r| r.loss).collect();
    let loss = if losses.is_empty() {
        String::new()
    } else {
        let not_best = losses.iter().filter(|l| l.discs != 0).count();
        let changed = losses.iter().filter(|l| l.result_changed).count();
        let mean_loss =
            f64::from(losses.iter().map(|l| l.discs).sum::<i32>()) / losses.len() as f64;
        format!(" {mean_loss:.2} {not_best} {changed}")
    };
    println!(
        "{name} {} {:.2} {eval} {exact} {:.0} {:.0}{loss}",
        rows.len(),
        mean(&|r| r.error),
        mean(&|r| r.nodes as f64),
        mean(&|r| r.seconds) * 1000.0
    );
}

/// Least squares of `ys` on `xs`: `(a, b, sigma, r)` with `y ≈ a x + b`, sigma the
/// residuals' standard deviation and r the correlation.
fn regression(xs: &[i32], ys: &[i32]) -> (f64, f64, f64, f64) {
    let n = xs.len() as f64;
    let mx = xs.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let my = ys.iter().map(|&y| f64::from(y)).sum::<f64>() / n;
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for (&x, &y) in xs.iter().zip(ys) {
        let (dx, dy) = (f64::from(x) - mx, f64::from(y) - my);
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    let a = sxy / sxx;
    let b = my - a * mx;
    let residual = xs
        .iter()
        .zip(ys)
        .map(|(&x, &y)| (f64::from(y) - a * f64::from(x) - b).powi(2))
        .sum::<f64>();
    (
        a,
        b,
        (residual / (n - 2.0)).sqrt(),
        sxy / (sxx * syy).sqrt(),
    )
}

/// `outflank-train mpc`: least squares of deep on shallow scores, per depth.
pub(super) fn mpc(
    files: &[PathBuf],
    count: usize,
    empties: std::ops::RangeInclusive<u32>,
    max_depth: u8,
) -> ExitCode {
    use outflank_engine::search::midgame::{mpc_shallow, MPC_MIN_DEPTH};
    let samples = match data::read_files(files) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    let pool: Vec<_> = samples
        .iter()
        .filter(|s| empties.contains(&s.empties()))
        .collect();
    if pool.is_empty() {
        return bad(format!(
            "no position with {}-{} empties",
            empties.start(),
            empties.end()
        ));
    }
    let step = (pool.len() / count.max(1)).max(1);
    let chosen: Vec<_> = pool.iter().step_by(step).take(count).collect();
    println!(
        "mpc: {} positions ({}-{} empties, every {step}th of {}), depths {MPC_MIN_DEPTH}-{max_depth}",
        chosen.len(),
        empties.start(),
        empties.end(),
        pool.len()
    );
    let start = Instant::now();
    let mut searcher = Searcher::<Eight>::new(20);
    // scores[depth][k]: position k's plain score at that depth.
    let mut scores = vec![Vec::new(); usize::from(max_depth) + 1];
    for s in &chosen {
        let Some(board) = Board::<Eight>::new(s.player, s.opponent) else {
            continue;
        };
        if board.legal_moves() == 0 {
            continue;
        }
        searcher.clear();
        for (d, row) in scores.iter_mut().enumerate().skip(1) {
            row.push(searcher.plain_score(board, d as u8));
        }
        if scores[1].len() % 20 == 0 {
            println!(
                "  {} positions, {:.1}s",
                scores[1].len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!("searched in {:.1}s", start.elapsed().as_secs_f64());
    println!("depth shallow a b sigma r positions");
    let mut rows = Vec::new();
    for depth in MPC_MIN_DEPTH..=max_depth {
        let shallow = mpc_shallow(depth);
        let (xs, ys) = (&scores[usize::from(shallow)], &scores[usize::from(depth)]);
        let (a, b, sigma, r) = regression(xs, ys);
        println!(
            "{depth} {shallow} {a:.3} {b:.1} {sigma:.1} {r:.3} {}",
            xs.len()
        );
        rows.push(format!(
            "    ({shallow}, {a:.3}, {b:.1}, {sigma:.1}), // depth {depth}"
        ));
    }
    // Every shallow depth's residual deviation, to see what another pairing would cost.
    println!("sigma by shallow depth 1, 2, ...: depth: sigmas");
    for depth in MPC_MIN_DEPTH..=max_depth {
        let sigmas: Vec<String> = (1..depth)
            .map(|shallow| {
                format!(
                    "{:.0}",
                    regression(&scores[usize::from(shallow)], &scores[usize::from(depth)]).2
                )
            })
            .collect();
        println!("{depth}: {}", sigmas.join(" "));
    }
    println!("{}", rows.join("\n"));
    ExitCode::SUCCESS
}
