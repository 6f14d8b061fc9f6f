#!/bin/sh
# Installs Plume from this folder: plume and plume-server, their manual pages and shell
# completions, under a prefix (~/.local unless --prefix DIR). Every file is listed in
# PREFIX/share/plume/install-manifest.txt, which uninstall.sh (also installed there) removes
# exactly. Nothing is installed when a library the programs need is missing: it says which.
set -eu

usage() {
    echo "usage: ./install.sh [--prefix DIR]    (default: ~/.local)"
}

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
prefix="${HOME:?HOME is not set}/.local"
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$prefix" in
    /*) ;;
    *) prefix="$(pwd)/$prefix" ;;
esac

# The shared libraries the programs load (the Swift runtime is linked in): say which are missing,
# and the packages that have them, before touching anything.
missing=""
for tool in plume plume-server; do
    for lib in $(ldd "$here/bin/$tool" 2>/dev/null | awk '/not found/ {print $1}'); do
        case " $missing " in *" $lib "*) ;; *) missing="$missing $lib" ;; esac
    done
done
if [ -z "$missing" ] && ! probe=$("$here/bin/plume" --version 2>&1); then
    # Every library is there, and still it does not start: most often a C library older than the
    # one the programs were built against.
    echo "plume can't run on this system: $probe" >&2
    echo "It needs an x86-64 Linux with glibc 2.35 or later (Debian 12, Ubuntu 22.04, Fedora 36 or later)." >&2
    echo "Nothing was installed." >&2
    exit 1
fi
if [ -n "$missing" ]; then
    debian="" fedora=""
    for lib in $missing; do
        case "$lib" in
            libncursesw.so.*|libtinfo.so.*) debian="$debian libncursesw6"; fedora="$fedora ncurses-libs" ;;
            libsqlite3.so.*) debian="$debian libsqlite3-0"; fedora="$fedora sqlite-libs" ;;
            libcurl.so.*) debian="$debian libcurl4"; fedora="$fedora libcurl" ;;
            libstdc++.so.*) debian="$debian libstdc++6"; fedora="$fedora libstdc++" ;;
            libgcc_s.so.*) debian="$debian libgcc-s1"; fedora="$fedora libgcc" ;;
            *) debian="$debian ($lib)"; fedora="$fedora ($lib)" ;;
        esac
    done
    echo "Plume needs libraries this system lacks:$missing" >&2
    echo "  Debian, Ubuntu: sudo apt install$(echo "$debian" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')" >&2
    echo "  Fedora:         sudo dnf install$(echo "$fedora" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')" >&2
    echo "Nothing was installed." >&2
    exit 1
fi

manifest="$prefix/share/plume/install-manifest.txt"
new="$(mktemp)"
old="$(mktemp)"
if [ -f "$manifest" ]; then cp "$manifest" "$old"; fi
# If installing stops half way, what it did so far is listed with what was there, so that
# uninstall.sh still removes all of it.
finish() {
    status=$?
    if [ "$status" -ne 0 ] && [ -d "$prefix/share/plume" ]; then
        sort -u "$old" "$new" > "$prefix/share/plume/install-manifest.txt" 2>/dev/null || true
    fi
    rm -f "$new" "$old"
}
trap finish EXIT
# Folders made now are listed, so that uninstalling removes them again (never one that was here).
grep '^dir ' "$old" > "$new" || true
if [ ! -d "$prefix" ]; then
    mkdir -p "$prefix"
    echo "dir ." >> "$new"
fi
made() {
    # (POSIX sh has no local variables: only the arguments survive the recursion.)
    [ -d "$prefix/$1" ] && return 0
    made "$(dirname "$1")"
    mkdir "$prefix/$1"
    echo "dir $1" >> "$new"
}
count=0
while IFS= read -r file; do
    [ -n "$file" ] || continue
    dir=$(dirname "$file")
    [ "$dir" = "." ] || made "$dir"
    case "$file" in
        bin/*) install -m 0755 "$here/$file" "$prefix/$file" ;;
        *) install -m 0644 "$here/$file" "$prefix/$file" ;;
    esac
    echo "$file" >> "$new"
    count=$((count + 1))
done < "$here/FILES"
install -m 0755 "$here/uninstall.sh" "$prefix/share/plume/uninstall.sh"
echo "share/plume/uninstall.sh" >> "$new"
echo "share/plume/install-manifest.txt" >> "$new"
# Files an earlier installation put here that this one does not have (an older version's) go.
grep -v '^dir ' "$old" | while IFS= read -r file; do
    [ -n "$file" ] || continue
    grep -qxF -- "$file" "$new" || rm -f "$prefix/$file"
done
mv "$new" "$manifest"

echo "Installed plume and plume-server in $prefix/bin ($((count + 2)) files, listed in $manifest)."
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "$prefix/bin is not on your PATH: add  export PATH=\"$prefix/bin:\$PATH\"  to your shell's profile." ;;
esac
echo "Play: plume    Remove: $prefix/share/plume/uninstall.sh"
