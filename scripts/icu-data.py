#!/usr/bin/env python3
"""The ICU data the release binaries carry, made smaller.

Swift's Foundation on Linux links ICU with all of its data built in: 34 MB, the largest part of
either binary, for some 700 locales, 200 character-set converters, transliterators and the
dictionaries that find word breaks in Chinese, Japanese, Thai, Khmer, Lao and Burmese. Plume formats
nothing by the player's locale (its dates, numbers and words are its own, in English; its calendar
is PlumeCalendar, in UTC) and converts text only between Unicode's own forms, which ICU does
without data.

This reads the data package out of the toolchain's lib_FoundationICU.a, keeps what Foundation can
reach from an English program (the root and English locales of every tree, the time-zone,
supplemental, plural and numbering-system tables, normalisation and collation's base, the
transliterators, and the break rules without dictionaries) and writes it, with the symbol's name, where the CICUData target (Package.swift, only in `make
dist`'s build) defines that symbol with it. Linked as the programs' own object, it stands in for
the archive's member: the linker takes the archive's copy only for a symbol still undefined.

    scripts/icu-data.py Sources/CICUData [--list]

The package format is ICU's "common data" (ucmndata.h): a header, a table of contents (a count,
then a name offset and a data offset per item, sorted by name) and the items, each 16-byte aligned.
"""
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

TOOLCHAIN_ARCHIVE_NAMES = ("lib_FoundationICU.a",)

# The locales kept in every tree: root (what every lookup falls back to) and English.
LOCALES = re.compile(r"^(root|en|en_US|en_US_POSIX|en_001|en_150|en_GB|pool|res_index|tzdbNames)\.res$")
# Trees left out whole: rule-based number spelling ("one hundred and two"), which nothing asks for.
# (The transliterators stay: the plain day card spells a name in ASCII with "Any-Latin;
# Latin-ASCII", 1.1 MB.)
DROPPED_TREES = {"rbnf"}
LOCALE_FILE = re.compile(r"^[a-z]{2,3}(_[A-Za-z0-9]+)*\.res$")


def keep(name):
    """Whether an item (its name without the package prefix) stays."""
    parts = name.split("/")
    leaf = parts[-1]
    if len(parts) == 1:
        # Converters: every .cnv (UTF-8, UTF-16, ASCII and Latin-1 are algorithmic, without data).
        if leaf.endswith(".cnv"):
            return False
        # The top level's locale files; everything else there (zoneinfo64, supplementalData,
        # likelySubtags, plurals, numberingSystems, metaZones, cnvalias, the .nrm and .icu
        # tables, …) stays.
        if LOCALE_FILE.match(leaf):
            return bool(LOCALES.match(leaf))
        return True
    tree = parts[0]
    if tree in DROPPED_TREES:
        return False
    if tree == "translit":
        return True
    if leaf.endswith(".dict"):
        return False  # the word-break dictionaries of Chinese, Japanese, Thai, Khmer, Lao, Burmese
    if LOCALE_FILE.match(leaf):
        return bool(LOCALES.match(leaf))
    # Everything else in a tree: the break rules (.brk), collation's base (ucadata.icu), and the
    # tree's own tables (supplementalData.res of curr/, pool.res, res_index.res, …).
    return True


def toolchain_archive():
    """The archive of the toolchain `make` builds with ($SWIFT, as the Makefile names it)."""
    swift = shutil.which(os.environ.get("SWIFT", "swift"))
    if swift is None:
        sys.exit("scripts/icu-data.py: no swift on the PATH (or $SWIFT)")
    root = os.path.dirname(os.path.dirname(os.path.realpath(swift)))
    for name in TOOLCHAIN_ARCHIVE_NAMES:
        path = os.path.join(root, "lib", "swift_static", "linux", name)
        if os.path.exists(path):
            return path
    sys.exit("scripts/icu-data.py: the toolchain's lib_FoundationICU.a was not found under " + root)


def read_package(archive, work):
    """The data package and its symbol (icudtNN_dat), from the archive member that defines it."""
    symbols = subprocess.run(["nm", "-A", archive], capture_output=True, text=True, check=True).stdout
    found = [line.split() for line in symbols.splitlines() if re.search(r" R icudt\d+_dat$", line)]
    if len(found) != 1:
        sys.exit("scripts/icu-data.py: expected one icudtNN_dat in " + archive)
    member = found[0][0].split(":")[1]
    symbol = found[0][-1]
    subprocess.run(["ar", "x", archive, member], cwd=work, check=True)
    data = os.path.join(work, "icu.dat")
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata", os.path.join(work, member), data], check=True)
    with open(data, "rb") as file:
        return symbol, file.read()


def parse(package):
    header_size = struct.unpack_from("<H", package, 0)[0]
    if struct.unpack_from("<BB", package, 2) != (0xDA, 0x27) or package[12:16] != b"CmnD":
        sys.exit("scripts/icu-data.py: not an ICU common data package")
    count = struct.unpack_from("<I", package, header_size)[0]
    entries = [struct.unpack_from("<II", package, header_size + 4 + 8 * i) for i in range(count)]
    names = []
    for name_offset, _ in entries:
        start = header_size + name_offset
        names.append(package[start:package.index(b"\0", start)].decode())
    starts = [header_size + data_offset for _, data_offset in entries] + [len(package)]
    return package[:header_size], [(names[i], package[starts[i]:starts[i + 1]]) for i in range(count)]


def build(header, items):
    """A package of these items: the same header, a new table, names, then each item 16-aligned."""
    count = len(items)
    table_size = 4 + 8 * count
    names = b"".join(name.encode() + b"\0" for name, _ in items)
    position = table_size + len(names)
    position += (-(len(header) + position)) % 16
    name_offsets, data_offsets, blobs = [], [], []
    name_position = table_size
    for name, data in items:
        name_offsets.append(name_position)
        name_position += len(name.encode()) + 1
        data_offsets.append(position)
        padded = data + b"\0" * ((-len(data)) % 16)
        blobs.append(padded)
        position += len(padded)
    table = struct.pack("<I", count) + b"".join(struct.pack("<II", n, d) for n, d in zip(name_offsets, data_offsets))
    body = table + names
    body += b"\0" * (data_offsets[0] - len(body)) if items else b""
    return header + body + b"".join(blobs)


def write_if_changed(path, data):
    try:
        with open(path, "rb") as file:
            if file.read() == data:
                return
    except FileNotFoundError:
        pass
    with open(path, "wb") as file:
        file.write(data)


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit("usage: scripts/icu-data.py DIRECTORY [--list]")
    out = args[0]
    with tempfile.TemporaryDirectory() as work:
        symbol, package = read_package(toolchain_archive(), work)
    header, items = parse(package)
    prefix = items[0][0].split("/")[0] + "/"
    kept = [(name, data) for name, data in items if keep(name[len(prefix):])]
    if "--list" in args:
        for name, data in kept:
            print(len(data), name)
    smaller = build(header, kept)
    if parse(smaller)[1] != kept:
        sys.exit("scripts/icu-data.py: the package written does not read back")
    os.makedirs(out, exist_ok=True)
    # The header names the data's digest: the build follows the header it includes, not the file
    # the assembler's .incbin reads, so a change of data changes the header too. Files are only
    # written when they change (an unchanged rewrite would relink both programs).
    digest = hashlib.sha256(smaller).hexdigest()
    header_text = (f"/* Written by scripts/icu-data.py: the toolchain's ICU data symbol, and the digest of icu.dat\n"
                   f"   ({len(kept)} items, SHA-256 {digest}). */\n#define ICU_DATA_SYMBOL {symbol}\n")
    write_if_changed(os.path.join(out, "icu.dat"), smaller)
    write_if_changed(os.path.join(out, "icu_symbol.h"), header_text.encode())
    print(f"ICU data: {len(kept)} of {len(items)} items, {len(smaller) / 1e6:.1f} MB of {len(package) / 1e6:.1f} MB "
          f"({symbol}, in {out})")


if __name__ == "__main__":
    main()
