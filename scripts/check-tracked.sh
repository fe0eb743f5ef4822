#!/usr/bin/env bash
# Fails when git tracks a file over 1 MB that is not named below: build output (a binary
# built at the root, a bundle) belongs in .gitignore, not in every clone.
set -euo pipefail
cd "$(dirname "$0")/.."

# Allowed on purpose, each with why.
allowed=(
  # The CJK font the share image draws Japanese, Korean and Chinese names with: already a
  # subset (internal/shareimage/fonts/subset.sh), and the image needs it offline.
  internal/shareimage/fonts/NotoSansCJKjp-Bold.otf
)

limit=$((1024 * 1024))
bad=0
while IFS= read -r -d '' file; do
  [[ -f "$file" ]] || continue
  size=$(stat -c %s "$file")
  (( size > limit )) || continue
  ok=0
  for a in "${allowed[@]}"; do [[ "$file" == "$a" ]] && ok=1; done
  if (( ! ok )); then
    echo "check-tracked: $file is tracked and $size bytes (over 1 MB): ignore it, or allow it with a reason in scripts/check-tracked.sh" >&2
    bad=1
  fi
done < <(git ls-files -z)
exit "$bad"
