#pragma once
// A photo file read as `analyze` reads it, and a throw refereed from two such photos.

#include <opencv2/core.hpp>
#include <string>

#include "vision/analyze.h"
#include "vision/referee.h"

namespace cf {

// A photo and what the reader read on it.
struct ReadPhoto {
  cv::Mat image;
  Scene scene;
};

// Refuses an unreadable file ("cannot read the <which> image PATH") and a picture the reader
// refuses ("PATH: why").
Result<ReadPhoto> ReadPhotoFile(const std::string& path, const AnalyzeInput& input,
                                const std::string& which = "");
// A picture already in memory (a camera's frame), named `name` in the reading and in refusals.
Result<ReadPhoto> ReadPhotoImage(cv::Mat image, const std::string& name, const AnalyzeInput& input);

// The call on a throw; with a calibration that has the table's pose (one camera on a stand), what
// changed between the photos is looked at for a token the after reading misses.
Result<RefereeCall> RefereePhotos(const ReadPhoto& before, const ReadPhoto& after,
                                  const RefereeRequest& request, const Calibration* calibration);

}  // namespace cf
