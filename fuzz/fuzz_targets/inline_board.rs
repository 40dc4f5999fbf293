//! Fuzz target: arbitrary bytes through the readers of inline boards and direction
//! sets (`amoba::core::board::builtin::inline`, `parse_vectors`, `Lattice::new`,
//! `directions::normal_form`; the options `--directions`, `--lattice` and the
//! argument of `amoba directions`).
//!
//! The input is split at its first `0xFF` byte: the directions before, the lattice
//! after (the whole input is both when there is none).
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names the flag;
//! * a lattice accepted has index at most `MAX_CELLS`, and reducing any point, even one
//!   of huge coordinates, lands in the fundamental domain and stays in its class;
//! * the normal form of a direction set is invariant: applied to the form (when its
//!   coordinates are within the input limit), it gives the form.
#![no_main]

use amoba::core::board::{builtin, directions, lattice::Lattice, lattice::MAX_CELLS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (a, b) = match data.iter().position(|&x| x == 0xFF) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, data),
    };
    let (Ok(dirs), Ok(basis)) = (std::str::from_utf8(a), std::str::from_utf8(b)) else {
        return;
    };
    if let Err(e) = builtin::inline(dirs, basis) {
        assert!(e.to_string().contains("--"), "{e}");
    }
    if let Ok(vs) = builtin::parse_vectors("--lattice", basis)
        && let Ok(l) = Lattice::new(&vs)
    {
        assert!(l.index() <= MAX_CELLS);
        for v in &vs {
            assert!(l.contains(v));
            let mut p = v.clone();
            l.reduce(&mut p);
            assert!(
                p.iter()
                    .zip(l.sides())
                    .all(|(&x, s)| 0 <= x && (x as usize) < s)
            );
            let _ = l.order(v);
        }
    }
    if let Ok(vs) = builtin::parse_vectors("--directions", dirs)
        && vs.len() <= 8
        && let Ok(nf) = directions::normal_form(&vs)
    {
        // The form's coordinates may exceed the limit of an input (it is the image
        // under a unimodular matrix); within it, the form is its own normal form.
        let limit = amoba::core::board::group::MAX_COORDINATE as u64;
        if nf.form.iter().flatten().all(|x| x.unsigned_abs() <= limit) {
            let again =
                directions::normal_form(&nf.form).expect("a normal form is a direction set");
            assert_eq!(again.form, nf.form);
        }
    }
});
