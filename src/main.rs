use amoba::board::Board;
use amoba::search::{enumerate_all, Options};
fn main() {
    let b = Board::square9();
    let t = std::time::Instant::now();
    let (found, stats) = enumerate_all(&b, Options::default());
    eprintln!("{} classes {:?} {:?}", found.len(), stats, t.elapsed());
}
