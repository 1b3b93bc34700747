#include "vision/tileset.h"

#include <algorithm>
#include <filesystem>
#include <opencv2/imgproc.hpp>

#include "vision/image_file.h"
#include "vision/tile_painter.h"

namespace cf {

namespace {

// MaskedSimilarity sums in this many lanes (eight pixels of three channels: lane l holds channel
// l % 3), which the compiler can keep in vector registers.
constexpr int kLanes = 24;

}  // namespace

cv::Mat TurnedArt(const cv::Mat& art, int quarter) {
  const int q = ((quarter % 4) + 4) % 4;
  if (q == 0) return art;
  cv::Mat turned;  // never a header of `art`: turning writes into it
  cv::rotate(art, turned,
             q == 1   ? cv::ROTATE_90_CLOCKWISE
             : q == 2 ? cv::ROTATE_180
                      : cv::ROTATE_90_COUNTERCLOCKWISE);
  return turned;
}

cv::Mat Standardise(const cv::Mat& image, double floor) {
  cv::Scalar mean, sd;
  cv::meanStdDev(image, mean, sd);
  if (image.type() == CV_8UC3) {  // a tile's picture: in one pass, as the passes below round
    float m[3];
    double scale[3];
    for (int k = 0; k < 3; ++k)
      m[k] = static_cast<float>(mean[k]), scale[k] = 1.0 / std::max(floor, sd[k]);
    cv::Mat out(image.size(), CV_32FC3);
    for (int y = 0; y < image.rows; ++y) {
      const uchar* in = image.ptr<uchar>(y);
      float* o = out.ptr<float>(y);
      for (int x = 0; x < 3 * image.cols; x += 3)
        for (int k = 0; k < 3; ++k)
          o[x + k] = static_cast<float>((static_cast<float>(in[x + k]) - m[k]) * scale[k]);
    }
    return out;
  }
  cv::Mat f;
  image.convertTo(f, CV_MAKETYPE(CV_32F, image.channels()));
  cv::Scalar scale;
  for (int k = 0; k < f.channels(); ++k) scale[k] = 1.0 / std::max(floor, sd[k]);
  cv::subtract(f, mean, f);
  cv::multiply(f, scale, f);
  return f;
}

cv::Mat TileDescriptor(const cv::Mat& patch, int size) {
  cv::Mat small;
  cv::resize(patch, small, cv::Size(size, size), 0, 0,
             size < patch.cols ? cv::INTER_AREA : cv::INTER_LINEAR);
  cv::GaussianBlur(small, small, cv::Size(3, 3), 0.8);
  return Standardise(small);
}

double Similarity(const cv::Mat& a, const cv::Mat& b) {
  return a.dot(b) / (static_cast<double>(a.total()) * 3);
}

MaskedSimilarity::MaskedSimilarity(const cv::Mat& a, const cv::Mat& use)
    : MaskedSimilarity(std::vector<cv::Mat>{a}, use) {}

MaskedSimilarity::MaskedSimilarity(const std::vector<cv::Mat>& as, const cv::Mat& use) {
  for (int y = 0, i = 0; y < use.rows; ++y)
    for (int x = 0; x < use.cols; ++x, ++i)
      // Every other pixel, as on a chessboard: neighbours in a blurred picture say nearly the same.
      if (use.at<uchar>(y, x) && !((x + y) & 1)) used_.push_back(3 * i);
  n_ = static_cast<double>(used_.size());
  for (const cv::Mat& a : as) {
    CV_Assert(a.type() == CV_32FC3 && a.isContinuous() && a.size() == use.size());
    const float* pa = a.ptr<float>();
    Side side;
    side.values.reserve(3 * used_.size());
    for (int o : used_)
      for (int k = 0; k < 3; ++k) {
        const float v = pa[o + k];
        side.values.push_back(v);
        side.sum[k] += v, side.squares[k] += v * v;
      }
    side.values.resize((side.values.size() + kLanes - 1) / kLanes * kLanes, 0.0f);
    as_.push_back(std::move(side));
  }
}

double MaskedSimilarity::operator()(const cv::Mat& b) const {
  if (n_ < 16 || as_.empty()) return 0;
  CV_Assert(b.isContinuous() && b.type() == CV_32FC3 && b.total() * 3 > size_t(used_.back()));
  const float* pb = b.ptr<float>();
  // b's used pixels gathered once, zero-padded to whole lane steps.
  const size_t padded = (3 * used_.size() + kLanes - 1) / kLanes * kLanes;
  thread_local std::vector<float> packed;
  packed.resize(padded);
  for (size_t j = 0; j < used_.size(); ++j)
    for (int k = 0; k < 3; ++k) packed[3 * j + k] = pb[used_[j] + k];
  std::fill(packed.begin() + 3 * used_.size(), packed.end(), 0.0f);
  float lb[kLanes] = {}, lbb[kLanes] = {};
  for (size_t j = 0; j < padded; j += kLanes)
    for (int l = 0; l < kLanes; ++l)
      lb[l] += packed[j + l], lbb[l] += packed[j + l] * packed[j + l];
  double sb[3] = {0, 0, 0}, sbb[3] = {0, 0, 0};
  for (int l = 0; l < kLanes; ++l) sb[l % 3] += lb[l], sbb[l % 3] += lbb[l];
  double best = -2;
  for (const Side& a : as_) {
    float lab[kLanes] = {};
    const float* pa = a.values.data();
    for (size_t j = 0; j < padded; j += kLanes)
      for (int l = 0; l < kLanes; ++l) lab[l] += pa[j + l] * packed[j + l];
    double sab[3] = {0, 0, 0};
    for (int l = 0; l < kLanes; ++l) sab[l % 3] += lab[l];
    double total = 0;
    for (int k = 0; k < 3; ++k) {
      double cov = sab[k] - a.sum[k] * sb[k] / n_, va = a.squares[k] - a.sum[k] * a.sum[k] / n_,
             vb = sbb[k] - sb[k] * sb[k] / n_;
      total += cov / std::sqrt(std::max(va, 1e-6) * std::max(vb, 1e-6));
    }
    best = std::max(best, total / 3);
  }
  return best;
}

namespace {

TileReference FromArt(int type, const cv::Mat& art) {
  TileReference r;
  r.type = type;
  r.mean_bgr = cv::mean(art);
  r.art = art;
  cv::Mat turned = art;
  for (int q = 0; q < 4; ++q) {
    r.glances[q] = TileDescriptor(turned, kGlanceSize);
    r.templates[q] = TileDescriptor(turned);
    r.details[q] = TileDescriptor(turned, kDetailSize);
    cv::Mat next;
    cv::rotate(turned, next, cv::ROTATE_90_CLOCKWISE);
    turned = next;
  }
  return r;
}

}  // namespace

Result<std::vector<TileReference>> LoadTileset(const std::string& dir, const TileCatalog& catalog) {
  if (!std::filesystem::is_directory(dir))
    return Fail("tile set folder " + dir + " does not exist");
  std::vector<TileReference> out;
  for (int t = 0; t < catalog.size(); ++t) {
    for (const char* ext : {".png", ".jpg", ".jpeg"}) {
      auto path = std::filesystem::path(dir) / (catalog.type(t).id + ext);
      if (!std::filesystem::exists(path)) continue;
      auto art = ReadImageFile(path.string(), "tile art");
      if (!art) return art.error();
      out.push_back(FromArt(t, *art));
      break;
    }
  }
  if (out.empty()) return Fail("no tile art (<id>.png or <id>.jpg) in " + dir);
  return out;
}

std::vector<TileReference> PaintedTileset(const TileCatalog& catalog) {
  std::vector<TileReference> out;
  for (int t = 0; t < catalog.size(); ++t)
    out.push_back(FromArt(t, PaintTile(catalog.type(t), 96)));
  return out;
}

}  // namespace cf
