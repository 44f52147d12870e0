//! Accounts: sign-up, sign-in, sessions, profiles and rated results, with
//! no HTTP (that is [`routes`] and the extractors [`MaybeUser`] and
//! [`CurrentUser`], in `api`).
//!
//! - Usernames: 3 to 20 characters, letters, digits, `_` and `-`, starting
//!   with a letter; one account per name whatever its case (the lowercase
//!   `username_key` is unique); a few names are reserved ([`RESERVED`]).
//! - Passwords: 8 to 256 characters, not the username. Stored as argon2id
//!   with the OWASP Password Storage Cheat Sheet's parameters: 19 MiB of
//!   memory (m = 19456 KiB), 2 iterations (t = 2), 1 lane (p = 1), a 16-byte
//!   random salt, a 32-byte hash, as a PHC string
//!   (`$argon2id$v=19$m=19456,t=2,p=1$...`). Hashing runs on tokio's
//!   blocking threads, at most [`MAX_HASHES`] at once (a flood of sign-ins
//!   waits its turn, [`HASH_WAIT`] at most, then gets a 503), so it cannot
//!   take every core.
//! - Sign-in verifies a hash even when the user is unknown (a dummy one), so
//!   the time taken does not tell whether a name exists.
//! - Sessions: a 256-bit random token (OsRng) in the `daba_session` cookie;
//!   the database keeps only its SHA-256. A session lasts
//!   [`SESSION_SECONDS`] (30 days) from its last use: it is extended at
//!   most once per [`TOUCH_SECONDS`]. Ended sessions are ignored, and
//!   deleted by [`Accounts::sweep`], at most every [`SWEEP_SECONDS`] from
//!   sign-ins, sign-ups and `daba serve`'s minutely sweeper
//!   ([`Accounts::sweep_if_due`]).
//! - Rate limits, counted in the database ([`limits`]), so every instance
//!   of a site counts the same attempts: failed sign-ins per username
//!   ([`SIGN_IN_PER_USERNAME`]) and failed sign-ins plus sign-up attempts
//!   per client address ([`ATTEMPTS_PER_CLIENT`]).

mod api;
pub mod store;

pub use api::{routes, CurrentUser, MaybeUser, SESSION_COOKIE};
pub use store::{record_rated_result, save_rated_game, Profile, RatedGame, RatingChange, User};

use crate::limits::{self, Rule, CHAT_RATE};
use crate::ratings::GameResult;
use crate::store::{now_seconds, StoreError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Argon2id memory, in KiB (OWASP: 19 MiB).
pub const ARGON2_MEMORY_KIB: u32 = 19_456;
/// Argon2id iterations (OWASP: 2).
pub const ARGON2_ITERATIONS: u32 = 2;
/// Argon2id lanes (OWASP: 1).
pub const ARGON2_LANES: u32 = 1;
/// Password hashes computed at once.
pub const MAX_HASHES: usize = 2;
/// How long a sign-in or sign-up waits for a hashing slot before a 503.
pub const HASH_WAIT: Duration = Duration::from_secs(10);
/// A session lasts this long after its last use: 30 days.
pub const SESSION_SECONDS: i64 = 30 * 24 * 60 * 60;
/// A session in use is extended at most this often (one write an hour,
/// not one a request).
pub const TOUCH_SECONDS: i64 = 60 * 60;
/// Ended sessions and old attempts are swept at most this often by the
/// requests themselves.
pub const SWEEP_SECONDS: i64 = 10 * 60;
/// Failed sign-ins allowed per username: 10 in any 15 minutes.
pub const SIGN_IN_PER_USERNAME: Rule = Rule {
    max: 10,
    window: 15 * 60,
};
/// Failed sign-ins and sign-up attempts allowed per client address: 30 in
/// any 15 minutes.
pub const ATTEMPTS_PER_CLIENT: Rule = Rule {
    max: 30,
    window: 15 * 60,
};
/// Usernames no one may take (compared in lowercase).
pub const RESERVED: &[&str] = &[
    "daba",
    "computer",
    "admin",
    "administrator",
    "guest",
    "anonymous",
    "moderator",
    "system",
    "root",
    "null",
    "undefined",
];
/// Shortest and longest username, in characters.
pub const USERNAME_CHARS: (usize, usize) = (3, 20);
/// Shortest and longest password, in characters.
pub const PASSWORD_CHARS: (usize, usize) = (8, 256);

/// How the server is reached, for the cookie and the client's address.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AccountSettings {
    /// The session cookie is `Secure` (sent only over HTTPS): for a server
    /// behind an HTTPS proxy (`daba serve --secure-cookies`).
    pub secure_cookies: bool,
    /// The server is behind a reverse proxy (`daba serve --behind-proxy`):
    /// the client's address is the last one of `X-Forwarded-For` (the one
    /// the proxy added), and `X-Forwarded-Proto: https` makes the cookie
    /// `Secure`. Off, both headers are ignored (anyone can send them).
    pub behind_proxy: bool,
}

/// Why an account request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountError {
    /// A username or password that breaks a rule (400), in words.
    Invalid(String),
    /// The username belongs to someone (409).
    Taken,
    /// No such username, or not its password (401): which one is not said.
    WrongCredentials,
    /// A signed-in player's confirmation with a password not theirs (403).
    WrongPassword,
    /// An account with games going cannot close (409).
    GamesGoing,
    /// Too many attempts (429): try again after this many seconds.
    Limited(i64),
    /// Too many passwords being checked at once (503).
    Busy,
    /// The database failed (503), in words (for the log).
    Unavailable(String),
}

impl std::fmt::Display for AccountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AccountError::Invalid(m) => f.write_str(m),
            AccountError::Taken => f.write_str("this username is taken"),
            AccountError::WrongCredentials => f.write_str("wrong username or password"),
            AccountError::WrongPassword => f.write_str("that is not your password"),
            AccountError::GamesGoing => {
                f.write_str("you have games going: finish, resign or abort them first")
            }
            AccountError::Limited(s) => write!(f, "too many attempts; try again in {s} seconds"),
            AccountError::Busy => f.write_str("the server is busy checking passwords; try again in a moment"),
            AccountError::Unavailable(_) => {
                f.write_str("the accounts are unavailable (database error); try again")
            }
        }
    }
}

impl std::error::Error for AccountError {}

impl From<StoreError> for AccountError {
    fn from(e: StoreError) -> AccountError {
        AccountError::Unavailable(e.0)
    }
}

/// A signed-in visitor's session.
#[derive(Clone, Debug)]
pub struct Session {
    /// Its user.
    pub user: User,
    /// The token a state-changing request must send in `X-CSRF-Token`.
    pub csrf: String,
    /// When it ends, in seconds since 1970.
    pub expires_at: i64,
    /// Seconds until it ends (for the cookie's `Max-Age`).
    pub seconds_left: i64,
    /// The SHA-256 of its token (its key in the database).
    key: String,
}

/// A session just opened: its token goes into the cookie.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// The user.
    pub user: User,
    /// The session token (64 hex digits), for the cookie only.
    pub token: String,
    /// The CSRF token.
    pub csrf: String,
}

/// The accounts service.
pub struct Accounts {
    pool: AnyPool,
    settings: AccountSettings,
    hashing: Arc<Semaphore>,
    clock_offset: AtomicI64,
    last_sweep: AtomicI64,
}

/// `bytes` random bytes from the operating system, as hex.
fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex(&buf)
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The database key of a session token: its SHA-256, in hex.
pub fn session_key(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The hasher: argon2id, version 0x13, OWASP's parameters.
fn argon2() -> Argon2<'static> {
    let params = Params::new(ARGON2_MEMORY_KIB, ARGON2_ITERATIONS, ARGON2_LANES, None)
        .expect("valid Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// `password`'s argon2id PHC string, with a fresh random salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` matches the PHC string `hash` (with the parameters
/// the hash names).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// A hash no password matches in practice (of 32 random bytes), verified
/// when the user is unknown so that the answer takes as long.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&random_hex(32)).expect("a dummy hash"))
}

/// Checks a new username: the rules in words when it breaks one.
pub fn check_username(name: &str) -> Result<(), String> {
    let (min, max) = USERNAME_CHARS;
    let chars = name.chars().count();
    if chars < min || chars > max {
        return Err(format!("a username has {min} to {max} characters"));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err("a username has only letters (a-z, A-Z), digits, _ and -".into());
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err("a username starts with a letter".into());
    }
    if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
        return Err(format!("the username '{name}' is reserved"));
    }
    Ok(())
}

/// Checks a new password for `username`: the rules in words when it breaks
/// one.
pub fn check_password(password: &str, username: &str) -> Result<(), String> {
    let (min, max) = PASSWORD_CHARS;
    let chars = password.chars().count();
    if chars < min {
        return Err(format!("a password has at least {min} characters"));
    }
    if chars > max {
        return Err(format!("a password has at most {max} characters"));
    }
    if password.eq_ignore_ascii_case(username) {
        return Err("the password must not be the username".into());
    }
    Ok(())
}

/// Whether a name could be a username (for look-ups: nothing else reaches
/// the database).
fn could_be_username(name: &str) -> bool {
    (1..=USERNAME_CHARS.1).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

impl Accounts {
    /// The accounts in the database of `pool` (its tables made by the
    /// migrations that [`crate::store::Store::open`] applies).
    pub fn new(pool: AnyPool, settings: AccountSettings) -> Accounts {
        Accounts {
            pool,
            settings,
            hashing: Arc::new(Semaphore::new(MAX_HASHES)),
            clock_offset: AtomicI64::new(0),
            last_sweep: AtomicI64::new(0),
        }
    }

    /// How the server is reached.
    pub fn settings(&self) -> AccountSettings {
        self.settings
    }

    /// For tests: moves this service's clock (sessions, rate limits)
    /// `seconds` ahead.
    pub fn advance_clock(&self, seconds: i64) {
        self.clock_offset.fetch_add(seconds, Ordering::SeqCst);
    }

    /// Now, in seconds since 1970, on this service's clock.
    pub fn now(&self) -> i64 {
        now_seconds() + self.clock_offset.load(Ordering::SeqCst)
    }

    /// Runs `f` on a blocking thread once a hashing slot is free.
    async fn hashing<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        let permit = tokio::time::timeout(HASH_WAIT, self.hashing.clone().acquire_owned())
            .await
            .map_err(|_| AccountError::Busy)?
            .map_err(|_| AccountError::Busy)?;
        tokio::task::spawn_blocking(move || {
            // Held until the hash is done, even if the request is gone.
            let _permit = permit;
            f()
        })
        .await
        .map_err(|e| AccountError::Unavailable(format!("the password check failed: {e}")))
    }

    /// Refuses the attempt when a limit is reached.
    async fn check_limits(&self, keys: &[(&str, Rule)], now: i64) -> Result<(), AccountError> {
        let mut wait = 0;
        for &(key, rule) in keys {
            if let Err(seconds) = limits::check(&self.pool, key, rule, now).await? {
                wait = wait.max(seconds);
            }
        }
        if wait > 0 {
            return Err(AccountError::Limited(wait));
        }
        Ok(())
    }

    async fn record_attempts(&self, keys: &[(&str, Rule)], now: i64) -> Result<(), AccountError> {
        for &(key, _) in keys {
            limits::record(&self.pool, key, now).await?;
        }
        Ok(())
    }

    /// [`Accounts::sweep`] if the last one is [`SWEEP_SECONDS`] old; a
    /// failure is logged and waits for the next one. Cheap to call often.
    pub async fn sweep_if_due(&self) {
        self.maybe_sweep(self.now()).await;
    }

    async fn maybe_sweep(&self, now: i64) {
        let last = self.last_sweep.load(Ordering::SeqCst);
        if now - last >= SWEEP_SECONDS
            && self
                .last_sweep
                .compare_exchange(last, now, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        {
            if let Err(e) = self.sweep().await {
                eprintln!("daba serve: cannot delete ended sessions: {e}");
            }
        }
    }

    /// Deletes the ended sessions and forgets attempts out of every window;
    /// returns how many sessions were deleted.
    pub async fn sweep(&self) -> Result<u64, StoreError> {
        let now = self.now();
        let longest = SIGN_IN_PER_USERNAME
            .window
            .max(ATTEMPTS_PER_CLIENT.window)
            .max(CHAT_RATE.window);
        limits::prune(&self.pool, now - longest).await?;
        store::delete_expired_sessions(&self.pool, now).await
    }

    async fn open_session(&self, user: User, now: i64) -> Result<NewSession, AccountError> {
        let token = random_hex(32);
        let csrf = random_hex(32);
        store::insert_session(
            &self.pool,
            &session_key(&token),
            &user.id,
            &csrf,
            now,
            now + SESSION_SECONDS,
        )
        .await?;
        Ok(NewSession { user, token, csrf })
    }

    /// Opens an account and a session for it. `client` is the key of the
    /// client's address (attempts are counted per client).
    pub async fn sign_up(
        &self,
        username: &str,
        password: &str,
        client: &str,
    ) -> Result<NewSession, AccountError> {
        let now = self.now();
        self.maybe_sweep(now).await;
        let client_key = format!("client:{client}");
        let keys = [(client_key.as_str(), ATTEMPTS_PER_CLIENT)];
        self.check_limits(&keys, now).await?;
        check_username(username).map_err(AccountError::Invalid)?;
        check_password(password, username).map_err(AccountError::Invalid)?;
        self.record_attempts(&keys, now).await?;
        let username_key = username.to_ascii_lowercase();
        if store::user_by_key(&self.pool, &username_key).await?.is_some() {
            return Err(AccountError::Taken);
        }
        let password = password.to_string();
        let password_hash = self
            .hashing(move || hash_password(&password))
            .await?
            .map_err(|e| AccountError::Unavailable(format!("cannot hash a password: {e}")))?;
        let id = random_hex(16);
        let inserted = store::insert_user(
            &self.pool,
            &store::NewUser {
                id: &id,
                username,
                username_key: &username_key,
                password_hash: &password_hash,
                created_at: now,
            },
        )
        .await?;
        if !inserted {
            return Err(AccountError::Taken);
        }
        let user = store::user_by_id(&self.pool, &id)
            .await?
            .ok_or_else(|| AccountError::Unavailable("the new account cannot be read".into()))?;
        self.open_session(user, now).await
    }

    /// Opens a session for the user `username` (any case) if `password` is
    /// theirs. `client` is the key of the client's address.
    pub async fn sign_in(
        &self,
        username: &str,
        password: &str,
        client: &str,
    ) -> Result<NewSession, AccountError> {
        let now = self.now();
        self.maybe_sweep(now).await;
        let user = self.check_credentials(username, password, client, now).await?;
        self.open_session(user, now).await
    }

    /// The account `username` (any case) if `password` is theirs, counted
    /// against the sign-in limits of the name and of `client` when not.
    async fn check_credentials(
        &self,
        username: &str,
        password: &str,
        client: &str,
        now: i64,
    ) -> Result<User, AccountError> {
        if password.chars().count() > PASSWORD_CHARS.1 {
            return Err(AccountError::Invalid(format!(
                "a password has at most {} characters",
                PASSWORD_CHARS.1
            )));
        }
        let username_key = username.to_ascii_lowercase();
        let client_key = format!("client:{client}");
        let name_key = format!("name:{username_key}");
        let possible = could_be_username(username);
        let both = [
            (client_key.as_str(), ATTEMPTS_PER_CLIENT),
            (name_key.as_str(), SIGN_IN_PER_USERNAME),
        ];
        // A name no account can have has no count of its own (nor a row
        // of attempts).
        let keys = if possible { &both[..] } else { &both[..1] };
        self.check_limits(keys, now).await?;
        let found = if possible {
            store::user_and_hash(&self.pool, &username_key).await?
        } else {
            None
        };
        let (user, hash) = match found {
            Some((user, hash)) => (Some(user), hash),
            None => (None, dummy_hash().to_string()),
        };
        let password = password.to_string();
        let matches = self.hashing(move || verify_password(&password, &hash)).await?;
        match user {
            Some(user) if matches => {
                limits::clear(&self.pool, &name_key).await?;
                Ok(user)
            }
            _ => {
                self.record_attempts(keys, now).await?;
                Err(AccountError::WrongCredentials)
            }
        }
    }

    /// A signed-in player's password, checked as a sign-in's is.
    async fn confirm(
        &self,
        username: &str,
        password: &str,
        client: &str,
        now: i64,
    ) -> Result<(), AccountError> {
        match self.check_credentials(username, password, client, now).await {
            Ok(_) => Ok(()),
            Err(AccountError::WrongCredentials) => Err(AccountError::WrongPassword),
            Err(e) => Err(e),
        }
    }

    /// Changes the password of `session`'s player to `new` if `current` is
    /// theirs; every other session of theirs ends (a stolen session with
    /// it), this one goes on.
    pub async fn change_password(
        &self,
        session: &Session,
        current: &str,
        new: &str,
        client: &str,
    ) -> Result<(), AccountError> {
        let now = self.now();
        let user = &session.user;
        check_password(new, &user.username).map_err(AccountError::Invalid)?;
        self.confirm(&user.username, current, client, now).await?;
        let new = new.to_string();
        let password_hash = self
            .hashing(move || hash_password(&new))
            .await?
            .map_err(|e| AccountError::Unavailable(format!("cannot hash a password: {e}")))?;
        store::set_password(&self.pool, &user.id, &password_hash, &session.key).await?;
        Ok(())
    }

    /// Closes `session`'s player's account if `password` is theirs and no
    /// game of theirs is going: the account, its sessions, challenges and
    /// presence go, and the name is free again; finished games keep the
    /// name they were played under.
    pub async fn close_account(
        &self,
        session: &Session,
        password: &str,
        client: &str,
    ) -> Result<(), AccountError> {
        let now = self.now();
        let user = &session.user;
        self.confirm(&user.username, password, client, now).await?;
        if !store::delete_user_without_games(&self.pool, &user.id).await? {
            return Err(AccountError::GamesGoing);
        }
        Ok(())
    }

    /// The session of this token, if it is one and has not ended; extends
    /// it when it was last extended [`TOUCH_SECONDS`] ago or more.
    pub async fn session(&self, token: &str) -> Result<Option<Session>, AccountError> {
        if token.len() != 64 || !token.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Ok(None);
        }
        let now = self.now();
        let key = session_key(token);
        let Some(row) = store::session(&self.pool, &key, now).await? else {
            return Ok(None);
        };
        let mut expires_at = row.expires_at;
        if now - row.last_seen >= TOUCH_SECONDS {
            expires_at = now + SESSION_SECONDS;
            store::touch_session(&self.pool, &key, now, expires_at).await?;
        }
        Ok(Some(Session {
            user: row.user,
            csrf: row.csrf,
            expires_at,
            seconds_left: expires_at - now,
            key,
        }))
    }

    /// Ends a session (its row is deleted: its token no longer works).
    pub async fn sign_out(&self, session: &Session) -> Result<(), AccountError> {
        store::delete_session(&self.pool, &session.key).await?;
        Ok(())
    }

    /// The account named `name` (any case).
    pub async fn user_by_name(&self, name: &str) -> Result<Option<User>, AccountError> {
        if !could_be_username(name) {
            return Ok(None);
        }
        Ok(store::user_by_key(&self.pool, &name.to_ascii_lowercase()).await?)
    }

    /// Rates a game between two users in a transaction of its own (see
    /// [`record_rated_result`] to join the transaction that saves the game
    /// instead): both players' ratings and counters change, or neither.
    pub async fn record_rated_result(
        &self,
        white_id: &str,
        black_id: &str,
        result: GameResult,
    ) -> Result<RatedGame, StoreError> {
        let mut tx = self.pool.begin().await?;
        let rated = store::record_rated_result(&mut tx, white_id, black_id, result).await?;
        tx.commit().await?;
        Ok(rated)
    }
}
