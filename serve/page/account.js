// Accounts on the page: the header's sign-in state, the sign-in and sign-up
// forms, "my games" with its badge, and players' profiles.

import { $, el, api, ago, errorText, ratingText, session, setSession } from "./net.js";
import { intlLocales, t } from "./l10n.js";
import { askYesNo } from "./a11y.js";

// ---------------------------------------------------------------- header

export function renderHeader() {
  const user = session.user;
  $("signed-out").hidden = !!user;
  $("signed-in").hidden = !user;
  $("nav-games").hidden = !user;
  if (user) {
    $("nav-me").textContent = user.username + " (" + ratingText(user.rating, user.provisional) + ")";
    $("nav-me").href = "#user=" + encodeURIComponent(user.username);
  }
}

// ---------------------------------------------------------------- forms

/** Where to go after signing in: the page the visitor came from. */
let returnTo = "";

export function showAuth(which, from) {
  if (from !== undefined) returnTo = from;
  $("signin-form").hidden = which !== "signin";
  $("signup-form").hidden = which !== "signup";
  $(which + "-error").textContent = "";
  const first = $(which + "-username");
  if (!first.value) first.focus();
  else $(which + "-password").focus();
}

async function submitCredentials(event, which) {
  event.preventDefault();
  const username = $(which + "-username").value.trim();
  const password = $(which + "-password").value;
  const button = $(which + "-submit");
  $(which + "-error").textContent = "";
  button.disabled = true;
  try {
    const answer = await api("POST", "/api/" + which, { username, password });
    $(which + "-password").value = "";
    setSession(answer.user, answer.csrf);
    const target = returnTo && !/^#?(signin|signup)$/.test(returnTo) ? returnTo : "#";
    returnTo = "";
    if (location.hash === target || (target === "#" && location.hash === "")) {
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    } else {
      location.hash = target;
    }
  } catch (e) {
    let text = errorText(e);
    if (e.status === 401) text = t("signin-wrong");
    if (e.status === 409) text = t("signup-taken");
    $(which + "-error").textContent = text;
    $(which + "-password").focus();
  } finally {
    button.disabled = false;
  }
}

async function signOut() {
  try {
    await api("POST", "/api/signout");
  } catch (e) {
    /* the session ends here whatever the server said */
  }
  setSession(null, null);
  location.hash = "#";
}

// ---------------------------------------------------------------- my games

let myGames = [];
let myGamesAt = 0;
let myGamesLoading = null;

/** The signed-in user's games, their move first. */
export function currentMyGames() {
  return myGames;
}

/** Fetches "my games" again (at most every second unless `force`), draws
 * the badge, the lobby's short list and the full list. */
export async function refreshMyGames(force) {
  if (!session.user) {
    myGames = [];
    drawMyGames();
    return;
  }
  if (myGamesLoading) return myGamesLoading;
  if (!force && Date.now() - myGamesAt < 1000) return;
  myGamesLoading = (async () => {
    try {
      const games = await api("GET", "/api/my/games");
      myGames = Array.isArray(games) ? games : [];
      $("games-error").textContent = "";
    } catch (e) {
      $("games-error").textContent =
        e.status === 404 ? t("games-not-listed") : t("games-load-failed", { error: errorText(e) });
    } finally {
      myGamesAt = Date.now();
      myGamesLoading = null;
    }
    drawMyGames();
  })();
  return myGamesLoading;
}

function resultWords(game) {
  if (game.result === "*") return game.your_turn ? t("result-your-move") : t("result-their-move");
  if (game.result === "1/2-1/2") return t("result-draw");
  const won = (game.result === "1-0") === (game.color === "white");
  return t(won ? "result-won" : "result-lost", { result: game.result });
}

function gameRow(game) {
  const tr = el("tr", "game-row" + (game.your_turn ? " your-turn" : ""));
  tr.dataset.game = game.id;
  const who = el("td");
  const a = el("a", "game-link", t("game-versus", { name: game.opponent }));
  a.href = "#game=" + game.id;
  who.appendChild(a);
  if (game.your_turn) who.appendChild(el("span", "badge your-move", t("game-your-move")));
  tr.appendChild(who);
  tr.appendChild(el("td", "", t("colour-" + game.color)));
  tr.appendChild(el("td", "", game.rated ? t("mode-rated") : t("mode-casual")));
  tr.appendChild(el("td", "", String(Math.ceil(game.plies / 2))));
  tr.appendChild(el("td", "result", resultWords(game)));
  tr.appendChild(el("td", "", game.updated_at ? ago(game.updated_at) : ""));
  return tr;
}

function drawMyGames() {
  const waiting = myGames.filter((g) => g.your_turn).length;
  $("games-badge").hidden = waiting === 0;
  $("games-badge").textContent = String(waiting);
  $("my-games-box").hidden = !session.user;
  // Their move first, then the games going on, then the finished ones.
  const sorted = myGames.slice().sort(
    (a, b) =>
      Number(b.your_turn) - Number(a.your_turn) ||
      Number(a.result !== "*") - Number(b.result !== "*") ||
      (b.updated_at || 0) - (a.updated_at || 0),
  );
  const short = $("my-games-short");
  short.replaceChildren();
  for (const game of sorted.filter((g) => g.result === "*").slice(0, 8)) {
    const li = el("li", game.your_turn ? "your-turn" : "");
    li.dataset.game = game.id;
    const a = el("a", "game-link", t("game-versus", { name: game.opponent }));
    a.href = "#game=" + game.id;
    li.appendChild(a);
    li.appendChild(
      el("span", game.your_turn ? "badge your-move" : "hint", game.your_turn ? t("game-your-move") : " " + t("game-their-move")),
    );
    short.appendChild(li);
  }
  if (!short.children.length) short.appendChild(el("li", "hint", t("my-games-none")));
  const body = $("games-body");
  body.replaceChildren(...sorted.map((g) => gameRow(g)));
  $("games-empty").hidden = sorted.length > 0;
  $("games-table").hidden = sorted.length === 0;
}

// ---------------------------------------------------------------- profiles

let profileGeneration = 0;

export async function showProfile(name) {
  const generation = ++profileGeneration;
  $("profile-name").textContent = name;
  $("profile-error").textContent = "";
  $("profile-body").hidden = true;
  $("account-settings").hidden = true;
  $("account-settings").open = false;
  let profile;
  try {
    profile = await api("GET", "/api/users/" + encodeURIComponent(name));
  } catch (e) {
    if (generation !== profileGeneration) return;
    $("profile-error").textContent = e.status === 404 ? t("profile-no-player", { name }) : errorText(e);
    return;
  }
  if (generation !== profileGeneration) return;
  $("profile-name").textContent = profile.username;
  $("profile-rating").textContent = ratingText(profile.rating, profile.provisional);
  $("profile-provisional").hidden = !profile.provisional;
  $("profile-deviation").textContent = "± " + profile.deviation;
  $("profile-games").textContent = String(profile.games);
  $("profile-wins").textContent = String(profile.wins);
  $("profile-draws").textContent = String(profile.draws);
  $("profile-losses").textContent = String(profile.losses);
  $("profile-since").textContent = t("profile-since", {
    date: new Date(profile.created_at * 1000).toLocaleDateString(intlLocales()),
  });
  $("profile-pgn").href = "/api/users/" + encodeURIComponent(profile.username) + "/pgn";
  $("profile-pgn").setAttribute("download", profile.username + ".pgn");
  $("profile-body").hidden = false;
  const body = $("history-body");
  body.replaceChildren();
  $("history-table").hidden = true;
  $("history-error").textContent = "";
  try {
    const games = await api("GET", "/api/users/" + encodeURIComponent(profile.username) + "/games");
    if (generation !== profileGeneration) return;
    const mine = session.user && session.user.username === profile.username;
    for (const game of games) {
      const row = gameRow(Object.assign({}, game, { your_turn: mine && game.your_turn }));
      body.appendChild(row);
    }
    $("history-table").hidden = !games.length;
    if (!games.length) $("history-error").textContent = t("profile-no-games");
  } catch (e) {
    if (generation !== profileGeneration) return;
    $("history-error").textContent =
      e.status === 404 ? t("profile-no-history") : errorText(e);
  }
  const own = !!session.user && session.user.username === profile.username;
  $("account-settings").hidden = !own;
  if (own) {
    // The header shows one's own rating: keep it in step.
    session.user = Object.assign({}, session.user, profile);
    renderHeader();
  }
}

// ---------------------------------------------------------------- settings

async function changePassword(event) {
  event.preventDefault();
  $("password-status").textContent = "";
  $("password-error").textContent = "";
  $("password-submit").disabled = true;
  try {
    await api("POST", "/api/account/password", {
      current_password: $("password-current").value,
      new_password: $("password-new").value,
    });
    $("password-current").value = "";
    $("password-new").value = "";
    $("password-status").textContent = t("password-changed");
  } catch (e) {
    $("password-error").textContent = errorText(e);
  } finally {
    $("password-submit").disabled = false;
  }
}

async function closeAccount(event) {
  event.preventDefault();
  $("close-error").textContent = "";
  if (!(await askYesNo(t("close-confirm"), t("close-submit"), t("close-keep")))) return;
  $("close-submit").disabled = true;
  try {
    await api("POST", "/api/account/close", { password: $("close-password").value });
    $("close-password").value = "";
    setSession(null, null);
    location.hash = "#";
  } catch (e) {
    $("close-error").textContent = errorText(e);
  } finally {
    $("close-submit").disabled = false;
  }
}

// ---------------------------------------------------------------- wiring

export function initAccount() {
  $("signin-form").addEventListener("submit", (e) => submitCredentials(e, "signin"));
  $("signup-form").addEventListener("submit", (e) => submitCredentials(e, "signup"));
  $("signout").addEventListener("click", signOut);
  $("password-form").addEventListener("submit", changePassword);
  $("close-form").addEventListener("submit", closeAccount);
  window.addEventListener("daba:session", () => {
    renderHeader();
    refreshMyGames(true);
  });
  renderHeader();
}
