// Callgrind client requests, so that exactly the measured region is counted.
#include "CMeasurement.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define AC_HAS_CALLGRIND 1
#endif
#endif

#if defined(AC_HAS_CALLGRIND)
int ac_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

void ac_callgrind_instrument(void) { CALLGRIND_START_INSTRUMENTATION; }

void ac_callgrind_zero(void) { CALLGRIND_ZERO_STATS; }

void ac_callgrind_begin(void) {
  CALLGRIND_ZERO_STATS;
  CALLGRIND_START_INSTRUMENTATION;
}

void ac_callgrind_end(const char *label) {
  CALLGRIND_STOP_INSTRUMENTATION;
  CALLGRIND_DUMP_STATS_AT(label);
}
#else
int ac_running_on_valgrind(void) { return 0; }
void ac_callgrind_instrument(void) {}
void ac_callgrind_zero(void) {}
void ac_callgrind_begin(void) {}
void ac_callgrind_end(const char *label) { (void)label; }
#endif
