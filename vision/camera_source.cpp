#include "vision/camera_source.h"

#include <cstdio>
#include <filesystem>
#include <opencv2/videoio.hpp>
#include <regex>

#include "vision/image_file.h"

namespace cf {

namespace {

// Pictures numbered as far as this are looked for the first one there.
constexpr int kFirstPictureBy = 1000;

// Whether `spec` names numbered pictures: one printf conversion of an int ("%d", "%03d"), and no
// other but "%%".
bool NumberedPictures(const std::string& spec) {
  static const std::regex kPattern("^([^%]|%%)*%0?[0-9]*d([^%]|%%)*$");
  return std::regex_match(spec, kPattern);
}

std::string PictureNumbered(const std::string& pattern, int number) {
  char path[4096];
  std::snprintf(path, sizeof path, pattern.c_str(), number);
  return path;
}

bool PictureThere(const std::string& pattern, int number) {
  std::error_code error;
  return std::filesystem::is_regular_file(PictureNumbered(pattern, number), error);
}

}  // namespace

CameraSource::CameraSource(std::string spec, std::unique_ptr<cv::VideoCapture> capture, bool live)
    : spec_(std::move(spec)), capture_(std::move(capture)), live_(live) {}
CameraSource::CameraSource(CameraSource&&) noexcept = default;
CameraSource& CameraSource::operator=(CameraSource&&) noexcept = default;
CameraSource::~CameraSource() = default;

Result<CameraSource> CameraSource::Open(const std::string& spec) {
  if (NumberedPictures(spec)) {
    CameraSource pictures(spec, nullptr, false);
    while (pictures.next_picture_ < kFirstPictureBy && !PictureThere(spec, pictures.next_picture_))
      ++pictures.next_picture_;
    if (pictures.next_picture_ < kFirstPictureBy) return pictures;
    // None there: a stream's address may hold a "%20d" too.
  }
  auto capture = std::make_unique<cv::VideoCapture>();
  const bool device = !spec.empty() && spec.size() <= 3 &&
                      spec.find_first_not_of("0123456789") == std::string::npos;
  try {
    if (device)
      capture->open(std::stoi(spec));
    else
      capture->open(spec);
  } catch (const cv::Exception&) {
    // An unreadable source is reported below, as one that does not open.
  }
  if (!capture->isOpened()) return Fail("cannot open the camera " + spec);
  return CameraSource(spec, std::move(capture), device);
}

Result<cv::Mat> CameraSource::GrabPicture() {
  if (!PictureThere(spec_, next_picture_)) return Fail("the camera " + spec_ + " gives no picture");
  auto picture = ReadImageFile(PictureNumbered(spec_, next_picture_), "the camera's picture");
  if (picture || PictureThere(spec_, next_picture_ + 1)) ++next_picture_;
  return picture;
}

Result<cv::Mat> CameraSource::Grab() {
  if (!capture_) return GrabPicture();
  cv::Mat frame;
  try {
    // A device's driver queues a few frames: the newest is the table as it is now.
    constexpr int kQueuedFrames = 4;
    if (live_)
      for (int i = 0; i < kQueuedFrames; ++i) capture_->grab();
    if (!capture_->read(frame)) frame.release();
  } catch (const cv::Exception&) {
    frame.release();
  }
  if (frame.empty()) return Fail("the camera " + spec_ + " gives no picture");
  return frame;
}

}  // namespace cf
