#pragma once
// Files read whole, as bytes (game records, the tile catalog, labels, photos), refused in one line
// when they cannot be: a missing file, a folder, or a device, which may never end (a pipe does).

#include <string>

#include "engine/result.h"

namespace cf {

// The bytes of the file or pipe `path`. Refused as "cannot read [<what> ]PATH[: why]" (a missing
// file says no more).
Result<std::string> ReadWholeFile(const std::string& path, const std::string& what = "");

}  // namespace cf
