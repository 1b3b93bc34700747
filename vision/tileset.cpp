#include "vision/tileset.h"

#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/tile_painter.h"

namespace cf {

cv::Mat TileDescriptor(const cv::Mat& patch, int size) {
  cv::Mat small, f;
  cv::resize(patch, small, cv::Size(size, size), 0, 0, size < patch.cols ? cv::INTER_AREA : cv::INTER_LINEAR);
  cv::GaussianBlur(small, small, cv::Size(3, 3), 0.8);
  small.convertTo(f, CV_32FC3);
  std::vector<cv::Mat> ch;
  cv::split(f, ch);
  for (auto& c : ch) {
    cv::Scalar mean, sd;
    cv::meanStdDev(c, mean, sd);
    c = (c - mean[0]) / std::max(4.0, sd[0]);
  }
  cv::merge(ch, f);
  return f;
}

double Similarity(const cv::Mat& a, const cv::Mat& b) {
  return a.dot(b) / (static_cast<double>(a.total()) * 3);
}

double MaskedSimilarity(const cv::Mat& a, const cv::Mat& b, const cv::Mat& use) {
  double n = 0, sa[3] = {}, sb[3] = {}, saa[3] = {}, sbb[3] = {}, sab[3] = {};
  for (int y = 0; y < a.rows; ++y) {
    const cv::Vec3f* pa = a.ptr<cv::Vec3f>(y);
    const cv::Vec3f* pb = b.ptr<cv::Vec3f>(y);
    const uchar* u = use.ptr<uchar>(y);
    for (int x = 0; x < a.cols; ++x) {
      if (!u[x]) continue;
      ++n;
      for (int k = 0; k < 3; ++k) {
        double va = pa[x][k], vb = pb[x][k];
        sa[k] += va, sb[k] += vb, saa[k] += va * va, sbb[k] += vb * vb, sab[k] += va * vb;
      }
    }
  }
  if (n < 16) return 0;
  double total = 0;
  for (int k = 0; k < 3; ++k) {
    double cov = sab[k] - sa[k] * sb[k] / n, va = saa[k] - sa[k] * sa[k] / n, vb = sbb[k] - sb[k] * sb[k] / n;
    total += cov / std::sqrt(std::max(va, 1e-6) * std::max(vb, 1e-6));
  }
  return total / 3;
}

namespace {

TileReference FromArt(int type, const cv::Mat& art) {
  TileReference r;
  r.type = type;
  r.mean_bgr = cv::mean(art);
  r.art = art;
  cv::Mat turned = art;
  for (int q = 0; q < 4; ++q) {
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
  if (!std::filesystem::is_directory(dir)) return Fail("tile set folder " + dir + " does not exist");
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
  for (int t = 0; t < catalog.size(); ++t) out.push_back(FromArt(t, PaintTile(catalog.type(t), 96)));
  return out;
}

}  // namespace cf
