"""A real PostgreSQL for the tests: initdb into a temporary directory, started with pg_ctl on a
free loopback port (as the `postgres` user when the tests run as root, since PostgreSQL refuses
to run as root), one fresh database per test, stopped and removed at the end.

If PostgreSQL can't be started the tests fail with its log: there is no silent skip."""
import itertools
import os
import pathlib
import shutil
import subprocess
import tempfile

from server_process import free_port

USER = "plume"


class PostgresCluster:
    def __init__(self):
        self.directory = pathlib.Path(tempfile.mkdtemp(prefix="plume-pg-"))
        self.data = self.directory / "data"
        self.logfile = self.directory / "postgres.log"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        self.counter = itertools.count(1)
        if self.as_postgres:
            shutil.chown(self.directory, "postgres", "postgres")
        self._run(["initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-locale"])
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c max_connections=300"
        self._run(["pg_ctl", "-D", str(self.data), "-l", str(self.logfile), "-w", "-t", "60", "-o", options, "start"])

    def _run(self, command):
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        # Output goes to a file, not a pipe: pg_ctl leaves the server running behind it.
        with tempfile.TemporaryFile() as said:
            returncode = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=said, stderr=subprocess.STDOUT,
                                        timeout=120).returncode
            if returncode != 0:
                said.seek(0)
                log = self.logfile.read_text() if self.logfile.exists() else ""
                raise RuntimeError(f"PostgreSQL could not be started: {' '.join(command)} exited {returncode}\n"
                                   f"{said.read().decode(errors='replace')}\n{log}")

    def new_database(self):
        """A fresh, empty database; returns its postgres:// URL."""
        name = f"plume_e2e_{next(self.counter)}"
        subprocess.run(["createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, name],
                       check=True, capture_output=True, timeout=60)
        return self.url(name)

    def url(self, name):
        return f"postgres://{USER}@127.0.0.1:{self.port}/{name}?sslmode=disable"

    def stop(self):
        try:
            self._run(["pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop"])
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
