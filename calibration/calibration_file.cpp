#include "calibration/calibration_file.h"

#include <filesystem>
#include <fstream>

namespace cf {

namespace {

// OpenCV's own words for an exception, without its version and source line. Its file parsers
// put "FILE(LINE): REASON" where the function's name goes: that becomes "line LINE: REASON".
std::string Reason(const cv::Exception& e) {
  const auto colon = e.func.find("): ");
  const auto open = e.func.rfind('(', colon);
  if (colon == std::string::npos || open == std::string::npos) return e.err;
  return "line " + e.func.substr(open + 1, colon - open - 1) + ": " + e.func.substr(colon + 3);
}

}  // namespace

Status SaveCalibration(const Calibration& c, const std::string& path) {
  try {
    cv::FileStorage fs(path, cv::FileStorage::WRITE);
    if (!fs.isOpened()) return Fail("cannot write " + path);
    fs << "format" << kCalibrationFormat;
    fs << "image_width" << c.camera.width << "image_height" << c.camera.height;
    fs << "camera_matrix" << cv::Mat(c.camera.K());
    fs << "distortion" << cv::Mat(c.camera.dist);
    fs << "rms_px" << c.rms_px;
    fs << "has_table_pose" << static_cast<int>(c.has_table_pose);
    fs << "rotation" << cv::Mat(c.camera.R) << "translation_mm" << cv::Mat(c.camera.t);
    fs << "reject_distance" << c.colors.reject_distance;
    fs << "colors"
       << "[";
    for (const auto& [name, s] : c.colors.colors())
      fs << "{"
         << "name" << name << "lab_mean" << cv::Mat(s.mean) << "lab_inv_cov" << cv::Mat(s.inv_cov)
         << "}";
    fs << "]";
  } catch (const cv::Exception& e) {
    return Fail("cannot write " + path + ": " + Reason(e));
  }
  return Status::Ok();
}

Result<Calibration> LoadCalibration(const std::string& path) {
  if (std::filesystem::is_directory(path))
    return Fail(path + " is a folder, not a calibration file");
  if (std::filesystem::is_character_file(path) || std::filesystem::is_block_file(path))
    return Fail(path + " is a device, not a calibration file");
  if (!std::ifstream(path)) return Fail("cannot read calibration file " + path);
  Calibration c;
  try {
    cv::FileStorage fs(path, cv::FileStorage::READ);
    if (!fs.isOpened()) return Fail(path + " is not a calibration file (not YAML/XML/JSON)");
    std::string format;
    fs["format"] >> format;
    if (format != kCalibrationFormat)
      return Fail(path + " is not a catapult-fair calibration file (format should be " +
                  kCalibrationFormat + ")");
    cv::Mat K, dist, R, t;
    fs["image_width"] >> c.camera.width;
    fs["image_height"] >> c.camera.height;
    fs["camera_matrix"] >> K;
    fs["distortion"] >> dist;
    fs["rotation"] >> R;
    fs["translation_mm"] >> t;
    if (K.size() != cv::Size(3, 3) || dist.total() != 5 || R.size() != cv::Size(3, 3) ||
        t.total() != 3 || c.camera.width <= 0 || c.camera.height <= 0)
      return Fail(path +
                  ": camera_matrix, distortion, rotation, translation_mm or the image size is "
                  "missing or malformed");
    K.convertTo(K, CV_64F);
    dist.convertTo(dist, CV_64F);
    R.convertTo(R, CV_64F);
    t.convertTo(t, CV_64F);
    c.camera.fx = K.at<double>(0, 0), c.camera.fy = K.at<double>(1, 1);
    c.camera.cx = K.at<double>(0, 2), c.camera.cy = K.at<double>(1, 2);
    for (int i = 0; i < 5; ++i) c.camera.dist[i] = dist.at<double>(i);
    c.camera.R = cv::Matx33d(R);
    c.camera.t = cv::Vec3d(t.at<double>(0), t.at<double>(1), t.at<double>(2));
    if (c.camera.fx <= 0 || c.camera.fy <= 0) return Fail(path + ": focal length must be positive");
    int pose = 0;
    fs["has_table_pose"] >> pose;
    c.has_table_pose = pose != 0;
    fs["rms_px"] >> c.rms_px;
    if (!fs["reject_distance"].empty()) fs["reject_distance"] >> c.colors.reject_distance;
    cv::FileNode colors = fs["colors"];
    if (colors.isSeq() && colors.size() > 0) {
      c.colors.colors().clear();  // the colours listed are those in play
      for (const auto& node : colors) {
        std::string name;
        cv::Mat mean, inv;
        node["name"] >> name;
        node["lab_mean"] >> mean;
        node["lab_inv_cov"] >> inv;
        if (name.empty() || mean.total() != 3 || inv.size() != cv::Size(3, 3))
          return Fail(path + ": a colour entry is malformed");
        mean.convertTo(mean, CV_64F);
        inv.convertTo(inv, CV_64F);
        c.colors.colors()[name] = {cv::Vec3d(mean), cv::Matx33d(inv)};
      }
    }
  } catch (const cv::Exception& e) {
    return Fail(path + " is not a readable calibration file: " + Reason(e));
  }
  return c;
}

}  // namespace cf
