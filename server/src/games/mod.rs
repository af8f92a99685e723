//! Games: create, join, cancel, moves, clocks and the end of a game. The rules are the BGS
//! engine API's ([`outflank_bgs::api`]): `init` makes the data, `move` checks and plays a move
//! (refusals carry the engine's error code), `dropPlayer` ends a game that a player left.
//!
//! Every change is stored (one transaction, a compare-and-set on the game's state id) before
//! it is announced; a change that lost the race is refused as `stale` and changes nothing.
//!
//! [`options`] (what a game may be) · [`view`] (summaries, `state` messages, log slices) ·
//! [`moves`] (moves, clocks, the end of a game) · [`cache`] (this instance's copy of the games
//! being played) · [`routes`] (the HTTP handlers).

pub mod cache;
pub mod moves;
pub mod options;
pub mod routes;
pub mod view;

pub use cache::Cache;
pub use moves::{play, settle, Refusal};
pub use options::{lobby_options, ClockOption, CreateGame};
pub use options::{CLOCK_MAX_MINUTES, CLOCK_MIN_MINUTES, INCREMENT_MAX};
pub use routes::{cancel, create, get, join, log, LogQuery};
pub use view::{log_slice, message, state_message, state_value, summary};
