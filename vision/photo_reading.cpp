#include "vision/photo_reading.h"

#include "vision/image_file.h"

namespace cf {

Result<ReadPhoto> ReadPhotoFile(const std::string& path, const AnalyzeInput& input,
                                const std::string& which) {
  auto image = ReadImageFile(path, "the " + (which.empty() ? "" : which + " ") + "image");
  if (!image) return image.error();
  return ReadPhotoImage(*image, path, input);
}

Result<ReadPhoto> ReadPhotoImage(cv::Mat image, const std::string& name,
                                 const AnalyzeInput& input) {
  auto scene = AnalyzeTable(image, input);
  if (!scene) return Fail(name + ": " + scene.error().message);
  scene->image = name;
  return ReadPhoto{image, *scene};
}

Result<RefereeCall> RefereePhotos(const ReadPhoto& before, const ReadPhoto& after,
                                  const RefereeRequest& request, const Calibration* calibration) {
  std::optional<RefereePictures> pictures;
  if (calibration && calibration->has_table_pose && before.image.size() == after.image.size())
    pictures = RefereePictures{before.image, after.image, calibration->camera};
  return RefereeThrow(before.scene, after.scene, request, pictures ? &*pictures : nullptr);
}

}  // namespace cf
