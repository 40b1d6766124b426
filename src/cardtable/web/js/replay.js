// The replay viewer: a finished match step by step through any seat's eyes (or with
// every card revealed), animated as in live play, with the coach's marks.

import { ApiError, groupedCode, normalCode, tableLink } from "./api.js";
import { describeAction, describeCost, fetchAnalysis, fetchReplay, markAction, markName, startAnalysis } from "./coach.js";
import { h, queryParam, replaceChildren } from "./dom.js";
import { gameModule } from "./games/index.js";
import { buildPrefs } from "./prefs.js";
import { seatName } from "./seatnames.js";
import { TableView } from "./tableview.js";
import { t, translatePage } from "./i18n.js";

const AUTOPLAY_MS = 900;
const POLL_MS = 500;
const REVEALED = "all";
/** A person's seat in a match record (every other seat is a bot's spec). */
const HUMAN = "human";

const $ = (id) => document.getElementById(id);
const code = normalCode(queryParam("code") ?? "");
const number = Number(queryParam("match") ?? "1");

/** A table view without result dialogs or first-game tips: a replay needs neither. */
class ReplayView extends TableView {
  announce() {}
  renderTip() {}
}

const replay = {
  data: null,
  /** The seats' names as the table showed them (bots by seat: "Bot 2"). */
  names: [],
  frames: [],
  position: 0,
  viewer: queryParam("seat") ?? "0",
  /** The game's browser part (games/index.js). */
  game: null,
  tv: null,
  analysis: null,
  autoplay: null,
};

function viewerSeat() {
  return replay.viewer === REVEALED ? null : Number(replay.viewer);
}

function showError(text) {
  $("error").textContent = text;
}

// ------------------------------------------------------------------ loading
async function load() {
  try {
    replay.data = await fetchReplay(code, number, replay.viewer);
    replay.game = await gameModule(replay.data.game);
  } catch (error) {
    $("status").textContent = t("replay.cannot");
    showError(error instanceof ApiError ? error.message : String(error));
    return;
  }
  replay.frames = replay.data.frames;
  replay.names = replay.data.seats.map((kind, p) => seatName(p, kind !== HUMAN, replay.data.names[p]));
  if (!replay.tv) {
    const game = replay.game;
    $("game-title").textContent = game.title;
    document.title = t("replay.docTitle", { title: game.title, n: number });
    const parts = { board: $("board"), status: $("status"), sheet: $("sheet"), log: $("log") };
    replay.tv = new ReplayView(game, () => {}, parts);
    fillSeatChoices();
  }
  replay.tv.setTable(replay.names, null);
  $("position").max = String(replay.frames.length - 1);
  show(Math.min(replay.position, replay.frames.length - 1), false);
}

function fillSeatChoices() {
  const names = replay.names;
  const seats = names.map((name, p) => h("option", { value: String(p), text: name }));
  replaceChildren($("viewer"), seats, h("option", { value: REVEALED, text: t("replay.revealed") }));
  $("viewer").value = replay.viewer;
  replaceChildren($("coach-seat"), names.map((name, p) => h("option", { value: String(p), text: name })));
  $("coach-seat").value = replay.viewer === REVEALED ? "0" : replay.viewer;
}

// ------------------------------------------------------------------ stepping
/** The coach's decision at frame `position` (the state before log entry `position`). */
function decisionAt(position) {
  return replay.analysis?.decisions.find((d) => d.index === position) ?? null;
}

function show(target, animate) {
  const frames = replay.frames;
  target = Math.max(0, Math.min(frames.length - 1, target));
  const tv = replay.tv;
  const decision = decisionAt(target);
  const own = decision && replay.analysis.seat === viewerSeat();
  const highlight = own && decision.label !== null ? [decision.suggested] : [];
  const frame = frames[target];
  if (animate && target === replay.position + 1) {
    tv.update({ view: frame.view, legal: highlight, you: viewerSeat(), events: frame.events });
  } else {
    tv.view = frame.view;
    tv.history(frames.slice(0, target + 1).flatMap((f) => f.events));
    tv.update({ view: frame.view, legal: highlight, you: viewerSeat(), events: [] });
  }
  replay.position = target;
  if (highlight.length) markAction($("board"), decision.suggested, "suggested");
  $("position").value = String(target);
  $("position-text").textContent = t("replay.position", { n: target, total: frames.length - 1 });
  $("status").textContent = frameStatus(frame, target);
  replaceChildren($("coach-note"), decision ? coachNote(decision) : null);
}

function frameStatus(frame, position) {
  if (position === 0) return t("replay.deal");
  const who = frame.seat < 0 ? t("replay.theTable") : replay.names[frame.seat];
  return t("replay.move", { round: frame.round, n: position, name: who, action: describeAction(replay.game, frame.action) });
}

function coachNote(decision) {
  const name = replay.names[replay.analysis.seat];
  const played = describeAction(replay.game, decision.played);
  const n = decision.index + 1;
  if (decision.label === null && decision.cost <= 0) {
    return t("coach.agrees", { n, name, played });
  }
  const cost = describeCost(decision.cost, replay.analysis.unit);
  const kind = decision.label ? h("span", { class: `mark mark-${decision.label}`, text: markName(decision.label) }) : "";
  return [kind, t("coach.suggests", { n, name, played, suggested: describeAction(replay.game, decision.suggested), cost })];
}

function roundStart(position) {
  const round = replay.frames[position].round;
  let first = position;
  while (first > 0 && replay.frames[first - 1].round === round) first -= 1;
  return first;
}

function stopAutoplay() {
  clearInterval(replay.autoplay);
  replay.autoplay = null;
  $("autoplay").textContent = `▶ ${t("replay.play")}`;
  $("autoplay").setAttribute("aria-label", t("replay.playLabel"));
}

function toggleAutoplay() {
  if (replay.autoplay) return stopAutoplay();
  $("autoplay").textContent = `⏸ ${t("replay.pause")}`;
  $("autoplay").setAttribute("aria-label", t("replay.pauseLabel"));
  replay.autoplay = setInterval(() => {
    if (replay.position >= replay.frames.length - 1) return stopAutoplay();
    show(replay.position + 1, true);
  }, AUTOPLAY_MS);
}

// ------------------------------------------------------------------ the coach
async function analyse() {
  const seat = Number($("coach-seat").value);
  $("analyse").disabled = true;
  try {
    let answer = await startAnalysis(code, number, seat);
    while (answer.status === "running") {
      $("coach-progress").hidden = false;
      $("coach-progress").max = answer.total || 1;
      $("coach-progress").value = answer.done;
      $("coach-status").textContent = t("coach.analysing", { done: answer.done, n: answer.total });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      answer = await fetchAnalysis(code, number, seat);
    }
    if (answer.status !== "done") throw new ApiError("analysis_failed", answer.message ?? t("error.analysis_failed"));
    showAnalysis(answer.analysis);
  } catch (error) {
    $("coach-status").textContent = error.message;
  } finally {
    $("coach-progress").hidden = true;
    $("analyse").disabled = false;
  }
}

function showAnalysis(analysis) {
  replay.analysis = analysis;
  const marked = analysis.decisions.filter((d) => d.label !== null);
  const [low, mid, high] = analysis.thresholds.map((threshold) => describeCost(threshold, analysis.unit));
  $("coach-status").textContent = t("coach.summary", { n: analysis.decisions.length, marked: marked.length, low, mid, high });
  replaceChildren(
    $("coach-marks"),
    marked.map((d) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            "data-decision": d.index,
            onclick: () => jumpToDecision(analysis.seat, d.index),
          },
          h("span", { class: `mark mark-${d.label}`, text: markName(d.label) }),
          t("coach.mark", { n: d.index + 1, round: d.round, cost: describeCost(d.cost, analysis.unit) }),
        ),
      ),
    ),
  );
  show(replay.position, false);
}

async function jumpToDecision(seat, index) {
  stopAutoplay();
  replay.position = index;
  if (viewerSeat() !== seat) {
    replay.viewer = String(seat);
    $("viewer").value = replay.viewer;
    await load();
  } else {
    show(index, false);
  }
}

// ------------------------------------------------------------------ start
function main() {
  translatePage();
  buildPrefs($("prefs"));
  if (!code) {
    $("status").textContent = t("table.noCode");
    return;
  }
  $("code").textContent = groupedCode(code);
  $("code").href = tableLink(code);
  $("match-number").textContent = String(number);
  $("step-forward").onclick = () => show(replay.position + 1, true);
  $("step-back").onclick = () => show(replay.position - 1, false);
  $("round-back").onclick = () => {
    const first = roundStart(replay.position);
    show(first === replay.position ? roundStart(Math.max(0, first - 1)) : first, false);
  };
  $("round-forward").onclick = () => {
    const round = replay.frames[replay.position].round;
    const next = replay.frames.findIndex((f, i) => i > replay.position && f.round > round);
    show(next === -1 ? replay.frames.length - 1 : next, false);
  };
  $("autoplay").onclick = toggleAutoplay;
  $("position").oninput = () => show(Number($("position").value), false);
  $("viewer").onchange = () => {
    replay.viewer = $("viewer").value;
    load();
  };
  $("analyse").onclick = analyse;
  load();
}

main();
