//! `make bench-ports`: the issue rates, on the machine at hand, of the
//! instructions the x86_64 kernels are made of.
//!
//! Each row runs one instruction (or a fixed mix) in 12 independent chains,
//! unrolled, so nothing but the execution ports limits it, and reports
//! instructions per cycle. The clock comes from a chain of known latency: a
//! dependent 64-bit register `add` takes 1 cycle on every x86_64 core
//! (Zen 3, 4 and 5, Intel), so 120 of them are 120 cycles. The vector rows
//! are timed against that add chain run beside independent instructions of
//! their width (so the clock is the one the core runs at under that load:
//! AVX-512 frequency levels), and each width's dependent `vpaddd` chain is
//! reported in cycles of latency (1 on Zen 3 and 4 and on Intel, 2 for
//! `zmm` on Zen 5: it is measured, not assumed). A rate above what any core
//! we target issues (4 vector instructions a cycle: Zen 5's four pipes) is
//! flagged, not printed silently. Rows whose instructions this CPU lacks
//! are skipped with a notice.
//!
//! Beside the lanes: how many of the vector ALU issue slots of independent
//! 512- and 256-bit additions each SHA-NI instruction takes when it runs
//! among them (`beside!`), which tells whether SHA-NI rounds in the lanes'
//! loop could add anything on this CPU, and whether legacy-SSE instructions
//! stall there after writes to registers 0..15.
//!
//! The figures go to standard output as a table and, with `--json PATH`, to
//! a file that `bench/bound.py` turns into a lower bound on the time per
//! message of each kernel (`make bench-ports` does both).

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::asm;
    use std::time::Instant;

    /// Instructions per iteration of the rate loops below: `.rept 10` of a
    /// body of 12 instructions (`.rept 15` of 8 for the SHA rows; the
    /// dependent chains: `.rept 120` of one). The `beside!` loops count
    /// theirs in `BESIDE_ADDS` and `BESIDE_OTHER`.
    const PER_ITER: f64 = 120.0;

    /// A function `$name(iters)` that runs the assembler lines `$body`
    /// `iters` times, with the CPU features `$feature`; `$operands` are the
    /// asm! operands beyond the counter (the clobbered registers, and any
    /// inputs the body names). Every timing loop below is one of these.
    macro_rules! asm_loop {
        ($name:ident, $feature:literal, [$($body:expr),+ $(,)?], [$($operands:tt)*]) => {
            #[target_feature(enable = $feature)]
            unsafe fn $name(iters: u64) {
                // SAFETY: only registers are touched (declared clobbered);
                // the caller has checked the CPU has `$feature`.
                unsafe {
                    asm!(
                        "2:",
                        $($body,)+
                        "dec {n}",
                        "jnz 2b",
                        n = inout(reg) iters => _,
                        $($operands)*
                        options(nostack, nomem),
                    )
                }
            }
        };
    }
    /// One timing loop: `$body` is the assembler text of one instruction
    /// with `\k` for the chain, run for each chain of `$chains` (a `.irp`
    /// list), `$rept` times per iteration. The throughput rows use 12
    /// chains 10 times (8 chains 15 times for SHA, which leave xmm0 free:
    /// `sha256rnds2` reads it implicitly), the clock one chain 120 times.
    macro_rules! timed {
        ($name:ident, $feature:literal, $rept:literal x [$chains:literal], $clobbers:tt, $body:literal) => {
            asm_loop!(
                $name,
                $feature,
                [concat!(".rept ", $rept), concat!(".irp k, ", $chains), $body, ".endr", ".endr"],
                $clobbers
            );
        };
    }
    /// 12 independent chains, 10 times per iteration.
    macro_rules! kernel {
        ($name:ident, $feature:literal, $clobbers:tt, $body:literal) => {
            timed!($name, $feature, 10 x ["0,1,2,3,4,5,6,7,8,9,10,11"], $clobbers, $body);
        };
    }
    /// 8 chains (`\k` = 1..=8), 15 times per iteration.
    macro_rules! kernel8 {
        ($name:ident, $feature:literal, $clobbers:tt, $body:literal) => {
            timed!($name, $feature, 15 x ["1,2,3,4,5,6,7,8"], $clobbers, $body);
        };
    }
    /// A dependent chain of 120 instructions per iteration.
    macro_rules! chain {
        ($name:ident, $feature:literal, $clobbers:tt, $body:literal) => {
            timed!($name, $feature, 120 x ["0"], $clobbers, $body);
        };
    }

    // 512-bit (AVX-512 F).
    chain!(zmm_chain, "avx512f", [out("zmm0") _, out("zmm31") _,], "vpaddd zmm0, zmm0, zmm31");
    kernel!(zmm_add, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31");
    kernel!(zmm_rol, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vprold zmm\\k, zmm\\k, 7");
    kernel!(zmm_tern, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vpternlogd zmm\\k, zmm30, zmm31, 0x96");
    kernel!(zmm_shr, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vpsrld zmm\\k, zmm\\k, 7");
    // Rotation and shift alternating: do they share a port?
    kernel!(zmm_rol_shr, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vprold zmm\\k, zmm\\k, 7\n vpsrld zmm\\k, zmm\\k, 3");

    // The SHA-256 lane kernel's mix: two rotations in five instructions (40%,
    // as its rounds and schedule), the rest additions and ternary logic,
    // which can issue on either port. Does the core keep the rotations' port
    // busy with rotations alone?
    kernel!(zmm_mix_2_in_5, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm30") _, out("zmm31") _,], "vprold zmm\\k, zmm\\k, 7\n vpaddd zmm\\k, zmm\\k, zmm31\n vprold zmm\\k, zmm\\k, 3\n vpternlogd zmm\\k, zmm30, zmm31, 0x96\n vpaddd zmm\\k, zmm\\k, zmm31");

    /// 12 independent `vpgatherdd zmm` of 16 words each (offsets 0, 64, ...
    /// 960 bytes into a buffer on the stack: one cache line per lane, as the
    /// SHA-256 kernels' loads of one word of 16 messages), each after the
    /// `kxnorw` that refills its mask.
    #[target_feature(enable = "avx512f")]
    unsafe fn zmm_gather(iters: u64) {
        let buf = [0u32; 16 * 16 + 16];
        let offsets: [u32; 16] = core::array::from_fn(|i| 16 * i as u32);
        // SAFETY: the gathers read buf[offsets[i]] (< 256 + 16 words); only
        // registers are written; the caller has checked AVX-512 F.
        unsafe {
            asm!(
                "vmovdqu32 zmm31, [{o}]",
                "2:",
                ".rept 10",
                ".irp k, 0,1,2,3,4,5,6,7,8,9,10,11",
                "kxnorw k1, k0, k0",
                "vpgatherdd zmm\\k{{k1}}, [{p} + zmm31*4]",
                ".endr",
                ".endr",
                "dec {n}",
                "jnz 2b",
                n = inout(reg) iters => _,
                p = in(reg) buf.as_ptr(),
                o = in(reg) offsets.as_ptr(),
                out("k1") _,
                out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _,
                out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _,
                out("zmm31") _,
                options(nostack, readonly),
            )
        }
    }

    // 256-bit (AVX2; rotations and ternary logic with AVX-512 VL).
    chain!(ymm_chain, "avx2", [out("ymm0") _, out("ymm15") _,], "vpaddd ymm0, ymm0, ymm15");
    kernel!(ymm_add, "avx2", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm14") _, out("ymm15") _,], "vpaddd ymm\\k, ymm\\k, ymm15");
    kernel!(ymm_shr, "avx2", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm14") _, out("ymm15") _,], "vpsrld ymm\\k, ymm\\k, 7");
    kernel!(ymm_or, "avx2", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm14") _, out("ymm15") _,], "vpor ymm\\k, ymm\\k, ymm15");
    kernel!(ymm_rol, "avx512f,avx512vl", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm14") _, out("ymm15") _,], "vprold ymm\\k, ymm\\k, 7");
    kernel!(ymm_tern, "avx512f,avx512vl", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm14") _, out("ymm15") _,], "vpternlogd ymm\\k, ymm14, ymm15, 0x96");

    // SHA extensions: 8 chains (xmm1..xmm8); xmm0, the round's implicit
    // operand, and the source xmm13 are never written.
    kernel8!(sha_rnds2, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256rnds2 xmm\\k, xmm13");
    kernel8!(sha_msg1, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256msg1 xmm\\k, xmm13");
    kernel8!(sha_msg2, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256msg2 xmm\\k, xmm13");
    // Four rounds of the SHA-NI kernel (src/simd/shani.rs), without the
    // message schedule (its first four quad-rounds: 2 rounds, the W + K
    // addition, the high half's shuffle) and with their share of it
    // (quad-rounds 4..16: also msg1, the W[t-7] palignr, an addition and
    // msg2). Independent chains: the issue rate, the bound, not the
    // kernel's own dependencies.
    kernel8!(sha_quad, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256rnds2 xmm\\k, xmm13\n sha256rnds2 xmm\\k, xmm13\n paddd xmm\\k, xmm13\n pshufd xmm\\k, xmm13, 0x0e");
    kernel8!(sha_quad_schedule, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256rnds2 xmm\\k, xmm13\n sha256rnds2 xmm\\k, xmm13\n paddd xmm\\k, xmm13\n pshufd xmm\\k, xmm13, 0x0e\n sha256msg1 xmm\\k, xmm13\n palignr xmm\\k, xmm13, 4\n paddd xmm\\k, xmm13\n sha256msg2 xmm\\k, xmm13");
    // Rounds and schedule alternating: do they share the SHA unit?
    kernel8!(sha_rnds2_msg2, "sha,sse4.1", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _, out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _, out("xmm12") _, out("xmm13") _,], "sha256rnds2 xmm\\k, xmm13\n sha256msg2 xmm\\k, xmm13");

    /// Beside the lanes: 120 independent `vpaddd` of one width an iteration
    /// (10 chains, 12 deep: never the limit) with 4 instructions of another
    /// kind (`$other`, 4 chains `\j` = xmm1..xmm4, source xmm0) among them,
    /// or none. The adds alone fill the vector ports for 30 cycles on a
    /// core with four (60 with two, Intel's 512-bit ones); 4 SHA
    /// instructions alone issue in at most 16 on any core we know. So the
    /// time the 4 add to the loop, in the adds' own rate, is the number of
    /// vector ALU slots one of them takes from the lanes: 0 where it runs on
    /// a unit of its own, 1 where it takes one issue slot of their ports.
    /// This is what decides whether SHA-NI rounds beside the lanes (issue
    /// 36) can add anything: a message on SHA-NI must cost fewer of those
    /// slots than a lane's share.
    macro_rules! beside {
        ($name:ident, $feature:literal, $chains:literal, $clobbers:tt, $vec:literal, $other:literal) => {
            asm_loop!(
                $name,
                $feature,
                [".irp j, 1,2,3,4", ".rept 3", concat!(".irp k, ", $chains), $vec, ".endr", ".endr", $other, ".endr"],
                $clobbers
            );
        };
    }
    /// The adds of `beside!` per iteration, and the other instructions.
    const BESIDE_ADDS: f64 = 120.0;
    const BESIDE_OTHER: f64 = 4.0;
    /// Slots one of the `BESIDE_OTHER` instructions takes, from the mixed
    /// loop's time over the adds' alone.
    /// Noise can make the mixed loop a hair faster: no fewer than 0.
    fn beside_slots(factor: f64, others: f64) -> f64 {
        ((factor - 1.0) * BESIDE_ADDS / others).max(0.0)
    }
    /// `beside!` in 512-bit registers 16..25, which legacy-SSE instructions
    /// cannot name (the SHA extensions have no other encoding).
    macro_rules! beside_zmm {
        ($name:ident, $other:literal) => {
            beside!($name, "avx512f,sha", "16,17,18,19,20,21,22,23,24,25", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("zmm16") _, out("zmm17") _, out("zmm18") _, out("zmm19") _, out("zmm20") _, out("zmm21") _, out("zmm22") _, out("zmm23") _, out("zmm24") _, out("zmm25") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31", $other);
        };
    }
    /// `beside!` in 256-bit registers 5..14, as AVX2 lanes (16 registers
    /// in all) would have them.
    macro_rules! beside_ymm {
        ($name:ident, $other:literal) => {
            beside!($name, "avx2,sha", "5,6,7,8,9,10,11,12,13,14", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm12") _, out("ymm13") _, out("ymm14") _, out("ymm15") _,], "vpaddd ymm\\k, ymm\\k, ymm15", $other);
        };
    }
    beside_zmm!(zmm_alone, "");
    beside_zmm!(zmm_beside_rnds2, "sha256rnds2 xmm\\j, xmm0");
    beside_zmm!(zmm_beside_msg1, "sha256msg1 xmm\\j, xmm0");
    beside_zmm!(zmm_beside_msg2, "sha256msg2 xmm\\j, xmm0");
    beside_zmm!(zmm_beside_paddd, "paddd xmm\\j, xmm0");
    beside_ymm!(ymm_alone, "");
    beside_ymm!(ymm_beside_rnds2, "sha256rnds2 xmm\\j, xmm0");
    beside_ymm!(ymm_beside_msg1, "sha256msg1 xmm\\j, xmm0");
    beside_ymm!(ymm_beside_msg2, "sha256msg2 xmm\\j, xmm0");
    beside_ymm!(ymm_beside_paddd, "paddd xmm\\j, xmm0");
    // Register-to-register copies among the adds (the destructive
    // `vpternlog` costs kernels such copies): ten for each of the four
    // groups, 40 among the 120 adds (`COPIES`), so that the slots they take
    // stand out of the noise; none if the core renames a copy away, one
    // each if it executes.
    beside!(zmm_beside_copy, "avx512f,sha", "16,17,18,19,20,21,22,23,24,25", [out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm16") _, out("zmm17") _, out("zmm18") _, out("zmm19") _, out("zmm20") _, out("zmm21") _, out("zmm22") _, out("zmm23") _, out("zmm24") _, out("zmm25") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31", ".irp c, 16,17,18,19,20,21,22,23,24,25\nvmovdqa64 zmm\\j, zmm\\c\n.endr");
    beside!(ymm_beside_copy, "avx2,sha", "5,6,7,8,9,10,11,12,13,14", [out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm12") _, out("ymm13") _, out("ymm14") _, out("ymm15") _,], "vpaddd ymm\\k, ymm\\k, ymm15", ".irp c, 5,6,7,8,9,10,11,12,13,14\nvmovdqa ymm\\j, ymm\\c\n.endr");
    /// The copies of `zmm_beside_copy` and `ymm_beside_copy` per iteration.
    const COPIES: f64 = 40.0;
    // The same in 512-bit registers 5..14, whose upper bits legacy-SSE
    // instructions see as dirty: what a loop whose lanes the compiler
    // allocates anywhere among zmm0..31 would risk.
    beside!(zmm_low_alone, "avx512f,sha", "5,6,7,8,9,10,11,12,13,14", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm12") _, out("zmm13") _, out("zmm14") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31", "");
    beside!(zmm_low_beside_rnds2, "avx512f,sha", "5,6,7,8,9,10,11,12,13,14", [out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _, out("xmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm12") _, out("zmm13") _, out("zmm14") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31", "sha256rnds2 xmm\\j, xmm0");

    // Scalar: the clock. Register to register: newer cores fold chains of
    // additions of an immediate at rename, which would not be cycles. A
    // dependent 64-bit `add` has 1 cycle of latency on every x86_64 core we
    // target, so the 120 per iteration are 120 cycles.
    unsafe fn gpr_chain(iters: u64) {
        // SAFETY: registers only, declared clobbered.
        unsafe {
            asm!(
                "2:",
                ".rept 120",
                "add {x}, {y}",
                ".endr",
                "dec {n}",
                "jnz 2b",
                n = inout(reg) iters => _,
                x = inout(reg) 0u64 => _,
                y = in(reg) 1u64,
                options(nostack, nomem),
            )
        }
    }

    /// The same 120-cycle add chain with 60 independent `vpaddd` of one
    /// width beside it (12 chains of 5: at most 10 cycles deep, and 60 issue
    /// in 15 to 30 cycles), so the core runs at the clock it has under that
    /// width's load (AVX-512 frequency levels) while the add chain alone
    /// sets the time.
    macro_rules! loaded_clock {
        ($name:ident, $feature:literal, [$($clobber:tt)*], $vec:literal) => {
            asm_loop!(
                $name,
                $feature,
                [".rept 5", ".irp k, 0,1,2,3,4,5,6,7,8,9,10,11", "add {x}, {y}", "add {x}, {y}", $vec, ".endr", ".endr"],
                [x = inout(reg) 0u64 => _, y = in(reg) 1u64, $($clobber)*]
            );
        };
    }
    loaded_clock!(gpr_chain_zmm, "avx512f", [out("zmm0") _, out("zmm1") _, out("zmm2") _, out("zmm3") _, out("zmm4") _, out("zmm5") _, out("zmm6") _, out("zmm7") _, out("zmm8") _, out("zmm9") _, out("zmm10") _, out("zmm11") _, out("zmm31") _,], "vpaddd zmm\\k, zmm\\k, zmm31");
    loaded_clock!(gpr_chain_ymm, "avx2", [out("ymm0") _, out("ymm1") _, out("ymm2") _, out("ymm3") _, out("ymm4") _, out("ymm5") _, out("ymm6") _, out("ymm7") _, out("ymm8") _, out("ymm9") _, out("ymm10") _, out("ymm11") _, out("ymm15") _,], "vpaddd ymm\\k, ymm\\k, ymm15");

    /// Seconds per iteration of `f`, the best of 41 runs of about 1 ms:
    /// short runs, so that on a shared machine some of them run without
    /// being preempted (a run of 20 ms seldom does), and the best is the
    /// core's own speed.
    fn seconds_per_iter(f: unsafe fn(u64)) -> f64 {
        // SAFETY: every caller passes a function whose features it checked.
        let run = |iters| unsafe { f(iters) };
        run(100);
        let mut iters = 100u64;
        loop {
            let t = Instant::now();
            run(iters);
            if t.elapsed().as_secs_f64() > 0.000_25 {
                break;
            }
            iters *= 2;
        }
        let iters = (iters as f64 * 0.001 / 0.000_25).max(1.0) as u64;
        (0..41)
            .map(|_| {
                let t = Instant::now();
                run(iters);
                t.elapsed().as_secs_f64() / iters as f64
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// Seconds per instruction of a loop of 120 per iteration: for the
    /// add chains, seconds per cycle.
    fn cycle(chain: unsafe fn(u64)) -> f64 {
        seconds_per_iter(chain) / PER_ITER
    }

    /// The most of any instruction a row can issue per cycle on a core we
    /// target: Zen 5 has four vector pipes (Zen 3 and 4 four as well, Intel
    /// three for 256-bit and two for 512-bit operations), so no more than 4
    /// additions a cycle; a 16-word gather is 16 loads, at most 4 a cycle
    /// (Zen 5's load ports); one SHA unit runs at most one `sha256rnds2` a
    /// cycle, two in each four-round body. A figure above it is a misread
    /// clock or row, and is flagged.
    fn plausible_max(key: &str) -> f64 {
        match key {
            "zmm_gather" => 4.0 / 16.0,
            "sha256rnds2" => 1.0,
            "sha256rnds2_msg2" => 2.0,
            "sha_quad" | "sha_quad_schedule" => 0.5,
            _ => 4.0,
        }
    }

    struct Row {
        key: &'static str,
        what: &'static str,
        per_cycle: f64,
    }

    pub fn main() {
        let has = |f: &str| match f {
            "avx512f" => is_x86_feature_detected!("avx512f"),
            "avx512vl" => is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vl"),
            "avx2" => is_x86_feature_detected!("avx2"),
            "sha" => is_x86_feature_detected!("sha") && is_x86_feature_detected!("sse4.1"),
            _ => false,
        };
        // Another busy thread on the core (or its SMT sibling) slows the
        // independent chains more than the dependent one: say so.
        if let Some(load) =
            std::fs::read_to_string("/proc/loadavg").ok().and_then(|s| s.split(' ').next()?.parse::<f64>().ok())
        {
            if load > 0.5 {
                println!("warning: load average {load:.2}: other work may share the cores, and the rates come out low; measure on a quiet machine");
            }
        }
        let gpr_cycle = cycle(gpr_chain);
        let mut rows = Vec::new();
        // Per width: the clock under its load (the add chain beside
        // independent vector additions) and its `vpaddd` chain's latency in
        // cycles of that clock.
        let mut widths: Vec<(&str, f64, f64)> = Vec::new();
        let mut measure = |req: &str, clock_cycle: f64, key, what, f: unsafe fn(u64), per_iter: f64| {
            if !has(req) {
                println!("skipped (this CPU lacks {req}): {what}");
                return;
            }
            let per_cycle = per_iter / (seconds_per_iter(f) / clock_cycle);
            rows.push(Row { key, what, per_cycle });
        };
        if has("avx512f") {
            let c = cycle(gpr_chain_zmm).min(cycle(gpr_chain_zmm));
            widths.push(("zmm", 1e-9 / c, cycle(zmm_chain) / c));
            measure("avx512f", c, "zmm_add", "vpaddd zmm", zmm_add, PER_ITER);
            measure("avx512f", c, "zmm_rol", "vprold zmm", zmm_rol, PER_ITER);
            measure("avx512f", c, "zmm_tern", "vpternlogd zmm", zmm_tern, PER_ITER);
            measure("avx512f", c, "zmm_shift", "vpsrld zmm (immediate)", zmm_shr, PER_ITER);
            measure("avx512f", c, "zmm_rol_shift", "vprold + vpsrld zmm, alternating", zmm_rol_shr, 2.0 * PER_ITER);
            measure(
                "avx512f",
                c,
                "zmm_mix_2_in_5",
                "2 vprold in 5 (SHA-256 lanes' mix)",
                zmm_mix_2_in_5,
                5.0 * PER_ITER,
            );
            measure("avx512f", c, "zmm_gather", "vpgatherdd zmm (16 words, 16 lines)", zmm_gather, PER_ITER);
        } else {
            println!("skipped (this CPU lacks avx512f): the 512-bit rows");
        }
        if has("avx2") {
            let c = cycle(gpr_chain_ymm).min(cycle(gpr_chain_ymm));
            widths.push(("ymm", 1e-9 / c, cycle(ymm_chain) / c));
            measure("avx2", c, "ymm_add", "vpaddd ymm", ymm_add, PER_ITER);
            measure("avx2", c, "ymm_shift", "vpsrld ymm (immediate)", ymm_shr, PER_ITER);
            measure("avx2", c, "ymm_or", "vpor ymm", ymm_or, PER_ITER);
            measure("avx512vl", c, "ymm_rol", "vprold ymm (AVX-512 VL)", ymm_rol, PER_ITER);
            measure("avx512vl", c, "ymm_tern", "vpternlogd ymm (AVX-512 VL)", ymm_tern, PER_ITER);
        } else {
            println!("skipped (this CPU lacks avx2): the 256-bit rows");
        }
        // The SHA rows run at the scalar clock (no AVX-512 frequency level).
        measure("sha", gpr_cycle, "sha256rnds2", "sha256rnds2 (2 rounds)", sha_rnds2, PER_ITER);
        measure("sha", gpr_cycle, "sha256msg1", "sha256msg1", sha_msg1, PER_ITER);
        measure("sha", gpr_cycle, "sha256msg2", "sha256msg2", sha_msg2, PER_ITER);
        measure(
            "sha",
            gpr_cycle,
            "sha256rnds2_msg2",
            "sha256rnds2 + sha256msg2, alternating",
            sha_rnds2_msg2,
            2.0 * PER_ITER,
        );
        // Per four rounds (one body), not per instruction.
        measure("sha", gpr_cycle, "sha_quad", "SHA-NI 4 rounds (per 4 rounds)", sha_quad, PER_ITER);
        measure(
            "sha",
            gpr_cycle,
            "sha_quad_schedule",
            "SHA-NI 4 rounds + schedule (per 4)",
            sha_quad_schedule,
            PER_ITER,
        );

        // Beside the lanes: vector ALU slots one SHA instruction takes from
        // independent adds of each width (`beside!`). The adds alone are
        // timed before and after each mixed loop, the lesser kept, so a
        // drift of the clock between rows cancels.
        let mut beside: Vec<(&str, String, f64, f64)> = Vec::new();
        let mut slots =
            |req: &str, key: &'static str, what: String, alone: unsafe fn(u64), mixed: unsafe fn(u64), others: f64| {
                if !has(req) || !has("sha") {
                    println!("skipped (this CPU lacks {req} or sha): {what}");
                    return;
                }
                let a = seconds_per_iter(alone);
                let t = seconds_per_iter(mixed);
                let a = a.min(seconds_per_iter(alone));
                beside.push((key, what, t / a, others));
            };
        for (req, w, alone, rows) in [
            (
                "avx512f",
                "zmm",
                zmm_alone as unsafe fn(u64),
                [
                    ("zmm_slots_rnds2", "sha256rnds2", zmm_beside_rnds2 as unsafe fn(u64), BESIDE_OTHER),
                    ("zmm_slots_msg1", "sha256msg1", zmm_beside_msg1, BESIDE_OTHER),
                    ("zmm_slots_msg2", "sha256msg2", zmm_beside_msg2, BESIDE_OTHER),
                    ("zmm_slots_paddd", "paddd xmm (SSE)", zmm_beside_paddd, BESIDE_OTHER),
                    ("zmm_slots_copy", "vmovdqa64 zmm, zmm (a copy)", zmm_beside_copy, COPIES),
                ],
            ),
            (
                "avx2",
                "ymm",
                ymm_alone,
                [
                    ("ymm_slots_rnds2", "sha256rnds2", ymm_beside_rnds2, BESIDE_OTHER),
                    ("ymm_slots_msg1", "sha256msg1", ymm_beside_msg1, BESIDE_OTHER),
                    ("ymm_slots_msg2", "sha256msg2", ymm_beside_msg2, BESIDE_OTHER),
                    ("ymm_slots_paddd", "paddd xmm (SSE)", ymm_beside_paddd, BESIDE_OTHER),
                    ("ymm_slots_copy", "vmovdqa ymm, ymm (a copy)", ymm_beside_copy, COPIES),
                ],
            ),
        ] {
            for (key, what, mixed, others) in rows {
                slots(req, key, format!("{what} beside vpaddd {w}"), alone, mixed, others);
            }
        }
        // The hazard: the same adds in zmm5..14, whose upper halves are then
        // dirty for the legacy-SSE `sha256rnds2`.
        let mut dirty = None;
        if has("avx512f") && has("sha") {
            let a = seconds_per_iter(zmm_low_alone);
            let t = seconds_per_iter(zmm_low_beside_rnds2);
            dirty = Some(t / a.min(seconds_per_iter(zmm_low_alone)));
        }

        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        let model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                let field = |name: &str| {
                    s.lines()
                        .find(|l| l.split(':').next().map(str::trim) == Some(name))
                        .and_then(|l| l.split(':').nth(1))
                        .map(|v| v.trim().to_string())
                };
                Some(format!("family {} model {}", field("cpu family")?, field("model")?))
            })
            .unwrap_or_default();
        println!("{cpu} ({model})");
        let ghz = 1e-9 / gpr_cycle;
        let mut implausible = Vec::new();
        let flag_ghz = if (0.5..=6.5).contains(&ghz) { "" } else { "  <- IMPLAUSIBLE: outside 0.5-6.5 GHz" };
        println!("clock: {ghz:.2} GHz, from a dependent 64-bit add chain (1 cycle latency){flag_ghz}");
        for (w, g, lat) in &widths {
            // Under 1 cycle is no latency a core has: the chain was folded
            // or the clock misread.
            let flag = if *lat < 0.9 { "  <- IMPLAUSIBLE: under 1 cycle" } else { "" };
            println!(
                "vpaddd {w} chain: {lat:.2} cycle latency (clock under {w} load: {g:.2} GHz, the same add chain beside independent vpaddd {w}){flag}"
            );
        }
        println!("{:<36} {:>9}", "instruction (12 independent chains)", "per cycle");
        for r in &rows {
            let max = plausible_max(r.key);
            if r.per_cycle > max * 1.02 {
                implausible.push(r.key);
                println!(
                    "{:<36} {:>9.2}  <- IMPLAUSIBLE: above {max:.2}, the most any core we target issues",
                    r.what, r.per_cycle
                );
            } else {
                println!("{:<36} {:>9.2}", r.what, r.per_cycle);
            }
        }
        if !implausible.is_empty() {
            println!(
                "warning: {} figure(s) above the plausible maximum ({}): the clock or those rows are misread; do not use them",
                implausible.len(),
                implausible.join(", ")
            );
        }
        if !beside.is_empty() {
            println!("{:<36} {:>9}", "beside the lanes (4, or 40 copies, among 120 adds)", "slots");
            for (_, what, f, others) in &beside {
                let v = beside_slots(*f, *others);
                if *f > 2.0 {
                    // Not a port: Intel's penalty for a legacy-SSE instruction
                    // when the upper halves of ymm/zmm0..15 are dirty.
                    println!("{what:<36} {v:>9.2}  <- a stall, not a port: {f:.1}x the adds' time (legacy SSE after ymm/zmm0..15 writes)");
                } else {
                    println!("{what:<36} {v:>9.2}");
                }
            }
            println!(
                "(vector ALU issue slots one instruction takes from independent adds: 0 = a unit of its own, 1 = one slot of the adds' ports)"
            );
        }
        if let Some(f) = dirty {
            println!(
                "sha256rnds2 beside vpaddd zmm5..14 (dirty upper halves): {f:.2}x the time of the adds alone{}",
                if f > 2.0 { "  <- a legacy-SSE instruction after zmm0..15 writes stalls this core" } else { "" }
            );
        }
        // `ghz_<width>` is the clock the `<width>_*` rates are per cycle of
        // (bound.py divides by it): now the add chain's under that load.
        // Added in version 2: the method, each chain's latency, the chain's
        // rate (what `ghz_<width>` held in version 1) and the flagged rows.
        let mut json = String::from("{\n");
        json += &format!("  \"cpu\": \"{}\",\n  \"model\": \"{model}\",\n", cpu.replace('"', "'"));
        json += "  \"clock_method\": \"dependent 64-bit add chain (1 cycle latency)\",\n";
        json += &format!("  \"ghz_scalar\": {ghz:.4},\n");
        for (w, g, lat) in &widths {
            json += &format!("  \"ghz_{w}\": {g:.4},\n");
            json += &format!("  \"{w}_chain_latency\": {lat:.4},\n");
            json += &format!("  \"{w}_chain_per_ns\": {:.4},\n", g / lat);
        }
        for r in &rows {
            json += &format!("  \"{}\": {:.4},\n", r.key, r.per_cycle);
        }
        for (key, _, f, others) in &beside {
            json += &format!("  \"{key}\": {:.4},\n", beside_slots(*f, *others));
        }
        if let Some(f) = dirty {
            json += &format!("  \"zmm_dirty_rnds2_factor\": {f:.4},\n");
        }
        let list: Vec<String> = implausible.iter().map(|k| format!("\"{k}\"")).collect();
        json += &format!("  \"implausible\": [{}],\n", list.join(", "));
        json += "  \"version\": 2\n}\n";
        // `--json PATH` (cargo bench adds `--bench` of its own).
        let args: Vec<String> = std::env::args().collect();
        if let Some(path) = args.iter().position(|a| a == "--json").and_then(|i| args.get(i + 1)) {
            match std::fs::write(path, json) {
                Ok(()) => println!("written: {path}"),
                Err(e) => {
                    eprintln!("{path}: {e}");
                    std::process::exit(1);
                }
            }
        }
    }
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    x86::main();
    #[cfg(not(target_arch = "x86_64"))]
    println!("bench-ports: only x86_64 is measured so far; skipped on this architecture");
}
