# Side-by-side benchmark of double SHA-256, merkle roots and SHA-256 of
# 64-byte messages against Bitcoin Core's SHA-256 code (libsha2) and
# hashtree, in one process (bench/peers.c). Not part of make test. The
# peers' sources are built from their directories, never copied here.
#
#   make bench-peers [CORE_SHA256_DIR=...] [HASHTREE_DIR=...]

CORE_SHA256_DIR ?= ../shared/peers/libsha2
HASHTREE_DIR ?= ../shared/peers/hashtree
PEERS_OUT := target/peers
PEERS_CFLAGS := -O2 -g

# libsha2, each file with the flags Bitcoin Core's build gives it.
CORE_SRCS := sha256 sha256_sse4 sha256_sse41 sha256_avx2 sha256_shani common
CORE_FLAGS := -DHAVE_BYTESWAP_H=1 -DHAVE_DECL_BSWAP_16=1 -DHAVE_DECL_BSWAP_32=1 -DHAVE_DECL_BSWAP_64=1 -I$(CORE_SHA256_DIR)/include -I$(CORE_SHA256_DIR)/lib -DENABLE_SSE41 -DENABLE_AVX2 -DENABLE_SHANI -DUSE_ASM
CORE_FLAGS_sha256_sse41 := -msse4.1
CORE_FLAGS_sha256_avx2 := -mavx -mavx2
CORE_FLAGS_sha256_shani := -msse4 -msha
CORE_OBJS := $(CORE_SRCS:%=$(PEERS_OUT)/core/%.o)
# hashtree's x86-64 kernels and its C part.
HASHTREE_ASM := sha256_avx_x1 sha256_avx_x4 sha256_avx_x8 sha256_avx_x16 sha256_shani sha256_sse_x1
HASHTREE_OBJS := $(HASHTREE_ASM:%=$(PEERS_OUT)/hashtree/%.o) $(PEERS_OUT)/hashtree/hashtree.o \
	$(PEERS_OUT)/hashtree/sha256_generic.o

.PHONY: bench-peers

$(PEERS_OUT)/core/%.o: $(CORE_SHA256_DIR)/lib/%.c mk/peers.mk
	@mkdir -p $(dir $@)
	$(CC) $(PEERS_CFLAGS) $(CORE_FLAGS) $(CORE_FLAGS_$*) -c -o $@ $<
$(PEERS_OUT)/hashtree/%.o: $(HASHTREE_DIR)/src/%.S
	@mkdir -p $(dir $@)
	$(CC) -g -fpic -c -o $@ $<
$(PEERS_OUT)/hashtree/%.o: $(HASHTREE_DIR)/src/%.c
	@mkdir -p $(dir $@)
	$(CC) -O3 -g -c -o $@ $<

$(PEERS_OUT)/peers: bench/peers.c $(HEADER) $(LIB_A) $(CORE_OBJS) $(HASHTREE_OBJS)
	$(CC) $(PEERS_CFLAGS) -std=gnu11 -Wall -Wextra -Iinclude -I$(CORE_SHA256_DIR)/include -I$(HASHTREE_DIR)/src \
	    -o $@ bench/peers.c $(CORE_OBJS) $(HASHTREE_OBJS) $(LIB_A) $(NATIVE_STATIC_LIBS)

bench-peers:
	@test -d $(CORE_SHA256_DIR)/lib || { echo "make bench-peers: no Bitcoin Core SHA-256 code at $(CORE_SHA256_DIR) (set CORE_SHA256_DIR to a libsha2 checkout)" >&2; exit 1; }
	@test -d $(HASHTREE_DIR)/src || { echo "make bench-peers: no hashtree at $(HASHTREE_DIR) (set HASHTREE_DIR to a hashtree checkout)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(PEERS_OUT)/peers
	./$(PEERS_OUT)/peers
