// What every part of the page shares: the API client, who is signed in,
// and small DOM helpers. Text from the server or from players is only ever
// set with textContent.

import { t } from "./l10n.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function capital(word) {
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : "";
}

/** Who is signed in: `user` is their profile, `csrf` the token that
 * state-changing requests send; both null for a guest. `seatToken` is the
 * guest seat of the game or table on screen (sent on reads in a header). */
export const session = { user: null, csrf: null, seatToken: null, known: false };

/** An answer that is not 2xx: the server's words, its status, the
 * seconds of a Retry-After (429) and the refusal's code, when the server
 * names one (serve::server::ERROR_CODES). */
export class ApiError extends Error {
  constructor(message, status, retryAfter, code) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
    this.code = code || null;
  }
}

/** Calls the API: JSON in and out; a refusal throws an ApiError with the
 * server's own words. A signed-in user's state-changing requests carry the
 * CSRF token; a refused one (a session ended elsewhere) fetches a fresh
 * token from /api/me and is tried once more. */
export async function api(method, path, body, signal, retried) {
  const options = { method, headers: {}, signal, credentials: "same-origin" };
  // Reads name the seat in a header (a token in a URL ends up in logs).
  if (session.seatToken && (path.startsWith("/api/games/") || path.startsWith("/api/tables/"))) {
    options.headers["X-Daba-Token"] = session.seatToken;
  }
  if (method !== "GET" && session.csrf) options.headers["X-CSRF-Token"] = session.csrf;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : t("error-status", { status: String(response.status) });
    if (response.status === 403 && /csrf/i.test(message) && method !== "GET" && !retried) {
      await refreshSession();
      return api(method, path, body, signal, true);
    }
    const retry = Number(response.headers.get("Retry-After")) || null;
    throw new ApiError(message, response.status, retry, data && data.code);
  }
  return data;
}

/** The words for a refusal, with the wait of a rate limit. */
export function errorText(error) {
  // A refusal with a code is said in the page's language; the others in
  // the server's English.
  let text = error.code ? t("error-" + error.code) : capital(error.message || String(error));
  if (error.status === 429 && error.retryAfter) {
    text = t("error-retry", { error: text, wait: waitWords(error.retryAfter) });
  }
  return text;
}

function waitWords(seconds) {
  if (seconds < 90) return t("wait-seconds", { seconds });
  return t("wait-minutes", { minutes: Math.ceil(seconds / 60) });
}

/** Sets who is signed in and tells the page (event `daba:session`). */
export function setSession(user, csrf) {
  const before = session.user ? session.user.username : null;
  session.user = user || null;
  session.csrf = csrf || null;
  session.known = true;
  const after = session.user ? session.user.username : null;
  window.dispatchEvent(new CustomEvent("daba:session", { detail: { changed: before !== after } }));
}

/** Asks the server who is signed in. */
export async function refreshSession() {
  try {
    const me = await api("GET", "/api/me", undefined, undefined, true);
    setSession(me.user, me.csrf);
  } catch (e) {
    setSession(null, null);
  }
}

/** "3 minutes ago" for seconds since 1970. */
export function ago(seconds) {
  const s = Math.max(0, Math.round(Date.now() / 1000 - seconds));
  if (s < 60) return t("ago-now");
  const units = [
    [86400 * 365, "ago-years"],
    [86400 * 30, "ago-months"],
    [86400 * 7, "ago-weeks"],
    [86400, "ago-days"],
    [3600, "ago-hours"],
    [60, "ago-minutes"],
  ];
  for (const [size, id] of units) {
    if (s >= size) return t(id, { n: Math.floor(s / size) });
  }
  return t("ago-now");
}

/** A link to a player's profile. */
export function userLink(name, className) {
  const a = el("a", className || "user-link", name);
  a.href = "#user=" + encodeURIComponent(name);
  return a;
}

/** A rating as lichess writes it: `1500?` while provisional. */
export function ratingText(rating, provisional) {
  return rating === undefined || rating === null ? "" : String(rating) + (provisional ? "?" : "");
}
