// A program started in a new session whose controlling terminal is a new pseudo-terminal: what
// the SSH host needs for each game, written in C because the work between fork and exec must be
// async-signal-safe (no allocation, no locks), which Swift cannot promise.
#ifndef PLUME_PSEUDO_TERMINAL_H
#define PLUME_PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Limits set on the child alone, before it starts. A zero field leaves that limit as it is.
typedef struct plume_child_limits {
    /// Bytes of address space (RLIMIT_AS).
    unsigned long long address_space;
    /// Seconds of CPU time (RLIMIT_CPU): SIGXCPU at the soft limit, SIGKILL at the hard one.
    unsigned long long cpu_seconds;
    /// Open files (RLIMIT_NOFILE).
    unsigned long long open_files;
    /// Bytes any one file may grow to (RLIMIT_FSIZE).
    unsigned long long file_size;
    /// Added to the child's nice value (lower priority than the server).
    int nice;
} plume_child_limits;

/// What `plume_pty_spawn` made.
typedef struct plume_pty_child {
    pid_t pid;
    /// The pseudo-terminal's master side (close-on-exec, non-blocking).
    int master;
} plume_pty_child;

/// Starts `path` with `argv` and `envp` (NULL-terminated) in directory `directory`, in a new
/// session with a new pseudo-terminal of `columns` x `rows` as its controlling terminal and its
/// standard input, output and error, and `handoff` (unless -1) as its descriptor 3; no other
/// descriptor of this process reaches it, its signal
/// mask is empty and every signal has its default action. Returns 0 and fills `child`, or an
/// errno value (the child's own when it could not be started: exec failing, chdir failing).
int plume_pty_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int handoff,
                    unsigned short columns, unsigned short rows, const plume_child_limits *limits,
                    plume_pty_child *child);

/// Sets the terminal's size (TIOCSWINSZ on the master; the kernel sends SIGWINCH to the
/// terminal's foreground process group). Returns 0 or an errno value.
int plume_pty_resize(int master, unsigned short columns, unsigned short rows);

/// Sends `signal` to the child's whole process group (its session). Only before the child is
/// reaped (its pid, and so its group's id, cannot be reused until then). Returns 0 or errno.
int plume_pty_signal(pid_t pid, int signal);

/// Blocks until the child has ended, without reaping it: its pid stays reserved, so its group can
/// still be signalled safely. Returns 0 or an errno value.
int plume_pty_await_exit(pid_t pid);

/// Reaps an ended child. Returns its exit status (0-255), or 128 + the signal that ended it, or -errno.
int plume_pty_reap(pid_t pid);

/// A pipe whose ends are closed on exec (pipe2 with O_CLOEXEC). Returns 0 or an errno value.
int plume_pipe(int ends[2]);

#endif
