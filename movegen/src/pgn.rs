//! The PGN writer (export format), shared by everything that writes games:
//! the web page's download (`serve`) and the annotated games of `daba
//! analyse`. Reading PGN is the reader's own business (`analyse` has one).
//!
//! A game is its tag pairs, a blank line, the movetext and a blank line
//! ([`game`]). Tags are written in the order given, so a caller that starts a
//! game from nothing lists the [`SEVEN_TAG_ROSTER`] first and its own tags
//! after; one that rewrites a game keeps the file's order. The movetext
//! ([`Movetext`]) is tokens separated by single spaces and broken into lines
//! between tokens: moves in SAN with their numbers, comments (broken between
//! words, never inside a `[%...]` command), NAGs, variations and the result.

use crate::board::Board;
use crate::types::Color;

/// The tags every PGN game carries, in the order the standard writes them.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A tag value with `\` and `"` escaped by a backslash.
pub fn escape_tag_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A tag pair line: `[Name "value"]` and a newline, the value escaped.
pub fn tag_pair(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", escape_tag_value(value))
}

/// A whole game: the tag pairs in the order given, a blank line, the
/// movetext (which should end with the result, [`Movetext::result`]) and a
/// blank line.
pub fn game<N, V>(tags: impl IntoIterator<Item = (N, V)>, movetext: Movetext) -> String
where
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&tag_pair(name.as_ref(), value.as_ref()));
    }
    out.push('\n');
    out.push_str(&movetext.finish());
    out.push('\n');
    out
}

/// PGN movetext being written: tokens laid out in lines of at most
/// [`Movetext::width`] characters (a longer token stands on a line of its
/// own), with move numbers where the standard wants them.
#[derive(Clone, Debug)]
pub struct Movetext {
    text: String,
    width: usize,
    column: usize,
    /// The last token was `(`: no space after it.
    glued: bool,
    /// The next black move needs its number (`12...`): at the start, and
    /// after a comment or a variation.
    need_number: bool,
}

impl Default for Movetext {
    fn default() -> Self {
        Movetext::new()
    }
}

impl Movetext {
    /// The line length of the PGN export format: 79 characters.
    pub const EXPORT_WIDTH: usize = 79;

    /// Empty movetext with lines of at most [`Movetext::EXPORT_WIDTH`]
    /// characters.
    pub fn new() -> Movetext {
        Movetext::with_width(Self::EXPORT_WIDTH)
    }

    /// Empty movetext with lines of at most `width` characters.
    pub fn with_width(width: usize) -> Movetext {
        Movetext {
            text: String::new(),
            width,
            column: 0,
            glued: false,
            need_number: true,
        }
    }

    /// The longest line, in characters.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Any token as it stands: a space before it (none after `(` or before
    /// `)`), or a line break when it would not fit. `(` and `)` open and
    /// close a variation; the move after either carries its number.
    pub fn token(&mut self, token: &str) {
        let len = token.chars().count();
        let close = token == ")";
        if self.column > 0 && !self.glued && !close {
            if self.column + 1 + len > self.width {
                self.text.push('\n');
                self.column = 0;
            } else {
                self.text.push(' ');
                self.column += 1;
            }
        }
        self.text.push_str(token);
        self.column += len;
        self.glued = token == "(";
        if token == "(" || close {
            self.need_number = true;
        }
    }

    /// A move played from `before`, written as `san` (SAN, with any glyph
    /// such as `?!` attached), after its number: `12.` before a white move,
    /// `12...` before a black move that opens the movetext or a variation or
    /// follows a comment or a variation.
    pub fn san(&mut self, before: &Board, san: &str) {
        let number = before.fullmove_number();
        if before.side_to_move() == Color::White {
            self.token(&format!("{number}."));
        } else if self.need_number {
            self.token(&format!("{number}..."));
        }
        self.token(san);
        self.need_number = false;
    }

    /// A numeric annotation glyph, `$n`.
    pub fn nag(&mut self, nag: u16) {
        self.token(&format!("${nag}"));
    }

    /// A comment, `{text}`, broken between words where the line is full (a
    /// `[%command ...]` is kept whole).
    pub fn comment(&mut self, text: &str) {
        let words = comment_words(text);
        if words.is_empty() {
            self.token("{}");
        }
        let last = words.len().saturating_sub(1);
        for (i, w) in words.iter().enumerate() {
            let mut t = String::new();
            if i == 0 {
                t.push('{');
            }
            t.push_str(w);
            if i == last {
                t.push('}');
            }
            self.token(&t);
        }
        self.need_number = true;
    }

    /// Opens a variation: `(`.
    pub fn start_variation(&mut self) {
        self.token("(");
    }

    /// Closes a variation: `)`.
    pub fn end_variation(&mut self) {
        self.token(")");
    }

    /// The game's result, the last token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result(&mut self, result: &str) {
        self.token(result);
    }

    /// The movetext, its last line ended by a newline (empty when nothing
    /// was written).
    pub fn finish(mut self) -> String {
        if self.column > 0 {
            self.text.push('\n');
        }
        self.text
    }
}

/// The words of a comment, a `[%command ...]` kept as one.
fn comment_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut open = false;
    for w in text.split_whitespace() {
        match words.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(w);
            }
            _ => words.push(w.to_string()),
        }
        let last = words.last().map_or("", String::as_str);
        open = last.starts_with("[%") && !last.ends_with(']');
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    /// Writes `moves` (SAN) from `start` into `text`.
    fn line(text: &mut Movetext, start: &Board, moves: &str) -> Board {
        let mut b = *start;
        for san in moves.split_whitespace() {
            let mv = b.parse_san(san).unwrap();
            text.san(&b, &b.to_san(mv));
            b.make_move(mv);
        }
        b
    }

    #[test]
    fn a_whole_game() {
        let start = Board::startpos();
        let mut text = Movetext::new();
        text.comment("Opening");
        let b = line(&mut text, &start, "e4");
        text.nag(1);
        line(&mut text, &b, "e5");
        text.start_variation();
        let after = line(&mut text, &b, "c5");
        text.comment("[%eval 0.3]");
        line(&mut text, &after, "Nf3 d6");
        text.end_variation();
        text.result("*");
        let tags = SEVEN_TAG_ROSTER.map(|name| (name, if name == "White" { "A \"B\" \\ C" } else { "?" }));
        let pgn = game(tags.iter().copied().chain([("Annotator", "Daba")]), text);
        assert_eq!(
            pgn,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"A \\\"B\\\" \\\\ C\"]\n\
             [Black \"?\"]\n[Result \"?\"]\n[Annotator \"Daba\"]\n\n\
             {Opening} 1. e4 $1 e5 (1... c5 {[%eval 0.3]} 2. Nf3 d6) *\n\n"
        );
    }

    #[test]
    fn black_moves_are_numbered_only_where_needed() {
        let start = board("4k3/8/8/8/8/8/8/R3K3 b - - 0 30");
        let mut text = Movetext::new();
        let b = line(&mut text, &start, "Kd7 Ra2 Ke6");
        text.comment("c");
        line(&mut text, &b, "Ra3 Kf5");
        text.result("*");
        assert_eq!(text.finish(), "30... Kd7 31. Ra2 Ke6 {c} 32. Ra3 Kf5 *\n");
        let mut text = Movetext::new();
        line(&mut text, &start, "Kd7");
        text.comment("c");
        line(&mut text, &board("8/3k4/8/8/8/8/8/R3K3 w - - 1 31"), "Ra2 Ke6");
        assert_eq!(text.finish(), "30... Kd7 {c} 31. Ra2 Ke6\n");
    }

    #[test]
    fn lines_stay_within_the_width() {
        for width in [79, 80] {
            let mut t = Movetext::with_width(width);
            for i in 0..200 {
                t.token(&format!("{i}."));
                t.token("Nf3");
            }
            let text = t.finish();
            assert!(text.lines().all(|l| l.len() <= width));
            assert!(text.lines().any(|l| l.len() >= width - 4));
        }
        // Exactly full: 80 characters fit in 80, not in 79.
        for (width, lines) in [(80, 1), (79, 2)] {
            let mut t = Movetext::with_width(width);
            t.token(&"x".repeat(39));
            t.token(&"x".repeat(40));
            assert_eq!(t.finish().lines().count(), lines, "{width}");
        }
        // A token longer than a line stands alone.
        let mut t = Movetext::new();
        t.token("1.");
        t.token(&"y".repeat(100));
        t.token("*");
        assert_eq!(t.finish(), format!("1.\n{}\n*\n", "y".repeat(100)));
    }

    #[test]
    fn comments_break_between_words_and_keep_commands_whole() {
        assert_eq!(comment_words("[%eval 0.3] a  b"), ["[%eval 0.3]", "a", "b"]);
        assert_eq!(comment_words("[%clk 0:01:00 x] y"), ["[%clk 0:01:00 x]", "y"]);
        let mut t = Movetext::with_width(20);
        t.comment("one two three four [%cmd a b c] five");
        assert_eq!(t.finish(), "{one two three four\n[%cmd a b c] five}\n");
        let mut t = Movetext::new();
        t.comment("   ");
        t.result("*");
        assert_eq!(t.finish(), "{} *\n");
        assert_eq!(Movetext::new().finish(), "");
    }

    #[test]
    fn tags_are_escaped() {
        assert_eq!(tag_pair("White", "a\"b\\c"), "[White \"a\\\"b\\\\c\"]\n");
        assert_eq!(escape_tag_value("plain"), "plain");
    }
}
