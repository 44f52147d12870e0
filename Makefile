# OpenBench / fastchess style build: `make EXE=<path>` puts the release binary at <path>.
EXE ?= daba
CARGO ?= cargo

.PHONY: all build clean

all: build

build:
	$(CARGO) build --release --bin daba
	cp target/release/daba $(EXE)

clean:
	$(CARGO) clean
