// A malloc interposer: every allocation function is defined here and
// forwards to glibc's exported __libc_* entry points, counting as it goes.
// Linked statically into an executable, these definitions win over libc's.
// It also keeps the live heap bytes (each block's malloc_usable_size: what
// the allocator really holds, and a deterministic function of the request)
// and their high-water mark, per thread and for the process.
#include "CMeasurement.h"

#include <stddef.h>
#include <errno.h>
#include <malloc.h>
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
uint64_t ac_block_bytes(void *block) { (void)block; return 0; }
ac_heap ac_thread_heap(void) { ac_heap h = {0, 0}; return h; }
ac_heap ac_process_heap(void) { ac_heap h = {0, 0}; return h; }
void ac_thread_heap_reset_peak(void) {}
void ac_process_heap_reset_peak(void) {}

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
// Signed: a thread may free blocks another thread allocated.
static __thread int64_t thread_live __attribute__((tls_model("initial-exec")));
static __thread int64_t thread_peak __attribute__((tls_model("initial-exec")));
static int64_t process_live;
static int64_t process_peak;

static inline void count(size_t size) {
  thread_allocations += 1;
  thread_bytes += size;
  __atomic_fetch_add(&process_allocations, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&process_bytes, size, __ATOMIC_RELAXED);
}

// A block came into being. Every value the process counter takes is the result
// of one thread's add, and that thread raises the mark to it: the mark is the
// exact maximum, with a compare-and-swap only when it moves.
static inline void grow(void *block) {
  int64_t size = (int64_t)malloc_usable_size(block);
  thread_live += size;
  if (thread_live > thread_peak) thread_peak = thread_live;
  int64_t live = __atomic_add_fetch(&process_live, size, __ATOMIC_RELAXED);
  int64_t peak = __atomic_load_n(&process_peak, __ATOMIC_RELAXED);
  while (live > peak &&
         !__atomic_compare_exchange_n(&process_peak, &peak, live, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

static inline void shrink(int64_t size) {
  thread_live -= size;
  __atomic_sub_fetch(&process_live, size, __ATOMIC_RELAXED);
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

uint64_t ac_block_bytes(void *block) { return block == NULL ? 0 : malloc_usable_size(block); }

ac_heap ac_thread_heap(void) {
  ac_heap h = {thread_live, thread_peak};
  return h;
}

ac_heap ac_process_heap(void) {
  ac_heap h = {__atomic_load_n(&process_live, __ATOMIC_RELAXED), __atomic_load_n(&process_peak, __ATOMIC_RELAXED)};
  return h;
}

void ac_thread_heap_reset_peak(void) { thread_peak = thread_live; }

void ac_process_heap_reset_peak(void) {
  __atomic_store_n(&process_peak, __atomic_load_n(&process_live, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
  count(size);
  void *block = __libc_malloc(size);
  if (block != NULL) grow(block);
  return block;
}

void *calloc(size_t n, size_t size) {
  count(n * size);
  void *block = __libc_calloc(n, size);
  if (block != NULL) grow(block);
  return block;
}

void *realloc(void *pointer, size_t size) {
  count(size);
  int64_t old = pointer == NULL ? 0 : (int64_t)malloc_usable_size(pointer);
  void *block = __libc_realloc(pointer, size);
  if (block != NULL) {
    // A block that moved held both sizes while its bytes were copied.
    if (block == pointer) shrink(old);
    grow(block);
    if (block != pointer) shrink(old);
  } else if (size == 0) {
    shrink(old);  // glibc frees the block and returns NULL
  }
  return block;
}

void free(void *pointer) {
  if (pointer == NULL) return;
  shrink((int64_t)malloc_usable_size(pointer));
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  void *block = __libc_memalign(alignment, size);
  if (block != NULL) grow(block);
  return block;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  void *block = __libc_memalign(alignment, size);
  if (block != NULL) grow(block);
  return block;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  grow(pointer);
  *out = pointer;
  return 0;
}

void *valloc(size_t size) {
  count(size);
  void *block = __libc_valloc(size);
  if (block != NULL) grow(block);
  return block;
}

void *pvalloc(size_t size) {
  count(size);
  void *block = __libc_pvalloc(size);
  if (block != NULL) grow(block);
  return block;
}

#endif
