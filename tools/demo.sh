#!/usr/bin/env bash
# The main job on the bundled sample: install, build, then score the sample game record.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh build -DCF_BUILD_TESTS=OFF >/dev/null
./build/catapult-fair score --table sample_images/games/catapult_game.json
