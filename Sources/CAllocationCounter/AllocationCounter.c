// A malloc interposer: every allocation function is defined here and
// forwards to glibc's exported __libc_* entry points, counting as it goes.
// Linked statically into an executable, these definitions win over libc's.
#include "CAllocationCounter.h"

#include <stddef.h>
#include <errno.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AC_DISABLED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AC_DISABLED 1
#endif

void ac_black_hole(const void *pointer) { __asm__ volatile("" : : "r"(pointer) : "memory"); }

#if defined(AC_DISABLED) || !defined(__linux__)

int ac_is_available(void) { return 0; }
ac_counts ac_thread_counts(void) { ac_counts c = {0, 0}; return c; }
ac_counts ac_process_counts(void) { ac_counts c = {0, 0}; return c; }

#else

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
static __thread uint64_t thread_bytes __attribute__((tls_model("initial-exec")));
static uint64_t process_allocations;
static uint64_t process_bytes;

static inline void count(size_t size) {
  thread_allocations += 1;
  thread_bytes += size;
  __atomic_fetch_add(&process_allocations, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&process_bytes, size, __ATOMIC_RELAXED);
}

int ac_is_available(void) { return 1; }

ac_counts ac_thread_counts(void) {
  ac_counts c = {thread_allocations, thread_bytes};
  return c;
}

ac_counts ac_process_counts(void) {
  ac_counts c = {__atomic_load_n(&process_allocations, __ATOMIC_RELAXED),
                 __atomic_load_n(&process_bytes, __ATOMIC_RELAXED)};
  return c;
}

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count(n * size);
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}

void *valloc(size_t size) {
  count(size);
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  count(size);
  return __libc_pvalloc(size);
}

#endif
