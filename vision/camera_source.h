#pragma once
// Frames from the camera over the table: a device, a stream, a video file or numbered pictures.

#include <memory>
#include <opencv2/core.hpp>
#include <string>

#include "engine/result.h"

namespace cv {
class VideoCapture;
}

namespace cf {

// One open source of frames.
class CameraSource {
 public:
  // `spec`: a device number ("0"), numbered pictures (a pattern such as "table/%03d.jpg", read
  // in turn from the first there), or what else OpenCV opens: a video file, a stream URL.
  // Refused when nothing opens.
  static Result<CameraSource> Open(const std::string& spec);
  CameraSource(CameraSource&&) noexcept;
  CameraSource& operator=(CameraSource&&) noexcept;
  ~CameraSource();

  const std::string& spec() const { return spec_; }
  // The next frame; refused when the source gives none (unplugged, or the pictures ran out). A
  // numbered picture that cannot be read is read again next time while it is the last there (a
  // camera may still be writing it), and passed over once a later one is there.
  Result<cv::Mat> Grab();

 private:
  CameraSource(std::string spec, std::unique_ptr<cv::VideoCapture> capture, bool live);
  Result<cv::Mat> GrabPicture();
  std::string spec_;
  std::unique_ptr<cv::VideoCapture> capture_;  // none for numbered pictures
  bool live_ = false;                          // a device, whose driver queues frames
  int next_picture_ = 0;                       // numbered pictures: the next one's number
};

}  // namespace cf
