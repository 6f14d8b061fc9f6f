// See include/pseudo_terminal.h.
#define _GNU_SOURCE
#include "pseudo_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

static void set_limit(int resource, unsigned long long value) {
    if (value == 0) return;
    struct rlimit limit = { .rlim_cur = value, .rlim_max = value };
    struct rlimit current;
    if (getrlimit(resource, &current) == 0 && current.rlim_max != RLIM_INFINITY && current.rlim_max < value) {
        limit.rlim_cur = limit.rlim_max = current.rlim_max;
    }
    // The CPU limit's soft side sends SIGXCPU (the game ends); the hard side, a second later, SIGKILL.
    if (resource == RLIMIT_CPU && limit.rlim_max != RLIM_INFINITY) limit.rlim_max = limit.rlim_cur + 1;
    setrlimit(resource, &limit);
}

// Between fork and exec: async-signal-safe calls only. A failure is written to `report` as errno.
static void start_child(const char *path, char *const argv[], char *const envp[], const char *directory,
                        const char *slave_name, int master, int handoff, const plume_child_limits *limits, int report) {
    sigset_t none;
    sigemptyset(&none);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++) sigaction(sig, &fallback, NULL);
    sigprocmask(SIG_SETMASK, &none, NULL);

    int error = 0;
    if (setsid() < 0) goto failed;
    close(master);
    // The session leader's first terminal opened without O_NOCTTY becomes its controlling one.
    int slave = open(slave_name, O_RDWR);
    if (slave < 0) goto failed;
    ioctl(slave, TIOCSCTTY, 0);
    if (dup2(slave, 0) < 0 || dup2(slave, 1) < 0 || dup2(slave, 2) < 0) goto failed;
    if (slave > 2) close(slave);
    // The hand-off pipe becomes descriptor 3 and the report pipe 4 (closed by exec); both are
    // first moved above 10 so that neither lands on the other.
    int moved_handoff = handoff >= 0 ? fcntl(handoff, F_DUPFD, 10) : -1;
    int moved_report = fcntl(report, F_DUPFD_CLOEXEC, 10);
    if (moved_report < 0 || (handoff >= 0 && moved_handoff < 0)) goto failed;
    report = moved_report;
    if (dup2(moved_report, 4) < 0) goto failed;
    report = 4;
    fcntl(4, F_SETFD, FD_CLOEXEC);
    if (moved_handoff >= 0) {
        if (dup2(moved_handoff, 3) < 0) goto failed;
    } else {
        close(3);
    }
    // Nothing else of the server's reaches the game: not its sockets, not its database.
    if (syscall(SYS_close_range, 5U, ~0U, 0U) != 0) {
        for (int fd = 5; fd < 65536; fd++) close(fd);
    }
    if (limits) {
        set_limit(RLIMIT_AS, limits->address_space);
        set_limit(RLIMIT_CPU, limits->cpu_seconds);
        set_limit(RLIMIT_NOFILE, limits->open_files);
        set_limit(RLIMIT_FSIZE, limits->file_size);
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);
        if (limits->nice > 0) {
            errno = 0;
            int now = getpriority(PRIO_PROCESS, 0);
            if (errno == 0) setpriority(PRIO_PROCESS, 0, now + limits->nice);
        }
    }
    if (directory && chdir(directory) < 0) goto failed;
    execve(path, argv, envp);
failed:
    error = errno;
    (void)!write(report, &error, sizeof error);
    _exit(127);
}

int plume_pty_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int handoff,
                    unsigned short columns, unsigned short rows, const plume_child_limits *limits,
                    plume_pty_child *child) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return errno;
    char slave_name[128];
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, slave_name, sizeof slave_name) != 0) {
        int error = errno;
        close(master);
        return error;
    }
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    ioctl(master, TIOCSWINSZ, &size);
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        int error = errno;
        close(master);
        return error;
    }
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        close(master);
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (pid == 0) start_child(path, argv, envp, directory, slave_name, master, handoff, limits, report[1]);
    close(report[1]);
    int child_error = 0;
    ssize_t got;
    do {
        got = read(report[0], &child_error, sizeof child_error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof child_error) {
        // exec failed: the child has exited; reap it here.
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        close(master);
        return child_error ? child_error : ECHILD;
    }
    int flags = fcntl(master, F_GETFL);
    if (flags >= 0) fcntl(master, F_SETFL, flags | O_NONBLOCK);
    child->pid = pid;
    child->master = master;
    return 0;
}

int plume_pty_resize(int master, unsigned short columns, unsigned short rows) {
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    return ioctl(master, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

int plume_pty_signal(pid_t pid, int signal) {
    // The game leads its own session and process group (setsid): the group's id is its pid. While
    // the leader is unreaped its pid cannot be reused; the caller never signals after reaping.
    return kill(-pid, signal) == 0 ? 0 : errno;
}

int plume_pty_await_exit(pid_t pid) {
    siginfo_t info;
    for (;;) {
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) == 0) return 0;
        if (errno != EINTR) return errno;
    }
}

int plume_pty_reap(pid_t pid) {
    int status = 0;
    for (;;) {
        pid_t got = waitpid(pid, &status, 0);
        if (got == pid) break;
        if (got < 0 && errno != EINTR) return -errno;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 255;
}

int plume_pipe(int ends[2]) {
    return pipe2(ends, O_CLOEXEC) == 0 ? 0 : errno;
}
