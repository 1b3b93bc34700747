#include "vision/tileset.h"

#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/tile_painter.h"

namespace cf {

cv::Mat Standardise(const cv::Mat& image, double floor) {
  cv::Mat f;
  image.convertTo(f, CV_MAKETYPE(CV_32F, image.channels()));
  cv::Scalar mean, sd;
  cv::meanStdDev(f, mean, sd);
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
    as_.push_back(std::move(side));
  }
}

double MaskedSimilarity::operator()(const cv::Mat& b) const {
  if (n_ < 16 || as_.empty()) return 0;
  CV_Assert(b.isContinuous() && b.type() == CV_32FC3 && b.total() * 3 > size_t(used_.back()));
  const float* pb = b.ptr<float>();
  std::vector<float> packed(3 * used_.size());  // b's used pixels, gathered once
  float sb[3] = {0, 0, 0}, sbb[3] = {0, 0, 0};
  for (size_t j = 0; j < used_.size(); ++j)
    for (int k = 0; k < 3; ++k) {
      const float v = pb[used_[j] + k];
      packed[3 * j + k] = v, sb[k] += v, sbb[k] += v * v;
    }
  double best = -2;
  for (const Side& a : as_) {
    float sab[3] = {0, 0, 0};
    for (size_t j = 0; j < packed.size(); j += 3)
      for (int k = 0; k < 3; ++k) sab[k] += a.values[j + k] * packed[j + k];
    double total = 0;
    for (int k = 0; k < 3; ++k) {
      double cov = sab[k] - a.sum[k] * sb[k] / n_, va = a.squares[k] - a.sum[k] * a.sum[k] / n_,
             vb = sbb[k] - double(sb[k]) * sb[k] / n_;
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
      cv::Mat art = cv::imread(path.string(), cv::IMREAD_COLOR);
      if (art.empty()) return Fail("cannot read tile art " + path.string());
      out.push_back(FromArt(t, art));
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
