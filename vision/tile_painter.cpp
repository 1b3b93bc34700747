#include "vision/tile_painter.h"

#include <opencv2/imgproc.hpp>
#include <random>

namespace cf {

namespace {

constexpr int kShift = 4;  // fixed-point bits for anti-aliased drawing

const cv::Scalar kFieldGreen(58, 148, 96);
const cv::Scalar kRoadPale(186, 214, 226);
const cv::Scalar kRoadEdge(120, 150, 170);
const cv::Scalar kCityOchre(70, 150, 196);
const cv::Scalar kWallBrown(40, 78, 118);
const cv::Scalar kRoofRed(48, 58, 168);
const cv::Scalar kShieldBlue(150, 70, 30);
const cv::Scalar kFairYellow(70, 205, 240);
const cv::Scalar kCloisterWall(150, 170, 190);

uint64_t Hash(const std::string& s, uint64_t seed) {
  uint64_t h = 1469598103934665603ull ^ seed;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

void FillPoly(cv::Mat& img, const std::vector<cv::Point>& pts, const cv::Scalar& color) {
  std::vector<std::vector<cv::Point>> polys{pts};
  cv::fillPoly(img, polys, color, cv::LINE_AA, kShift);
}

void Outline(cv::Mat& img, const std::vector<cv::Point>& pts, const cv::Scalar& color,
             int thickness) {
  std::vector<std::vector<cv::Point>> polys{pts};
  cv::polylines(img, polys, true, color, thickness, cv::LINE_AA, kShift);
}

cv::Point Px(Vec2 v, double size) {
  return {static_cast<int>(v.x * size * (1 << kShift)),
          static_cast<int>(v.y * size * (1 << kShift))};
}

// Grass: mottled green with short darker strokes.
void PaintGrass(cv::Mat& img, std::mt19937_64& rng) {
  cv::Mat noise(std::max(4, img.rows / 8), std::max(4, img.cols / 8), CV_32F);
  std::uniform_real_distribution<float> unit(-1, 1);
  for (int i = 0; i < noise.rows * noise.cols; ++i) noise.at<float>(i) = unit(rng);
  cv::Mat big;
  cv::resize(noise, big, img.size(), 0, 0, cv::INTER_CUBIC);
  std::vector<cv::Mat> ch;
  cv::split(img, ch);
  for (auto& c : ch) {
    cv::Mat f;
    c.convertTo(f, CV_32F);
    f += big * 14;
    f.convertTo(c, CV_8U);
  }
  cv::merge(ch, img);
  std::uniform_real_distribution<double> u(0, 1);
  int strokes = img.rows * img.cols / 60;
  for (int i = 0; i < strokes; ++i) {
    cv::Point a(static_cast<int>(u(rng) * img.cols), static_cast<int>(u(rng) * img.rows));
    cv::Point b = a + cv::Point(static_cast<int>((u(rng) - 0.5) * img.cols / 40),
                                -static_cast<int>(u(rng) * img.rows / 30));
    cv::line(img, a, b, u(rng) < 0.5 ? cv::Scalar(40, 120, 70) : cv::Scalar(80, 170, 120), 1,
             cv::LINE_AA);
  }
}

void PaintHouse(cv::Mat& img, Vec2 c, double w, double size, const cv::Scalar& wall,
                const cv::Scalar& roof) {
  std::vector<cv::Point> body = {
      Px({c.x - w, c.y - w * 0.2}, size), Px({c.x + w, c.y - w * 0.2}, size),
      Px({c.x + w, c.y + w * 0.8}, size), Px({c.x - w, c.y + w * 0.8}, size)};
  FillPoly(img, body, wall);
  std::vector<cv::Point> top = {Px({c.x - w * 1.2, c.y - w * 0.2}, size),
                                Px({c.x, c.y - w * 1.1}, size),
                                Px({c.x + w * 1.2, c.y - w * 0.2}, size)};
  FillPoly(img, top, roof);
  Outline(img, body, cv::Scalar(30, 40, 50), 1);
}

void PaintShield(cv::Mat& img, Vec2 c, double size) {
  double w = 0.06;
  std::vector<cv::Point> s = {Px({c.x - w, c.y - w}, size), Px({c.x + w, c.y - w}, size),
                              Px({c.x + w, c.y + w * 0.3}, size), Px({c.x, c.y + w * 1.2}, size),
                              Px({c.x - w, c.y + w * 0.3}, size)};
  FillPoly(img, s, kShieldBlue);
  Outline(img, s, cv::Scalar(235, 235, 235), std::max(1, static_cast<int>(size / 80)));
}

void PaintTentShape(cv::Mat& img, Vec2 c, double r, double size, const cv::Scalar& a,
                    const cv::Scalar& b) {
  for (int i = 0; i < 8; ++i) {
    double a0 = i * CV_PI / 4, a1 = (i + 1) * CV_PI / 4;
    std::vector<cv::Point> wedge = {Px(c, size),
                                    Px({c.x + r * std::cos(a0), c.y + r * std::sin(a0)}, size),
                                    Px({c.x + r * std::cos(a1), c.y + r * std::sin(a1)}, size)};
    FillPoly(img, wedge, i % 2 ? a : b);
  }
  cv::circle(img, Px(c, size), static_cast<int>(r * size * 0.18 * (1 << kShift)),
             cv::Scalar(30, 30, 30), -1, cv::LINE_AA, kShift);
}

}  // namespace

std::vector<cv::Point> ToPixels(const Polygon& poly, double size, int shift) {
  std::vector<cv::Point> out;
  for (const auto& v : poly)
    out.push_back(
        {static_cast<int>(v.x * size * (1 << shift)), static_cast<int>(v.y * size * (1 << shift))});
  return out;
}

cv::Mat PaintTile(const TileType& tile, int size, const PaintStyle& style) {
  // A print looks the same at any scale: small tiles are painted large, then reduced, so that a
  // house's outline stays a hair and does not swallow the house.
  constexpr int kPrintSize = 256;
  if (size < kPrintSize) {
    cv::Mat small;
    cv::resize(PaintTile(tile, kPrintSize, style), small, cv::Size(size, size), 0, 0,
               cv::INTER_AREA);
    return small;
  }
  // The grass varies with the style; where the houses stand is the tile's own, as on a printed
  // tile.
  std::mt19937_64 texture(Hash(tile.id, style.seed)), rng(Hash(tile.id, 0));
  std::uniform_real_distribution<double> u(0, 1);
  cv::Mat img(size, size, CV_8UC3, kFieldGreen);
  PaintGrass(img, texture);
  const double s = size;
  const int wall = std::max(1, size / 40);
  auto order = [](FeatureKind k) {
    switch (k) {
      case FeatureKind::kRoad:
        return 0;
      case FeatureKind::kCity:
        return 1;
      case FeatureKind::kFair:
        return 2;
      default:
        return 3;
    }
  };
  for (int pass = 0; pass < 4; ++pass) {
    for (const Feature& f : tile.features) {
      if (f.kind == FeatureKind::kField || order(f.kind) != pass) continue;
      switch (f.kind) {
        case FeatureKind::kRoad:
          for (const auto& poly : f.shapes) {
            auto pts = ToPixels(poly, s, kShift);
            FillPoly(img, pts, kRoadPale);
            Outline(img, pts, kRoadEdge, std::max(1, size / 90));
          }
          if (f.inn) {  // an inn by a lake
            Vec2 at = f.anchor;
            cv::ellipse(img, Px({at.x + 0.14, at.y - 0.14}, s),
                        cv::Size(size * 0.09 * 16, size * 0.06 * 16), 0, 0, 360,
                        cv::Scalar(200, 120, 40), -1, cv::LINE_AA, kShift);
            PaintHouse(img, {at.x - 0.12, at.y - 0.16}, 0.06, s, cv::Scalar(120, 170, 210),
                       kRoofRed);
          }
          break;
        case FeatureKind::kCity:
          for (const auto& poly : f.shapes) {
            auto pts = ToPixels(poly, s, kShift);
            FillPoly(img, pts, kCityOchre);
            Outline(img, pts, kWallBrown, wall);
            // Roofs scattered inside the city.
            cv::Rect box = cv::boundingRect(ToPixels(poly, s, 0));
            int roofs = static_cast<int>(cv::contourArea(ToPixels(poly, s, 0)) / (s * s) * 22);
            for (int i = 0; i < roofs; ++i) {
              Vec2 p{(box.x + u(rng) * box.width) / s, (box.y + u(rng) * box.height) / s};
              if (tile.feature_at(p) != &f - &tile.features[0]) continue;
              double w = 0.03 + u(rng) * 0.025;
              PaintHouse(img, p, w, s, cv::Scalar(150, 190, 215),
                         u(rng) < 0.7 ? kRoofRed : cv::Scalar(90, 90, 110));
            }
          }
          if (f.cathedral)
            PaintHouse(img, f.anchor, 0.12, s, cv::Scalar(170, 170, 175), cv::Scalar(90, 90, 100));
          for (int i = 0; i < f.shields; ++i)
            PaintShield(img, {f.anchor.x + 0.1 * i, f.anchor.y}, s);
          break;
        case FeatureKind::kFair:
          for (const auto& poly : f.shapes) FillPoly(img, ToPixels(poly, s, kShift), kFairYellow);
          PaintTentShape(img, f.anchor, 0.09, s, cv::Scalar(40, 40, 200),
                         cv::Scalar(235, 235, 235));
          break;
        case FeatureKind::kCloister: {
          auto pts = ToPixels(f.shapes.at(0), s, kShift);
          FillPoly(img, pts, kCloisterWall);
          Outline(img, pts, cv::Scalar(60, 70, 90), wall);
          PaintHouse(img, f.anchor, 0.09, s, cv::Scalar(170, 195, 215), kRoofRed);
          cv::line(img, Px({f.anchor.x, f.anchor.y - 0.16}, s),
                   Px({f.anchor.x, f.anchor.y - 0.08}, s), cv::Scalar(30, 30, 30),
                   std::max(1, size / 60), cv::LINE_AA, kShift);
          break;
        }
        case FeatureKind::kTent:
          PaintTentShape(img, f.anchor, 0.11, s, cv::Scalar(140, 40, 120),
                         cv::Scalar(60, 180, 230));
          break;
        case FeatureKind::kHut:
          PaintHouse(img, f.anchor, 0.06, s, cv::Scalar(60, 100, 140), cv::Scalar(40, 60, 80));
          break;
        case FeatureKind::kField:
          break;
      }
    }
  }
  cv::rectangle(img, cv::Rect(0, 0, size, size), cv::Scalar(40, 60, 50), std::max(1, size / 120));
  return img;
}

}  // namespace cf
