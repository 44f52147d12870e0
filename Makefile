# OpenBench / fastchess style build: `make EXE=<path>` puts the release binary at <path>.
# The tournament binary is the engine alone: no default features, so no `analyse`, `serve`
# (tokio, axum), `train` or `fourhand` (see Cargo.toml's [features]); `cargo build --release` has
# them all.
EXE ?= daba
CARGO ?= cargo
# Where cargo puts the binary: CARGO_TARGET_DIR when set, as cargo itself reads it.
TARGET_DIR ?= $(if $(CARGO_TARGET_DIR),$(CARGO_TARGET_DIR),target)
# Extra features, e.g. FEATURES=tune for an SPSA build.
FEATURES ?=

.PHONY: all build clean

all: build

build:
	$(CARGO) build --release -p daba --no-default-features $(if $(FEATURES),--features $(FEATURES)) --bin daba
	cp $(TARGET_DIR)/release/daba $(EXE)

clean:
	$(CARGO) clean
