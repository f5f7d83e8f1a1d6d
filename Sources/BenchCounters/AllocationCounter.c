// A malloc interposer: the executable defines the allocation functions, so the dynamic linker
// binds every call in the process (Swift runtime, libc, …) to these, which count while
// enabled and forward to glibc's own allocator through its exported `__libc_*` entry points
// (no dlsym, so nothing allocates while the interposer starts). Only on glibc and without a
// sanitizer; elsewhere the counter reports itself unavailable.

#include "BenchCounters.h"

// A sanitizer's runtime brings its own malloc (`swift build --sanitize=address` or `=thread`
// builds this target too): then stand aside, and count nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) \
  || __has_feature(memory_sanitizer)
#define BENCH_UNDER_SANITIZER 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(BENCH_UNDER_SANITIZER)

#include <errno.h>
#include <gnu/libc-version.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static atomic_bool counting;
static atomic_uint_fast64_t allocations;
static atomic_uint_fast64_t bytes;

// One relaxed load and a predictable branch while counting is off.
static inline void note(size_t size) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
  }
}

static inline int is_power_of_two(size_t value) {
  return value != 0 && (value & (value - 1)) == 0;
}

void *malloc(size_t size) {
  note(size);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  size_t total;
  note(__builtin_mul_overflow(count, size, &total) ? SIZE_MAX : total);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  // realloc(p, 0) frees; anything else may allocate a new block.
  if (pointer == NULL || size != 0) note(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *aligned_alloc(size_t alignment, size_t size) {
  if (!is_power_of_two(alignment)) {
    errno = EINVAL;
    return NULL;
  }
  note(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
  note(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *memalign(size_t alignment, size_t size) {
  note(size);
  return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
  note(size);
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  note(size);
  return __libc_pvalloc(size);
}

int bench_allocations_available(void) { return 1; }

void bench_allocations_start(void) {
  atomic_store(&counting, 0);
  atomic_store(&allocations, 0);
  atomic_store(&bytes, 0);
  atomic_store(&counting, 1);
}

void bench_allocations_stop(uint64_t *count, uint64_t *total) {
  atomic_store(&counting, 0);
  *count = atomic_load(&allocations);
  *total = atomic_load(&bytes);
}

const char *bench_libc_version(void) { return gnu_get_libc_version(); }

#else

#if defined(__GLIBC__)
#include <gnu/libc-version.h>
const char *bench_libc_version(void) { return gnu_get_libc_version(); }
#else
const char *bench_libc_version(void) { return 0; }
#endif

int bench_allocations_available(void) { return 0; }

void bench_allocations_start(void) {}

void bench_allocations_stop(uint64_t *count, uint64_t *total) {
  *count = 0;
  *total = 0;
}

#endif
