# Time from `ponderhit` to `bestmove` (UCI, 20 s + 0 left, one thread, no book)
# after pondering 0.1 to 4 s, on three positions: python3 scripts/ponderhit-timing.py BINARY
import subprocess, sys, time, statistics
def run(binary, waits, positions):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
    def until(prefix):
        while True:
            line = p.stdout.readline()
            if not line: raise SystemExit("engine died")
            if line.startswith(prefix): return line
    send("uci"); until("uciok"); send("setoption name OwnBook value false"); send("isready"); until("readyok")
    out = []
    for moves in positions:
        for w in waits:
            send("ucinewgame"); send("position startpos moves " + moves)
            send("go ponder wtime 20000 btime 20000")
            time.sleep(w)
            t = time.time(); send("ponderhit"); until("bestmove")
            out.append((w, time.time() - t))
    send("quit")
    return out
binary = sys.argv[1]
positions = ["h2e2 h9g7 h0g2", "h2e2 h7e7 h0g2 h9g7 i0h0", "c3c4 g6g5 b0c2 h9g7 b2d2 i9h9 a0b0 h7h3"]
waits = [0.1, 0.5, 1.0, 2.0, 4.0]
res = run(binary, waits, positions)
for w in waits:
    xs = [d for ww, d in res if ww == w]
    print(f"ponder {w:.1f} s: ponderhit->bestmove " + " ".join(f"{x:.2f}" for x in xs) + f"  (median {statistics.median(xs):.2f})")
