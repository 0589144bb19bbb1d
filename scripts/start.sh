#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a running site: installs what is needed,
# builds, migrates, seeds the admin account and demo content, starts local judge workers.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
exec node packages/server/dist/main.js
