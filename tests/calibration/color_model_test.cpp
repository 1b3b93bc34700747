// Player colours: defaults that name the usual meeple colours, fitting, and rejection.

#include "calibration/color_model.h"

#include <gtest/gtest.h>

#include <limits>

namespace cf {
namespace {

TEST(ColorModel, DefaultsNameTheUsualMeepleColoursUnderDimAndBrightLight) {
  ColorModel m = ColorModel::Defaults();
  const std::vector<std::pair<std::string, cv::Vec3b>> paint = {
      {"red", {40, 40, 200}},     {"blue", {190, 90, 30}}, {"green", {60, 150, 40}},
      {"yellow", {30, 215, 235}}, {"black", {35, 35, 35}}, {"gray", {150, 150, 150}}};
  for (const auto& [name, bgr] : paint)
    for (double light : {0.7, 1.0, 1.15}) {
      cv::Vec3b lit(cv::saturate_cast<uchar>(bgr[0] * light),
                    cv::saturate_cast<uchar>(bgr[1] * light),
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

// Yellow-green grass under a warm lamp (test_45.jpg of the real photos) is far from a meeple's
// green; a green meeple in shade is not.
TEST(ColorModel, TellsHowFarAColourIsFromAPlayersColour) {
  ColorModel m = ColorModel::Defaults();
  EXPECT_NEAR(m.Distance("green", BgrToLab({60, 150, 40})), 0.0, 0.01);
  EXPECT_LT(m.Distance("green", BgrToLab({40, 105, 28})), 3.0) << "green in shade";
  // Lab (8-bit units) of a patch of grass read as a green follower there.
  EXPECT_GT(m.Distance("green", cv::Vec3d(176, 115, 171)), 3.0) << "yellow-green grass";
  EXPECT_EQ(m.Distance("purple", BgrToLab({60, 150, 40})), std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace cf
