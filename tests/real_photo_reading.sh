#!/usr/bin/env bash
# A real board photo read with the tile set enrolled from the real tile sheet: the board is found,
# and the followers read are not the fields and roofs of another printing (13 stand on test_50);
# the tile grid of a top-down 16 MP photo is found (it is straightened at a smaller scale).
set -u
cf="$1"; src="$2"; shared="$src/../shared/real_photos"
[ -f "$shared/boards/test_50.png" ] || { echo "skipped: ../shared/real_photos is not beside the project"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cf" tileset enroll "$tmp/tiles" --sheet "$shared/tile_sheets/tiles.png" \
  --labels "$src/tools/real_tile_sheet_labels.txt" >/dev/null || { echo "FAIL enroll"; exit 1; }
"$cf" analyze "$shared/boards/test_50.png" --tileset "$tmp/tiles" --out "$tmp/scene.json" ||
  { echo "FAIL test_50.png not read"; exit 1; }
tiles=$(grep -c '"id"' "$tmp/scene.json")
followers=$(grep -c '"pose"' "$tmp/scene.json")
echo "test_50.png: $tiles tiles, $followers followers"
fail=0
[ "$tiles" -ge 50 ] || { echo "FAIL fewer than 50 of its 68 tiles"; fail=1; }
[ "$followers" -le 20 ] || { echo "FAIL $followers followers where 13 stand"; fail=1; }
why=$("$cf" analyze "$shared/boards/test_29.jpg" --tileset "$tmp/tiles" 2>&1 >/dev/null)
echo "test_29.jpg: ${why:-read}"
case "$why" in *"no tile grid"*) echo "FAIL test_29.jpg: the grid of a top-down photo not found"; fail=1 ;; esac
exit $fail
