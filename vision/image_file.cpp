#include "vision/image_file.h"

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "engine/whole_file.h"

namespace cf {

namespace {

bool StartsWith(const std::string& bytes, std::initializer_list<uchar> head) {
  return bytes.size() >= head.size() &&
         std::equal(head.begin(), head.end(), bytes.begin(),
                    [](uchar want, char got) { return want == static_cast<uchar>(got); });
}

// The position of the last two-byte marker 0xFF `code` at or after `from`, or npos.
size_t LastMarker(const std::string& bytes, uchar code, size_t from = 0) {
  for (size_t i = bytes.size(); i-- > from + 1;)
    if (static_cast<uchar>(bytes[i]) == code && static_cast<uchar>(bytes[i - 1]) == 0xFF)
      return i - 1;
  return std::string::npos;
}

// Whether a JPEG's or PNG's bytes end as a whole file does (other formats: true). A JPEG ends
// with its end marker after its last scan (the EXIF thumbnail's own end marker does not count),
// a PNG with its IEND chunk whole.
bool EndsWhole(const std::string& bytes) {
  if (StartsWith(bytes, {0xFF, 0xD8, 0xFF})) {
    // Within a scan's data a 0xFF byte is always followed by 0x00 or a restart marker, so the
    // last start-of-scan marker is the main picture's last scan.
    const size_t scan = LastMarker(bytes, 0xDA);
    return scan != std::string::npos && LastMarker(bytes, 0xD9, scan) != std::string::npos;
  }
  if (StartsWith(bytes, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})) {
    // The last chunk: its type, then its four bytes of CRC.
    const size_t end = bytes.rfind("IEND");
    return end != std::string::npos && bytes.size() - end >= 8;
  }
  return true;
}

}  // namespace

Result<cv::Mat> ReadImageFile(const std::string& path, const std::string& what) {
  auto refuse = [&](const std::string& why) {
    return Fail("cannot read " + what + " " + path + ": " + why);
  };
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return refuse("no such file");
  const auto bytes = ReadWholeFile(path, what);  // a folder or a device refused there
  if (!bytes) return bytes.error();
  if (bytes->empty()) return refuse("the file is empty");
  if (!EndsWhole(*bytes))
    return refuse("the file is cut short (is a camera or a copy still writing it?)");
  cv::Mat image;
  try {
    const cv::Mat encoded(1, static_cast<int>(bytes->size()), CV_8U,
                          const_cast<char*>(bytes->data()));
    image = cv::imdecode(encoded, cv::IMREAD_COLOR);
  } catch (const cv::Exception&) {
    image.release();
  }
  if (image.empty()) return refuse("not a picture (JPEG, PNG or another format OpenCV reads)");
  return image;
}

}  // namespace cf
