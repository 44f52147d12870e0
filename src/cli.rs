//! The command line: one clap parser for every subcommand, with each
//! subcommand's argument struct defined next to the code that reads it
//! (`engine::bench::BenchArgs`, `trainer::datagen::DatagenArgs`,
//! `trainer::config::TrainArgs`, ...). `daba --help`, the shell completions
//! and the README's usage section all come from these definitions.
//!
//! The optional crates' subcommands exist only in builds with their Cargo
//! feature (on by default): `analyse`, `serve`, and `train` (`datagen`,
//! `convert-data`, `train`, `tune`). `make EXE=` builds without them, so
//! the tournament binary's `--help` lists the engine's commands alone.
//!
//! `daba fourhand` (feature `fourhand`) is the one subcommand whose arguments
//! are defined here rather than in its crate: `fourhand` is a rules crate
//! like `movegen`, with no command-line dependency.
//!
//! Exit codes: 0 done, 1 the work failed (a file could not be read, ...),
//! 2 the arguments are wrong (clap's message, or a value that only turns out
//! bad when it is used, such as an unreadable `--book`).
//!
//! Flags that several subcommands share mean the same everywhere: the
//! tests' `SHARED_FLAGS` lists them (name, value, how the help begins) and
//! holds every subcommand to it; subcommands to come (analysis, a local
//! server) take the same spellings.

#[cfg(feature = "analyse")]
use analyse::AnalyseArgs;
#[cfg(any(feature = "analyse", feature = "train"))]
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use engine::bench::BenchArgs;
use engine::genfens::GenfensArgs;
use engine::PerftArgs;
#[cfg(feature = "serve")]
use serve::ServeArgs;
#[cfg(feature = "train")]
use trainer::{config::TrainArgs, datagen::convert::ConvertArgs, datagen::DatagenArgs, tune::TuneArgs};

/// `daba --version`: the version and the commit it was built from (see
/// build.rs).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("DABA_COMMIT"), ")");

#[derive(Parser, Debug)]
#[command(
    name = "daba",
    version = VERSION,
    about = "Daba, a chess engine that speaks UCI",
    override_usage = "daba [COMMAND]\n       daba \"<UCI LINE>\"...",
    after_help = "\
        With no command, Daba speaks UCI on standard input and output: that is how chess GUIs \
        start it. Arguments that contain a space are UCI command lines instead, run in order and \
        then `quit`, as OpenBench runs `daba \"genfens 10 seed 1 book None\" \"quit\"`.\n\n\
        `daba <COMMAND> --help` describes a command and its flags."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Speak UCI on standard input and output (the same as no command)
    Uci,
    #[cfg(feature = "analyse")]
    /// Analyse games (PGN) or positions (EPD, FEN): annotated PGN, a report, or JSON lines
    #[command(after_help = "\
        Games: every move gets the evaluation after it as `[%eval 0.34]` (White's view); moves \
        that lose winning chances get `?!`, `?` or `??` and the better line as a variation; the \
        tags get each side's accuracy and marks. Positions: the best lines of each. The hash \
        table is kept through a game and cleared between games. Ctrl-C writes what is finished. \
        See docs/analyse.md.\n\n\
        Examples: `daba analyse games.pgn --depth 18 --out annotated.pgn --svg graphs/`, \
        `daba analyse positions.epd --movetime 2000 --multipv 3`, \
        `daba analyse --fen \"<FEN>\" --nodes 2000000 --json`.")]
    Analyse(Box<AnalyseArgs>),
    /// Search 50 positions to a fixed depth; the last line is `<nodes> nodes <nps> nps`
    #[command(after_help = "\
        One thread and a 16 MB hash table cleared before each position, so the node count is the \
        engine's signature: it changes only when the search does. OpenBench runs `daba bench`.")]
    Bench(BenchArgs),
    /// Count the leaf nodes of the move tree (Stockfish's output)
    #[command(after_help = "\
        One `<move>: <count>` line per root move, a blank line, then `Nodes searched: <N>`; the \
        time goes to stderr. Root moves are split over every core.")]
    Perft(PerftArgs),
    /// Print random balanced openings for OpenBench, as `info string genfens <fen>` lines
    #[command(after_help = "\
        The same as OpenBench's `daba \"genfens <COUNT> seed <N> book <None|FILE>\" \"quit\"`: a \
        book position (or the start position) plus a few random moves, kept when a short search \
        scores it within 300 centipawns. The same seed prints the same openings.")]
    Genfens(GenfensArgs),
    #[cfg(feature = "train")]
    /// Play self-play games and write them as training data
    #[command(after_help = "\
        Every searched position is recorded with the move the search chose, its score and the \
        game's result, in the binary game-record format of docs/nnue.md. Each game starts from a \
        book position plus --random-plies random moves. The file depends only on the settings, \
        not on --threads, and running the same command again continues a stopped run.")]
    Datagen(DatagenArgs),
    #[cfg(feature = "train")]
    /// Convert training data between text lines and binary game records
    #[command(after_help = "\
        Text lines are `<fen> | <score, White's view> | <result 1.0/0.5/0.0>`; each becomes a \
        one-position game. Binary to text keeps the positions that pass the filters (all by \
        default), which is how the evaluation tuner gets its data.")]
    ConvertData(ConvertArgs),
    #[cfg(feature = "train")]
    /// Train an NNUE on self-play games and export the net file
    #[command(after_help = "\
        Reads binary game records (`daba datagen`), keeps the quiet positions unless told \
        otherwise, trains the float net with AdamW and writes the integer net file the engine \
        loads (`EvalFile`), and a checkpoint, after every epoch. See docs/nnue.md.")]
    Train(Box<TrainArgs>),
    #[cfg(feature = "train")]
    /// Fit the hand-crafted evaluation's weights to text data (Texel tuning)
    #[command(after_help = "\
        Fits the scaling constant K, then runs full-batch Adam on the mean squared error between \
        the game results and the predictions, and writes the weights as Rust source. See \
        docs/tuning.md.")]
    Tune(TuneArgs),
    #[cfg(feature = "fourhand")]
    /// Four-handed team chess (docs/fourhand.md): its rules from the command line
    #[command(subcommand)]
    Fourhand(FourhandCommand),
    #[cfg(feature = "serve")]
    /// Serve a chess page: play Daba from random moves to full strength, or a friend
    #[command(after_help = "\
        Open the printed address in a browser. The page offers games against Daba (level 0 plays \
        random legal moves, level 20 is full strength), two players on one screen, or a friend in \
        another browser through a game link, with a chat; and a page on how the pieces move. It \
        binds to 127.0.0.1 unless --host says otherwise. Everything is in the binary.")]
    Serve(ServeArgs),
    /// Print a shell completion script
    #[command(after_help = "\
        For example: `daba completions bash > ~/.local/share/bash-completion/completions/daba`, \
        `daba completions zsh > ~/.zfunc/_daba`, or `daba completions fish > \
        ~/.config/fish/completions/daba.fish`.")]
    Completions(CompletionsArgs),
}

/// `daba fourhand` subcommands.
#[cfg(feature = "fourhand")]
#[derive(Subcommand, Debug)]
pub enum FourhandCommand {
    /// Count the leaf nodes of the four-handed ply tree
    #[command(after_help = "\
        One `<ply>: <count>` line per root ply (moves in the machine form `j1k3`, `--` for a pass, \
        `(mated)` for a mate), a blank line, then `Nodes searched: <N>`; the time goes to stderr. \
        Every seat's turn is one ply, passes included. A position that does not parse is an \
        error with exit code 2.")]
    Perft(FourhandPerftArgs),
    /// Let four computer players play a game and print its record
    #[command(after_help = "\
        Each seat is a computer player of a level: 0 plays random legal moves, 1 takes the most \
        valuable piece it can (else a random move), 2 to 10 search (paranoid alpha-beta with \
        teams) with a node budget of 200 * 3^(level - 2). The game record is printed in the \
        notation of docs/fourhand.md, a line per round, then the result; the time goes to \
        stderr. The same arguments and seed give the same game (a --movetime makes the searches \
        depend on the machine's speed).")]
    Play(FourhandPlayArgs),
}

/// `daba fourhand play`.
#[cfg(feature = "fourhand")]
#[derive(Args, Clone, Debug)]
pub struct FourhandPlayArgs {
    /// The levels of South, West, North and East, 0 to 10 (one number: all four)
    #[arg(long, value_name = "S,W,N,E", default_value = "4,4,4,4", value_parser = parse_levels)]
    pub levels: [u32; 4],
    /// Node limit of each search, for the levels that search (instead of their level's budget)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Time limit of each search in milliseconds, for the levels that search (with --nodes: whichever ends first)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Seed of the random choices (levels 0 and 1)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stop an unfinished game after this many plies
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_plies: u64,
    /// Rule settings other than docs/fourhand.md's defaults, as name=value parts joined by commas (for example promotion=choice,no-progress=200)
    #[arg(long, value_name = "SETTINGS", default_value = "", hide_default_value = true, value_parser = parse_rules)]
    pub rules: fourhand::Rules,
    /// The position string to start from, as one argument or as its five fields [default: the start position]
    #[arg(value_name = "POSITION", num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub position: Vec<String>,
}

/// `--levels`: four levels separated by commas, or one for every seat.
#[cfg(feature = "fourhand")]
fn parse_levels(text: &str) -> Result<[u32; 4], String> {
    let levels = text
        .split(',')
        .map(|part| {
            let level: u32 = part
                .trim()
                .parse()
                .map_err(|_| format!("'{part}' is not a level (0 to {})", fourhand::MAX_LEVEL))?;
            if level > fourhand::MAX_LEVEL {
                return Err(format!(
                    "level {level} is above the highest, {}",
                    fourhand::MAX_LEVEL
                ));
            }
            Ok(level)
        })
        .collect::<Result<Vec<u32>, String>>()?;
    match levels[..] {
        [all] => Ok([all; 4]),
        [s, w, n, e] => Ok([s, w, n, e]),
        _ => Err(format!("{} levels given: one, or four (S,W,N,E)", levels.len())),
    }
}

/// `--rules`: the settings of docs/fourhand.md's options.
#[cfg(feature = "fourhand")]
fn parse_rules(text: &str) -> Result<fourhand::Rules, String> {
    fourhand::Rules::from_text(text).map_err(|e| e.to_string())
}

/// Reads the optional position argument of `daba fourhand` under `rules`;
/// on an error prints it and returns `None` (exit code 2).
#[cfg(feature = "fourhand")]
fn fourhand_position(words: &[String], rules: fourhand::Rules) -> Option<fourhand::Position> {
    if words.is_empty() {
        return Some(fourhand::Position::start_with(rules));
    }
    match fourhand::Position::from_text_with(&words.join(" "), rules) {
        Ok(pos) => Some(pos),
        Err(e) => {
            eprintln!("error: invalid position: {e}");
            None
        }
    }
}

/// Runs `daba fourhand play`; returns the exit code (2 for a bad position).
#[cfg(feature = "fourhand")]
fn fourhand_play(args: &FourhandPlayArgs) -> i32 {
    let Some(start) = fourhand_position(&args.position, args.rules) else {
        return 2;
    };
    let mut players: [fourhand::Player; 4] = std::array::from_fn(|i| {
        let level = args.levels[i];
        let player = fourhand::player(level, args.seed.wrapping_mul(4).wrapping_add(i as u64));
        let limits = fourhand::Limits {
            nodes: args.nodes.or(if args.movetime.is_some() {
                None
            } else {
                fourhand::level_nodes(level)
            }),
            time: args.movetime.map(std::time::Duration::from_millis),
            depth: None,
        };
        player.with_limits(limits)
    });
    let clock = std::time::Instant::now();
    let game = fourhand::play_game(&start, &mut players, args.max_plies as usize, |_, _, _| {});
    print!("{}", start.record(&game.plies));
    match game.outcome {
        Some(outcome) => println!("\nResult: {outcome}"),
        None => println!("\nResult: unfinished after {} plies", game.plies.len()),
    }
    eprintln!(
        "{} plies, {} ms",
        game.plies.len(),
        clock.elapsed().as_millis().max(1)
    );
    0
}

/// `daba fourhand perft <DEPTH> [POSITION]`.
#[cfg(feature = "fourhand")]
#[derive(Args, Clone, Debug)]
pub struct FourhandPerftArgs {
    /// Depth in plies
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// Rule settings other than docs/fourhand.md's defaults, as name=value parts joined by commas (for example promotion=choice,no-progress=200)
    #[arg(long, value_name = "SETTINGS", default_value = "", hide_default_value = true, value_parser = parse_rules)]
    pub rules: fourhand::Rules,
    /// The position string of docs/fourhand.md, as one argument or as its five fields [default: the start position]
    #[arg(value_name = "POSITION", num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub position: Vec<String>,
}

/// Runs `daba fourhand perft`; returns the exit code (2 for a bad position).
#[cfg(feature = "fourhand")]
fn fourhand_perft(args: &FourhandPerftArgs) -> i32 {
    let Some(pos) = fourhand_position(&args.position, args.rules) else {
        return 2;
    };
    let start = std::time::Instant::now();
    let divided = fourhand::divide(&pos, args.depth);
    let mut out = String::new();
    for (ply, nodes) in &divided {
        out.push_str(&format!("{ply}: {nodes}\n"));
    }
    let total: u64 = if args.depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    println!("{out}\nNodes searched: {total}");
    eprintln!("{} ms", start.elapsed().as_millis().max(1));
    0
}

/// `daba completions` arguments.
#[derive(Args, Clone, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Runs the command the arguments name; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let Some(command) = cli.command else {
        return engine::run_uci();
    };
    match command {
        Command::Uci => engine::run_uci(),
        Command::Bench(args) => {
            engine::bench::run(Some(args.depth()), &mut std::io::stdout());
            0
        }
        Command::Perft(args) => engine::perft(&args),
        Command::Genfens(args) => {
            if engine::genfens::print(&args.request()) {
                0
            } else {
                1
            }
        }
        #[cfg(feature = "train")]
        Command::Datagen(args) => trainer::datagen::run_cli(&checked("datagen", args.config())),
        #[cfg(feature = "train")]
        Command::ConvertData(args) => trainer::datagen::convert::run_cli(&args.config()),
        #[cfg(feature = "train")]
        Command::Train(args) => trainer::run_cli(&checked("train", args.config())),
        #[cfg(feature = "analyse")]
        Command::Analyse(args) => analyse::run_cli(&checked("analyse", args.config())),
        #[cfg(feature = "train")]
        Command::Tune(args) => trainer::tune::run_cli(&args.options()),
        #[cfg(feature = "fourhand")]
        Command::Fourhand(FourhandCommand::Perft(args)) => fourhand_perft(&args),
        #[cfg(feature = "fourhand")]
        Command::Fourhand(FourhandCommand::Play(args)) => fourhand_play(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run_cli(&args),
        Command::Completions(args) => {
            clap_complete::generate(args.shell, &mut Cli::command(), "daba", &mut std::io::stdout());
            0
        }
    }
}

/// The value of a check that clap could not make itself; on an error, exits
/// the way clap does for a bad argument (the message, the subcommand's
/// usage, exit code 2).
#[cfg(any(feature = "analyse", feature = "train"))]
fn checked<T>(subcommand: &str, result: Result<T, String>) -> T {
    result.unwrap_or_else(|message| {
        let mut cli = Cli::command();
        cli.build();
        let sub = cli
            .find_subcommand_mut(subcommand)
            .expect("checked() names a subcommand");
        sub.error(ErrorKind::ValueValidation, message).exit()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flags that mean the same wherever they appear: name, value name, and
    /// how their help begins. Subcommands to come (analysis, a local server)
    /// take these spellings too.
    const SHARED_FLAGS: &[(&str, &str, &str)] = &[
        ("threads", "N", "Worker threads"),
        ("hash", "MB", "Hash table size in MB"),
        ("depth", "N", "Search depth in plies"),
        ("nodes", "N", "Node limit of each search"),
        ("movetime", "MS", "Time limit of each search in milliseconds"),
        ("out", "FILE", "Output file"),
        ("seed", "N", "Seed of the random choices"),
        ("multipv", "N", "Lines searched in each position"),
        ("eval-file", "FILE", "NNUE net"),
    ];

    /// Every subcommand, depth first, with its full name.
    fn all_commands() -> Vec<clap::Command> {
        let mut cli = Cli::command();
        cli.build();
        let mut out = Vec::new();
        let mut stack = vec![cli];
        while let Some(cmd) = stack.pop() {
            stack.extend(cmd.get_subcommands().cloned());
            out.push(cmd);
        }
        out
    }

    #[test]
    fn the_definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn shared_flags_mean_the_same_everywhere() {
        let mut seen = 0;
        for cmd in all_commands() {
            for arg in cmd.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                let Some(&(_, value, help)) = SHARED_FLAGS.iter().find(|(name, _, _)| *name == long) else {
                    continue;
                };
                let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
                let names: Vec<_> = arg.get_value_names().unwrap_or_default().iter().collect();
                assert_eq!(names, [value], "{name} --{long}: value name");
                let text = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                assert!(
                    text.starts_with(help),
                    "{name} --{long}: help '{text}' should begin '{help}'"
                );
                seen += 1;
            }
        }
        // The engine's own commands share few flags; the optional ones many.
        let expected = if cfg!(all(feature = "analyse", feature = "serve", feature = "train")) {
            9
        } else {
            1
        };
        assert!(seen >= expected, "only {seen} shared flags seen");
    }

    #[test]
    fn every_argument_and_command_is_described() {
        for cmd in all_commands() {
            let name = cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string();
            assert!(cmd.get_about().is_some(), "{name} has no description");
            for arg in cmd.get_arguments() {
                let id = arg.get_id();
                assert!(arg.get_help().is_some(), "{name} {id} has no help");
                // Shared flags are looked up by name; the others must not
                // take a shared flag's name with another meaning, which the
                // test above checks, nor a one-letter form that could clash.
                if id != "help" && id != "version" {
                    assert!(arg.get_short().is_none(), "{name} {id}: no short flags");
                }
            }
        }
    }

    #[test]
    fn old_spellings_still_parse() {
        for line in [
            "daba bench",
            "daba bench 5",
            "daba bench --depth 5",
            "daba perft 4 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            #[cfg(feature = "train")]
            "daba datagen --games 8000 --nodes 4000 --threads 2 --seed 2026 --random-plies 6 --book b.epd --out data.bin",
            #[cfg(feature = "train")]
            "daba datagen --eval-file classical",
            #[cfg(feature = "train")]
            "daba convert-data --in data.bin --out data.txt --quiet",
            #[cfg(feature = "train")]
            "daba convert-data --in a --out b --no-check --no-noisy --no-mates --max-score 2000 --min-ply 8",
            #[cfg(feature = "train")]
            "daba tune --data data.txt --epochs 1000 --lr 2.0 --min-count 2000 --out eval/src/weights.rs",
            #[cfg(feature = "train")]
            "daba tune --data data.txt --threads 2",
            #[cfg(feature = "train")]
            "daba train --data games.bin --data more.bin --hidden 256 --buckets 8 --activation screlu --epochs 20 --batch 16384 --lr 0.001 --lambda 0.75 --net daba-256x8.nnue --svg loss.svg",
            #[cfg(feature = "train")]
            "daba train --data a.bin,b.bin --no-filter --quiet --scale auto --resume --stop-after 2",
            #[cfg(feature = "train")]
            "daba train --export-only --checkpoint x.ckpt --out x.nnue",
            "daba genfens 10 --seed 1 --book None",
            #[cfg(feature = "serve")]
            "daba serve",
            #[cfg(feature = "serve")]
            "daba serve --port 0 --host 0.0.0.0",
            "daba serve --fresh-hash",
            "daba completions fish",
            #[cfg(feature = "fourhand")]
            "daba fourhand perft 4",
            #[cfg(feature = "fourhand")]
            "daba fourhand perft 2 ___3nK4___/___8___/___8___/14/14/14/wK13/13eK/14/14/14/___8___/___8___/___4sK3___ S - 0 1",
            #[cfg(feature = "fourhand")]
            "daba fourhand play",
            #[cfg(feature = "fourhand")]
            "daba fourhand play --levels 5,0,5,0 --nodes 2000 --movetime 500 --seed 7 --max-plies 200",
            #[cfg(feature = "fourhand")]
            "daba fourhand play --levels 3",
            #[cfg(feature = "analyse")]
            "daba analyse games.pgn --depth 18 --out annotated.pgn --svg graphs/",
            #[cfg(feature = "analyse")]
            "daba analyse positions.epd --movetime 2000 --multipv 3",
            #[cfg(feature = "analyse")]
            "daba analyse games.pgn --nodes 5000 --threads 1 --hash 16 --json --from-move 10 --to-move 30 --side black",
            #[cfg(feature = "analyse")]
            "daba analyse - --eval-file classical",
        ] {
            if let Err(e) = Cli::try_parse_from(line.split_whitespace()) {
                panic!("{line}: {e}");
            }
        }
        for bad in [
            "daba bench 0",
            "daba bench 5 --depth 6",
            "daba bench x",
            "daba perft",
            #[cfg(feature = "train")]
            "daba datagen --threads 0",
            #[cfg(feature = "train")]
            "daba datagen --gmaes 5",
            #[cfg(feature = "train")]
            "daba convert-data --in a",
            // In a build without the feature, an unknown command: exit 2 too.
            "daba tune",
            "daba train",
            #[cfg(feature = "train")]
            "daba train --data a --lambda 2",
            #[cfg(feature = "train")]
            "daba train --data a --activation relu",
            "daba completions tcsh",
            #[cfg(feature = "serve")]
            "daba serve --port 70000",
            #[cfg(feature = "serve")]
            "daba serve --host",
            "daba frobnicate",
            "daba fourhand",
            "daba fourhand perft",
            "daba fourhand perft x",
            "daba fourhand play --levels 1,2,3",
            "daba fourhand play --levels 11",
            "daba fourhand play --levels a,b,c,d",
            "daba fourhand play --nodes 0",
            "daba fourhand play --max-plies x",
            "daba analyse",
            #[cfg(feature = "analyse")]
            "daba analyse --multipv 0 g.pgn",
            #[cfg(feature = "analyse")]
            "daba analyse --threads 0 g.pgn",
            #[cfg(feature = "analyse")]
            "daba analyse g.pgn --side both",
            #[cfg(feature = "analyse")]
            "daba analyse g.pgn --depth 0",
        ] {
            let e = Cli::try_parse_from(line_words(bad)).expect_err(bad);
            assert_eq!(e.exit_code(), 2, "{bad}");
        }
    }

    fn line_words(line: &str) -> Vec<&str> {
        line.split_whitespace().collect()
    }
}
