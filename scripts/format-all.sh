#!/bin/sh
# Formats the code and applies Biome's safe fixes (biome.jsonc), then checks what is left: run once
# after merging, and whenever `npm run lint` fails on formatting. Biome settles some chained calls
# only on a second pass, so it writes until the formatting holds (three passes at most).
set -eu
cd "$(dirname "$0")/.."
PATHS="src test dev bench scripts"
for pass in 1 2 3; do
  npx biome check --write $PATHS >/dev/null 2>&1 || true
  if npx biome format $PATHS >/dev/null 2>&1; then break; fi
done
npx biome check $PATHS
