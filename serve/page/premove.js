// Premove: in a real-time game, one move queued during the opponent's
// turn, played as soon as the turn comes if it is legal then, and dropped
// (never sent) if it is not. The page knows no rules: any square may be
// queued, and the server's list of legal moves decides on one's turn.
import { movesTo } from "./board.js";

let queued = null; // {from, to}

/** The queued premove, or null. */
export function premove() {
  return queued;
}

export function setPremove(from, to) {
  queued = { from, to };
}

export function clearPremove() {
  const had = !!queued;
  queued = null;
  return had;
}

/** On one's turn: the legal move the premove stands for (a promotion to a
 * queen, as premoves elsewhere), or null; either way it is used up. */
export function takePremove(legal) {
  if (!queued) return null;
  const candidates = movesTo(legal, queued.from, queued.to);
  queued = null;
  return candidates.find((m) => m.promotion === "q") || candidates[0] || null;
}
