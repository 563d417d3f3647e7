#include "CProcessControl.h"

#if defined(__linux__)
#include <sys/prctl.h>

int pc_adopt_orphans(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }
#else
int pc_adopt_orphans(void) { return -1; }
#endif
