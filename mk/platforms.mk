# The other platforms' steps of make test (the targets are in mk/windows.mk
# and mk/macos.mk):
#
#   platforms      the Windows (DLL, static library, rmd160mb.exe) and macOS
#                  (both architectures) release builds, two at a time: each
#                  LTO build keeps one core busy, and their cargo target
#                  directories differ
#   test-windows   the Windows build under Wine
#   check-macos    the macOS builds' symbols, install names and kernel sets

TEST_STEPS += platforms test-windows check-macos
.PHONY: platforms
platforms:
	@$(MAKE) --no-print-directory -j2 --output-sync=target windows-lib windows-cli macos
