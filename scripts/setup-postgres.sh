#!/usr/bin/env bash
# Installs what citerag's PostgreSQL tests need on Debian 12 (bookworm):
#   - the PostgreSQL 15 server and its server headers (Debian packages)
#   - the pgvector extension, built from Debian trixie's *source* package when
#     the extension is not installed yet (bookworm has no pgvector binary package).
# Idempotent: does nothing when everything is present. Needs root (or sudo).
# Override the server version with PG_MAJOR (default 15).
set -euo pipefail

PG_MAJOR="${PG_MAJOR:-15}"
PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
PG_CONFIG="${PG_BIN}/pg_config"

log() { echo "[setup-postgres] $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    log "not root and no sudo: run this script as root, or install PostgreSQL ${PG_MAJOR} + pgvector yourself"; exit 1
  fi
fi

apt_updated=0
apt_update() {
  if [ "$apt_updated" -eq 0 ]; then
    log "apt-get update"
    $SUDO apt-get update -qq
    apt_updated=1
  fi
}

need_pkgs=()
[ -x "${PG_BIN}/postgres" ] || need_pkgs+=("postgresql-${PG_MAJOR}")
[ -x "${PG_BIN}/initdb" ] || need_pkgs+=("postgresql-${PG_MAJOR}")
[ -x "${PG_CONFIG}" ] || need_pkgs+=("postgresql-server-dev-${PG_MAJOR}")
[ -f "/usr/include/postgresql/${PG_MAJOR}/server/postgres.h" ] || need_pkgs+=("postgresql-server-dev-${PG_MAJOR}")
command -v psql >/dev/null 2>&1 || need_pkgs+=("postgresql-client-${PG_MAJOR}")

sharedir=""
if [ -x "${PG_CONFIG}" ]; then sharedir="$(${PG_CONFIG} --sharedir)"; fi
if [ -z "$sharedir" ] || [ ! -f "${sharedir}/extension/vector.control" ]; then
  command -v make >/dev/null 2>&1 || need_pkgs+=(make)
  command -v gcc >/dev/null 2>&1 || need_pkgs+=(gcc)
  command -v dpkg-source >/dev/null 2>&1 || need_pkgs+=(dpkg-dev)
fi

if [ "${#need_pkgs[@]}" -gt 0 ]; then
  apt_update
  log "installing: ${need_pkgs[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
fi

sharedir="$(${PG_CONFIG} --sharedir)"
if [ -f "${sharedir}/extension/vector.control" ]; then
  log "pgvector present: $(grep default_version "${sharedir}/extension/vector.control")"
  exit 0
fi

# pgvector from Debian trixie's source package, built against the local server headers.
src_list=/etc/apt/sources.list.d/citerag-trixie-src.sources
if [ ! -f "$src_list" ]; then
  mirror="http://deb.debian.org/debian"
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    found="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
    [ -n "$found" ] && mirror="$found"
  fi
  log "adding deb-src for trixie from ${mirror}"
  $SUDO tee "$src_list" >/dev/null <<SRC
Types: deb-src
URIs: ${mirror}
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  apt_updated=0
fi
apt_update

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
log "fetching pgvector source package"
apt-get source -qq pgvector >/dev/null 2>&1 || apt-get source pgvector
dir="$(find . -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)"
[ -n "$dir" ] || { log "apt-get source pgvector produced no source directory"; exit 1; }
cd "$dir"
log "building $(basename "$dir") against ${PG_CONFIG}"
make -s PG_CONFIG="${PG_CONFIG}" >/dev/null
$SUDO make -s install PG_CONFIG="${PG_CONFIG}" >/dev/null
log "pgvector installed: $(grep default_version "${sharedir}/extension/vector.control")"
