#!/usr/bin/env bash
# The report's browser tests (`make test` runs them): headless Chromium from Debian's
# package, driven by Playwright for Python (installed with pip when missing; it never
# downloads a browser). Skipped, saying so, only where no Chromium is installed.
# Usage: Tests/Browser/run.sh MODLINT [OUTDIR]
set -euo pipefail
MODLINT=${1:?usage: run.sh MODLINT [OUTDIR]}
OUT=${2:-.build/browser-tests}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$CHROMIUM" ]; then
  echo "== browser tests skipped: no Chromium installed (apt-get install chromium)"
  exit 0
fi
if ! python3 -c "import playwright" 2>/dev/null; then
  echo "== installing Playwright for Python (no browser download: the system Chromium is used)"
  python3 -m pip install -q playwright
fi
echo "== browser tests of modlint report ($CHROMIUM)"
CHROMIUM=$CHROMIUM python3 "$(dirname "$0")/report_test.py" "$MODLINT" "$OUT"
