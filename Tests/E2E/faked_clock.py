"""What Debian's `faketime` wrapper leaves behind. The wrapper names a semaphore and a shared
memory file after its own pid (/dev/shm/sem.faketime_sem_PID, /dev/shm/faketime_shm_PID) and
removes them when its program exits; a wrapper that is itself killed (a server stopped by
signalling its whole process group, a game closed by the pty's hangup) leaves them, and a later
wrapper that is given the same pid refuses to start ("faketime: sem_open: File exists").
`clear_leftovers()` removes the files of wrappers no longer running."""
import os
import re

SHARED_MEMORY = "/dev/shm"
LEFTOVER = re.compile(r"(?:sem\.)?faketime_(?:sem|shm)_(\d+)")


def clear_leftovers(directory=SHARED_MEMORY):
    """Removes the wrapper files whose pid no process has; returns how many went. A wrapper
    still running keeps its pid, so its files stay."""
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return 0
    removed = 0
    for name in names:
        match = LEFTOVER.fullmatch(name)
        if match is None or os.path.exists(f"/proc/{match.group(1)}"):
            continue
        try:
            os.unlink(os.path.join(directory, name))
            removed += 1
        except FileNotFoundError:
            pass  # another run cleared it first
    return removed
