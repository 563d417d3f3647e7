// Hardware instruction counts through perf_event_open (a variadic syscall
// that Swift cannot call directly) and a monotonic clock.
#define _GNU_SOURCE
#include "CMeasurement.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

int ac_instructions_open(void) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  return fd < 0 ? -errno : (int)fd;
}

long long ac_instructions_read(int descriptor) {
  long long value = 0;
  return read(descriptor, &value, sizeof value) == sizeof value ? value : -1;
}
#else
int ac_instructions_open(void) { return -ENOSYS; }
long long ac_instructions_read(int descriptor) { (void)descriptor; return -1; }
#endif

uint64_t ac_now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
