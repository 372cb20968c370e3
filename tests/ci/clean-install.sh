#!/usr/bin/env bash
# A fresh clone of the committed HEAD, `npm install` on the Node the README names (the node devDependency's Node 24,
# put first on PATH): it must print no engine warning (EBADENGINE) and leave `git status --porcelain` empty.
# Needs one install already done (for that Node). Usage: bash tests/ci/clean-install.sh [--full]
# By default npm resolves the whole tree from the lockfile without unpacking it (--package-lock-only: where engine
# warnings and lockfile changes come from, 2 s instead of about 2 minutes; CI's own install unpacks the same tree on a
# clean clone). --full installs node_modules too.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
node_bin="$root/node_modules/node/bin"
if [ ! -x "$node_bin/node" ]; then
  echo "clean install: run npm install first (the node devDependency provides the Node 24 this check installs with)" >&2
  exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-local "$root" "$work/clone"
cd "$work/clone"
git checkout --quiet "$(git -C "$root" rev-parse HEAD)"
export PATH="$node_bin:$PATH"
echo "clean install: npm $(npm --version) on node $(node --version) in a fresh clone of $(git rev-parse --short HEAD)"
mode=(--package-lock-only)
[ "${1:-}" = "--full" ] && mode=()
npm install "${mode[@]}" --no-audit --no-fund > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
if grep -q EBADENGINE "$work/install.log"; then
  grep -A4 EBADENGINE "$work/install.log"
  echo "clean install: engine warnings on $(node --version)" >&2
  exit 1
fi
changed="$(git status --porcelain)"
if [ -n "$changed" ]; then
  echo "$changed"
  git diff --stat
  echo "clean install: npm install changed the fresh clone" >&2
  exit 1
fi
echo "clean install: ok (no engine warning, git status clean)"
