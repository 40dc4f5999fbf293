//! The transposition table of the proof-number search ([`super::solve`]): proof and
//! disproof numbers of positions, by a 64-bit key, in a fixed amount of memory.
//!
//! # Layout and invariants
//!
//! Buckets of [`WAYS`] slots, each slot [`WORDS`] `u64` words: the key, `pn << 32 |
//! dn`, the work spent on the position (nodes searched below it; decided
//! positions carry bit 32 on top, so they outrank any undecided work), and, for a
//! position Maker is proved to win, its *zone* (two words, low cells first; see
//! [`super::solve`]), in the frame of the position's canonical image. The bucket of a
//! key is taken from its bits 20 and up. A slot whose numbers word is zero is empty:
//! no stored position has `pn = dn = 0`. A new position replaces the slot of its
//! bucket with the least work (Nagai's *SmallTreeReplacement*), so a full table
//! forgets its cheapest knowledge first and the search goes on.

/// Words per slot of the table: the key, `pn << 32 | dn`, the work spent, the zone.
const WORDS: usize = 5;

/// Entries per bucket.
const WAYS: usize = 4;

/// The transposition table (see the module documentation). The slots live in one
/// zeroed allocation of `u64` words, which the operating system maps lazily: a large
/// table costs memory only as it fills. A slot whose numbers word is zero is empty
/// (no stored position has `pn = dn = 0`).
pub struct Table {
    words: Vec<u64>,
    mask: usize,
    used: u64,
    /// The buckets written since the table was last cleared, while they are few
    /// (at most one in [`Table::SPARSE`]); `None` beyond.
    touched: Option<Vec<usize>>,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket; a power of two buckets).
    pub fn new(bytes: usize) -> Table {
        let per_bucket = WAYS * WORDS * 8;
        let want = (bytes / per_bucket).max(1);
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            words: vec![0u64; buckets * WAYS * WORDS],
            mask: buckets - 1,
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
                    let b = b * WAYS * WORDS;
                    self.words[b..b + WAYS * WORDS].fill(0);
                }
                t.clear();
            }
            None => {
                self.words.fill(0);
                self.touched = Some(Vec::new());
            }
        }
        self.used = 0;
    }

    /// The bytes the table occupies once full.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Entries in use and capacity.
    pub fn fill(&self) -> (u64, u64) {
        (self.used, (self.words.len() / WORDS) as u64)
    }

    fn bucket(&self, key: u64) -> usize {
        ((key >> 20) as usize & self.mask) * WAYS * WORDS
    }

    /// The numbers stored for `key`, if any.
    pub fn get(&self, key: u64) -> Option<(u32, u32)> {
        self.entry(key).map(|(pn, dn, _)| (pn, dn))
    }

    /// The numbers and the zone stored for `key`, if any (the zone is 0 unless
    /// `pn = 0`).
    pub fn entry(&self, key: u64) -> Option<(u32, u32, u128)> {
        let b = self.bucket(key);
        self.words[b..b + WAYS * WORDS]
            .chunks_exact(WORDS)
            .find(|e| e[0] == key && e[1] != 0)
            .map(|e| {
                (
                    (e[1] >> 32) as u32,
                    e[1] as u32,
                    e[3] as u128 | (e[4] as u128) << 64,
                )
            })
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
        let slots = &mut self.words[b..b + WAYS * WORDS];
        let mut victim = 0;
        for i in 0..WAYS {
            let e = &slots[i * WORDS..(i + 1) * WORDS];
            if e[1] == 0 || e[0] == key {
                victim = i;
                break;
            }
            if e[2] < slots[victim * WORDS + 2] {
                victim = i;
            }
        }
        let e = &mut slots[victim * WORDS..(victim + 1) * WORDS];
        if e[1] == 0 {
            self.used += 1;
            // The first slot of a bucket filled: the bucket was empty.
            if victim == 0
                && let Some(t) = self.touched.as_mut()
            {
                if t.len() < (self.mask + 1) / Self::SPARSE {
                    t.push(b / (WAYS * WORDS));
                } else {
                    self.touched = None;
                }
            }
        }
        e[0] = key;
        e[1] = (pn as u64) << 32 | dn as u64;
        e[2] = work;
        e[3] = zone as u64;
        e[4] = (zone >> 64) as u64;
    }
}
