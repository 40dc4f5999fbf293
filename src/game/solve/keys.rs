//! The keys of the transposition table: a position's Zobrist hashes under every
//! folded automorphism, kept per automorphism and updated with a few XORs each per
//! move; its key is the least of them (with the player to move mixed in), so the
//! positions of one orbit share one entry, and a proved zone is stored in the frame
//! of the automorphism that gives the key ([`super`], *Symmetry*).
//!
//! # The reduced position
//!
//! What is hashed is not the position itself but its *reduction* (docs/spec.md
//! §11.4, *The reduced position*): the cells of the live winning sets — Maker's and free — stay as they
//! are, and every other cell counts as Breaker's. A cell in no live set can never
//! matter again, to either player (the dead-cell lemma), whoever holds it or whether
//! it is free, so a position and its reduction have the same value; positions that
//! differ only in such cells share one entry of the table. The relevant cells only
//! shrink as the game goes on (a set once dead stays dead), so the reduction follows
//! a move with the few cells the move releases ([`Step`]): none when Maker moves;
//! when Breaker takes `b`, the cells of the sets through `b` that lie in no other
//! live set.
//!
//! Everything the table holds transfers between positions with one reduction: the
//! live sets, Maker's cells in them and their free cells are the same, and so are
//! the value and a proved zone (a union of winning sets; the sets inside it that
//! are live are the same live sets).

use super::{Cells, Hashes, MAX_SYMMETRIES, Position, Side, Solver, cells};

/// How a move changes the reduced position: the cell the move takes, as Maker's or
/// Breaker's, and the cells it releases (Maker's or free cells that leave the last
/// live set through them and count as Breaker's from then on).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Step {
    /// The cell taken by Maker, if it is relevant.
    pub(super) maker_in: Cells,
    /// Maker's cells released to Breaker.
    pub(super) maker_out: Cells,
    /// Free cells released to Breaker, and Breaker's cell taken if it was relevant.
    pub(super) breaker_in: Cells,
}

impl Solver<'_> {
    /// The cells of the live winning sets at `p` (Maker's and free): the cells the
    /// reduced position keeps.
    pub(super) fn relevant(&self, p: &Position) -> Cells {
        self.sets
            .iter()
            .filter(|&&s| s & p.breaker == 0)
            .fold(0, |a, &s| a | s)
    }

    /// The hashes of the reduction of `p`, from scratch.
    pub(super) fn hashes(&self, p: &Position) -> Hashes {
        let rel = self.relevant(p);
        let maker = p.maker & rel;
        let breaker = self.game.all() & !rel;
        let mut h = Hashes {
            h: [0; MAX_SYMMETRIES],
        };
        for (g, perm) in self.syms.iter().enumerate() {
            let mut x = 0;
            for c in cells(maker) {
                x ^= self.zobrist[perm[c] as usize];
            }
            for c in cells(breaker) {
                x ^= self.zobrist[128 + perm[c] as usize];
            }
            h.h[g] = x;
        }
        h
    }

    /// The change of the reduction of `p` (whose relevant cells are `rel`) when the
    /// player to move takes `c`; `live` are the live sets at `p`.
    pub(super) fn step(&self, p: &Position, rel: Cells, live: &[Cells], c: usize) -> Step {
        let bit: Cells = 1 << c;
        if rel & bit == 0 {
            // A cell in no live set: the reduction already counts it as Breaker's.
            return Step::default();
        }
        match p.to_move {
            Side::Maker => Step {
                maker_in: bit,
                ..Step::default()
            },
            Side::Breaker => {
                let kept = live
                    .iter()
                    .filter(|&&s| s & bit == 0)
                    .fold(0, |a, &s| a | s);
                let gone = rel & !kept;
                Step {
                    maker_in: 0,
                    maker_out: gone & p.maker,
                    breaker_in: gone & !p.maker,
                }
            }
        }
    }

    /// The XOR that `step` applies to the hash under automorphism `perm`.
    fn delta(&self, perm: &[u8], step: &Step) -> u64 {
        let mut x = 0;
        for c in cells(step.maker_in | step.maker_out) {
            x ^= self.zobrist[perm[c] as usize];
        }
        for c in cells(step.maker_out | step.breaker_in) {
            x ^= self.zobrist[128 + perm[c] as usize];
        }
        x
    }

    /// The hashes after `step`.
    pub(super) fn child_hashes(&self, h: &Hashes, step: &Step) -> Hashes {
        let mut out = *h;
        for (g, perm) in self.syms.iter().enumerate() {
            out.h[g] ^= self.delta(perm, step);
        }
        out
    }

    /// [`Solver::framed_key`] of the child reached by `step` from the position with
    /// hashes `h`, whose player to move is `side`, without building the child's
    /// hashes.
    pub(super) fn child_key(&self, h: &Hashes, side: Side, step: &Step) -> (u64, usize) {
        let mut k = u64::MAX;
        let mut frame = 0;
        for (g, perm) in self.syms.iter().enumerate() {
            let x = h.h[g] ^ self.delta(perm, step);
            if x < k {
                k = x;
                frame = g;
            }
        }
        (Self::side_key(k, side.other()), frame)
    }

    /// A position's key from its least hash: the player to move is part of the
    /// position.
    pub(super) fn side_key(k: u64, to_move: Side) -> u64 {
        if to_move == Side::Maker {
            k
        } else {
            k ^ 0x5851_F42D_4C95_7F2D
        }
    }

    /// The key and the automorphism that gives it (the frame of the stored zone).
    pub(super) fn framed_key(&self, h: &Hashes, side: Side) -> (u64, usize) {
        let mut k = h.h[0];
        let mut frame = 0;
        for (g, &x) in h.h[..self.syms.len()].iter().enumerate().skip(1) {
            if x < k {
                k = x;
                frame = g;
            }
        }
        (Self::side_key(k, side), frame)
    }

    /// The image of `zone` under automorphism `g` (into the canonical frame).
    pub(super) fn zone_to_frame(&self, zone: Cells, g: usize) -> Cells {
        if g == 0 {
            return zone;
        }
        cells(zone).fold(0, |a, c| a | 1 << self.syms[g][c])
    }

    /// The preimage of `zone` under automorphism `g` (out of the canonical frame).
    pub(super) fn zone_from_frame(&self, zone: Cells, g: usize) -> Cells {
        if g == 0 {
            return zone;
        }
        let perm = &self.syms[g];
        (0..perm.len())
            .filter(|&c| zone >> perm[c] & 1 == 1)
            .fold(0, |a, c| a | 1 << c)
    }

    /// What the table knows of a position with hashes `h`: its numbers and, when
    /// Maker has won, its zone.
    pub(super) fn lookup(&self, h: &Hashes, side: Side) -> Option<(u32, u32, Cells)> {
        let (key, frame) = self.framed_key(h, side);
        self.lookup_key(key, frame)
    }

    /// [`Solver::lookup`] of a position by its key and the frame of its zone.
    pub(super) fn lookup_key(&self, key: u64, frame: usize) -> Option<(u32, u32, Cells)> {
        let entry = self.table.entry(key);
        entry
            .filter(|&(pn, dn, _)| self.trusted(pn, dn))
            .map(|(pn, dn, z)| {
                (
                    pn,
                    dn,
                    if pn == 0 {
                        self.zone_from_frame(z, frame)
                    } else {
                        0
                    },
                )
            })
    }

    /// Stores a position's numbers (and zone, when Maker has won).
    pub(super) fn store(
        &mut self,
        h: &Hashes,
        side: Side,
        pn: u32,
        dn: u32,
        work: u64,
        zone: Cells,
    ) {
        let (key, frame) = self.framed_key(h, side);
        let z = if pn == 0 {
            self.zone_to_frame(zone, frame)
        } else {
            0
        };
        self.table.put(key, pn, dn, work, z);
    }

    /// The key of a position in the table (the least hash over the automorphisms).
    pub fn key_of(&self, p: &Position) -> u64 {
        self.framed_key(&self.hashes(p), p.to_move).0
    }
}
