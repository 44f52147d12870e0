//! Game analysis through the library, with tiny node-limited searches (one
//! thread, so every run is the same): a planted blunder is marked `??`, a
//! game of the engine's own best moves gets no mark, and the annotated PGN
//! reads back with the same tags and mainline.

use analyse::analysis::{analyse_game, Selection};
use analyse::interrupt::Interrupt;
use analyse::judge::Mark;
use analyse::pgn::{read_all, Game};
use analyse::search::{SearchSettings, Searcher};
use analyse::write::annotated_pgn;
use engine::search::Limits;
use movegen::Color;

const NODES: u64 = 3000;

fn settings() -> SearchSettings {
    SearchSettings {
        limits: Limits::nodes(NODES),
        multipv: 1,
        net: engine::network::default_network(),
        syzygy: None,
    }
}

fn game(text: &str) -> Game {
    let (mut games, errors) = read_all(text);
    assert!(errors.is_empty(), "{errors:?}");
    games.remove(0)
}

#[test]
fn a_planted_blunder_gets_two_question_marks() {
    engine::init();
    // 3... Nf6?? allows Qxf7#.
    let g = game("[Event \"planted\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    let mut searcher = Searcher::new(8, 1, &settings().net).unwrap();
    let analysis = analyse_game(
        &g,
        &mut searcher,
        &settings(),
        &Selection::default(),
        &Interrupt::default(),
        &mut || {},
    );
    let marks: Vec<Option<Mark>> = analysis
        .moves
        .iter()
        .map(|m| m.as_ref().unwrap().verdict.mark)
        .collect();
    assert_eq!(marks[5], Some(Mark::Blunder), "{marks:?}");
    assert_eq!(marks[6], None, "mate is the best move");
    assert_eq!(analysis.sides[Color::Black.index()].blunders, 1);
    let pgn = annotated_pgn(&g, &analysis, "nodes 3000").replace('\n', " ");
    assert!(pgn.contains("3... Nf6??"), "{pgn}");
    assert!(pgn.contains("[BlackBlunders \"1\"]"), "{pgn}");
    // The mating move has no [%eval] (a reader cannot tell who is mated from #0).
    assert!(pgn.contains("4. Qxf7# 1-0"), "{pgn}");
}

/// Builds a game move by move from the engine's own choices: the analysis
/// searches positions in game order from a cleared searcher, so the search
/// of ply i is the same whatever the moves after it. (Each prefix gets one
/// more legal move so that its last position is searched.)
#[test]
fn a_game_of_best_moves_gets_no_mark() {
    engine::init();
    let settings = settings();
    let mut searcher = Searcher::new(8, 1, &settings.net).unwrap();
    let mut sans: Vec<String> = Vec::new();
    let text = |sans: &[String]| format!("[Event \"best\"]\n\n{} *\n", sans.join(" "));
    for ply in 0..12 {
        let mut g = game(&text(&sans));
        let board = g.positions()[ply];
        let any = *board.legal_moves().iter().next().unwrap();
        g.moves.push(analyse::pgn::GameMove {
            mv: any,
            san: board.to_san(any),
            nags: Vec::new(),
            extras: Vec::new(),
        });
        let analysis = analyse_game(
            &g,
            &mut searcher,
            &settings,
            &Selection::default(),
            &Interrupt::default(),
            &mut || {},
        );
        let best = analysis.evals[ply].as_ref().unwrap().best().unwrap();
        sans.push(board.to_san(best));
        // Every move so far is the engine's.
        for m in analysis.moves[..ply].iter().flatten() {
            assert_eq!(m.verdict.drop, 0, "{sans:?}");
        }
    }
    let g = game(&text(&sans));
    let analysis = analyse_game(
        &g,
        &mut searcher,
        &settings,
        &Selection::default(),
        &Interrupt::default(),
        &mut || {},
    );
    assert_eq!(analysis.moves.len(), 12);
    for (i, m) in analysis.moves.iter().enumerate() {
        let m = m.as_ref().expect("every move judged");
        assert_eq!(m.verdict.mark, None, "move {i} of {sans:?}");
        assert_eq!(m.verdict.drop, 0);
    }
    let pgn = annotated_pgn(&g, &analysis, "nodes 3000");
    for tag in [
        "WhiteAccuracy \"100.0\"",
        "BlackBlunders \"0\"",
        "WhiteInaccuracies \"0\"",
    ] {
        assert!(pgn.contains(tag), "{tag}: {pgn}");
    }
    assert!(!pgn.contains('?'), "{pgn}");
}

#[test]
fn the_annotated_game_reads_back_with_its_tags_and_mainline() {
    engine::init();
    let original = "\
[Event \"Round trip\"]
[Site \"Here\"]
[White \"A\"]
[Black \"B\"]
[Result \"*\"]
[Annotator \"Someone\"]

{Start} 1. e4 $1 {good} (1. d4 d5 (1... Nf6)) 1... c5 2. Nf3 d6?! 3. d4 cxd4 4. Nxd4 Nf6
5. Nc3 a6 *
";
    let g = game(original);
    let mut searcher = Searcher::new(8, 1, &settings().net).unwrap();
    let selection = Selection {
        from_move: Some(2),
        to_move: Some(4),
        side: Some(Color::White),
    };
    let analysis = analyse_game(
        &g,
        &mut searcher,
        &settings(),
        &selection,
        &Interrupt::default(),
        &mut || {},
    );
    let judged: Vec<usize> = (0..g.moves.len())
        .filter(|&i| analysis.moves[i].is_some())
        .collect();
    assert_eq!(judged, [2, 4, 6], "White's moves 2 to 4");
    let pgn = annotated_pgn(&g, &analysis, "nodes 3000");
    let back = game(&pgn);
    assert_eq!(
        back.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        g.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
    );
    assert_eq!(&back.headers[..g.headers.len()], &g.headers[..], "{pgn}");
    assert_eq!(back.header("Annotator"), Some("Someone"));
    assert!(
        pgn.contains("{Start}") && pgn.contains("{good}") && pgn.contains("(1. d4 d5 (1... Nf6))"),
        "{pgn}"
    );
    assert!(pgn.matches("[%eval").count() >= 3, "{pgn}");
    assert!(pgn.lines().all(|l| l.chars().count() <= 80), "{pgn}");
    // Analysing the annotated game again replaces the evaluations instead of
    // adding to them.
    let again = annotated_pgn(&back, &analysis, "nodes 3000");
    assert_eq!(again, pgn);
}
