"""A throwaway local PostgreSQL server for tests, soaks and benchmarks (never for production).

Why this module exists: the ledger's PostgreSQL backend is tested against a real server, not a mock. This starts
one from the server binaries already installed (Debian's ``postgresql`` package; ``make postgres`` installs it
where the machine allows) in a temporary directory, on a free loopback port, and removes it afterwards. As root
it runs the server as the ``postgres`` system user (the server refuses to run as root).
"""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass


class PostgresUnavailable(RuntimeError):
    """No server can be started here; the message says why (tests skip with it)."""


def _bindir() -> str:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return os.path.dirname(os.path.realpath(found))
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    if candidates:
        return os.path.dirname(candidates[0])
    raise PostgresUnavailable(
        "PostgreSQL server binaries (initdb, pg_ctl) not found: `make postgres` installs Debian's postgresql"
    )


# Where the kernel picks the ports of bind(0) and of outgoing connections: it never hands out one below. Linux says
# so in /proc; macOS and the BSDs in a sysctl (49152 by default on macOS, 10000 on FreeBSD, where nothing is below)
_EPHEMERAL_RANGE = "/proc/sys/net/ipv4/ip_local_port_range"
_EPHEMERAL_SYSCTL = "net.inet.ip.portrange.first"
_LOWEST_CHOSEN = 10_000  # above the usual fixed ports of services (PostgreSQL's 5432, 8080, ...)


def _ephemeral_low() -> int:
    """The lowest port of the kernel's ephemeral range; 0 where the machine does not say."""
    try:
        with open(_EPHEMERAL_RANGE, encoding="ascii") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    sysctl = shutil.which("sysctl") or next(
        (p for p in ("/usr/sbin/sysctl", "/sbin/sysctl") if os.path.exists(p)), None
    )
    if sysctl is None:
        return 0
    try:
        found = subprocess.run(
            [sysctl, "-n", _EPHEMERAL_SYSCTL], capture_output=True, text=True, timeout=10, check=True
        ).stdout
        return int(found.split()[0])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return 0


def _free_port() -> int:
    """A loopback port for a server that binds it itself (PostgreSQL, PgBouncer): one chosen at random below the
    kernel's ephemeral range where the machine says where that range starts (Linux, macOS, the BSDs), else the
    kernel's choice.

    A port found by binding 0 and closing the socket again lies in that range, where the next bind(0) of any process
    may be given it: in the seconds initdb takes before the server binds it, or while a server is stopped for an
    outage (stop, then start on the same port), another test's server on port 0 took it, and the start failed or the
    clients meant for the database reached that other server. Below the range only another random choice like this
    one can meet it, and a port in use is passed over."""
    ephemeral_low = _ephemeral_low()
    if ephemeral_low - _LOWEST_CHOSEN >= 1000:
        choose = random.SystemRandom()  # independent of any seeding of the random module (Hypothesis seeds it)
        for _ in range(100):
            port = choose.randrange(_LOWEST_CHOSEN, ephemeral_low)
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue  # in use: another one
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        kernels: int = s.getsockname()[1]
        return kernels


@dataclass
class LocalPostgres:
    url: str
    port: int
    datadir: str
    bindir: str
    user: str | None

    def _run(self, *args: str) -> None:
        subprocess.run(
            [os.path.join(self.bindir, args[0]), *args[1:]],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            user=self.user,
            timeout=60,
        )

    options: str = ""
    log: str = ""

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run("pg_ctl", "-D", self.datadir, "-m", "immediate", "stop")

    def start(self) -> None:
        """Start it again after :meth:`stop` (same port and data): a database outage that ends."""
        self._run("pg_ctl", "-D", self.datadir, "-o", self.options, "-l", self.log, "-w", "start")


@contextlib.contextmanager
def local_postgres(
    *, fsync: bool = False, max_connections: int = 100, autovacuum: bool = True
) -> Iterator[LocalPostgres]:
    """Start a server; yield its URL (``postgresql://postgres@127.0.0.1:PORT/postgres``); stop and delete it.
    ``autovacuum=False``: no autovacuum worker visits a database, so pg_stat_database's transaction counts are the
    clients' own (a worker's visit adds transactions of its own at moments nobody chooses)."""
    bindir = _bindir()
    user: str | None = None
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable("running as root and there is no 'postgres' user to run the server") from None
        user = "postgres"
    base = tempfile.mkdtemp(prefix="mgw-pg-")
    if user is not None:
        shutil.chown(base, user=user)
    datadir = os.path.join(base, "data")
    port = _free_port()
    server = LocalPostgres(f"postgresql://postgres@127.0.0.1:{port}/postgres", port, datadir, bindir, user)
    try:
        try:
            server._run("initdb", "-D", datadir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
            opts = (
                f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync={'on' if fsync else 'off'} "
                f"-c max_connections={max_connections} -c shared_buffers=64MB"
                f" -c autovacuum={'on' if autovacuum else 'off'}"
            )
            server.options, server.log = opts, os.path.join(base, "log")
            server._run("pg_ctl", "-D", datadir, "-o", opts, "-l", server.log, "-w", "start")
        except subprocess.CalledProcessError as exc:
            detail = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            raise PostgresUnavailable(f"could not start PostgreSQL: {detail[0]}") from None
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise PostgresUnavailable("PostgreSQL did not open its port")
            time.sleep(0.05)
        yield server
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


@dataclass
class LocalPgBouncer:
    url: str  # the server's URL through PgBouncer, with ?pool_mode= for the ledger
    port: int


@contextlib.contextmanager
def local_pgbouncer(
    server: LocalPostgres,
    *,
    pool_mode: str = "transaction",
    pool_size: int = 10,
    server_idle_timeout: int = 600,
    query_wait_timeout: int | None = None,
    server_login_retry: int | None = None,
) -> Iterator[LocalPgBouncer]:
    """Debian's PgBouncer in front of ``server`` (``pool_mode`` as PgBouncer's own setting; its startup parameters
    left at their defaults, so it refuses ``options``), on a free loopback port; stopped and deleted afterwards.
    ``server_idle_timeout``: seconds after which PgBouncer closes a server connection nobody uses (its default is
    600; a benchmark reading the server's per-database statistics wants them closed, which flushes them).
    ``query_wait_timeout``, ``server_login_retry``: PgBouncer's settings of those names (None: its defaults, 120 and
    15 s in 1.18): how long PgBouncer holds a query waiting for a server that is down, and how soon it tries the
    server again (docs/operations.md)."""
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not os.path.exists(binary):
        raise PostgresUnavailable("pgbouncer not found: apt-get install pgbouncer (Debian)")
    base = tempfile.mkdtemp(prefix="mgw-pgb-")
    port = _free_port()
    with open(os.path.join(base, "users.txt"), "w", encoding="utf-8") as f:
        f.write('"postgres" ""\n')
    with open(os.path.join(base, "pgbouncer.ini"), "w", encoding="utf-8") as f:
        f.write(
            f"[databases]\n* = host=127.0.0.1 port={server.port}\n"
            f"[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
            f"auth_type = trust\nauth_file = {base}/users.txt\npool_mode = {pool_mode}\n"
            f"default_pool_size = {pool_size}\nmax_client_conn = 500\nlogfile = {base}/log\n"
            f"server_idle_timeout = {int(server_idle_timeout)}\n"
        )
        if query_wait_timeout is not None:
            f.write(f"query_wait_timeout = {int(query_wait_timeout)}\n")
        if server_login_retry is not None:
            f.write(f"server_login_retry = {int(server_login_retry)}\n")
    if server.user is not None:
        shutil.chown(base, user=server.user)
        for name in ("users.txt", "pgbouncer.ini"):
            shutil.chown(os.path.join(base, name), user=server.user)
    process = subprocess.Popen(
        [binary, os.path.join(base, "pgbouncer.ini")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        user=server.user,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                detail = (process.stderr.read() if process.stderr else b"").decode("utf-8", "replace").strip()
                raise PostgresUnavailable(f"pgbouncer did not start: {detail.splitlines()[-1:] or ''}")
            time.sleep(0.05)
        url = f"postgresql://postgres@127.0.0.1:{port}/postgres?pool_mode={pool_mode}"
        yield LocalPgBouncer(url, port)
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)
        if process.poll() is None:
            process.kill()
            process.wait(10)
        if process.stderr is not None:
            process.stderr.close()
        shutil.rmtree(base, ignore_errors=True)
