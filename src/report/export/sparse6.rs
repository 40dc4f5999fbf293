//! nauty's sparse6 ([`super::Export::Sparse6`]): one line, vertices `ID − 1`, written
//! from nauty's `formats.txt`, padding special case included; the tests check the
//! examples of `formats.txt`.

use crate::pairing::graph::PairingGraph;
use std::io::{self, Write};

/// Big-endian bits packed six to a byte, each byte + 63 (nauty's `R(x)`).
struct SixBits<'a, W: Write> {
    w: &'a mut W,
    acc: u64,
    pending: u32,
}

impl<W: Write> SixBits<'_, W> {
    /// Appends the low `k` bits of `x` (`k ≤ 36`), most significant first.
    #[inline]
    fn push(&mut self, x: u64, k: u32) -> io::Result<()> {
        debug_assert!(k <= 36 && x >> k == 0);
        self.acc = (self.acc << k) | x;
        self.pending += k;
        while self.pending >= 6 {
            self.pending -= 6;
            self.w
                .write_all(&[63 + ((self.acc >> self.pending) & 63) as u8])?;
        }
        self.acc &= (1u64 << self.pending) - 1;
        Ok(())
    }
}

/// nauty's `N(n)`: the vertex count in 1, 4 or 8 bytes.
fn sparse6_size(n: u64) -> Option<Vec<u8>> {
    let r = |x: u64, groups: u32| {
        (0..groups)
            .rev()
            .map(move |i| 63 + ((x >> (6 * i)) & 63) as u8)
    };
    match n {
        0..=62 => Some(vec![63 + n as u8]),
        63..=258_047 => Some(std::iter::once(126).chain(r(n, 3)).collect()),
        258_048..=68_719_476_735 => Some([126, 126].into_iter().chain(r(n, 6)).collect()),
        _ => None,
    }
}

pub(super) fn sparse6(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    let n = g.vertex_count() as u64;
    let size = sparse6_size(n).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("sparse6 holds at most 2^36 - 1 vertices, the graph has {n}"),
        )
    })?;
    w.write_all(b":")?;
    w.write_all(&size)?;
    // nb = number of bits of n − 1 (0 for n ≤ 1).
    let nb = if n <= 1 {
        0
    } else {
        64 - (n - 1).leading_zeros()
    };
    let mut bits = SixBits {
        w,
        acc: 0,
        pending: 0,
    };
    // The edges {i, j}, i ≤ j, by increasing j then i, as in nauty's sgtos6: b = 0
    // stays at vertex v, b = 1 moves to v + 1, and a jump further is b = 1, x = j
    // (x > v sets v = x) followed by the edge with b = 0.
    let mut lastj = 0u64;
    for j in 0..g.vertex_count() {
        let j64 = j as u64;
        for &i in g.neighbors0(j).iter().take_while(|&&i| i as usize <= j) {
            if j64 == lastj {
                bits.push(0, 1)?;
            } else {
                bits.push(1, 1)?;
                if j64 > lastj + 1 {
                    bits.push(j64, nb)?;
                    bits.push(0, 1)?;
                }
                lastj = j64;
            }
            bits.push(i as u64, nb)?;
        }
    }
    if bits.pending > 0 {
        let k = 6 - bits.pending;
        // Padding with 1-bits could read as one more edge {n−1, n−1} when n = 2^nb and
        // the decoder sits at n − 2 with room for a whole (b, x) pair; nauty then pads
        // with a 0 first.
        if k > nb && n >= 2 && lastj == n - 2 && n == 1u64 << nb {
            bits.push((1 << (k - 1)) - 1, k)?;
        } else {
            bits.push((1 << k) - 1, k)?;
        }
    }
    w.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s6(adj: Vec<Vec<u32>>) -> String {
        let g = PairingGraph::from_adjacency(adj);
        let mut out = Vec::new();
        sparse6(&mut out, &g).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sparse6_size_examples_of_formats_txt() {
        assert_eq!(sparse6_size(30).unwrap(), vec![93]);
        assert_eq!(sparse6_size(12345).unwrap(), vec![126, 66, 63, 120]);
        assert_eq!(
            sparse6_size(460_175_067).unwrap(),
            vec![126, 126, 63, 90, 90, 90, 90, 90]
        );
        assert_eq!(sparse6_size(1 << 36), None);
    }

    #[test]
    fn sparse6_example_of_formats_txt() {
        // formats.txt: ":Fa@x^" is n = 7 with edges 0-1, 0-2, 1-2, 5-6.
        let adj = vec![
            vec![1, 2],
            vec![0, 2],
            vec![0, 1],
            vec![],
            vec![],
            vec![6],
            vec![5],
        ];
        assert_eq!(s6(adj), ":Fa@x^\n");
    }

    #[test]
    fn sparse6_padding_special_case() {
        // n = 4 = 2^2, triangle 0-1-2: 9 bits, 3 left to pad, last vertex n − 2:
        // nauty pads 011, not 111 (which would read as a loop at vertex 3).
        let adj = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![]];
        assert_eq!(s6(adj), ":CcJ\n");
        // The same triangle on 5 vertices: 12 bits, no padding at all.
        let adj = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![], vec![]];
        assert_eq!(s6(adj), ":Da@\n");
        // n = 3 (not a power of 2), edge 0-1, last vertex n − 2: plain 1-padding.
        assert_eq!(s6(vec![vec![1], vec![0], vec![]]), ":Bf\n");
    }
}
