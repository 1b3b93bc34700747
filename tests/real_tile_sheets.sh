#!/usr/bin/env bash
# The 72 photographed base tiles of ../shared/real_photos/tile_sheets (an older printing, other
# art), each found on its sheet and read on its own against the tile set enrolled from the other
# printing's tiles.png: most are named and turned right (68 of 72 when this test was written).
set -u
cf="$1"; src="$2"; shared="$src/../shared/real_photos"
[ -f "$shared/tile_sheets/1to12.jpg" ] || { echo "skipped: ../shared/real_photos is not beside the project"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cf" tileset enroll "$tmp/tiles" --sheet "$shared/tile_sheets/tiles.png" \
  --labels "$src/tools/real_tile_sheet_labels.txt" >/dev/null || { echo "FAIL enroll"; exit 1; }
"$cf" bench tiles --sheets "$shared/tile_sheets" --labels "$src/tools/real_tile_sheets_labels.txt" \
  --tileset "$tmp/tiles" >"$tmp/bench.txt" || { echo "FAIL bench tiles"; cat "$tmp/bench.txt"; exit 1; }
cat "$tmp/bench.txt"
right=$(sed -n 's/.*tiles named and turned right: .* of \([0-9]*\) (\([0-9]*\)).*/\2/p' "$tmp/bench.txt")
[ -n "$right" ] || { echo "FAIL no count printed"; exit 1; }
[ "$right" -ge 65 ] || { echo "FAIL $right of 72 real tiles named and turned right, fewer than 65"; exit 1; }
# A tile set enrolled from the photographed sheets themselves, the first tile of each id: the tiles
# not enrolled are named right too (46 of 48 when this test was written: the other two are E tiles
# whose art differs from the first E's, read as K).
"$cf" tileset enroll "$tmp/own" --sheets "$shared/tile_sheets" \
  --labels "$src/tools/real_tile_sheets_labels.txt" || { echo "FAIL enroll from the sheets"; exit 1; }
"$cf" bench tiles --sheets "$shared/tile_sheets" --labels "$src/tools/real_tile_sheets_labels.txt" \
  --tileset "$tmp/own" >"$tmp/own.txt" || { echo "FAIL bench tiles"; cat "$tmp/own.txt"; exit 1; }
own=$(sed -n 's/.*tiles named and turned right: .* of \([0-9]*\) (\([0-9]*\)).*/\2/p' "$tmp/own.txt")
echo "enrolled from the sheets: $own of 72 named and turned right"
[ "${own:-0}" -ge 68 ] || { echo "FAIL ${own:-no count}: fewer than 68 of 72 with their own printing enrolled"; exit 1; }
