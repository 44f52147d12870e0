//! The PGN reader against the untidy files real PGN comes in: each edge case
//! the issue lists is a test of its own.

use analyse::pgn::{read_all, Extra, Game};
use movegen::Board;

fn one(text: &str) -> Game {
    let (mut games, errors) = read_all(text);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0)
}

fn sans(game: &Game) -> Vec<&str> {
    game.moves.iter().map(|m| m.san.as_str()).collect()
}

#[test]
fn comments_of_every_kind() {
    let game = one(concat!(
        "[Event \"comments\"]\n",
        "% an escape line, ignored\n",
        "\n",
        "{Before the first move} 1. e4 {King's pawn\n  over two lines} e5 ; to the end of the line\n",
        "2. Nf3 {} Nc6 {a } ; comment with { inside\n",
        "3. Bb5 1-0\n",
    ));
    assert_eq!(sans(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(game.leading, [Extra::Comment("Before the first move".into())]);
    assert_eq!(
        game.moves[0].extras,
        [Extra::Comment("King's pawn\n  over two lines".into())]
    );
    assert_eq!(
        game.moves[1].extras,
        [Extra::Comment("to the end of the line".into())]
    );
    assert_eq!(game.moves[2].extras, [Extra::Comment(String::new())]);
    assert_eq!(
        game.moves[3].extras,
        [
            Extra::Comment("a ".into()),
            Extra::Comment("comment with { inside".into())
        ]
    );
}

#[test]
fn comments_with_brace_less_words_are_errors_not_moves() {
    let (games, errors) = read_all("1. e4 {fine} hello e5 *");
    assert!(games.is_empty());
    assert_eq!(errors.len(), 1);
    assert!(errors[0].message.contains("hello"), "{}", errors[0]);
}

#[test]
fn nested_variations() {
    let game = one(
        "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5) 3. exd5) 2... d6) (1... e6) 2. Nf3 (2. f4 exf4) Nc6 *",
    );
    assert_eq!(sans(&game), ["e4", "e5", "Nf3", "Nc6"]);
    let variations: Vec<&Vec<String>> = game.moves[1]
        .extras
        .iter()
        .filter_map(|e| match e {
            Extra::Variation(v) => Some(v),
            Extra::Comment(_) => None,
        })
        .collect();
    assert_eq!(variations.len(), 2);
    assert_eq!(
        variations[0].join(" "),
        "( 1... c5 2. Nf3 ( 2. c3 d5 ( 2... Nf6 3. e5 ) 3. exd5 ) 2... d6 )"
    );
    assert_eq!(variations[1].join(" "), "( 1... e6 )");
    assert!(matches!(&game.moves[2].extras[..], [Extra::Variation(_)]));
}

#[test]
fn nags_and_glyphs() {
    let game = one("1. e4! $18 e5?? 2. Nf3 $1 $32 Nc6!? 3. Bb5 ?! a6 !! *");
    let nags: Vec<&[u16]> = game.moves.iter().map(|m| m.nags.as_slice()).collect();
    assert_eq!(nags, [&[1, 18][..], &[4], &[1, 32], &[5], &[6], &[3]]);
}

#[test]
fn setup_and_fen_headers() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let game = one(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n3. Bb5 a6 4. Ba4 *"));
    assert_eq!(game.start, Board::from_fen(fen).unwrap());
    assert_eq!(sans(&game), ["Bb5", "a6", "Ba4"]);
    // Black to move in the FEN: the first move is numbered `N...`.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let game = one(&format!("[FEN \"{fen}\"]\n1... c5 2. Nf3 *"));
    assert_eq!(sans(&game), ["c5", "Nf3"]);
    // A bad FEN is the game's error, with the line of the game.
    let (games, errors) = read_all("[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n1. e4 *");
    assert!(games.is_empty());
    assert_eq!((errors[0].game, errors[0].line), (1, 1));
    assert!(errors[0].message.contains("FEN"), "{}", errors[0]);
}

#[test]
fn chess960_games() {
    // X-FEN (KQkq with rooks on b and g files) and Shredder-FEN (rook files).
    for castling in ["KQkq", "GBgb"] {
        let fen = format!("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w {castling} - 0 1");
        let text =
            format!("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. O-O O-O-O 2. Rb1d1 *");
        let game = one(&text);
        assert!(game.start.is_chess960());
        assert_eq!(sans(&game)[..2], ["O-O", "O-O-O"], "{castling}");
        let after = game.positions()[2];
        // White's king went to g1 and its g-rook to f1; Black's king to c8 and its b-rook to d8.
        assert_eq!(
            after.to_fen().split(' ').next().unwrap(),
            "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1",
            "{castling}"
        );
    }
    let (_, errors) = read_all("[Variant \"Crazyhouse\"]\n1. e4 *");
    assert!(errors[0].message.contains("Crazyhouse") || errors[0].message.contains("crazyhouse"));
}

#[test]
fn results_and_missing_results() {
    let text = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 d5\n\n[Event \"c\"]\n1. c4 1/2-1/2\n[Event \"d\"]\n1. Nf3";
    let (games, errors) = read_all(text);
    assert!(errors.is_empty(), "{errors:?}");
    let results: Vec<&str> = games.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["*", "*", "1/2-1/2", "*"]);
    assert_eq!(games[1].moves.len(), 2);
    assert_eq!(games[3].line, 9);
}

#[test]
fn odd_whitespace_and_line_endings() {
    let lf = "[Event \"w\"]\n[White \"A\"]\n\n1. e4 e5\n2. Nf3 Nc6 1-0\n";
    let base = one(lf);
    for text in [
        lf.replace('\n', "\r\n"),
        lf.replace('\n', "\r"),
        format!("\u{feff}{}", lf.replace(' ', "\t  ")),
        lf.replace("1. e4", "1.e4").replace("2. Nf3", "\n\n   2.Nf3  "),
        lf.replace("\n\n1.", "\n\n\n\n  \t 1..."),
    ] {
        let game = one(&text);
        assert_eq!(sans(&game), sans(&base), "{text:?}");
        assert_eq!(game.headers, base.headers, "{text:?}");
        assert_eq!(game.result, "1-0");
    }
    // Lines are counted through every kind of line ending.
    let (_, errors) = read_all("[Event \"x\"]\r\n\r\n1. e4 e5\r2. Ke3 *");
    assert_eq!(errors[0].line, 4);
}

#[test]
fn a_bad_game_in_the_middle_is_skipped_with_its_number_and_line() {
    let text = "\
[Event \"one\"]

1. e4 e5 2. Nf3 *

[Event \"two\"]

1. d4 d5 2. c4 (2. Bf4 Nf6) e6
3. Nc3 Nf6 4. Qxh7 Be7 *

[Event \"three\"]

1. c4 {an unclosed (paren is fine in a comment} e5 *

[Event \"four\"]

1. e4 (1. d4 d5 *

[Event \"five\"]

1. Nf3 d5 0-1
";
    let (games, errors) = read_all(text);
    let names: Vec<&str> = games.iter().map(|g| g.header("Event").unwrap()).collect();
    assert_eq!(names, ["one", "three", "five"]);
    assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 3, 5]);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!((errors[0].game, errors[0].line), (2, 8));
    assert!(errors[0].message.contains("Qxh7"), "{}", errors[0]);
    assert_eq!(errors[1].game, 4);
    assert!(errors[1].message.contains("inside a variation"), "{}", errors[1]);
}

#[test]
fn garbage_never_panics() {
    // Every prefix of a tricky file, and some noise.
    let text = "[Event \"x\\\"y\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n{c} 1. Kb2 $1 (1. Ka2 {v}) Kd2 ; e\n% x\n*\n[A";
    for end in 0..=text.len() {
        if text.is_char_boundary(end) {
            let _ = read_all(&text[..end]);
        }
    }
    for noise in [
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        "$",
        "$99999999",
        "\"",
        "1.",
        "...",
        "[X",
        "[X \"",
        "½-½",
    ] {
        let _ = read_all(noise);
    }
}
