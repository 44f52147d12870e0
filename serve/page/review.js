// Stepping through a game and Daba's review of it, beside the board.
//
// The server sends every position of the game (GET /api/games/{id}/positions)
// and, when asked, its review (POST, then GET /api/games/{id}/review): the
// evaluation after each move, the better move and line, the mark of each
// inaccuracy, mistake and blunder, and each side's accuracy, as
// `daba analyse --json` writes them. This module draws them; it knows no
// chess either. Text from the server is only ever set with textContent.
import { $, el, api, errorText } from "./net.js";
import { t } from "./l10n.js";

const SVG = "http://www.w3.org/2000/svg";
/** The graph's evaluations are clipped to ± this many centipawns. */
const GRAPH_CP = 1000;
// The messages (l10n.js) of the marks.
const MARK_WORDS = { "?!": "mark-inaccuracy", "?": "mark-mistake", "??": "mark-blunder" };

const state = {
  gameId: null,
  positions: null, // every position, the start first (when loaded)
  loading: null,
  ply: null, // the position shown: null for the game as it stands
  review: null, // the review, once made
  polling: false,
  onChange: () => {},
};

/** The position to draw for the game `s` (the server's view): the one the
 * player stepped to, or the game as it stands (`live`). */
export function shownPosition(s) {
  if (state.ply === null || !state.positions || state.gameId !== s.id || state.ply >= state.positions.length) {
    return { board: s.board, last_move: s.last_move, check: s.check, live: true, ply: s.moves.length };
  }
  const p = state.positions[state.ply];
  return { board: p.board, last_move: p.last_move, check: p.check, live: false, ply: state.ply };
}

/** A new game on screen: forget the last one's. */
export function resetReview(gameId) {
  if (state.gameId === gameId) return;
  Object.assign(state, { gameId, positions: null, loading: null, ply: null, review: null, polling: false });
}

async function loadPositions(s) {
  if (state.positions && state.positions.length === s.moves.length + 1) return;
  if (!state.loading) {
    state.loading = api("GET", "/api/games/" + encodeURIComponent(s.id) + "/positions")
      .then((positions) => {
        if (state.gameId === s.id) state.positions = positions;
      })
      .finally(() => (state.loading = null));
  }
  await state.loading;
}

/** Shows position `ply` (0: the start; the last: the game as it stands). */
export async function goTo(s, ply) {
  if (!s || !s.moves.length) return;
  const last = s.moves.length;
  const target = Math.max(0, Math.min(last, ply));
  try {
    await loadPositions(s);
  } catch (e) {
    $("review-error").textContent = errorText(e);
    return;
  }
  state.ply = target === last ? null : target;
  state.onChange();
}

/** The stepping buttons, the marks in the move list and the review panel,
 * for the game `s`. */
export function renderReview(s) {
  const shown = shownPosition(s);
  const any = s.moves.length > 0;
  $("step").hidden = !any;
  $("step-first").disabled = shown.ply === 0;
  $("step-back").disabled = shown.ply === 0;
  $("step-forward").disabled = shown.live;
  $("step-last").disabled = shown.live;
  $("step-where").textContent = shown.live ? "" : t("step-where", { ply: shown.ply, total: s.moves.length });
  for (const move of document.querySelectorAll("#moves .move")) {
    const ply = Number(move.dataset.ply);
    move.classList.toggle("current", !shown.live && ply === shown.ply);
    const judged = state.review && state.review.moves[ply - 1];
    move.dataset.mark = judged && judged.mark ? judged.mark : "";
  }
  $("review").hidden = !(s.over && any);
  $("review-ask-row").hidden = !!state.review || state.polling;
  if (state.review) drawReview(s, state.review);
}

/** Asks for the review and follows it until it is made. */
async function askReview(s) {
  $("review-error").textContent = "";
  $("review-ask").disabled = true;
  const path = "/api/games/" + encodeURIComponent(s.id) + "/review";
  try {
    let answer = await api("POST", path);
    state.polling = true;
    state.onChange();
    while (answer.state !== "done" && state.gameId === s.id) {
      $("review-status").textContent =
        answer.state === "running"
          ? t("review-running", { done: answer.done, total: answer.total })
          : answer.state === "waiting"
            ? t("review-waiting", { ahead: answer.ahead })
            : t("review-asking");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      answer = await api("GET", path);
      if (answer.state === "none") answer = await api("POST", path);
    }
    if (state.gameId !== s.id) return;
    state.review = answer.review;
    $("review-status").textContent = "";
  } catch (e) {
    $("review-error").textContent = errorText(e);
  } finally {
    state.polling = false;
    $("review-ask").disabled = false;
    state.onChange();
  }
}

function scoreCp(score) {
  if (score.mate !== undefined) return score.mate >= 0 ? GRAPH_CP : -GRAPH_CP;
  return Math.max(-GRAPH_CP, Math.min(GRAPH_CP, score.cp));
}

function scoreText(score) {
  if (score.mate !== undefined) return score.mate === 0 ? t("review-mate") : (score.mate > 0 ? "#" : "#-") + Math.abs(score.mate);
  const pawns = score.cp / 100;
  return (pawns > 0 ? "+" : "") + pawns.toFixed(2);
}

function drawReview(s, review) {
  for (const [side, figures] of [["white", review.white], ["black", review.black]]) {
    $("review-" + side + "-accuracy").textContent =
      figures.accuracy === null ? "–" : figures.accuracy.toFixed(1) + "%";
    $("review-" + side + "-counts").textContent = t("review-counts", {
      inaccuracies: figures.inaccuracies,
      mistakes: figures.mistakes,
      blunders: figures.blunders,
    });
  }
  $("review-figures").hidden = false;
  drawGraph(s, review);
  const list = $("review-marks");
  list.replaceChildren();
  for (const move of review.moves) {
    if (!move.mark) continue;
    const item = el("li");
    const button = el("button", "review-mark");
    button.type = "button";
    button.dataset.ply = String(move.ply);
    const number = move.move_number + (move.side === "white" ? ". " : "… ");
    button.appendChild(el("span", "san", number + move.move + move.mark));
    button.appendChild(el("span", "", " " + t(MARK_WORDS[move.mark]) + " (" + scoreText(move.eval) + ")"));
    if (move.best) {
      const line = move.pv.length ? move.pv.slice(0, 8).join(" ") : move.best;
      button.appendChild(el("span", "better", ". " + t("review-better", { line }) + " (" + scoreText(move.best_eval) + ")"));
    }
    button.addEventListener("click", () => goTo(s, move.ply));
    item.appendChild(button);
    list.appendChild(item);
  }
  $("review-none").hidden = list.children.length > 0;
}

/** The evaluation graph: White's advantage above the middle line. */
function drawGraph(s, review) {
  const svg = $("review-graph");
  svg.replaceChildren();
  const width = 300;
  const height = 100;
  const scores = [review.start_eval, ...review.moves.map((m) => m.eval)];
  const x = (i) => (scores.length < 2 ? 0 : (i * width) / (scores.length - 1));
  const y = (score) => height / 2 - (scoreCp(score) * (height / 2 - 4)) / GRAPH_CP;
  const mid = document.createElementNS(SVG, "line");
  Object.entries({ x1: 0, y1: height / 2, x2: width, y2: height / 2, class: "mid" }).forEach(([k, v]) =>
    mid.setAttribute(k, v),
  );
  svg.appendChild(mid);
  const area = document.createElementNS(SVG, "polygon");
  const points = scores.map((sc, i) => x(i).toFixed(1) + "," + y(sc).toFixed(1));
  area.setAttribute("points", "0," + height + " " + points.join(" ") + " " + width + "," + height);
  area.setAttribute("class", "white-area");
  svg.appendChild(area);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", points.join(" "));
  line.setAttribute("class", "eval");
  svg.appendChild(line);
  review.moves.forEach((move, i) => {
    if (!move.mark) return;
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(i + 1).toFixed(1));
    dot.setAttribute("cy", y(move.eval).toFixed(1));
    dot.setAttribute("r", "3.5");
    dot.setAttribute("class", "mark mark-" + { "?!": "inaccuracy", "?": "mistake", "??": "blunder" }[move.mark]);
    svg.appendChild(dot);
  });
  const shown = shownPosition(s);
  const cursor = document.createElementNS(SVG, "line");
  Object.entries({ x1: x(shown.ply), y1: 0, x2: x(shown.ply), y2: height, class: "cursor" }).forEach(([k, v]) =>
    cursor.setAttribute(k, v),
  );
  svg.appendChild(cursor);
  svg.onclick = (event) => {
    const box = svg.getBoundingClientRect();
    const ratio = (event.clientX - box.left) / box.width;
    goTo(s, Math.round(ratio * (scores.length - 1)));
  };
}

/** Wires the buttons and the arrow keys; `current` gives the game on
 * screen, `onChange` redraws it. */
export function initReview({ current, onChange }) {
  state.onChange = onChange;
  const step = (delta) => {
    const s = current();
    if (!s) return;
    goTo(s, shownPosition(s).ply + delta);
  };
  $("step-first").addEventListener("click", () => current() && goTo(current(), 0));
  $("step-back").addEventListener("click", () => step(-1));
  $("step-forward").addEventListener("click", () => step(1));
  $("step-last").addEventListener("click", () => current() && goTo(current(), Infinity));
  $("moves").addEventListener("click", (event) => {
    const move = event.target.closest(".move");
    if (move && current()) goTo(current(), Number(move.dataset.ply));
  });
  $("review-ask").addEventListener("click", () => current() && askReview(current()));
  document.addEventListener("keydown", (event) => {
    if ($("play").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    const keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in keys) step(keys[event.key]);
    else if (event.key === "Home" && current()) goTo(current(), 0);
    else if (event.key === "End" && current()) goTo(current(), Infinity);
    else return;
    event.preventDefault();
  });
}
