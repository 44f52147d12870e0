//! `daba datagen` writes the same file for a given seed whatever the number
//! of threads, continues a stopped run to the same file as an uninterrupted
//! one, and records whole legal games that the reader can filter.

use std::path::{Path, PathBuf};
use trainer::datagen::format::{Filter, GameReader};
use trainer::datagen::{run, DatagenConfig};

fn config(games: usize, threads: usize, out: &Path) -> DatagenConfig {
    DatagenConfig {
        games,
        nodes: 300,
        threads,
        seed: 99,
        book: vec![
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1".into(),
        ],
        random_plies: 4,
        out: out.to_string_lossy().into_owned(),
        network: None,
    }
}

fn generate(games: usize, threads: usize, out: &Path) -> Vec<u8> {
    run(&config(games, threads, out)).expect("datagen runs");
    std::fs::read(out).expect("output written")
}

/// A scratch directory removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("daba-datagen-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn same_seed_same_file_with_one_or_two_threads() {
    let dir = Scratch::new("threads");
    let one = generate(4, 1, &dir.file("one.bin"));
    let two = generate(4, 2, &dir.file("two.bin"));
    assert_eq!(one, two);

    // Four legal games; every position is recorded, and the quiet filter
    // keeps some of them but not all.
    let mut reader = GameReader::new(&one[..]).expect("a data file");
    let (mut all, mut quiet) = (0, 0);
    while let Some(game) = reader.next_game().expect("a valid game") {
        let mut index = 0;
        game.for_each_position(reader.games() - 1, |board, ply| {
            all += 1;
            quiet += usize::from(Filter::QUIET.accepts(board, ply, index));
            index += 1;
            assert!(!ply.best.is_none(), "{}", board.to_fen());
        })
        .unwrap();
    }
    assert_eq!(reader.games(), 4);
    assert!(0 < quiet && quiet < all, "{quiet} quiet of {all}");
}

#[test]
fn a_stopped_run_continues_to_the_same_file() {
    movegen::init();
    let dir = Scratch::new("resume");
    let whole = generate(5, 2, &dir.file("whole.bin"));

    // Stopped after two games, then the full command again.
    let resumed = dir.file("resumed.bin");
    generate(2, 1, &resumed);
    assert_eq!(generate(5, 2, &resumed), whole);

    // Killed in the middle of writing the last game: that game is dropped
    // and played again.
    std::fs::write(&resumed, &whole[..whole.len() - 7]).unwrap();
    assert_eq!(generate(5, 1, &resumed), whole);

    // Nothing to do when the file is complete.
    assert_eq!(generate(5, 1, &resumed), whole);

    // Other settings cannot append to the file.
    let mut other = config(6, 1, &resumed);
    other.seed = 100;
    assert!(run(&other).is_err());
    assert_eq!(std::fs::read(&resumed).unwrap(), whole);
}

#[test]
fn games_played_with_a_net_differ_and_cannot_extend_other_files() {
    use eval::nnue::{Activation, Network};
    use std::sync::Arc;
    movegen::init();
    let dir = Scratch::new("nnue");
    let classical = generate(2, 1, &dir.file("classical.bin"));
    let net = Arc::new(Network::random(32, 2, Activation::SCReLU, 5));
    let with_net = |name: &str, net: &Arc<Network>| {
        let mut c = config(2, 1, &dir.file(name));
        c.network = Some(Arc::clone(net));
        run(&c).expect("datagen runs with a net");
        std::fs::read(dir.file(name)).unwrap()
    };
    let first = with_net("net.bin", &net);
    assert_ne!(
        first, classical,
        "the net's games are the hand-crafted evaluation's"
    );
    assert_eq!(
        with_net("net2.bin", &net),
        first,
        "the same net gives the same games"
    );

    // A file of the hand-crafted games cannot be continued with the net, nor
    // the net's file with another net.
    let mut c = config(3, 1, &dir.file("classical.bin"));
    c.network = Some(Arc::clone(&net));
    assert!(run(&c).is_err());
    let mut c = config(3, 1, &dir.file("net.bin"));
    c.network = Some(Arc::new(Network::random(32, 2, Activation::SCReLU, 6)));
    assert!(run(&c).is_err());
}
