//! `outflank-train pack` and `unpack`: self-play games kept in the repository
//! (`outflank_train::pack`).

use std::path::Path;
use std::process::ExitCode;

use outflank_train::{data, pack};

use crate::bad;

/// The fingerprint of the weights file at `path`.
fn fingerprint(path: &Path) -> Result<u64, String> {
    std::fs::read(path)
        .map(|bytes| pack::fingerprint(&bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Writes `bytes` to `out` through a temporary file beside it, so that a run stopped
/// midway leaves no half file under the final name.
fn write_whole(out: &Path, bytes: &[u8]) -> Result<(), String> {
    let part = out.with_extension("part");
    std::fs::write(&part, bytes)
        .and_then(|()| std::fs::rename(&part, out))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))
}

/// Prints what a command did, or its error with the CLI's exit code for bad input.
fn say(done: Result<String, String>) -> ExitCode {
    match done {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => bad(e),
    }
}

pub fn pack(data_file: &Path, played_by: Option<&Path>, out: &Path) -> ExitCode {
    let run = || -> Result<String, String> {
        let samples = data::read_files(&[data_file.to_path_buf()])?;
        let played_by = played_by.map(fingerprint).transpose()?.unwrap_or(0);
        let mut bytes = Vec::new();
        let games = pack::write(&mut bytes, &samples, played_by).map_err(|e| e.to_string())?;
        // What unpacking gives must be what was packed: checked before anything is written.
        let (_, back) = pack::parse(&bytes)?;
        if back != samples {
            return Err("the packed games do not unpack to the data file".into());
        }
        write_whole(out, &bytes)?;
        Ok(format!(
            "packed {} positions ({games} games with kept positions) into {} bytes",
            samples.len(),
            bytes.len()
        ))
    };
    say(run())
}

pub fn unpack(games: &Path, played_by: Option<&Path>, out: &Path) -> ExitCode {
    let run = || -> Result<String, String> {
        let bytes =
            std::fs::read(games).map_err(|e| format!("cannot read {}: {e}", games.display()))?;
        let (head, samples) =
            pack::parse(&bytes).map_err(|e| format!("{}: {e}", games.display()))?;
        if let Some(weights) = played_by {
            let want = fingerprint(weights)?;
            if head.played_by != want {
                return Err(format!(
                    "{} holds games played by other weights than {} (fingerprints {:016x} and {want:016x})",
                    games.display(),
                    weights.display(),
                    head.played_by
                ));
            }
        }
        let mut file = Vec::with_capacity(8 + 20 * samples.len());
        data::write(&mut file, &samples).map_err(|e| e.to_string())?;
        write_whole(out, &file)?;
        Ok(format!(
            "unpacked {} positions into {}",
            samples.len(),
            out.display()
        ))
    };
    say(run())
}
