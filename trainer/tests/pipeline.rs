//! The trainer end to end on small synthetic data: training lowers the loss,
//! a resumed run ends where an uninterrupted one does, and the exported
//! integer net computes what the float net does, within a stated tolerance.

use movegen::{Board, Color, PieceType};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use trainer::checkpoint::Checkpoint;
use trainer::config::parse_args;
use trainer::data::Sample;
use trainer::datagen::format::{write_file_header, GameRecord, Outcome, Ply};
use trainer::export::{quantise, QuantNet};
use trainer::net::{Activation, FeatureSet, Net, Shape};
use trainer::train::{Hyper, Trainer};

/// Material balance in pawns from the side to move's view.
fn material(board: &Board) -> i32 {
    let values = [
        (PieceType::Pawn, 1),
        (PieceType::Knight, 3),
        (PieceType::Bishop, 3),
        (PieceType::Rook, 5),
        (PieceType::Queen, 9),
    ];
    let us = board.side_to_move();
    values
        .iter()
        .map(|&(kind, v)| {
            v * (board.colored(us, kind).count() as i32 - board.colored(us.flip(), kind).count() as i32)
        })
        .sum()
}

/// Random games whose scores are the material balance (x 100) and whose
/// result follows the final material.
fn synthetic_games(games: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..games)
        .map(|_| {
            let start = Board::startpos();
            let mut board = start;
            let mut plies = Vec::new();
            for _ in 0..rng.gen_range(20..120) {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that material changes.
                let captures: Vec<_> = moves.iter().copied().filter(|m| m.is_capture()).collect();
                let best = if !captures.is_empty() && rng.gen_bool(0.7) {
                    captures[rng.gen_range(0..captures.len())]
                } else {
                    moves.as_slice()[rng.gen_range(0..moves.len())]
                };
                plies.push(Ply {
                    best,
                    score: (100 * material(&board)) as i16,
                });
                board.make_move(best);
            }
            let white = material(&board)
                * if board.side_to_move() == Color::White {
                    1
                } else {
                    -1
                };
            let outcome = match white {
                w if w > 1 => Outcome::WhiteWin,
                w if w < -1 => Outcome::BlackWin,
                _ => Outcome::Draw,
            };
            GameRecord {
                start,
                outcome,
                plies,
            }
        })
        .collect()
}

fn write_data(path: &Path, games: &[GameRecord]) {
    let mut bytes = Vec::new();
    write_file_header(&mut bytes, 0).unwrap();
    for g in games {
        g.encode(&mut bytes);
    }
    std::fs::write(path, bytes).unwrap();
}

fn samples_of(games: &[GameRecord]) -> Vec<Sample> {
    let mut out = Vec::new();
    for g in games {
        g.for_each_position(0, |b, p| out.push(Sample::from_board(b, p.score, g.outcome)))
            .unwrap();
    }
    out
}

/// A scratch directory removed at the end of the test.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("daba-trainer-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn args(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn a_short_run_lowers_the_loss_and_resumes_exactly() {
    movegen::init();
    let dir = Scratch::new("run");
    let data = dir.path("data.bin");
    write_data(Path::new(&data), &synthetic_games(300, 1));
    let common = format!(
        "--data {data} --no-filter --hidden 32 --buckets 2 --batch 256 --lr 0.01 --warmup 10 --scale 400 --threads 2 --epochs 4"
    );

    // Four epochs straight.
    let whole = dir.path("whole.nnue");
    let svg = dir.path("loss.svg");
    let config = parse_args(&args(&format!("{common} --net {whole} --svg {svg}"))).unwrap();
    trainer::run(&config).unwrap();
    let done = Checkpoint::load(&config.checkpoint).unwrap();
    assert_eq!(done.history.len(), 4);
    let first = done.history[0];
    let last = done.history[3];
    assert!(last.0 < first.0 * 0.8, "training loss {first:?} -> {last:?}");
    assert!(last.1 < first.1 * 0.8, "validation loss {first:?} -> {last:?}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<polyline"));
    let net = QuantNet::from_bytes(&std::fs::read(&whole).unwrap()).expect("a valid net file");
    assert_eq!(net.quant.scale, 400);

    // Stopped after two epochs, then the same command with --resume.
    let resumed = dir.path("resumed.nnue");
    let two = parse_args(&args(&format!("{common} --net {resumed} --stop-after 2"))).unwrap();
    trainer::run(&two).unwrap();
    assert_eq!(
        Checkpoint::load(&two.checkpoint).unwrap().history[..],
        done.history[..2]
    );
    let four = parse_args(&args(&format!("{common} --net {resumed} --resume"))).unwrap();
    trainer::run(&four).unwrap();
    assert!(
        Checkpoint::load(&four.checkpoint).unwrap() == done,
        "the resumed run ends elsewhere"
    );
    assert_eq!(std::fs::read(&resumed).unwrap(), std::fs::read(&whole).unwrap());
}

/// `--val-data`: the validation set is the held-out file, whole (every
/// position of it, none of the training file's), whatever `--max-positions`
/// keeps of the training data.
#[test]
fn a_validation_file_is_the_whole_validation_set() {
    movegen::init();
    let dir = Scratch::new("valdata");
    let (data, held) = (dir.path("data.bin"), dir.path("held.bin"));
    write_data(Path::new(&data), &synthetic_games(200, 3));
    let held_games = synthetic_games(60, 4);
    write_data(Path::new(&held), &held_games);
    let net = dir.path("v.nnue");
    let config = parse_args(&args(&format!(
        "--data {data} --val-data {held} --max-positions 2000 --no-filter --hidden 32 --buckets 2 \
         --batch 256 --lr 0.01 --warmup 10 --scale 400 --lambda 0.5 --threads 2 --epochs 2 --net {net}"
    )))
    .unwrap();
    trainer::run(&config).unwrap();
    let done = Checkpoint::load(&config.checkpoint).unwrap();
    let hyper = Hyper {
        lambda: 0.5,
        scale: 400.0,
        beta1: 0.9,
        beta2: 0.999,
        weight_decay: 0.01,
    };
    let expected = trainer::train::mean_loss(&done.net, &samples_of(&held_games), &hyper);
    let reported = done.history[1].1;
    assert!(
        (reported - expected).abs() < 1e-9 * expected.max(1.0),
        "validation loss {reported} is not the held-out file's {expected}"
    );
}

/// Mean and largest difference between the float net (`raw * SCALE`) and
/// the integer reference evaluation of its export, in centipawns.
fn compare(net: &Net, positions: &[Sample], scale: u32) -> (f64, f64) {
    let q = quantise(net, scale, None, None);
    assert_eq!(q.clipped, 0, "{:?}", q.quant);
    q.check_bounds().unwrap();
    assert!(
        QuantNet::from_bytes(&q.to_bytes().unwrap()).unwrap() == q,
        "the file does not read back"
    );
    q.difference_from(net, positions)
}

/// The tolerance the exporter promises: mean absolute difference between the
/// float net and the integer reference evaluation, in centipawns (measured:
/// 2.9 for CReLU, 3.3 for SCReLU, on evaluations of about 600 centipawns on
/// average; half a centipawn of it is the truncating final division) ...
const MEAN_TOLERANCE_CP: f64 = 4.0;
/// ... and the largest difference on any position (measured: 14 and 19).
const MAX_TOLERANCE_CP: f64 = 30.0;

#[test]
fn the_exported_net_evaluates_like_the_float_net() {
    movegen::init();
    let positions = samples_of(&synthetic_games(400, 2));
    assert!(positions.len() > 20_000);
    let hyper = Hyper {
        lambda: 0.7,
        scale: 400.0,
        beta1: 0.9,
        beta2: 0.999,
        weight_decay: 0.01,
    };
    for activation in [Activation::CReLU, Activation::SCReLU] {
        let shape = Shape {
            hidden: 256,
            buckets: 8,
            activation,
            features: FeatureSet::Plain,
        };
        // A net trained a little, for weights spread as training spreads them.
        let mut trainer = Trainer::new(Net::random(shape, 3));
        for _ in 0..4 {
            for batch in positions.chunks(256) {
                trainer.step(batch, 0.005, &hyper);
            }
        }
        let net = &trainer.net;
        let spread = positions
            .iter()
            .map(|s| f64::from(net.evaluate(s)).abs() * 400.0)
            .sum::<f64>()
            / positions.len() as f64;
        let (mean, max) = compare(net, &positions, 400);
        eprintln!(
            "{activation:?}: mean |eval| {spread:.0} cp; float - integer: mean {mean:.2} cp, max {max:.1} cp"
        );
        assert!(spread > 100.0, "the test net is too tame: {spread}");
        assert!(
            mean < MEAN_TOLERANCE_CP && max < MAX_TOLERANCE_CP,
            "{activation:?}: mean {mean}, max {max}"
        );
    }
}

/// The engine's loader accepts the exported nets and its evaluation gives
/// exactly the integer reference's centipawns.
#[test]
fn the_engine_loads_exported_nets_and_agrees_with_the_reference() {
    movegen::init();
    let games = synthetic_games(40, 3);
    let hyper = Hyper {
        lambda: 0.7,
        scale: 287.0,
        beta1: 0.9,
        beta2: 0.999,
        weight_decay: 0.01,
    };
    let positions = samples_of(&games);
    let shapes = [Activation::CReLU, Activation::SCReLU]
        .into_iter()
        .flat_map(|a| [FeatureSet::Plain, FeatureSet::KingMirrored].map(|f| (a, f)));
    for (activation, features) in shapes {
        let shape = Shape {
            hidden: 64,
            buckets: 4,
            activation,
            features,
        };
        let mut trainer = Trainer::new(Net::random(shape, 4));
        for batch in positions.chunks(128) {
            trainer.step(batch, 0.01, &hyper);
        }
        let q = quantise(&trainer.net, 287, None, None);
        let engine_net =
            eval::nnue::Network::from_bytes(&q.to_bytes().unwrap()).expect("the engine loads the export");
        assert_eq!(engine_net.feature_set(), features);
        assert_eq!(QuantNet::from_bytes(&q.to_bytes().unwrap()).unwrap(), q);
        let mut compared = 0;
        for game in &games {
            game.for_each_position(0, |board, ply| {
                let sample = Sample::from_board(board, ply.score, game.outcome);
                assert_eq!(
                    eval::nnue::evaluate(&engine_net, board),
                    q.evaluate(&sample),
                    "{}",
                    board.to_fen()
                );
                compared += 1;
            })
            .unwrap();
        }
        assert!(compared > 1000);
    }
}

/// `--init`: a run can start from a net file. The file's integers turn back
/// into a float net that quantises to the same integers, the run keeps the
/// file's scale, starts where the net left off (its first epoch already beats
/// a fresh net's first), and a file of another shape, or no net at all, is
/// refused with an error.
#[test]
fn a_run_can_start_from_a_trained_net() {
    movegen::init();
    let dir = Scratch::new("init");
    let data = dir.path("data.bin");
    write_data(Path::new(&data), &synthetic_games(300, 4));
    let common =
        format!("--data {data} --no-filter --buckets 2 --batch 256 --lr 0.01 --warmup 10 --threads 2");

    let first = dir.path("first.nnue");
    let fresh = parse_args(&args(&format!(
        "{common} --hidden 32 --scale 400 --epochs 4 --net {first}"
    )))
    .unwrap();
    trainer::run(&fresh).unwrap();
    let fresh_history = Checkpoint::load(&fresh.checkpoint).unwrap().history;

    let file = QuantNet::from_bytes(&std::fs::read(&first).unwrap()).unwrap();
    let again = quantise(
        &file.dequantise(),
        file.quant.scale,
        Some(file.quant.qa),
        Some(file.quant.qb),
    );
    assert_eq!(again.clipped, 0);
    assert_eq!(again, QuantNet { clipped: 0, ..file });

    let second = dir.path("second.nnue");
    let warm = parse_args(&args(&format!(
        "{common} --hidden 32 --epochs 1 --init {first} --net {second}"
    )))
    .unwrap();
    trainer::run(&warm).unwrap();
    let warm = Checkpoint::load(&warm.checkpoint).unwrap();
    assert_eq!(warm.scale, 400.0);
    assert!(
        warm.history[0].1 < fresh_history[0].1,
        "validation loss after one epoch: from the net {}, from scratch {}",
        warm.history[0].1,
        fresh_history[0].1
    );

    let other = dir.path("other.nnue");
    for bad in [
        format!("{common} --hidden 64 --epochs 1 --init {first} --net {other}"),
        format!("{common} --hidden 32 --epochs 1 --init {data} --net {other}"),
        format!(
            "{common} --hidden 32 --epochs 1 --init {} --net {other}",
            dir.path("missing.nnue")
        ),
    ] {
        let err = trainer::run(&parse_args(&args(&bad)).unwrap()).unwrap_err();
        assert!(err.starts_with("--init "), "{bad}: {err}");
    }
    assert!(!Path::new(&other).exists());
}
