# Everyday targets. Figures print to the terminal; see README.md.
CARGO ?= cargo
BIN := target/release/chuhan
DEPTH ?= 5

.PHONY: build test test-full bench perft perft-parallel protocol-latency

build:
	$(CARGO) build --release

test:
	$(CARGO) test --release

# The whole perft table (about a minute) and every other slow test.
test-full:
	$(CARGO) test --release -- --include-ignored

bench:
	$(CARGO) bench

# Single-thread perft from the start position: nodes, time, nodes per second.
perft: build
	$(BIN) perft $(DEPTH)

perft-parallel: build
	$(BIN) perft $(DEPTH) --parallel

# Protocol timings against the release binary: stop -> bestmove, quit -> exit,
# and whole games at 3 s + 0.1 s, 1 s and 10 s + 0.1 s (the last takes minutes).
protocol-latency:
	$(CARGO) test --release --test ucci_session --test protocol_clock -- --include-ignored --nocapture stop_during quit_while a_match a_one_second ten_seconds
