//! Narrowed searches: only the heaviest moves of one player (docs/spec.md §11.20).
//!
//! # What it computes
//!
//! With a [`Narrow`] of `k` moves for player `X`, the search tries, at each position
//! it searches where `X` is to move, only the first `k` of the moves the look lists
//! there — the heaviest first, by the weight `Σ 2^(−f)` of the live sets through them
//! (the essay of [`super`]) — and at the other player's positions the moves it would
//! try without narrowing. A position it proves won for `X` is won for `X` in the game
//! (docs/spec.md §11.20 proves it): `X`'s moves are moves of the game, whichever were
//! left out, and every move of the other player's is answered as before. So the
//! search reports `X`'s wins, and their certificates are written and checked like any
//! other. A position it proves won for the other player may be won for `X` by a move
//! left out: the search reports it as not decided, with the numbers it reached (the
//! proof number `INF` for a narrowed Maker, the disproof number `INF` for a narrowed
//! Breaker; [`Narrow::exhausted`]).
//!
//! # Invariants
//!
//! The table's entries of `X`'s wins are wins in the game; once the narrowing has
//! left out a move (`cut`), its entries of the other player's wins may hold only
//! against a narrowed `X`. [`Solver::solve`](super::Solver::solve) and
//! [`Solver::value`](super::Solver::value) then never report the latter
//! ([`Narrow::sound`]), though within the search they steer it like any other number;
//! before the first cut, every verdict is the game's and is reported. The zones of
//! Maker's wins (§11.3 (f)) are zones in the game when `X` is Maker; when `X` is
//! Breaker, they only choose which of Breaker's moves are searched.
//!
//! # Certificates
//!
//! A certificate answers every move of the loser's, also those the search refuted
//! without searching them (by a zone, say), and the extraction searches such
//! positions where the table holds no proof. A narrowed search may miss those wins —
//! the strategy that refutes them may use a move left out — so the extraction lifts
//! the narrowing first ([`Solver::lift_narrowing`](super::Solver::lift_narrowing)):
//! its searches are the game's, and they read the other player's wins in the table
//! as unknown. By docs/spec.md §11.20 they find the win.
//!
//! # Why
//!
//! The positions that stay open longest — the first moves of (4, 13, 7^tr) — have
//! Maker to move at dozens of cells at each of his nodes, and the search looks at each
//! child it meets (a scan and a threat search) before it chooses one. With Maker's
//! moves cut to his ten heaviest, the root of (4, 13) and the position after its
//! first move 6,2 take a quarter of the CPU, the position after 1,2 a seventh, and
//! the position after 0,3 and Breaker's 1,0, open after 250 million nodes, is decided
//! in 124 million (BENCHMARKS.md, *Narrowed searches*). Once a move is left out, its
//! verdict can only be "`X` wins" or "not decided": it is the tool for a position
//! believed won by `X`, as those are by Maker.
//!
//! # Example
//!
//! ```
//! use amoba::game::Side;
//! use amoba::game::solve::{Narrow, Options, Position, Solver};
//!
//! let game = amoba::game::generate::strip_7tr(9).unwrap();
//! let narrow: Narrow = "maker:8".parse().unwrap();
//! let options = Options { narrow: Some(narrow), ..Options::default() };
//! let mut solver = Solver::new(&game, &options);
//! assert_eq!(solver.solve(&Position::start(&game)).winner, Some(Side::Maker));
//! // With only his heaviest move, Maker finds no win: not decided, never Breaker's.
//! let one = Options { narrow: Some("maker:1".parse().unwrap()), ..Options::default() };
//! let outcome = Solver::new(&game, &one).solve(&Position::start(&game));
//! assert_eq!(outcome.winner, None);
//! assert!(Narrow::exhausted(one.narrow, outcome.pn, outcome.dn));
//! ```

use super::{INF, Side};

/// The most moves a narrowed player may be given: a game has at most 128 cells.
pub const MAX_NARROW: u32 = 128;

/// A search of only the heaviest moves of one player (the module documentation). In
/// JSON (`amoba solve --json`), `{"side": "maker", "moves": 10}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Narrow {
    /// The player whose moves are narrowed: its wins are reported, the other's are not.
    pub side: Side,
    /// How many of its moves are tried at each of its positions, heaviest first
    /// (1 to [`MAX_NARROW`]).
    pub moves: u32,
}

impl Narrow {
    /// Whether a win for `winner` found by a search narrowed by `narrow` (or by none)
    /// is a win in the game.
    pub fn sound(narrow: Option<Narrow>, winner: Side) -> bool {
        narrow.is_none_or(|n| n.side == winner)
    }

    /// Whether a search narrowed by `narrow` that ended undecided with numbers `(pn,
    /// dn)` searched its narrowed game to the end: the other player won that game,
    /// which is not a win in the game.
    pub fn exhausted(narrow: Option<Narrow>, pn: u32, dn: u32) -> bool {
        narrow.is_some_and(|n| match n.side {
            Side::Maker => pn == INF,
            Side::Breaker => dn == INF,
        })
    }
}

impl std::str::FromStr for Narrow {
    type Err = String;
    /// Parses `maker:K` or `breaker:K` (in any case), `1 ≤ K ≤ 128`.
    fn from_str(text: &str) -> Result<Narrow, String> {
        let (side, k) = text.split_once(':').ok_or_else(|| {
            format!("expected maker:K or breaker:K (e.g. maker:10), found {text:?}")
        })?;
        let side = match side.trim().to_ascii_lowercase().as_str() {
            "maker" => Side::Maker,
            "breaker" => Side::Breaker,
            _ => {
                return Err(format!(
                    "expected maker or breaker, found {:?}",
                    side.trim()
                ));
            }
        };
        let moves: u32 = k
            .trim()
            .parse()
            .map_err(|_| format!("expected a number of moves, found {k:?}"))?;
        if !(1..=MAX_NARROW).contains(&moves) {
            return Err(format!("expected 1 to {MAX_NARROW} moves, found {moves}"));
        }
        Ok(Narrow { side, moves })
    }
}

impl std::fmt::Display for Narrow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.side.word(), self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_bounds_the_width() {
        assert_eq!(
            "maker:10".parse::<Narrow>(),
            Ok(Narrow {
                side: Side::Maker,
                moves: 10
            })
        );
        assert_eq!(
            "Breaker:128".parse::<Narrow>().map(|n| n.to_string()),
            Ok("breaker:128".into())
        );
        for bad in [
            "maker",
            "maker:0",
            "maker:129",
            "maker:-1",
            "both:3",
            "maker:x",
            "",
        ] {
            assert!(bad.parse::<Narrow>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_the_narrowed_players_wins_are_sound() {
        let n = Some(Narrow {
            side: Side::Maker,
            moves: 4,
        });
        assert!(Narrow::sound(n, Side::Maker));
        assert!(!Narrow::sound(n, Side::Breaker));
        assert!(Narrow::sound(None, Side::Breaker));
    }
}
