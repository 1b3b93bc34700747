#!/usr/bin/env bash
# catapult-fair-ui from the command line: bad input is one line and exit status 2; a good game
# opens and its window is saved as a picture.
set -u
app="$1"
src="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0

expect_refusal() {  # expect_refusal WHAT ARGS...
  local what="$1"
  shift
  "$app" "$@" >"$tmp/out" 2>"$tmp/err"
  local code=$?
  local lines
  lines=$(grep -v -e '^QStandardPaths' -e 'propagateSizeHints' "$tmp/err" | wc -l)
  if [ "$code" -ne 2 ] || [ "$lines" -ne 1 ]; then
    echo "FAIL $what: exit $code, $lines error lines"
    cat "$tmp/err"
    fail=1
  fi
}

expect_refusal "missing game" /no/such/game.json
printf '{"format": "catapult-fair/game@1", "players": [' >"$tmp/broken.json"
expect_refusal "malformed game" "$tmp/broken.json"
expect_refusal "bad --move" "$src/sample_images/sequence/game.json" --move 99
expect_refusal "unreadable photo" "$src/sample_images/sequence/game.json" --photo /no/such.jpg
expect_refusal "not a board" "$src/sample_images/sequence/game.json" \
  --read-turn "$src/sample_images/calibration/charuco-0.jpg"
expect_refusal "bad calibration" --calibration "$src/sample_images/sequence/game.json"
expect_refusal "referee with no token" "$src/sample_images/sequence/game.json" \
  --referee "$src/sample_images/sequence/016.jpg,$src/sample_images/sequence/017.jpg"
expect_refusal "referee a throw whose token is not there" "$src/sample_images/sequence/game.json" \
  --referee "$src/sample_images/sequence/016.jpg,$src/sample_images/sequence/016.jpg,target"

"$app" "$src/sample_images/sequence/game.json" --move 11 --screenshot "$tmp/shot.png" 2>/dev/null
code=$?
if [ "$code" -ne 0 ] || [ ! -s "$tmp/shot.png" ]; then
  echo "FAIL screenshot: exit $code"
  fail=1
fi
exit $fail
