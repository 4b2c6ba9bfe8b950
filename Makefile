# Everyday targets. Figures print to the terminal; see docs/development.md.
CARGO ?= cargo
BIN := target/release/chuhan
DEPTH ?= 5
DEPTH_BENCH ?= 10

.PHONY: help build test test-full asan ccpd-judge bench perft perft-parallel protocol-latency rules-corpus rules-cost tactics fuzz

# `make` alone: every target, script and example with one line each.
help: ## this list
	@echo "make TARGET (variables as VAR=value):"
	@grep -E '^[a-z][a-z0-9_-]*:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z0-9_-]+):.*## (.*)/\1|\2/' | awk -F'|' '{printf "  %-18s %s\n", $$1, $$2}'
	@echo "scripts/ (run directly):"
	@for f in scripts/*; do printf "  %-22s %s\n" "$$(basename $$f)" "$$(grep -m1 -E '^(# |""")' $$f | sed -E 's/^(# |""")//')"; done
	@echo "examples/ (cargo run --release --example NAME):"
	@for f in examples/*.rs; do printf "  %-22s %s\n" "$$(basename $$f .rs)" "$$(sed -n '1s/^\/\/! *//p' $$f)"; done

build: ## build the engine (target/release/chuhan)
	$(CARGO) build --release

test: ## the CI tests (cargo test --release, about 8 min on 2 cores)
	$(CARGO) test --release

# The whole perft table (about a minute) and every other slow test.
test-full: ## every test, the slow ones too (deep perft, long matches)
	$(CARGO) test --release -- --include-ignored

# AddressSanitizer over the library's unit tests and a bench, on nightly
# (`rustup toolchain install nightly`), in a target folder of its own; the
# target triple is named so that the flag reaches the crate, not the build
# scripts. Any report fails the target.
ASAN_TARGET ?= $(shell rustc -vV | sed -n 's/^host: //p')
ASAN := RUSTFLAGS="-Zsanitizer=address" $(CARGO) +nightly
asan: ## AddressSanitizer on the library's tests and bench 8 (nightly)
	$(ASAN) test --release --lib --target $(ASAN_TARGET) --target-dir target/asan
	$(ASAN) run --release --target $(ASAN_TARGET) --target-dir target/asan -- bench 8

bench: ## criterion benches (move generation, search)
	$(CARGO) bench

# Single-thread perft from the start position: nodes, time, nodes per second.
perft: build ## perft from the start position, one thread: DEPTH=5
	$(BIN) perft $(DEPTH)

perft-parallel: build ## perft on all cores: DEPTH=5
	$(BIN) perft $(DEPTH) --parallel

# An opening book from the engine's own analysis (book/README; the shipped
# book until 2026-12-07): the defaults are the settings that book was built
# with. ANALYSIS_BOOK= the file written.
PLIES ?= 10
BOOK_DEPTH ?= 8
MARGIN ?= 30
MAX_MOVES ?= 3
ROOT_MARGIN ?= 60
ROOT_MOVES ?= 16
MAX_POSITIONS ?= 60000
BOOK_THREADS ?= 1
ANALYSIS_BOOK ?= analysis.book
.PHONY: book-analysis book-pgn
book-analysis: build ## an opening book from the engine's own analysis: ANALYSIS_BOOK=analysis.book
	$(BIN) book build --analysis --plies $(PLIES) --depth $(BOOK_DEPTH) \
		--margin $(MARGIN) --max-moves $(MAX_MOVES) --root-margin $(ROOT_MARGIN) \
		--root-moves $(ROOT_MOVES) --max-positions $(MAX_POSITIONS) \
		--hash 256 --threads $(BOOK_THREADS) -o $(ANALYSIS_BOOK)

# The shipped book, from the master games of CCPD (book/README): CCPD= a
# checkout of github.com/Yvonne761/Chinese-Chess-Practical-Dataset.
CCPD ?= ../Chinese-Chess-Practical-Dataset
.PHONY: book-masters
book-masters: ## rebuild the shipped book from CCPD's master games: CCPD=DIR (about 35 min)
	scripts/book-masters.sh $(CCPD) $(CURDIR)/book/chuhan.book

# A book from game files: make book-pgn PGN="games/*.pgn" [OUT=mine.book]
OUT ?= games.book
book-pgn: build ## a book from game files: PGN="games/*.pgn" OUT=games.book
	$(BIN) book build -o $(OUT) $(PGN)

# Protocol timings against the release binary: stop -> bestmove, quit -> exit,
# and whole games at 3 s + 0.1 s, 1 s and 10 s + 0.1 s (the last takes minutes).
protocol-latency: ## protocol timings: stop, quit, whole timed games
	$(CARGO) test --release --test protocol -- --include-ignored --nocapture stop_during quit_while a_match a_one_second ten_seconds

# Every reader of outside input fuzzed with a million inputs each (the
# default test run gives each 100,000): PGN, judge lines, books, networks,
# training data, engine lines.
fuzz: ## every reader of outside input fuzzed a million times
	CHUHAN_FUZZ=1000000 $(CARGO) test --release --test inputs -- --nocapture fuzz

# Every game of the Chinese Chess Practical Dataset (Big5 PGN, fetched
# separately: scripts/ccpd-judge.sh says how) read by `chuhan judge`, with
# the files refused and why.
CCPD ?= ../Chinese-Chess-Practical-Dataset
ccpd-judge: ## judge every game of CCPD (CCPD=its checkout): the files refused and why
	scripts/ccpd-judge.sh $(CCPD)

# The repetition-rules corpus: prints how many rule-book cases agree.
rules-corpus: ## the repetition-rules corpus: how many rule-book cases agree
	$(CARGO) test --release --test rules -- --nocapture corpus::

# Fairy-Stockfish's AXF repetition verdicts (the Python binding pyffish:
# pip install pyffish) against `judge --rule asian` on seeded random cycles
# after random openings: prints the agreement count and the disagreements by
# kind, and writes each disagreement to target/pyffish_disagreements.jsonl.
# Not part of `make test`: it needs Python and pyffish. The disagreements
# read so far, each with its article, are tests/data/pyffish_disagreements.tsv
# (checked by tests/rules/pyffish_disagreements.rs). PYTHON=venv/bin/python picks
# the interpreter that has pyffish.
PYTHON ?= python3
CYCLES ?= 2000
SEED ?= 27
.PHONY: pyffish-oracle
pyffish-oracle: build ## random repetition cycles judged by us and Fairy-Stockfish's AXF judge
	$(PYTHON) scripts/pyffish_oracle.py --chuhan $(BIN) --cycles $(CYCLES) --seed $(SEED) --out target/pyffish_disagreements.jsonl

# The mate-problem suite (tests/data/mates.epd, every entry proven by the
# brute-force oracle in tests/search/tactics.rs): each problem searched from a fresh
# table for 1 s and for 2 s (`go movetime`), one line per problem, then the
# solved counts. Solved: the engine plays one of the fastest mating moves.
# Then the positions cut from our lost games (tests/data/losses.epd, made by
# scripts/loss_positions.py) at 300 ms and 1 s: solved when the engine does
# not play the move that lost.
tactics: build ## the mate problems and the positions from lost games, timed
	$(BIN) tactics tests/data/mates.epd --movetime 1000 --movetime 2000
	$(BIN) tactics tests/data/losses.epd --movetime 300 --movetime 1000

# What judging repetitions costs the search: the bench under each rule set
# (`simple` only looks for checks), three alternating runs each; then the
# rule-book positions with their cycles played, where nearly every line
# repeats.
rules-cost: build ## what judging repetitions costs the search
	for run in 1 2 3; do for rule in chinese simple asian; do \
		$(BIN) bench $(DEPTH_BENCH) --rule $$rule | tr '\n' ' '; echo; done; done
	$(CARGO) run --release --example repetition_cost $(DEPTH_BENCH)

# Self-play check of the current build against a baseline binary (see
# docs/tools.md, *Matches between engines*): BASELINE=path/to/chuhan, or `make baseline` first
# to build one from a git ref (REF=main by default).
REF ?= main
BASELINE ?= target/baseline/chuhan
GAMES ?= 20
TC ?= 2+0.05
CONCURRENCY ?= 1
MATCH_PGN ?= target/match.pgn
MATCH = $(BIN) match -engine cmd=$(BIN) name=current -engine cmd=$(BASELINE) name=baseline \
	-each tc=$(TC) -concurrency $(CONCURRENCY) -openings order=random -pgnout $(MATCH_PGN)
.PHONY: baseline match-baseline sprt-baseline

# The sources are extracted with fresh times (tar -m): with the commit's own
# times, a build kept from a newer commit looks up to date and is reused.
baseline: ## build a baseline binary from a git ref: REF=main
	rm -rf target/baseline-src && mkdir -p target/baseline-src target/baseline
	git archive $(REF) | tar -x -m -C target/baseline-src
	$(CARGO) build --release --manifest-path target/baseline-src/Cargo.toml --target-dir target/baseline-build
	cp target/baseline-build/release/chuhan $(BASELINE)

# A quick fixed-length match: GAMES games (two per opening, colours swapped).
match-baseline: build ## a fixed-length match against the baseline: GAMES=
	@test -x "$(BASELINE)" || { echo "no baseline at $(BASELINE): make baseline REF=..., or BASELINE=path"; false; }
	$(MATCH) -games $(GAMES)

# Plays until the SPRT decides whether the current build gains ELO1 over the baseline.
ELO0 ?= 0
ELO1 ?= 5
sprt-baseline: build ## an SPRT against the baseline: ELO0=0 ELO1=5
	@test -x "$(BASELINE)" || { echo "no baseline at $(BASELINE): make baseline REF=..., or BASELINE=path"; false; }
	$(MATCH) -games 20000 -sprt elo0=$(ELO0) elo1=$(ELO1) alpha=0.05 beta=0.05

# The picture in the README: chuhan's own board in headless Chromium, a few
# moves into a game, the engine's lines shown (the browser test's game; Debian:
# apt-get install chromium chromium-driver). Fails where no browser ran.
GUI_PICTURE := docs/gui/chuhan-gui.png
.PHONY: gui-screenshot
gui-screenshot: ## the picture of chuhan's board in the browser (README), by headless Chromium
	rm -f $(GUI_PICTURE)
	CHUHAN_GUI_SCREENSHOT=$(CURDIR)/$(GUI_PICTURE) cargo test --release --test tools -- --exact \
		gui_browser::a_short_game_by_clicks_and_by_drag_and_the_engine_answers
	@test -s $(GUI_PICTURE) || { echo "gui-screenshot: no browser ran, no picture" >&2; exit 1; }
	@echo "gui-screenshot: wrote $(GUI_PICTURE)"

# The picture in docs/gui.md: XBoard playing the engine (through uci2wb)
# against MaxQi under Xvfb, a few moves in (Debian: apt-get install xboard
# uci2wb fairymax xvfb x11-utils imagemagick).
.PHONY: xboard-screenshot
xboard-screenshot: build ## the picture of XBoard playing chuhan (docs/gui.md), under Xvfb
	scripts/xboard-screenshot.sh docs/gui/xboard-chuhan.png

# XBoard driving the engine through the UCCI adapter uci2wb, against MaxQi, 2
# games at 10 s + 0.1 s, headless (Debian: apt-get install xboard uci2wb xvfb
# xauth; MaxQi comes with xboard's fairymax package). Prints each game's
# result and fails on a forfeit, an illegal move or an unfinished game.
XBOARD_DIR ?= target/xboard
XBOARD_PATH := $(PATH):/usr/games
.PHONY: xboard-match
xboard-match: build ## XBoard plays chuhan against MaxQi, headless, 2 games
	@missing=""; for tool in xboard uci2wb xvfb-run maxqi; do \
		PATH="$(XBOARD_PATH)" command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then echo "xboard-match skipped: not installed:$$missing"; exit 0; fi; \
	rm -rf $(XBOARD_DIR) && mkdir -p $(XBOARD_DIR) && cd $(XBOARD_DIR) && \
	PATH="$(XBOARD_PATH)" timeout 240 xvfb-run -a xboard -xexit -noGUI -variant xiangqi \
		-fcp "uci2wb -x $(CURDIR)/$(BIN)" -fd . -scp maxqi -sd . -matchGames 2 -tc 0:10 -inc 0.1 -autoCallFlag true \
		-saveGameFile games.pgn -debug -nameOfDebugFile xboard.debug > xboard.log 2>&1; \
	status=$$?; echo "xboard exit status $$status; log and games in $(XBOARD_DIR)"; \
	grep -a 'final score' xboard.log; grep -a '>first : result' xboard.debug | sed 's/^[0-9]* >first : /  /'; \
	games=$$(grep -a -c -E '>first : result (1-0|0-1|1/2-1/2)' xboard.debug); \
	bad=$$(grep -a '>first : result' xboard.debug | grep -c -i -E 'on time|forfeit|illegal|xboard exit|abort'); \
	if [ "$$status" -ne 0 ] || [ "$$games" != 2 ] || [ "$$bad" != 0 ]; then \
		echo "xboard-match FAILED: $${games:-0} of 2 games finished, $${bad:-0} lost on time, forfeited or aborted"; exit 1; fi; \
	echo "xboard-match: 2 of 2 games finished, no time loss, forfeit or illegal move"

# Self-play shards (docs/learning-data.md). A shard made again
# from its committed recipe and checked byte for byte:
#   make remake-shard RECIPE=data/recipes/selfplay-3c13eef-s5003.txt
# A machine lent for a while turned into shards (OUT_DIR, SECONDS):
#   make datagen-burst OUT_DIR=$OUT SECONDS=720 SHARDS=4 THREADS=4
RECIPE ?=
OUT_DIR ?= target/burst
SECONDS ?= 720
SHARDS ?= 4
THREADS ?= 4
SEED_BASE ?= 7000
.PHONY: remake-shard check-shards datagen-burst
remake-shard: ## make a self-play shard again from its recipe: RECIPE=
	@test -n "$(RECIPE)" || { echo "RECIPE=data/recipes/NAME.txt"; false; }
	scripts/remake-shard.sh $(RECIPE)

# The built-in network trained again from the committed shards, every input
# checked before training, the hash, bytes and bench signature after
# (docs/learning.md: about 45 minutes on 2 cores, 1.1 GB at most).
NETWORK_DATA ?= target/network-data
.PHONY: network
network: build ## train the built-in network again from data/shards/ and check it: NETWORK_DATA=
	scripts/remake-network.sh src/eval/nnue/chuhan.nnue.recipe $(NETWORK_DATA) src/eval/nnue/chuhan.nnue

check-shards: ## the shards in data/shards/ against their recipes' sha256, and no finished recipe's shard missing
	scripts/check-shards.sh

datagen-burst: ## self-play shards on a lent machine: OUT_DIR= SECONDS= SHARDS=
	scripts/datagen-burst.sh $(OUT_DIR) $(SECONDS) $(SHARDS) $(THREADS) $(SEED_BASE)

# A sitting of the search's SPSA run (docs/tuning.md), resuming from the
# committed state; MINUTES empty: until Ctrl-C. Commit tuning/ afterwards.
#   nohup make tune-search MINUTES=120 &
MINUTES ?=
TUNE_CONCURRENCY ?= 2
.PHONY: tune-search
tune-search: ## a sitting of the search's SPSA run, resumed from tuning/spsa-state.toml: MINUTES= TUNE_CONCURRENCY=2
	scripts/tune-search.sh tuning/spsa-state.toml "$(MINUTES)" $(TUNE_CONCURRENCY)

# A sitting's self-play in the background, resuming where the last stopped:
#   nohup make datagen-sitting DATA_DIR=../data &
# (NODES=2500 SEED_FROM=8501: another node count, in a seed range of its own;
# SITTING="the ninth session" BY="played by the seventh network": the words
# of the recipes' made lines). Stop it with pkill -INT -f "datagen --out".
DATA_DIR ?= ../data
NICE ?= 19
NODES ?= 5000
SEED_FROM ?= 8001
.PHONY: datagen-sitting
datagen-sitting: ## self-play shards in the background, resuming: DATA_DIR= NICE=19 (15 beside tune-search) NODES= SEED_FROM=
	NICE=$(NICE) NODES=$(NODES) scripts/datagen-sitting.sh $(DATA_DIR) $(SEED_FROM)
