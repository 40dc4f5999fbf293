//! What `amoba solve GAME` prints of a whole search ([`crate::game::decide`]): the
//! text of the answer, the progress line of the root's search, and the exit status
//! (0 decided, 1 not decided within the limits given). A split search is
//! [`super::solve_parts`]'s.

use crate::core::text::counted;
use crate::game::Game;
use crate::game::decide::Answer;
use crate::game::solve::Progress;
use std::fmt::Write as _;

/// The exit status of `answer`: 0 when the root is decided, 1 when not.
pub fn status(answer: &Answer) -> u8 {
    if answer.root.winner.is_some() { 0 } else { 1 }
}

/// The text of `answer` for the game `game` named `name`, decided in `seconds`: the
/// game, the winner (or the root's numbers when not decided), the nodes with the time
/// and the peak memory, then with `--moves` who wins after each first move.
pub fn text(game: &Game, name: &str, answer: &Answer, seconds: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "game {}: {} cells, {} winning sets, {} moves first; {} automorphism{} folded",
        name,
        game.ncells(),
        game.sets.len(),
        game.first,
        answer.symmetries,
        if answer.symmetries == 1 { "" } else { "s" }
    );
    let _ = match answer.root.winner {
        Some(w) => writeln!(s, "winner: {w}"),
        None => writeln!(
            s,
            "not decided within the node limit: root proof number {}, disproof number {}",
            answer.root.pn, answer.root.dn
        ),
    };
    let _ = writeln!(
        s,
        "nodes: {} ({:.2} s, peak memory {})",
        answer.total_nodes(),
        seconds,
        crate::core::io::peak_memory_bytes()
            .map(|b| format!("{:.0} MB", b as f64 / 1e6))
            .unwrap_or_else(|| "unknown".into())
    );
    if let Some(moves) = &answer.moves {
        let _ = writeln!(s, "first moves (who wins after each):");
        for m in moves {
            let w = m
                .winner
                .map(|w| format!("{w} wins"))
                .unwrap_or_else(|| "not decided".into());
            let nodes = counted(m.nodes, "node", "nodes");
            let _ = writeln!(s, "  {:>8}  {w}  ({nodes})", game.label(m.cell));
        }
    }
    s
}

/// The progress line of the root's search of the game `name`: nodes, rate, table
/// fill, the root's proof and disproof numbers, the first moves decided.
pub fn progress_line(name: &str, p: &Progress) -> String {
    format!(
        "solve {name}: {} nodes in {:.0} s ({:.0}/s), table {:.1}% full, root pn {} dn {}, first moves decided {} of {}",
        p.nodes,
        p.seconds,
        p.nodes as f64 / p.seconds.max(1e-9),
        100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64,
        p.root_pn,
        p.root_dn,
        p.root_settled,
        p.root_moves
    )
}
