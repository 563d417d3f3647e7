// mktemp(3), defined here so that the release tool, which links Foundation's
// static libraries, does not pull glibc's: glibc marks its mktemp with a link
// warning ("the use of `mktemp' is dangerous") that every release build
// printed. Foundation names temporary files with it; the tool writes its own
// outputs through OutputFile (O_EXCL | O_NOFOLLOW), so this only keeps the
// same contract for Foundation: the trailing XXXXXX replaced by a name that
// does not exist yet, or an empty string and errno on failure.
#if defined(__linux__)
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>

char *mktemp(char *template) {
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  size_t length = strlen(template);
  if (length < 6 || strcmp(template + length - 6, "XXXXXX") != 0) {
    errno = EINVAL;
    template[0] = '\0';
    return template;
  }
  char *tail = template + length - 6;
  for (int attempt = 0; attempt < 100; attempt++) {
    unsigned char random[6];
    if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random) break;
    for (int index = 0; index < 6; index++) tail[index] = letters[random[index] % (sizeof letters - 1)];
    struct stat status;
    if (lstat(template, &status) != 0 && errno == ENOENT) return template;
  }
  errno = EEXIST;
  template[0] = '\0';
  return template;
}
#endif
