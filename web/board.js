// The board in the browser: draws what the server says (the game lives on
// the server, in this tab's own session) and sends what the user does.
// Squares are named as in ICCS: files a to i from Red's left, ranks 0 to 9
// from Red's side.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 60;
const MARGIN = 40;
const NAMES = {
  K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒",
};

let state = null;
let flipped = false;
let selected = null;
let socket = null;
let drag = null;
// The clocks as the server last gave them, and when.
let clocks = null;
let clocksAt = 0;

const $ = (id) => document.getElementById(id);

function point(square) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]);
  const col = flipped ? 8 - file : file;
  const row = flipped ? rank : 9 - rank;
  return [MARGIN + col * CELL, MARGIN + row * CELL];
}

function squareAt(x, y) {
  const col = Math.round((x - MARGIN) / CELL);
  const row = Math.round((y - MARGIN) / CELL);
  if (col < 0 || col > 8 || row < 0 || row > 9) return null;
  const file = flipped ? 8 - col : col;
  const rank = flipped ? row : 9 - row;
  return String.fromCharCode(97 + file) + rank;
}

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// The pieces of a FEN's board field, by square.
function piecesOf(fen) {
  const pieces = {};
  fen.split(" ")[0].split("/").forEach((row, index) => {
    const rank = 9 - index;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
      } else {
        pieces[String.fromCharCode(97 + file) + rank] = ch;
        file += 1;
      }
    }
  });
  return pieces;
}

function drawGrid(svg) {
  element("rect", { class: "board-frame", x: 10, y: 10, width: 540, height: 600 }, svg);
  for (let row = 0; row < 10; row++) {
    const y = MARGIN + row * CELL;
    element("line", { class: "board-line", x1: MARGIN, y1: y, x2: MARGIN + 8 * CELL, y2: y }, svg);
  }
  for (let col = 0; col < 9; col++) {
    const x = MARGIN + col * CELL;
    const edge = col === 0 || col === 8;
    // Inner files stop at the river.
    element("line", { class: "board-line", x1: x, y1: MARGIN, x2: x, y2: MARGIN + (edge ? 9 : 4) * CELL }, svg);
    if (!edge) element("line", { class: "board-line", x1: x, y1: MARGIN + 5 * CELL, x2: x, y2: MARGIN + 9 * CELL }, svg);
  }
  for (const [top, bottom] of [[0, 2], [7, 9]]) {
    const x1 = MARGIN + 3 * CELL;
    const x2 = MARGIN + 5 * CELL;
    const y1 = MARGIN + top * CELL;
    const y2 = MARGIN + bottom * CELL;
    element("line", { class: "board-line", x1, y1, x2, y2 }, svg);
    element("line", { class: "board-line", x1: x2, y1, x2: x1, y2 }, svg);
  }
  const river = element("text", { class: "river", x: 280, y: MARGIN + 4.5 * CELL + 9, "text-anchor": "middle" }, svg);
  river.textContent = flipped ? "漢 界　　　楚 河" : "楚 河　　　漢 界";
}

function draw() {
  const svg = $("board");
  svg.replaceChildren();
  drawGrid(svg);
  if (!state) return;
  const pieces = piecesOf(state.fen);
  const last = state.moves[state.moves.length - 1];
  if (last) {
    for (const square of [last.slice(0, 2), last.slice(2, 4)]) {
      const [x, y] = point(square);
      element("rect", { class: "last-move", x: x - 29, y: y - 29, width: 58, height: 58 }, svg);
    }
  }
  const redToMove = state.fen.split(" ")[1] !== "b";
  for (const [square, letter] of Object.entries(pieces)) {
    const [x, y] = point(square);
    const red = letter === letter.toUpperCase();
    const group = element("g", { class: `piece ${red ? "red" : "black"}`, "data-square": square, "data-piece": letter }, svg);
    if (square === selected) group.classList.add("selected");
    element("circle", { cx: x, cy: y, r: 26 }, group);
    const text = element("text", { x, y }, group);
    text.textContent = NAMES[letter];
    if (state.check && (letter === "K" && redToMove || letter === "k" && !redToMove)) {
      element("circle", { class: "check-mark", cx: x, cy: y, r: 29 }, svg);
    }
    group.addEventListener("pointerdown", (event) => pickUp(event, square));
  }
  if (selected) {
    for (const move of state.legal.filter((m) => m.startsWith(selected))) {
      const [x, y] = point(move.slice(2, 4));
      const dot = element("circle", { class: "target", cx: x, cy: y, r: 9, "data-move": move }, svg);
      if (state.forbidden.includes(move)) dot.classList.add("forbidden");
      dot.addEventListener("pointerdown", (event) => {
        event.stopPropagation();
        tryMove(move);
      });
    }
  }
}

function userMayMove() {
  if (!state || state.verdict) return false;
  const redToMove = state.fen.split(" ")[1] !== "b";
  return state.engine !== (redToMove ? "red" : "black");
}

function pickUp(event, square) {
  if (!userMayMove()) return;
  const target = selected && state.legal.find((m) => m === selected + square);
  if (target) {
    // A capture: the piece clicked is the target.
    tryMove(target);
    return;
  }
  if (!state.legal.some((m) => m.startsWith(square))) return;
  selected = square;
  draw();
  const node = document.querySelector(`.piece[data-square="${square}"]`);
  drag = { square, node, moved: false };
  node.setPointerCapture?.(event.pointerId);
}

function boardPoint(event) {
  const svg = $("board");
  const box = svg.getBoundingClientRect();
  return [(event.clientX - box.left) * 560 / box.width, (event.clientY - box.top) * 620 / box.height];
}

$("board").addEventListener("pointermove", (event) => {
  if (!drag) return;
  const [x, y] = boardPoint(event);
  const [x0, y0] = point(drag.square);
  if (Math.hypot(x - x0, y - y0) > 8) drag.moved = true;
  if (drag.moved) drag.node.setAttribute("transform", `translate(${x - x0} ${y - y0})`);
});

$("board").addEventListener("pointerup", (event) => {
  if (!drag) return;
  const was = drag;
  drag = null;
  if (!was.moved) return;
  const [x, y] = boardPoint(event);
  const to = squareAt(x, y);
  const move = to && state.legal.find((m) => m === was.square + to);
  if (move) tryMove(move);
  else draw();
});

$("board").addEventListener("pointerdown", (event) => {
  if (event.target.closest(".piece") || !selected) return;
  const [x, y] = boardPoint(event);
  const to = squareAt(x, y);
  const move = to && state.legal.find((m) => m === selected + to);
  if (move) tryMove(move);
  else {
    selected = null;
    draw();
  }
});

function tryMove(move) {
  if (state.forbidden.includes(move)) {
    const why = `${move} would lose by a forbidden repetition under the ${state.rules} rules.`;
    showWarning(why);
    if (!window.confirm(`${why} Play it anyway?`)) {
      selected = null;
      draw();
      return;
    }
  }
  selected = null;
  send({ type: "move", move });
}

function send(request) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
}

function showWarning(text) {
  $("warning").textContent = text;
  $("warning").hidden = !text;
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

function showState(next) {
  state = next;
  showError("");
  showWarning(state.forbidden.length ? `Forbidden by repetition here: ${state.forbidden.join(", ")}` : "");
  const redToMove = state.fen.split(" ")[1] !== "b";
  const side = redToMove ? "Red" : "Black";
  let status = `${side} to move`;
  if (state.check) status += ", in check";
  if (state.thinking) status += state.analysing ? " (analysing)" : " (the engine thinks)";
  $("status").textContent = status;
  const verdict = $("verdict");
  if (state.verdict) {
    const v = state.verdict;
    verdict.textContent = `${v.result}: ${v.reason}` + (v.article ? ` (${v.article})` : "");
    verdict.hidden = false;
  } else {
    verdict.hidden = true;
  }
  const list = $("moves");
  list.replaceChildren();
  state.chinese.forEach((text, index) => {
    const item = document.createElement("li");
    item.textContent = `${text} (${state.moves[index]})`;
    list.appendChild(item);
  });
  $("sixty").textContent = `60-move rule: ${state.counted_plies} of 120 plies counted`;
  clocks = state.clocks;
  clocksAt = performance.now();
  showClocks();
  $("engine-side").value = state.engine;
  $("rules").value = state.rules;
  if (!state.thinking) $("lines").replaceChildren();
  draw();
}

// "info depth 12 ... score cp 35 wdl 400 500 100 ... multipv 2 ... pv h2e2 h9g7"
function showInfo(line) {
  const words = line.split(" ");
  const at = (name) => words.indexOf(name);
  const depth = words[at("depth") + 1];
  const multipv = at("multipv") >= 0 ? Number(words[at("multipv") + 1]) : 1;
  let score = "";
  if (at("score") >= 0) {
    const kind = words[at("score") + 1];
    const value = words[at("score") + 2];
    score = kind === "mate" ? `mate ${value}` : (Number(value) / 100).toFixed(2);
  }
  const pv = at("pv") >= 0 ? words.slice(at("pv") + 1).join(" ") : "";
  const lines = $("lines");
  while (lines.children.length < multipv) lines.appendChild(document.createElement("li"));
  lines.children[multipv - 1].textContent = `d${depth} ${score} ${pv}`;
  if (multipv === 1 && at("wdl") >= 0) {
    const [w, d, l] = words.slice(at("wdl") + 1, at("wdl") + 4).map(Number);
    const bar = $("wdl");
    bar.querySelector(".win").style.flex = w;
    bar.querySelector(".draw").style.flex = d;
    bar.querySelector(".loss").style.flex = l;
  }
}

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// The running clock counts down here between the server's states; at zero
// the page asks the server, whose clock decides.
function showClocks() {
  $("clocks").hidden = !clocks;
  if (!clocks || !state) return;
  const redToMove = state.fen.split(" ")[1] !== "b";
  const running = clocks.running && !state.verdict;
  const spent = running ? performance.now() - clocksAt : 0;
  const red = clocks.red - (redToMove ? spent : 0);
  const black = clocks.black - (redToMove ? 0 : spent);
  $("clock-red").textContent = `紅 ${clockText(red)}`;
  $("clock-black").textContent = `黑 ${clockText(black)}`;
  $("clock-red").classList.toggle("running", running && redToMove);
  $("clock-black").classList.toggle("running", running && !redToMove);
  if (running && Math.min(red, black) < -300) {
    clocks.running = false;
    send({ type: "flag" });
  }
}
setInterval(showClocks, 200);

function settings() {
  const number = (id) => ($(id).value === "" ? null : Number($(id).value));
  send({
    type: "settings",
    movetime: number("movetime"),
    depth: number("depth"),
    elo: number("elo"),
    book: $("book").checked,
    multipv: number("multipv"),
    tc: $("tc").value,
  });
}

$("new-game").addEventListener("click", () => {
  settings();
  send({ type: "new", fen: $("fen-input").value, engine: $("engine-side").value, rules: $("rules").value });
});
$("take-back").addEventListener("click", () => send({ type: "takeback" }));
$("flip").addEventListener("click", () => {
  flipped = !flipped;
  draw();
});
$("engine-move").addEventListener("click", () => {
  settings();
  send({ type: "go" });
});
$("analyse").addEventListener("click", () => {
  settings();
  send({ type: "analyse", on: true });
});
$("stop").addEventListener("click", () => send({ type: "stop" }));
for (const id of ["movetime", "depth", "elo", "book", "multipv", "tc"]) $(id).addEventListener("change", settings);
$("load-pgn").addEventListener("click", () => send({ type: "pgn", text: $("pgn-input").value }));
$("export").addEventListener("click", () => send({ type: "export", notation: $("export-notation").value }));

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") showState(message);
    else if (message.type === "info") showInfo(message.line);
    else if (message.type === "error") showError(message.message);
    else if (message.type === "pgn") $("pgn-input").value = message.text;
  });
  socket.addEventListener("close", () => {
    $("status").textContent = "The server has gone: reload the page once it runs again.";
  });
}

draw();
connect();
