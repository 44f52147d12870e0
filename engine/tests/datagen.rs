//! `daba datagen` writes the same file for a given seed whatever the number
//! of threads, and every line is a quiet position with a score and a result.

use engine::datagen::{run, DatagenConfig};
use movegen::Board;

fn generate(threads: usize, out: &std::path::Path) -> String {
    let config = DatagenConfig {
        games: 4,
        nodes: 300,
        threads,
        seed: 99,
        book: vec![
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1".into(),
        ],
        random_plies: 4,
        out: out.to_string_lossy().into_owned(),
    };
    run(&config).expect("datagen runs");
    std::fs::read_to_string(out).expect("output written")
}

#[test]
fn same_seed_same_file_with_one_or_two_threads() {
    let dir = std::env::temp_dir().join(format!("daba-datagen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = generate(1, &dir.join("one.txt"));
    let two = generate(2, &dir.join("two.txt"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!one.is_empty());
    assert_eq!(one, two);
    for line in one.lines() {
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(parts.len(), 3, "{line}");
        let board = Board::from_fen(parts[0]).expect("a valid FEN");
        assert!(!board.in_check(), "{line}");
        parts[1].parse::<i32>().expect("a score");
        assert!(["1.0", "0.5", "0.0"].contains(&parts[2]), "{line}");
    }
}
