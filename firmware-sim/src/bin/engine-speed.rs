//! Prints how fast each card engine of this build runs by itself: items/s and, for the cycle
//! engines, simulated clock cycles/s (see `renq_sim::engine::speed`).
//!
//! usage: engine-speed [ITEMS]   (default 200000; the rtl engine gets ITEMS/100)

use renq_sim::engine::speed;
use renq_sim::EngineKind;

fn main() {
    let items: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 200_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: engine-speed [ITEMS]   (ITEMS: a positive number)");
            std::process::exit(2);
        }
    };
    let mut ok = true;
    for (kind, _) in EngineKind::ALL.into_iter().filter(|(k, _)| k.available()) {
        // The RustHDL simulation runs ~1000x slower: fewer items keep its run short.
        let n = if kind == EngineKind::Rtl { (items / 100).max(1) } else { items };
        match speed::measure(kind, n) {
            Ok(s) => println!("{}", s.line()),
            Err(e) => {
                eprintln!("engine {kind}: {e}");
                ok = false;
            }
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}
