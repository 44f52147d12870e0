//! The loss curve of a run as a small hand-written SVG: training and
//! validation loss per epoch, with axes, ticks, a legend and a title. Written
//! after every epoch so that a running training can be watched, and small
//! enough to commit next to `docs/nnue.md`.

use std::fmt::Write;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// "Nice" tick positions (1, 2 or 5 times a power of ten, at least
/// `min_step` apart) covering lo..hi.
fn ticks(lo: f64, hi: f64, wanted: usize, min_step: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-12);
    let raw = span / wanted.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| span / s <= wanted as f64)
        .unwrap_or(power * 10.0)
        .max(min_step);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// Digits after the decimal point that tell the ticks apart.
fn decimals(ticks: &[f64]) -> usize {
    let step = if ticks.len() > 1 { ticks[1] - ticks[0] } else { 1.0 };
    (-(step.log10().floor())).clamp(0.0, 8.0) as usize
}

/// The SVG of `train` and `val` loss per epoch (epoch 1 first). `val` may be
/// empty (no validation set).
pub fn loss_chart(title: &str, train: &[f64], val: &[f64]) -> String {
    let epochs = train.len().max(val.len()).max(1);
    let values = train.iter().chain(val).copied().filter(|v| v.is_finite());
    let (mut lo, mut hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(hi.abs() * 1e-3).max(1e-9);
    let (lo, hi) = (lo - pad, hi + pad);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |epoch: f64| {
        LEFT + if epochs > 1 {
            (epoch - 1.0) / (epochs - 1) as f64 * plot_w
        } else {
            plot_w / 2.0
        }
    };
    let y = |v: f64| TOP + (hi - v) / (hi - lo) * plot_h;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    // Axes.
    let _ = writeln!(
        s,
        r#"<path d="M{LEFT},{TOP} V{} H{}" fill="none" stroke="black"/>"#,
        HEIGHT - BOTTOM,
        WIDTH - RIGHT
    );
    let y_ticks = ticks(lo, hi, 6, 0.0);
    let digits = decimals(&y_ticks);
    for t in &y_ticks {
        let ty = y(*t);
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{ty:.1}" x2="{}" y2="{ty:.1}" stroke="#ddd"/>"##,
            LEFT,
            WIDTH - RIGHT
        );
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{ty:.1}" x2="{LEFT}" y2="{ty:.1}" stroke="black"/>"#,
            LEFT - 5.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{t:.digits$}</text>"#,
            LEFT - 8.0,
            ty + 4.0
        );
    }
    for t in &ticks(1.0, epochs as f64, 10, 1.0) {
        let tx = x(*t);
        let base = HEIGHT - BOTTOM;
        let _ = writeln!(
            s,
            r#"<line x1="{tx:.1}" y1="{base}" x2="{tx:.1}" y2="{}" stroke="black"/>"#,
            base + 5.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{tx:.1}" y="{}" text-anchor="middle">{t}</text>"#,
            base + 19.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">epoch</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 10.0
    );
    let _ = writeln!(
        s,
        r#"<text x="18" y="{}" text-anchor="middle" transform="rotate(-90 18 {})">loss (mean squared error)</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    // Curves and legend.
    let series = [
        ("training", train, "#1f77b4", ""),
        ("validation", val, "#d62728", r#" stroke-dasharray="6 3""#),
    ];
    for (i, (name, data, colour, dash)) in series.iter().enumerate() {
        if data.is_empty() {
            continue;
        }
        let points: Vec<String> = data
            .iter()
            .enumerate()
            .map(|(e, v)| format!("{:.1},{:.1}", x(e as f64 + 1.0), y(*v)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
            points.join(" ")
        );
        for p in &points {
            let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
            let _ = writeln!(s, r#"<circle cx="{px}" cy="{py}" r="2.5" fill="{colour}"/>"#);
        }
        let ly = TOP + 12.0 + 18.0 * i as f64;
        let lx = WIDTH - RIGHT - 150.0;
        let _ = writeln!(
            s,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/>"#,
            lx + 30.0
        );
        let _ = writeln!(s, r#"<text x="{}" y="{}">{name}</text>"#, lx + 38.0, ly + 4.0);
    }
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_has_both_curves_axes_and_a_legend() {
        let svg = loss_chart("net <test>", &[0.1, 0.08, 0.075], &[0.11, 0.09, 0.085]);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("net &lt;test&gt;"));
        assert!(svg.contains(">training<") && svg.contains(">validation<") && svg.contains(">epoch<"));
        assert!(svg.contains(">0.080<") || svg.contains(">0.08<"), "{svg}");
        // One epoch, no validation: still a valid chart.
        let one = loss_chart("x", &[0.2], &[]);
        assert_eq!(one.matches("<polyline").count(), 1);
    }

    #[test]
    fn ticks_are_round_numbers() {
        let t = ticks(0.0, 1.0, 5, 0.0);
        assert_eq!(t.len(), 6);
        assert!(t
            .iter()
            .enumerate()
            .all(|(i, v)| (v - 0.2 * i as f64).abs() < 1e-12));
        assert_eq!(ticks(1.0, 3.0, 10, 1.0), vec![1.0, 2.0, 3.0]);
        assert_eq!(
            ticks(1.0, 40.0, 10, 1.0),
            vec![5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0]
        );
    }
}
