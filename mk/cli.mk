# The command-line tool `rmd160mb` (cli/, package rmd160mb-cli).
#
#   make            also builds target/release/rmd160mb and its man pages (target/man/)
#   make install    also installs $(BINDIR)/rmd160mb and $(MAN1DIR)/rmd160mb*.1
#   make test-cli   cargo test -p rmd160mb-cli --test cli (runs the binary; needs openssl,
#                   sha256sum and man (man-db), which renders each man page)
#                   and the README's command-line examples
#   make bench-cli  1,000,000 random 33-byte keys in hex (cli/examples/make-keys.rs,
#                   fixed seed), `rmd160mb hash160 -j 1` and `-j 2` checked
#                   against OpenSSL (bench/check-hash160.py) and timed with
#                   hyperfine (Debian packages hyperfine and python3; not part
#                   of make test)

CLI_BIN := $(RELEASE_DIR)/rmd160mb
CLI_MAN_DIR := target/man
CLI_MAN_PAGES := rmd160mb rmd160mb-sum rmd160mb-hash160 rmd160mb-eth-address rmd160mb-merkle-root rmd160mb-bench rmd160mb-backends
BINDIR ?= $(PREFIX)/bin
MAN1DIR ?= $(PREFIX)/share/man/man1
HYPERFINE ?= hyperfine
CLI_BENCH_DIR := target/cli-bench
CLI_BENCH_KEYS ?= 1000000

.PHONY: cli install-cli uninstall-cli test-cli bench-cli

all: cli

# The man pages come from the argument definitions (clap_mangen), through
# a hidden subcommand of the binary.
cli:
	$(CARGO) build --release -p rmd160mb-cli
	@rm -rf $(CLI_MAN_DIR) && $(CLI_BIN) generate-man $(CLI_MAN_DIR)

install: install-cli
uninstall: uninstall-cli

# Like `install`: no cargo here (make && sudo make install).
install-cli:
	@test -f $(CLI_BIN) && test -f $(CLI_MAN_DIR)/rmd160mb.1 || \
	    { echo "error: $(CLI_BIN) or its man pages are missing: run \`make\` first" >&2; exit 1; }
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR)
	$(INSTALL) -m 0755 $(CLI_BIN) $(DESTDIR)$(BINDIR)/rmd160mb
	$(INSTALL) -m 0644 $(patsubst %,$(CLI_MAN_DIR)/%.1,$(CLI_MAN_PAGES)) $(DESTDIR)$(MAN1DIR)/

uninstall-cli:
	rm -f $(DESTDIR)$(BINDIR)/rmd160mb $(patsubst %,$(DESTDIR)$(MAN1DIR)/%.1,$(CLI_MAN_PAGES))

TEST_STEPS += test-cli
# --test cli: the binary's own test harness would be a second LTO build of
# the whole program for no test (cli/src has none); the example is built
# as `cargo test` would build it (bench-cli runs it).
test-cli: cli
	@! grep -rq '#\[test\]' cli/src || { echo "test-cli: cli/src now has unit tests: run them (drop --test cli below)"; exit 1; }
	$(CARGO) test --release -p rmd160mb-cli --test cli
	$(CARGO) build --release -p rmd160mb-cli --examples
	@bash cli/tests/readme-examples.sh "$(CURDIR)/$(CLI_BIN)" README.md

$(CLI_BENCH_DIR)/keys.txt:
	@mkdir -p $(CLI_BENCH_DIR)
	$(CARGO) run --release -q -p rmd160mb-cli --example make-keys -- $(CLI_BENCH_KEYS) 1 > $@.tmp && mv $@.tmp $@

bench-cli: cli $(CLI_BENCH_DIR)/keys.txt
	@command -v $(HYPERFINE) >/dev/null || { echo "make bench-cli needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
	@command -v python3 >/dev/null || { echo "make bench-cli needs python3 (apt-get install python3)" >&2; exit 1; }
	$(CLI_BIN) hash160 -j 1 $(CLI_BENCH_DIR)/keys.txt > $(CLI_BENCH_DIR)/out-j1
	$(CLI_BIN) hash160 -j 2 $(CLI_BENCH_DIR)/keys.txt > $(CLI_BENCH_DIR)/out-j2
	cmp $(CLI_BENCH_DIR)/out-j1 $(CLI_BENCH_DIR)/out-j2
	python3 bench/check-hash160.py $(CLI_BENCH_DIR)/keys.txt $(CLI_BENCH_DIR)/out-j1
	# --prepare removes the previous run's output first: ext4 makes a
	# truncating `> out` wait for the writeback of the data it replaces,
	# which would time the disk, not the program.
	$(HYPERFINE) --warmup 2 --runs 20 --prepare 'rm -f $(CLI_BENCH_DIR)/out' \
	    --export-markdown $(CLI_BENCH_DIR)/hyperfine.md \
	    '$(CLI_BIN) hash160 -j 1 $(CLI_BENCH_DIR)/keys.txt > $(CLI_BENCH_DIR)/out' \
	    '$(CLI_BIN) hash160 -j 2 $(CLI_BENCH_DIR)/keys.txt > $(CLI_BENCH_DIR)/out'
	@echo "keys: $(CLI_BENCH_KEYS); M keys/s = $(CLI_BENCH_KEYS) / 1e6 / mean seconds"
