#!/usr/bin/env bash
# Remakes sample_images/ from fixed seeds (same seeds, same bytes): tile set, scenes, a game
# sequence with two catapult rounds, ChArUco calibration views and game records.
set -euo pipefail
cd "$(dirname "$0")/.."
cf=build/catapult-fair
[ -x "$cf" ] || bash tools/build.sh build -DCF_BUILD_TESTS=OFF >/dev/null
out=sample_images
rm -rf "$out/tiles" "$out/scenes" "$out/sequence" "$out/calibration"
$cf tileset export "$out/tiles" --size 256
# A dozen single scenes across cameras and lights (seeds 101-110 at 1080p, 111-112 at 4K).
$cf render --seed 101 --count 10 --tiles 45 --expansions all --out "$out/scenes"
$cf render --seed 111 --count 2 --tiles 60 --expansions all --camera 4k --out "$out/scenes"
$cf render --seed 7 --sequence 10 --players 3 --out "$out/sequence"
$cf render --seed 21 --charuco 10 --out "$out/calibration"
$cf selfplay --seed 11 --players 4 --expansions all --out "$out/games/catapult_game.json"
$cf selfplay --seed 5 --players 3 --out "$out/games/base_game.json"
du -sh "$out"
