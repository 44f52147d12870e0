// Daba's chess page. It knows no chess rules: the server sends the pieces,
// the legal moves (from and to squares), check, the last move and the end of
// the game, and this script draws them and sends the player's choices back.
// Text from players (chat) is only ever set with textContent.
"use strict";

const FILES = "abcdefgh";
const PIECE_NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
const CLAIM_WORDS = {
  "threefold-repetition": "Claim a draw (threefold repetition)",
  "fifty-moves": "Claim a draw (fifty-move rule)",
};

const $ = (id) => document.getElementById(id);

// Everything about the game on screen.
const app = {
  id: null, // game id
  token: null, // this player's secret, null for a spectator
  color: null, // "white", "black", or null for both (one screen)
  state: null, // the server's view of the game
  flipped: false,
  selected: null, // selected square name
  drag: null, // {from, img, x, y, moved}
  pendingTarget: null,
  pollGeneration: 0,
  pollAbort: null, // cancels the long poll of a game left behind
  busy: false,
};

// ---------------------------------------------------------------- helpers

async function api(method, path, body, signal) {
  const options = { method, headers: {}, signal };
  // Reads name the seat in a header (a token in a URL ends up in logs).
  if (app.token) options.headers["X-Daba-Token"] = app.token;
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
    const message = data && data.error ? data.error : "the server answered " + response.status;
    throw new Error(message);
  }
  return data;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function squareName(file, rank) {
  return FILES[file] + (rank + 1);
}

function squareIndex(name) {
  return FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
}

function pieceImage(code) {
  const img = el("img", "piece");
  img.src = "/pieces/" + code + ".svg";
  img.alt = (code[0] === "w" ? "white " : "black ") + PIECE_NAMES[code[1]];
  img.draggable = false;
  return img;
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

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

// ---------------------------------------------------------------- drawing a board

// Draws `pieces` (64 codes, a1 first) into `container` as 64 squares.
function drawSquares(container, pieces, flipped, marks) {
  container.replaceChildren();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = flipped ? 7 - col : col;
      const rank = flipped ? row : 7 - row;
      const name = squareName(file, rank);
      const square = el("div", "square " + ((file + rank) % 2 === 0 ? "dark" : "light"));
      square.dataset.square = name;
      const code = pieces[file + 8 * rank];
      if (code) {
        square.appendChild(pieceImage(code));
        square.dataset.piece = code;
      }
      if (marks.last && marks.last.includes(name)) square.classList.add("last");
      if (marks.check === name) square.classList.add("check");
      if (marks.selected === name) square.classList.add("selected");
      if (marks.targets && marks.targets.includes(name)) {
        square.classList.add(code ? "target-capture" : "target");
      }
      if (col === 0) square.appendChild(el("span", "coord rank", String(rank + 1)));
      if (row === 7) square.appendChild(el("span", "coord file", FILES[file]));
      container.appendChild(square);
    }
  }
}

function targetsOf(legal, from) {
  return legal.filter((m) => m.from === from).map((m) => m.to);
}

// ---------------------------------------------------------------- the game

function myTurn() {
  const s = app.state;
  if (!s || s.over || s.thinking || !app.token) return false;
  if (s.mode === "local") return true;
  return s.turn === app.color;
}

function render() {
  const s = app.state;
  if (!s) return;
  const legal = myTurn() ? s.legal : [];
  drawSquares($("board"), s.board, app.flipped, {
    last: s.last_move,
    check: s.check,
    selected: app.selected,
    targets: app.selected ? targetsOf(legal, app.selected) : [],
  });
  $("board").classList.toggle("thinking", s.thinking);

  // Status in words.
  let status;
  if (s.over) {
    status = s.end_text;
  } else {
    const side = capital(s.turn);
    if (s.thinking) status = side + " to move: Daba is thinking…";
    else if (s.mode === "friend" && !(s.seats.white && s.seats.black)) {
      status = side + " to move. Waiting for your friend to open the link.";
    } else if (s.mode === "local" || !app.token) status = side + " to move.";
    else status = s.turn === app.color ? "Your move (" + s.turn + ")." : side + " to move: your friend's turn.";
    if (s.check) status += " Check!";
  }
  $("status").textContent = status;
  $("status").classList.toggle("over", s.over);
  $("notice").textContent = s.notice || "";
  let info;
  if (!app.token) info = "You are watching this game.";
  else if (s.mode === "computer") {
    const level = s.level === 0 ? "level 0 (random moves)" : s.level === 20 ? "full strength" : "level " + s.level;
    info = "You play " + capital(app.color) + " against Daba at " + level + ".";
  } else if (s.mode === "local") info = "Two players on one screen: take turns.";
  else info = "A game with a friend: you play " + capital(app.color) + ".";
  $("info").textContent = info;

  // Buttons.
  const playing = !s.over && app.token !== null;
  const offerFromOpponent = s.mode === "friend" && s.draw_offer && s.draw_offer !== app.color;
  $("undo").hidden = !(app.token && s.mode !== "friend");
  $("undo").disabled = !s.can_undo;
  $("resign").hidden = !playing;
  $("resign").textContent = s.mode === "local" ? "Resign (" + s.turn + ")" : "Resign";
  $("offer-draw").hidden = !playing || offerFromOpponent;
  $("offer-draw").disabled = s.mode === "friend" && s.draw_offer === app.color;
  $("offer-draw").textContent =
    s.mode === "friend" && s.draw_offer === app.color ? "Draw offered" : "Offer a draw";
  $("accept-draw").hidden = !(playing && offerFromOpponent);
  $("decline-draw").hidden = !(playing && offerFromOpponent);
  const canClaim = playing && s.claim && (s.mode === "local" || s.turn === app.color);
  $("claim-draw").hidden = !canClaim;
  if (canClaim) $("claim-draw").textContent = CLAIM_WORDS[s.claim] || "Claim a draw";
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
    item.appendChild(el("span", "move", move.san));
    if (black) {
      number += 1;
      item = null;
    }
    black = !black;
  }
  list.scrollTop = list.scrollHeight;

  // Friend games: the link and the chat.
  const friend = s.mode === "friend";
  $("invite").hidden = !(friend && app.token && !(s.seats.white && s.seats.black));
  $("invite-link").value = location.origin + "/#join=" + s.id;
  $("chat").hidden = !friend;
  $("chat-form").hidden = !app.token;
  const lines = $("chat-lines");
  lines.replaceChildren();
  for (const line of s.chat) {
    const li = el("li", "chat-line " + line.from);
    li.dataset.n = line.n;
    const who = line.from === app.color ? "You" : capital(line.from);
    li.appendChild(el("span", "chat-from", who + ": "));
    li.appendChild(el("span", "chat-text", line.text));
    lines.appendChild(li);
  }
  lines.scrollTop = lines.scrollHeight;
}

function setState(state) {
  if (!state || (app.state && app.state.id === state.id && state.version < app.state.version)) return;
  const changed = !app.state || app.state.version !== state.version;
  app.state = state;
  if (changed) {
    app.selected = null;
    hidePromotion();
  }
  render();
}

// Long poll: the server answers when the game changes (the computer moved,
// the friend moved or wrote) or after a while with the same state.
async function poll(generation) {
  while (generation === app.pollGeneration && app.id) {
    try {
      const after = app.state ? app.state.version : 0;
      const path = "/api/games/" + encodeURIComponent(app.id) + "/wait?after=" + after;
      const state = await api("GET", path, undefined, app.pollAbort.signal);
      if (generation !== app.pollGeneration) return;
      setState(state);
    } catch (e) {
      if (generation !== app.pollGeneration) return;
      $("notice").textContent = "The server cannot be reached: " + e.message;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function stopPolling() {
  app.pollGeneration += 1;
  if (app.pollAbort) app.pollAbort.abort();
  app.pollAbort = new AbortController();
}

function startPolling() {
  stopPolling();
  poll(app.pollGeneration);
}

async function act(path, body) {
  $("move-error").textContent = "";
  try {
    const state = await api("POST", "/api/games/" + encodeURIComponent(app.id) + path, body);
    setState(state);
    return true;
  } catch (e) {
    $("move-error").textContent = e.message;
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
  const candidates = app.state.legal.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 0) return false;
  if (candidates.length > 1 && candidates.every((m) => m.promotion)) {
    showPromotion(candidates);
  } else {
    sendMove({ uci: candidates[0].uci });
  }
  return true;
}

function showPromotion(candidates) {
  const box = $("promotion-choices");
  box.replaceChildren();
  const color = app.state.turn === "white" ? "w" : "b";
  for (const letter of ["q", "r", "b", "n"]) {
    const move = candidates.find((m) => m.promotion === letter);
    if (!move) continue;
    const button = el("button", "choice");
    button.type = "button";
    button.dataset.promotion = letter;
    button.title = PIECE_NAMES[letter.toUpperCase()];
    button.appendChild(pieceImage(color + letter.toUpperCase()));
    button.addEventListener("click", () => sendMove({ uci: move.uci }));
    box.appendChild(button);
  }
  const cancel = el("button", "cancel", "Cancel");
  cancel.type = "button";
  cancel.addEventListener("click", () => {
    hidePromotion();
    app.selected = null;
    render();
  });
  box.appendChild(cancel);
  $("promotion").hidden = false;
}

function hidePromotion() {
  $("promotion").hidden = true;
}

// ---------------------------------------------------------------- clicks and drags

function squareAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const square = hit && hit.closest("#board [data-square]");
  return square ? square.dataset.square : null;
}

function movable(square) {
  return myTurn() && app.state.legal.some((m) => m.from === square);
}

function onPointerDown(event) {
  if (event.button !== 0 || !app.state) return;
  const square = squareAt(event.clientX, event.clientY);
  if (!square) return;
  event.preventDefault();
  if (app.selected && targetsOf(app.state.legal, app.selected).includes(square) && !movable(square)) {
    app.pendingTarget = square;
    return;
  }
  if (movable(square)) {
    const wasSelected = app.selected === square;
    app.selected = square;
    render();
    const img = $("board").querySelector('[data-square="' + square + '"] img');
    app.drag = { from: square, img, x: event.clientX, y: event.clientY, moved: false, wasSelected };
    $("board").setPointerCapture(event.pointerId);
  } else {
    app.selected = null;
    render();
  }
}

function onPointerMove(event) {
  const drag = app.drag;
  if (!drag || !drag.img) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 5) return;
  drag.moved = true;
  drag.img.classList.add("dragging");
  drag.img.style.transform = "translate(" + dx + "px, " + dy + "px)";
}

function onPointerUp(event) {
  const drag = app.drag;
  const square = squareAt(event.clientX, event.clientY);
  if (drag) {
    app.drag = null;
    if (drag.moved) {
      // A drop: a legal target plays, anything else snaps back.
      if (!(square && square !== drag.from && tryMove(drag.from, square))) {
        app.selected = null;
        render();
      }
    } else if (drag.wasSelected) {
      app.selected = null;
      render();
    }
    return;
  }
  if (app.pendingTarget) {
    const target = app.pendingTarget;
    app.pendingTarget = null;
    if (square === target && app.selected) tryMove(app.selected, target);
  }
}

// ---------------------------------------------------------------- screens

function show(section) {
  for (const id of ["setup", "play", "help"]) $(id).hidden = id !== section;
}

async function openGame(id, token, color) {
  app.id = id;
  app.token = token;
  app.color = color;
  app.state = null;
  app.selected = null;
  app.flipped = color === "black";
  $("move-error").textContent = "";
  $("nav-play").href = "#game=" + id;
  show("play");
  try {
    setState(await api("GET", "/api/games/" + encodeURIComponent(id)));
  } catch (e) {
    app.id = null;
    showSetup(e.message);
    return;
  }
  startPolling();
}

function showSetup(error) {
  stopPolling();
  show("setup");
  $("setup-error").textContent = error || "";
  updateSetup();
}

function updateSetup() {
  const mode = document.querySelector('input[name="mode"]:checked').value;
  $("level-row").hidden = mode !== "computer";
  $("color-row").hidden = mode === "local";
}

async function startGame(event) {
  event.preventDefault();
  const mode = document.querySelector('input[name="mode"]:checked').value;
  const request = { mode };
  if (mode === "computer") request.level = Number($("level").value);
  if (mode !== "local") request.color = $("color").value;
  const fen = $("fen").value.trim();
  if (fen) request.fen = fen;
  $("setup-error").textContent = "";
  try {
    const seat = await api("POST", "/api/games", request);
    saveSeat(seat.id, seat.token, seat.color);
    history.replaceState(null, "", "#game=" + seat.id);
    await openGame(seat.id, seat.token, seat.color);
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
}

async function joinGame(id) {
  try {
    const seat = await api("POST", "/api/games/" + encodeURIComponent(id) + "/join");
    saveSeat(seat.id, seat.token, seat.color);
    history.replaceState(null, "", "#game=" + seat.id);
    await openGame(seat.id, seat.token, seat.color);
  } catch (e) {
    // The seat is taken (or the game is gone): watch it if it exists.
    const seat = loadSeat(id);
    if (seat) {
      history.replaceState(null, "", "#game=" + id);
      await openGame(id, seat.token, seat.color);
    } else {
      showSetup("Could not join: " + e.message);
    }
  }
}

function route() {
  const hash = location.hash.slice(1);
  if (hash === "help") {
    show("help");
    drawHelp();
    return;
  }
  const game = /^game=([0-9a-f]{1,64})$/.exec(hash);
  const join = /^join=([0-9a-f]{1,64})$/.exec(hash);
  if (join) {
    joinGame(join[1]);
  } else if (game) {
    if (game[1] === app.id && app.state) {
      show("play");
      return;
    }
    const seat = loadSeat(game[1]) || { token: null, color: null };
    openGame(game[1], seat.token, seat.color);
  } else {
    showSetup();
  }
}

// ---------------------------------------------------------------- help boards

let helpDrawn = false;

async function drawHelp() {
  if (helpDrawn) return;
  helpDrawn = true;
  for (const mini of document.querySelectorAll(".mini")) {
    const board = el("div", "board small");
    const caption = el("p", "mini-caption", "");
    mini.replaceChildren(board, caption);
    let position;
    try {
      position = await api("POST", "/api/position", { fen: mini.dataset.fen });
    } catch (e) {
      caption.textContent = e.message;
      continue;
    }
    let selected = null;
    const draw = () =>
      drawSquares(board, position.board, false, {
        check: position.check,
        selected,
        targets: selected ? targetsOf(position.legal, selected) : [],
      });
    draw();
    caption.textContent = position.end_text || capital(position.turn) + " to move. Click a piece.";
    board.addEventListener("click", (event) => {
      const square = event.target.closest("[data-square]");
      if (!square) return;
      const name = square.dataset.square;
      selected = selected === name ? null : name;
      draw();
      if (selected) {
        const n = targetsOf(position.legal, selected).length;
        const piece = square.dataset.piece;
        if (!piece) caption.textContent = "An empty square.";
        else if (n === 0) caption.textContent = "This piece has no legal move here.";
        else caption.textContent = "The " + PIECE_NAMES[piece[1]] + " can go to " + n + (n === 1 ? " square." : " squares.");
      } else {
        caption.textContent = position.end_text || capital(position.turn) + " to move. Click a piece.";
      }
    });
  }
}

// ---------------------------------------------------------------- wiring

async function init() {
  try {
    const levels = await api("GET", "/api/levels");
    for (const level of levels) {
      const option = el("option", "", level.name);
      option.value = level.level;
      $("level").appendChild(option);
    }
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener("change", updateSetup);
  }
  $("setup-form").addEventListener("submit", startGame);
  $("board").addEventListener("pointerdown", onPointerDown);
  $("board").addEventListener("pointermove", onPointerMove);
  $("board").addEventListener("pointerup", onPointerUp);
  $("board").addEventListener("pointercancel", () => {
    app.drag = null;
    render();
  });
  $("new-game").addEventListener("click", () => {
    history.pushState(null, "", "#");
    showSetup();
  });
  $("flip").addEventListener("click", () => {
    app.flipped = !app.flipped;
    render();
  });
  $("undo").addEventListener("click", () => act("/undo", { token: app.token }));
  $("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act("/resign", { token: app.token });
  });
  $("offer-draw").addEventListener("click", () => {
    if (app.state.mode === "local" && !confirm("Do both players agree to a draw?")) return;
    act("/draw", { token: app.token, action: "offer" });
  });
  $("accept-draw").addEventListener("click", () => act("/draw", { token: app.token, action: "accept" }));
  $("decline-draw").addEventListener("click", () => act("/draw", { token: app.token, action: "decline" }));
  $("claim-draw").addEventListener("click", () => act("/claim", { token: app.token }));
  $("san-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("san").value.trim();
    if (!text) return;
    if (await act("/move", { token: app.token, san: text })) $("san").value = "";
  });
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    if (await act("/chat", { token: app.token, text })) $("chat-text").value = "";
  });
  $("copy-link").addEventListener("click", async () => {
    $("invite-link").select();
    try {
      await navigator.clipboard.writeText($("invite-link").value);
    } catch (e) {
      /* selected: the player copies it by hand */
    }
  });
  window.addEventListener("hashchange", route);
  route();
}

document.addEventListener("DOMContentLoaded", init);
