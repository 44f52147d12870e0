//! The lobby: open challenges (seeks) that any signed-in player may accept,
//! who is online, and the live updates of both.
//!
//! Seeks live in the database (`seeks`; [`crate::store`] holds the SQL),
//! so every instance on one PostgreSQL sees the same list and an accept is
//! one `DELETE ... RETURNING`: only one player can take a seek. Changes go
//! out from one publish point, [`Lobby::publish`], to every open event
//! stream of this instance (server-sent events, `GET /api/lobby/events`),
//! each of which then sends the list afresh; the server also sends the
//! changes of the seeks to the other instances on the same PostgreSQL,
//! whose listeners publish them here ([`crate::events`]). The lobby counts
//! the streams open on this instance; who is online on the whole site is
//! [`crate::presence`]'s, which these counts feed.

use crate::game::UserRef;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;

/// Open seeks a player may have at once.
pub const MAX_SEEKS_PER_PLAYER: usize = 3;
/// Seeks shown in the lobby (the oldest first).
pub const MAX_LISTED_SEEKS: i64 = 200;
/// Lobby event streams open at once on this instance (more are refused
/// with 503).
pub const MAX_STREAMS: usize = 1000;

/// Something the lobby's streams must hear of (as JSON between instances,
/// [`crate::events`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LobbyEvent {
    /// The seeks or the people online changed: send the lobby again.
    Changed,
    /// Someone accepted a seek of the player with this user id: the game.
    Started {
        /// The seeker's user id.
        user_id: String,
        /// The accepted seek.
        seek: String,
        /// The new game.
        game: String,
    },
}

/// A seek as the lobby shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeekView {
    /// Its id.
    pub id: String,
    /// The seeker's name.
    pub user: String,
    /// The seeker's rating, rounded.
    pub rating: i64,
    /// The seeker's rating is still uncertain (few rated games).
    pub provisional: bool,
    /// `5+3` or `3d`.
    pub time_control: String,
    /// `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    pub speed: String,
    /// A rated game.
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub color: String,
    /// The fifty- and seventy-five-move rules apply.
    pub fifty_move_rule: bool,
    /// The viewer's own seek.
    pub mine: bool,
}

/// A seat of a listed table for four: who sits there.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ListedSeat {
    /// `S`, `W`, `N` or `E`.
    pub seat: char,
    /// A player's name, `guest`, or `Daba level N`; `None` while free.
    pub who: Option<String>,
}

/// A table for four with a seat free, as the lobby lists it
/// ([`crate::tables`]).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TableListing {
    /// The table's id.
    pub id: String,
    /// Its four seats, South, West, North, East.
    pub seats: Vec<ListedSeat>,
}

/// The lobby as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyView {
    /// The open seeks, the oldest first.
    pub seeks: Vec<SeekView>,
    /// Signed-in players online (in the lobby, in a game, anywhere on the
    /// site), by name.
    pub online: Vec<String>,
    /// Guests with the lobby open.
    pub guests: usize,
    /// Tables for four with a seat free, the oldest first.
    pub tables: Vec<TableListing>,
}

/// The lobby's live part: the publish point and presence.
pub struct Lobby {
    events: broadcast::Sender<LobbyEvent>,
    /// Open streams per signed-in player's id, with the player; guests
    /// under "".
    present: Mutex<HashMap<String, (UserRef, usize)>>,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby::new()
    }
}

impl Lobby {
    /// An empty lobby.
    pub fn new() -> Lobby {
        Lobby {
            events: broadcast::channel(256).0,
            present: Mutex::new(HashMap::new()),
        }
    }

    /// Tells every open stream.
    pub fn publish(&self, event: LobbyEvent) {
        // No stream open: nobody to tell.
        let _ = self.events.send(event);
    }

    /// A new stream's subscription.
    pub fn subscribe(&self) -> broadcast::Receiver<LobbyEvent> {
        self.events.subscribe()
    }

    /// A stream opens for `user` (`None`: a guest); false when this
    /// instance already has [`MAX_STREAMS`] open.
    pub fn enter(&self, user: Option<&UserRef>) -> bool {
        let key = user.map_or("", |u| u.id.as_str());
        let mut present = self.present.lock().unwrap_or_else(|e| e.into_inner());
        if present.values().map(|(_, n)| n).sum::<usize>() >= MAX_STREAMS {
            return false;
        }
        let first = !present.contains_key(key);
        let guest = UserRef {
            id: String::new(),
            name: String::new(),
        };
        present
            .entry(key.to_string())
            .or_insert_with(|| (user.cloned().unwrap_or(guest), 0))
            .1 += 1;
        drop(present);
        if first && user.is_some() {
            self.publish(LobbyEvent::Changed);
        }
        true
    }

    /// A stream of `user` (`None`: a guest) closes.
    pub fn leave(&self, user: Option<&UserRef>) {
        let key = user.map_or("", |u| u.id.as_str());
        let mut present = self.present.lock().unwrap_or_else(|e| e.into_inner());
        let gone = match present.get_mut(key) {
            Some((_, n)) if *n > 1 => {
                *n -= 1;
                false
            }
            Some(_) => {
                present.remove(key);
                true
            }
            None => false,
        };
        drop(present);
        if gone && user.is_some() {
            self.publish(LobbyEvent::Changed);
        }
    }

    /// Signed-in players with a stream open here, and the number of guests.
    pub fn streams(&self) -> (Vec<UserRef>, usize) {
        let present = self.present.lock().unwrap_or_else(|e| e.into_inner());
        let users = present
            .iter()
            .filter(|(key, _)| !key.is_empty())
            .map(|(_, (user, _))| user.clone())
            .collect();
        (users, present.get("").map_or(0, |(_, n)| *n))
    }

    /// Whether the player `user_id` has the lobby open here.
    pub fn is_present(&self, user_id: &str) -> bool {
        let present = self.present.lock().unwrap_or_else(|e| e.into_inner());
        present.contains_key(user_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ada() -> UserRef {
        UserRef {
            id: "1".into(),
            name: "Ada".into(),
        }
    }

    #[test]
    fn streams_are_counted_per_player() {
        let lobby = Lobby::new();
        let mut events = lobby.subscribe();
        assert!(lobby.enter(Some(&ada())));
        assert!(lobby.enter(Some(&ada())));
        assert!(lobby.enter(None));
        assert_eq!(lobby.streams(), (vec![ada()], 1));
        assert!(
            matches!(events.try_recv(), Ok(LobbyEvent::Changed)),
            "Ada arrived"
        );
        assert!(events.try_recv().is_err(), "a second tab or a guest is no news");
        lobby.leave(Some(&ada()));
        assert!(lobby.is_present("1"), "one tab still open");
        lobby.leave(Some(&ada()));
        assert!(!lobby.is_present("1"));
        assert!(matches!(events.try_recv(), Ok(LobbyEvent::Changed)), "Ada left");
        lobby.leave(None);
        assert_eq!(lobby.streams(), (Vec::new(), 0));
    }
}
