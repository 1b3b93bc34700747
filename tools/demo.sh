#!/usr/bin/env bash
# The main job on the bundled sample: install, build, read the sample game's last turn from the
# photo of the table after it, then score the sample game record.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh build -DCF_BUILD_TESTS=OFF >/dev/null
echo "The sample game's last turn, read from sample_images/sequence/023.jpg:"
./build/catapult-fair turn sample_images/sequence/game.json sample_images/sequence/023.jpg \
  --after-move 11
echo
./build/catapult-fair score --table sample_images/games/catapult_game.json
