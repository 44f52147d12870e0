// The board by keyboard and for screen readers.
//
// A board (board.js, fourhand.js) is an ARIA grid with one square in the tab order (a
// roving tabindex): the arrow keys move the focus as the squares appear on
// screen, Home and End go to the row's ends, Enter or Space picks a piece
// up or drops it (the same as a click), Escape puts it down. Moves of both
// sides are said in a live region, in words ("White: knight f3", "Daba:
// e5, check").
import { $, capital } from "./net.js";
import { pieceName } from "./board.js";
import { t } from "./l10n.js";

/** Lets the keyboard walk `container`'s squares; `onActivate(name)` is a
 * click on the square, `onEscape()` puts the piece down. */
export function keyboardBoard(container, { onActivate, onEscape }) {
  container.addEventListener("keydown", (event) => {
    const square = event.target.closest("[data-square]");
    if (!square || event.altKey || event.ctrlKey || event.metaKey) return;
    // The rows' children in screen order: squares, and the holes of a board
    // that is not a full square (the four-handed cross), which the arrows
    // step over.
    const rows = [...container.querySelectorAll('[role="row"]')].map((r) => [...r.children]);
    const row = rows.findIndex((cells) => cells.includes(square));
    const col = rows[row].indexOf(square);
    const isSquare = (cell) => !!cell && cell.matches("[data-square]");
    const step = (dr, dc) => {
      for (let r = row + dr, c = col + dc; r >= 0 && r < rows.length && c >= 0 && c < rows[r].length; r += dr, c += dc) {
        if (isSquare(rows[r][c])) return rows[r][c];
      }
      return null;
    };
    const moves = {
      ArrowUp: () => step(-1, 0),
      ArrowDown: () => step(1, 0),
      ArrowLeft: () => step(0, -1),
      ArrowRight: () => step(0, 1),
      Home: () => rows[row].find(isSquare),
      End: () => rows[row].findLast(isSquare),
    };
    if (event.key in moves) {
      const next = moves[event.key]();
      if (next) focusSquare(container, next);
    } else if (event.key === "Enter" || event.key === " ") {
      onActivate(square.dataset.square);
    } else if (event.key === "Escape") {
      onEscape();
    } else {
      return;
    }
    // The page's own keys (arrows step through the moves) stay off the board.
    event.preventDefault();
    event.stopPropagation();
  });
  // A click moves the roving focus too, so Tab comes back where one was.
  container.addEventListener("pointerdown", (event) => {
    const square = event.target.closest("[data-square]");
    if (square) container.dataset.focus = square.dataset.square;
  });
}

function focusSquare(container, square) {
  for (const other of container.querySelectorAll('[data-square][tabindex="0"]')) other.tabIndex = -1;
  square.tabIndex = 0;
  container.dataset.focus = square.dataset.square;
  square.focus();
}

/** A move in SAN in words: "knight takes f3, check". */
export function sanWords(san) {
  const mate = san.endsWith("#");
  const check = san.endsWith("+");
  const bare = san.replace(/[+#!?]+$/, "");
  let words;
  if (/^O-O-O/.test(bare)) words = t("san-castle-long");
  else if (/^O-O/.test(bare)) words = t("san-castle-short");
  else {
    const squares = bare.match(/[a-h][1-8]/g) || [];
    const to = squares[squares.length - 1] || bare;
    const letter = /^[KQRBN]/.test(bare) ? bare[0] : null;
    const capture = bare.includes("x");
    const piece = pieceName(letter || "P");
    // A pawn's move is its square alone ("e4"); squares keep their names
    // in every language, as the notation does.
    if (capture) words = t("san-capture", { piece, to });
    else words = letter ? t("san-move", { piece, to }) : to;
    const promotion = /=([QRBN])/.exec(bare);
    if (promotion) words = t("san-promotion", { move: words, piece: pieceName(promotion[1]) });
  }
  if (mate) words = t("san-mate", { move: words });
  else if (check) words = t("san-check", { move: words });
  return words;
}

/** The "Skip to the page" link moves the focus past the header without
 * changing the address (the page's routes live in the hash). */
export function initSkipLink() {
  $("skip").addEventListener("click", (event) => {
    event.preventDefault();
    $("main").focus();
  });
}

/** Says `text` to screen readers (the page's polite live region). */
export function announce(text) {
  const region = $("announce");
  // The same words twice in a row are said again only if the text changes.
  region.textContent = region.textContent === text ? text + "\u00a0" : text;
}

/** Says the moves of `moves` (the game's, SAN) after the first `known`
 * ones, each with its player (`who(ply)`, 0-based), or a take-back. */
export function announceMoves(moves, known, who) {
  if (moves.length < known) {
    announce(t("taken-back", { count: known - moves.length }));
    return;
  }
  const said = [];
  for (let ply = known; ply < moves.length; ply++) {
    said.push(t("said-move", { who: capital(who(ply)), move: sanWords(moves[ply].san) }));
  }
  if (said.length) announce(said.join(". "));
}

// ---------------------------------------------------------------- chat length

// A chat box takes at most its maxlength (the server's MAX_CHAT_CHARS, which
// refuses longer messages): within CHAT_WARN_LEFT of it the box says how
// many characters are left, and a paste that did not fit says it was cut.
const CHAT_WARN_LEFT = 30;

/** Makes `note` say how many characters `input` has left near its
 * maxlength, and that a paste was cut. */
export function watchLength(input, note) {
  const update = (cut) => {
    const left = input.maxLength - input.value.length;
    note.hidden = left > CHAT_WARN_LEFT && !cut;
    note.textContent = cut ? t("chars-left-cut", { left, max: input.maxLength }) : t("chars-left", { left });
  };
  input.addEventListener("input", () => update(false));
  input.addEventListener("paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    const room = input.maxLength - input.value.length + (input.selectionEnd - input.selectionStart);
    // The input event of the paste comes first; this says what it cut.
    if (text.length > room) setTimeout(() => update(true));
  });
  update(false);
}

/** Asks `question` in the page's own dialog (index.html's #ask-dialog) with
 * the buttons `yes` and `no`; resolves true for yes, false for no or
 * Escape. The browser's confirm() is neither translated by the page nor
 * styled like it. */
export function askYesNo(question, yes, no) {
  const dialog = $("ask-dialog");
  $("ask-question").textContent = question;
  $("ask-yes").textContent = yes;
  $("ask-no").textContent = no;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}
