//! What `daba analyse` writes: the annotated PGN of a game, the JSON lines
//! of its moves, and the report (text or JSON) of a position. Evaluations
//! are written from White's point of view everywhere, as PGN readers
//! expect of `[%eval]`.

use crate::analysis::GameAnalysis;
use crate::epd::Position;
use crate::judge::{expected_x2, Mark};
use crate::pgn::{Extra, Game};
use crate::search::PositionEval;
use engine::score::ScoreReport;
use engine::wdl::Wdl;
use movegen::pgn::{self, Movetext};
use movegen::{Board, Color, Move};
use serde::Serialize;

/// Longest PV written as a variation or in the text report, in plies.
pub const MAX_PV_PLIES: usize = 12;

/// A score seen from White's side.
pub fn white_view(score: ScoreReport, side_to_move: Color) -> ScoreReport {
    match (side_to_move, score) {
        (Color::White, s) => s,
        (Color::Black, ScoreReport::Cp(cp)) => ScoreReport::Cp(-cp),
        (Color::Black, ScoreReport::Mate(m)) => ScoreReport::Mate(-m),
    }
}

/// Win/draw/loss seen from White's side.
pub fn white_wdl(wdl: Wdl, side_to_move: Color) -> Wdl {
    match side_to_move {
        Color::White => wdl,
        Color::Black => wdl.reversed(),
    }
}

/// `0.34`, `-1.20`, `#3`, `#-3`: the `[%eval]` form.
pub fn pgn_eval(score: ScoreReport) -> String {
    match score {
        ScoreReport::Cp(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            format!("{sign}{}.{:02}", cp.abs() / 100, cp.abs() % 100)
        }
        ScoreReport::Mate(m) => format!("#{m}"),
    }
}

/// `+0.34`, `-1.20`, `0.00`, `#3`, `#-3`: the form for people.
pub fn text_eval(score: ScoreReport) -> String {
    match score {
        ScoreReport::Cp(cp) if cp > 0 => format!("+{}", pgn_eval(score)),
        _ => pgn_eval(score),
    }
}

/// A line of moves in SAN from `board`, with move numbers (`12. Nf3 Nc6
/// 13. d4`, or `12... Nc6 13. d4` when Black moves first).
pub fn san_line(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut out = Vec::new();
    let mut b = *board;
    for (i, &mv) in moves.iter().enumerate() {
        if b.side_to_move() == Color::White {
            out.push(format!("{}.", b.fullmove_number()));
        } else if i == 0 {
            out.push(format!("{}...", b.fullmove_number()));
        }
        out.push(b.to_san(mv));
        b = b.play(mv);
    }
    out
}

/// SAN of each move of a line, without numbers.
pub fn san_moves(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut b = *board;
    moves
        .iter()
        .map(|&mv| {
            let san = b.to_san(mv);
            b = b.play(mv);
            san
        })
        .collect()
}

// ----- PGN ---------------------------------------------------------------------

/// A comment's text without what an earlier analysis wrote into it (its
/// `[%eval ...]` commands and `Mistake. Nf3 was best.`): the new analysis
/// replaces them.
fn without_evals(comment: &str) -> String {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%eval") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let words: Vec<&str> = out.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let ours = i + 3 < words.len()
            && matches!(words[i], "Inaccuracy." | "Mistake." | "Blunder.")
            && words[i + 2] == "was"
            && words[i + 3] == "best.";
        if ours {
            i += 4;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// True for a variation an earlier analysis wrote (it carries an `[%eval]`).
fn is_engine_line(tokens: &[String]) -> bool {
    tokens.iter().any(|t| t.starts_with("{[%eval"))
}

/// The tags Daba writes into an annotated game (replacing them when the
/// game already has them from an earlier run).
pub const OUR_TAGS: &[&str] = &[
    "Analysis",
    "WhiteAccuracy",
    "BlackAccuracy",
    "WhiteInaccuracies",
    "WhiteMistakes",
    "WhiteBlunders",
    "BlackInaccuracies",
    "BlackMistakes",
    "BlackBlunders",
];

/// The annotated game: the original tags and mainline, with `[%eval]` on
/// every judged move, `?!`/`?`/`??` and the better line on the bad ones,
/// the file's own comments, NAGs and variations, and the summary tags.
pub fn annotated_pgn(game: &Game, analysis: &GameAnalysis, settings_text: &str) -> String {
    let mut tags: Vec<(String, String)> = game.headers.clone();
    let mut set = |name: &str, value: String| {
        match tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => tags.push((name.to_string(), value)),
        };
    };
    if game.header("Annotator").is_none() {
        set("Annotator", engine::NAME.to_string());
    }
    let mut analysis_tag = format!("{}, {settings_text}", engine::NAME);
    if analysis.interrupted() {
        analysis_tag.push_str(&format!(
            ", interrupted after {} of {} positions",
            analysis.searched, analysis.wanted
        ));
    }
    set("Analysis", analysis_tag);
    for (color, side) in ["White", "Black"].iter().zip(&analysis.sides) {
        if let Some(acc) = side.accuracy() {
            set(&format!("{color}Accuracy"), format!("{acc:.1}"));
        }
        set(&format!("{color}Inaccuracies"), side.inaccuracies.to_string());
        set(&format!("{color}Mistakes"), side.mistakes.to_string());
        set(&format!("{color}Blunders"), side.blunders.to_string());
    }
    let mut text = Movetext::new();
    let extras = |text: &mut Movetext, extras: &[Extra]| {
        for extra in extras {
            match extra {
                Extra::Comment(c) => {
                    let c = without_evals(c);
                    if !c.is_empty() {
                        text.comment(&c);
                    }
                }
                Extra::Variation(tokens) if is_engine_line(tokens) => {}
                Extra::Variation(tokens) => {
                    for t in tokens {
                        if let Some(body) = t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                            text.comment(body);
                        } else {
                            text.token(t);
                        }
                    }
                }
            }
        }
    };
    extras(&mut text, &game.leading);
    for (i, m) in game.moves.iter().enumerate() {
        let board = &analysis.boards[i];
        let after = &analysis.boards[i + 1];
        let judged = analysis.moves[i].as_ref();
        let mark = judged.and_then(|j| j.verdict.mark);
        // One move-assessment glyph after the move: ours, or the file's.
        let mut nags: Vec<u16> = m.nags.clone();
        let glyph = match mark {
            Some(mark) => {
                nags.retain(|n| !(1..=6).contains(n));
                Some(mark.glyph().to_string())
            }
            None => nags
                .iter()
                .position(|n| (1..=6).contains(n))
                .map(|k| nag_glyph(nags.remove(k)).to_string()),
        };
        text.san(board, &format!("{}{}", m.san, glyph.unwrap_or_default()));
        for n in nags {
            text.nag(n);
        }
        if let Some(judged) = judged {
            let after_eval = analysis.evals[i + 1]
                .as_ref()
                .expect("a judged move's positions were searched");
            let mut comment = String::new();
            // A mated side has no `mate N` to show; PGN readers cannot tell
            // who is mated from `#0`, so the mating move has no [%eval].
            if !(after_eval.lines.is_empty() && after.in_check()) {
                comment = format!(
                    "[%eval {}]",
                    pgn_eval(white_view(after_eval.score, after.side_to_move()))
                );
            }
            let before_eval = analysis.evals[i].as_ref().expect("searched");
            if let (Some(mark), Some(best)) = (judged.verdict.mark, before_eval.best()) {
                comment.push_str(&format!(" {}. {} was best.", mark.name(), board.to_san(best)));
            }
            if !comment.is_empty() {
                text.comment(comment.trim());
            }
        }
        extras(&mut text, &m.extras);
        if let Some(judged) = judged {
            let before_eval = analysis.evals[i].as_ref().expect("searched");
            if let (Some(_), Some(line)) = (judged.verdict.mark, before_eval.lines.first()) {
                let pv = &line.pv[..line.pv.len().min(MAX_PV_PLIES)];
                text.start_variation();
                let mut b = *board;
                for (k, &mv) in pv.iter().enumerate() {
                    text.san(&b, &b.to_san(mv));
                    if k == 0 {
                        // The line's evaluation, after its first move.
                        let eval = pgn_eval(white_view(line.score, board.side_to_move()));
                        text.comment(&format!("[%eval {eval}]"));
                    }
                    b = b.play(mv);
                }
                text.end_variation();
            }
        }
    }
    text.result(&game.result);
    pgn::game(tags, text)
}

fn nag_glyph(nag: u16) -> &'static str {
    match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        _ => "?!",
    }
}

// ----- JSON ------------------------------------------------------------------

/// A score in JSON: `{"cp": 34}` or `{"mate": -3}`, White's view.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum JsonScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in moves (negative: Black mates).
    Mate(i32),
}

impl From<ScoreReport> for JsonScore {
    fn from(s: ScoreReport) -> JsonScore {
        match s {
            ScoreReport::Cp(cp) => JsonScore::Cp(cp),
            ScoreReport::Mate(m) => JsonScore::Mate(m),
        }
    }
}

/// One analysed move of a game, as `--json` writes it.
#[derive(Serialize, Debug)]
pub struct JsonMove {
    /// Number of the game in the input.
    pub game: usize,
    /// Ply of the move in the game, from 1.
    pub ply: usize,
    /// Move number as in the PGN.
    pub move_number: u16,
    /// `white` or `black`.
    pub side: &'static str,
    /// The move played, SAN.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move played, UCI.
    pub uci: String,
    /// Evaluation after the move, White's view.
    pub eval: JsonScore,
    /// Win/draw/loss per mille after the move, White's view.
    pub wdl: [u32; 3],
    /// The engine's move in the position before, SAN.
    pub best: Option<String>,
    /// The same, UCI.
    pub best_uci: Option<String>,
    /// The evaluation of the best line, White's view.
    pub best_eval: JsonScore,
    /// The best line, SAN, from the position before the move.
    pub pv: Vec<String>,
    /// Expected score the move lost, per mille of a point (0 to 1000).
    pub loss: u32,
    /// `?!`, `?`, `??` or null.
    pub mark: Option<&'static str>,
    /// Accuracy of the move, per cent.
    pub accuracy: f64,
    /// Depth of the search after the move.
    pub depth: u32,
    /// Nodes of the search after the move.
    pub nodes: u64,
}

/// The JSON lines of a game's analysed moves.
pub fn game_json(game: &Game, analysis: &GameAnalysis) -> String {
    let mut out = String::new();
    for line in json_moves(game, analysis) {
        out.push_str(&serde_json::to_string(&line).expect("plain data serialises"));
        out.push('\n');
    }
    out
}

/// A game's analysed moves as `--json` writes them (the site's game review
/// shows the same).
pub fn json_moves(game: &Game, analysis: &GameAnalysis) -> Vec<JsonMove> {
    let mut out = Vec::new();
    let chess960 = game.start.is_chess960();
    for (i, m) in game.moves.iter().enumerate() {
        let Some(judged) = &analysis.moves[i] else {
            continue;
        };
        let board = &analysis.boards[i];
        let after = &analysis.boards[i + 1];
        let before_eval = analysis.evals[i].as_ref().expect("searched");
        let after_eval = analysis.evals[i + 1].as_ref().expect("searched");
        let best = before_eval.best();
        let pv = before_eval
            .lines
            .first()
            .map(|l| l.pv.as_slice())
            .unwrap_or_default();
        out.push(JsonMove {
            game: game.number,
            ply: i + 1,
            move_number: board.fullmove_number(),
            side: if board.side_to_move() == Color::White {
                "white"
            } else {
                "black"
            },
            mv: m.san.clone(),
            uci: m.mv.to_uci(chess960),
            eval: white_view(after_eval.score, after.side_to_move()).into(),
            wdl: wdl_array(white_wdl(after_eval.wdl, after.side_to_move())),
            best: best.map(|b| board.to_san(b)),
            best_uci: best.map(|b| b.to_uci(chess960)),
            best_eval: white_view(before_eval.score, board.side_to_move()).into(),
            pv: san_moves(board, pv),
            loss: judged.verdict.drop,
            mark: judged.verdict.mark.map(Mark::glyph),
            accuracy: (judged.verdict.accuracy * 10.0).round() / 10.0,
            depth: after_eval.depth,
            nodes: after_eval.nodes,
        });
    }
    out
}

fn wdl_array(w: Wdl) -> [u32; 3] {
    [w.win, w.draw, w.loss]
}

/// One line of a position's analysis in JSON.
#[derive(Serialize, Debug)]
pub struct JsonLine {
    /// 1 for the best line.
    pub multipv: usize,
    /// Its evaluation, White's view.
    pub eval: JsonScore,
    /// Win/draw/loss per mille, White's view.
    pub wdl: [u32; 3],
    /// The line in SAN.
    pub pv: Vec<String>,
    /// The line in UCI.
    pub pv_uci: Vec<String>,
}

/// A position's analysis, as `--json` writes it.
#[derive(Serialize, Debug)]
pub struct JsonPosition {
    /// Number of the position in the input.
    pub position: usize,
    /// Line in the input.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// EPD `id`.
    pub id: Option<String>,
    /// The engine's move, SAN (null when there is no legal move).
    pub best: Option<String>,
    /// The same, UCI.
    pub best_uci: Option<String>,
    /// Evaluation, White's view.
    pub eval: JsonScore,
    /// Win/draw/loss per mille, White's view.
    pub wdl: [u32; 3],
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply reached in it.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Every line, best first.
    pub lines: Vec<JsonLine>,
    /// EPD `bm`, SAN.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bm: Vec<String>,
    /// EPD `am`, SAN.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub am: Vec<String>,
    /// With `bm` or `am`: whether the engine's move satisfies them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
}

/// Whether the engine's move satisfies the position's `bm` and `am`.
pub fn solved(position: &Position, best: Option<Move>) -> Option<bool> {
    if position.best_moves.is_empty() && position.avoid_moves.is_empty() {
        return None;
    }
    let best = best?;
    Some(
        (position.best_moves.is_empty() || position.best_moves.contains(&best))
            && !position.avoid_moves.contains(&best),
    )
}

/// A position's analysis as one JSON line.
pub fn position_json(position: &Position, eval: &PositionEval) -> String {
    let board = &position.board;
    let stm = board.side_to_move();
    let chess960 = board.is_chess960();
    let best = eval.best();
    let record = JsonPosition {
        position: position.number,
        line: position.line,
        fen: board.to_fen(),
        id: position.id.clone(),
        best: best.map(|b| board.to_san(b)),
        best_uci: best.map(|b| b.to_uci(chess960)),
        eval: white_view(eval.score, stm).into(),
        wdl: wdl_array(white_wdl(eval.wdl, stm)),
        depth: eval.depth,
        seldepth: eval.seldepth,
        nodes: eval.nodes,
        lines: eval
            .lines
            .iter()
            .enumerate()
            .map(|(k, l)| JsonLine {
                multipv: k + 1,
                eval: white_view(l.score, stm).into(),
                wdl: wdl_array(white_wdl(l.wdl, stm)),
                pv: san_moves(board, &l.pv),
                pv_uci: l.pv.iter().map(|m| m.to_uci(chess960)).collect(),
            })
            .collect(),
        bm: position.best_moves.iter().map(|&m| board.to_san(m)).collect(),
        am: position.avoid_moves.iter().map(|&m| board.to_san(m)).collect(),
        solved: solved(position, best),
    };
    let mut out = serde_json::to_string(&record).expect("plain data serialises");
    out.push('\n');
    out
}

/// A position's analysis for people: the position, then one line per PV.
pub fn position_text(position: &Position, eval: &PositionEval) -> String {
    let board = &position.board;
    let stm = board.side_to_move();
    let mut out = format!("{}. ", position.number);
    if let Some(id) = &position.id {
        out.push_str(&format!("{id}: "));
    }
    out.push_str(&board.to_fen());
    out.push('\n');
    match eval.best() {
        None => {
            // Checkmate or stalemate: the only positions left unsearched.
            let what = board.game_status(&[board.key()]).end.map(|end| end.to_string());
            out.push_str(&format!("   no legal move: {}\n", what.unwrap_or_default()));
        }
        Some(best) => {
            let mut head = format!(
                "   best {}, depth {}, {} nodes",
                board.to_san(best),
                eval.depth,
                eval.nodes
            );
            if let Some(ok) = solved(position, Some(best)) {
                let mut expected = Vec::new();
                if !position.best_moves.is_empty() {
                    let bm: Vec<String> = position.best_moves.iter().map(|&m| board.to_san(m)).collect();
                    expected.push(format!("bm {}", bm.join(" ")));
                }
                if !position.avoid_moves.is_empty() {
                    let am: Vec<String> = position.avoid_moves.iter().map(|&m| board.to_san(m)).collect();
                    expected.push(format!("am {}", am.join(" ")));
                }
                head.push_str(&format!(
                    "; {}: {}",
                    expected.join(", "),
                    if ok { "solved" } else { "not solved" }
                ));
            }
            out.push_str(&head);
            out.push('\n');
            for (k, line) in eval.lines.iter().enumerate() {
                let w = white_wdl(line.wdl, stm);
                let pv = &line.pv[..line.pv.len().min(MAX_PV_PLIES)];
                out.push_str(&format!(
                    "   {}) {:>6}  (White {:>5.1}%)  {}\n",
                    k + 1,
                    text_eval(white_view(line.score, stm)),
                    f64::from(expected_x2(w)) / 20.0,
                    san_line(board, pv).join(" ")
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_forms() {
        assert_eq!(pgn_eval(ScoreReport::Cp(34)), "0.34");
        assert_eq!(pgn_eval(ScoreReport::Cp(-120)), "-1.20");
        assert_eq!(pgn_eval(ScoreReport::Cp(-5)), "-0.05");
        assert_eq!(pgn_eval(ScoreReport::Cp(0)), "0.00");
        assert_eq!(pgn_eval(ScoreReport::Mate(-3)), "#-3");
        assert_eq!(text_eval(ScoreReport::Cp(250)), "+2.50");
        assert_eq!(
            white_view(ScoreReport::Mate(2), Color::Black),
            ScoreReport::Mate(-2)
        );
    }

    #[test]
    fn old_evals_are_dropped_from_comments() {
        assert_eq!(
            without_evals("[%eval 0.31] good [%clk 0:01:00]"),
            "good [%clk 0:01:00]"
        );
        assert_eq!(without_evals("[%eval #-2]"), "");
        assert_eq!(
            without_evals("[%eval -1.2] Mistake. Nf3 was best. Mine."),
            "Mine."
        );
    }
}
