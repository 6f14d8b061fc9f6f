// The inner loop of Plume's Swarm Chemistry engine: neighbour sums for one agent.
#ifndef SWARM_KERNEL_H
#define SWARM_KERNEL_H

#include <stddef.h>

/// Sums over the candidates strictly within the radius (d² < r²), the agent itself included
/// when r² > 0 (the caller removes it: it adds exactly 1 to n and 0 to the other sums).
typedef struct {
    double n;     ///< neighbours
    double dx;    ///< Σ (xj − xi)
    double dy;
    double vx;    ///< Σ vxj
    double vy;
    double sepx;  ///< Σ (xi − xj) / d²   (d² = 0 counts as 0.001)
    double sepy;
} swarm_sums;

/// Candidate arrays hold `count` agents followed by padding up to a multiple of
/// SWARM_KERNEL_LANES, filled with swarm_kernel_far() positions and zero velocities.
#define SWARM_KERNEL_LANES 8

/// A coordinate no real agent reaches: its squared distance is finite and beyond any radius,
/// so padding contributes exactly zero to every sum.
static inline double swarm_kernel_far(void) { return 1e150; }

void swarm_accumulate(const double *x, const double *y, const double *vx, const double *vy,
                      ptrdiff_t padded_count, double xi, double yi, double r2, swarm_sums *out);

/// Which instruction set the loader picked for swarm_accumulate ("avx512f", "avx2" or "sse2").
const char *swarm_kernel_isa(void);

#endif
