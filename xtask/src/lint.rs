//! `cargo xtask lint`: tracked files say what the product is, not how it was developed
//! ([`history_check`]); then rustfmt's check and clippy with warnings as errors, on the whole
//! workspace, with a pinned toolchain ([`LINT_TOOLCHAIN`]).
//!
//! Pinned because each Rust release adds lints: with the machine's own stable, a new machine
//! with a newer clippy would turn the tests red on code nobody changed. The builds and tests
//! keep the machine's stable; only this check runs the pinned one (rustup installs it, with
//! clippy and rustfmt, in `cargo xtask setup`). Raise it on purpose, fixing what the newer
//! clippy finds in the same commit.

use crate::ctx::{run, say, with_args, Ctx, Result};

/// The toolchain the workspace is kept lint-clean on.
pub(crate) const LINT_TOOLCHAIN: &str = "1.95.0";

/// The history check, then `cargo fmt --check` and `cargo clippy -D warnings` over every
/// crate and target.
pub(crate) fn lint(ctx: &Ctx) -> Result {
    history_check(ctx)?;
    run(with_args(
        ctx.pinned_cargo(LINT_TOOLCHAIN),
        &["fmt", "--all", "--check"],
    ))?;
    run(with_args(
        ctx.pinned_cargo(LINT_TOOLCHAIN),
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--release",
            "--",
            "-D",
            "warnings",
        ],
    ))
}

/// What a line can say about how the project was developed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// A numbered step of the work: "stop 23", "stops 20-26".
    Stop,
    /// An issue number: "issue 17", "issue #18", "issues 3".
    Issue,
    /// A ticket number written `#1` and one more digit: "(#17)". (Other numbers after `#`
    /// are mostly FFO positions and colours.)
    Number,
    /// A working session: "session", "sessions".
    Session,
}

/// Tracked files (or, ending in `/`, every file under a folder) that may say one of these,
/// and why.
const ALLOWED: &[(&str, &[Mark], &str)] = &[
    (
        "engine/src/bin/outflank/nboard.rs",
        &[Mark::Session],
        "the NBoard protocol's word for the exchange between a GUI and its engine",
    ),
    (
        "engine/tests/cli.rs",
        &[Mark::Session],
        "its test of `outflank nboard` names the NBoard protocol's session",
    ),
    (
        "server/",
        &[Mark::Session],
        "the online server's log-in sessions: a cookie's token, the sessions table, /api/session",
    ),
    (
        "ui/src/components/online/",
        &[Mark::Session],
        "the page logs in and out through the server's /api/session",
    ),
    (
        "xtask/src/lint.rs",
        &[Mark::Stop, Mark::Issue, Mark::Number, Mark::Session],
        "this check's tests spell out the lines it flags",
    ),
];

/// Paths the check skips besides binary files: game records, data whose text is not prose.
const SKIPPED: &[&str] = &["engine/games", "train/games"];

/// Fails, listing `file:line: text`, when a tracked text file refers to how the project was
/// developed: the repository describes the product as it is, and its history lives in git.
///
/// `git grep` finds the lines with any of the marks' words; [`mark`] decides, so what counts
/// is in one function with its tests.
pub(crate) fn history_check(ctx: &Ctx) -> Result {
    say("    $ git grep (history check)");
    let mut grep = ctx.cmd("git");
    grep.args(["grep", "-n", "-I", "-i", "-F", "-z"]);
    for word in ["stop", "issue", "#1", "session"] {
        grep.args(["-e", word]);
    }
    grep.args(["--", "."]);
    grep.args(SKIPPED.iter().map(|p| format!(":(exclude){p}")));
    let out = grep
        .output()
        .map_err(|e| format!("cannot start `git grep`: {e}"))?;
    // git grep exits with 1 when no line matches.
    if !out.status.success() && out.status.code() != Some(1) {
        return Err(format!(
            "`git grep` exited with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let found = flagged_lines(&String::from_utf8_lossy(&out.stdout));
    if found.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} line(s) of tracked files say how the project was developed; say why the code \
         is as it is instead (the history belongs in git), or allow the file in \
         xtask/src/lint.rs with a reason:\n{}",
        found.len(),
        found.join("\n")
    ))
}

/// `path:line: text` for each line of `git grep -n -z` output (`path\0line\0text`) that
/// [`mark`] flags and [`ALLOWED`] does not let pass.
fn flagged_lines(grep_output: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in grep_output.lines() {
        let mut parts = entry.splitn(3, '\0');
        let (Some(path), Some(line), Some(text)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let Some(m) = mark(text) else { continue };
        let allowed = ALLOWED
            .iter()
            .any(|(file, marks, _why)| covers(file, path) && marks.contains(&m));
        if !allowed {
            let text = text.trim();
            let shown: String = text.chars().take(120).collect();
            let more = if shown.len() < text.len() { "..." } else { "" };
            found.push(format!("  {path}:{line}: {shown}{more}"));
        }
    }
    found
}

/// Whether the allow-list entry `file` is `path` or, ending in `/`, a folder that holds it.
fn covers(file: &str, path: &str) -> bool {
    path == file || (file.ends_with('/') && path.starts_with(file))
}

/// The first mark of development history in `line`, if any (case-insensitive):
/// `stop 23`, `stops 20-26`, `issue 17`, `issue #18`, `#17` as a ticket number, `session`.
///
/// Lets pass what only looks like one: `#10` to `#19` inside a longer token (CSS colours
/// such as `#1a1a1a` or `#101010`, `page#12`), HTML entities (`&#13;`), FFO test positions
/// (`FFO #12`, `FFO #10-#19`), and words that only contain the others (`sessionStorage`,
/// `nonstop 3`).
fn mark(line: &str) -> Option<Mark> {
    let lower = line.to_ascii_lowercase();
    let s = lower.as_bytes();
    let word = |i: usize| {
        s.get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    let digit = |i: usize| s.get(i).is_some_and(u8::is_ascii_digit);
    // `w` at byte `i` at the start of a word, with an optional plural "s": the index after.
    let word_at = |i: usize, w: &str| -> Option<usize> {
        if !lower[i..].starts_with(w) || (i > 0 && word(i - 1)) {
            return None;
        }
        let end = i + w.len();
        Some(if s.get(end) == Some(&b's') {
            end + 1
        } else {
            end
        })
    };
    for i in 0..s.len() {
        if !lower.is_char_boundary(i) {
            continue;
        }
        if let Some(end) = word_at(i, "stop") {
            // "stop 23": one space, then a number.
            if s.get(end) == Some(&b' ') && digit(end + 1) {
                return Some(Mark::Stop);
            }
        }
        if let Some(mut end) = word_at(i, "issue") {
            // "issue 17", "issue#17", "issue #17".
            if s.get(end) == Some(&b' ') {
                end += 1;
            }
            if s.get(end) == Some(&b'#') {
                end += 1;
            }
            if digit(end) {
                return Some(Mark::Issue);
            }
        }
        if let Some(end) = word_at(i, "session") {
            if !word(end) {
                return Some(Mark::Session);
            }
        }
        if s[i] == b'#'
            && s.get(i + 1) == Some(&b'1')
            && digit(i + 2)
            && !word(i + 3)
            && (i == 0 || !(word(i - 1) || s[i - 1] == b'&'))
            && !lower[..i].contains("ffo")
        {
            return Some(Mark::Number);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{flagged_lines, mark, Mark};

    #[test]
    fn flags_the_marks_of_development_history() {
        let flagged = [
            ("// measured in stop 23", Mark::Stop),
            ("as in the build of Stop 26 (inlined)", Mark::Stop),
            ("the 7 M of stops 20-26", Mark::Stop),
            ("// Clocks (issue #18): a time per player", Mark::Issue),
            ("Issue 17 asked for it", Mark::Issue),
            ("see issue#17", Mark::Issue),
            ("two issues 3 and 4", Mark::Issue),
            ("// Sound (#18): a cue", Mark::Number),
            ("#12 at the start of a line", Mark::Number),
            ("done in this session", Mark::Session),
            ("Session 4 tuned it", Mark::Session),
            ("over three sessions", Mark::Session),
        ];
        for (line, expected) in flagged {
            assert_eq!(mark(line), Some(expected), "{line:?}");
        }
    }

    #[test]
    fn lets_pass_what_only_looks_like_a_mark() {
        let passed = [
            "background: #1a1a1a;",
            "color: #101010; border: 1px solid #123;",
            "  label: \"#111111\",",
            "#[derive(Clone, Debug)]",
            "#[cfg(test)]",
            "replace(/'/g, \"&#39;\").replace(/\\r/g, \"&#13;\")",
            "FFO #12 to #39 from 16 empties",
            "/// FFO endgame #1: dark to move",
            "FFO #20-#39, the usual endgame test",
            "over FFO #10-#19 with two threads",
            "sessionStorage.setItem(\"seeded\", \"1\");",
            "let session_id = 3;",
            "a nonstop 3 hours",
            "the search stops when the budget is spent",
            "<stop offset=\"1\" stop-color=\"#111\"/>",
            "the issue is the time a move takes",
            "see https://example.org/page#12",
            "r#\"raw string\"#",
            "rounds 8 and 9: depth-10 games",
            "",
            "ééé stop é",
        ];
        for line in passed {
            assert_eq!(mark(line), None, "{line:?}");
        }
    }

    #[test]
    fn lists_file_and_line_and_lets_the_allowed_files_pass() {
        let grep = "engine/src/bin/outflank/nboard.rs\x0032\x00struct Session {\n\
                    engine/src/search/mod.rs\x00255\x00    // Since stop 27 the search\n\
                    engine/src/bin/outflank/nboard.rs\x0040\x00// stop 27\n\
                    server/src/auth.rs\x004\x00//! A session is a random token\n\
                    server/src/auth.rs\x009\x00// as in issue 12\n\
                    serverless.md\x001\x00a session\n\
                    web/style/_board.scss\x007\x00  color: #1a1a1a;\n\
                    tests/e2e/clock.spec.mjs\x001\x00// Clocks (issue #18): a time\n";
        assert_eq!(
            flagged_lines(grep),
            [
                "  engine/src/search/mod.rs:255: // Since stop 27 the search",
                "  engine/src/bin/outflank/nboard.rs:40: // stop 27",
                "  server/src/auth.rs:9: // as in issue 12",
                "  serverless.md:1: a session",
                "  tests/e2e/clock.spec.mjs:1: // Clocks (issue #18): a time",
            ]
        );
    }
}
