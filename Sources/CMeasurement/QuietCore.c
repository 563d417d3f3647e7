// The probe that tells a quiet core from a contended one, and the calls that
// move the measuring thread between the cores it may run on.
#define _GNU_SOURCE
#include "CMeasurement.h"

#include <time.h>
#if defined(__linux__)
#include <sched.h>
#endif

static uint64_t thread_cpu_ns(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return ac_now_ns();
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

double ac_probe_ns(void) {
  // Work that needs the whole core: branches that mispredict, loads and stores
  // that forward, and eight independent floating-point chains. A latency-bound
  // chain runs as fast beside a busy sibling thread; this does not.
  uint32_t keys[128];
  double v[8], w[8];
  for (int i = 0; i < 128; i++) keys[i] = (uint32_t)(((uint64_t)i * 2654435761u) >> 7);
  for (int lane = 0; lane < 8; lane++) {
    v[lane] = lane + 1;
    w[lane] = 0.5;
  }
  uint64_t start = thread_cpu_ns();
  for (uint32_t round = 0; round < 12; round++) {
    for (int i = 1; i < 128; i++) {
      uint32_t key = keys[i] ^ round;
      int j = i - 1;
      while (j >= 0 && keys[j] > key) {
        keys[j + 1] = keys[j];
        j--;
      }
      keys[j + 1] = key;
      for (int lane = 0; lane < 8; lane++) {
        v[lane] = v[lane] * 0.999999 + w[lane];
        w[lane] = w[lane] * 1.000001 - v[lane] * 0.000001;
      }
    }
    for (int a = 0, b = 127; a < b; a++, b--) {
      uint32_t swap = keys[a];
      keys[a] = keys[b];
      keys[b] = swap;
    }
  }
  uint64_t end = thread_cpu_ns();
  double sum = keys[17];
  for (int lane = 0; lane < 8; lane++) sum += v[lane] + w[lane];
  ac_black_hole(&sum);
  return (double)(end - start);
}

#if defined(__linux__)
static cpu_set_t allowed;
static int allowed_count = -1;

int ac_cpus_allowed(void) {
  if (allowed_count < 0) {
    CPU_ZERO(&allowed);
    allowed_count = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 0;
  }
  return allowed_count;
}

/// The CPU number of the `index`-th allowed core, or -1.
static int allowed_cpu(int index) {
  if (index < 0 || index >= ac_cpus_allowed()) return -1;
  for (int cpu = 0, seen = 0; cpu < CPU_SETSIZE; cpu++) {
    if (CPU_ISSET(cpu, &allowed) && seen++ == index) return cpu;
  }
  return -1;
}

int ac_pin_cpu(int index) {
  int cpu = allowed_cpu(index);
  if (cpu < 0) return -1;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  return sched_setaffinity(0, sizeof one, &one);
}

int ac_current_cpu(void) {
  int current = sched_getcpu();
  for (int index = 0; current >= 0 && index < ac_cpus_allowed(); index++) {
    if (allowed_cpu(index) == current) return index;
  }
  return -1;
}

int ac_unpin(void) { return ac_cpus_allowed() > 0 ? sched_setaffinity(0, sizeof allowed, &allowed) : -1; }
#else
int ac_cpus_allowed(void) { return 0; }
int ac_pin_cpu(int index) { (void)index; return -1; }
int ac_current_cpu(void) { return -1; }
int ac_unpin(void) { return -1; }
#endif

void ac_call_deeper(uint32_t bytes, void (*body)(void *), void *context) {
  // A variable-length array moves the stack pointer by `bytes` (16-byte steps)
  // for the call, so the body's frames start at another offset within a page.
  volatile unsigned char pad[(bytes & 4095u) + 16u];
  pad[0] = 0;
  body(context);
  __asm__ volatile("" : : "r"(pad) : "memory");
}
