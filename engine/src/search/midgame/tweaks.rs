//! The search's refinements, each of which can be turned off to measure what it is worth.

use super::probcut::MPC_T_HUNDREDTHS;

/// Which of the search's refinements are on (all by default; `outflank match` can turn
/// them off one by one to measure what each is worth).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tweaks {
    /// Aspiration windows around the previous iteration's score at the root.
    pub aspiration: bool,
    /// Multi-ProbCut: a shallow search that lands far enough outside the window cuts the
    /// node (parameters from `outflank-train mpc`, see [`MPC`](super::MPC)).
    pub probcut: bool,
    /// At high depths, order the moves by a shallow search rather than the evaluation. Off:
    /// measured at depth 10 it searched 25% more nodes than ordering by the evaluation.
    pub shallow_order: bool,
    /// Play the best move of an iteration the node budget cut off, once it has scored a
    /// move above its window's floor (see `Run::root`), rather than the last full
    /// iteration's.
    pub partial_root: bool,
    /// Multi-ProbCut's margin, in hundredths of the regression's sigma (see
    /// [`MPC_T`](super::MPC_T)).
    pub mpc_t: u16,
    /// Multi-ProbCut's regressions by band of empties ([`MPC_BY_BAND`](super::MPC_BY_BAND))
    /// rather than the one table. Off: 20% fewer nodes to depth 14, and even in play at the
    /// same node budget.
    pub mpc_phases: bool,
    /// The node budget a move, in hundredths, at 45 empties or more (the opening) and at
    /// 21-35 empties (the late midgame); 100 and 100: the level's budget at every move.
    pub budget_by_empties: (u16, u16),
}

impl Default for Tweaks {
    fn default() -> Self {
        Tweaks {
            aspiration: true,
            probcut: true,
            shallow_order: false,
            partial_root: true,
            mpc_t: MPC_T_HUNDREDTHS,
            mpc_phases: false,
            budget_by_empties: (100, 100),
        }
    }
}

impl Tweaks {
    /// None of the refinements (the search before them).
    pub const NONE: Tweaks = Tweaks {
        aspiration: false,
        probcut: false,
        shallow_order: false,
        partial_root: false,
        mpc_t: MPC_T_HUNDREDTHS,
        mpc_phases: false,
        budget_by_empties: (100, 100),
    };

    /// The node budget of a move at `empties` empties, from the level's `max_nodes`.
    pub fn budget(self, max_nodes: u64, empties: u32) -> u64 {
        let hundredths = match empties {
            45.. => self.budget_by_empties.0,
            21..=35 => self.budget_by_empties.1,
            _ => 100,
        };
        if hundredths == 100 || max_nodes == u64::MAX {
            max_nodes
        } else {
            (max_nodes / 100).saturating_mul(u64::from(hundredths))
        }
    }

    /// Multi-ProbCut's margin in sigmas.
    pub(super) fn mpc_margin(self) -> f32 {
        f32::from(self.mpc_t) / 100.0
    }

    /// Reads `default` (aspiration, ProbCut, the cut-off iteration's move), `none`,
    /// or a comma-separated list of `asp`, `mpc`, `phases`, `order`, `partial` (the ones on),
    /// `t=1.2` (ProbCut's margin in sigmas; default 1.5), and `early=0.6` and `late=1.35`
    /// (the share of the node budget at 45 or more empties and at 21-35; default 1).
    pub fn parse(text: &str) -> Result<Tweaks, String> {
        match text {
            "default" | "all" => return Ok(Tweaks::default()),
            "none" => return Ok(Tweaks::NONE),
            _ => {}
        }
        let mut t = Tweaks::NONE;
        for part in text.split(',') {
            match part.trim() {
                "asp" => t.aspiration = true,
                "mpc" => t.probcut = true,
                "order" => t.shallow_order = true,
                "partial" => t.partial_root = true,
                "phases" => t.mpc_phases = true,
                other => {
                    let wrong = || {
                        format!(
                            "{other:?}: the search tweaks are asp, mpc, phases, order, partial, t=SIGMAS (0-5), early=SHARE, late=SHARE (0.05-5), default, none"
                        )
                    };
                    let (key, value) = other.split_once('=').ok_or_else(wrong)?;
                    let value = value.parse::<f32>().map_err(|_| wrong())?;
                    let hundredths = (value * 100.0).round() as u16;
                    match key {
                        "t" if (0.0..=5.0).contains(&value) => t.mpc_t = hundredths,
                        "early" if (0.05..=5.0).contains(&value) => {
                            t.budget_by_empties.0 = hundredths
                        }
                        "late" if (0.05..=5.0).contains(&value) => {
                            t.budget_by_empties.1 = hundredths
                        }
                        _ => return Err(wrong()),
                    }
                }
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_tweaks_read_as_outflank_match_takes_them() {
        assert_eq!(Tweaks::parse("default"), Ok(Tweaks::default()));
        assert_eq!(Tweaks::parse("asp, mpc,partial"), Ok(Tweaks::default()));
        assert_eq!(
            Tweaks::parse("asp,mpc,partial,phases"),
            Ok(Tweaks {
                mpc_phases: true,
                ..Tweaks::default()
            })
        );
        let t = Tweaks::parse("mpc,t=1.2").unwrap();
        assert_eq!(
            (t.probcut, t.aspiration, t.partial_root, t.mpc_t),
            (true, false, false, 120)
        );
        let t = Tweaks::parse("asp,mpc,partial,early=0.6,late=1.35").unwrap();
        assert_eq!(t.budget_by_empties, (60, 135));
        assert_eq!(
            [60, 45, 44, 36, 35, 21, 20].map(|e| t.budget(500_000, e)),
            [300_000, 300_000, 500_000, 500_000, 675_000, 675_000, 500_000]
        );
        assert_eq!(Tweaks::default().budget(500_000, 50), 500_000);
        assert_eq!(t.budget(u64::MAX - 1, 30), u64::MAX);
        for bad in ["t=9", "t=x", "fast", "", "early=9", "late=", "late=0"] {
            assert!(Tweaks::parse(bad).is_err(), "{bad:?}");
        }
    }
}
