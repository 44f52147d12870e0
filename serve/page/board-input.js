// Moves by pointer on a board, the two-player game's and the table for
// four's alike: press a piece and drop it on a target, or click the piece
// and then the target. A drop anywhere else puts the piece back; a second
// click on the piece picked up puts it down. The rules stay with the
// caller, which says through `rules` what may be picked up and played:
//
//   ready()              whether the board takes input now
//   intercept(square)    optional: true when the press was handled
//                        otherwise (a premove)
//   selected()           the square picked up, or null
//   select(square, at)   picks up `square` (null: puts down; `at` is the
//                        square pressed) and redraws
//   movable(square)      whether a piece there may be picked up
//   isTarget(from, to)   whether `from` may play to `to`
//   tryMove(from, to)    plays it (or asks for a promotion piece); false
//                        when there is no such move
//   render()             redraws the board
//
// The keyboard has its own path (a11y.js's keyboardBoard).

/** A drag must move this many pixels before it counts as one (a shaking
 * hand on a click is still a click). */
const DRAG_THRESHOLD_PX = 5;

/** Listens to pointer events on `board` (a container drawn by board.js's
 * drawSquares or fourhand.js); returns `redrawn()`, which the caller calls
 * after each redraw so a piece in the middle of a drag stays in the hand. */
export function pointerBoard(board, rules) {
  let drag = null; // {from, img, x, y, dx, dy, moved, wasSelected}
  let pendingTarget = null;

  const squareAt = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    const square = hit && hit.closest("[data-square]");
    return square && board.contains(square) ? square.dataset.square : null;
  };
  const pieceOn = (square) => board.querySelector('[data-square="' + square + '"] img');
  const follow = () => {
    if (drag.img && drag.moved) {
      drag.img.classList.add("dragging");
      drag.img.style.transform = "translate(" + drag.dx + "px, " + drag.dy + "px)";
    }
  };

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !rules.ready()) return;
    const square = squareAt(event.clientX, event.clientY);
    if (!square) return;
    event.preventDefault();
    if (rules.intercept && rules.intercept(square)) return;
    // A target of the piece picked up plays on release (its own rook, for
    // a king that castles, included); else a piece of one's own is picked up.
    const selected = rules.selected();
    if (selected && square !== selected && rules.isTarget(selected, square)) {
      pendingTarget = square;
      return;
    }
    if (rules.movable(square)) {
      const wasSelected = selected === square;
      rules.select(square, square);
      drag = { from: square, img: pieceOn(square), x: event.clientX, y: event.clientY, dx: 0, dy: 0, moved: false, wasSelected };
      board.setPointerCapture(event.pointerId);
    } else {
      rules.select(null, square);
    }
  });

  board.addEventListener("pointermove", (event) => {
    if (!drag || !drag.img) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    drag.dx = dx;
    drag.dy = dy;
    follow();
  });

  board.addEventListener("pointerup", (event) => {
    const square = squareAt(event.clientX, event.clientY);
    if (drag) {
      const done = drag;
      drag = null;
      if (done.moved) {
        // A drop: a legal target plays, anything else snaps back.
        if (!(square && square !== done.from && rules.tryMove(done.from, square))) {
          rules.select(null, null);
        }
      } else if (done.wasSelected) {
        rules.select(null, null);
      }
      return;
    }
    if (pendingTarget) {
      const target = pendingTarget;
      pendingTarget = null;
      const selected = rules.selected();
      if (square === target && selected) rules.tryMove(selected, target);
    }
  });

  board.addEventListener("pointercancel", () => {
    drag = null;
    pendingTarget = null;
    rules.render();
  });

  return {
    // A redraw in the middle of a drag (a state from the event stream: a
    // clock, a chat line) makes new squares: the piece in the hand is the
    // new one.
    redrawn() {
      if (!drag) return;
      drag.img = pieceOn(drag.from);
      follow();
    },
  };
}
