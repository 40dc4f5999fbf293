//! A pool of solvers of one game, kept for reuse by parallel searches of many
//! positions (`--moves`, `--shard`): a large table is allocated and faulted in once
//! per thread, not once per position.

use super::{Options, Solver};
use crate::game::Game;
use std::sync::atomic::AtomicBool;

/// Solvers of one game kept for reuse by parallel searches of many positions: each
/// search takes one (reset: every count as a fresh solver's) or makes one, and gives
/// it back, so that a large table is allocated and faulted in once per thread, not
/// once per position.
pub struct Pool<'g> {
    game: &'g Game,
    memory: usize,
    node_limit: Option<u64>,
    stop: Option<&'g AtomicBool>,
    solvers: std::sync::Mutex<Vec<Solver<'g>>>,
}

impl<'g> Pool<'g> {
    /// A pool of solvers of `game`, each with a table of `memory` bytes, node limit
    /// `node_limit` and stop flag `stop` ([`Options::stop`]).
    pub fn new(
        game: &'g Game,
        memory: usize,
        node_limit: Option<u64>,
        stop: Option<&'g AtomicBool>,
    ) -> Pool<'g> {
        Pool {
            game,
            memory,
            node_limit,
            stop,
            solvers: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Runs `f` with a solver as new.
    pub fn with<R>(&self, f: impl FnOnce(&mut Solver<'g>) -> R) -> R {
        let reused = self.solvers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut solver = match reused {
            Some(mut s) => {
                s.reset(self.node_limit);
                s
            }
            None => Solver::new(
                self.game,
                &Options {
                    memory: self.memory,
                    node_limit: self.node_limit,
                    progress: None,
                    stop: self.stop,
                },
            ),
        };
        let r = f(&mut solver);
        self.solvers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(solver);
        r
    }
}
