//! `daba convert-data`: between the old text lines and the binary game
//! records of [`super::format`].
//!
//! Text to binary keeps the data made before the binary format existed
//! usable by the trainer: each line becomes a one-ply game record whose move
//! is unknown (those lines are already filtered quiet positions). Binary to
//! text, with the reader's filters, feeds the evaluation tuner, which reads
//! text.

use super::format::{self, DataError, Filter, GameReader, GameRecord, Outcome, Ply};
use movegen::{Board, Color, Move};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

/// Settings of a conversion.
#[derive(Clone, Debug)]
pub struct ConvertConfig {
    /// Input file, text or binary (told apart by the binary magic).
    pub input: String,
    /// Output file, in the other format.
    pub output: String,
    /// Which positions binary-to-text conversion keeps.
    pub filter: Filter,
}

/// `daba convert-data` arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct ConvertArgs {
    /// Input file: text lines or binary game records (told apart by the binary magic)
    #[arg(long = "in", value_name = "FILE")]
    pub input: String,
    /// Output file, in the other format
    #[arg(long, value_name = "FILE")]
    pub out: String,
    // Which positions binary-to-text conversion keeps (all by default).
    #[command(flatten)]
    pub filter: super::FilterArgs,
}

impl ConvertArgs {
    /// The conversion these arguments ask for.
    pub fn config(&self) -> ConvertConfig {
        ConvertConfig {
            input: self.input.clone(),
            output: self.out.clone(),
            filter: self.filter.apply(Filter::ALL),
        }
    }
}

/// Converts, returning (positions read, positions written).
pub fn run(config: &ConvertConfig) -> Result<(u64, u64), DataError> {
    let mut input = BufReader::new(std::fs::File::open(&config.input)?);
    let binary = input.fill_buf()?.starts_with(&format::MAGIC);
    let output = BufWriter::new(std::fs::File::create(&config.output)?);
    if binary {
        binary_to_text(input, output, &config.filter)
    } else {
        text_to_binary(input, output)
    }
}

/// `daba convert-data`: converts and reports; returns the process exit code.
pub fn run_cli(config: &ConvertConfig) -> i32 {
    match run(config) {
        Ok((read, written)) => {
            eprintln!(
                "convert-data: {read} positions read, {written} written to {}",
                config.output
            );
            0
        }
        Err(e) => {
            eprintln!("convert-data: {}: {e}", config.input);
            1
        }
    }
}

/// One text line, `<fen> | <score, White's view> | <result 1.0/0.5/0.0>`,
/// as a one-ply game record.
pub fn parse_text_line(line: &str) -> Result<GameRecord, String> {
    let mut parts = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("expected '<fen> | <score> | <result>'".into());
    };
    let start = Board::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    let white_score: i16 = score.parse().map_err(|_| format!("bad score '{score}'"))?;
    let outcome = match result {
        "1.0" | "1" => Outcome::WhiteWin,
        "0.5" | "1/2" => Outcome::Draw,
        "0.0" | "0" => Outcome::BlackWin,
        other => return Err(format!("bad result '{other}'")),
    };
    let score = if start.side_to_move() == Color::White {
        white_score
    } else {
        white_score.saturating_neg()
    };
    Ok(GameRecord {
        start,
        outcome,
        plies: vec![Ply {
            best: Move::NONE,
            score,
        }],
    })
}

/// One position as a text line (score and result from White's view).
pub fn text_line(board: &Board, ply: &Ply, outcome: Outcome) -> String {
    let score = i32::from(ply.score);
    let white_score = if board.side_to_move() == Color::White {
        score
    } else {
        -score
    };
    let result = match outcome {
        Outcome::WhiteWin => "1.0",
        Outcome::Draw => "0.5",
        Outcome::BlackWin => "0.0",
    };
    format!("{} | {white_score} | {result}", board.to_fen())
}

fn text_to_binary(input: impl BufRead, mut output: impl Write) -> Result<(u64, u64), DataError> {
    format::write_file_header(&mut output, 0)?;
    let mut bytes = Vec::new();
    let mut count = 0;
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let game = parse_text_line(&line).map_err(|reason| {
            DataError::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("line {}: {reason}", n + 1),
            ))
        })?;
        bytes.clear();
        game.encode(&mut bytes);
        output.write_all(&bytes)?;
        count += 1;
    }
    output.flush()?;
    Ok((count, count))
}

fn binary_to_text(
    input: impl Read,
    mut output: impl Write,
    filter: &Filter,
) -> Result<(u64, u64), DataError> {
    let mut reader = GameReader::new(input)?;
    let mut game = GameRecord {
        start: Board::startpos(),
        outcome: Outcome::Draw,
        plies: Vec::new(),
    };
    let (mut read, mut written) = (0, 0);
    while reader.read_into(&mut game)? {
        let mut io_result = Ok(());
        let mut index = 0;
        game.for_each_position(reader.games() - 1, |board, ply| {
            read += 1;
            if filter.accepts(board, ply, index) && io_result.is_ok() {
                io_result = writeln!(output, "{}", text_line(board, ply, game.outcome));
                written += 1;
            }
            index += 1;
        })?;
        io_result?;
    }
    output.flush()?;
    Ok((read, written))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_lines_round_trip() {
        movegen::init();
        for line in [
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 35 | 1.0",
            "8/8/4k3/8/2K5/8/8/8 w - - 12 70 | 0 | 0.5",
            "r3k2r/8/8/8/4Pp2/8/8/R3K2R b Kq e3 0 30 | -120 | 0.0",
        ] {
            let game = parse_text_line(line).expect("parses");
            assert_eq!(text_line(&game.start, &game.plies[0], game.outcome), line);
        }
        assert!(parse_text_line("8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5").is_err());
        assert!(parse_text_line("8/8/4k3/8/2K5/8/8/8 w - - 0 1 | x | 0.5").is_err());
        assert!(parse_text_line("8/8/4k3/8/2K5/8/8/8 w - - 0 1 | 0 | 2").is_err());
        assert!(parse_text_line("8/8/4k3/8/2K5/8/8/8 w - - 0 1 | 0").is_err());
    }

    #[test]
    fn text_to_binary_to_text_gives_the_same_lines() {
        movegen::init();
        let text = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 35 | 1.0\n\
                    8/8/4k3/8/2K5/8/8/8 w - - 12 70 | 0 | 0.5\n";
        let mut binary = Vec::new();
        assert_eq!(text_to_binary(text.as_bytes(), &mut binary).unwrap(), (2, 2));
        let mut back = Vec::new();
        assert_eq!(
            binary_to_text(&binary[..], &mut back, &Filter::QUIET).unwrap(),
            (2, 2)
        );
        assert_eq!(String::from_utf8(back).unwrap(), text);
        let bad = "8/8/4k3/8/2K5/8/8/8 w - - 12 70 | 0 | 0.5\nnonsense\n";
        let err = text_to_binary(bad.as_bytes(), &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
    }
}
