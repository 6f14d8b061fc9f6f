// Neighbour sums, written once with eight explicit lanes and compiled for several instruction
// sets (AVX-512, AVX2, baseline SSE2); the loader picks the widest the CPU has. The lanes, the
// order they are combined in, and IEEE arithmetic without contraction (no fused multiply-add)
// are the same in every version, so every CPU computes bit-identical results — which matters
// because the leaderboard server re-simulates the swarms players submit.
//
// Swift has no per-function target attributes, so this one loop lives in C.
#include "swarm_kernel.h"
#include <string.h>

#pragma clang fp contract(off)

typedef double lane8 __attribute__((ext_vector_type(8)));
typedef long mask8 __attribute__((ext_vector_type(8)));

// Macros rather than functions: a function taking or returning an 8-double vector would have
// a different calling convention in each compiled version.
#define LOAD8(p) ({ lane8 v_; memcpy(&v_, (p), sizeof v_); v_; })
#define SELECT8(mask, value) ((lane8)((mask8)(value) & (mask)))

__attribute__((target_clones("avx512f", "avx2", "default")))
void swarm_accumulate(const double *x, const double *y, const double *vx, const double *vy,
                      ptrdiff_t padded_count, double xi, double yi, double r2, swarm_sums *out) {
    const lane8 one = 1.0, tiny = 0.001;
    lane8 n = 0, sdx = 0, sdy = 0, svx = 0, svy = 0, sepx = 0, sepy = 0;
    for (ptrdiff_t j = 0; j < padded_count; j += 8) {
        lane8 dx = LOAD8(x + j) - xi;
        lane8 dy = LOAD8(y + j) - yi;
        lane8 d2 = dx * dx + dy * dy;
        lane8 w = SELECT8(d2 < r2, one);
        lane8 inverse = w / (d2 + SELECT8(d2 == 0, tiny));
        n += w;
        sdx += w * dx;
        sdy += w * dy;
        svx += w * LOAD8(vx + j);
        svy += w * LOAD8(vy + j);
        sepx -= dx * inverse;
        sepy -= dy * inverse;
    }
    swarm_sums s = {0, 0, 0, 0, 0, 0, 0};
    for (int lane = 0; lane < 8; lane++) {
        s.n += n[lane]; s.dx += sdx[lane]; s.dy += sdy[lane]; s.vx += svx[lane]; s.vy += svy[lane];
        s.sepx += sepx[lane]; s.sepy += sepy[lane];
    }
    *out = s;
}

const char *swarm_kernel_isa(void) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return "avx512f";
    if (__builtin_cpu_supports("avx2")) return "avx2";
    return "sse2";
}
