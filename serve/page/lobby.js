// The lobby: open challenges (seeks) updated live by server-sent events,
// the form that creates one, who is online, the tables for four with a seat
// free (drawn by fourhand.js), and the jump into a game when someone
// accepts one's challenge.

import { $, el, api, errorText, ratingText, session, userLink } from "./net.js";
import { chosenControl, controlText, fillControls, fillCustom, speedOf } from "./clock.js";
import { t } from "./l10n.js";
import { drawTableList } from "./fourhand.js";

const lobby = {
  source: null, // the EventSource of /api/lobby/events
  pollTimer: null, // polling /api/lobby when events cannot be had
  data: null, // the last {seeks, online, playing}
  onSeat: null, // called with an accepted seek's seat {id, token, color, state}
  onChange: null, // called on every lobby update
  active: false, // the lobby is on screen
};

// Whether one's own challenge waits in the lobby.
function seeking() {
  return !!(lobby.data && lobby.data.seeks.some((s) => s.mine));
}

/** The live updates run while the lobby is on screen, and elsewhere while
 * one's own challenge waits (its `started` event brings the game). A page
 * in a game keeps its connections for the game. */
export function setLobbyActive(on) {
  lobby.active = on;
  if (on && !lobby.source && !lobby.pollTimer) connectLobby();
  if (!on && !seeking()) disconnect();
}

function disconnect() {
  if (lobby.source) lobby.source.close();
  lobby.source = null;
  stopPolling();
}

function draw(data) {
  if (!data || !Array.isArray(data.seeks)) return;
  lobby.data = data;
  $("lobby-error").textContent = "";
  const body = $("seeks-body");
  body.replaceChildren();
  for (const seek of data.seeks) {
    const tr = el("tr", "seek" + (seek.mine ? " mine" : ""));
    tr.dataset.seek = seek.id;
    const who = el("td");
    who.appendChild(userLink(seek.user));
    tr.appendChild(who);
    tr.appendChild(el("td", "rating", ratingText(seek.rating, seek.provisional)));
    const speed = seek.speed || speedOf(seek.time_control);
    const time = el("td", "time", controlText(seek.time_control));
    // The speed's name, which a phone leaves out (style.css).
    time.appendChild(el("span", "speed", " " + t("speed-lower", { speed })));
    tr.appendChild(time);
    const mode = seek.rated ? t("mode-rated") : t("mode-casual");
    tr.appendChild(el("td", "", seek.fifty_move_rule === false ? t("lobby-no-fifty", { mode }) : mode));
    tr.appendChild(el("td", "color", t("colour-" + (seek.color || "random"))));
    const action = el("td");
    const button = el("button", seek.mine ? "cancel" : "accept primary", seek.mine ? t("cancel") : t("accept"));
    button.type = "button";
    button.addEventListener("click", () => (seek.mine ? cancel(seek.id, button) : accept(seek.id, button)));
    action.appendChild(button);
    tr.appendChild(action);
    body.appendChild(tr);
  }
  $("seeks-empty").hidden = data.seeks.length > 0;
  const mine = data.seeks.some((s) => s.mine);
  if (!mine && $("seek-status").dataset.waiting) {
    $("seek-status").textContent = "";
    delete $("seek-status").dataset.waiting;
  }
  const online = $("online");
  online.replaceChildren();
  for (const name of data.online || []) {
    const li = el("li");
    li.appendChild(userLink(name));
    online.appendChild(li);
  }
  if (!(data.online || []).length) online.appendChild(el("li", "hint", t("lobby-nobody-online")));
  const games = Number(data.playing) || 0;
  const guests = Number(data.guests) || 0;
  let counts = "";
  if (data.playing !== undefined && data.guests !== undefined) counts = t("lobby-counts", { games, guests });
  else if (data.playing !== undefined) counts = t("lobby-playing", { games });
  $("playing-count").textContent = counts;
  drawTableList(data.tables);
  if (lobby.onChange) lobby.onChange(data);
  if (!lobby.active && !seeking()) disconnect();
}

async function fetchLobby() {
  try {
    draw(await api("GET", "/api/lobby"));
    return true;
  } catch (e) {
    $("lobby-error").textContent =
      e.status === 404 ? t("lobby-closed") : t("lobby-unreachable", { error: errorText(e) });
    return e.status !== 404;
  }
}

function stopPolling() {
  if (lobby.pollTimer) clearInterval(lobby.pollTimer);
  lobby.pollTimer = null;
}

/** Opens (or reopens, after signing in or out) the live updates. */
export function connectLobby() {
  disconnect();
  fetchLobby();
  if (typeof EventSource === "undefined") {
    lobby.pollTimer = setInterval(fetchLobby, 3000);
    return;
  }
  const source = new EventSource("/api/lobby/events");
  lobby.source = source;
  source.addEventListener("lobby", (event) => {
    try {
      draw(JSON.parse(event.data));
    } catch (e) {
      /* a broken event: the next one redraws */
    }
  });
  source.addEventListener("started", (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (data && data.game && location.hash !== "#game=" + data.game) location.hash = "#game=" + data.game;
  });
  source.addEventListener("error", () => {
    // The browser retries by itself while the stream is CONNECTING; a
    // refused one (404, a proxy without streaming) is CLOSED: poll then.
    if (source.readyState === EventSource.CLOSED && lobby.source === source) {
      lobby.source = null;
      if (!lobby.pollTimer) {
        lobby.pollTimer = setInterval(async () => {
          if (!(await fetchLobby())) stopPolling();
        }, 3000);
      }
    }
  });
}

async function accept(id, button) {
  if (!session.user) {
    location.hash = "#signin";
    return;
  }
  button.disabled = true;
  $("lobby-error").textContent = "";
  try {
    const seat = await api("POST", "/api/seeks/" + encodeURIComponent(id) + "/accept", {});
    if (lobby.onSeat) lobby.onSeat(seat);
  } catch (e) {
    $("lobby-error").textContent = t("lobby-accept-failed", { error: errorText(e) });
    button.disabled = false;
    fetchLobby();
  }
}

async function cancel(id, button) {
  button.disabled = true;
  try {
    await api("POST", "/api/seeks/" + encodeURIComponent(id) + "/cancel", {});
    $("seek-status").textContent = "";
  } catch (e) {
    $("lobby-error").textContent = t("lobby-cancel-failed", { error: errorText(e) });
    button.disabled = false;
  }
  fetchLobby();
}

function updateSeekForm() {
  const value = $("seek-tc").value;
  $("seek-custom").hidden = value !== "custom";
  $("seek-fifty-row").hidden = !/^\d+d$/.test(value);
}

async function createSeek(event) {
  event.preventDefault();
  const control = chosenControl($("seek-tc"), $("seek-minutes"), $("seek-increment"));
  const request = {
    time_control: control,
    color: document.querySelector('input[name="seek-color"]:checked').value,
    rated: document.querySelector('input[name="seek-rated"]:checked').value === "rated",
  };
  // The fifty-move rule is on by default; a correspondence game may go without.
  if (/^\d+d$/.test(control) && !$("seek-fifty").checked) request.fifty_move_rule = false;
  $("seek-error").textContent = "";
  $("seek-create").disabled = true;
  try {
    await api("POST", "/api/seeks", request);
    $("seek-status").textContent = t("seek-waiting", {
      control: controlText(control),
      rated: request.rated ? "rated" : "casual",
    });
    $("seek-status").dataset.waiting = "1";
    fetchLobby();
  } catch (e) {
    $("seek-error").textContent = e.status === 401 ? t("seek-signin-first") : errorText(e);
  } finally {
    $("seek-create").disabled = false;
  }
}

/** Shows the form or the invitation to sign in, as fits. */
export function renderLobbyForms() {
  $("seek-form").hidden = !session.user;
  $("seek-guest").hidden = !!session.user;
}

export function initLobby({ onSeat, onChange }) {
  lobby.onSeat = onSeat;
  lobby.onChange = onChange;
  fillControls($("seek-tc"), { selected: "5+3" });
  fillCustom($("seek-minutes"), $("seek-increment"));
  $("seek-tc").addEventListener("change", updateSeekForm);
  $("seek-form").addEventListener("submit", createSeek);
  updateSeekForm();
  renderLobbyForms();
  window.addEventListener("daba:session", (event) => {
    renderLobbyForms();
    // The stream names the signed-in user (their seeks, `started`).
    if (event.detail.changed && lobby.active) connectLobby();
  });
}
