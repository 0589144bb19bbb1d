#!/usr/bin/env bash
# Installs the Debian 12 packages Verdict needs: the sandbox (bubblewrap), the judge
# toolchains offered by the language registry, GNU time for exact exit signals, and
# Chromium for the end-to-end tests. Safe to run again; skips when all are present.
set -euo pipefail
PKGS=(
  bubblewrap time procps
  gcc g++ openjdk-17-jdk-headless python3 pypy3 golang-go rustc nodejs ruby php-cli
  mono-mcs mono-runtime fp-compiler kotlin ghc lua5.4 gfortran
  libc6-dev util-linux
  make
  chromium fonts-noto-cjk poppler-utils
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then echo "system packages: all present"; exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
