#!/usr/bin/env bash
# The project's one test command: installs what the tests need (PostgreSQL + pgvector, headless
# Chromium) when missing, then runs every module's tests with the Maven wrapper.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-postgres.sh
if [ -f scripts/setup-browser.sh ]; then bash scripts/setup-browser.sh; fi
# the -javadoc.jar is skipped: its doclint check (javadoc-check) runs all the same
./mvnw -B -ntp verify -Dciterag.javadoc.jar.skip=true "$@"
