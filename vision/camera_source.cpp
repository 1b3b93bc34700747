#include "vision/camera_source.h"

#include <opencv2/videoio.hpp>

namespace cf {

CameraSource::CameraSource(std::string spec, std::unique_ptr<cv::VideoCapture> capture, bool live)
    : spec_(std::move(spec)), capture_(std::move(capture)), live_(live) {}
CameraSource::CameraSource(CameraSource&&) noexcept = default;
CameraSource& CameraSource::operator=(CameraSource&&) noexcept = default;
CameraSource::~CameraSource() = default;

Result<CameraSource> CameraSource::Open(const std::string& spec) {
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

Result<cv::Mat> CameraSource::Grab() {
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
