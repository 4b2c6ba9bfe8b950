# Everyday targets. Figures print to the terminal; see README.md.
CARGO ?= cargo
BIN := target/release/chuhan
DEPTH ?= 5

.PHONY: build test test-full bench perft perft-parallel rules-corpus

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

# The repetition-rules corpus: prints how many rule-book cases agree.
rules-corpus:
	$(CARGO) test --release --test rules -- --nocapture
