//! Modeled throughput: what a system would do in hardware, from measured counts and a stated
//! clock or round trip time (never from the simulator's wall clock). A card: the Fmax of the
//! whole card on a part it fits, from a synthesis report, over RTL-measured cycles per enqueue
//! (never a block's Fmax: the renq card's engine alone runs faster than the card it sits in).
//! RDMA: one producer waits its dependent round trips one after the other, so it does
//! 1 / (round trips × RTT) items/s.

use std::path::Path;
use std::time::Duration;

/// The lines of `verilog-out/REPORT.md` (`make -C verilog-out synth`) the card's modeled rows
/// use, medians over the placer seeds. The renq card: the node (`renq_node`: the whole card and
/// its link end, what a board carries) on the ECP5-85F, the only part of the flow it fits. The
/// paper card: the whole paper FSM card on the iCE40-HX8K.
pub const FMAX_CARD_LINE: &str = "Fmax node ecp5-85f median:";
pub const FMAX_PAPER_LINE: &str = "paper FSM Fmax hx8k median:";

/// The Fmax on the line of a synthesis report that starts with `which` (e.g. "paper FSM Fmax
/// hx8k median: 101.2 MHz", or "Whole card Fmax ecp5-85f: 93.86 MHz (target 125 MHz)"), in MHz.
pub fn parse_fmax(report: &str, which: &str) -> Result<f64, String> {
    let line = report
        .lines()
        .find_map(|l| l.trim().strip_prefix(which))
        .ok_or(format!("no \"{which} <n> MHz\" line (run `make -C verilog-out synth`)"))?;
    // What follows the figure in parentheses (a target) is not part of it.
    let figure = line.split_once('(').map_or(line, |(f, _)| f);
    let mhz = figure
        .trim()
        .strip_suffix("MHz")
        .and_then(|n| n.trim().parse::<f64>().ok())
        .ok_or_else(|| format!("Fmax line {:?} is not \"<n> MHz\"", line.trim()))?;
    if !(mhz.is_finite() && mhz > 0.0) {
        return Err(format!("Fmax {mhz} MHz is not a clock frequency"));
    }
    Ok(mhz)
}

/// Fmax from the report file; the error names the file.
pub fn read_fmax(report: &Path, which: &str) -> Result<f64, String> {
    let text = std::fs::read_to_string(report).map_err(|e| format!("{}: {e}", report.display()))?;
    parse_fmax(&text, which).map_err(|e| format!("{}: {e}", report.display()))
}

/// Items/s of the card's receiver at `fmax_mhz`, taking `cycles` clock cycles per enqueue.
pub fn card_items_per_s(fmax_mhz: f64, cycles: f64) -> f64 {
    fmax_mhz * 1e6 / cycles
}

/// Items/s of one RDMA producer that waits `round_trips` dependent round trips of `rtt` per
/// enqueue; None when nothing is waited (no time to model from).
pub fn rdma_items_per_s(round_trips: f64, rtt: Duration) -> Option<f64> {
    let per_item = round_trips * rtt.as_secs_f64();
    (per_item > 0.0).then(|| 1.0 / per_item)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `REPORT.md`'s line of the renq engine alone (a block: never modeled from).
    const FMAX_ENGINE_LINE: &str = "Fmax hx8k median:";

    #[test]
    fn fmax_from_the_report() {
        let report = "# renq card\n\nFmax hx8k median: 81.57 MHz\nFmax ecp5-85f median: 104 MHz\n\
                      paper FSM Fmax hx8k median: 101.61 MHz\n";
        assert_eq!(parse_fmax(report, FMAX_ENGINE_LINE), Ok(81.57));
        assert_eq!(parse_fmax(report, FMAX_PAPER_LINE), Ok(101.61), "each card its own line");
        assert!(parse_fmax(report, FMAX_CARD_LINE).is_err(), "the engine's line is not the node's");
        let node = "Fmax node ecp5-85f median: 91.5 MHz\nqueues node ecp5-85f: 4096\n";
        assert_eq!(parse_fmax(node, FMAX_CARD_LINE), Ok(91.5));
        let top = "Whole card Fmax hx8k: does not fit: placement needs 9350/7680 logic cells\n\
                   Whole card Fmax ecp5-85f: 61.32 MHz (target 125 MHz)\n";
        assert_eq!(parse_fmax(top, "Whole card Fmax ecp5-85f:"), Ok(61.32), "the target is not the figure");
        assert!(parse_fmax(top, FMAX_CARD_LINE).is_err(), "one seed of the card without its link is not the node");
        assert_eq!(parse_fmax("  Fmax hx8k median:  98 MHz  ", FMAX_ENGINE_LINE), Ok(98.0));
        assert!(parse_fmax("paper FSM Fmax hx8k median: 101.61 MHz", FMAX_ENGINE_LINE).is_err());
    }

    #[test]
    fn missing_or_garbled_fmax_is_an_error() {
        assert!(parse_fmax("", FMAX_ENGINE_LINE).unwrap_err().contains("no \"Fmax hx8k median:"));
        assert!(
            parse_fmax("Fmax: 104.81 MHz", FMAX_ENGINE_LINE).is_err(),
            "the old single-seed line is not the median"
        );
        assert!(parse_fmax("Fmax hx8k median: fast", FMAX_ENGINE_LINE).unwrap_err().contains("not \"<n> MHz\""));
        assert!(parse_fmax("Fmax hx8k median: 104.81", FMAX_ENGINE_LINE).is_err());
        assert!(parse_fmax("Fmax hx8k median: -3 MHz", FMAX_ENGINE_LINE).unwrap_err().contains("not a clock"));
        assert!(parse_fmax("Fmax hx8k median: NaN MHz", FMAX_ENGINE_LINE).is_err());
        let missing = std::env::temp_dir().join("renq-no-such-report.md");
        assert!(read_fmax(&missing, FMAX_CARD_LINE).unwrap_err().contains("renq-no-such-report.md"));
    }

    #[test]
    fn modeled_arithmetic() {
        // 100 MHz over 5 cycles: 20 M items/s; over 405 cycles (4 accesses × 100 waits + 5).
        assert_eq!(card_items_per_s(100.0, 5.0), 20e6);
        assert!((card_items_per_s(100.0, 405.0) - 246_913.58).abs() < 0.01);
        // 5 round trips of 2 µs: 10 µs per item, 100 000 items/s; one round trip: 500 000.
        let two_us = Duration::from_micros(2);
        assert!((rdma_items_per_s(5.0, two_us).unwrap() - 100_000.0).abs() < 1e-6);
        assert!((rdma_items_per_s(1.0, two_us).unwrap() - 500_000.0).abs() < 1e-6);
        assert_eq!(rdma_items_per_s(5.0, Duration::ZERO), None);
        assert_eq!(rdma_items_per_s(0.0, two_us), None);
    }
}
