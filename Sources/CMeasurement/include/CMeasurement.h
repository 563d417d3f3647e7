#ifndef C_MEASUREMENT_H
#define C_MEASUREMENT_H

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

/// Live heap bytes (the usable size of every block not yet freed) and their
/// high-water mark since the last reset. A thread's are what it allocated
/// less what it freed (negative when it frees other threads' blocks).
typedef struct {
  int64_t live;
  int64_t peak;
} ac_heap;

/// The bytes a block counts for: its usable size (0 for NULL).
uint64_t ac_block_bytes(void *block);

/// The calling thread's live bytes and high-water mark.
ac_heap ac_thread_heap(void);

/// The whole process's live bytes and high-water mark.
ac_heap ac_process_heap(void);

/// Starts a new high-water mark at the live bytes of now: the peak of a
/// region is `peak - live` read at its start, after this call.
void ac_thread_heap_reset_peak(void);
void ac_process_heap_reset_peak(void);

/// An optimisation barrier: the compiler cannot see what happens to `pointer`.
void ac_black_hole(const void *pointer);

#endif

#ifndef C_INSTRUCTION_COUNTER_DECLS
#define C_INSTRUCTION_COUNTER_DECLS
/// Opens a counter of user-space instructions retired by the calling thread;
/// returns a descriptor, or -errno when the machine exposes no such counter.
int ac_instructions_open(void);

/// Reads an open counter; returns -1 on failure.
long long ac_instructions_read(int descriptor);

/// Monotonic time in nanoseconds.
uint64_t ac_now_ns(void);
#endif

#ifndef C_RESIDENT_DECLS
#define C_RESIDENT_DECLS
/// Starts the process's peak resident set again from its current size
/// (Linux: /proc/self/clear_refs); returns 0 on success, -1 where it cannot.
int ac_resident_reset_peak(void);

/// The process's peak resident set in bytes since the last reset (VmHWM), or
/// since it started (getrusage) where /proc is unreadable; -1 when neither works.
int64_t ac_resident_peak_bytes(void);
#endif

#ifndef C_CALLGRIND_DECLS
#define C_CALLGRIND_DECLS
/// Whether the process runs under valgrind (0 when the headers were absent at build time).
int ac_running_on_valgrind(void);

/// Starts instrumentation without zeroing: what runs from here warms the simulated caches.
void ac_callgrind_instrument(void);

/// Zeroes callgrind's counters, instrumentation already on: counting goes on from here.
void ac_callgrind_zero(void);

/// Zeroes callgrind's counters and starts counting instructions (no-op outside callgrind).
void ac_callgrind_begin(void);

/// Stops counting and dumps the counts since ac_callgrind_begin, labelled `label`.
void ac_callgrind_end(const char *label);
#endif

#ifndef C_QUIET_CORE_DECLS
#define C_QUIET_CORE_DECLS
/// Nanoseconds of the calling thread's CPU time that a fixed piece of
/// core-bound work takes (about 30 µs on a quiet core of the project's host):
/// it runs ×1.5–2 as long on a core whose sibling thread another tenant keeps busy.
double ac_probe_ns(void);

/// How many cores the process could run on when first asked (0 where it cannot tell or move).
int ac_cpus_allowed(void);

/// Moves the calling thread to the `index`-th of those cores; 0 on success.
int ac_pin_cpu(int index);

/// Which of those cores the calling thread runs on now, or -1.
int ac_current_cpu(void);

/// Lets the calling thread run on all of them again; 0 on success.
int ac_unpin(void);

/// Calls `body(context)` with the stack `bytes` (mod 4096) deeper than here.
void ac_call_deeper(uint32_t bytes, void (*body)(void *), void *context);
#endif
