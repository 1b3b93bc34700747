#!/usr/bin/env bash
# Installs, builds and runs every test; then the engine tests again under ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh build
(cd build && ctest --output-on-failure -j2)
bash tools/build.sh build-sanitize -DCF_SANITIZE=address,undefined -DCF_BUILD_VISION=OFF -DCF_BUILD_UI=OFF
(cd build-sanitize && ctest --output-on-failure -j2)
