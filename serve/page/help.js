// How the pieces move: lessons with small boards the learner plays on.
//
// On its own (#help) the help is a page; during a game it is a panel beside
// the board (a drawer on a phone) that stays open while the game goes on
// and shows the lessons of the piece the player has picked up. Each lesson
// board is played through the server (POST /api/position with the moves
// from the lesson's FEN), so en passant, castling and promotion happen on
// it as in a game, and the page still knows no rules; Reset puts it back.
import { $, el, api } from "./net.js";
import { drawSquares, movesTo, pieceImage, pieceName, squareIndex, targetsOf } from "./board.js";
import { endWords, t } from "./l10n.js";
import { keyboardBoard } from "./a11y.js";

// Every word this module shows is a message of l10n.js.
const WORDS = {
  idle: (color) => t("help-idle", { color }),
  played: (color, san) => t("help-played", { color, san }),
  empty: () => t("help-empty"),
  waits: (mover, side) => t("help-waits", { mover, side }),
  noMove: (piece) => t("help-no-move", { piece }),
  canGo: (piece, count) => t("help-can-go", { piece, count }),
  promotes: () => " " + t("help-promotes"),
  promoteTo: () => t("promote-to"),
  reset: () => t("help-reset"),
  resetLabel: (title) => t("help-reset-label", { title }),
  boardLabel: (title) => t("help-board-label", { title }),
  following: (piece) => t("help-following", { piece }),
};

const help = {
  open: false, // the panel is open beside the game's board
  view: null, // the section on screen (app.js's show)
  drawn: false,
  piece: null, // the piece letter the panel follows, null for every lesson
};

/** Places the help for the section now on screen: a page of its own for
 * #help, a panel beside the board in a game when open, else hidden. */
export function placeHelp(view) {
  help.view = view;
  const section = $("help");
  const beside = view === "play" && help.open;
  if (beside && section.parentElement !== $("play")) $("play").appendChild(section);
  if (view === "help" && section.parentElement !== $("main")) $("main").appendChild(section);
  section.classList.toggle("beside", beside);
  section.hidden = !(beside || view === "help");
  $("help-close").hidden = !beside;
  $("help-toggle").setAttribute("aria-expanded", String(beside));
  $("help-toggle").classList.toggle("on", beside);
  if (view === "help") follow(null);
  if (!section.hidden) drawHelp();
}

function setOpen(open) {
  help.open = open;
  placeHelp(help.view);
  if (open) $("help-close").focus();
  else $("help-toggle").focus();
}

/** The game's board picked up a piece (its code, "wN"), or put it down
 * (null): an open panel shows that piece's lessons. */
export function followPiece(code) {
  if (help.open && help.view === "play" && code) follow(code[1]);
}

function follow(letter) {
  if (help.piece === letter) return;
  help.piece = letter;
  for (const article of $("help").querySelectorAll("article")) {
    article.hidden = !!letter && !(article.dataset.pieces || "").includes(letter);
  }
  $("help-following").hidden = !letter;
  $("help-all").hidden = !letter;
  if (letter) $("help-following").textContent = WORDS.following(pieceName(letter));
  $("help").scrollTop = 0;
}

export function initHelp() {
  $("help-toggle").addEventListener("click", () => setOpen(!help.open));
  $("help-close").addEventListener("click", () => setOpen(false));
  $("help-all").addEventListener("click", () => follow(null));
  // The header's link opens the panel during a game instead of leaving it.
  $("nav-help").addEventListener("click", (event) => {
    if (help.view !== "play") return;
    event.preventDefault();
    setOpen(true);
  });
  $("help").addEventListener("keydown", (event) => {
    if (event.key === "Escape" && help.open && help.view === "play" && !event.target.closest("[data-square]")) {
      setOpen(false);
    }
  });
}

// ---------------------------------------------------------------- lesson boards

async function drawHelp() {
  if (help.drawn) return;
  help.drawn = true;
  for (const mini of document.querySelectorAll(".mini")) await drawLesson(mini);
}

async function drawLesson(mini) {
  const title = mini.closest("article").querySelector("h3").textContent;
  const board = el("div", "board small");
  board.setAttribute("aria-label", WORDS.boardLabel(title));
  const caption = el("p", "mini-caption", "");
  caption.setAttribute("aria-live", "polite");
  const choices = el("div", "mini-promotion");
  choices.hidden = true;
  const reset = el("button", "mini-reset", WORDS.reset());
  reset.type = "button";
  reset.setAttribute("aria-label", WORDS.resetLabel(title));
  mini.replaceChildren(board, choices, caption, reset);

  const lesson = { moves: [], start: null, position: null, selected: null };
  try {
    lesson.start = await api("POST", "/api/position", { fen: mini.dataset.fen });
  } catch (e) {
    caption.textContent = e.message;
    return;
  }
  lesson.position = lesson.start;

  const draw = () => {
    const p = lesson.position;
    drawSquares(board, p.board, false, {
      last: p.last_move,
      check: p.check,
      selected: lesson.selected,
      targets: lesson.selected ? targetsOf(p.legal, lesson.selected) : [],
    });
  };
  // A lesson board announces only the end it shows: a mate or a stalemate
  // (no legal move). Other automatic ends (a king and a bishop against a
  // king is a dead position) would hide what the board is there to teach.
  const idle = () => {
    const p = lesson.position;
    const ending = p.legal.length === 0 ? endWords(p.reason, p.winner) || p.end_text : null;
    return ending || WORDS.idle(p.turn);
  };
  const play = async (uci) => {
    choices.hidden = true;
    try {
      const p = await api("POST", "/api/position", { fen: mini.dataset.fen, moves: [...lesson.moves, uci] });
      lesson.moves.push(uci);
      lesson.position = p;
      lesson.selected = null;
      draw();
      caption.textContent = WORDS.played(p.turn === "white" ? "black" : "white", p.san) + " " + idle();
    } catch (e) {
      caption.textContent = e.message;
    }
  };
  const askPromotion = (candidates) => {
    choices.replaceChildren(el("span", "", WORDS.promoteTo()));
    const color = lesson.position.turn === "white" ? "w" : "b";
    for (const letter of ["q", "r", "b", "n"]) {
      const move = candidates.find((m) => m.promotion === letter);
      if (!move) continue;
      const button = el("button", "choice");
      button.type = "button";
      button.dataset.promotion = letter;
      button.setAttribute("aria-label", pieceName(letter.toUpperCase()));
      button.appendChild(pieceImage(color + letter.toUpperCase()));
      button.addEventListener("click", () => play(move.uci));
      choices.appendChild(button);
    }
    choices.hidden = false;
    choices.querySelector("button").focus();
  };
  const activate = (name) => {
    const p = lesson.position;
    if (lesson.selected && name !== lesson.selected) {
      const candidates = movesTo(p.legal, lesson.selected, name);
      if (candidates.length > 1 && candidates.every((m) => m.promotion)) return askPromotion(candidates);
      if (candidates.length > 0) return play(candidates[0].uci);
    }
    choices.hidden = true;
    lesson.selected = lesson.selected === name ? null : name;
    draw();
    const piece = p.board[squareIndex(name)];
    caption.textContent = lesson.selected ? helpCaption(p, name, piece) : idle();
  };

  draw();
  caption.textContent = idle();
  board.addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]");
    if (square) activate(square.dataset.square);
  });
  keyboardBoard(board, {
    onActivate: activate,
    onEscape: () => {
      lesson.selected = null;
      choices.hidden = true;
      draw();
      caption.textContent = idle();
    },
  });
  reset.addEventListener("click", () => {
    Object.assign(lesson, { moves: [], position: lesson.start, selected: null });
    choices.hidden = true;
    draw();
    caption.textContent = idle();
  });
}

// What a lesson board says of the piece on `name` (`piece`: its code).
function helpCaption(position, name, piece) {
  if (!piece) return WORDS.empty();
  const what = pieceName(piece[1]);
  const side = piece[0] === "w" ? "white" : "black";
  if (side !== position.turn) return WORDS.waits(position.turn, side);
  const moves = position.legal.filter((m) => m.from === name);
  if (moves.length === 0) return WORDS.noMove(what);
  const squares = [...new Set(moves.map((m) => m.to))];
  let text = WORDS.canGo(what, squares.length);
  if (moves.some((m) => m.promotion)) text += WORDS.promotes();
  return text;
}
