#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocation counts of the calling thread since the process started.
typedef struct {
  uint64_t allocations;
  uint64_t bytes;
} ac_counts;

/// Whether the interposer is compiled in (it is not under sanitizers).
int ac_is_available(void);

/// The calling thread's counts.
ac_counts ac_thread_counts(void);

/// The whole process's counts.
ac_counts ac_process_counts(void);

/// An optimisation barrier: the compiler cannot see what happens to `pointer`.
void ac_black_hole(const void *pointer);

#endif
