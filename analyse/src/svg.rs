//! One SVG per game: White's expected score after each judged move (0 to
//! 100%, from the win/draw/loss model, so a mate and a +9 look alike and a
//! +0.3 is near the middle), one point per move, with the inaccuracies,
//! mistakes and blunders circled in their colours (hovering a circle names
//! the move and its evaluation). Plain SVG, no script, no fonts to load.

use crate::analysis::GameAnalysis;
use crate::judge::{expected_x2, Mark};
use crate::pgn::Game;
use crate::write::{text_eval, white_view, white_wdl};
use movegen::Color;

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 26.0;

/// The colour of a mark's circle (lichess's: blue, orange, red).
fn colour(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "#56b4e9",
        Mark::Mistake => "#e69f00",
        Mark::Blunder => "#db3031",
    }
}

/// Escapes text for XML content and attributes.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A title for the graph: `White - Black, Event, Date`.
pub fn title(game: &Game) -> String {
    let known = |v: Option<&str>| v.filter(|v| !v.is_empty() && *v != "?").map(str::to_string);
    let mut parts = Vec::new();
    match (known(game.header("White")), known(game.header("Black"))) {
        (Some(w), Some(b)) => parts.push(format!("{w} - {b}")),
        (Some(w), None) => parts.push(w),
        (None, Some(b)) => parts.push(b),
        (None, None) => parts.push(format!("Game {}", game.number)),
    }
    parts.extend(known(game.header("Event")));
    // `1858.??.??` says no more than `1858`.
    let date = known(game.header("Date")).map(|d| d.replace(".??", ""));
    parts.extend(date.filter(|d| !d.starts_with("????")));
    parts.join(", ")
}

/// The graph of one game.
pub fn render(game: &Game, analysis: &GameAnalysis) -> String {
    let plies = game.moves.len().max(1) as f64;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |ply: usize| LEFT + plot_w * ply as f64 / plies;
    let y = |per_mille_x2: u32| TOP + plot_h * (1.0 - f64::from(per_mille_x2) / 2000.0);

    let mut points = Vec::new();
    let mut marks = Vec::new();
    for (i, m) in game.moves.iter().enumerate() {
        let Some(judged) = &analysis.moves[i] else {
            continue;
        };
        let after = &analysis.boards[i + 1];
        let eval = analysis.evals[i + 1]
            .as_ref()
            .expect("a judged move's positions were searched");
        let es = expected_x2(white_wdl(eval.wdl, after.side_to_move()));
        let (px, py) = (x(i + 1), y(es));
        points.push(format!("{px:.1},{py:.1}"));
        let board = &analysis.boards[i];
        let number = if board.side_to_move() == Color::White {
            format!("{}.", board.fullmove_number())
        } else {
            format!("{}...", board.fullmove_number())
        };
        let label = format!(
            "{number} {}{} {}",
            m.san,
            judged.verdict.mark.map_or("", Mark::glyph),
            text_eval(white_view(eval.score, after.side_to_move()))
        );
        if let Some(mark) = judged.verdict.mark {
            marks.push((px, py, mark, label));
        }
    }

    let mut svg = String::new();
    svg.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    ));
    svg.push_str(&format!("<title>{}</title>\n", xml_escape(&title(game))));
    svg.push_str(&format!(
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n"
    ));
    // White's half on top, Black's below.
    svg.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{}\" fill=\"#f4f4f4\"/>\n",
        plot_h / 2.0
    ));
    svg.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{}\" width=\"{plot_w}\" height=\"{}\" fill=\"#d9d9d9\"/>\n",
        TOP + plot_h / 2.0,
        plot_h / 2.0
    ));
    // The title, cut short of the legend.
    let mut heading = title(game);
    if heading.chars().count() > 62 {
        heading = heading.chars().take(60).collect::<String>() + "...";
    }
    svg.push_str(&format!(
        "<text x=\"{LEFT}\" y=\"18\" font-size=\"13\">{}</text>\n",
        xml_escape(&heading)
    ));
    // The legend: what the line is, and the marks' colours.
    let mut lx = WIDTH - RIGHT - 112.0;
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"18\" text-anchor=\"end\" fill=\"#555555\">White's expected score</text>\n",
        lx - 10.0
    ));
    for mark in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
        svg.push_str(&format!(
            "<circle cx=\"{lx}\" cy=\"14\" r=\"4\" fill=\"{}\" stroke=\"#202020\" stroke-width=\"0.5\"/>\n\
             <text x=\"{}\" y=\"18\">{}</text>\n",
            colour(mark),
            lx + 7.0,
            mark.glyph()
        ));
        lx += 38.0;
    }
    for (value, label) in [(2000, "100%"), (1000, "50%"), (0, "0%")] {
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>\n",
            LEFT - 4.0,
            y(value) + 4.0
        ));
    }
    svg.push_str(&format!(
        "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#888888\" stroke-dasharray=\"4 3\"/>\n",
        y(1000),
        WIDTH - RIGHT
    ));
    // Move numbers along the bottom, every 10 moves.
    let start_ply = 2 * (game.start.fullmove_number() as usize - 1) + game.start.side_to_move().index();
    let mut number = 10;
    while 2 * (number - 1) < start_ply + game.moves.len() {
        let ply = 2 * (number - 1);
        if ply >= start_ply {
            let px = x(ply - start_ply);
            svg.push_str(&format!(
                "<text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{number}</text>\n",
                HEIGHT - 8.0
            ));
        }
        number += 10;
    }
    svg.push_str(&format!(
        "<polyline id=\"eval\" fill=\"none\" stroke=\"#202020\" stroke-width=\"1.5\" points=\"{}\"/>\n",
        points.join(" ")
    ));
    for (px, py, mark, label) in marks {
        svg.push_str(&format!(
            "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"4\" fill=\"{}\" stroke=\"#202020\" stroke-width=\"0.5\"><title>{}</title></circle>\n",
            colour(mark),
            xml_escape(&label)
        ));
    }
    svg.push_str("</svg>\n");
    svg
}
