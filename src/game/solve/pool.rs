//! A pool of solvers of one game, kept for reuse by parallel searches of many
//! positions (`--moves`, `--shard`): a large table is allocated and faulted in once
//! per thread, not once per position.

use super::{Options, Solver};
use crate::game::Game;

/// Solvers of one game kept for reuse by parallel searches of many positions: each
/// search takes one (reset: every count as a fresh solver's) or makes one, and gives
/// it back, so that a large table is allocated and faulted in once per thread, not
/// once per position.
pub struct Pool<'g> {
    game: &'g Game,
    options: Options<'g>,
    solvers: std::sync::Mutex<Vec<Solver<'g>>>,
}

impl<'g> Pool<'g> {
    /// A pool of solvers of `game`, each made with `options`.
    pub fn new(game: &'g Game, options: Options<'g>) -> Pool<'g> {
        Pool {
            game,
            options,
            solvers: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Runs `f` with a solver as new.
    pub fn with<R>(&self, f: impl FnOnce(&mut Solver<'g>) -> R) -> R {
        let reused = self.solvers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut solver = match reused {
            Some(mut s) => {
                s.reset(self.options.node_limit);
                s
            }
            None => Solver::new(self.game, &self.options),
        };
        let r = f(&mut solver);
        self.solvers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(solver);
        r
    }
}
