use amoba::board::Board;
use amoba::search::{Mode, Options, count_labelled};
use std::time::Instant;
fn main() {
    let b = Board::square9();
    let t = Instant::now();
    let (s, h) = count_labelled(&b, Mode::Labelled, Options::default(), &|c| c[0] == 0);
    eprintln!("labelled {:?} {} {:?}", s, h, t.elapsed());
}
