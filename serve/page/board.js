// Drawing a board, the game's and the help's lesson boards alike: 64
// squares in eight rows, as an ARIA grid that the keyboard can walk (a11y.js)
// and a screen reader can name ("e4, white knight"). It knows no rules: the
// caller says what is selected, where the selected piece may go, what the
// last move was.
import { el } from "./net.js";
import { pieceSrc } from "./themes.js";
import { t } from "./l10n.js";

export const FILES = "abcdefgh";

// Every word this module shows or says, in one place for translation.
// The messages (l10n.js) of the pieces, by their SAN letters.
const PIECE_IDS = { K: "piece-king", Q: "piece-queen", R: "piece-rook", B: "piece-bishop", N: "piece-knight", P: "piece-pawn" };

/** A piece's name in words ("knight") from its SAN letter ("N"). */
export function pieceName(letter) {
  return t(PIECE_IDS[letter]);
}

/** The name of a piece code ("wN"): "white knight". */
export function pieceWords(code) {
  return t("piece-coloured", { color: code[0] === "w" ? "white" : "black", piece: pieceName(code[1]) });
}

export function squareName(file, rank) {
  return FILES[file] + (rank + 1);
}

export function squareIndex(name) {
  return FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
}

/** A piece's picture in the chosen set (themes.js); the code stays on it
 * so a change of set redraws it in place. */
export function pieceImage(code) {
  const img = el("img", "piece");
  img.src = pieceSrc(code);
  img.dataset.code = code;
  img.alt = pieceWords(code);
  img.draggable = false;
  return img;
}

/** Draws `pieces` (64 codes, a1 first) into `container` as a grid of
 * squares. `marks`: last (two squares), check, selected, targets,
 * premove (two squares). The square that had the keyboard focus has it
 * again after the redraw (a11y.js keeps its name on the container). */
export function drawSquares(container, pieces, flipped, marks) {
  const hadFocus = container.contains(document.activeElement);
  container.replaceChildren();
  container.setAttribute("role", "grid");
  const focusName = container.dataset.focus || (flipped ? "h8" : "a1");
  let focusSquare = null;
  for (let row = 0; row < 8; row++) {
    const line = el("div", "board-row");
    line.setAttribute("role", "row");
    line.setAttribute("aria-label", t("board-rank", { rank: flipped ? row + 1 : 8 - row }));
    for (let col = 0; col < 8; col++) {
      const file = flipped ? 7 - col : col;
      const rank = flipped ? row : 7 - row;
      const name = squareName(file, rank);
      const square = el("div", "square " + ((file + rank) % 2 === 0 ? "dark" : "light"));
      square.setAttribute("role", "gridcell");
      square.dataset.square = name;
      square.tabIndex = -1;
      const code = pieces[file + 8 * rank];
      const words = [name, code ? pieceWords(code) : t("square-empty")];
      if (code) {
        const img = pieceImage(code);
        img.alt = ""; // the square says it
        square.appendChild(img);
        square.dataset.piece = code;
      }
      if (marks.last && marks.last.includes(name)) {
        square.classList.add("last");
        words.push(t("square-last-move"));
      }
      if (marks.check === name) {
        square.classList.add("check");
        words.push(t("square-check"));
      }
      if (marks.selected === name) {
        square.classList.add("selected");
        words.push(t("square-selected"));
      }
      square.setAttribute("aria-selected", String(marks.selected === name));
      if (marks.targets && marks.targets.includes(name)) {
        square.classList.add(code ? "target-capture" : "target");
        words.push(t("square-target"));
      }
      if (marks.premove && marks.premove.includes(name)) {
        square.classList.add("premove");
        words.push(t("square-premove"));
      }
      square.setAttribute("aria-label", words.join(", "));
      // Coordinates are drawn by CSS from data-coord: the square's label
      // names it already, and text inside it would be read as well.
      if (col === 0) square.appendChild(coordinate("rank", String(rank + 1)));
      if (row === 7) square.appendChild(coordinate("file", FILES[file]));
      if (name === focusName) focusSquare = square;
      line.appendChild(square);
    }
    container.appendChild(line);
  }
  focusSquare.tabIndex = 0;
  if (hadFocus) focusSquare.focus({ preventScroll: true });
}

function coordinate(kind, text) {
  const span = el("span", "coord " + kind);
  span.dataset.coord = text;
  span.setAttribute("aria-hidden", "true");
  return span;
}

export function targetsOf(legal, from) {
  return legal.filter((m) => m.from === from).map((m) => m.to);
}

/** The legal moves from `from` that a click or a drop on `square` plays:
 * the moves to that square, and castling when it is the rook's square (king
 * takes rook, which chess GUIs accept besides the king's two-square step). */
export function movesTo(legal, from, square) {
  return legal.filter((m) => m.from === from && (m.to === square || m.rook === square));
}

/** The promotion chooser of both boards: fills `box` with a button for
 * each promotion piece among `moves` (queen first, each drawn by
 * `image(letter)`) and a cancel button; `choose(move)` and `cancel()` say
 * what a click does. When the board had the keyboard focus (`keyboard`),
 * the focus goes to the first choice, which comes next by keyboard. */
export function fillPromotionChoices(box, moves, { image, choose, cancel, keyboard }) {
  box.replaceChildren();
  for (const letter of ["q", "r", "b", "n"]) {
    const move = moves.find((m) => m.promotion === letter);
    if (!move) continue;
    const name = pieceName(letter.toUpperCase());
    const button = el("button", "choice");
    button.type = "button";
    button.dataset.promotion = letter;
    button.title = name;
    button.setAttribute("aria-label", name);
    button.appendChild(image(letter.toUpperCase()));
    button.addEventListener("click", () => choose(move));
    box.appendChild(button);
  }
  const cancelButton = el("button", "cancel", t("cancel"));
  cancelButton.type = "button";
  cancelButton.addEventListener("click", cancel);
  box.appendChild(cancelButton);
  if (keyboard) box.querySelector("button").focus();
}
