#!/usr/bin/env bash
# The command line refuses bad input with exit status 2, one line on stderr and nothing on stdout.
set -u
cf="$1"; src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
expect() {  # expect STATUS DESCRIPTION -- COMMAND...
  local want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then echo "FAIL $what: exit $got, wanted $want"; fail=1; return; fi
  if [ "$want" = 2 ]; then
    [ -s "$tmp/out" ] && { echo "FAIL $what: printed on stdout"; fail=1; }
    [ "$(wc -l <"$tmp/err")" = 1 ] || { echo "FAIL $what: stderr is not one line"; cat "$tmp/err"; fail=1; }
  fi
  echo "ok   $what"
}
printf '{"format": "catapult-fair/game@1", "players": [{"color": "red"}, {"color": "blue"}], "moves": [{"type": "place", "player": "blue", "tile": "E", "at": [0, -1]}]}' >"$tmp/illegal.json"
printf '{ not json' >"$tmp/broken.json"
printf 'not an image' >"$tmp/fake.jpg"
head -c 100000 "$src/sample_images/scenes/scene-103.jpg" >"$tmp/cut.jpg"
head -c 3000 "$src/sample_images/tiles/D.png" >"$tmp/cut.png"
expect 0 "score the bundled sample" -- "$cf" score "$src/sample_images/games/catapult_game.json"
expect 2 "score a missing file" -- "$cf" score "$tmp/missing.json"
expect 2 "score malformed JSON" -- "$cf" score "$tmp/broken.json"
expect 2 "score an illegal move" -- "$cf" score "$tmp/illegal.json"
expect 2 "score a device that never ends" -- timeout 60 "$cf" score /dev/zero
expect 2 "score a folder" -- "$cf" score "$tmp"
expect 2 "unknown verb" -- "$cf" fly
expect 2 "unknown option" -- "$cf" score --frobnicate x
expect 0 "help" -- "$cf" score --help
if "$cf" --help | grep -q analyze; then
  expect 2 "analyze a missing image" -- "$cf" analyze "$tmp/missing.jpg"
  expect 2 "analyze a file that is no image" -- "$cf" analyze "$tmp/fake.jpg"
  expect 2 "analyze a JPEG cut short (a camera still writing it)" -- "$cf" analyze "$tmp/cut.jpg"
  expect 2 "analyze a PNG cut short" -- "$cf" analyze "$tmp/cut.png"
  expect 2 "analyze a device that never ends" -- timeout 60 "$cf" analyze /dev/zero
  expect 2 "referee with a before picture cut short" -- "$cf" referee --before "$tmp/cut.jpg" --after "$src/sample_images/sequence/017.jpg" --token target
  expect 2 "analyze with a wrong calibration file" -- "$cf" analyze "$src/sample_images/tiles/D.png" --calibration "$tmp/broken.json"
  expect 2 "calibrate from no board" -- "$cf" calibrate --charuco "$src/sample_images/tiles/D.png" --out "$tmp/c.yaml"
  expect 2 "analyze a ChArUco board, whose squares are no tiles" -- "$cf" analyze "$src/sample_images/calibration/charuco-0.jpg"
  expect 2 "calibrate from the tiles of a picture without tiles" -- "$cf" calibrate --tiles "$src/sample_images/calibration/charuco-0.jpg" --out "$tmp/c.yaml"
  expect 2 "calibrate from the tiles of no image" -- "$cf" calibrate --tiles "$tmp/fake.jpg" --out "$tmp/c.yaml"
  expect 0 "calibrate from the tiles of a sample table" -- "$cf" calibrate --tiles "$src/sample_images/scenes/scene-103.jpg" --out "$tmp/tiles.yaml"
  expect 0 "analyze with that calibration" -- "$cf" analyze "$src/sample_images/scenes/scene-103.jpg" --calibration "$tmp/tiles.yaml" --out "$tmp/s.json"
  expect 2 "learn colours from a picture with no board" -- "$cf" calibrate --colours "$src/sample_images/calibration/charuco-0.jpg" --out "$tmp/col.yaml"
  expect 2 "learn colours from no image" -- "$cf" calibrate --colours "$tmp/fake.jpg" --out "$tmp/col.yaml"
  expect 2 "learn colours for a colour no calibration has" -- "$cf" calibrate --colours "$src/sample_images/scenes/scene-103.jpg" --players red,pink --out "$tmp/col.yaml"
  expect 2 "learn colours starting from a wrong calibration file" -- "$cf" calibrate --colours "$src/sample_images/scenes/scene-103.jpg" --calibration "$tmp/broken.json" --out "$tmp/col.yaml"
  expect 0 "learn the colours in play from a sample table" -- "$cf" calibrate --colours "$src/sample_images/scenes/scene-103.jpg" --players red,blue,green,yellow,black --out "$tmp/col.yaml"
  "$cf" calibrate --check "$tmp/col.yaml" | grep -q ", 5 colours" && echo "ok   the learnt file holds the 5 colours in play" || { echo "FAIL the learnt file does not hold the 5 colours in play"; fail=1; }
  expect 0 "analyze with the colours learnt" -- "$cf" analyze "$src/sample_images/scenes/scene-103.jpg" --calibration "$tmp/col.yaml" --out "$tmp/s.json"
  grep -q '"gray"' "$tmp/s.json" && { echo "FAIL a gray follower read, gray not in play"; fail=1; } || echo "ok   no follower of a colour not in play"
  expect 2 "tileset from an empty folder" -- "$cf" analyze "$src/sample_images/tiles/D.png" --tileset "$tmp"
  printf 'scene-103.jpg red here there meeple\n' >"$tmp/bad_labels.txt"
  printf 'missing.jpg red 1 2 meeple\n' >"$tmp/missing_labels.txt"
  expect 2 "bench photos without its labels" -- "$cf" bench photos --boards "$src/sample_images/scenes" --labels "$tmp/none.txt"
  expect 2 "bench photos with malformed labels" -- "$cf" bench photos --boards "$src/sample_images/scenes" --labels "$tmp/bad_labels.txt"
  expect 2 "bench photos labelling a missing photo" -- "$cf" bench photos --boards "$src/sample_images/scenes" --labels "$tmp/missing_labels.txt"
  printf 'sheet D.png 1x1\nD/45\n' >"$tmp/bad_sheet.txt"
  printf 'sheet D.png 2x2\nD/0 E/0 F/0\n' >"$tmp/short_sheet.txt"
  printf 'sheet scene-103.jpg 3x4\nD/0 D/0 D/0 D/0 D/0 D/0 D/0 D/0 D/0 D/0 D/0 D/0\n' >"$tmp/no_sheet.txt"
  expect 2 "bench tiles with a turn that is no quarter turn" -- "$cf" bench tiles --sheets "$src/sample_images/tiles" --labels "$tmp/bad_sheet.txt"
  expect 2 "bench tiles labelling too few tiles" -- "$cf" bench tiles --sheets "$src/sample_images/tiles" --labels "$tmp/short_sheet.txt"
  expect 2 "bench tiles on a table that is no tile sheet" -- "$cf" bench tiles --sheets "$src/sample_images/scenes" --labels "$tmp/no_sheet.txt"
  expect 2 "enroll from both one sheet and a folder of them" -- "$cf" tileset enroll "$tmp/e" --sheet "$src/sample_images/tiles/D.png" --sheets "$src/sample_images/tiles" --labels "$tmp/bad_sheet.txt"
  expect 2 "enroll from a sheet that is not there" -- "$cf" tileset enroll "$tmp/e" --sheets "$tmp" --labels "$tmp/no_sheet.txt"
  expect 2 "enroll with a turn that is no quarter turn" -- "$cf" tileset enroll "$tmp/e" --sheets "$src/sample_images/tiles" --labels "$tmp/bad_sheet.txt"
  expect 0 "bench tiles on one tile alone" -- "$cf" bench tiles --sheets "$src/sample_images/tiles" --labels <(printf 'sheet D.png 1x1\nD/0\n')
  seq="$src/sample_images/sequence"
  expect 0 "calibrate from the tiles of the sample game's last frame" -- "$cf" calibrate --tiles "$seq/022.jpg" --out "$tmp/seq.yaml"
  expect 0 "referee the sample game's first target throw" -- "$cf" referee --before "$seq/016.jpg" --after "$seq/017.jpg" --token target --fair-tile FAIR-02 --calibration "$tmp/seq.yaml" --out "$tmp/call.json"
  # The game record measured 32.2 mm from the token's centre to the fair tile's.
  awk -F'[:,]' '/"fair_distance_mm"/ { d = $2 - 32.2; seen = 1 } END { exit !(seen && d < 1.5 && d > -1.5) }' "$tmp/call.json" \
    && echo "ok   the target's distance to the fair tile is the game's" \
    || { echo "FAIL the target's distance to the fair tile is not the game's"; cat "$tmp/call.json"; fail=1; }
  # The first throw's knock-out token lands off the board, where the after photo's reading misses
  # it and what changed between the photos shows it.
  expect 0 "referee the sample game's first knock-out throw" -- "$cf" referee --before "$seq/004.jpg" --after "$seq/005.jpg" --token knockout --calibration "$tmp/seq.yaml" --out "$tmp/knock.json"
  grep -A6 '"token"' "$tmp/knock.json" | tr -d ' \n' | grep -q '"on_board":false,"confidence":0.5,"from_change":true' \
    && echo "ok   the knock-out token is found off the board by what changed" \
    || { echo "FAIL the knock-out token is not found off the board by what changed"; cat "$tmp/knock.json"; fail=1; }
  expect 2 "referee a target with two fair tiles on the board and no word which" -- "$cf" referee --before "$seq/016.jpg" --after "$seq/017.jpg" --token target
  expect 2 "referee a throw whose token is not in the after picture" -- "$cf" referee --before "$seq/016.jpg" --after "$seq/016.jpg" --token target --fair-tile FAIR-02
  expect 2 "referee pictures of two different boards" -- "$cf" referee --before "$src/sample_images/scenes/scene-103.jpg" --after "$seq/017.jpg" --token target --fair-tile FAIR-02
  expect 2 "referee without an after picture" -- "$cf" referee --before "$seq/016.jpg" --after "$tmp/missing.jpg" --token target
  expect 2 "referee an unknown token" -- "$cf" referee --before "$seq/016.jpg" --after "$seq/017.jpg" --token banana
  expect 2 "referee with a fair tile that is no cell" -- "$cf" referee --before "$seq/016.jpg" --after "$seq/017.jpg" --token target --fair-at north
  # The sample game's last photo shows its last move.
  expect 0 "read the sample game's last turn from its photo" -- "$cf" turn "$seq/game.json" "$seq/023.jpg" --after-move 11 --out "$tmp/turn.json"
  tr -d ' \n' <"$tmp/turn.json" | grep -q '"player":"green","tile":"V","at":\[-3,1\],"rotation":90,"follower":{"on":"W2"}' \
    && echo "ok   the turn read is the game's last move" \
    || { echo "FAIL the turn read is not the game's last move"; cat "$tmp/turn.json"; fail=1; }
  expect 2 "read a turn from a photo showing none" -- "$cf" turn "$seq/game.json" "$seq/023.jpg"
  expect 2 "add a turn read before the record's end" -- "$cf" turn "$seq/game.json" "$seq/023.jpg" --after-move 11 --record "$tmp/g.json"
  expect 2 "read a turn after a move the record does not have" -- "$cf" turn "$seq/game.json" "$seq/023.jpg" --after-move 40
  expect 2 "read a turn while a catapult round is due" -- "$cf" turn "$seq/game.json" "$seq/017.jpg" --after-move 10
  expect 2 "read a turn from a photo of another game" -- "$cf" turn "$seq/game.json" "$src/sample_images/scenes/scene-103.jpg"
fi
exit $fail
