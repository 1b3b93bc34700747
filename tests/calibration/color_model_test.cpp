// Player colours: defaults that name the usual meeple colours, fitting, and rejection.

#include <gtest/gtest.h>

#include "calibration/color_model.h"

namespace cf {
namespace {

TEST(ColorModel, DefaultsNameTheUsualMeepleColoursUnderDimAndBrightLight) {
  ColorModel m = ColorModel::Defaults();
  const std::vector<std::pair<std::string, cv::Vec3b>> paint = {
      {"red", {40, 40, 200}}, {"blue", {190, 90, 30}}, {"green", {60, 150, 40}},
      {"yellow", {30, 215, 235}}, {"black", {35, 35, 35}}, {"gray", {150, 150, 150}}};
  for (const auto& [name, bgr] : paint)
    for (double light : {0.7, 1.0, 1.15}) {
      cv::Vec3b lit(cv::saturate_cast<uchar>(bgr[0] * light), cv::saturate_cast<uchar>(bgr[1] * light),
                    cv::saturate_cast<uchar>(bgr[2] * light));
      EXPECT_EQ(m.Classify(lit).first, name) << name << " at light " << light;
    }
}

TEST(ColorModel, RejectsColoursThatAreNoPlayer) {
  ColorModel m = ColorModel::Defaults();
  EXPECT_EQ(m.Classify({200, 40, 200}).first, "") << "magenta";
  EXPECT_EQ(m.Classify({240, 240, 240}).first, "") << "white";
}

TEST(ColorModel, FittingLearnsAnUnusualShade) {
  ColorModel m = ColorModel::Defaults();
  cv::Vec3b pink(190, 150, 240);
  EXPECT_NE(m.Classify(pink).first, "red");
  std::vector<cv::Vec3b> samples;
  for (int i = 0; i < 40; ++i) samples.push_back(cv::Vec3b(190 + i % 5, 150 - i % 7, 240 - i % 3));
  m.Fit("red", samples);
  EXPECT_EQ(m.Classify(pink).first, "red");
}

}  // namespace
}  // namespace cf
