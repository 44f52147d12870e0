//! A PGN reader for the games `daba analyse` annotates: tag pairs, the
//! mainline checked move by move on Daba's own [`Board`], and everything
//! else kept as text (comments, NAGs, nested variations) so that the
//! annotated game gives it back.
//!
//! Daba reads PGN itself rather than through the `pgn-reader` crate, a
//! choice measured in `benches/pgn-peers` (docs/analyse.md): `pgn-reader`
//! reads 3.8 times as fast, but reading is under a thousandth of an
//! analysis, and it reads some untidy files differently (a stray word
//! skipped, a game split at blank lines) where this reader reports the
//! file's mistake. Reading our own tokens also means one move generator
//! decides legality, the one the search uses, with no conversion between
//! two board types.
//!
//! Real files are untidy, and the reader takes them as they come: comments
//! in braces and after `;`, `%` escape lines, nested variations, NAGs and
//! `!?`-style glyphs, move numbers glued to moves (`12.Nf3`), results
//! `1-0 0-1 1/2-1/2 *` (or none before the next game's tags), CRLF, CR or LF
//! line endings, tabs, a byte-order mark, `SetUp`/`FEN` headers, and
//! Chess960 (`Variant "Chess960"`, X-FEN or Shredder-FEN castling). A game
//! that cannot be read (an illegal move, a bad FEN, an unknown variant, an
//! unclosed variation) is reported with its number and line, and reading
//! goes on with the next game.

use movegen::{Board, Move};
use std::fmt;

/// A game's mainline, ready to analyse and to write back.
#[derive(Clone, Debug)]
pub struct Game {
    /// 1-based number of the game in its file (bad games count too).
    pub number: usize,
    /// Line of the game's first token.
    pub line: usize,
    /// The tag pairs, in their order in the file.
    pub headers: Vec<(String, String)>,
    /// The position before the first move (from `FEN`, or the start position).
    pub start: Board,
    /// Comments and variations before the first move.
    pub leading: Vec<Extra>,
    /// The mainline.
    pub moves: Vec<GameMove>,
    /// The termination marker (`*` when the game had none).
    pub result: String,
}

impl Game {
    /// The value of a tag, if the game has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The positions of the mainline: before the first move, after each move.
    pub fn positions(&self) -> Vec<Board> {
        let mut boards = Vec::with_capacity(self.moves.len() + 1);
        let mut board = self.start;
        boards.push(board);
        for m in &self.moves {
            board = board.play(m.mv);
            boards.push(board);
        }
        boards
    }
}

/// One move of the mainline and what the file said about it.
#[derive(Clone, Debug)]
pub struct GameMove {
    /// The move, legal in its position.
    pub mv: Move,
    /// The move in SAN as Daba writes it (`Nbd7`, `O-O`, `e8=Q+`).
    pub san: String,
    /// NAGs after the move (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u16>,
    /// Comments and variations after the move, in file order.
    pub extras: Vec<Extra>,
}

/// A comment or a variation, kept as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    /// A comment's text (without the braces; a `;` comment becomes one too).
    Comment(String),
    /// A variation as tokens: `(`, move numbers, moves, NAGs, `{comment}`s,
    /// nested variations, `)`. Its moves are kept as written, not checked.
    Variation(Vec<String>),
}

/// A game that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based number of the game in its file.
    pub game: usize,
    /// Line of the problem.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}): {}", self.game, self.line, self.message)
    }
}

impl std::error::Error for PgnError {}

/// Reads every game of a PGN text: the games that could be read, and an
/// error for each one that could not.
pub fn read_all(text: &str) -> (Vec<Game>, Vec<PgnError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for game in Reader::new(text) {
        match game {
            Ok(g) => games.push(g),
            Err(e) => errors.push(e),
        }
    }
    (games, errors)
}

/// The NAG of a move-assessment glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
pub fn glyph_nag(glyph: &str) -> Option<u16> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

// ----- Tokens ---------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u16),
    Result(String),
    MoveNumber(String),
    /// A move (or anything else that is not one of the above), glyph
    /// stripped and returned separately.
    San(String, Option<u16>),
    Error(String),
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Takes one character, counting lines (LF, CRLF and a lone CR each end one).
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' || (c == '\r' && self.peek() != Some('\n')) {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || matches!(self.text.as_bytes()[self.pos - 1], b'\n' | b'\r')
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    /// The next token and the line it starts on.
    fn next_token(&mut self) -> Option<(Tok, usize)> {
        loop {
            let c = self.peek()?;
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
                continue;
            }
            if c == '%' && self.at_line_start() {
                self.skip_line();
                continue;
            }
            let line = self.line;
            let tok = match c {
                ';' => {
                    self.bump();
                    let start = self.pos;
                    self.skip_line();
                    Tok::Comment(self.text[start..self.pos].trim().to_string())
                }
                '{' => {
                    self.bump();
                    let start = self.pos;
                    loop {
                        match self.bump() {
                            Some('}') => break Tok::Comment(self.text[start..self.pos - 1].to_string()),
                            Some(_) => {}
                            None => {
                                break Tok::Error(format!("the comment opened on line {line} never ends"))
                            }
                        }
                    }
                }
                '[' => self.tag(),
                '(' => {
                    self.bump();
                    Tok::Open
                }
                ')' => {
                    self.bump();
                    Tok::Close
                }
                '$' => {
                    self.bump();
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    match self.text[start..self.pos].parse::<u16>() {
                        Ok(n) => Tok::Nag(n),
                        Err(_) => Tok::Error(format!("'${}' is not a NAG", &self.text[start..self.pos])),
                    }
                }
                _ => {
                    let start = self.pos;
                    while let Some(c) = self.peek() {
                        if c.is_whitespace() || "{}()[];$\"".contains(c) {
                            break;
                        }
                        self.bump();
                    }
                    if self.pos == start {
                        // A stray '"' or ']': skip it.
                        self.bump();
                        continue;
                    }
                    match classify(&self.text[start..self.pos]) {
                        Some(tok) => tok,
                        None => continue,
                    }
                }
            };
            return Some((tok, line));
        }
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Tok {
        self.bump(); // '['
        let bad = |lexer: &mut Lexer| {
            lexer.skip_line();
            Tok::Error("a malformed tag pair".to_string())
        };
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            self.bump();
        }
        let name = self.text[start..self.pos].to_string();
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() || self.peek() != Some('"') {
            return bad(self);
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.peek() {
                    Some(c @ ('"' | '\\')) => {
                        self.bump();
                        value.push(c);
                    }
                    _ => value.push('\\'),
                },
                Some('"') => break,
                Some('\n' | '\r') | None => return Tok::Error(format!("the value of tag {name} never ends")),
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return bad(self);
        }
        self.bump();
        Tok::Tag(name, value)
    }
}

/// What a run of symbol characters is; `None` for text to ignore (`...`,
/// `e.p.`).
fn classify(word: &str) -> Option<Tok> {
    if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return Some(Tok::Result(word.to_string()));
    }
    if word == "½-½" {
        return Some(Tok::Result("1/2-1/2".to_string()));
    }
    if let Some(nag) = glyph_nag(word) {
        return Some(Tok::Nag(nag));
    }
    if word.chars().all(|c| c == '.') || matches!(word, "e.p." | "ep") {
        return None;
    }
    // A move number, alone (`12.`, `12...`, `12`) or glued to its move (`12.Nf3`).
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = &word[digits..];
        let dots = rest.len() - rest.trim_start_matches('.').len();
        if rest.is_empty() {
            return Some(Tok::MoveNumber(word.to_string()));
        }
        if dots > 0 {
            let after = &rest[dots..];
            if after.is_empty() {
                return Some(Tok::MoveNumber(word.to_string()));
            }
            // The caller sees the number first only if we split; the move is
            // what matters, and the number is implied by the position.
            return Some(san_token(after));
        }
    }
    Some(san_token(word))
}

fn san_token(word: &str) -> Tok {
    let core = word.trim_end_matches(['!', '?']);
    let glyph = glyph_nag(&word[core.len()..]);
    Tok::San(core.to_string(), glyph)
}

// ----- Games -----------------------------------------------------------------

/// Reads games one at a time.
pub struct Reader<'a> {
    lexer: Lexer<'a>,
    pushed_back: Option<(Tok, usize)>,
    games: usize,
}

impl<'a> Reader<'a> {
    /// A reader over the whole text of a PGN file.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            lexer: Lexer::new(text),
            pushed_back: None,
            games: 0,
        }
    }

    fn next_token(&mut self) -> Option<(Tok, usize)> {
        self.pushed_back.take().or_else(|| self.lexer.next_token())
    }
}

/// A game being read: where its variation text goes, and the first problem.
struct Builder {
    game: Game,
    board: Board,
    /// Nesting depth of variations; 0 is the mainline.
    depth: usize,
    /// The variation being collected (depth > 0).
    variation: Vec<String>,
    error: Option<(usize, String)>,
}

impl Builder {
    fn fail(&mut self, line: usize, message: String) {
        if self.error.is_none() {
            self.error = Some((line, message));
        }
    }

    fn extras(&mut self) -> &mut Vec<Extra> {
        match self.game.moves.last_mut() {
            Some(m) => &mut m.extras,
            None => &mut self.game.leading,
        }
    }

    fn play(&mut self, san: &str, glyph: Option<u16>, line: usize) {
        if self.error.is_some() {
            return;
        }
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            return self.fail(
                line,
                format!("move {}: a null move ({san}) cannot be analysed", self.ply_name()),
            );
        }
        match self.board.parse_san(san) {
            Ok(mv) => {
                let written = self.board.to_san(mv);
                self.board = self.board.play(mv);
                self.game.moves.push(GameMove {
                    mv,
                    san: written,
                    nags: glyph.into_iter().collect(),
                    extras: Vec::new(),
                });
            }
            Err(e) => self.fail(line, format!("move {}: {e}", self.ply_name())),
        }
    }

    /// The move about to be played, as `12.` or `12...`.
    fn ply_name(&self) -> String {
        let dots = if self.board.side_to_move() == movegen::Color::White {
            "."
        } else {
            "..."
        };
        format!("{}{dots}", self.board.fullmove_number())
    }
}

/// The position a game starts from, given its tags.
fn start_position(headers: &[(String, String)]) -> Result<Board, String> {
    let get = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let chess960 = match get("Variant").map(|v| v.to_ascii_lowercase()) {
        None => false,
        Some(v) => match v.as_str() {
            "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => false,
            "chess960"
            | "chess 960"
            | "960"
            | "fischerandom"
            | "fischer random"
            | "fischer random chess"
            | "frc" => true,
            _ => return Err(format!("variant '{v}' is not chess or Chess960")),
        },
    };
    let mut board = match get("FEN") {
        Some(fen) => Board::from_fen(fen).map_err(|e| format!("FEN tag '{fen}': {e}"))?,
        None => Board::startpos(),
    };
    if chess960 {
        board.set_chess960(true);
    }
    Ok(board)
}

impl Iterator for Reader<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        // Tag pairs.
        let mut headers = Vec::new();
        let mut first_line = None;
        let mut tag_error = None;
        let (tok, line) = loop {
            match self.next_token() {
                Some((Tok::Tag(name, value), line)) => {
                    first_line.get_or_insert(line);
                    headers.push((name, value));
                }
                Some((Tok::Error(message), line)) => {
                    first_line.get_or_insert(line);
                    tag_error.get_or_insert((line, message));
                }
                Some(other) => break other,
                None if first_line.is_some() => break (Tok::Result("*".to_string()), self.lexer.line),
                None => return None,
            }
        };
        self.games += 1;
        let number = self.games;
        let start_line = first_line.unwrap_or(line);
        let board = start_position(&headers);
        let mut b = Builder {
            game: Game {
                number,
                line: start_line,
                headers,
                start: Board::startpos(),
                leading: Vec::new(),
                moves: Vec::new(),
                result: "*".to_string(),
            },
            board: Board::startpos(),
            depth: 0,
            variation: Vec::new(),
            error: tag_error,
        };
        match board {
            Ok(board) => {
                b.game.start = board;
                b.board = board;
            }
            Err(message) => b.fail(start_line, message),
        }

        // Movetext, up to the result (or the next game's tags, or the end).
        let mut next = Some((tok, line));
        let mut last_line = line;
        loop {
            let Some((tok, line)) = next.take().or_else(|| self.next_token()) else {
                if b.depth > 0 {
                    b.fail(last_line, "a variation is never closed".to_string());
                }
                break;
            };
            last_line = line;
            match tok {
                Tok::Tag(..) => {
                    // The next game's tags: this game had no result.
                    if b.depth > 0 {
                        b.fail(line, "a variation is never closed".to_string());
                    }
                    self.pushed_back = Some((tok, line));
                    break;
                }
                Tok::Result(r) => {
                    if b.depth > 0 {
                        b.fail(line, format!("result {r} inside a variation"));
                    }
                    b.game.result = r;
                    break;
                }
                Tok::Error(message) => b.fail(line, message),
                _ if b.depth > 0 => match tok {
                    Tok::Open => {
                        b.depth += 1;
                        b.variation.push("(".to_string());
                    }
                    Tok::Close => {
                        b.depth -= 1;
                        b.variation.push(")".to_string());
                        if b.depth == 0 {
                            let variation = std::mem::take(&mut b.variation);
                            b.extras().push(Extra::Variation(variation));
                        }
                    }
                    Tok::Comment(c) => b.variation.push(format!("{{{}}}", c.replace('}', ")"))),
                    Tok::Nag(n) => b.variation.push(format!("${n}")),
                    Tok::MoveNumber(n) => b.variation.push(n),
                    Tok::San(san, glyph) => {
                        b.variation.push(san);
                        if let Some(n) = glyph {
                            b.variation.push(format!("${n}"));
                        }
                    }
                    Tok::Tag(..) | Tok::Result(_) | Tok::Error(_) => unreachable!("handled above"),
                },
                Tok::Open => {
                    b.depth = 1;
                    b.variation = vec!["(".to_string()];
                }
                Tok::Close => b.fail(line, "')' closes no variation".to_string()),
                Tok::Comment(c) => b.extras().push(Extra::Comment(c)),
                Tok::Nag(n) => {
                    if let Some(m) = b.game.moves.last_mut() {
                        m.nags.push(n);
                    }
                }
                Tok::MoveNumber(_) => {}
                Tok::San(san, glyph) => b.play(&san, glyph, line),
            }
        }
        Some(match b.error {
            Some((line, message)) => Err(PgnError {
                game: number,
                line,
                message,
            }),
            None => Ok(b.game),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(g: &Game) -> Vec<&str> {
        g.moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn a_plain_game() {
        let (games, errors) = read_all("[Event \"x\"]\n[White \"A \\\"B\\\"\"]\n\n1. e4 e5 2. Nf3 1-0\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(games.len(), 1);
        assert_eq!(sans(&games[0]), ["e4", "e5", "Nf3"]);
        assert_eq!(games[0].header("white"), Some("A \"B\""));
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[0].line, 1);
    }

    #[test]
    fn tokens_glued_and_glyphs() {
        let (games, errors) = read_all("1.e4!? e5 2.Nf3?! $14 2...Nc6 *");
        assert!(errors.is_empty(), "{errors:?}");
        let g = &games[0];
        assert_eq!(sans(g), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(g.moves[0].nags, [5]);
        assert_eq!(g.moves[2].nags, [6, 14]);
    }

    #[test]
    fn no_input_no_game() {
        assert_eq!(read_all("").0.len(), 0);
        assert_eq!(read_all(" \n\r\n\t").0.len(), 0);
        assert_eq!(read_all("% just an escape line\n").0.len(), 0);
    }

    #[test]
    fn errors_name_game_and_line() {
        let text = "[Event \"1\"]\n1. e4 *\n\n[Event \"2\"]\n1. e4 e5\n2. Ke3 *\n\n[Event \"3\"]\n1. d4 *\n";
        let (games, errors) = read_all(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].number, 3);
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].game, errors[0].line), (2, 6));
        assert!(errors[0].message.contains("Ke3"), "{}", errors[0]);
    }
}
