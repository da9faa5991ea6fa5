//! Prints how fast each card engine of this build runs by itself: items/s and, for the cycle
//! engines, simulated clock cycles/s (see `renq_sim::engine::speed`) — the paper card
//! (`engine verilator: N items/s, …`) and the card (`engine verilator card: N items/s, …`).
//!
//! usage: engine-speed [ITEMS [ENGINE...]]   (default 200000 items, every engine of this
//! build; the rtl engine gets ITEMS/100 on the paper card, ITEMS/1000 on the card)

use renq_sim::engine::speed;
use renq_sim::{CardKind, EngineKind};

fn main() {
    let usage = |why: String| -> ! {
        eprintln!("engine-speed: {why}\nusage: engine-speed [ITEMS [ENGINE...]]");
        std::process::exit(2)
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let items: u64 = match args.first().map(|a| a.parse()) {
        None => 200_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => usage(format!("ITEMS must be a positive number, not {:?}", args[0])),
    };
    let mut engines: Vec<EngineKind> = Vec::new();
    for name in args.iter().skip(1) {
        engines.push(name.parse().unwrap_or_else(|e| usage(e)));
    }
    if engines.is_empty() {
        engines = EngineKind::ALL.into_iter().map(|(k, _)| k).filter(|k| k.available()).collect();
    }
    let mut ok = true;
    for kind in engines {
        for card in [CardKind::Paper, CardKind::Renq] {
            match speed::measure_card(card, kind, speed::items_for_card(card, kind, items)) {
                Ok(s) => s.lines().iter().for_each(|l| println!("{l}")),
                Err(e) => {
                    eprintln!("engine {kind} ({card} card): {e}");
                    ok = false;
                }
            }
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}
