//! The plain edge list ([`super::Export::EdgeList`]): `u v` per line, vertices
//! numbered `ID − 1`, nothing else, for the readers that take no options (igraph,
//! NetworkX, SNAP).

use super::put_uint;
use crate::pairing::graph::PairingGraph;
use std::io::{self, Write};

pub(super) fn edgelist(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    for u in 0..g.vertex_count() {
        for &v in g.neighbors0(u) {
            if v as usize > u {
                put_uint(w, u as u64)?;
                w.write_all(b" ")?;
                put_uint(w, v as u64)?;
                w.write_all(b"\n")?;
            }
        }
    }
    Ok(())
}
