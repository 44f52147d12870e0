// Move sounds: short tones made with WebAudio (no sound files), off until
// the player turns them on in the settings menu; the choice is remembered
// in localStorage.
import { $ } from "./net.js";

const KEY = "daba-sound";

// Each kind of event: tones as [frequency in Hz, start s, length s].
const TONES = {
  move: [[520, 0, 0.07]],
  capture: [[330, 0, 0.06], [260, 0.06, 0.09]],
  check: [[660, 0, 0.08], [880, 0.09, 0.1]],
  end: [[523, 0, 0.15], [392, 0.15, 0.15], [262, 0.3, 0.3]],
};

let on = false;
let context = null;

/** Whether the sounds are on (for the tests and the menu). */
export function soundOn() {
  return on;
}

/** Plays the sound of a move in SAN (or "end" for the end of the game). */
export function playSound(kind) {
  if (!on || !window.AudioContext) return;
  // Browsers start audio only after a gesture: the context is made when the
  // player turns the sounds on, and resumed here in case it was suspended.
  context = context || new AudioContext();
  if (context.state === "suspended") context.resume();
  const now = context.currentTime;
  for (const [frequency, start, length] of TONES[kind] || TONES.move) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    // A quick rise and fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(context.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
  document.documentElement.dataset.lastSound = kind; // what was played, for the tests
}

/** The sound kind of a move in SAN. */
export function soundOf(san) {
  if (/[+#]$/.test(san)) return "check";
  if (san.includes("x")) return "capture";
  return "move";
}

/** Wires the settings menu's switch. */
export function initSounds() {
  try {
    on = localStorage.getItem(KEY) === "on";
  } catch (e) {
    on = false;
  }
  const box = $("sound-on");
  box.checked = on;
  box.addEventListener("change", () => {
    on = box.checked;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch (e) {
      /* storage off: on until the page is left */
    }
    if (on && window.AudioContext) {
      context = context || new AudioContext();
      playSound("move"); // a sample, so the player hears the level
    }
  });
}
