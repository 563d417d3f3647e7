// The process's peak resident set, read without allocating (it is read
// between measured regions, and must not move the heap counters).
#include "CMeasurement.h"

#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int ac_resident_reset_peak(void) {
#if defined(__linux__)
  int descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (descriptor < 0) return -1;
  // "5" resets the high-water mark to the current resident set (Linux 4.0).
  ssize_t written = write(descriptor, "5", 1);
  close(descriptor);
  return written == 1 ? 0 : -1;
#else
  return -1;
#endif
}

/// The number after `key` in /proc/self/status (in kB), or -1.
static int64_t status_kilobytes(const char *key) {
  char text[4096];
  int descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return -1;
  ssize_t length = 0;
  while (length < (ssize_t)sizeof text - 1) {
    ssize_t count = read(descriptor, text + length, sizeof text - 1 - (size_t)length);
    if (count <= 0) break;
    length += count;
  }
  close(descriptor);
  text[length] = '\0';
  size_t keyLength = strlen(key);
  for (char *line = text; line != NULL && *line != '\0';) {
    if (strncmp(line, key, keyLength) == 0) {
      int64_t value = -1;
      for (char *cursor = line + keyLength; *cursor != '\0' && *cursor != '\n'; cursor++) {
        if (*cursor >= '0' && *cursor <= '9') value = (value < 0 ? 0 : value * 10) + (*cursor - '0');
        else if (value >= 0) break;
      }
      return value;
    }
    line = strchr(line, '\n');
    if (line != NULL) line++;
  }
  return -1;
}

int64_t ac_resident_peak_bytes(void) {
  int64_t kilobytes = status_kilobytes("VmHWM:");
  if (kilobytes < 0) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
#if defined(__APPLE__)
    return usage.ru_maxrss;  // bytes on Darwin
#else
    kilobytes = usage.ru_maxrss;  // kB on Linux
#endif
  }
  return kilobytes * 1024;
}
