//! The split modules every start fetches, each made one file with the chunks only it needs.
//!
//! wasm-split-cli gives each set of split points that share code a chunk of its own, fetched
//! beside every module that needs it: about a hundred small files. Two split points are called
//! at every start, at known moments: the reading of a returning player's saved game, before
//! the page starts, and the toolbar and side, once the board is live. Each needs tens of
//! chunks, and each chunk's fetch and instantiation is work on the page's thread, all in the
//! task that asks for the module: a long task on a phone. So each of the two is merged
//! (binaryen's wasm-merge) with the chunks it needs and the other does not, into its own file,
//! and `__wasm_split.js` is rewritten to match: a merged chunk is no longer fetched on its own,
//! and any other split module that needs one waits for the module that holds it instead (at
//! start it is there anyway). The chunks both need stay chunks.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::ctx::{run, with_args, Ctx, Result};

/// The split points called at every start, by the start of their names (`ui/src/components/lazy.rs`).
const AT_START: [&str; 2] = ["read_stored_", "later_part_view_"];

const LOADER: &str = "__wasm_split.js";
const EXPORT: &str = "export const __wasm_split_load_";

/// One top-level statement of the loader: a chunk's loader, a split module's, or other code.
enum Block {
    Chunk { number: u32, lines: Vec<String> },
    Module { name: String, lines: Vec<String> },
    Other(String),
}

/// Merges the start's split modules with their own chunks in `split` (wasm-split-cli's output)
/// and rewrites its loader to fetch them so.
pub(crate) fn regroup(ctx: &Ctx, split: &Path) -> Result {
    let loader = split.join(LOADER);
    let text = fs::read_to_string(&loader)
        .map_err(|e| format!("cannot read {}: {e}", loader.display()))?;
    let blocks = parse(&text)?;
    let module = |prefix: &str| -> Result<String> {
        let mut found = blocks.iter().filter_map(|b| match b {
            Block::Module { name, .. } if name.starts_with(prefix) => Some(name.clone()),
            _ => None,
        });
        match (found.next(), found.next()) {
            (Some(name), None) => Ok(name),
            _ => Err(format!(
                "regroup: not one split module named {prefix}* in {LOADER}"
            )),
        }
    };
    let starts = AT_START
        .iter()
        .map(|p| module(p))
        .collect::<Result<Vec<_>>>()?;
    let needs = |name: &str| -> BTreeSet<u32> {
        blocks
            .iter()
            .find_map(|b| match b {
                Block::Module { name: n, lines } if n == name => Some(deps(lines)),
                _ => None,
            })
            .unwrap_or_default()
    };
    // Each start module's own chunks: those no other start module needs.
    let own: Vec<BTreeSet<u32>> = starts
        .iter()
        .map(|name| {
            let others: BTreeSet<u32> = starts
                .iter()
                .filter(|n| *n != name)
                .flat_map(|n| needs(n))
                .collect();
            needs(name).difference(&others).copied().collect()
        })
        .collect();
    for (name, chunks) in starts.iter().zip(&own) {
        merge(ctx, split, name, chunks)?;
    }
    let holder = |chunk: u32| own.iter().position(|c| c.contains(&chunk));
    let rewrite_deps = |lines: &[String], this: Option<usize>| -> String {
        let mut names: Vec<String> = Vec::new();
        for chunk in deps(lines) {
            let name = match holder(chunk) {
                Some(group) if Some(group) == this => continue,
                Some(group) => format!("__start_{group}"),
                None => format!("__chunk_{chunk}"),
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        format!("[{}]", names.join(", "))
    };

    let mut out = String::new();
    let last_chunk = blocks
        .iter()
        .rposition(|b| matches!(b, Block::Chunk { .. }))
        .ok_or_else(|| format!("regroup: no chunks in {LOADER}"))?;
    for (i, block) in blocks.iter().enumerate() {
        match block {
            Block::Chunk { number, .. } if holder(*number).is_some() => {}
            Block::Chunk { lines, .. } => push_lines(&mut out, lines),
            Block::Module { name, lines } => match starts.iter().position(|s| s == name) {
                Some(group) => {
                    out.push_str(&format!("{EXPORT}{name} = wrapAsyncCb(__start_{group});\n"))
                }
                None => {
                    push_lines(&mut out, &lines[..lines.len() - 1]);
                    out.push_str(&format!(", {}));\n", rewrite_deps(lines, None)));
                }
            },
            Block::Other(line) => {
                out.push_str(line);
                out.push('\n');
            }
        }
        // The start modules' loaders go after the chunks' (their lists name chunks) and before
        // every module's (whose lists may name them).
        if i == last_chunk {
            for (group, name) in starts.iter().enumerate() {
                let Some(Block::Module { lines, .. }) = blocks
                    .iter()
                    .find(|b| matches!(b, Block::Module { name: n, .. } if n == name))
                else {
                    continue;
                };
                out.push_str(&format!(
                    "/* {name} and the chunks only it needs */\nconst __start_{group} = makeLoad(() => {{\n"
                ));
                push_lines(&mut out, &lines[1..lines.len() - 1]);
                out.push_str(&format!(", {});\n", rewrite_deps(lines, Some(group))));
            }
        }
    }
    fs::write(&loader, out).map_err(|e| format!("cannot write {}: {e}", loader.display()))
}

fn push_lines(out: &mut String, lines: &[String]) {
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
}

/// The loader's statements, in order. Its form is wasm-split-cli's (the version `cargo xtask
/// setup` installs); anything else is an error rather than a guess.
fn parse(text: &str) -> Result<Vec<Block>> {
    let changed = |what: &str| format!("regroup: {LOADER} is not in the form expected ({what})");
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(rest) = line.strip_prefix("const __chunk_") {
            let number = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| changed("a chunk's number"))?;
            let end = (i..lines.len())
                .find(|&j| lines[j] == ", []);")
                .ok_or_else(|| changed("a chunk's end"))?;
            // The comment before it names the split points that use it.
            let mut block: Vec<String> = Vec::new();
            if let Some(Block::Other(comment)) = blocks.last() {
                if comment.starts_with("/*") {
                    block.push(comment.clone());
                    blocks.pop();
                }
            }
            block.extend(lines[i..=end].iter().map(|l| l.to_string()));
            blocks.push(Block::Chunk {
                number,
                lines: block,
            });
            i = end + 1;
        } else if let Some(rest) = line.strip_prefix(EXPORT) {
            let name = rest
                .split(' ')
                .next()
                .filter(|_| line.ends_with("= wrapAsyncCb(makeLoad(() => {"))
                .ok_or_else(|| changed("a split module's loader"))?
                .to_string();
            let end = (i..lines.len())
                .find(|&j| lines[j].starts_with(", [") && lines[j].ends_with("]));"))
                .ok_or_else(|| changed("a split module's end"))?;
            blocks.push(Block::Module {
                name,
                lines: lines[i..=end].iter().map(|l| l.to_string()).collect(),
            });
            i = end + 1;
        } else {
            blocks.push(Block::Other(line.to_string()));
            i += 1;
        }
    }
    Ok(blocks)
}

/// The chunks a split module's loader waits for (its last line's list).
fn deps(lines: &[String]) -> BTreeSet<u32> {
    let last = lines.last().map(String::as_str).unwrap_or_default();
    last.split("__chunk_")
        .skip(1)
        .filter_map(|s| s.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect()
}

/// Merges `chunks` into the split module `name`'s file and removes their files.
///
/// Every module of the split imports the page's memory, function table and stack pointer from
/// `__wasm_split` and installs its functions in the table at fixed places, calling across
/// modules only through it; so the merged module is the modules side by side, importing those
/// three once. wasm-merge joins an import to another module's export of that name, so a shell
/// named `__wasm_split` that passes the three through (from a module of another name) makes
/// them one; that name is then set back.
fn merge(ctx: &Ctx, split: &Path, name: &str, chunks: &BTreeSet<u32>) -> Result {
    let module = split.join(format!("split_{name}.wasm"));
    let text = |path: &Path| {
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let own_text = split.join("regroup-module.wat");
    let mut dis = ctx.cmd("wasm-dis");
    dis.arg(&module).arg("-o").arg(&own_text);
    run(dis)?;
    const HOST: &str = "__wasm_split_host";
    let imports: Vec<String> = text(&own_text)?
        .lines()
        .filter(|l| l.starts_with(" (import \"__wasm_split\" "))
        .map(|l| l.replacen("\"__wasm_split\"", &format!("\"{HOST}\""), 1))
        .collect();
    let mut shell = String::from("(module\n");
    for import in &imports {
        shell.push_str(import);
        shell.push('\n');
    }
    for import in &imports {
        let field = import.split('"').nth(3).unwrap_or_default();
        let kind = ["memory", "table", "global"]
            .into_iter()
            .find(|k| import.contains(&format!("({k} ")))
            .ok_or_else(|| format!("regroup: an import of an unexpected kind: {import}"))?;
        shell.push_str(&format!(" (export \"{field}\" ({kind} 0))\n"));
    }
    shell.push_str(")\n");
    let shell_path = split.join("regroup-shell.wat");
    fs::write(&shell_path, shell)
        .map_err(|e| format!("cannot write {}: {e}", shell_path.display()))?;

    // The merged text carries no features: they are given to each tool, and written back into
    // the module for the tools after (wasm-opt reads them there).
    let features: Vec<String> = target_features(&module)?
        .iter()
        .map(|f| format!("--enable-{f}"))
        .collect();
    let merged_text = split.join("regroup-merged.wat");
    let mut merge = with_args(ctx.cmd("wasm-merge"), &["--debuginfo"]);
    merge.args(&features);
    merge.arg(&shell_path).arg("__wasm_split");
    merge.arg(&module).arg("module");
    for chunk in chunks {
        merge
            .arg(split.join(format!("chunk_{chunk}.wasm")))
            .arg(format!("chunk_{chunk}"));
    }
    merge.arg("-S").arg("-o").arg(&merged_text);
    run(merge)?;
    // The three imports under their own name again; the shell's exports dropped (the split
    // modules export nothing).
    let mut merged = String::new();
    for line in text(&merged_text)?.lines() {
        if line.starts_with(" (export \"") {
            continue;
        }
        let line = line.replacen(
            &format!(" (import \"{HOST}\" "),
            " (import \"__wasm_split\" ",
            1,
        );
        if line.starts_with(" (import ") && !line.starts_with(" (import \"__wasm_split\" ") {
            return Err(format!("regroup: the merged {name} imports more: {line}"));
        }
        merged.push_str(&line);
        merged.push('\n');
    }
    fs::write(&merged_text, merged)
        .map_err(|e| format!("cannot write {}: {e}", merged_text.display()))?;
    let mut assemble = with_args(
        ctx.cmd("wasm-opt"),
        &["--debuginfo", "--emit-target-features"],
    );
    assemble
        .args(&features)
        .arg(&merged_text)
        .arg("-o")
        .arg(&module);
    run(assemble)?;
    for path in [own_text, shell_path, merged_text]
        .into_iter()
        .chain(chunks.iter().map(|c| split.join(format!("chunk_{c}.wasm"))))
    {
        fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The features a module says it uses (its `target_features` section, which rustc writes), in
/// binaryen's names.
fn target_features(module: &Path) -> Result<Vec<String>> {
    let bytes = fs::read(module).map_err(|e| format!("cannot read {}: {e}", module.display()))?;
    let missing = || {
        format!(
            "regroup: {} has no target_features section",
            module.display()
        )
    };
    let name = b"target_features";
    let at = bytes
        .windows(name.len())
        .rposition(|w| w == name)
        .ok_or_else(missing)?;
    let mut rest = &bytes[at + name.len()..];
    let leb = |rest: &mut &[u8]| -> Option<usize> {
        let (mut value, mut shift) = (0usize, 0);
        loop {
            let (&byte, tail) = rest.split_first()?;
            *rest = tail;
            value |= usize::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Some(value);
            }
            shift += 7;
        }
    };
    let count = leb(&mut rest).ok_or_else(missing)?;
    let mut features = Vec::new();
    for _ in 0..count {
        let (&prefix, tail) = rest.split_first().ok_or_else(missing)?;
        rest = tail;
        let len = leb(&mut rest).ok_or_else(missing)?;
        let feature = rest.get(..len).ok_or_else(missing)?;
        rest = &rest[len..];
        if prefix == b'+' {
            // rustc's `nontrapping-fptoint` is binaryen's `nontrapping-float-to-int`.
            let feature = String::from_utf8_lossy(feature).replace("fptoint", "float-to-int");
            features.push(feature);
        }
    }
    Ok(features)
}
