#!/usr/bin/env bash
# Brings a checkout to a runnable state: Debian packages, npm packages, a build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# The plagiarism check's detector (Dolos) parses with tree-sitter. Its prebuilt binary needs a newer
# libstdc++ (GLIBCXX_3.4.31) than Debian 12 has: build it here from source when it does not load
# (node-gyp with python3, g++ and make; a few minutes of CPU once). Dolos' grammars
# (@dodona/dolos-parsers) are always built from source by npm ci.
if ! node -e "require('tree-sitter'); require('tree-sitter-compat')" >/dev/null 2>&1; then
  echo "tree-sitter: building from source"
  npm rebuild tree-sitter tree-sitter-compat --build-from-source
fi
npm run build
