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
// The ply shown while stepping through the game (null: the position as it
// stands, where moves are played).
let viewPly = null;
// Setting up a position by hand: the pieces placed so far by square, and
// the piece the palette holds ("" to clear a point); null when not editing.
let editing = null;
let palettePiece = "K";
// The last review the server sent, kept while the game is the one reviewed.
let review = null;

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

// What the board shows: the pieces and the last move, of the position as
// it stands, of a ply stepped back to, or of the set-up being made.
function shown() {
  if (editing) return { pieces: editing.pieces, last: null, current: false };
  if (viewPly === null || viewPly >= state.moves.length) {
    return { pieces: piecesOf(state.fen), last: state.moves[state.moves.length - 1], current: true };
  }
  const pieces = piecesOf(state.start_fen);
  for (const move of state.moves.slice(0, viewPly)) {
    pieces[move.slice(2, 4)] = pieces[move.slice(0, 2)];
    delete pieces[move.slice(0, 2)];
  }
  return { pieces, last: state.moves[viewPly - 1], current: false };
}

function draw() {
  const svg = $("board");
  svg.replaceChildren();
  drawGrid(svg);
  if (!state) return;
  const { pieces, last, current } = shown();
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
    if (current && state.check && (letter === "K" && redToMove || letter === "k" && !redToMove)) {
      element("circle", { class: "check-mark", cx: x, cy: y, r: 29 }, svg);
    }
    if (!editing) group.addEventListener("pointerdown", (event) => pickUp(event, square));
  }
  if (selected && current) {
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
  if (!state || state.verdict || editing) return false;
  if (viewPly !== null && viewPly < state.moves.length) return false;
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
  if (editing) {
    const [x, y] = boardPoint(event);
    const square = squareAt(x, y);
    if (!square) return;
    if (palettePiece && editing.pieces[square] !== palettePiece) editing.pieces[square] = palettePiece;
    else delete editing.pieces[square];
    draw();
    return;
  }
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
  if (editing && editing.sent && boardAndSide(editing.sent) === boardAndSide(state.start_fen)) {
    setEditing(false);
  }
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
  // The referee's account of a repetition, move by move, as judge --explain.
  const explanation = state.verdict ? state.verdict.explanation || [] : [];
  $("explanation").textContent = explanation.join("\n");
  $("explanation").hidden = explanation.length === 0;
  if (viewPly !== null && viewPly >= state.moves.length) viewPly = null;
  if (review && !sameGame(review.moves.map((m) => m.move), state.moves)) review = null;
  $("review-result").hidden = !review;
  showMoves();
  // Each side's checks past the tenth count no ply (they are shown as given).
  const counted = (given) => `${Math.min(given, state.check_limit)}/${state.check_limit}` +
    (given > state.check_limit ? ` (${given} given)` : "");
  $("sixty").textContent = `60-move rule: ${state.counted_plies} of ${state.ply_limit} plies; ` +
    `checks counted: Red ${counted(state.checks.red)}, Black ${counted(state.checks.black)}`;
  clocks = state.clocks;
  clocksAt = performance.now();
  showClocks();
  $("engine-side").value = state.engine;
  $("rules").value = state.rules;
  if (!state.thinking) $("lines").replaceChildren();
  draw();
}

// Whether a review's moves are the game's first moves (so its marks still
// belong to the moves listed).
function sameGame(reviewed, moves) {
  return reviewed.length <= moves.length && reviewed.every((move, index) => move === moves[index]);
}

// The move list: each move in Chinese and ICCS, its review mark where there
// is one, the ply shown while stepping marked; a click steps there.
function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  state.chinese.forEach((text, index) => {
    const item = document.createElement("li");
    item.dataset.move = state.moves[index];
    item.textContent = `${text} (${state.moves[index]})`;
    const judged = review && review.moves[index];
    if (judged && judged.mark) {
      const mark = document.createElement("span");
      mark.className = `mark ${judged.name}`;
      mark.textContent = ` ${judged.mark}`;
      mark.title = `${judged.name}: ${judged.value} after it` + (judged.better ? `; better ${judged.better}` : "");
      item.appendChild(mark);
    }
    if (viewPly !== null && index === viewPly - 1) item.classList.add("shown");
    item.addEventListener("click", () => stepTo(index + 1));
    list.appendChild(item);
  });
  const stepping = viewPly !== null && viewPly < state.moves.length;
  $("play-from-here").disabled = !stepping;
  $("ply-shown").textContent = stepping ? `ply ${viewPly} of ${state.moves.length}` : "";
}

function stepTo(ply) {
  if (!state) return;
  const last = state.moves.length;
  viewPly = Math.max(0, Math.min(ply, last));
  if (viewPly === last) viewPly = null;
  selected = null;
  showMoves();
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
    skill: number("skill"),
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
for (const id of ["movetime", "depth", "elo", "skill", "book", "multipv", "tc"]) $(id).addEventListener("change", settings);
$("load-pgn").addEventListener("click", () => send({ type: "pgn", text: $("pgn-input").value }));
$("export").addEventListener("click", () => send({ type: "export", notation: $("export-notation").value }));

// Stepping through the game: the buttons, the arrow keys, and playing on
// from the ply shown (the moves after it are taken back).
$("step-first").addEventListener("click", () => stepTo(0));
$("step-back").addEventListener("click", () => stepTo((viewPly ?? state.moves.length) - 1));
$("step-forward").addEventListener("click", () => stepTo((viewPly ?? state.moves.length) + 1));
$("step-last").addEventListener("click", () => stepTo(state.moves.length));
$("play-from-here").addEventListener("click", () => {
  if (viewPly === null) return;
  send({ type: "goto", ply: viewPly });
  viewPly = null;
});
document.addEventListener("keydown", (event) => {
  if (!state || event.target.closest("input, textarea, select")) return;
  if (event.key === "ArrowLeft") stepTo((viewPly ?? state.moves.length) - 1);
  else if (event.key === "ArrowRight") stepTo((viewPly ?? state.moves.length) + 1);
});

// Setting up a position by hand: a palette of pieces (and one to clear a
// point), the side to move; "Done" asks the server for a new game from it,
// whose FEN reader checks it (two kings, not facing, pieces on their points
// and no more of them than a side has).
function fenOf(pieces, sideToMove) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const letter = pieces[String.fromCharCode(97 + file) + rank];
      if (letter) {
        if (empty) row += empty;
        row += letter;
        empty = 0;
      } else {
        empty += 1;
      }
    }
    rows.push(empty ? row + empty : row);
  }
  return `${rows.join("/")} ${sideToMove} - - 0 1`;
}

function showPalette() {
  const palette = $("palette");
  palette.replaceChildren();
  for (const letter of [..."KABNRCPkabnrcp", ""]) {
    const button = document.createElement("button");
    button.className = `palette-piece ${letter === letter.toUpperCase() ? "red" : "black"}`;
    button.dataset.piece = letter;
    button.textContent = letter ? NAMES[letter] : "✕";
    button.title = letter ? `place ${NAMES[letter]}` : "clear a point";
    if (letter === palettePiece) button.classList.add("chosen");
    button.addEventListener("click", () => {
      palettePiece = letter;
      showPalette();
    });
    palette.appendChild(button);
  }
}

function setEditing(on, pieces) {
  editing = on ? { pieces } : null;
  $("setup").hidden = !on;
  selected = null;
  viewPly = null;
  if (on) showPalette();
  draw();
}

$("edit").addEventListener("click", () => setEditing(true, { ...shown().pieces }));
$("setup-clear").addEventListener("click", () => setEditing(true, {}));
$("setup-start").addEventListener("click", () =>
  setEditing(true, piecesOf("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")));
$("setup-cancel").addEventListener("click", () => setEditing(false));
// The set-up stays on the board until the server has taken it: a refused
// one can be mended.
$("setup-done").addEventListener("click", () => {
  const fen = fenOf(editing.pieces, $("setup-side").value);
  editing.sent = fen;
  $("fen-input").value = fen;
  settings();
  send({ type: "new", fen, engine: $("engine-side").value, rules: $("rules").value });
});

function boardAndSide(fen) {
  return fen.split(" ").slice(0, 2).join(" ");
}

// The review of the game, as chuhan analyse gives it: marks in the move
// list, the evaluation plot, the summary per side.
$("review").addEventListener("click", () => {
  $("review-status").textContent = "reviewing…";
  send({ type: "review", depth: Number($("review-depth").value) || 10 });
});

function showReview(message) {
  if (!state || !sameGame(message.moves.map((m) => m.move), state.moves)) return;
  review = message;
  $("review-status").textContent = "";
  // The plot is drawn by the server (chuhan analyse --svg's own plot).
  $("plot").innerHTML = message.plot;
  $("summary-red").textContent = `Red: ${message.summary.red}`;
  $("summary-black").textContent = `Black: ${message.summary.black}`;
  $("review-result").hidden = false;
  showMoves();
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") showState(message);
    else if (message.type === "info") showInfo(message.line);
    else if (message.type === "error") showError(message.message);
    else if (message.type === "pgn") $("pgn-input").value = message.text;
    else if (message.type === "review-progress") {
      $("review-status").textContent = `reviewing: position ${message.done} of ${message.total}`;
    } else if (message.type === "review") showReview(message);
  });
  socket.addEventListener("close", () => {
    $("status").textContent = "The server has gone: reload the page once it runs again.";
  });
}

draw();
connect();
