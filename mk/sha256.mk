# SHA-256 and HASH160 benchmark rows (issue 5): criterion rows per backend
# against the sha2 crate and the sha2 + ripemd chain, then the steadier
# fastest-of-many table with the ratios (same run, same binary).
CARGO ?= cargo
BENCH_STEPS += bench-sha256

.PHONY: bench-sha256
bench-sha256:
	$(CARGO) bench --bench sha256 -- --noplot "sha256/|hash160/"
	RMD160MB_BENCH_MIN=1 $(CARGO) bench --bench sha256
