#!/bin/sh
# Removes what install.sh installed: exactly the files in PREFIX/share/plume/install-manifest.txt,
# then the folders installing made, each only if it is empty. Run as installed
# (PREFIX/share/plume/uninstall.sh), it finds its own prefix; from the unpacked folder it takes
# ~/.local, or --prefix DIR.
set -eu

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
if [ -f "$here/install-manifest.txt" ]; then
    prefix=$(CDPATH='' cd -- "$here/../.." && pwd)
else
    prefix="${HOME:?HOME is not set}/.local"
fi
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "usage: uninstall.sh [--prefix DIR]" >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        -h|--help) echo "usage: uninstall.sh [--prefix DIR]    (default: this installation's prefix, or ~/.local)"; exit 0 ;;
        *) echo "uninstall.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done

manifest="$prefix/share/plume/install-manifest.txt"
if [ ! -f "$manifest" ]; then
    echo "Nothing to uninstall: $manifest is missing." >&2
    exit 1
fi
# plume:// links registered to this installation's plume (`plume register-scheme`) are given
# back first, by the program that registered them.
record="${XDG_DATA_HOME:-$HOME/.local/share}/plume/scheme-registration.json"
if [ -x "$prefix/bin/plume" ] && [ -f "$record" ] && grep -qF -- "$prefix/bin/plume" "$record"; then
    "$prefix/bin/plume" unregister-scheme || true
fi
list="$(mktemp)"
trap 'rm -f "$list"' EXIT
cp "$manifest" "$list"
grep -v '^dir ' "$list" | while IFS= read -r file; do
    [ -n "$file" ] && rm -f "$prefix/$file"
done
# Folders installing made, deepest first, each only if now empty.
sed -n 's/^dir //p' "$list" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2- | while IFS= read -r dir; do
    if [ "$dir" = "." ]; then rmdir "$prefix" 2>/dev/null || true; else rmdir "$prefix/$dir" 2>/dev/null || true; fi
done
echo "Uninstalled plume and plume-server from $prefix."
