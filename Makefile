# per: make run starts the app, make test builds and runs every test, make unit all but the tmux ones.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN_DEBUG = .build/debug/per
BIN_RELEASE = .build/release/per

.PHONY: all build run test unit bench install deps check-deps clean

all: build

## Build the release binary.
build: check-deps
	$(SWIFT) build -c release --product per

## Build and start per (any arguments: make run ARGS="compare 3.99/500g 6.99/1kg").
run: build
	$(BIN_RELEASE) $(ARGS)

## Build and run every test: unit, snapshot, property, store and end-to-end (tmux).
test: deps
	$(SWIFT) build --product per
	PER_BINARY="$(CURDIR)/$(BIN_DEBUG)" $(SWIFT) test

## The edit-compile-test loop: every test but the end-to-end ones in tmux (no tmux needed).
unit: check-deps
	$(SWIFT) build --product per
	PER_BINARY="$(CURDIR)/$(BIN_DEBUG)" $(SWIFT) test --skip EndToEndTests

## Benchmarks: first paint, bytes per keystroke, keystroke cost at 10 to 100,000 products, per compare at 2,000 and 20,000 items,
## per import of 200,000 and 1,000,000 products against a Python load (BENCH_SECTIONS=7 runs only that one).
bench: deps build
	PER_BINARY="$(CURDIR)/$(BIN_RELEASE)" ./Scripts/bench

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 $(BIN_RELEASE) "$(DESTDIR)$(PREFIX)/bin/per"

## Build-time libraries (ncursesw, sqlite) come with the machine; say so clearly when they are missing.
check-deps:
	@pkg-config --exists ncursesw || { echo "per needs ncursesw: apt-get install libncurses-dev" >&2; exit 1; }
	@pkg-config --exists sqlite3 || { echo "per needs SQLite: apt-get install libsqlite3-dev" >&2; exit 1; }

## The end-to-end tests and the benchmark drive the real binary in tmux: install it when missing.
deps: check-deps
	@command -v tmux >/dev/null 2>&1 || { \
	  echo "tmux is needed for the end-to-end tests; installing it with apt-get" >&2; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq tmux >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq tmux >/dev/null; \
	  else echo "please install tmux (apt-get install tmux) and run make test again" >&2; exit 1; fi; }

clean:
	rm -rf .build .build-*
