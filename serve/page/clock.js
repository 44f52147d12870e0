// Time controls as the lobby offers them, and clocks as the page shows
// them. The server's clock is the truth: the page only counts down from
// the times of its last answer, for display.

import { el } from "./net.js";
import { t } from "./l10n.js";

/** The lobby's real-time presets, by speed (as lichess groups them). */
export const PRESETS = [
  ["bullet", ["1+0", "2+1"]],
  ["blitz", ["3+0", "3+2", "5+0", "5+3"]],
  ["rapid", ["10+0", "10+5", "15+10"]],
  ["classical", ["30+0", "30+20"]],
];

/** Days per move of correspondence games. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

/** The custom control's choices: minutes (quarter minutes below 2) and
 * seconds of increment. */
export const CUSTOM_MINUTES = [
  0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 45, 60, 75, 90, 120, 150, 180,
];
export const CUSTOM_INCREMENTS = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 45, 60, 90, 120, 150, 180,
];

const MINUTE_WORDS = { 0.25: "¼", 0.5: "½", 0.75: "¾", 1.5: "1½" };

/** A control's speed by its estimated duration (initial + 40 increments):
 * as the server classes them. */
export function speedOf(control) {
  if (!control || control === "-") return "unlimited";
  if (/^\d+d$/.test(control)) return "correspondence";
  const [minutes, seconds] = control.split("+").map(Number);
  const estimate = minutes * 60 + 40 * seconds;
  if (estimate < 180) return "bullet";
  if (estimate < 480) return "blitz";
  if (estimate < 1500) return "rapid";
  return "classical";
}

/** A control in words: `5+3`, `3 days`, `Unlimited`. */
export function controlText(control) {
  if (!control || control === "-") return t("control-unlimited");
  const days = /^(\d+)d$/.exec(control);
  if (days) return t("control-days", { days: Number(days[1]) });
  const [minutes, seconds] = control.split("+");
  return (MINUTE_WORDS[Number(minutes)] || minutes) + "+" + seconds;
}

/** Fills a <select> with the time controls: the presets by speed, a custom
 * one, correspondence, and (with `unlimited`) no clock. */
export function fillControls(select, { unlimited = false, selected = "5+3" } = {}) {
  select.replaceChildren();
  if (unlimited) {
    const group = el("optgroup");
    group.label = t("control-no-clock");
    group.appendChild(option("-", t("control-unlimited")));
    select.appendChild(group);
  }
  for (const [speed, controls] of PRESETS) {
    const group = el("optgroup");
    group.label = t("speed", { speed });
    for (const c of controls) group.appendChild(option(c, t("control-preset", { control: c, speed })));
    select.appendChild(group);
  }
  const custom = el("optgroup");
  custom.label = t("control-custom-group");
  custom.appendChild(option("custom", t("control-custom")));
  select.appendChild(custom);
  const corr = el("optgroup");
  corr.label = t("control-correspondence");
  for (const d of CORRESPONDENCE_DAYS) corr.appendChild(option(d + "d", t("control-days-per-move", { days: d })));
  select.appendChild(corr);
  select.value = selected;
}

/** Fills the custom control's two selects. */
export function fillCustom(minutes, increment) {
  minutes.replaceChildren(
    ...CUSTOM_MINUTES.map((m) => option(String(m), t("custom-minutes", { minutes: MINUTE_WORDS[m] || String(m) }))),
  );
  increment.replaceChildren(...CUSTOM_INCREMENTS.map((s) => option(String(s), t("custom-seconds", { seconds: String(s) }))));
  minutes.value = "5";
  increment.value = "3";
}

function option(value, text) {
  const o = el("option", "", text);
  o.value = value;
  return o;
}

/** The control a select and its custom fields stand for. */
export function chosenControl(select, minutes, increment) {
  if (select.value === "custom") return minutes.value + "+" + increment.value;
  return select.value;
}

/** A clock's time in words: `4:59`, `0:09.3` under ten seconds, `1:02:03`
 * above an hour; correspondence `2 days 5 h`, `5 h 12 min`. */
export function clockText(ms, kind) {
  ms = Math.max(0, ms);
  if (kind === "correspondence" && ms >= 3600000) {
    const days = Math.floor(ms / 86400000);
    const hours = Math.floor((ms % 86400000) / 3600000);
    const minutes = Math.floor((ms % 3600000) / 60000);
    if (days > 0) return t("clock-days", { days, hours: String(hours) });
    return t("clock-hours", { hours: String(hours), minutes: String(minutes) });
  }
  if (ms < 10000 && kind !== "correspondence") {
    const tenths = Math.floor(ms / 100);
    return "0:0" + Math.floor(tenths / 10) + "." + (tenths % 10);
  }
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? h + ":" + String(m).padStart(2, "0") + ":" + s : m + ":" + s;
}

/** Whether a clock shows as low: under 10 s in real time, under an hour
 * in correspondence. */
export function isLow(ms, kind) {
  return kind === "correspondence" ? ms < 3600000 : ms < 10000;
}
