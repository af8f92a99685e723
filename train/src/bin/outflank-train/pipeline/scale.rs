//! How big a run of the pipeline is: the full run and the quick one CI makes.

/// How big a run is.
pub(super) struct Scale {
    /// Games of each round-1 self-play file (two files, one per seed).
    pub(super) round1: u64,
    /// Games of each round-2 self-play file (two files).
    pub(super) round2: u64,
    /// Games of each round-3 self-play file (two files: short openings, deeper moves).
    pub(super) round3: u64,
    /// Games of each round-4 file, and of the two round-5 files (played as round 3's, by
    /// round 3's weights rounded to 20 hundredths of a disc).
    pub(super) round4: u64,
    pub(super) round5: (u64, u64),
    /// The two round-6 files, played as round 3's by round 5's weights rounded to 14
    /// hundredths.
    pub(super) round6: (u64, u64),
    /// The two round-7 files, played as round 3's by round 6's weights rounded to 14
    /// hundredths.
    pub(super) round7: (u64, u64),
    /// Held-out games played as round 3's are, solved from 20 empties.
    pub(super) balanced: u64,
    /// Held-out games solved from 20 empties, and games with one probe at 15-24 empties.
    pub(super) held: u64,
    pub(super) probe: u64,
    /// Held-out games with one probe in `deep_probe` (empties, from and to): the positions
    /// deeper than the self-play's exact solves, where the midgame search leans on the
    /// evaluation most, and where each solve takes a minute or more.
    pub(super) deep: u64,
    pub(super) deep_probe: (&'static str, &'static str),
    /// Held-out games played as round 3's are, with one probe in `balanced_probe`: the
    /// positions where level 10 still searches rather than solves.
    pub(super) balanced_deep: u64,
    pub(super) balanced_probe: (&'static str, &'static str),
    /// Held-out games between stronger players, played by the weights being measured (see
    /// [`measured_on`]): games in each of its two pieces, and the empties to solve from.
    pub(super) strong: (u64, &'static str),
    /// The same with one deep probe a game: games in each piece, and the probe's empties.
    pub(super) strong_deep: (u64, &'static str),
    /// The same with one deeper probe a game: games in each piece, and the probe's fewest
    /// and most empties (29-30: the top of the midgame's 20-30 empties, where the evaluation
    /// matters most to the search; 3-56 minutes a game, 15 on average).
    pub(super) strong_deeper: (u64, (&'static str, &'static str)),
    /// Two more sets of one probe a game: games in each piece and the probe's fewest and most
    /// empties between `strong`'s and `strong_deep`'s (25-27), and games in each piece of a
    /// second set at `strong_deep`'s empties (28), so that every phase of 20-30 empties has
    /// positions of its own, not one count of empties alone.
    pub(super) strong_between: (u64, (&'static str, &'static str)),
    pub(super) strong_deep_more: u64,
    pub(super) epochs: &'static str,
    /// Configurations seen fewer times keep a zero weight.
    pub(super) min_count: &'static str,
}

pub(super) const FULL: Scale = Scale {
    round1: 20_000,
    round2: 8_000,
    round3: 20_000,
    round4: 20_000,
    // As many games as a core makes in about an hour.
    round5: (54_491, 54_187),
    // As many games as a core makes in about an hour.
    round6: (67_476, 67_882),
    // 24 pieces of 4,000 games a seed.
    round7: (96_000, 96_000),
    balanced: 300,
    held: 1_339,
    probe: 238,
    deep: 30,
    deep_probe: ("25", "27"),
    balanced_deep: 60,
    balanced_probe: ("21", "27"),
    strong: (50, "24"),
    strong_deep: (15, "28"),
    strong_deeper: (5, ("29", "30")),
    strong_between: (20, ("25", "27")),
    strong_deep_more: 20,
    epochs: "10",
    min_count: "30",
};

pub(super) const QUICK: Scale = Scale {
    round1: 40,
    round2: 20,
    round3: 20,
    round4: 10,
    round5: (10, 10),
    round6: (10, 10),
    round7: (10, 10),
    balanced: 4,
    held: 10,
    probe: 2,
    // The same step at shallow empties: a probe at 25 takes a minute, too long for CI.
    deep: 2,
    deep_probe: ("19", "20"),
    balanced_deep: 2,
    balanced_probe: ("19", "20"),
    strong: (2, "14"),
    strong_deep: (1, "19"),
    strong_deeper: (1, ("20", "21")),
    strong_between: (1, ("18", "19")),
    strong_deep_more: 1,
    epochs: "2",
    min_count: "2",
};
