#!/usr/bin/env bash
# The four figures of issue 24's 'Done when' (docs/decisions/0202-0205): duplicated places in the product
# folders, files over 500 lines, imports climbing more than two folders, and handlers using requireUser or
# the container. Needs the `duplicates` command of the tool library on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
view=$(mktemp -d)
trap 'rm -rf "$view"' EXIT
for d in domain application adapters apps packages; do
  git ls-files "$d" | while read -r f; do mkdir -p "$view/$(dirname "$f")" && cp "$f" "$view/$f"; done
done
git ls-files openapi/src | while read -r f; do mkdir -p "$view/$(dirname "$f")" && cp "$f" "$view/$f"; done
echo "duplicates (domain, application, adapters, apps, packages, openapi/src):"
duplicates --repo "$view" --seconds 200 --most 1 | head -1
echo "files over 500 lines (not tests, not generated):"
git ls-files domain application adapters apps | grep -E '\.(ts|tsx|css)$' | grep -vE '\.test\.|/tests?/|schema\.d\.ts' |
  xargs wc -l | awk '$1 > 500 && $2 != "total"' | sort -rn
echo "imports climbing more than two folders:"
git ls-files | grep -E '\.(ts|tsx)$' | { xargs grep -hE "^import .* from '(\.\./){3,}|import\('(\.\./){3,}" || true; } | wc -l
echo "requireUser / services.get in routes:"
{ grep -rn "requireUser(" apps/api/src/routes || true; } | wc -l
{ grep -rn "services.get(" apps/api/src/routes || true; } | wc -l
