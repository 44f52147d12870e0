// Tables for four: four-handed team chess (the server's `tables` service,
// docs/fourhand.md). The page of one table (`#table=<id>`, and
// `#table=<id>&seat=W`, the link that sits its opener down in a seat), and
// the lobby's part: the form that opens a table and the list of tables with
// a seat free.
//
// Like the two-player page it knows no rules: the server sends the pieces,
// the legal moves of the seat to move (from and to squares), the frozen
// armies, the plies in notation and in words, and this script draws them
// and sends the player's choices back. The board is the 160-square cross
// (14 x 14 less its 3 x 3 corners), turned so that each player has their
// own army at the bottom. Text from players is only ever set with
// textContent.
import { $, el, api, capital, errorText, session } from "./net.js";
import { pointerBoard } from "./board-input.js";
import { fillPromotionChoices, pieceImage, pieceName } from "./board.js";
import { announce, keyboardBoard, watchLength } from "./a11y.js";
import { t } from "./l10n.js";

const SIZE = 14;
const FILES = "abcdefghijklmn";
// The seats in the order of play (clockwise seen from above, South at the
// bottom), which is also the order of the table's `seats`.
const SEATS = ["S", "W", "N", "E"];
// The computer's levels (fourhand::MAX_LEVEL; the server refuses others).
const MAX_LEVEL = 10;
const POLL_RETRY_FIRST_MS = 2000;
const POLL_RETRY_MAX_MS = 60000;

// Every word this module shows or says is a message of
// locales/<tag>/page.ftl (l10n.js), most of them named fh-...: a seat
// goes to them as its letter ($seat), a team as SN or WE ($team). The
// plies, the end of a game and an objection are said from the view's
// codes (a ply's kind, events and releases; the end's kind); only the
// server's refusals come in its English.

/** A seat's name in words ("South") from its letter. */
function seatName(seat) {
  return t("fh-seat", { seat });
}

/** A team's name in words ("South and North") from SN or WE. */
function teamName(team) {
  return t("fh-team-name", { team });
}

/** One ply of the log in words: what the seat did, what else the move did,
 * whom it released. */
function plyWords(line) {
  const words = [t("fh-ply-" + line.kind, { who: seatName(line.seat), move: line.text })];
  for (const event of line.events) words.push(t("fh-event-" + event));
  for (const seat of line.released) words.push(t("fh-released", { who: seatName(seat) }));
  return words.join(" ");
}

/** How a finished table ended, in words. */
function endWords(s) {
  const end = s.end;
  const team = end.team || "SN";
  const other = team === "SN" ? "WE" : "SN";
  const [winners, losers] = end.kind === "resigned" ? [other, team] : [team, other];
  return t("fh-end-" + end.kind, {
    winners: teamName(winners),
    losers: teamName(losers),
    who: end.seat ? seatName(end.seat) : "",
    plies: s.log.length,
  });
}

// Everything about the table on screen.
const table = {
  id: null,
  token: null, // this browser's seat token (a guest's seat), or null
  state: null, // the server's view of the table
  known: 0, // plies already said in the live region
  selected: null, // the picked-up piece's square
  pointer: null, // the board's clicks and drags (board-input.js)
  pollGeneration: 0,
  pollAbort: new AbortController(),
  active: false, // the table is on screen
  gone: false, // the server has no such table
  noticeFor: null, // the version that #fh-notice speaks of (an objection's words)
};

// ---------------------------------------------------------------- seats saved

function saveToken(id, token) {
  try {
    sessionStorage.setItem("daba-table-" + id, token);
  } catch (e) {
    /* private mode: the seat lasts until the page is left */
  }
}

function loadToken(id) {
  try {
    return sessionStorage.getItem("daba-table-" + id);
  } catch (e) {
    return null;
  }
}

// ---------------------------------------------------------------- geometry

/** Whether (x, y) (files a-n, ranks 1-14 from 0) is on the board: the
 * corners are holes, 3 x 3 on the 160-square cross, 2 x 2 on the
 * 180-square board (the table's `notch`). */
function onBoard(x, y) {
  const notch = (table.state && table.state.notch) || 3;
  const corner = (v) => v < notch || v > SIZE - 1 - notch;
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE && !(corner(x) && corner(y));
}

function squareName(x, y) {
  return FILES[x] + (y + 1);
}

/** The board square drawn at screen column `col` and row `row` (from the
 * top) when `seat` sits at the bottom: the view turns by a quarter per seat
 * in the order of play, so each army's back rank is at the bottom. */
function boardAt(col, row, seat) {
  const far = SIZE - 1;
  switch (seat) {
    case "W":
      return [far - row, far - col];
    case "N":
      return [far - col, row];
    case "E":
      return [row, col];
    default:
      return [col, far - row];
  }
}

/** The seat at each side of the screen: bottom, left, top, right. */
function around(seat) {
  const i = SEATS.indexOf(seat);
  return [0, 1, 2, 3].map((k) => SEATS[(i + k) % 4]);
}

function seatWords(seat) {
  return t("fh-seat-colour", { seat });
}

// The seat at the bottom: one's own, or South for a watcher.
function viewSeat() {
  return (table.state && table.state.you) || "S";
}

// ---------------------------------------------------------------- drawing

function myTurn() {
  const s = table.state;
  return !!s && !s.over && s.started && !!s.you && s.to_move === s.you && s.legal.length > 0;
}

function targetsOf(from) {
  return table.state.legal.filter((m) => m.from === from).map((m) => m.to);
}

function drawBoard() {
  const s = table.state;
  const board = $("fh-board");
  const seat = viewSeat();
  const hadFocus = board.contains(document.activeElement);
  const pieces = new Map(s.pieces.map((p) => [p.square, p]));
  const frozen = new Set(s.seats.filter((x) => x.frozen).map((x) => x.seat));
  const checked = new Set(s.seats.filter((x) => x.check).map((x) => x.seat));
  const last = s.last ? [s.last.from, s.last.to] : [];
  const targets = table.selected ? targetsOf(table.selected) : [];
  // The bottom edge names files for South and North, ranks for West and
  // East; the left edge the other.
  const filesAlongBottom = seat === "S" || seat === "N";
  board.replaceChildren();
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", t("fh-board-label", { seat }));
  const focusName = board.dataset.focus;
  let focusSquare = null;
  let firstSquare = null;
  for (let row = 0; row < SIZE; row++) {
    const line = el("div", "board-row");
    line.setAttribute("role", "row");
    line.setAttribute("aria-label", t("fh-row", { row: row + 1 }));
    for (let col = 0; col < SIZE; col++) {
      const [x, y] = boardAt(col, row, seat);
      if (!onBoard(x, y)) {
        const hole = el("div", "hole");
        hole.setAttribute("aria-hidden", "true");
        line.appendChild(hole);
        continue;
      }
      const name = squareName(x, y);
      // A2 of the rules: a square is light when x + y is even (odd under
      // the option, the table's `light`).
      const square = el("div", "square " + ((x + y + (s.light || 0)) % 2 === 0 ? "light" : "dark"));
      square.setAttribute("role", "gridcell");
      square.dataset.square = name;
      square.tabIndex = -1;
      const words = [name];
      const piece = pieces.get(name);
      if (piece) {
        const img = pieceImage("w" + piece.kind);
        img.alt = "";
        img.classList.add("fh-piece", "seat-" + piece.seat);
        if (frozen.has(piece.seat)) img.classList.add("frozen");
        square.appendChild(img);
        square.dataset.seat = piece.seat;
        let said = t("fh-piece", { seat: piece.seat, piece: pieceName(piece.kind) });
        if (frozen.has(piece.seat)) said += ", " + t("fh-frozen");
        if (piece.ribbon) {
          said += ", " + t("fh-ribbon");
          square.appendChild(mark("ribbon", ""));
        }
        if (piece.caps > 0) {
          said += ", " + t("fh-caps", { count: piece.caps });
          square.appendChild(mark("caps", String(piece.caps)));
        }
        words.push(said);
        if (piece.kind === "K" && checked.has(piece.seat)) {
          square.classList.add("check");
          words.push(t("square-check"));
        }
      } else {
        words.push(t("square-empty"));
      }
      if (last.includes(name)) {
        square.classList.add("last");
        words.push(t("square-last-move"));
      }
      if (table.selected === name) {
        square.classList.add("selected");
        words.push(t("square-selected"));
      }
      square.setAttribute("aria-selected", String(table.selected === name));
      if (targets.includes(name)) {
        square.classList.add(piece ? "target-capture" : "target");
        words.push(t("square-target"));
      }
      square.setAttribute("aria-label", words.join(", "));
      const [lx, ly] = boardAt(col - 1, row, seat);
      const [bx, by] = boardAt(col, row + 1, seat);
      const fileText = FILES[x];
      const rankText = String(y + 1);
      if (!onBoard(lx, ly)) square.appendChild(coordinate("rank", filesAlongBottom ? rankText : fileText));
      if (!onBoard(bx, by)) square.appendChild(coordinate("file", filesAlongBottom ? fileText : rankText));
      if (name === focusName) focusSquare = square;
      if (!firstSquare) firstSquare = square;
      line.appendChild(square);
    }
    board.appendChild(line);
  }
  const focus = focusSquare || firstSquare;
  focus.tabIndex = 0;
  if (hadFocus) focus.focus({ preventScroll: true });
  board.classList.toggle("thinking", !!s.thinking);
}

function mark(kind, text) {
  const span = el("span", "fh-mark " + kind, text);
  span.setAttribute("aria-hidden", "true");
  return span;
}

function coordinate(kind, text) {
  const span = el("span", "coord " + kind);
  span.dataset.coord = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

function holderWords(seat) {
  if (seat.you) return seat.player ? t("fh-you-named", { name: seat.player }) : t("player-you");
  if (seat.holder === "computer") return t("fh-computer", { level: seat.level });
  if (seat.holder === "open") return t("fh-open");
  return seat.player || t("player-guest");
}

function drawSeats() {
  const s = table.state;
  const sides = ["bottom", "left", "top", "right"];
  around(viewSeat()).forEach((letter, i) => {
    const seat = s.seats[SEATS.indexOf(letter)];
    const bar = $("fh-seat-" + sides[i]);
    bar.replaceChildren();
    bar.className = "fh-seat seat-" + letter + (seat.to_move ? " to-move" : "") + (seat.frozen ? " frozen" : "");
    bar.dataset.seat = letter;
    const swatch = el("span", "swatch");
    swatch.setAttribute("aria-hidden", "true");
    bar.appendChild(swatch);
    bar.appendChild(el("strong", "", seatWords(letter)));
    bar.appendChild(el("span", "holder", holderWords(seat)));
    const flags = [];
    if (seat.frozen) flags.push(t("fh-frozen"));
    if (seat.check) flags.push(t("square-check"));
    if (seat.to_move) flags.push(s.thinking && seat.holder === "computer" ? t("fh-thinking") : t("fh-to-move"));
    for (const flag of flags) bar.appendChild(el("span", "flag", flag));
    if (seat.holder === "open" && !s.you) {
      const button = el("button", "sit primary", t("fh-sit"));
      button.type = "button";
      button.setAttribute("aria-label", t("fh-sit-at", { seat: letter }));
      button.addEventListener("click", () => sit(letter));
      bar.appendChild(button);
    }
  });
}

function drawLog() {
  const s = table.state;
  const list = $("fh-log");
  list.replaceChildren();
  for (const line of s.log) {
    const li = el("li", "ply seat-" + line.seat);
    li.value = line.n;
    li.appendChild(el("span", "notation", line.text));
    li.appendChild(el("span", "words", " " + plyWords(line)));
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  // The plies that came since the last look, said in words; the first
  // drawing of a table says nothing of its past.
  if (table.known !== null && s.log.length > table.known) {
    announce(s.log.slice(table.known).map(plyWords).join(" "));
  }
  table.known = s.log.length;
  const bans = $("fh-objections");
  bans.replaceChildren();
  for (const o of s.objections) bans.appendChild(el("li", "", t("fh-banned", { seat: o.seat, move: o.from + "-" + o.to, by: o.by })));
  $("fh-objections-box").hidden = s.objections.length === 0;
}

function drawChat() {
  const s = table.state;
  $("fh-chat").hidden = !s.chat;
  if (!s.chat) return;
  const list = $("fh-chat-lines");
  list.replaceChildren();
  const myTeam = s.you === "S" || s.you === "N" ? "SN" : "WE";
  for (const line of s.chat) {
    const li = el("li", "chat-line");
    li.dataset.line = line.n;
    // A guest's line is from their seat's name, a signed-in player's from
    // their own.
    // (a guest's is the server's English name of the seat).
    const seatView = s.seats[SEATS.indexOf(line.seat)];
    const from = line.from && line.from !== (seatView && seatView.name) ? " (" + line.from + ")" : "";
    li.appendChild(el("strong", "", seatName(line.seat) + from + ": "));
    li.appendChild(el("span", "", line.text));
    const writerTeam = line.seat === "S" || line.seat === "N" ? "SN" : "WE";
    if (line.objected) {
      li.appendChild(el("span", "flag", t("fh-objected")));
    } else if (writerTeam !== myTeam && !s.over) {
      // §12: an opponent of the writer objects; the server says whether the
      // line names a move of the writer's partner.
      const button = el("button", "object", t("fh-object"));
      button.type = "button";
      button.setAttribute("aria-label", t("fh-object-label", { line: line.n, seat: line.seat }));
      button.addEventListener("click", () => object(line.n, button));
      li.appendChild(button);
    }
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

function drawInvite() {
  const s = table.state;
  const box = $("fh-invite");
  const open = s.seats.filter((x) => x.holder === "open");
  box.hidden = !s.you || open.length === 0;
  const list = $("fh-invite-links");
  list.replaceChildren();
  for (const seat of open) {
    const li = el("li");
    const id = "fh-link-" + seat.seat;
    const label = el("label", "", t("fh-link-of", { seat: seat.seat }));
    label.htmlFor = id;
    const input = el("input");
    input.id = id;
    input.type = "text";
    input.readOnly = true;
    input.value = location.origin + location.pathname + "#table=" + s.id + "&seat=" + seat.seat;
    const copy = el("button", "", t("copy-link"));
    copy.type = "button";
    copy.setAttribute("aria-label", t("fh-copy-link", { seat: seat.seat }));
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
      } catch (e) {
        /* selected: the player copies it by hand */
      }
    });
    li.append(label, " ", input, " ", copy);
    list.appendChild(li);
  }
}

function partnerOf(seat) {
  return SEATS[(SEATS.indexOf(seat) + 2) % 4];
}

function teamOf(seat) {
  return seat === "S" || seat === "N" ? "SN" : "WE";
}

// Where the game stands, in words (what the server's `status` says in
// English, from the same view).
function statusWords(s) {
  if (s.over) return endWords(s);
  if (!s.started) return t("fh-status-waiting", { count: s.seats.filter((x) => x.holder === "open").length });
  if (s.you && s.you === s.to_move) return t("fh-status-your-move");
  return t("fh-status-to-move", { seat: s.to_move });
}

function render() {
  const s = table.state;
  $("fh-gone").hidden = !table.gone;
  $("fh-game").hidden = !s;
  if (!s) return;
  if (!myTurn()) table.selected = null;
  drawBoard();
  if (table.pointer) table.pointer.redrawn();
  drawSeats();
  drawLog();
  drawChat();
  drawInvite();
  const status = statusWords(s);
  const who = !s.you ? " " + t("fh-watching") : s.over ? "" : " " + t("fh-team", { team: teamOf(s.you) });
  $("fh-status").textContent = status + who;
  $("fh-resign").hidden = !s.you || s.over || !s.started;
  $("fh-claim").hidden = !s.can_claim;
  $("fh-rules").textContent = t("fh-rules-line", { rules: s.rules || t("fh-rules-default") });
  if (!myTurn()) hidePromotion();
  $("fh-record").href = "/api/tables/" + encodeURIComponent(s.id) + "/record";
  document.title = s.over ? t("fh-doc-title-over") : t("fh-doc-title", { status });
}

function setState(state) {
  if (!state || !Array.isArray(state.pieces)) return;
  if (table.state && state.id === table.state.id && state.version < table.state.version) return;
  table.state = state;
  // A notice goes with the next change; the same version again (the long
  // poll's copy of the change an objection made) keeps the objection's words.
  if (state.version !== table.noticeFor) $("fh-notice").textContent = "";
  render();
}

// ---------------------------------------------------------------- the server

async function poll(generation) {
  let wait = POLL_RETRY_FIRST_MS;
  while (generation === table.pollGeneration && table.id) {
    try {
      const after = table.state ? table.state.version : 0;
      const path = "/api/tables/" + encodeURIComponent(table.id) + "/wait?after=" + after;
      const state = await api("GET", path, undefined, table.pollAbort.signal);
      if (generation !== table.pollGeneration) return;
      wait = POLL_RETRY_FIRST_MS;
      setState(state);
    } catch (e) {
      if (generation !== table.pollGeneration) return;
      if (e.status === 404) {
        gone();
        return;
      }
      const why = e.status ? errorText(e) : t("poll-unreachable");
      table.noticeFor = null;
      $("fh-notice").textContent = t("poll-retry", { why: capital(why), seconds: Math.round(wait / 1000) });
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(2 * wait, POLL_RETRY_MAX_MS);
    }
  }
}

function stopPolling() {
  table.pollGeneration += 1;
  table.pollAbort.abort();
  table.pollAbort = new AbortController();
}

function gone() {
  stopPolling();
  table.gone = true;
  table.state = null;
  render();
}

async function act(path, body) {
  $("fh-error").textContent = "";
  try {
    const answer = await api("POST", "/api/tables/" + encodeURIComponent(table.id) + path, Object.assign({ token: table.token }, body));
    setState(answer.state && answer.said !== undefined ? answer.state : answer);
    return answer;
  } catch (e) {
    $("fh-error").textContent = errorText(e);
    render();
    return null;
  }
}

async function sit(seat) {
  $("fh-error").textContent = "";
  try {
    const given = await api("POST", "/api/tables/" + encodeURIComponent(table.id) + "/sit", { seat });
    takeSeat(given);
    return true;
  } catch (e) {
    $("fh-error").textContent = t("fh-seat-taken", { seat, error: errorText(e) });
    return false;
  }
}

function takeSeat(given) {
  saveToken(given.id, given.token);
  table.token = given.token;
  session.seatToken = given.token;
  setState(given.state);
}

async function object(line, button) {
  button.disabled = true;
  const answer = await act("/object", { line });
  if (answer && answer.said) {
    // The objection just upheld is the newest in force.
    const o = answer.state.objections[answer.state.objections.length - 1];
    table.noticeFor = answer.state.version;
    $("fh-notice").textContent = t("fh-objection-said", {
      by: seatName(o.by),
      writer: seatName(partnerOf(o.seat)),
      advised: seatName(o.seat),
      move: o.from + "-" + o.to,
      span: /(^|,)objection=own-turns/.test(answer.state.rules) ? "own-turns" : "plies",
    });
  }
}

// A move from `from` to `to`, if the server lists one. Under the default
// rules a promotion is to a queen only (A8), one move per pair of squares;
// under `promotion=choice` the server lists four, and the player picks.
function tryMove(from, to) {
  const moves = table.state.legal.filter((m) => m.from === from && m.to === to);
  if (moves.length === 0) return false;
  table.selected = null;
  if (moves.length > 1 && moves.every((m) => m.promotion)) {
    showPromotion(moves);
  } else {
    act("/move", { move: moves[0].uci });
  }
  return true;
}

function showPromotion(moves) {
  const keyboard = $("fh-board").contains(document.activeElement);
  $("fh-promotion").hidden = false;
  render();
  fillPromotionChoices($("fh-promotion-choices"), moves, {
    image: (letter) => {
      const img = pieceImage("w" + letter);
      img.alt = "";
      img.classList.add("fh-piece", "seat-" + table.state.you);
      return img;
    },
    choose: (move) => {
      hidePromotion();
      act("/move", { move: move.uci });
    },
    cancel: () => {
      hidePromotion();
      render();
    },
    keyboard,
  });
}

function hidePromotion() {
  $("fh-promotion").hidden = true;
}

// ---------------------------------------------------------------- clicks, drags, keys

function movable(square) {
  return myTurn() && table.state.legal.some((m) => m.from === square);
}

// Clicks and drags (board-input.js), with this board's rules.
const pointerRules = {
  ready: () => Boolean(table.state),
  selected: () => table.selected,
  select(square) {
    table.selected = square;
    render();
  },
  movable,
  isTarget: (from, to) => targetsOf(from).includes(to),
  tryMove,
  render: () => render(),
};

// Enter or Space on a square (a11y.js): what a click does, without a drag.
function onSquareKey(square) {
  if (!table.state) return;
  if (table.selected && square !== table.selected && tryMove(table.selected, square)) return;
  table.selected = movable(square) && table.selected !== square ? square : null;
  render();
}

function cancelPick() {
  if (!table.selected) return false;
  table.selected = null;
  render();
  return true;
}

// ---------------------------------------------------------------- opening a table

/** Shows the table `id`; with `seat`, sits down there first (a seat's
 * link). */
export async function openTable(id, seat) {
  stopPolling();
  table.id = id;
  table.token = loadToken(id);
  session.seatToken = table.token;
  table.state = null;
  table.known = null;
  table.selected = null;
  table.gone = false;
  table.noticeFor = null;
  $("fh-error").textContent = "";
  $("fh-notice").textContent = "";
  render();
  try {
    setState(await api("GET", "/api/tables/" + encodeURIComponent(id)));
  } catch (e) {
    if (e.status === 404) {
      gone();
      return;
    }
    $("fh-notice").textContent = errorText(e);
  }
  if (seat) {
    if (table.state && !table.state.you) await sit(seat);
    // The seat's link would sit its opener down again on a reload.
    history.replaceState(null, "", "#table=" + id);
  }
  if (table.active && table.id === id && !table.gone) poll(table.pollGeneration);
}

/** The table is on screen, or not: off screen its long poll stops. */
export function setTableActive(on) {
  table.active = on;
  if (!on) {
    stopPolling();
    table.id = null;
  }
}

// ---------------------------------------------------------------- the lobby's part

function fillSeatChoices() {
  for (const seat of SEATS) {
    const select = $("table-seat-" + seat);
    const options = [["you", t("player-you")], ["person", t("fh-option-person")]];
    for (let level = 0; level <= MAX_LEVEL; level++) options.push(["computer-" + level, t("fh-computer", { level })]);
    for (const [value, text] of options) {
      const option = el("option", "", text);
      option.value = value;
      select.appendChild(option);
    }
    select.value = seat === "S" ? "you" : "computer-2";
  }
}

async function createTable(event) {
  event.preventDefault();
  const choices = SEATS.map((seat) => $("table-seat-" + seat).value);
  const mine = choices.indexOf("you");
  $("table-form-error").textContent = "";
  if (mine < 0 || choices.lastIndexOf("you") !== mine) {
    $("table-form-error").textContent = t("fh-one-you");
    return;
  }
  const seats = choices.map((c) =>
    c.startsWith("computer-") ? { kind: "computer", level: Number(c.slice("computer-".length)) } : { kind: "person" },
  );
  // The settings away from their defaults (each select's first option),
  // then the ones typed; the server reads and checks them.
  const rules = [...$("table-rules").querySelectorAll("select[data-rule]")]
    .filter((select) => select.selectedIndex > 0)
    .map((select) => select.dataset.rule + "=" + select.value);
  const more = $("table-rules-more").value.trim();
  if (more) rules.push(more);
  $("table-create").disabled = true;
  try {
    const given = await api("POST", "/api/tables", {
      seats,
      seat: SEATS[mine],
      listed: $("table-listed").checked,
      rules: rules.join(","),
    });
    saveToken(given.id, given.token);
    location.hash = "#table=" + given.id;
  } catch (e) {
    $("table-form-error").textContent = errorText(e);
  } finally {
    $("table-create").disabled = false;
  }
}

async function sitFromLobby(id, seat, button) {
  if (!session.user) {
    location.hash = "#signin";
    return;
  }
  button.disabled = true;
  $("tables-error").textContent = "";
  try {
    const given = await api("POST", "/api/tables/" + encodeURIComponent(id) + "/sit", { seat });
    saveToken(given.id, given.token);
    location.hash = "#table=" + given.id;
  } catch (e) {
    $("tables-error").textContent = t("fh-seat-taken", { seat, error: errorText(e) });
    button.disabled = false;
  }
}

// Who sits at a listed table, from the lobby's `who`: a player's name,
// `guest`, or `Daba level N` (names have no spaces).
function listedWho(who) {
  if (who === "guest") return t("fh-list-guest");
  const computer = /^Daba level (\d+)$/.exec(who);
  return computer ? t("fh-list-computer", { level: Number(computer[1]) }) : who;
}

/** Draws the lobby's tables with a seat free (`/api/lobby`'s `tables`). */
export function drawTableList(tables) {
  const body = $("tables-body");
  body.replaceChildren();
  for (const listed of tables || []) {
    const tr = el("tr", "table-row");
    tr.dataset.table = listed.id;
    for (const seat of SEATS) {
      const td = el("td");
      const found = (listed.seats || []).find((x) => x.seat === seat);
      if (found && found.who) {
        td.textContent = listedWho(found.who);
      } else {
        const button = el("button", "sit", t("fh-sit"));
        button.type = "button";
        button.dataset.seat = seat;
        button.setAttribute("aria-label", t("fh-sit-at", { seat }));
        button.addEventListener("click", () => sitFromLobby(listed.id, seat, button));
        td.appendChild(button);
      }
      tr.appendChild(td);
    }
    const look = el("a", "look", t("fh-look"));
    look.href = "#table=" + listed.id;
    const td = el("td");
    td.appendChild(look);
    tr.appendChild(td);
    body.appendChild(tr);
  }
  $("tables-empty").hidden = (tables || []).length > 0;
  $("tables-signin").hidden = !!session.user;
}

// ---------------------------------------------------------------- wiring

export function initFourhand() {
  fillSeatChoices();
  $("table-form").addEventListener("submit", createTable);
  const board = $("fh-board");
  table.pointer = pointerBoard(board, pointerRules);
  board.addEventListener("contextmenu", (event) => {
    if (cancelPick()) event.preventDefault();
  });
  keyboardBoard(board, { onActivate: onSquareKey, onEscape: cancelPick });
  $("fh-resign").addEventListener("click", () => $("fh-resign-dialog").showModal());
  $("fh-claim").addEventListener("click", () => act("/claim", {}));
  watchLength($("fh-chat-text"), $("fh-chat-left"));
  $("fh-resign-keep").addEventListener("click", () => $("fh-resign-dialog").close());
  $("fh-resign-confirm").addEventListener("click", () => {
    $("fh-resign-dialog").close();
    act("/resign", {});
  });
  $("fh-chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("fh-chat-text").value.trim();
    if (!text) return;
    if (await act("/chat", { text })) $("fh-chat-text").value = "";
  });
  window.addEventListener("daba:session", (event) => {
    $("tables-signin").hidden = !!session.user;
    // Signing in or out changes who the viewer is at the table on screen.
    if (event.detail.changed && table.active && table.id) openTable(table.id);
  });
}
