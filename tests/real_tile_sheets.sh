#!/usr/bin/env bash
# The 72 photographed base tiles of ../shared/real_photos/tile_sheets (an older printing, other
# art), each found on its sheet and read on its own: against the tile set enrolled from the other
# printing's tiles.png most are named and turned right (68 of 72 when this test was written), and
# more against a tile set enrolled from the sheets themselves.
set -u
cf="$1"; src="$2"; shared="$src/../shared/real_photos"
[ -f "$shared/tile_sheets/1to12.jpg" ] || { echo "skipped: ../shared/real_photos is not beside the project"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# expect_named TILESET LEAST WHAT: bench tiles against TILESET names at least LEAST of 72 right.
expect_named() {
  local tiles="$1" least="$2" what="$3" right
  "$cf" bench tiles --sheets "$shared/tile_sheets" --labels "$src/tools/real_tile_sheets_labels.txt" \
    --tileset "$tiles" >"$tmp/bench.txt" || { echo "FAIL bench tiles ($what)"; cat "$tmp/bench.txt"; exit 1; }
  cat "$tmp/bench.txt"
  right=$(sed -n 's/.*tiles named and turned right: .* of \([0-9]*\) (\([0-9]*\)).*/\2/p' "$tmp/bench.txt")
  [ -n "$right" ] || { echo "FAIL no count printed ($what)"; exit 1; }
  [ "$right" -ge "$least" ] || { echo "FAIL $what: $right of 72 named and turned right, fewer than $least"; exit 1; }
}
"$cf" tileset enroll "$tmp/tiles" --sheet "$shared/tile_sheets/tiles.png" \
  --labels "$src/tools/real_tile_sheet_labels.txt" >/dev/null || { echo "FAIL enroll"; exit 1; }
expect_named "$tmp/tiles" 65 "enrolled from tiles.png"
# The first tile of each id enrolled from the sheets: the tiles not enrolled are named right too
# (46 of 48 when this test was written: the other two are E tiles whose art differs from the first
# E's, read as K).
"$cf" tileset enroll "$tmp/own" --sheets "$shared/tile_sheets" \
  --labels "$src/tools/real_tile_sheets_labels.txt" >/dev/null || { echo "FAIL enroll from the sheets"; exit 1; }
expect_named "$tmp/own" 68 "enrolled from the sheets themselves"
