//! Tests of the NNUE inference (`eval::nnue`) with random nets: incremental
//! and lazy accumulators against full refreshes along random games (standard
//! chess and Chess960), the AVX2 kernel against the portable one, colour
//! symmetry, the net file checks, and one net small enough to evaluate by hand.

use eval::nnue::{
    self, move_delta, AccumulatorStack, Activation, FeatureSet, Kernel, NetError, Network, PieceSquare,
    Quantisation,
};
use movegen::{Board, Color, Move, Piece, PieceType, Square};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Start positions: standard ones chosen for castling, en passant and
/// promotions, and Chess960 ones (Shredder-FEN castling) where the king or a
/// rook castles without moving, or onto the other's square.
const STANDARD_FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

const CHESS960_FENS: [&str; 6] = [
    // King on g: castles king side without moving.
    "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
    // King on c: castles queen side without moving.
    "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1",
    // King f, rook g: they swap squares.
    "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1",
    // King b, rook a: the king lands on c, the rook on d.
    "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
    // King e, rook g: the king lands on the rook's square.
    "r3k1r1/pppppppp/8/8/8/8/PPPPPPPP/R3K1R1 w GAga - 0 1",
    "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
];

fn all_fens() -> impl Iterator<Item = &'static str> {
    STANDARD_FENS.iter().chain(CHESS960_FENS.iter()).copied()
}

/// One step of a random game.
#[derive(Clone, Copy, Debug)]
enum Step {
    Move(Move),
    Null,
}

/// Picks the next step, favouring the rare kinds of move so that every game
/// has its share of castling, en passant and promotions.
fn pick_step(board: &Board, rng: &mut StdRng) -> Option<Step> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if !board.in_check() && rng.gen_bool(0.05) {
        return Some(Step::Null);
    }
    let special: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
        .collect();
    if !special.is_empty() && rng.gen_bool(0.7) {
        return special.choose(rng).map(|&m| Step::Move(m));
    }
    let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
    if !captures.is_empty() && rng.gen_bool(0.3) {
        return captures.choose(rng).map(|&m| Step::Move(m));
    }
    moves.choose(rng).map(|&m| Step::Move(m))
}

fn play(board: &Board, step: Step) -> Board {
    match step {
        Step::Move(m) => board.play(m),
        Step::Null => board.play_null(),
    }
}

/// A random game from `fen`: the boards (start included) and the steps.
fn random_game(fen: &str, plies: usize, rng: &mut StdRng) -> (Vec<Board>, Vec<Step>) {
    let mut boards = vec![Board::from_fen(fen).expect("valid FEN")];
    let mut steps = Vec::new();
    while steps.len() < plies {
        let board = boards[boards.len() - 1];
        let Some(step) = pick_step(&board, rng) else {
            break;
        };
        steps.push(step);
        boards.push(play(&board, step));
    }
    (boards, steps)
}

/// Kinds of move seen, to check that the games covered them.
#[derive(Default, Debug)]
struct Coverage {
    captures: usize,
    en_passant: usize,
    promotions: usize,
    promotion_captures: usize,
    castles: usize,
    castles_unmoved_piece: usize,
    castles_onto_other: usize,
    nulls: usize,
}

impl Coverage {
    fn record(&mut self, board: &Board, step: Step) {
        let Step::Move(m) = step else {
            self.nulls += 1;
            return;
        };
        self.captures += m.is_capture() as usize;
        self.en_passant += m.is_en_passant() as usize;
        self.promotions += (m.is_promotion() && !m.is_capture()) as usize;
        self.promotion_captures += (m.is_promotion() && m.is_capture()) as usize;
        if m.is_castle() {
            self.castles += 1;
            let delta = move_delta(board, m);
            self.castles_unmoved_piece += (delta.removed().len() < 2) as usize;
            let lands = |ps: &PieceSquare| ps.square == m.from() || ps.square == m.to();
            self.castles_onto_other += delta.added().iter().any(lands) as usize;
        }
    }

    fn assert_complete(&self) {
        let counts = [
            self.captures,
            self.en_passant,
            self.promotions,
            self.promotion_captures,
            self.castles,
            self.castles_unmoved_piece,
            self.castles_onto_other,
            self.nulls,
        ];
        assert!(
            counts.iter().all(|&c| c > 0),
            "a kind of move never came up: {self:?}"
        );
    }
}

/// The kernels this CPU runs, portable first.
fn kernels() -> Vec<Kernel> {
    Kernel::ALL.into_iter().filter(|k| k.is_available()).collect()
}

/// The SIMD kernels this CPU runs, with a note for those it does not.
fn simd_kernels() -> Vec<Kernel> {
    let (run, skip): (Vec<Kernel>, Vec<Kernel>) = Kernel::ALL[1..].iter().partition(|k| k.is_available());
    for kernel in skip {
        println!(
            "note: this CPU has no {}; that kernel was not tested",
            kernel.name()
        );
    }
    run
}

/// Pushes `step` on the stack.
fn push(stack: &mut AccumulatorStack, board: &Board, step: Step) {
    match step {
        Step::Move(m) => stack.push(board, m),
        Step::Null => stack.push_null(),
    }
}

#[test]
fn incremental_accumulators_equal_a_full_refresh_after_every_move() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut coverage = Coverage::default();
    let shapes = [
        (Activation::CReLU, FeatureSet::Plain),
        (Activation::SCReLU, FeatureSet::Plain),
        (Activation::SCReLU, FeatureSet::KingMirrored),
    ];
    for (i, (activation, features)) in shapes.into_iter().enumerate() {
        let net = Arc::new(Network::random(64, 8, activation, 10 + i as u64).with_feature_set(features));
        for kernel in kernels() {
            let mut stack = AccumulatorStack::with_kernel(net.clone(), 16, kernel);
            for fen in all_fens() {
                for _ in 0..4 {
                    let (boards, steps) = random_game(fen, 160, &mut rng);
                    stack.refresh(&boards[0]);
                    for (ply, &step) in steps.iter().enumerate() {
                        coverage.record(&boards[ply], step);
                        push(&mut stack, &boards[ply], step);
                        let board = &boards[ply + 1];
                        for color in Color::ALL {
                            let full = net.accumulator(Kernel::Portable, board, color);
                            assert_eq!(stack.accumulator(board, color), full, "{fen} ply {ply} {step:?}");
                        }
                        let expected = nnue::evaluate_with(Kernel::Portable, &net, board);
                        assert_eq!(stack.evaluate(board), expected, "{fen} ply {ply} {step:?}");
                    }
                }
            }
        }
    }
    coverage.assert_complete();
}

#[test]
fn lazy_stack_catches_up_after_pushes_and_pops() {
    let mut rng = StdRng::seed_from_u64(2);
    for (net, kernel) in [FeatureSet::Plain, FeatureSet::KingMirrored]
        .into_iter()
        .flat_map(|set| {
            let net = Arc::new(Network::random(128, 4, Activation::SCReLU, 3).with_feature_set(set));
            kernels().into_iter().map(move |kernel| (net.clone(), kernel))
        })
    {
        // A small max_ply: deep games also check that the stack grows.
        let mut stack = AccumulatorStack::with_kernel(net.clone(), 4, kernel);
        for fen in all_fens() {
            let (boards, steps) = random_game(fen, 120, &mut rng);
            stack.refresh(&boards[0]);
            let mut ply = 0;
            while ply < steps.len() {
                // Several pushes without an evaluation, then one.
                let run = rng.gen_range(1..=6).min(steps.len() - ply);
                for _ in 0..run {
                    push(&mut stack, &boards[ply], steps[ply]);
                    ply += 1;
                }
                assert_eq!(stack.ply(), ply);
                assert_eq!(
                    stack.evaluate(&boards[ply]),
                    nnue::evaluate(&net, &boards[ply]),
                    "{fen} ply {ply}"
                );
                // Back a few plies (past computed and uncomputed ones) and forward again.
                let back = rng.gen_range(0..=run.min(3));
                for _ in 0..back {
                    stack.pop();
                    ply -= 1;
                }
                assert_eq!(
                    stack.evaluate(&boards[ply]),
                    nnue::evaluate(&net, &boards[ply]),
                    "{fen} ply {ply}"
                );
                if back > 0 {
                    // A sibling: a different move from the same node.
                    let board = boards[ply];
                    if let Some(step) = pick_step(&board, &mut rng) {
                        push(&mut stack, &board, step);
                        let next = play(&board, step);
                        assert_eq!(
                            stack.evaluate(&next),
                            nnue::evaluate(&net, &next),
                            "{fen} sibling"
                        );
                        stack.pop();
                    }
                }
            }
        }
    }
}

#[test]
fn a_stack_without_refresh_computes_from_the_board() {
    let net = Arc::new(Network::random(32, 2, Activation::CReLU, 4));
    let mut stack = AccumulatorStack::new(net.clone(), 8);
    let board = Board::startpos();
    assert_eq!(stack.evaluate(&board), nnue::evaluate(&net, &board));
    let e4 = board.parse_uci("e2e4", false).unwrap();
    stack.push(&board, e4);
    let next = board.play(e4);
    assert_eq!(stack.evaluate(&next), nnue::evaluate(&net, &next));
}

/// Random nets over a range of shapes, with both activations, and a SCReLU
/// net whose products do not fit 16 bits (the kernels' widening path).
fn assorted_nets(rng: &mut StdRng) -> Vec<Network> {
    let mut nets = Vec::new();
    for (hidden, buckets) in [(16, 1), (32, 16), (144, 3), (256, 8), (400, 2), (512, 5)] {
        for activation in [Activation::CReLU, Activation::SCReLU] {
            nets.push(Network::random(hidden, buckets, activation, rng.gen()));
        }
    }
    nets.extend(wide_screlu_nets(rng));
    nets
}

/// SCReLU nets with output weights as large as the bound allows, so that
/// `QA * w` exceeds `i16`: N = 16 (weights up to 1000, one chunk per
/// perspective) and N = 48 (up to 340, three chunks: the 512-bit path too).
fn wide_screlu_nets(rng: &mut StdRng) -> Vec<Network> {
    [(16, 1000), (48, 340)]
        .into_iter()
        .map(|(n, limit)| {
            let ft_weights = (0..768 * n).map(|_| rng.gen_range(-400..=400)).collect();
            let ft_bias = (0..n).map(|_| rng.gen_range(-300..=300)).collect();
            let out_weights = (0..2 * n).map(|_| rng.gen_range(-limit..=limit)).collect();
            let bias = vec![rng.gen_range(-20000..=20000)];
            Network::from_parts(
                Activation::SCReLU,
                Quantisation::DEFAULT,
                ft_weights,
                ft_bias,
                out_weights,
                bias,
            )
            .expect("valid net")
        })
        .collect()
}

#[test]
fn simd_and_portable_kernels_agree() {
    let mut rng = StdRng::seed_from_u64(5);
    let nets = assorted_nets(&mut rng);
    let mut positions = Vec::new();
    for fen in all_fens() {
        let (boards, _) = random_game(fen, 100, &mut rng);
        positions.extend(boards.into_iter().step_by(3));
    }
    for kernel in simd_kernels() {
        for net in &nets {
            for board in &positions {
                for color in Color::ALL {
                    assert_eq!(
                        net.accumulator(kernel, board, color),
                        net.accumulator(Kernel::Portable, board, color),
                        "{kernel:?}"
                    );
                }
                let portable = nnue::evaluate_with(Kernel::Portable, net, board);
                let simd = nnue::evaluate_with(kernel, net, board);
                assert_eq!(simd, portable, "{kernel:?} {}", board.to_fen());
            }
        }
    }
}

#[test]
fn colour_flipped_positions_evaluate_the_same() {
    let mut rng = StdRng::seed_from_u64(7);
    let nets = [
        Network::random(64, 8, Activation::CReLU, 8),
        Network::random(64, 8, Activation::SCReLU, 9),
        Network::random(64, 8, Activation::SCReLU, 9).with_feature_set(FeatureSet::KingMirrored),
    ];
    for fen in all_fens() {
        let (boards, _) = random_game(fen, 80, &mut rng);
        for board in boards {
            let flipped = board.mirrored();
            assert_eq!(flipped.side_to_move(), !board.side_to_move());
            for net in &nets {
                assert_eq!(
                    nnue::evaluate(net, &board),
                    nnue::evaluate(net, &flipped),
                    "{}",
                    board.to_fen()
                );
            }
        }
    }
}

/// The position with the files reversed (a-file to h-file), without
/// castling rights or en passant square (the net sees neither).
fn mirrored_left_to_right(board: &Board) -> Board {
    let fen = board.to_fen();
    let mut fields = fen.split(' ');
    let placement = fields.next().unwrap();
    let side = fields.next().unwrap();
    let ranks: Vec<String> = placement
        .split('/')
        .map(|rank| {
            // Digits are single squares' runs, so reversing the characters
            // reverses the rank.
            rank.chars().rev().collect()
        })
        .collect();
    Board::from_fen(&format!("{} {side} - - 0 1", ranks.join("/"))).unwrap()
}

/// A king-mirrored net sees a position and its left-right mirror image as
/// the same inputs, so it gives them the same score (a plain net need not).
#[test]
fn king_mirrored_nets_see_left_right_mirrors_alike() {
    let mut rng = StdRng::seed_from_u64(17);
    let mirrored = Network::random(64, 8, Activation::SCReLU, 18).with_feature_set(FeatureSet::KingMirrored);
    let plain = Network::random(64, 8, Activation::SCReLU, 18);
    let mut plain_differs = 0;
    let mut compared = 0;
    for fen in STANDARD_FENS {
        let (boards, _) = random_game(fen, 80, &mut rng);
        for board in boards {
            let twin = mirrored_left_to_right(&board);
            assert_eq!(
                nnue::evaluate(&mirrored, &board),
                nnue::evaluate(&mirrored, &twin),
                "{}",
                board.to_fen()
            );
            plain_differs += usize::from(nnue::evaluate(&plain, &board) != nnue::evaluate(&plain, &twin));
            compared += 1;
        }
    }
    assert!(compared > 200);
    assert!(
        plain_differs > compared / 2,
        "the plain net should tell mirrors apart"
    );
}

/// A king crossing the middle changes the orientation of its side's view:
/// the feature indices follow the doc's formula with the files mirrored.
#[test]
fn king_mirrored_feature_indices_follow_the_doc() {
    let mirrored = FeatureSet::KingMirrored;
    // White king g1 (file g: mirrored), white knight b1, black king c8 (not mirrored).
    let board = Board::from_fen("2k5/8/8/8/8/8/8/1N4K1 w - - 0 1").unwrap();
    let mut out = [0usize; 64];
    let n = nnue::active_features(mirrored, &board, Color::White, &mut out);
    let mut white: Vec<usize> = out[..n].to_vec();
    white.sort_unstable();
    // Kg1 -> b1 (6 ^ 7 = 1), Nb1 -> g1 (1 ^ 7 = 6), black Kc8 -> f8 (58 ^ 7 = 61).
    assert_eq!(white, vec![64 + 6, 5 * 64 + 1, 384 + 5 * 64 + 61]);
    let n = nnue::active_features(mirrored, &board, Color::Black, &mut out);
    let mut black: Vec<usize> = out[..n].to_vec();
    black.sort_unstable();
    // Black's view: ^ 56 only. Kc8 -> c1 = 2, Kg1 -> g8 = 62, Nb1 -> b8 = 57.
    assert_eq!(black, vec![5 * 64 + 2, 384 + 64 + 57, 384 + 5 * 64 + 62]);
    // The plain set is the formula without the mirror.
    let n = nnue::active_features(FeatureSet::Plain, &board, Color::White, &mut out);
    let mut plain: Vec<usize> = out[..n].to_vec();
    plain.sort_unstable();
    assert_eq!(plain, vec![64 + 1, 5 * 64 + 6, 384 + 5 * 64 + 58]);
}

// ----- Hand-computed net ----------------------------------------------------

/// N = 16, B = 1, QA = 255, QB = 64, SCALE = 400, a handful of nonzero weights.
///
/// Position `4k3/8/8/8/8/8/8/1N2K3` (white Ke1 Nb1, black Ke8). Features:
/// White's view: Ke1 = 5*64 + 4 = 324, Nb1 = 64 + 1 = 65, black Ke8 = 384 +
/// 320 + 60 = 764; Black's view: its Ke8 = 320 + (60 ^ 56) = 324, white Ke1 =
/// 384 + 320 + (4 ^ 56) = 764, Nb1 = 384 + 64 + (1 ^ 56) = 505.
///
/// With bias[0] = 10, w[324][0] = 100, w[764][0] = -30, w[764][1] = 50,
/// w[65][2] = 300, w[505][2] = 7, w[505][3] = -20, the accumulators are
/// White (80, 50, 300, 0, 0...) and Black (80, 50, 7, -20, 0...).
fn hand_net(activation: Activation, out_bias: i32) -> Network {
    let n = 16;
    let mut ft = vec![0i16; 768 * n];
    let mut set = |f: usize, j: usize, w: i16| ft[f * n + j] = w;
    set(324, 0, 100);
    set(764, 0, -30);
    set(764, 1, 50);
    set(65, 2, 300);
    set(505, 2, 7);
    set(505, 3, -20);
    let mut bias = vec![0i16; n];
    bias[0] = 10;
    let mut out = vec![0i16; 2 * n];
    out[0] = 2;
    out[1] = -3;
    out[2] = 5;
    out[n] = 1;
    out[n + 2] = -4;
    out[n + 3] = 9;
    Network::from_parts(activation, Quantisation::DEFAULT, ft, bias, out, vec![out_bias]).expect("valid")
}

#[test]
fn a_tiny_net_gives_the_hand_computed_values() {
    let white = Board::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
    let black = Board::from_fen("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1").unwrap();
    let cases = [
        // CReLU, White to move: us = 80*2 + 50*-3 + 255*5 = 1285 (300 clamps to 255),
        // them = 80*1 + 7*-4 + 0*9 = 52; (1337 + 1000) * 400 / 16320 = 57.28.
        (Activation::CReLU, 1000, &white, 57),
        // Black to move: us = 160 - 150 + 35 = 45, them = 80 - 1020 = -940;
        // (-895 + 1000) * 400 / 16320 = 2.57.
        (Activation::CReLU, 1000, &black, 2),
        // Truncation toward zero: (1337 - 3000) * 400 / 16320 = -40.76.
        (Activation::CReLU, -3000, &white, -40),
        // SCReLU, White: us = 6400*2 - 2500*3 + 65025*5 = 330425, them = 6400 -
        // 49*4 = 6204; 336629 / 255 = 1320; (1320 + 1000) * 400 / 16320 = 56.86.
        (Activation::SCReLU, 1000, &white, 56),
        // SCReLU, Black: us = 12800 - 7500 + 245 = 5545, them = 6400 - 260100;
        // -248155 / 255 = -973; (-973 - 3000) * 400 / 16320 = -97.38.
        (Activation::SCReLU, -3000, &black, -97),
    ];
    for (activation, bias, board, expected) in cases {
        let net = hand_net(activation, bias);
        let mut acc = net.accumulator(Kernel::Portable, board, Color::White);
        assert_eq!(acc[..5], [80, 50, 300, 0, 0]);
        acc = net.accumulator(Kernel::Portable, board, Color::Black);
        assert_eq!(acc[..5], [80, 50, 7, -20, 0]);
        for kernel in kernels() {
            assert_eq!(
                nnue::evaluate_with(kernel, &net, board),
                expected,
                "{activation:?} {bias}"
            );
        }
    }
}

#[test]
fn buckets_follow_the_piece_count() {
    let net = Network::random(16, 8, Activation::CReLU, 1);
    // 32 pieces: (30 * 8) / 31 = 7; 2 pieces: 0; 12 pieces: 80 / 31 = 2.
    assert_eq!(net.bucket(&Board::startpos()), 7);
    assert_eq!(
        net.bucket(&Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()),
        0
    );
    let twelve = Board::from_fen("4k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 0 1").unwrap();
    assert_eq!(twelve.occupied().count(), 12);
    assert_eq!(net.bucket(&twelve), 2);
}

#[test]
fn feature_indices_follow_the_doc() {
    let wk = Piece::new(Color::White, PieceType::King);
    let bp = Piece::new(Color::Black, PieceType::Pawn);
    let e1 = Square::E1;
    let e7 = Square::parse("e7").unwrap();
    assert_eq!(nnue::feature_index(Color::White, wk, e1), 5 * 64 + 4);
    assert_eq!(nnue::feature_index(Color::Black, wk, e1), 384 + 5 * 64 + 60);
    assert_eq!(nnue::feature_index(Color::White, bp, e7), 384 + 52);
    assert_eq!(nnue::feature_index(Color::Black, bp, e7), 12);
}

#[test]
fn move_deltas_cover_every_kind_of_move() {
    let piece = |c: char| Piece::from_char(c).unwrap();
    let sq = |s: &str| Square::parse(s).unwrap();
    let ps = |c: char, s: &str| PieceSquare {
        piece: piece(c),
        square: sq(s),
    };
    let check = |fen: &str, uci: &str, removed: &[PieceSquare], added: &[PieceSquare]| {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci, board.is_chess960()).unwrap();
        let delta = move_delta(&board, mv);
        assert_eq!((delta.removed(), delta.added()), (removed, added), "{fen} {uci}");
    };
    // Capture: the captured piece, then the mover.
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    check(fen, "e4d5", &[ps('p', "d5"), ps('P', "e4")], &[ps('P', "d5")]);
    // En passant: the pawn leaves d5, not d6.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    check(fen, "e5d6", &[ps('p', "d5"), ps('P', "e5")], &[ps('P', "d6")]);
    // Promotions with and without capture.
    let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    check(fen, "a7a8q", &[ps('P', "a7")], &[ps('Q', "a8")]);
    check(fen, "a7b8n", &[ps('n', "b8"), ps('P', "a7")], &[ps('N', "b8")]);
    // Standard castling (king takes rook internally).
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
    check(
        fen,
        "e8c8",
        &[ps('k', "e8"), ps('r', "a8")],
        &[ps('k', "c8"), ps('r', "d8")],
    );
    // Chess960: king and rook swap squares.
    let fen = "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1";
    check(
        fen,
        "f1g1",
        &[ps('K', "f1"), ps('R', "g1")],
        &[ps('K', "g1"), ps('R', "f1")],
    );
    // Chess960: the king stays on g1, only the rook moves.
    let fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1";
    check(fen, "g1h1", &[ps('R', "h1")], &[ps('R', "f1")]);
    // Chess960: the king b1 castles queen side onto c1, the rook a1 to d1.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
    check(
        fen,
        "b1a1",
        &[ps('K', "b1"), ps('R', "a1")],
        &[ps('K', "c1"), ps('R', "d1")],
    );
    assert!(nnue::FeatureDelta::NONE.is_empty());
}

// ----- Net files -------------------------------------------------------------

const HEADER: usize = 40;

fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Rewrites the checksum after an edit, so that only the edit is wrong.
fn fix_checksum(bytes: &mut [u8]) {
    let body = bytes.len() - 8;
    let sum = fnv1a64(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
}

fn set_u32(bytes: &mut [u8], field: usize, value: u32) {
    let at = 8 + 4 * field;
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn set_i16(bytes: &mut [u8], at: usize, value: i16) {
    bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
}

/// Header fields, by position after the magic.
const VERSION: usize = 0;
const INPUTS: usize = 1;
const HIDDEN: usize = 2;
const BUCKETS: usize = 3;
const ACTIVATION: usize = 4;
const QA: usize = 5;
/// Version 2 only.
const FEATURES: usize = 8;

fn edited(bytes: &[u8], edit: impl FnOnce(&mut Vec<u8>)) -> Result<Network, NetError> {
    let mut copy = bytes.to_vec();
    edit(&mut copy);
    Network::from_bytes(&copy)
}

#[test]
fn net_files_round_trip() {
    for activation in [Activation::CReLU, Activation::SCReLU] {
        let net = Network::random(48, 3, activation, 11);
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..8], b"DABANNUE");
        assert_eq!(bytes.len(), HEADER + 2 * (768 * 48 + 48 + 3 * 96) + 4 * 3 + 8);
        assert_eq!(
            fnv1a64(&bytes[..bytes.len() - 8]).to_le_bytes(),
            bytes[bytes.len() - 8..]
        );
        let back = Network::from_bytes(&bytes).expect("own file reads back");
        assert_eq!(back, net);
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(
            (back.hidden(), back.buckets(), back.activation()),
            (48, 3, activation)
        );
        assert_eq!(back.quantisation(), Quantisation::DEFAULT);
    }
    // A king-mirrored net is a version 2 file: one more header field.
    let net = Network::random(32, 2, Activation::SCReLU, 19).with_feature_set(FeatureSet::KingMirrored);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), HEADER + 4 + 2 * (768 * 32 + 32 + 2 * 64) + 4 * 2 + 8);
    assert_eq!(bytes[8..12], 2u32.to_le_bytes());
    assert_eq!(bytes[HEADER..HEADER + 4], 1u32.to_le_bytes());
    let back = Network::from_bytes(&bytes).expect("version 2 reads back");
    assert_eq!(back.feature_set(), FeatureSet::KingMirrored);
    assert_eq!(back, net);
    assert_eq!(back.to_bytes(), bytes);
    let path = std::env::temp_dir().join(format!("daba-nnue-test-{}.nnue", std::process::id()));
    let net = Network::random(16, 1, Activation::SCReLU, 12);
    std::fs::write(&path, net.to_bytes()).unwrap();
    let loaded = Network::load(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(loaded.expect("loads"), net);
    assert!(matches!(Network::load(&path), Err(NetError::Io(_))));
}

#[test]
fn bad_net_files_are_refused_with_the_right_error() {
    let net = Network::random(16, 2, Activation::CReLU, 13);
    let good = net.to_bytes();
    let len = good.len();
    let e = |r: Result<Network, NetError>| r.expect_err("must be refused");
    assert!(matches!(e(Network::from_bytes(&[])), NetError::Empty));
    assert!(matches!(e(Network::from_bytes(b"hello")), NetError::BadMagic));
    assert!(matches!(e(edited(&good, |b| b[0] = b'X')), NetError::BadMagic));
    assert!(matches!(
        e(Network::from_bytes(&good[..4])),
        NetError::Truncated { .. }
    ));
    assert!(matches!(
        e(Network::from_bytes(&good[..20])),
        NetError::Truncated { .. }
    ));
    let cut = e(Network::from_bytes(&good[..len - 1]));
    assert!(matches!(cut, NetError::Truncated { expected, found } if expected == len && found == len - 1));
    let long = e(edited(&good, |b| b.push(0)));
    assert!(matches!(long, NetError::TooLong { expected, found } if expected == len && found == len + 1));
    for version in [0, 3] {
        assert!(matches!(
            e(edited(&good, |b| set_u32(b, VERSION, version))),
            NetError::UnknownVersion(v) if v == version
        ));
    }
    // Version 2 has a ninth header field, the feature set: 0 or 1.
    let v2 = Network::random(16, 2, Activation::CReLU, 13)
        .with_feature_set(FeatureSet::KingMirrored)
        .to_bytes();
    assert!(matches!(
        e(edited(&v2, |b| {
            set_u32(b, FEATURES, 2);
            fix_checksum(b)
        })),
        NetError::BadFeatures(2)
    ));
    assert!(matches!(
        e(Network::from_bytes(&v2[..HEADER + 2])),
        NetError::Truncated { expected, .. } if expected == HEADER + 4
    ));
    // A version 1 file relabelled as version 2 is 4 bytes short.
    assert!(matches!(
        e(edited(&good, |b| set_u32(b, VERSION, 2))),
        NetError::Truncated { .. }
    ));
    assert!(matches!(
        e(edited(&good, |b| set_u32(b, INPUTS, 769))),
        NetError::BadInputs(769)
    ));
    for hidden in [0, 17, 4112] {
        let r = e(edited(&good, |b| set_u32(b, HIDDEN, hidden)));
        assert!(matches!(r, NetError::BadHidden(h) if h == hidden), "{r}");
    }
    for buckets in [0, 17] {
        let r = e(edited(&good, |b| set_u32(b, BUCKETS, buckets)));
        assert!(matches!(r, NetError::BadBuckets(n) if n == buckets), "{r}");
    }
    // Sizes that are valid but do not match the file's length.
    assert!(matches!(
        e(edited(&good, |b| set_u32(b, HIDDEN, 32))),
        NetError::Truncated { .. }
    ));
    assert!(matches!(
        e(edited(&good, |b| set_u32(b, BUCKETS, 1))),
        NetError::TooLong { .. }
    ));
    // One weight byte or one checksum byte changed.
    assert!(matches!(
        e(edited(&good, |b| b[HEADER + 100] ^= 1)),
        NetError::BadChecksum { .. }
    ));
    assert!(matches!(
        e(edited(&good, |b| b[len - 1] ^= 1)),
        NetError::BadChecksum { .. }
    ));
    // Wrong values behind a valid checksum.
    let fixed = |edit: &dyn Fn(&mut Vec<u8>)| {
        edited(&good, |b| {
            edit(b);
            fix_checksum(b)
        })
    };
    assert!(matches!(
        e(fixed(&|b| set_u32(b, ACTIVATION, 2))),
        NetError::BadActivation(2)
    ));
    assert!(matches!(
        e(fixed(&|b| set_u32(b, QA, 0))),
        NetError::BadQuantisation(_)
    ));
    assert!(matches!(
        e(fixed(&|b| set_u32(b, QA, 1 << 30))),
        NetError::BadQuantisation(_)
    ));
    // Feature 700's weight for neuron 5 at 1100: 32 * 1100 > 32767.
    let acc = e(fixed(&|b| set_i16(b, HEADER + 2 * (700 * 16 + 5), 1100)));
    assert!(
        matches!(acc, NetError::AccumulatorOverflow { neuron: 5, .. }),
        "{acc}"
    );
    // Neuron 3's bias at -32768 (its weights are not all zero).
    let bias = e(fixed(&|b| set_i16(b, HEADER + 2 * (768 * 16 + 3), i16::MIN)));
    assert!(
        matches!(bias, NetError::AccumulatorOverflow { neuron: 3, .. }),
        "{bias}"
    );
    let out_weights = HEADER + 2 * (768 * 16 + 16);
    // CReLU: 2N * QA * w = 32 * 255 * 32767 fits; with QA = 300000 it does not.
    assert!(fixed(&|b| set_i16(b, out_weights + 2, 32767)).is_ok());
    let crelu = e(fixed(&|b| {
        set_i16(b, out_weights + 2, 32767);
        set_u32(b, QA, 300_000)
    }));
    assert!(matches!(crelu, NetError::OutputOverflow { .. }), "{crelu}");
    // SCReLU: 2N * QA^2 * w = 32 * 65025 * 2000 > 2^31 - 1.
    let screlu = e(fixed(&|b| {
        set_u32(b, ACTIVATION, 1);
        set_i16(b, out_weights + 2, 2000)
    }));
    assert!(matches!(screlu, NetError::OutputOverflow { .. }), "{screlu}");
    // Every error says what is wrong.
    for err in [NetError::Empty, NetError::BadMagic, crelu, screlu, acc] {
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn damaged_files_never_panic_the_loader() {
    let mut rng = StdRng::seed_from_u64(14);
    let good = Network::random(16, 2, Activation::SCReLU, 15).to_bytes();
    for _ in 0..2000 {
        let mut bytes = good.clone();
        match rng.gen_range(0..3) {
            0 => bytes.truncate(rng.gen_range(0..good.len())),
            1 => {
                let at = rng.gen_range(0..HEADER + 8);
                bytes[at] = rng.gen();
            }
            _ => {
                let at = rng.gen_range(0..bytes.len());
                bytes[at] = rng.gen();
                fix_checksum(&mut bytes);
            }
        }
        let _ = Network::from_bytes(&bytes);
    }
    let noise: Vec<u8> = (0..5000).map(|_| rng.gen()).collect();
    assert!(Network::from_bytes(&noise).is_err());
}
