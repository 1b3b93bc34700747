// The tile painter draws what the catalog's geometry says, at any size.

#include "vision/tile_painter.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

TEST(TilePainter, FeaturesAppearWhereTheCatalogPutsThem) {
  for (int size : {64, 200}) {
    for (const auto& t : VisionCatalog().types()) {
      cv::Mat img = PaintTile(t, size);
      ASSERT_EQ(img.rows, size);
      for (int p = 0; p < kEdgePointCount; ++p) {
        const Feature& f = t.features[t.feature_at_point[p]];
        Vec2 at = PointPosition(p);
        Vec2 in{at.x + (0.5 - at.x) * 0.12, at.y + (0.5 - at.y) * 0.12};
        cv::Vec3b c =
            img.at<cv::Vec3b>(static_cast<int>(in.y * size), static_cast<int>(in.x * size));
        if (f.kind == FeatureKind::kField) {
          EXPECT_GT(c[1], c[2]) << t.id << " " << PointName(p) << ": fields are green";
        } else if (f.kind == FeatureKind::kRoad) {
          EXPECT_GT(c[0] + c[1] + c[2], 450) << t.id << " " << PointName(p) << ": roads are pale";
        }
      }
    }
  }
}

TEST(TilePainter, SameTileSameImageAndRotationsDiffer) {
  const TileType& d = VisionCatalog().type(VisionCatalog().find("D"));
  cv::Mat a = PaintTile(d, 96), b = PaintTile(d, 96);
  EXPECT_EQ(cv::norm(a, b, cv::NORM_INF), 0);
  cv::Mat r;
  cv::rotate(a, r, cv::ROTATE_90_CLOCKWISE);
  EXPECT_GT(cv::norm(a, r, cv::NORM_L1) / a.total(), 20)
      << "the art is not symmetric under a quarter turn";
}

// A printed tile's houses stand where they stand: another style changes the grass, never the city.
TEST(TilePainter, TheStyleVariesTheGrassNotWhereTheHousesStand) {
  const TileType& e = VisionCatalog().type(VisionCatalog().find("E"));
  const int size = 200;
  cv::Mat a = PaintTile(e, size, {0}), b = PaintTile(e, size, {7});
  double city_diff = 0, field_diff = 0;
  int city = 0, field = 0;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      int f = e.feature_at({(x + 0.5) / size, (y + 0.5) / size});
      if (f < 0) continue;
      cv::Vec3b p = a.at<cv::Vec3b>(y, x), q = b.at<cv::Vec3b>(y, x);
      double d = std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]);
      if (e.features[f].kind == FeatureKind::kCity) city_diff += d, ++city;
      if (e.features[f].kind == FeatureKind::kField) field_diff += d, ++field;
    }
  ASSERT_GT(city, 1000);
  EXPECT_LT(city_diff / city, 1.0) << "the houses moved";
  EXPECT_GT(field_diff / field, 5.0) << "the grass is the same";
}

// One print at every scale: a small tile is the large one reduced, not a coarser drawing whose
// outlines swallow the houses.
TEST(TilePainter, ASmallTileIsTheLargePrintReduced) {
  const TileType& d = VisionCatalog().type(VisionCatalog().find("D"));
  for (int size : {48, 70, 96}) {
    cv::Mat large = PaintTile(d, 256), reduced;
    cv::resize(large, reduced, cv::Size(size, size), 0, 0, cv::INTER_AREA);
    EXPECT_LT(cv::norm(PaintTile(d, size), reduced, cv::NORM_L1) / (3.0 * size * size), 1.0)
        << size;
  }
}

}  // namespace
}  // namespace cf::testing
