use amoba::board::Board;
use amoba::census::Census;
use amoba::search::{Options, build_catalogue};
use std::time::Instant;
fn main() {
    let b = Board::square9();
    let t = Instant::now();
    let (cat, _) = build_catalogue(&b, Options::default(), &|_, _| {});
    let t1 = t.elapsed();
    let _c = Census::of(&b, &cat);
    let t2 = t.elapsed();
    cat.write(std::path::Path::new("/tmp/cat.txt")).unwrap();
    eprintln!(
        "search {:?} census {:?} write {:?}",
        t1,
        t2 - t1,
        t.elapsed() - t2
    );
}
