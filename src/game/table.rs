//! The transposition table of the proof-number search ([`super::solve`]): proof and
//! disproof numbers of positions, by a 64-bit key, in at most a given amount of memory.
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
//! so a table uses nearly all the memory it is given, not the largest power of two
//! below it. The mixing matters: a key is the least of a position's hashes under the
//! automorphisms, so its top bits lean towards 0, and scaled unmixed they would
//! crowd the first buckets. A slot whose numbers word is zero is empty: no stored
//! position has `pn = dn = 0`. A new position replaces the slot of its bucket with the
//! least work (Nagai's *SmallTreeReplacement*), so a full table forgets its cheapest
//! knowledge first and the search goes on.
//!
//! # Growing
//!
//! A table of at most `M` buckets has `s · 2^k = M` buckets once full (`M` rounded
//! down to a multiple of the largest power of two `2^k` that leaves `s ≥ 8192`), but
//! starts with `s` and works in a prefix of its memory. Once half of the prefix's
//! slots hold an entry, the next store first doubles the table in place: scaling the
//! mixed key by twice the buckets puts the keys of bucket `b` in buckets `2b` and
//! `2b + 1`, in their order, so growing loses nothing. Before its full size a table
//! replaces an entry only where a bucket overflows below that load (by a Poisson
//! estimate at most one new entry in seven, just before a doubling; always the least
//! work of its bucket, as in a full table), so a search takes nearly the nodes it
//! would with its full table; and it touches two to four times the memory of its
//! entries, not all of `M`: a search of 175,000 nodes keeps 78 MB of a table of
//! 512 MiB (BENCHMARKS.md, *A table that doubles when half full*), and clearing the
//! table zeroes only the prefix in use.
//!
//! The memory is advised to be backed by huge pages (`madvise`, Linux): the look-ups
//! are random reads over the whole prefix in use, and with pages of 4 KiB nearly each
//! of them also misses the processor's cache of page translations. That, not the
//! table's own lines, was a fifth of the CPU of a search (BENCHMARKS.md, *Huge pages
//! and a table that grows*). A table that grows keeps huge pages cheap: the kernel
//! zeroes a huge page whole on its first touch, so a table of gigabytes touched at
//! random by a small search would cost seconds of system time.
//!
//! [`Table::warm`] reads the head lines of many keys at once, before their look-ups:
//! the reads are independent, so the processor overlaps their cache misses, which
//! one look-up after another (each followed by work on its answer) would not.

/// Words of a slot's head (the key, the numbers) and of its tail (the work, the zone).
const HEAD: usize = 2;
const TAIL: usize = 3;

/// Entries per bucket.
const WAYS: usize = 4;

/// Bytes of a bucket: its heads and tails.
const BUCKET_BYTES: usize = WAYS * (HEAD + TAIL) * 8;

/// The transposition table (see the module documentation). Heads and tails live in
/// two zeroed maps of `u64` words sized for the most buckets, which the operating
/// system backs lazily; the table uses a prefix of them that doubles once half full,
/// so a search costs memory only as it fills its table. A slot whose numbers word is
/// zero is empty (no stored position has `pn = dn = 0`).
pub struct Table {
    /// The heads (page-aligned, so every bucket's heads fill one cache line).
    heads: Words,
    tails: Words,
    /// The buckets in use: `start << d` after `d` doublings.
    buckets: usize,
    /// The buckets of a new (or cleared) table, and the most: `start << k`.
    start: usize,
    most: usize,
    used: u64,
}

impl Table {
    /// The fewest buckets a table starts with when it may grow (1.25 MiB).
    const START: usize = 1 << 13;

    /// A table of at most `bytes` bytes (at least one bucket): `s · 2^k` buckets once
    /// full, where `s` is the number of buckets that fit divided, rounding down, by
    /// the largest `2^k` that leaves it at least 8,192 (`k = 0` below 16,384 buckets),
    /// so at most one bucket in 8,192 of what fits is left unused. It starts with `s`
    /// buckets and doubles, while it has room, each time half its slots are in use
    /// (see the module documentation).
    ///
    /// Where the system refuses to map that much, the table has half as many buckets
    /// once full, and so on ([`Table::bytes`] says what it got); the commands refuse
    /// a `--memory` beyond the machine's memory before they get here.
    pub fn new(bytes: usize) -> Table {
        let fit = (bytes / BUCKET_BYTES).max(1);
        let mut k = 0;
        while fit >> (k + 1) >= Self::START {
            k += 1;
        }
        let start = fit >> k;
        loop {
            let most = start << k;
            match (
                Words::new(most * WAYS * HEAD),
                Words::new(most * WAYS * TAIL),
            ) {
                (Ok(heads), Ok(tails)) => {
                    return Table {
                        heads,
                        tails,
                        buckets: start,
                        start,
                        most,
                        used: 0,
                    };
                }
                _ if k > 0 => k -= 1,
                (Err(e), _) | (_, Err(e)) => {
                    panic!("cannot map a table of {} bytes: {e}", most * BUCKET_BYTES)
                }
            }
        }
    }

    /// Empties the table, as if it were new: the buckets in use are zeroed and the
    /// table starts again from its first size (a table reused for many small
    /// searches zeroes only what each used).
    pub fn clear(&mut self) {
        self.heads[..self.buckets * WAYS * HEAD].fill(0);
        self.tails[..self.buckets * WAYS * TAIL].fill(0);
        self.buckets = self.start;
        self.used = 0;
    }

    /// Doubles the buckets in use, in place: the entries of bucket `b` go to
    /// buckets `2b` and `2b + 1` (the bucket of a key is the high word of a product
    /// with the number of buckets, so doubling that number splits every bucket in
    /// two), in their order. Buckets are split from the last down, so every bucket
    /// written has already been emptied of its own entries.
    fn grow(&mut self) {
        let old = self.buckets;
        self.buckets = old * 2;
        for b in (0..old).rev() {
            let h = b * WAYS * HEAD;
            let t = b * WAYS * TAIL;
            let mut head = [0u64; WAYS * HEAD];
            let mut tail = [0u64; WAYS * TAIL];
            head.copy_from_slice(&self.heads[h..h + WAYS * HEAD]);
            tail.copy_from_slice(&self.tails[t..t + WAYS * TAIL]);
            self.heads[h..h + WAYS * HEAD].fill(0);
            self.tails[t..t + WAYS * TAIL].fill(0);
            let mut next = [0usize; 2];
            for i in (0..WAYS).filter(|&i| head[i * HEAD + 1] != 0) {
                let to = self.bucket(head[i * HEAD]);
                let side = to - 2 * b;
                let (hs, ts) = (
                    to * WAYS * HEAD + next[side] * HEAD,
                    to * WAYS * TAIL + next[side] * TAIL,
                );
                next[side] += 1;
                self.heads[hs..hs + HEAD].copy_from_slice(&head[i * HEAD..(i + 1) * HEAD]);
                self.tails[ts..ts + TAIL].copy_from_slice(&tail[i * TAIL..(i + 1) * TAIL]);
            }
        }
    }

    /// The bytes the table occupies once full.
    pub fn bytes(&self) -> usize {
        (self.heads.len() + self.tails.len()) * 8
    }

    /// Entries in use and capacity (once full).
    pub fn fill(&self) -> (u64, u64) {
        (self.used, (self.most * WAYS) as u64)
    }

    /// The bucket of `key`: the key mixed by a multiplication (Fibonacci hashing),
    /// read as a fraction of 2^64, times the number of buckets.
    fn bucket(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.buckets as u128) >> 64) as usize
    }

    /// The heads of bucket `b`.
    fn heads_of(&self, b: usize) -> &[u64] {
        let h = b * WAYS * HEAD;
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
            x ^= self.heads[b * WAYS * HEAD]
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
        let work = work.min(u32::MAX as u64);
        // Decided positions are worth more than any amount of undecided work.
        let work = if pn == 0 || dn == 0 {
            work | 1 << 32
        } else {
            work
        };
        // Half the slots in use: the table doubles while it may (a new entry then
        // rarely finds its bucket full).
        if self.buckets < self.most && 2 * self.used >= (self.buckets * WAYS) as u64 {
            self.grow();
        }
        // The key's own slot, else the first empty one, else the one of least work.
        let b = self.bucket(key);
        let (h, t) = (b * WAYS * HEAD, b * WAYS * TAIL);
        let mut least = 0;
        let mut victim = None;
        for i in 0..WAYS {
            let (key_i, numbers) = (self.heads[h + i * HEAD], self.heads[h + i * HEAD + 1]);
            if numbers == 0 || key_i == key {
                victim = Some(i);
                break;
            }
            if self.tails[t + i * TAIL] < self.tails[t + least * TAIL] {
                least = i;
            }
        }
        let victim = victim.unwrap_or(least);
        let (hv, tv) = (h + victim * HEAD, t + victim * TAIL);
        if self.heads[hv + 1] == 0 {
            self.used += 1;
        }
        self.heads[hv] = key;
        self.heads[hv + 1] = (pn as u64) << 32 | dn as u64;
        self.tails[tv] = work;
        self.tails[tv + 1] = zone as u64;
        self.tails[tv + 2] = (zone >> 64) as u64;
    }
}

/// Zeroed `u64` words in an anonymous memory map: the system backs a page only when
/// it is first touched, the words start on a page boundary, and a map the system
/// refuses is an error, not an abort. The map is advised to be backed by huge pages
/// (Linux; the module documentation says why), advice that changes only the time.
struct Words(memmap2::MmapMut);

impl Words {
    fn new(len: usize) -> std::io::Result<Words> {
        let bytes = len
            .checked_mul(8)
            .ok_or_else(|| std::io::Error::other("more bytes than the address space"))?;
        let map = memmap2::MmapOptions::new().len(bytes).map_anon()?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Ok(Words(map))
    }
}

impl std::ops::Deref for Words {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        bytemuck::cast_slice(&self.0)
    }
}

impl std::ops::DerefMut for Words {
    fn deref_mut(&mut self) -> &mut [u64] {
        bytemuck::cast_slice_mut(&mut self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator of keys, from `x` (not 0).
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// A cleared table is as new: after it has grown and been cleared, nothing of
    /// what it held before is found, however far it grows again (the memory of the
    /// buckets beyond its starting size, which growing fills, is cleared too).
    #[test]
    fn a_cleared_table_forgets_what_it_held_beyond_its_start() {
        let mut t = Table::new(8 * Table::START * BUCKET_BYTES);
        let mut next = xorshift(7);
        let old: Vec<u64> = (0..6 * Table::START * WAYS / 2).map(|_| next()).collect();
        for &k in &old {
            t.put(k, 3, 5, 1, 0);
        }
        t.clear();
        assert_eq!(t.fill().0, 0);
        for _ in 0..6 * Table::START * WAYS / 2 {
            t.put(next(), 4, 6, 1, 0);
        }
        let stale = old.iter().filter(|&&k| t.get(k).is_some()).count();
        assert_eq!(stale, 0, "entries of before the clear found again");
    }

    /// A table takes as many buckets as fit in its bytes, not the largest power of
    /// two below, and what is stored is found again.
    #[test]
    fn a_table_uses_every_bucket_that_fits() {
        for buckets in [1, 3, 7, 1000] {
            let mut t = Table::new(buckets * BUCKET_BYTES + BUCKET_BYTES - 1);
            assert_eq!(t.fill(), (0, (buckets * WAYS) as u64));
            assert_eq!(t.bytes(), buckets * BUCKET_BYTES);
            let keys = [1u64, u64::MAX, 1 << 63, 0x9E37_79B9_7F4A_7C15];
            for (i, &k) in keys.iter().enumerate() {
                t.put(k, i as u32 + 1, 9, 1, 0);
            }
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(t.get(k), Some((i as u32 + 1, 9)), "{buckets} buckets");
            }
        }
    }

    /// A table that grows holds at every moment what a model of it holds: buckets of
    /// four slots, a new key in the first empty slot, else over the first slot of
    /// least work; before a store, when half the slots hold an entry and the table
    /// is not at its full size, the model is rebuilt with twice the buckets, its
    /// entries put back bucket by bucket in slot order. There are updates of keys
    /// already stored and enough keys that the full table replaces entries. The work
    /// takes three values, so ties are common and the order of the slots in a
    /// bucket, which the table's split in place must keep, decides what is replaced.
    #[test]
    fn a_growing_table_holds_what_its_model_holds() {
        type Slot = (u64, u64, u64);
        let home = |key: u64, buckets: usize| {
            ((u128::from(key.wrapping_mul(0x9E37_79B9_7F4A_7C15)) * buckets as u128) >> 64) as usize
        };
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut t = Table::new(4 * Table::START * BUCKET_BYTES + BUCKET_BYTES - 1);
        assert_eq!(t.buckets, Table::START);
        let most = 4 * Table::START;
        assert_eq!(t.fill().1, (most * WAYS) as u64);
        let mut model: Vec<[Slot; WAYS]> = vec![[(0, 0, 0); WAYS]; Table::START];
        let mut used = 0;
        let mut keys = Vec::new();
        for i in 0..6 * most as u64 {
            // One put in four updates a key met before, with new numbers and work.
            let key = if i % 4 == 3 {
                keys[next() as usize % keys.len()]
            } else {
                let k = next();
                keys.push(k);
                k
            };
            let (pn, dn, work) = (i as u32 % 7 + 1, i as u32 % 5 + 1, next() % 3);
            t.put(key, pn, dn, work, u128::from(key));
            if model.len() < most && 2 * used >= model.len() * WAYS {
                let mut grown = vec![[(0, 0, 0); WAYS]; 2 * model.len()];
                for slot in model.iter().flatten().filter(|s| s.1 != 0) {
                    let b = &mut grown[home(slot.0, 2 * model.len())];
                    let free = b
                        .iter()
                        .position(|s| s.1 == 0)
                        .expect("a split never overflows");
                    b[free] = *slot;
                }
                model = grown;
            }
            let buckets = model.len();
            let bucket = &mut model[home(key, buckets)];
            let slot = bucket
                .iter()
                .position(|&(k, n, _)| n == 0 || k == key)
                .unwrap_or_else(|| {
                    (1..WAYS).fold(0, |m, j| if bucket[j].2 < bucket[m].2 { j } else { m })
                });
            used += usize::from(bucket[slot].1 == 0);
            bucket[slot] = (key, u64::from(pn) << 32 | u64::from(dn), work);
            assert_eq!(t.buckets, model.len(), "after {i} puts");
            if i % 4096 == 0 || i + 1 == 6 * most as u64 {
                let stored: std::collections::HashMap<u64, u64> = model
                    .iter()
                    .flatten()
                    .filter(|s| s.1 != 0)
                    .map(|s| (s.0, s.1))
                    .collect();
                assert_eq!(t.fill().0, stored.len() as u64, "after {i} puts");
                for &k in &keys {
                    let got = t.get(k).map(|(pn, dn)| u64::from(pn) << 32 | u64::from(dn));
                    assert_eq!(got, stored.get(&k).copied(), "key {k:#x} after {i} puts");
                }
            }
        }
        assert_eq!(t.buckets, most);
        // Cleared, it starts again from its first size, empty.
        t.clear();
        assert_eq!((t.buckets, t.fill().0), (Table::START, 0));
        assert!(keys.iter().all(|&k| t.get(k).is_none()));
        t.put(keys[0], 3, 4, 1, 0);
        assert_eq!(t.get(keys[0]), Some((3, 4)));
    }

    /// A table larger than the system maps is made smaller, not an abort, and works.
    #[test]
    fn a_table_the_system_refuses_is_made_smaller() {
        let mut t = Table::new(usize::MAX / 2);
        assert!(t.bytes() < usize::MAX / 2);
        t.put(7, 1, 2, 0, 0);
        assert_eq!(t.get(7), Some((1, 2)));
    }

    /// Keys made as the solver makes them — the least of a few random hashes, whose
    /// top bits lean towards 0 — fill the buckets of a table of any size evenly.
    #[test]
    fn least_hashes_spread_evenly() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        for (buckets, symmetries) in [(1000, 2), (1000, 16), (4096, 16)] {
            let t = Table::new(buckets * BUCKET_BYTES);
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
