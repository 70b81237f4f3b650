#!/usr/bin/env bash
# Installs what citerag's browser test (examples: WebPageBrowserTest) needs on Debian 12:
# Debian's `chromium` and `chromium-driver` packages (/usr/bin/chromium, /usr/bin/chromedriver).
# The test points Selenium at these two binaries explicitly, so nothing is ever downloaded at
# test time. Idempotent: does nothing when both are present. Needs root (or sudo).
set -euo pipefail

log() { echo "[setup-browser] $*" >&2; }

need_pkgs=()
[ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
[ -x /usr/bin/chromedriver ] || need_pkgs+=(chromium-driver)

if [ "${#need_pkgs[@]}" -eq 0 ]; then
  log "present: $(/usr/bin/chromium --version 2>/dev/null || echo chromium), $(/usr/bin/chromedriver --version 2>/dev/null | head -n 1 || echo chromedriver)"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    log "not root and no sudo: run this script as root, or install: ${need_pkgs[*]}"; exit 1
  fi
fi

log "apt-get update"
$SUDO apt-get update -qq
log "installing: ${need_pkgs[*]}"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null

for bin in /usr/bin/chromium /usr/bin/chromedriver; do
  if [ ! -x "$bin" ]; then log "installed the packages but $bin is missing"; exit 1; fi
done
log "installed: $(/usr/bin/chromium --version 2>/dev/null || echo chromium), $(/usr/bin/chromedriver --version 2>/dev/null | head -n 1)"
