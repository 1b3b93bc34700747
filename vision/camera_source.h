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
  // `spec`: a device number ("0"), or what OpenCV opens: a video file, a stream URL, or a
  // printf pattern of numbered pictures ("table/%03d.jpg"). Refused when nothing opens.
  static Result<CameraSource> Open(const std::string& spec);
  CameraSource(CameraSource&&) noexcept;
  CameraSource& operator=(CameraSource&&) noexcept;
  ~CameraSource();

  const std::string& spec() const { return spec_; }
  // The next frame; refused when the source gives none (unplugged, or the pictures ran out).
  Result<cv::Mat> Grab();

 private:
  CameraSource(std::string spec, std::unique_ptr<cv::VideoCapture> capture, bool live);
  std::string spec_;
  std::unique_ptr<cv::VideoCapture> capture_;
  bool live_ = false;  // a device, whose driver queues frames
};

}  // namespace cf
