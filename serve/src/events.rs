//! One site on several `daba serve` processes (instances) behind a load
//! balancer, sharing one PostgreSQL database: what one instance changes,
//! the others hear of at once, through PostgreSQL's `LISTEN`/`NOTIFY`.
//! With SQLite (one process) none of this runs.
//!
//! - Games: every save of a game that the database took sends
//!   `NOTIFY` on the games channel (`daba_games`), payload
//!   `<id> <version> <instance>`, inside the save's transaction, so it is
//!   delivered at its commit and never for a save rolled back
//!   ([`crate::store::Store::save`]). An instance that holds that game in
//!   memory at an older version reloads it from the database in place and
//!   wakes its long polls, which answer the new state at once. An instance
//!   skips its own notifications: handling them would only lock the game
//!   for nothing, and a locked game cannot leave memory to make room.
//! - Tables for four ([`crate::tables`]): the same, on the tables channel
//!   (`daba_tables`), payload `<id> <version> <instance>`.
//! - The lobby: each change of the seeks ([`LobbyEvent`]) is published on
//!   this instance's streams and sent on the lobby channel (`daba_lobby`),
//!   payload `{"from": <instance>, "event": ...}`; the other instances
//!   publish it on theirs (an instance skips its own).
//! - Players in games: an instance that answers a seated player tells
//!   the others on the seats channel (`daba_seats`), payload
//!   `<game id> <white|black> <round trip in ms, or -> <instance>`: at most
//!   every 20 s that the player was seen (so their seat shows online on
//!   every instance, guests included), and at once each round trip it
//!   measured of their long polls (so every instance holding the game
//!   credits the same lag, [`crate::clock`]; the meters travel with the
//!   saved game too). Nothing is written for it.
//! - A lost connection: [`Listener`] reconnects by itself (retrying while
//!   the database is away) and then reports [`Note::Lost`]: whatever was
//!   sent meanwhile is gone, so every game held in memory is compared with
//!   the database and every lobby stream sends the lobby afresh.
//!
//! The channels are per schema (`daba_games_<schema>` outside `public`), so
//! sites in different schemas of one database stay apart.
//!
//! Work that must happen once: the computer's search for a position runs
//! on one instance. The instance that starts it records a lease in the game
//! (its instance id and the start time, saved with the version that starts
//! the search); another instance that loads the game leaves the search
//! alone for [`SEARCH_LEASE`] from its start, and takes it over only after
//! that (its timer then starts the search: an instance that went away
//! mid-search, or restarted, is covered). A process started afresh has a
//! new instance id, so after a restart of a lone instance the computer
//! moves at most [`SEARCH_LEASE`] after its lost search began. A clock's
//! timer runs on every instance holding the game: the first to save the
//! flag wins, the others' saves are refused by the version and their copies
//! reloaded, so a game ends on time once.

use crate::lobby::LobbyEvent;
use movegen::Color;
use rand::rngs::OsRng;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::postgres::PgListener;
use std::fmt::Write as _;
use std::time::Duration;

/// How long a computer search started by one instance is left to it by the
/// others.
pub const SEARCH_LEASE: Duration = Duration::from_secs(60);
/// The longest wait between two tries to reconnect the listener.
const MAX_RETRY: Duration = Duration::from_secs(30);
/// The games channel's name in the schema `public`.
const GAMES: &str = "daba_games";
/// The lobby channel's name in the schema `public`.
const LOBBY: &str = "daba_lobby";
/// The tables channel's name in the schema `public`.
const TABLES: &str = "daba_tables";
/// The seats channel's name in the schema `public`.
const SEATS: &str = "daba_seats";
/// PostgreSQL's longest identifier, in bytes (a channel name is one).
const MAX_CHANNEL_BYTES: usize = 63;

/// The channels of one site (one schema).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Channels {
    /// Saved games: `<id> <version>`.
    pub games: String,
    /// Lobby events: [`lobby_payload`].
    pub lobby: String,
    /// Saved tables for four: `<id> <version>`.
    pub tables: String,
    /// Players seen in games: [`seat_payload`].
    pub seats: String,
}

impl Channels {
    /// The channels of the site in `schema`: `daba_games` and `daba_lobby`
    /// in `public`, else with `_<schema>` after them (or a digest of the
    /// schema's name, when that would be longer than PostgreSQL allows).
    pub fn of_schema(schema: &str) -> Channels {
        let name = |base: &str| {
            if schema == "public" {
                return base.to_string();
            }
            let plain = format!("{base}_{schema}");
            if plain.len() <= MAX_CHANNEL_BYTES {
                return plain;
            }
            let digest = Sha256::digest(schema.as_bytes());
            digest.iter().take(8).fold(format!("{base}_"), |mut s, b| {
                let _ = write!(s, "{b:02x}");
                s
            })
        };
        Channels {
            games: name(GAMES),
            lobby: name(LOBBY),
            tables: name(TABLES),
            seats: name(SEATS),
        }
    }
}

/// Whether a request refused with `status` on a site of several instances
/// is worth one more try after a fresh look in the database: a refusal for
/// the state of a game or table (403: not a player there; 409: not now)
/// may come from a copy that has not yet heard of a change made on another
/// instance a moment ago (a join, a seat taken, a move).
pub fn worth_a_fresh_look(status: u16) -> bool {
    matches!(status, 403 | 409)
}

/// A fresh instance id: 64 random bits as 16 hex digits.
pub fn instance_id() -> String {
    format!("{:016x}", OsRng.next_u64())
}

/// The payload of a game's (or a table's) notification: saved by the
/// instance `from`.
pub fn game_payload(id: &str, version: i64, from: &str) -> String {
    format!("{id} {version} {from}")
}

/// The payload telling that the player of `color` in the game `id` was seen
/// by the instance `from`, with a round trip of theirs it measured.
pub fn seat_payload(id: &str, color: Color, rtt: Option<i64>, from: &str) -> String {
    let color = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    match rtt {
        Some(rtt) => format!("{id} {color} {rtt} {from}"),
        None => format!("{id} {color} - {from}"),
    }
}

/// A lobby event as it travels between instances.
#[derive(Serialize, Deserialize)]
struct LobbyNote {
    /// The instance that sent it.
    from: String,
    event: LobbyEvent,
}

/// The payload of a lobby event sent by the instance `from`.
pub fn lobby_payload(from: &str, event: &LobbyEvent) -> String {
    serde_json::to_string(&LobbyNote {
        from: from.to_string(),
        event: event.clone(),
    })
    .unwrap_or_default()
}

/// What an instance hears from the others.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// The game `id` was saved at `version`.
    Game {
        /// The game's id.
        id: String,
        /// The version saved.
        version: u64,
    },
    /// Another instance's lobby event.
    Lobby(LobbyEvent),
    /// The table for four `id` was saved at `version`.
    Table {
        /// The table's id.
        id: String,
        /// The version saved.
        version: u64,
    },
    /// The player of `color` in the game `id` was seen by another instance.
    Seat {
        /// The game's id.
        id: String,
        /// The seat.
        color: Color,
        /// A round trip of the player's connection that instance measured,
        /// in milliseconds.
        rtt: Option<i64>,
    },
    /// The connection was lost and is back: anything may have changed.
    Lost,
}

/// Reads a notification; `None` for one to ignore (this instance's own
/// save or lobby event, another channel, a payload not understood).
pub fn parse(channels: &Channels, instance: &str, channel: &str, payload: &str) -> Option<Note> {
    if channel == channels.games || channel == channels.tables {
        let mut words = payload.split(' ');
        let (id, version, from) = (words.next()?, words.next()?, words.next()?);
        if from == instance || words.next().is_some() {
            return None;
        }
        let (id, version) = (id.to_string(), version.parse().ok()?);
        return Some(if channel == channels.games {
            Note::Game { id, version }
        } else {
            Note::Table { id, version }
        });
    }
    if channel == channels.seats {
        let words: Vec<&str> = payload.split(' ').collect();
        let [id, color, rtt, from] = words[..] else {
            return None;
        };
        if from == instance {
            return None;
        }
        let color = match color {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return None,
        };
        let rtt = match rtt {
            "-" => None,
            ms => Some(ms.parse().ok()?),
        };
        return Some(Note::Seat {
            id: id.to_string(),
            color,
            rtt,
        });
    }
    if channel == channels.lobby {
        let note: LobbyNote = serde_json::from_str(payload).ok()?;
        return (note.from != instance).then_some(Note::Lobby(note.event));
    }
    None
}

/// A connection listening on a site's channels.
pub struct Listener {
    url: String,
    channels: Channels,
    inner: PgListener,
}

impl Listener {
    /// Connects to the database at `url` and listens on `channels`; the
    /// notifications wait, unread, until [`Listener::spawn`].
    pub async fn connect(url: &str, channels: &Channels) -> Result<Listener, sqlx::Error> {
        let mut inner = PgListener::connect(url).await?;
        inner
            .listen_all([
                channels.games.as_str(),
                channels.lobby.as_str(),
                channels.tables.as_str(),
                channels.seats.as_str(),
            ])
            .await?;
        Ok(Listener {
            url: url.to_string(),
            channels: channels.clone(),
            inner,
        })
    }

    /// Hands every notification to `heard`, from a task of its own, until
    /// the task is aborted; a lost connection is made again (retrying, up
    /// to `MAX_RETRY` apart) and then told as [`Note::Lost`].
    pub fn spawn(self, instance: String, heard: impl Fn(Note) + Send + 'static) -> tokio::task::AbortHandle {
        let task = tokio::spawn(async move {
            let mut listener = self;
            loop {
                match listener.inner.try_recv().await {
                    Ok(Some(n)) => {
                        if let Some(note) = parse(&listener.channels, &instance, n.channel(), n.payload()) {
                            heard(note);
                        }
                    }
                    // Lost, and connected again (sqlx reconnects eagerly).
                    Ok(None) => heard(Note::Lost),
                    Err(e) => {
                        eprintln!("daba serve: the other instances cannot be heard: {e}");
                        listener = listener.reconnect().await;
                        heard(Note::Lost);
                    }
                }
            }
        });
        task.abort_handle()
    }

    /// A new connection listening on the same channels, retried until it
    /// is made.
    async fn reconnect(self) -> Listener {
        let mut wait = Duration::from_millis(250);
        loop {
            tokio::time::sleep(wait).await;
            match Listener::connect(&self.url, &self.channels).await {
                Ok(listener) => return listener,
                Err(e) => eprintln!("daba serve: cannot listen to the other instances yet: {e}"),
            }
            wait = (wait * 2).min(MAX_RETRY);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_are_per_schema_and_short_enough() {
        let public = Channels::of_schema("public");
        assert_eq!(
            (public.games.as_str(), public.lobby.as_str()),
            ("daba_games", "daba_lobby")
        );
        let site = Channels::of_schema("club");
        assert_eq!(site.games, "daba_games_club");
        let long = Channels::of_schema(&"x".repeat(60));
        assert!(long.games.len() <= MAX_CHANNEL_BYTES && long.games.starts_with("daba_games_"));
        assert_ne!(long.games, Channels::of_schema(&"y".repeat(60)).games);
    }

    #[test]
    fn notifications_read_back_and_an_instance_skips_its_own() {
        let ch = Channels::of_schema("public");
        assert_eq!(
            parse(&ch, "a", "daba_games", &game_payload("0f", 7, "b")),
            Some(Note::Game {
                id: "0f".into(),
                version: 7
            })
        );
        assert_eq!(
            parse(&ch, "b", "daba_games", &game_payload("0f", 7, "b")),
            None,
            "its own"
        );
        assert_eq!(parse(&ch, "a", "daba_games", "0f seven b"), None);
        assert_eq!(parse(&ch, "a", "daba_games", "0f 7"), None, "no sender");
        assert_eq!(parse(&ch, "a", "daba_games", "0f 7 b c"), None, "a word too many");
        assert_eq!(
            parse(&ch, "b", "daba_tables", &game_payload("0e", 3, "b")),
            None,
            "its own"
        );
        assert_eq!(
            parse(&ch, "a", "daba_tables", &game_payload("0e", 3, "b")),
            Some(Note::Table {
                id: "0e".into(),
                version: 3
            })
        );
        let started = LobbyEvent::Started {
            user_id: "u".into(),
            seek: "s".into(),
            game: "g".into(),
        };
        let payload = lobby_payload("b", &started);
        assert_eq!(
            parse(&ch, "a", "daba_lobby", &payload),
            Some(Note::Lobby(started))
        );
        assert_eq!(parse(&ch, "b", "daba_lobby", &payload), None, "its own");
        assert_eq!(parse(&ch, "a", "elsewhere", &payload), None);
        let seen = seat_payload("0d", Color::Black, None, "b");
        assert_eq!(
            parse(&ch, "a", "daba_seats", &seen),
            Some(Note::Seat {
                id: "0d".into(),
                color: Color::Black,
                rtt: None
            })
        );
        assert_eq!(parse(&ch, "b", "daba_seats", &seen), None, "its own");
        assert_eq!(
            parse(
                &ch,
                "a",
                "daba_seats",
                &seat_payload("0d", Color::White, Some(85), "b")
            ),
            Some(Note::Seat {
                id: "0d".into(),
                color: Color::White,
                rtt: Some(85)
            })
        );
        for bad in ["0d white 85", "0d red 85 b", "0d white fast b", "0d white 85 b c"] {
            assert_eq!(parse(&ch, "a", "daba_seats", bad), None, "{bad}");
        }
        assert_eq!(ch.seats, "daba_seats");
        assert_eq!(Channels::of_schema("club").seats, "daba_seats_club");
    }
}
