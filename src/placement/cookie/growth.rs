//! The estimate of a census's size before it runs ([`Growth`]): the number of
//! line-connected sets grows roughly like `(8(k − 1))^(t − 1)` for the four
//! directions, so the commands size a census up, refuse one beyond their budget, and
//! choose the largest size a budget reaches.

use super::*;

/// How fast the census grows, to say up front when it is out of reach: the sets of 2
/// and 3 cells counted exactly, then the last ratio extrapolated.
#[derive(Clone, Copy, Debug)]
pub struct Growth {
    two: f64,
    three: f64,
}

impl Growth {
    /// The growth of `game`'s census (a census of 3 cells).
    pub fn of(game: &Game) -> Growth {
        Growth::within(game, game.k as i64 - 1)
    }

    /// The growth of [`census_within`] with links of at most `reach` steps.
    pub fn within(game: &Game, reach: i64) -> Growth {
        let c = census_within(game, 3, reach);
        Growth {
            two: c[2].sets as f64,
            three: c[3].sets as f64,
        }
    }

    /// A rough count of the line-connected sets of `t` cells.
    pub fn sets(&self, t: usize) -> f64 {
        if t <= 2 {
            return self.two;
        }
        let ratio = if self.two > 0.0 {
            self.three / self.two
        } else {
            1.0
        };
        self.three * ratio.powi(t as i32 - 3)
    }

    /// The largest size up to `t_max` (at least 2) whose census stays within `budget`
    /// sets.
    pub fn reach(&self, t_max: usize, budget: f64) -> usize {
        let mut t = t_max;
        while t > 2 && self.sets(t) > budget {
            t -= 1;
        }
        t
    }
}
