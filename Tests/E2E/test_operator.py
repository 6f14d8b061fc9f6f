"""The operator's kit, on the real binary: the config file and its precedence, `plume-server
config`, JSON log lines with request ids, and backup of a live SQLite database and restore.
(PostgreSQL's dump and restore: test_pg_backup.py; the systemd unit: test_systemd_unit.py.)"""
import hashlib
import json
import os
import re
import sqlite3
import stat
import subprocess
import threading
import time
import tomllib
from pathlib import Path

import pytest

from server_process import SERVER_BIN, Server

def run(*args, env=None, timeout=60, cwd=None):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PLUME_") and k != "LOG_LEVEL"}
    return subprocess.run([str(SERVER_BIN), *args], capture_output=True, text=True, timeout=timeout,
                          env={**clean, **(env or {})}, cwd=cwd)


def effective(output):
    """`key = value  # source` lines as {key: (value, source)}."""
    settings = {}
    for line in output.splitlines():
        if line.startswith("#") or " = " not in line:
            continue
        key, rest = line.split(" = ", 1)
        value, source = rest.rsplit("  # ", 1)
        settings[key] = (value, source)
    return settings


def settings_table():
    """`plume-server config --table`: {key: (environment, default, takes)}, in order."""
    rows = {}
    for line in run("config", "--table").stdout.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split(" | ")]
        rows[cells[0].strip("`")] = (cells[1].removesuffix(" (comma-separated)").strip("`"), cells[2], cells[3])
    return rows


def a_value(takes):
    """A value the setting accepts, as a flag's text, different from any default."""
    if "–" in takes:
        low, high = (int(n) for n in takes.split("–"))
        return str(min(high, low + 3))
    if takes.startswith("`"):
        return takes.split(", ")[-1].strip("`")
    return "given-value"


def test_every_setting_has_its_flag_variable_and_key_and_the_docs_show_the_table(tmp_path):
    table = settings_table()
    assert len(table) >= 30 and "port" in table and "ssh-game-cpu" in table
    # docs/operating.md shows the table the server prints, as it prints it.
    docs = (Path(__file__).resolve().parents[2] / "docs" / "operating.md").read_text()
    assert run("config", "--table").stdout.strip() in docs, "docs/operating.md's table of settings is not `plume-server config --table`"
    # --help names every setting's flag, its variable and its default, and no flag that is not one.
    help_text = " ".join(run("serve", "--help").stdout.split())
    flags = set(re.findall(r"--([a-z][a-z-]*)", help_text)) - {"help", "version", "config"}
    assert flags == set(table), flags ^ set(table)
    for key, (env, default, _) in table.items():
        assert re.search(rf"--{key} <[^>]+> .*?Env: {env}\b.*?\(default: {re.escape(default)}\)", help_text), key
    # With nothing given, every value is the default the table names (where it is a value).
    printed = run("config", cwd=tmp_path).stdout
    defaults = effective(printed)
    assert {source for _, source in defaults.values()} == {"default"}
    for key, (_, default, takes) in table.items():
        if key not in defaults:  # off until given ("off", "http://host:port")
            assert f"# {key} is not set  # default" in printed, key
        elif takes != "text" or key in ("host", "database"):
            value = defaults[key][0].strip('"')
            assert value == ("[]" if default == "none" else default), (key, value, default)
    # Every setting given each way reaches its setting, from its own place.
    values = {key: a_value(takes) for key, (_, _, takes) in table.items()}
    by_flag = effective(run("config", *[arg for key, value in values.items() for arg in (f"--{key}", value)]).stdout)
    by_env = effective(run("config", env={env: values[key] for key, (env, _, _) in table.items()}).stdout)
    config = tmp_path / "every.toml"
    config.write_text("".join(
        f"{key} = {value if takes[0].isdigit() else (f'[{json.dumps(value)}]' if takes == 'a list' else json.dumps(value))}\n"
        for key, value, takes in ((k, values[k], t) for k, (_, _, t) in table.items())))
    by_file = effective(run("config", "--config", str(config)).stdout)
    for key, (env, _, takes) in table.items():
        assert by_flag[key][1] == "flag" and by_env[key][1] == f"env {env}" and by_file[key][1] == "file", key
        if key != "database":  # shown with its password masked
            assert values[key] in by_flag[key][0] and values[key] in by_env[key][0] and values[key] in by_file[key][0], key


def test_flags_win_over_the_environment_which_wins_over_the_file(tmp_path):
    config = tmp_path / "plume-server.toml"
    config.write_text('port = 9001\nhost = "0.0.0.0"\nrate-limit = 5\nallowed-origin = ["https://a.example", "https://b.example"]\n'
                      'database = "postgres://plume:hunter2@db.example:5432/scores"\n')
    out = run("config", "--config", str(config), "--port", "9003", env={"PLUME_PORT": "9002", "PLUME_RATE_LIMIT": "7"})
    assert out.returncode == 0, out.stderr
    settings = effective(out.stdout)
    assert settings["port"] == ("9003", "flag")
    assert settings["rate-limit"] == ("7", "env PLUME_RATE_LIMIT")
    assert settings["host"] == ('"0.0.0.0"', "file")
    assert settings["allowed-origin"] == ('["https://a.example", "https://b.example"]', "file")
    assert settings["simulations"] == ("2", "default")
    assert "hunter2" not in out.stdout and settings["database"][0] == '"postgres://plume:****@db.example:5432/scores"'
    # The output is itself a config file that gives the same settings (the masked password aside).
    again = tmp_path / "again.toml"
    again.write_text(out.stdout.replace("****", "hunter2"))
    second = effective(run("config", "--config", str(again)).stdout)
    assert {k: v for k, (v, _) in second.items()} == {k: v for k, (v, _) in settings.items()}
    # PLUME_CONFIG names the file when --config does not.
    assert effective(run("config", env={"PLUME_CONFIG": str(config)}).stdout)["port"] == ("9001", "file")


def test_the_printed_configuration_is_toml_whatever_the_values_hold(tmp_path):
    awkward = 'https://scores.example/"quoted"\\back\tslash\u00e9'
    origins = "https://a.example, https://b.example"
    out = run("config", "--public-url", awkward, env={"PLUME_ALLOWED_ORIGINS": origins})
    assert out.returncode == 0, out.stderr
    parsed = tomllib.loads(out.stdout)  # the whole output, comments and all
    assert parsed["public-url"] == awkward
    assert parsed["allowed-origin"] == ["https://a.example", "https://b.example"]
    assert parsed["port"] == 8787 and parsed["log-format"] == "text"
    # Fed back as a config file, it gives the same settings, now from the file.
    again = tmp_path / "again.toml"
    again.write_text(out.stdout)
    second = run("config", "--config", str(again))
    assert second.returncode == 0, second.stderr
    assert tomllib.loads(second.stdout) == parsed
    assert effective(second.stdout)["public-url"][1] == "file"


@pytest.mark.parametrize("url, secret, shown", [
    ("postgres://plume:hunter2@db.example:5432/scores", "hunter2", "postgres://plume:****@db.example:5432/scores"),
    # A password URLComponents can't parse (a stray # and @) is masked all the same.
    ("postgres://plume:hun#ter@2x@db.example/scores", "ter@2x", "postgres://plume:****@db.example/scores"),
    ("postgresql://plume:s p a c e@db.example/scores?sslmode=require", "s p a c e",
     "postgresql://plume:****@db.example/scores?sslmode=require"),
])
def test_a_database_password_is_never_printed(url, secret, shown):
    out = run("config", env={"PLUME_DATABASE": url})
    assert out.returncode == 0, out.stderr
    assert secret not in out.stdout
    assert tomllib.loads(out.stdout)["database"] == shown
    # Nor in the advice `backup` gives for PostgreSQL.
    advice = run("backup", "--to", "/nonexistent/plume.dump", env={"PLUME_DATABASE": url})
    assert advice.returncode != 0 and "pg_dump --format=custom" in advice.stderr
    assert secret not in advice.stderr and shown in advice.stderr


@pytest.mark.parametrize("text, words", [
    ("port = 70000\n", "port must be a whole number from 0 to 65535"),
    ('port = "eighty"\n', "port must be a whole number"),
    ("prot = 80\n", 'there is no setting called "prot"'),
    ('log-format = "xml"\n', "log-format must be one of text, json"),
    ("port = [1, 2]\n", "port must be"),
    ("port = 80\nport = 81\n", "line"),
    # A file's values have their TOML types: text that spells a number or a list is a mistake.
    ('port = "80"\n', 'port must be a whole number from 0 to 65535, not "80"'),
    ('allowed-origin = "https://a.example"\n', "allowed-origin must be a list of strings"),
    ('host = ""\n', "host must be a non-empty string"),
    ('database = ["postgres://u:hunter2@h/db"]\n', "database must be a non-empty string"),
    # The settings are top-level keys; a table header is refused by name (a header whose first
    # character can't start a key, found by fuzzing, used to abort inside the TOML parser).
    ("port = 80\n[server]\nport = 81\n", 'line 2: "[server]" starts a table'),
    ("[é]\n", 'line 1: "[é]" starts a table'),
    ("# hosts\n\n  [[\ufffdx]]\n", 'line 3: "[[\ufffdx]]" starts a table'),
    # A key that is all control characters is named with them escaped.
    ('"\\u001b[31m" = 1\n', 'there is no setting called "\\u001b[31m"'),
])
def test_a_bad_config_file_stops_start_up_in_plain_words(tmp_path, text, words):
    config = tmp_path / "bad.toml"
    config.write_text(text)
    # serve is given no port of its own: the file's (bad) settings are the ones in effect.
    for command in (["config"], ["serve"]):
        out = run(*command, "--config", str(config), "--database", str(tmp_path / "db.sqlite"), timeout=30)
        assert out.returncode != 0
        assert words in out.stderr and str(config) in out.stderr, out.stderr
        assert "Fatal error" not in out.stderr and "Backtrace" not in out.stderr
        # The command line was right: no usage text buries the message, and no secret shows.
        assert "Usage:" not in out.stderr and "hunter2" not in out.stderr, out.stderr
    missing = run("config", "--config", str(tmp_path / "nowhere.toml"))
    assert missing.returncode != 0 and "can't be read" in missing.stderr


def test_json_logs_are_one_object_per_line_with_request_ids(tmp_path):
    server = Server(tmp_path, "--log-format", "json")
    try:
        server.register("Ada")
        status, _, _ = server.request("GET", "/v1/boards/nope/top")
        assert status == 404
    finally:
        server.stop()
    lines = [line for line in (tmp_path / f"server-{server.port}.log").read_text().splitlines() if line.strip()]
    events = [json.loads(line) for line in lines]  # every line parses
    assert all({"time", "level", "label", "message"} <= set(event) for event in events)
    requests = [event for event in events if event["message"] == "request"]
    assert {event["path"] for event in requests} >= {"/v1/players", "/v1/boards/nope/top"}
    assert all(event.get("request_id") for event in requests)
    assert len({event["request_id"] for event in requests}) == len(requests)
    registered = [event for event in events if event["message"] == "player registered"]
    assert registered and registered[0]["request_id"] in {event["request_id"] for event in requests}


def count(database, table):
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_a_live_sqlite_database_backs_up_consistently_and_restores(tmp_path):
    server = Server(tmp_path)
    stop = threading.Event()
    registered = []

    def writer():
        n = 0
        while not stop.is_set():
            status, _ = server.json("POST", "/v1/players", {"name": f"p{n}"})
            if status == 201:
                registered.append(n)
            n += 1

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while len(registered) < 20:
            assert time.monotonic() < deadline, "the writer registered fewer than 20 players in 60 s"
            time.sleep(0.05)
        before = len(registered)
        backup = tmp_path / "copy.sqlite"
        out = run("backup", "--database", server.database, "--to", str(backup))
        after = len(registered)
        assert out.returncode == 0, out.stderr
        assert "integrity ok" in out.stdout
        players = count(backup, "players")
        assert before <= players <= after + 1, (before, players, after)
        assert f"{players} players" in out.stdout
        # One self-contained file (rollback journal, not WAL), readable by its owner only.
        assert open(backup, "rb").read(20)[18:20] == b"\x01\x01"
        assert stat.S_IMODE(os.stat(backup).st_mode) == 0o600
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("copy.sqlite") and p.name != "copy.sqlite"]
        # Not over an existing file without --force, nor over the database itself even with it.
        kept = backup.read_bytes()
        refused = run("backup", "--database", server.database, "--to", str(backup))
        assert refused.returncode != 0 and "--force" in refused.stderr and backup.read_bytes() == kept
        itself = run("backup", "--database", server.database, "--to", server.database, "--force")
        assert itself.returncode != 0 and "the database itself" in itself.stderr
        # With --force, a newer copy replaces the old one.
        newer = run("backup", "--database", server.database, "--to", str(backup), "--force")
        assert newer.returncode == 0, newer.stderr
        assert count(backup, "players") >= players
        backup.write_bytes(kept)
        # Refused while the server runs.
        refused = run("restore", "--database", server.database, "--from", str(backup))
        assert refused.returncode != 0 and "stop it first" in refused.stderr and str(server.process.pid) in refused.stderr
    finally:
        stop.set()
        thread.join(timeout=30)
        server.stop()
    assert count(server.database, "players") > players
    digest = hashlib.sha256(backup.read_bytes()).hexdigest()
    restored = run("restore", "--database", server.database, "--from", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert f"{players} players" in restored.stdout
    assert count(server.database, "players") == players
    # The backup is read, never changed, and nothing is left beside it.
    assert hashlib.sha256(backup.read_bytes()).hexdigest() == digest
    assert not (tmp_path / "copy.sqlite-wal").exists() and not (tmp_path / "copy.sqlite-shm").exists()
    again = Server(tmp_path, database=server.database)
    try:
        status, body = again.json("GET", "/v1/players/" + "x" * 22)
        assert status == 404
        taken, _ = again.json("POST", "/v1/players", {"name": "p0"})
        assert taken == 409  # the backed-up player is there
    finally:
        again.stop()
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database" * 100)
    bad = run("restore", "--database", str(tmp_path / "other.sqlite"), "--from", str(garbage))
    assert bad.returncode != 0 and "not a Plume leaderboard backup" in bad.stderr


def test_restore_over_a_database_sqlite_cannot_read_keeps_its_bytes_and_serves_the_backup(tmp_path):
    server = Server(tmp_path)
    try:
        ada = server.register("Ada")
    finally:
        server.stop()
    backup = tmp_path / "ada.sqlite"
    assert run("backup", "--database", server.database, "--to", str(backup)).returncode == 0
    # The disaster: the database file is overwritten with something that is not SQLite.
    wreck = b"this is not a database " * 500
    for sidecar in ("-wal", "-shm"):
        if os.path.exists(server.database + sidecar):
            os.remove(server.database + sidecar)
    with open(server.database, "wb") as f:
        f.write(wreck)
    restored = run("restore", "--database", server.database, "--from", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert "unreadable" in restored.stdout
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("scores.sqlite.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == wreck and kept[0].name in restored.stdout
    again = Server(tmp_path, database=server.database)
    try:
        status, body = again.json("GET", "/v1/players/" + ada["player_id"])
        assert status == 200, body
        status, me = again.json("GET", "/v1/players/me", token=ada["token"])  # her token came back too
        assert status == 200 and me["player_id"] == ada["player_id"], me
    finally:
        again.stop()


def test_brackets_inside_values_are_not_taken_for_tables(tmp_path):
    config = tmp_path / "plume-server.toml"
    config.write_text('trusted-proxy = [\n  "10.0.0.1",\n  "::1", # the other\n]\nallowed-origin = [\n[\n]] # refused as a type, not a table\n')
    out = run("config", "--config", str(config))
    assert out.returncode != 0 and "allowed-origin must be a list of strings" in out.stderr, out.stderr
    config.write_text('trusted-proxy = [\n  "10.0.0.1",\n  "::1", # [x]\n]\nssh-host-name = """\n[not a table]\\\n  "quoted" """\n'
                      "plume = '''\n[x]'''\n")
    out = run("config", "--config", str(config))
    assert out.returncode == 0, out.stderr
    printed = tomllib.loads(out.stdout)
    assert printed["trusted-proxy"] == ["10.0.0.1", "::1"]
    assert printed["ssh-host-name"] == '[not a table]"quoted" ' and printed["plume"] == "[x]"


def test_a_database_named_by_one_character_is_beside_the_working_directory(tmp_path):
    # Foundation's own path arithmetic stops the process on a one-character path (found by fuzzing).
    for name in ("a", " "):
        out = run("config", "--database", name)
        assert out.returncode == 0, out.stderr
        printed = tomllib.loads(out.stdout)
        assert printed["database"] == name and printed["ssh-host-key"] == "./plume-ssh-host-key", printed
