//! The keys of the transposition table: a position's Zobrist hashes under every
//! folded automorphism, kept per automorphism and updated with one XOR each per move;
//! its key is the least of them (with the player to move mixed in), so the positions
//! of one orbit share one entry, and a proved zone is stored in the frame of the
//! automorphism that gives the key ([`super`], *Symmetry*).

use super::{Cells, Hashes, MAX_SYMMETRIES, Position, Side, Solver, cells};

impl Solver<'_> {
    pub(super) fn hashes(&self, p: &Position) -> Hashes {
        let mut h = Hashes {
            h: [0; MAX_SYMMETRIES],
        };
        for (g, perm) in self.syms.iter().enumerate() {
            let mut x = 0;
            for c in cells(p.maker) {
                x ^= self.zobrist[perm[c] as usize];
            }
            for c in cells(p.breaker) {
                x ^= self.zobrist[128 + perm[c] as usize];
            }
            h.h[g] = x;
        }
        h
    }

    pub(super) fn child_hashes(&self, h: &Hashes, side: Side, c: usize) -> Hashes {
        let off = if side == Side::Maker { 0 } else { 128 };
        let mut out = *h;
        for (g, perm) in self.syms.iter().enumerate() {
            out.h[g] ^= self.zobrist[off + perm[c] as usize];
        }
        out
    }

    /// [`Solver::framed_key`] of the child reached when `side` takes `c` from the
    /// position with hashes `h`, without building the child's hashes.
    pub(super) fn child_key(&self, h: &Hashes, side: Side, c: usize) -> (u64, usize) {
        let off = if side == Side::Maker { 0 } else { 128 };
        let mut k = u64::MAX;
        let mut frame = 0;
        for (g, perm) in self.syms.iter().enumerate() {
            let x = h.h[g] ^ self.zobrist[off + perm[c] as usize];
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
        self.table.entry(key).map(|(pn, dn, z)| {
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
