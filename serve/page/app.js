// Daba's chess page. It knows no chess rules: the server sends the pieces,
// the legal moves (from and to squares), check, the last move and the end of
// the game, and this script draws them and sends the player's choices back.
// Text from players (chat) is only ever set with textContent.
import { $, el, api, capital, errorText, session, refreshSession, userLink } from "./net.js";
import { chosenControl, clockText, controlText, fillControls, fillCustom, isLow } from "./clock.js";
import { initAccount, refreshMyGames, showAuth, showProfile } from "./account.js";
import { initLobby, setLobbyActive } from "./lobby.js";
import { initReview, renderReview, resetReview, shownPosition } from "./review.js";
import { pointerBoard } from "./board-input.js";
import { drawSquares, fillPromotionChoices, movesTo, pieceImage, squareIndex, targetsOf } from "./board.js";
import { announceMoves, askYesNo, initSkipLink, keyboardBoard, watchLength } from "./a11y.js";
import { followPiece, initHelp, placeHelp } from "./help.js";
import { initSounds, playSound, soundOf } from "./sounds.js";
import { initThemes } from "./themes.js";
import { clearPremove, premove, setPremove, takePremove } from "./premove.js";
import { endWords, initL10n, t } from "./l10n.js";
import { initFourhand, openTable, setTableActive } from "./fourhand.js";

// The messages (l10n.js) of the draws a player may claim.
const CLAIM_WORDS = {
  "threefold-repetition": "claim-threefold",
  "fifty-moves": "claim-fifty",
};
const VIEWS = ["lobby", "auth", "games", "profile", "play", "table", "help"];

// Everything about the game on screen.
const app = {
  id: null, // game id
  token: null, // this player's secret (a guest's seat), null otherwise
  color: null, // the seat the page was given: "white", "black", or null
  state: null, // the server's view of the game
  stateAt: 0, // performance.now() when the state came: clocks count from it
  flipped: false,
  oriented: false, // the board was turned to the player's side once
  selected: null, // selected square name
  pointer: null, // the board's clicks and drags (board-input.js)
  pollGeneration: 0,
  pollAbort: null, // cancels the long poll of a game left behind
  pollAnsweredAt: null, // the served_at of the last poll's answer (the server's clock)
  polling: false,
  clockTimer: null,
  flagCheckAt: 0,
  gone: false, // the server has no such game (a bad link, a database reset)
  view: null, // the section on screen
  lastHash: "", // the last route that is not a sign-in form
};

// ---------------------------------------------------------------- helpers

function saveSeat(id, token, color) {
  try {
    sessionStorage.setItem("daba-seat-" + id, JSON.stringify({ token, color }));
  } catch (e) {
    /* private mode: the seat lasts until the page is left */
  }
}

function loadSeat(id) {
  try {
    return JSON.parse(sessionStorage.getItem("daba-seat-" + id) || "null");
  } catch (e) {
    return null;
  }
}

// ---------------------------------------------------------------- the game

// The viewer's seat as the server names it: "white", "black", "both" (one
// screen) or null for a watcher.
function you() {
  const s = app.state;
  if (s && s.you !== undefined) return s.you;
  if (!app.token) return null;
  return s && s.mode === "local" ? "both" : app.color;
}

// The viewer's colour in a game against someone: "white", "black" or null.
function myColor() {
  const y = you();
  return y === "white" || y === "black" ? y : null;
}

// A game between two players (a friend's link or the lobby).
function twoPlayer() {
  const s = app.state;
  return !!s && s.mode !== "computer" && s.mode !== "local";
}

// A game between two players whose second seat is still empty: nobody
// moves until the friend has opened the link (the server refuses too).
function waitingForOpponent() {
  const s = app.state;
  return twoPlayer() && !!s.seats && !(s.seats.white && s.seats.black);
}

function myTurn() {
  const s = app.state;
  const y = you();
  if (!s || s.over || s.thinking || !y || app.gone || waitingForOpponent()) return false;
  return y === "both" || s.turn === y;
}

function levelWords(level) {
  return level === 0 ? t("level-random") : level === 20 ? t("level-full") : t("level-n", { level: String(level) });
}


function opposite(color) {
  return color === "white" ? "black" : "white";
}

// A seat's player: {name} for a signed-in player, {text} otherwise.
function player(color) {
  const s = app.state;
  const name = s.players && s.players[color === "white" ? 0 : 1];
  if (name) return { name };
  if (s.mode === "computer") {
    return {
      text:
        s.computer === color
          ? t("player-daba", { level: levelWords(s.level) })
          : myColor() === color
            ? t("player-you")
            : t("player-guest"),
    };
  }
  if (s.mode === "local") return { text: t("colour-" + color) };
  if (s.seats && !s.seats[color]) return { text: t("player-waiting") };
  return { text: myColor() === color ? t("player-you-guest") : t("player-guest") };
}

// The clock of one side now: the server's time, less what passed since
// its answer for the side whose clock runs.
function clockMs(color) {
  const c = app.state.clock;
  let ms = color === "white" ? c.white_ms : c.black_ms;
  if (c.running && c.turn === color && !app.state.over) ms -= performance.now() - app.stateAt;
  return ms;
}

function drawClocks() {
  const s = app.state;
  const c = s && s.clock;
  for (const color of ["white", "black"]) {
    const node = $("clock-" + color);
    node.hidden = !c;
    if (!c) continue;
    const ms = clockMs(color);
    const running = c.running && c.turn === color && !s.over;
    node.textContent = clockText(ms, c.kind);
    node.dataset.ms = String(Math.max(0, Math.round(ms)));
    node.classList.toggle("running", running);
    node.classList.toggle("low", isLow(ms, c.kind));
    node.classList.toggle("correspondence", c.kind === "correspondence");
    // A flag the display shows fallen: ask the server, which decides.
    if (running && ms < -500 && performance.now() - app.flagCheckAt > 2000) {
      app.flagCheckAt = performance.now();
      refreshGame();
    }
  }
  const ticking = c && c.running && !s.over && app.view === "play";
  if (ticking && !app.clockTimer) app.clockTimer = setInterval(drawClocks, 100);
  if (!ticking && app.clockTimer) {
    clearInterval(app.clockTimer);
    app.clockTimer = null;
  }
}

async function refreshGame() {
  const id = app.id;
  try {
    const state = await api("GET", "/api/games/" + encodeURIComponent(id));
    if (id === app.id) setState(state);
  } catch (e) {
    /* the long poll reports trouble */
  }
}

function drawPlayers() {
  const s = app.state;
  for (const color of ["white", "black"]) {
    const who = player(color);
    const node = $("name-" + color);
    node.replaceChildren();
    node.appendChild(el("span", "piece-dot " + color, ""));
    if (who.name) node.appendChild(userLink(who.name));
    else node.appendChild(el("span", "", who.text));
    // Whether the player has the game open (two-player games).
    const online = s.online ? s.online[color === "white" ? 0 : 1] : undefined;
    if (twoPlayer() && online !== undefined && !(s.seats && !s.seats[color])) {
      const dot = el("span", "presence " + (online ? "online" : "offline"), " " + t(online ? "presence-online" : "presence-away"));
      dot.title = t(online ? "presence-online-title" : "presence-away-title");
      node.appendChild(dot);
    }
    $("bar-" + color).classList.toggle("mine", myColor() === color);
    $("bar-" + color).classList.toggle("to-move", !s.over && s.turn === color);
  }
  $("board-area").classList.toggle("flipped", app.flipped);
}

function drawChat(list, lines, label) {
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren();
  for (const line of lines) {
    const li = el("li", "chat-line " + (line.from === "white" || line.from === "black" ? line.from : "watcher"));
    li.dataset.n = line.n;
    li.appendChild(el("span", "chat-from", label(line.from) + ": "));
    li.appendChild(el("span", "chat-text", line.text));
    list.appendChild(li);
  }
  if (atBottom || lines.length) list.scrollTop = list.scrollHeight;
}

function render() {
  const s = app.state;
  if (!s) return;
  const y = you();
  const mine = myColor();
  const two = twoPlayer();
  // The position stepped to, or the game as it stands (review.js).
  const shown = shownPosition(s);
  const legal = myTurn() && shown.live ? s.legal : [];
  const queued = shown.live ? premove() : null;
  drawSquares($("board"), shown.board, app.flipped, {
    last: shown.last_move,
    check: shown.check,
    selected: shown.live ? app.selected : null,
    targets: app.selected ? targetsOf(legal, app.selected) : [],
    premove: queued ? [queued.from, queued.to] : null,
  });
  if (shown.live && app.selected) followPiece(s.board[squareIndex(app.selected)]);
  if (app.pointer) app.pointer.redrawn();
  $("board").classList.toggle("thinking", s.thinking);
  drawPlayers();
  drawClocks();

  // Status in words.
  let status;
  if (s.over) {
    status = endWords(s.reason, s.winner) || s.end_text;
  } else {
    const color = s.turn;
    if (s.thinking) status = t("status-thinking", { color });
    else if (waitingForOpponent()) status = t("status-waiting", { color });
    else if (!mine) status = t("status-to-move", { color });
    else if (s.turn === mine) status = t("status-your-move", { color });
    else {
      const other = player(opposite(mine)).name;
      status = other ? t("status-their-turn", { color, name: other }) : t("status-friends-turn", { color });
    }
    if (s.check) status += " " + t("status-check");
  }
  if (app.gone) status = t("status-gone");
  $("status").textContent = status;
  $("status").classList.toggle("over", s.over || app.gone);
  $("gone").hidden = !app.gone;
  // The server's notice, said from its code (serve/src/notice.rs).
  $("notice").textContent = s.notice_code ? t("notice-" + s.notice_code.kind, { color: s.notice_code.color || "none" }) : "";
  let info;
  if (!y) info = t("info-watching");
  else if (s.mode === "computer") {
    info = t("info-computer", { color: mine, level: levelWords(s.level) });
  } else if (s.mode === "local") info = t("info-local");
  else {
    const other = player(opposite(mine));
    const args = { color: mine, control: s.clock ? controlText(s.clock.control) : "none", rated: s.rated ? "rated" : "casual" };
    if (other.name) info = t("info-game-against", Object.assign(args, { name: other.name }));
    else info = t(s.rated ? "info-game" : "info-friend", args);
  }
  if (s.fifty_move_rule === false) info += " " + t("info-no-fifty");
  $("info").textContent = info;
  document.title = myTurn() && two ? t("title-your-move") : t("page-title");

  // Buttons. A game the server no longer has takes none: only a new game,
  // the lobby and flipping the board are left.
  for (const button of document.querySelectorAll("#play .buttons button")) {
    if (button.id !== "new-game" && button.id !== "flip") button.disabled = app.gone;
  }
  const playing = !s.over && !!y && !app.gone;
  const offerFromOpponent = two && s.draw_offer && s.draw_offer !== mine;
  const canAbort = two && playing && s.moves.length < 2;
  $("undo").hidden = !(y && !two);
  $("undo").disabled = app.gone || !s.can_undo;
  $("abort").hidden = !canAbort;
  $("resign").hidden = !playing || canAbort;
  $("resign").textContent = s.mode === "local" ? t("resign-local", { color: s.turn }) : t("resign");
  $("offer-draw").hidden = !playing || offerFromOpponent || canAbort;
  $("offer-draw").disabled = app.gone || (two && s.draw_offer === mine);
  $("offer-draw").textContent = two && s.draw_offer === mine ? t("draw-offered") : t("offer-draw");
  $("accept-draw").hidden = !(playing && offerFromOpponent);
  $("decline-draw").hidden = !(playing && offerFromOpponent);
  const takeback = two && playing ? s.takeback || null : undefined;
  $("takeback-ask").hidden = !(two && playing && !takeback && s.moves.length > 0);
  $("takeback-cancel").hidden = !(takeback && takeback === mine);
  $("takeback-accept").hidden = !(takeback && takeback !== mine);
  $("takeback-decline").hidden = !(takeback && takeback !== mine);
  // After a game between two people: a rematch, colours swapped.
  const afterwards = two && s.over && !!mine && !app.gone && !s.rematch_game;
  $("rematch-offer").hidden = !(afterwards && !s.rematch);
  $("rematch-cancel").hidden = !(afterwards && s.rematch === mine);
  $("rematch-accept").hidden = !(afterwards && !!s.rematch && s.rematch !== mine);
  $("rematch-decline").hidden = $("rematch-accept").hidden;
  $("rematch-link").hidden = !(two && mine && s.rematch_game);
  if (s.rematch_game) $("rematch-link").href = "#game=" + s.rematch_game;
  const canClaim = playing && s.claim && (y === "both" || s.turn === mine);
  $("claim-draw").hidden = !canClaim;
  if (canClaim) $("claim-draw").textContent = t(CLAIM_WORDS[s.claim] || "claim-draw");
  $("pgn").href = "/api/games/" + encodeURIComponent(s.id) + "/pgn";
  $("san-form").hidden = !playing;
  $("san").disabled = !myTurn();

  // Moves in SAN, numbered from the start position's move number.
  const list = $("moves");
  list.replaceChildren();
  const fields = s.start_fen.split(" ");
  let number = Number(fields[5]) || 1;
  let black = fields[1] === "b";
  let item = null;
  for (const move of s.moves) {
    if (!black || item === null) {
      item = el("li", "move-pair");
      item.appendChild(el("span", "move-number", number + (black ? "…" : ".")));
      list.appendChild(item);
    }
    // A button: stepping to a move works by keyboard too (review.js).
    const text = el("button", "move", move.san);
    text.type = "button";
    text.dataset.ply = String(list.querySelectorAll(".move").length + 1);
    item.appendChild(text);
    if (black) {
      number += 1;
      item = null;
    }
    black = !black;
  }
  list.scrollTop = list.scrollHeight;

  // Two-player games: the link, the players' chat, the watchers' chat.
  $("invite").hidden = !(two && mine && !(s.seats.white && s.seats.black));
  $("invite-link").value = location.origin + "/#join=" + s.id;
  $("chat").hidden = !(two && mine);
  $("chat-form").hidden = !mine || app.gone;
  drawChat($("chat-lines"), s.chat || [], (from) => {
    if (from === mine) return t("chat-you");
    const who = player(from);
    return who.name || t("colour-" + from);
  });
  const watchers = s.watchers_chat || [];
  $("watchers-chat").hidden = !(two && (!y || s.over));
  $("watchers-form").hidden = !!y || !session.user || app.gone;
  $("watchers-signin").hidden = !!y || !!session.user;
  drawChat($("watchers-lines"), watchers, (from) => from);
  renderReview(s);
}

// "My games" after a change in one's game (a move, the end), once the
// changes settle.
let myGamesTimer = null;
function scheduleMyGames() {
  clearTimeout(myGamesTimer);
  myGamesTimer = setTimeout(() => refreshMyGames(true), 300);
}

function setState(state) {
  if (!state || (app.state && app.state.id === state.id && state.version < app.state.version)) return;
  const changed = !app.state || app.state.version !== state.version;
  resetReview(state.id);
  const rematchNow = !!app.state && app.state.id === state.id && !app.state.rematch_game && !!state.rematch_game;
  const previous = app.state && app.state.id === state.id ? app.state : null;
  app.state = state;
  app.stateAt = performance.now();
  if (!app.oriented) {
    // Black's player sees the board from Black's side.
    app.oriented = true;
    app.flipped = myColor() === "black";
  }
  // A rematch: one's seat there is one's seat here on the other colour;
  // when it starts while the page is open, the page goes to it.
  const mine = myColor();
  if (state.rematch_game && mine) saveSeat(state.rematch_game, app.token, opposite(mine));
  if (rematchNow && mine && app.view === "play") {
    location.hash = "#game=" + state.rematch_game;
    return;
  }
  if (changed) {
    if (previous) hearMoves(previous, state);
    app.selected = null;
    if (!waitingForOpponent() && $("move-error").textContent === t("waiting-friend")) $("move-error").textContent = "";
    hidePromotion();
    if (session.user && myColor()) scheduleMyGames();
    if (premove()) {
      playPremove();
      return;
    }
  }
  render();
}

// The moves since the last state, said to screen readers and sounded; the
// first state of a game on screen says nothing (its moves are not news).
function hearMoves(previous, state) {
  const known = previous.moves.length;
  if (state.moves.length === known && previous.over === state.over) return;
  announceMoves(state.moves, known, (ply) => {
    const mover = (ply % 2 === 0) === (state.start_fen.split(" ")[1] === "w") ? "white" : "black";
    return state.mode === "computer" && state.computer === mover ? t("daba") : t("colour-" + mover);
  });
  if (state.over && !previous.over) playSound("end");
  else if (state.moves.length > known) playSound(soundOf(state.moves[state.moves.length - 1].san));
}

// ---------------------------------------------------------------- premove

// Premoves are for real-time games: one's own move queued while the
// opponent (a person or Daba) is to move.
function premoveAllowed() {
  const s = app.state;
  const mine = myColor();
  return (
    !!s && !!mine && !s.over && !app.gone && s.turn !== mine && !waitingForOpponent() &&
    !!s.clock && s.clock.kind !== "correspondence" && shownPosition(s).live
  );
}

// The turn came with a premove queued: played at once if legal, else
// dropped and said; a game that ended or went back drops it too.
function playPremove() {
  if (!myTurn()) {
    if (!premoveAllowed()) clearPremove();
    render();
    return;
  }
  const move = takePremove(app.state.legal);
  if (move) sendMove({ uci: move.uci });
  else $("move-error").textContent = t("premove-dropped");
  render();
}

// A click (or Enter) on `square` during the opponent's turn: a click with a
// premove queued cancels it; one's own piece is picked up; with a piece
// picked up, any other square queues the premove.
function premoveClick(square) {
  const s = app.state;
  if (clearPremove()) {
    app.selected = null;
  } else if (app.selected && square !== app.selected) {
    setPremove(app.selected, square);
    app.selected = null;
  } else {
    const code = s.board[squareIndex(square)];
    const own = code && code[0] === myColor()[0];
    app.selected = own && app.selected !== square ? square : null;
  }
  render();
}

/** Puts down the piece picked up and drops a premove (Escape, right-click). */
function cancelPick() {
  const had = clearPremove() || app.selected !== null || !$("promotion").hidden;
  app.selected = null;
  hidePromotion();
  if (had) render();
  return had;
}

// After a failed poll the page waits RETRY_FIRST_MS, twice that after the
// next failure, and so on up to RETRY_MAX_MS; an answer starts over.
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60000;

// Long poll: the server answers when the game changes (the computer moved,
// the friend moved or wrote) or after a while with the same state. A 404
// means the game is gone: said once, and the polling ends. Other failures
// (the server down, a network error) are retried with a growing wait.
async function poll(generation) {
  let wait = RETRY_FIRST_MS;
  while (generation === app.pollGeneration && app.id) {
    try {
      const after = app.state ? app.state.version : 0;
      // Giving back when the server answered the previous poll lets it
      // measure this connection's round trip (the lag it does not charge).
      const answered = app.pollAnsweredAt ? "&answered=" + app.pollAnsweredAt : "";
      const path = "/api/games/" + encodeURIComponent(app.id) + "/wait?after=" + after + answered;
      const state = await api("GET", path, undefined, app.pollAbort.signal);
      if (generation !== app.pollGeneration) return;
      wait = RETRY_FIRST_MS;
      app.pollAnsweredAt = state.served_at;
      setState(state);
    } catch (e) {
      app.pollAnsweredAt = null;
      if (generation !== app.pollGeneration) return;
      if (e.status === 404) {
        gameGone();
        return;
      }
      const why = e.status ? errorText(e) : t("poll-unreachable");
      $("notice").textContent = t("poll-retry", { why: capital(why), seconds: Math.round(wait / 1000) });
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(2 * wait, RETRY_MAX_MS);
    }
  }
}

// The server has no such game (a bad link, a database reset): the page says
// so, stops polling and leaves the way back to the lobby.
function gameGone() {
  stopPolling();
  app.gone = true;
  app.selected = null;
  hidePromotion();
  render();
}

function stopPolling() {
  app.polling = false;
  app.pollGeneration += 1;
  app.pollAnsweredAt = null;
  if (app.pollAbort) app.pollAbort.abort();
  app.pollAbort = new AbortController();
}

function startPolling() {
  stopPolling();
  app.polling = true;
  poll(app.pollGeneration);
}

async function act(path, body) {
  $("move-error").textContent = "";
  try {
    const state = await api("POST", "/api/games/" + encodeURIComponent(app.id) + path, body);
    setState(state);
    return true;
  } catch (e) {
    if (e.status === 404 && /no such game/.test(e.message)) {
      gameGone();
      return false;
    }
    $("move-error").textContent = errorText(e);
    render();
    return false;
  }
}

async function sendMove(move) {
  app.selected = null;
  hidePromotion();
  await act("/move", Object.assign({ token: app.token }, move));
}

// A move from `from` to `to`, if the server lists one; a promotion asks
// which piece first.
function tryMove(from, to) {
  const candidates = movesTo(app.state.legal, from, to);
  if (candidates.length === 0) return false;
  if (candidates.length > 1 && candidates.every((m) => m.promotion)) {
    showPromotion(candidates);
  } else {
    sendMove({ uci: candidates[0].uci });
  }
  return true;
}

function showPromotion(candidates) {
  const color = app.state.turn === "white" ? "w" : "b";
  $("promotion").hidden = false;
  fillPromotionChoices($("promotion-choices"), candidates, {
    image: (letter) => pieceImage(color + letter),
    choose: (move) => {
      focusBoard();
      sendMove({ uci: move.uci });
    },
    cancel: () => {
      focusBoard();
      hidePromotion();
      app.selected = null;
      render();
    },
    keyboard: $("board").contains(document.activeElement),
  });
}

// Back to the board's square in the tab order (after the promotion choice).
function focusBoard() {
  const square = $("board").querySelector('[tabindex="0"]');
  if (square) square.focus({ preventScroll: true });
}

function hidePromotion() {
  $("promotion").hidden = true;
}

// ---------------------------------------------------------------- clicks and drags

function movable(square) {
  return myTurn() && app.state.legal.some((m) => m.from === square);
}

// Picks up `square` (null: puts down) and redraws. A press `at` a piece
// before the friend has come says why nothing moves.
function pick(square, at) {
  app.selected = square;
  if (square === null && at && waitingForOpponent() && myColor() && app.state.board[squareIndex(at)]) {
    $("move-error").textContent = t("waiting-friend");
  }
  render();
}

// Clicks and drags (board-input.js), with this board's rules.
const pointerRules = {
  // An earlier position stepped to is only looked at.
  ready: () => Boolean(app.state) && shownPosition(app.state).live,
  intercept(square) {
    if (!premoveAllowed()) return false;
    premoveClick(square);
    return true;
  },
  selected: () => app.selected,
  select: pick,
  movable,
  isTarget: (from, to) => movesTo(app.state.legal, from, to).length > 0,
  tryMove,
  render: () => render(),
};

// Enter or Space on a square (a11y.js): what a click does, without a drag.
function onSquareKey(square) {
  if (!pointerRules.ready()) return;
  if (pointerRules.intercept(square)) return;
  if (app.selected && square !== app.selected && tryMove(app.selected, square)) return;
  if (movable(square)) {
    pick(app.selected === square ? null : square, null);
  } else {
    pick(null, square);
  }
}

// ---------------------------------------------------------------- screens

function show(section) {
  app.view = section;
  for (const id of VIEWS) $(id).hidden = id !== section;
  placeHelp(section);
  setLobbyActive(section === "lobby");
  setTableActive(section === "table");
  if (section !== "play") {
    document.title = t("page-title");
    stopPolling();
    drawClocks();
  }
}

function setSeat(token, color) {
  app.token = token;
  app.color = color;
  session.seatToken = token;
}

async function openGame(id, token, color) {
  stopPolling();
  app.id = id;
  setSeat(token, color);
  app.state = null;
  app.gone = false;
  app.selected = null;
  app.oriented = false;
  app.flipped = color === "black";
  $("move-error").textContent = "";
  show("play");
  try {
    setState(await api("GET", "/api/games/" + encodeURIComponent(id)));
  } catch (e) {
    app.id = null;
    showSetup(e.status === 404 ? t("no-such-game") : errorText(e));
    return;
  }
  startPolling();
}

function showSetup(error) {
  show("lobby");
  $("setup-error").textContent = error || "";
  updateSetup();
  refreshMyGames(true);
}

function updateSetup() {
  const mode = document.querySelector('input[name="mode"]:checked').value;
  $("level-row").hidden = mode !== "computer";
  $("color-row").hidden = mode === "local";
  $("setup-tc-row").hidden = mode !== "friend";
  const control = $("setup-tc").value;
  $("setup-custom").hidden = mode !== "friend" || control !== "custom";
  $("setup-fifty-row").hidden = mode !== "friend" || !/^\d+d$/.test(control);
}

async function startGame(event) {
  event.preventDefault();
  const mode = document.querySelector('input[name="mode"]:checked').value;
  const request = { mode };
  if (mode === "computer") request.level = Number($("level").value);
  if (mode !== "local") request.color = $("color").value;
  if (mode === "friend") {
    const control = chosenControl($("setup-tc"), $("setup-minutes"), $("setup-increment"));
    if (control !== "-") request.time_control = control;
    if (/^\d+d$/.test(control) && !$("setup-fifty").checked) request.fifty_move_rule = false;
  }
  const fen = $("fen").value.trim();
  if (fen) request.fen = fen;
  $("setup-error").textContent = "";
  try {
    const seat = await api("POST", "/api/games", request);
    enterSeat(seat);
  } catch (e) {
    $("setup-error").textContent = errorText(e);
  }
}

// A seat just given (a new game, a joined one, an accepted challenge).
function enterSeat(seat) {
  saveSeat(seat.id, seat.token, seat.color);
  history.replaceState(null, "", "#game=" + seat.id);
  openGame(seat.id, seat.token, seat.color);
}

async function joinGame(id) {
  try {
    const seat = await api("POST", "/api/games/" + encodeURIComponent(id) + "/join");
    enterSeat(seat);
  } catch (e) {
    // Both seats are taken: one's own seat if this browser has it, else the
    // game to watch. A game that does not exist says so.
    const seat = loadSeat(id) || { token: null, color: null };
    history.replaceState(null, "", "#game=" + id);
    await openGame(id, seat.token, seat.color);
  }
}

function route() {
  const hash = location.hash.slice(1);
  if (!/^(signin|signup)$/.test(hash)) app.lastHash = location.hash;
  const game = /^game=([0-9a-f]{1,64})$/.exec(hash);
  const join = /^join=([0-9a-f]{1,64})$/.exec(hash);
  const user = /^user=(.{1,40})$/.exec(hash);
  const fourhand = /^table=([0-9a-f]{1,64})(?:&seat=([SWNE]))?$/.exec(hash);
  if (hash === "help") {
    show("help");
  } else if (hash === "signin" || hash === "signup") {
    show("auth");
    showAuth(hash, app.lastHash);
  } else if (hash === "games") {
    show("games");
    refreshMyGames(true);
  } else if (user) {
    show("profile");
    let name = user[1];
    try {
      name = decodeURIComponent(name);
    } catch (e) {
      /* shown as typed */
    }
    showProfile(name);
  } else if (fourhand) {
    show("table");
    openTable(fourhand[1], fourhand[2]);
  } else if (join) {
    joinGame(join[1]);
  } else if (game) {
    if (game[1] === app.id && app.state && app.polling) {
      show("play");
      return;
    }
    const seat = loadSeat(game[1]) || { token: null, color: null };
    openGame(game[1], seat.token, seat.color);
  } else {
    showSetup();
  }
}

// ---------------------------------------------------------------- wiring

async function init() {
  // The words first: everything after draws in the page's language.
  await initL10n();
  initAccount();
  initLobby({ onSeat: enterSeat });
  initFourhand();
  initReview({ current: () => app.state, onChange: render });
  initThemes();
  initSounds();
  initHelp();
  initSkipLink();
  fillControls($("setup-tc"), { unlimited: true, selected: "-" });
  fillCustom($("setup-minutes"), $("setup-increment"));
  $("setup-tc").addEventListener("change", updateSetup);
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener("change", updateSetup);
  }
  $("setup-form").addEventListener("submit", startGame);
  app.pointer = pointerBoard($("board"), pointerRules);
  keyboardBoard($("board"), { onActivate: onSquareKey, onEscape: cancelPick });
  // A right-click puts the piece down and drops a premove.
  $("board").addEventListener("contextmenu", (event) => {
    if (cancelPick()) event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && app.view === "play" && !document.querySelector("dialog[open]")) cancelPick();
  });
  $("new-game").addEventListener("click", () => {
    history.pushState(null, "", "#");
    showSetup();
  });
  $("flip").addEventListener("click", () => {
    app.flipped = !app.flipped;
    render();
  });
  const seatBody = (extra) => Object.assign({ token: app.token }, extra);
  $("undo").addEventListener("click", () => act("/undo", seatBody()));
  // Resigning asks first, in a dialog (Escape or "Keep playing" closes it).
  $("resign").addEventListener("click", () => $("resign-dialog").showModal());
  $("resign-keep").addEventListener("click", () => $("resign-dialog").close());
  $("resign-confirm").addEventListener("click", () => {
    $("resign-dialog").close();
    act("/resign", seatBody());
  });
  $("abort").addEventListener("click", () => act("/abort", seatBody()));
  $("offer-draw").addEventListener("click", async () => {
    // On one screen both players are here: the offer is agreed at once.
    if (app.state.mode === "local" && !(await askYesNo(t("draw-confirm-local"), t("accept-draw"), t("resign-keep")))) {
      return;
    }
    act("/draw", seatBody({ action: "offer" }));
  });
  $("accept-draw").addEventListener("click", () => act("/draw", seatBody({ action: "accept" })));
  $("decline-draw").addEventListener("click", () => act("/draw", seatBody({ action: "decline" })));
  for (const action of ["ask", "cancel", "accept", "decline"]) {
    $("takeback-" + action).addEventListener("click", () => act("/takeback", seatBody({ action })));
  }
  $("claim-draw").addEventListener("click", () => act("/claim", seatBody()));
  for (const action of ["offer", "cancel", "accept", "decline"]) {
    $("rematch-" + action).addEventListener("click", () => act("/rematch", seatBody({ action })));
  }
  $("san-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("san").value.trim();
    if (!text) return;
    if (await act("/move", seatBody({ san: text }))) $("san").value = "";
  });
  for (const [form, input, left] of [
    ["chat-form", "chat-text", "chat-left"],
    ["watchers-form", "watchers-text", "watchers-left"],
  ]) {
    watchLength($(input), $(left));
    $(form).addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = $(input).value.trim();
      if (!text) return;
      if (await act("/chat", seatBody({ text }))) {
        $(input).value = "";
        $(input).dispatchEvent(new Event("input"));
      }
    });
  }
  $("copy-link").addEventListener("click", async () => {
    $("invite-link").select();
    try {
      await navigator.clipboard.writeText($("invite-link").value);
    } catch (e) {
      /* selected: the player copies it by hand */
    }
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("daba:session", (event) => {
    // Signing in or out changes who the viewer is in the game on screen.
    if (event.detail.changed && app.view === "play" && app.id) openGame(app.id, app.token, app.color);
  });
  // "My games" and its badge keep up with games where it is one's move.
  setInterval(() => {
    if (session.user && !document.hidden) refreshMyGames();
  }, 15000);

  const levels = api("GET", "/api/levels")
    .then((list) => {
      const top = Math.max(...list.map((l) => l.level));
      for (const level of list) {
        const args = { level: String(level.level), elo: String(level.elo) };
        const name =
          level.elo === null || level.elo === undefined
            ? t("level-option-random", args)
            : t(level.level === top ? "level-option-full" : "level-option", args);
        const option = el("option", "", name);
        option.value = level.level;
        $("level").appendChild(option);
      }
    })
    .catch((e) => {
      $("setup-error").textContent = errorText(e);
    });
  await Promise.all([refreshSession(), levels]);
  route();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
