#ifndef C_PROCESS_CONTROL_H
#define C_PROCESS_CONTROL_H

/// Makes this process the reaper of its orphaned descendants (Linux's
/// PR_SET_CHILD_SUBREAPER): a compiler whose `swift build` died is then this
/// process's child, not init's, so the tool can still find and stop it.
/// Returns 0, or -1 where the system has no such setting. `prctl` is variadic,
/// which Swift cannot call.
int pc_adopt_orphans(void);

#endif
