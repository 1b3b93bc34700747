// The tile painter draws what the catalog's geometry says, at any size.

#include <gtest/gtest.h>

#include "tests/vision/vision_test_support.h"
#include "vision/tile_painter.h"

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
        cv::Vec3b c = img.at<cv::Vec3b>(static_cast<int>(in.y * size), static_cast<int>(in.x * size));
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
  EXPECT_GT(cv::norm(a, r, cv::NORM_L1) / a.total(), 20) << "the art is not symmetric under a quarter turn";
}

}  // namespace
}  // namespace cf::testing
