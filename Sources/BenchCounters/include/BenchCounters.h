// Counters for snapshot-bench, linked into the `snapshot-bench` executable only: allocations
// (through a malloc interposer, glibc only) and instructions retired (perf_event_open, Linux
// only). Where a counter cannot work its functions report that, so callers need no `#if`.

#ifndef BENCH_COUNTERS_H
#define BENCH_COUNTERS_H

#include <stdint.h>

// MARK: Allocations

/// 1 when this build interposes malloc (Linux with glibc), else 0 (macOS, musl, …).
int bench_allocations_available(void);

/// Zeroes the counts, then counts every allocation (on any thread) until
/// `bench_allocations_stop`.
void bench_allocations_start(void);

/// Stops counting and stores the allocations since `bench_allocations_start` (malloc, calloc,
/// realloc, aligned_alloc, posix_memalign, memalign, valloc, pvalloc: one each) and the bytes
/// they asked for.
void bench_allocations_stop(uint64_t *_Nonnull allocations, uint64_t *_Nonnull bytes);

/// glibc's version ("2.36"), or NULL when the C library is not glibc.
const char *_Nullable bench_libc_version(void);

// MARK: Instructions retired

/// Opens a counter of the calling thread's user-space instructions retired (kernel and
/// hypervisor excluded, so `perf_event_paranoid` 2 allows it), stopped. Returns its file
/// descriptor, or a negative errno (ENOENT: no hardware counter, as in many virtual machines;
/// EACCES/EPERM: not allowed; ENOSYS: not Linux).
int bench_instructions_open(void);

/// Zeroes and starts the counter `descriptor`. Returns 0, or a negative errno.
int bench_instructions_start(int descriptor);

/// Stops the counter `descriptor` and returns its count, or a negative errno.
int64_t bench_instructions_stop(int descriptor);

#endif
