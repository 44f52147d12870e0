//! Who is online, across every instance of a site.
//!
//! A signed-in player is online while they use the site: every request of
//! theirs (a game's long poll, which the page sends at least every 25 s, a
//! move, the lobby) and every lobby stream they hold open marks them seen.
//! Each instance writes a player's time to the database (`presence`) at most
//! every [`WRITE_EVERY`], and reads back everyone seen within
//! [`ONLINE_WITHIN`] every [`REFRESH_EVERY`], so a player connected to
//! another instance of the site shows as online here too. Guests have no
//! name to show: each instance writes how many have its lobby open, and the
//! lobby shows the sum. The lobby and the games' seats read the last
//! snapshot, which costs no query; the lobby's streams hear of a change at
//! the next refresh (a stream opened on this instance, at once:
//! [`crate::lobby`]).
//!
//! Presence is advisory: a write that fails leaves the player shown offline
//! until the next one, and nothing else depends on it.

use crate::game::UserRef;
use crate::store::{now_seconds, Store, StoreError};
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// A player seen this recently is online (the page's long poll asks at
/// least every 25 s).
pub const ONLINE_WITHIN: Duration = Duration::from_secs(60);
/// Each instance writes a player's presence at most this often.
pub const WRITE_EVERY: Duration = Duration::from_secs(20);
/// Each instance reads who is online this often.
pub const REFRESH_EVERY: Duration = Duration::from_secs(10);
/// Presence rows older than this are deleted.
const FORGET_AFTER: Duration = Duration::from_secs(600);

/// Who is online, as last read from the database.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Online {
    /// Signed-in players, by name (as the database orders them: by their
    /// lowercase name).
    pub names: Vec<String>,
    /// The same players' ids.
    ids: HashSet<String>,
    /// Guests in the lobbies of the other instances.
    pub other_guests: usize,
}

/// Site-wide presence as one instance keeps it.
pub struct Presence {
    /// This instance's id among the instances of the site.
    instance: String,
    /// When this instance last wrote each player's presence.
    written: Mutex<HashMap<String, Instant>>,
    /// The last snapshot.
    online: RwLock<Online>,
}

impl Presence {
    /// Presence for the instance `instance`, nobody online yet.
    pub fn new(instance: &str) -> Presence {
        Presence {
            instance: instance.to_string(),
            written: Mutex::new(HashMap::new()),
            online: RwLock::new(Online::default()),
        }
    }

    /// Whether `user_id`'s presence is due to be written, remembering
    /// that it is being written now.
    fn due(&self, user_id: &str) -> bool {
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        match written.get(user_id) {
            Some(at) if at.elapsed() < WRITE_EVERY => false,
            _ => {
                written.insert(user_id.to_string(), Instant::now());
                true
            }
        }
    }

    /// The player `user` made a request: they are online.
    pub async fn seen(&self, store: &Store, user: &UserRef) {
        if self.due(&user.id) {
            // Advisory (see the module's docs): a failure is not the
            // request's failure.
            let _ = store.touch_presence(&user.id, now_seconds()).await;
        }
    }

    /// Whether the player `user_id` was online at the last refresh.
    pub fn is_online(&self, user_id: &str) -> bool {
        self.online
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .ids
            .contains(user_id)
    }

    /// The last snapshot.
    pub fn snapshot(&self) -> Online {
        self.online.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Writes what this instance knows (the players with a lobby stream
    /// open here, `streams`, are seen; `guests` guests have its lobby
    /// open), reads who is online on the whole site, and forgets old rows.
    /// True when who is online changed.
    pub async fn refresh(
        &self,
        store: &Store,
        streams: &[UserRef],
        guests: usize,
    ) -> Result<bool, StoreError> {
        let now = now_seconds();
        for user in streams {
            if self.due(&user.id) {
                store.touch_presence(&user.id, now).await?;
            }
        }
        store
            .set_instance_guests(&self.instance, guests as i64, now)
            .await?;
        let since = now - ONLINE_WITHIN.as_secs() as i64;
        let seen = store.seen_since(since).await?;
        let other_guests = store.other_guests(&self.instance, since).await?;
        store.sweep_presence(now - FORGET_AFTER.as_secs() as i64).await?;
        self.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, at| at.elapsed() < WRITE_EVERY);
        let fresh = Online {
            ids: seen.iter().map(|(id, _)| id.clone()).collect(),
            names: seen.into_iter().map(|(_, name)| name).collect(),
            other_guests: usize::try_from(other_guests).unwrap_or(0),
        };
        let mut online = self.online.write().unwrap_or_else(|e| e.into_inner());
        let changed = *online != fresh;
        *online = fresh;
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_written_at_most_every_write_every() {
        let presence = Presence::new("a");
        assert!(presence.due("ada"));
        assert!(!presence.due("ada"), "written a moment ago");
        assert!(presence.due("bob"), "another player");
        presence
            .written
            .lock()
            .unwrap()
            .insert("ada".into(), Instant::now() - WRITE_EVERY);
        assert!(presence.due("ada"), "due again after WRITE_EVERY");
    }
}
