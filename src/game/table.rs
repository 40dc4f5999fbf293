//! The transposition table of the proof-number search ([`super::solve`]): proof and
//! disproof numbers of positions, by a 64-bit key, in a fixed amount of memory.
//!
//! # Layout and invariants
//!
//! Buckets of `WAYS` slots. The *head* of a slot is two `u64` words: the key and
//! `pn << 32 | dn`; the four heads of a bucket fill one 64-byte cache line, so a
//! look-up that finds an undecided position, or none, reads one line. The *tail* of a
//! slot, kept apart, is three words: the work spent on the position (nodes searched
//! below it; decided positions carry bit 32 on top, so they outrank any undecided
//! work), and, for a position Maker is proved to win, its *zone* (two words, low
//! cells first; see [`super::solve`]), in the frame of the position's canonical image.
//! The bucket of a key is the key mixed (multiplied by an odd constant) and scaled to
//! the number of buckets, the high word of a product: any number of buckets works,
//! so a table uses all the memory it is given, not the largest power of two below
//! it. The mixing matters: a key is the least of a position's hashes under the
//! automorphisms, so its top bits lean towards 0, and scaled unmixed they would
//! crowd the first buckets. A slot whose numbers word is zero is empty: no stored
//! position has `pn = dn = 0`. A new position replaces the slot of its bucket with the
//! least work (Nagai's *SmallTreeReplacement*), so a full table forgets its cheapest
//! knowledge first and the search goes on.
//!
//! [`Table::warm`] reads the head lines of many keys at once, before their look-ups:
//! the reads are independent, so the processor overlaps their cache misses, which
//! one look-up after another (each followed by work on its answer) would not.

/// Words of a slot's head (the key, the numbers) and of its tail (the work, the zone).
const HEAD: usize = 2;
const TAIL: usize = 3;

/// Words of a cache line.
const LINE: usize = 8;

/// Entries per bucket.
const WAYS: usize = 4;

/// The transposition table (see the module documentation). Heads and tails live in
/// two zeroed allocations of `u64` words, which the operating system maps lazily: a
/// large table costs memory only as it fills. A slot whose numbers word is zero is
/// empty (no stored position has `pn = dn = 0`).
pub struct Table {
    /// The heads, from word `offset` on (the first word on a cache-line boundary).
    heads: Vec<u64>,
    offset: usize,
    tails: Vec<u64>,
    buckets: usize,
    used: u64,
    /// The buckets written since the table was last cleared, while they are few
    /// (at most one in [`Table::SPARSE`]); `None` beyond.
    touched: Option<Vec<usize>>,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket): as many buckets as
    /// fit.
    pub fn new(bytes: usize) -> Table {
        let per_bucket = WAYS * (HEAD + TAIL) * 8;
        let buckets = (bytes / per_bucket).max(1);
        let heads = vec![0u64; buckets * WAYS * HEAD + LINE];
        // Words are 8-byte aligned; skip to the first on a 64-byte boundary.
        let offset = (heads.as_ptr() as usize).wrapping_neg() % (LINE * 8) / 8;
        Table {
            heads,
            offset,
            tails: vec![0u64; buckets * WAYS * TAIL],
            buckets,
            used: 0,
            touched: Some(Vec::new()),
        }
    }

    /// The share of the buckets up to which [`Table::clear`] empties bucket by bucket.
    const SPARSE: usize = 16;

    /// Empties the table, as if it were new: bucket by bucket when few were written
    /// (a table reused for many small searches, each touching a few pages of a large
    /// allocation), otherwise whole.
    pub fn clear(&mut self) {
        match self.touched.as_mut() {
            Some(t) => {
                for &b in t.iter() {
                    let h = self.offset + b * WAYS * HEAD;
                    self.heads[h..h + WAYS * HEAD].fill(0);
                    self.tails[b * WAYS * TAIL..(b + 1) * WAYS * TAIL].fill(0);
                }
                t.clear();
            }
            None => {
                self.heads.fill(0);
                self.tails.fill(0);
                self.touched = Some(Vec::new());
            }
        }
        self.used = 0;
    }

    /// The bytes the table occupies once full.
    pub fn bytes(&self) -> usize {
        (self.heads.len() - LINE + self.tails.len()) * 8
    }

    /// Entries in use and capacity.
    pub fn fill(&self) -> (u64, u64) {
        (self.used, (self.buckets * WAYS) as u64)
    }

    /// The bucket of `key`: the key mixed by a multiplication (Fibonacci hashing),
    /// read as a fraction of 2^64, times the number of buckets.
    fn bucket(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.buckets as u128) >> 64) as usize
    }

    /// The heads of bucket `b`.
    fn heads_of(&self, b: usize) -> &[u64] {
        let h = self.offset + b * WAYS * HEAD;
        &self.heads[h..h + WAYS * HEAD]
    }

    /// Reads the lines of each key's bucket, so that the look-ups that follow
    /// find them in the cache (see the module documentation).
    pub fn warm(&self, keys: impl Iterator<Item = u64>) {
        let mut x = 0;
        for key in keys {
            let b = self.bucket(key);
            // The head line, and the two lines the bucket's tails span (a position
            // not found is stored next, and its slot is chosen by the tails' work).
            x ^= self.heads[self.offset + b * WAYS * HEAD]
                ^ self.tails[b * WAYS * TAIL]
                ^ self.tails[(b + 1) * WAYS * TAIL - 1];
        }
        std::hint::black_box(x);
    }

    /// The numbers stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<(u32, u32)> {
        self.find(key).map(|(_, pn, dn)| (pn, dn))
    }

    /// The numbers and the zone stored for `key`, if any (the zone is 0 unless
    /// `pn = 0`).
    pub fn entry(&self, key: u64) -> Option<(u32, u32, u128)> {
        let (slot, pn, dn) = self.find(key)?;
        let zone = if pn == 0 {
            let t = slot * TAIL;
            self.tails[t + 1] as u128 | (self.tails[t + 2] as u128) << 64
        } else {
            0
        };
        Some((pn, dn, zone))
    }

    /// The slot holding `key` (numbered over the whole table) and its numbers, read
    /// from the heads alone.
    fn find(&self, key: u64) -> Option<(usize, u32, u32)> {
        let b = self.bucket(key);
        let heads = self.heads_of(b);
        let i = (0..WAYS).find(|&i| heads[i * HEAD] == key && heads[i * HEAD + 1] != 0)?;
        let n = heads[i * HEAD + 1];
        Some((b * WAYS + i, (n >> 32) as u32, n as u32))
    }

    /// Stores the numbers of `key` with the work spent on it and, when `pn = 0`,
    /// the zone.
    pub fn put(&mut self, key: u64, pn: u32, dn: u32, work: u64, zone: u128) {
        let b = self.bucket(key);
        let work = work.min(u32::MAX as u64);
        // Decided positions are worth more than any amount of undecided work.
        let work = if pn == 0 || dn == 0 {
            work | 1 << 32
        } else {
            work
        };
        let h = self.offset + b * WAYS * HEAD;
        let t = b * WAYS * TAIL;
        let mut victim = 0;
        for i in 0..WAYS {
            let (key_i, numbers) = (self.heads[h + i * HEAD], self.heads[h + i * HEAD + 1]);
            if numbers == 0 || key_i == key {
                victim = i;
                break;
            }
            if self.tails[t + i * TAIL] < self.tails[t + victim * TAIL] {
                victim = i;
            }
        }
        let (hv, tv) = (h + victim * HEAD, t + victim * TAIL);
        if self.heads[hv + 1] == 0 {
            self.used += 1;
            // The first slot of a bucket filled: the bucket was empty.
            if victim == 0
                && let Some(touched) = self.touched.as_mut()
            {
                if touched.len() < self.buckets / Self::SPARSE {
                    touched.push(b);
                } else {
                    self.touched = None;
                }
            }
        }
        self.heads[hv] = key;
        self.heads[hv + 1] = (pn as u64) << 32 | dn as u64;
        self.tails[tv] = work;
        self.tails[tv + 1] = zone as u64;
        self.tails[tv + 2] = (zone >> 64) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table takes as many buckets as fit in its bytes, not the largest power of
    /// two below, and what is stored is found again.
    #[test]
    fn a_table_uses_every_bucket_that_fits() {
        let per_bucket = WAYS * (HEAD + TAIL) * 8;
        for buckets in [1, 3, 7, 1000] {
            let mut t = Table::new(buckets * per_bucket + per_bucket - 1);
            assert_eq!(t.fill(), (0, (buckets * WAYS) as u64));
            assert_eq!(t.bytes(), buckets * per_bucket);
            let keys = [1u64, u64::MAX, 1 << 63, 0x9E37_79B9_7F4A_7C15];
            for (i, &k) in keys.iter().enumerate() {
                t.put(k, i as u32 + 1, 9, 1, 0);
            }
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(t.get(k), Some((i as u32 + 1, 9)), "{buckets} buckets");
            }
        }
    }

    /// Keys made as the solver makes them — the least of a few random hashes, whose
    /// top bits lean towards 0 — fill the buckets of a table of any size evenly.
    #[test]
    fn least_hashes_spread_evenly() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let per_bucket = WAYS * (HEAD + TAIL) * 8;
        for (buckets, symmetries) in [(1000, 2), (1000, 16), (4096, 16)] {
            let t = Table::new(buckets * per_bucket);
            let mut load = vec![0u32; buckets];
            let keys = 200 * buckets;
            for _ in 0..keys {
                let k = (0..symmetries).map(|_| next()).min().unwrap();
                load[t.bucket(k)] += 1;
            }
            let (lo, hi) = (load.iter().min().unwrap(), load.iter().max().unwrap());
            assert!(
                *lo > 140 && *hi < 260,
                "{buckets} buckets, {symmetries}: {lo}..{hi}"
            );
        }
    }
}
