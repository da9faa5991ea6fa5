//! The bench's SVG plot: (a) the receiver's cycles per enqueue against host-memory latency,
//! (b) every system's throughput, a bar each, coloured by what the figure is: wall-clock on
//! this machine's simulator, or modeled from counts and a stated clock / round trip time.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// What a throughput figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    WallClock,
    Modeled,
}

impl Basis {
    pub fn legend(self) -> &'static str {
        match self {
            Basis::WallClock => "wall-clock, simulator on this machine",
            Basis::Modeled => "modeled",
        }
    }

    fn color(self) -> RGBColor {
        match self {
            Basis::WallClock => RGBColor(60, 110, 180),
            Basis::Modeled => RGBColor(230, 130, 40),
        }
    }
}

/// One bar of panel (b).
#[derive(Clone, Debug)]
pub struct Bar {
    pub label: String,
    pub items_per_s: f64,
    pub basis: Basis,
}

/// Everything the plot shows.
pub struct Figures {
    pub title: String,
    /// Panel (a): (memory wait cycles, cycles per enqueue) of the paper card, or why it is missing.
    pub cycles_paper: Result<Vec<(u32, f64)>, String>,
    /// The same for the card engine (one queue, back-to-back packets).
    pub cycles: Result<Vec<(u32, f64)>, String>,
    pub bars: Vec<Bar>,
    /// Lines printed under the panels (what the modeled figures assume).
    pub notes: Vec<String>,
}

/// Panel (a)'s series name, and what it says about the card that does not exist yet.
pub const PAPER_CARD: &str = "paper card (FSM: LD0 RD0 WR0 RD1 WR1), RTL-measured";
pub const CARD: &str = "card engine (pipelined; one queue), RTL-measured";
const CARD_COLOR: RGBColor = RGBColor(40, 150, 80);

type Res = Result<(), String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("plot: {e:?}")
}

/// Writes the SVG to `path`.
pub fn write(path: &Path, f: &Figures) -> Res {
    let bars_height = 110 + 36 * f.bars.len().max(1) as u32;
    let notes: Vec<String> = f.notes.iter().flat_map(|n| wrap(n, NOTE_WIDTH)).collect();
    let notes_height = 40 + 18 * notes.len() as u32;
    let root = SVGBackend::new(path, (1100, 40 + 340 + bars_height + notes_height)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let root = root.titled(&f.title, ("sans-serif", 20)).map_err(err)?;
    let (top, rest) = root.split_vertically(340);
    let (middle, bottom) = rest.split_vertically(bars_height);
    cycles_panel(&top, &f.cycles_paper, &f.cycles)?;
    bars_panel(&middle, &f.bars)?;
    // Panel (b)'s legend, under it where no bar can reach.
    let style = ("sans-serif", 15).into_text_style(&bottom);
    let mut x = 20;
    for basis in [Basis::WallClock, Basis::Modeled] {
        bottom.draw(&Rectangle::new([(x, 6), (x + 14, 20)], basis.color().filled())).map_err(err)?;
        bottom.draw_text(basis.legend(), &style, (x + 20, 6)).map_err(err)?;
        x += 40 + 9 * basis.legend().len() as i32;
    }
    for (i, note) in notes.iter().enumerate() {
        bottom.draw_text(note, &style, (20, 34 + 18 * i as i32)).map_err(err)?;
    }
    root.present().map_err(err)
}

/// Characters of a note line that fit the page's width at the notes' font size.
const NOTE_WIDTH: usize = 120;

/// `text` cut at spaces into lines of at most `width` characters (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn cycles_panel(
    area: &DrawingArea<SVGBackend, Shift>,
    cycles_paper: &Result<Vec<(u32, f64)>, String>,
    cycles: &Result<Vec<(u32, f64)>, String>,
) -> Res {
    let caption = "(a) receiver cycles per enqueue vs host-memory latency L";
    let points = match cycles_paper {
        Ok(p) if !p.is_empty() => p,
        Ok(_) => return cycles_missing(area, caption, "no latencies measured"),
        Err(why) => return cycles_missing(area, caption, why),
    };
    let max_l = points.iter().map(|p| p.0).max().unwrap_or(1).max(1) as f64;
    let max_c = points.iter().map(|p| p.1).fold(1.0, f64::max);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
        .margin(12)
        .margin_right(40)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..max_l * 1.05, 0.0..max_c * 1.15)
        .map_err(err)?;
    chart
        .configure_mesh()
        .label_style(("sans-serif", 15))
        .x_desc("L (memory wait cycles per access)")
        .y_desc("cycles / enqueue")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(err)?;
    let line: Vec<(f64, f64)> = points.iter().map(|&(l, c)| (l as f64, c)).collect();
    let blue = Basis::WallClock.color();
    chart
        .draw_series(LineSeries::new(line.clone(), blue.stroke_width(2)))
        .map_err(err)?
        .label(PAPER_CARD)
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], blue.stroke_width(2)));
    chart.draw_series(line.iter().map(|&p| Circle::new(p, 4, blue.filled()))).map_err(err)?;
    // Values next to the points, skipping points too close to the last labelled one to read.
    let mut last_labelled: Option<f64> = None;
    let labelled: Vec<(f64, f64)> = line
        .iter()
        .copied()
        .filter(|&(l, _)| {
            let far = last_labelled.is_none_or(|prev| l - prev >= max_l * 0.06);
            if far {
                last_labelled = Some(l);
            }
            far
        })
        .collect();
    chart
        .draw_series(
            labelled
                .iter()
                .map(|&(l, c)| Text::new(format!("{c:.1}"), (l, c), ("sans-serif", 12).into_font().color(&BLACK))),
        )
        .map_err(err)?;
    match cycles {
        Ok(card) if !card.is_empty() => {
            let line: Vec<(f64, f64)> = card.iter().map(|&(l, c)| (l as f64, c)).collect();
            chart
                .draw_series(LineSeries::new(line.clone(), CARD_COLOR.stroke_width(2)))
                .map_err(err)?
                .label(CARD)
                .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], CARD_COLOR.stroke_width(2)));
            chart.draw_series(line.iter().map(|&p| Circle::new(p, 4, CARD_COLOR.filled()))).map_err(err)?;
        }
        // Nothing measured to draw: say why in the legend box.
        other => {
            let why = match other {
                Err(e) => e.clone(),
                Ok(_) => "no latencies measured".into(),
            };
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(err)?
                .label(format!("card engine: {why}"))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], WHITE));
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(("sans-serif", 15))
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()
        .map_err(err)
}

fn cycles_missing(area: &DrawingArea<SVGBackend, Shift>, caption: &str, why: &str) -> Res {
    let style = ("sans-serif", 16).into_text_style(area);
    area.draw_text(caption, &style, (20, 10)).map_err(err)?;
    area.draw_text(&format!("not measured: {why}"), &style, (40, 60)).map_err(err)
}

fn bars_panel(area: &DrawingArea<SVGBackend, Shift>, bars: &[Bar]) -> Res {
    let caption = "(b) throughput of every system, items/s (log scale)";
    let values = bars.iter().map(|b| b.items_per_s).filter(|v| v.is_finite() && *v > 0.0);
    let (lo, hi) = values.fold((f64::MAX, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi <= 0.0 {
        return area
            .draw_text("(b) no throughput to show", &("sans-serif", 16).into_text_style(area), (20, 10))
            .map_err(err);
    }
    // Whole decades, with room right of the longest bar for its value.
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf(hi.log10().ceil() + 1.0);
    let n = bars.len() as i32;
    // The first bar on top: bar i is in segment n - 1 - i.
    let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
    let row = |segment: i32| (n - 1 - segment) as usize;
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
        .margin(12)
        .margin_right(40)
        .x_label_area_size(36)
        .y_label_area_size(440)
        .build_cartesian_2d((lo..hi).log_scale(), (0..n).into_segmented())
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .label_style(("sans-serif", 15))
        .y_labels(bars.len())
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(row(*i)).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .x_label_formatter(&|v| human(*v))
        .x_desc("items/s")
        .draw()
        .map_err(err)?;
    let shown = bars.iter().enumerate().filter(|(_, b)| b.items_per_s > 0.0);
    chart
        .draw_series(shown.clone().map(|(i, b)| {
            let segment = n - 1 - i as i32;
            let (top, bottom) = (SegmentValue::Exact(segment), SegmentValue::Exact(segment + 1));
            let mut r = Rectangle::new([(lo, top), (b.items_per_s, bottom)], b.basis.color().filled());
            r.set_margin(5, 5, 0, 0);
            r
        }))
        .map_err(err)?;
    chart
        .draw_series(shown.map(|(i, b)| {
            let at = (b.items_per_s * 1.1, SegmentValue::CenterOf(n - 1 - i as i32));
            let style = ("sans-serif", 14).into_font().color(&BLACK).pos(Pos::new(HPos::Left, VPos::Center));
            Text::new(human(b.items_per_s), at, style)
        }))
        .map_err(err)?;
    Ok(())
}

/// Items/s in k / M.
pub fn human(v: f64) -> String {
    if v >= 1e6 {
        format!("{:.2} M", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.1} k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn notes_wrap_at_spaces_within_the_width() {
        let lines = super::wrap("aaa bbb ccc dddddddddd e", 7);
        assert_eq!(lines, ["aaa bbb", "ccc", "dddddddddd", "e"]);
        assert!(super::wrap("", 7).is_empty());
    }

    use super::*;

    #[test]
    fn human_units() {
        assert_eq!(human(722_003.0), "722.0 k");
        assert_eq!(human(20_962_000.0), "20.96 M");
        assert_eq!(human(950.0), "950");
    }
}
