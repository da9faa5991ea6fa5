//! Taking a report's items back: the reports send the items 0, 1, 2, … and check that each
//! came back exactly once and in order before they print a figure.

use std::time::Duration;

/// Takes `items` items from `rx`, which must be 0, 1, 2, … in order; an error names the first
/// item that is not, or how far it got when no item came for `timeout`.
pub fn take_in_order(rx: &renq::Receiver, items: u64, timeout: Duration) -> Result<(), String> {
    let mut buf = [0u64; 256];
    let mut next = 0u64;
    while next < items {
        let want = ((items - next) as usize).min(buf.len());
        let k = rx.dequeue_batch_timeout(&mut buf[..want], timeout).map_err(|e| e.to_string())?;
        if k == 0 {
            return Err(format!("no item for {timeout:?} after {next} of {items}"));
        }
        for &v in &buf[..k] {
            if v != next {
                return Err(format!("item {next} is {v}, not {next} (lost, duplicated or reordered)"));
            }
            next += 1;
        }
    }
    Ok(())
}
