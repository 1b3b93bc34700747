#pragma once
// Photos and tile art read from files, with one line saying why a file cannot be read. A JPEG or
// PNG cut short (a camera or a copy still writing it) is refused before it is decoded: decoded,
// it would be half grey, and the decoder would print its own warnings.

#include <opencv2/core.hpp>
#include <string>

#include "engine/result.h"

namespace cf {

// The picture in `path`, 8-bit BGR, turned as its EXIF orientation says. Refused as "cannot read
// <what> PATH: why" (no such file, a folder, a device, an empty file, cut short, no picture).
Result<cv::Mat> ReadImageFile(const std::string& path, const std::string& what = "image");

}  // namespace cf
