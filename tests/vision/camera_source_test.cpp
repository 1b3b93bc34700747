#include "vision/camera_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <opencv2/imgcodecs.hpp>

#include "tests/vision/test_folder.h"

namespace cf {
namespace {

// A folder a camera on a timer writes numbered pictures into.
class NumberedPicturesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cv::Mat picture(60, 80, CV_8UC3);
    cv::randu(picture, cv::Scalar::all(0), cv::Scalar::all(255));
    cv::imencode(".jpg", picture, jpeg_);
  }
  std::string Pattern() const { return (folder_.path() / "table_%03d.jpg").string(); }
  // Picture `number`, whole or only its first half (the camera still writing it).
  void Write(int number, bool whole = true) {
    char name[32];
    std::snprintf(name, sizeof name, "table_%03d.jpg", number);
    folder_.Write(name, jpeg_, whole ? jpeg_.size() : jpeg_.size() / 2);
  }

  TestFolder folder_;
  std::vector<uchar> jpeg_;
};

TEST_F(NumberedPicturesTest, ReadsAPictureAgainWhileTheCameraIsStillWritingIt) {
  Write(5);
  Write(6, false);
  auto camera = CameraSource::Open(Pattern());
  ASSERT_TRUE(camera) << camera.error().message;
  auto first = camera->Grab();
  ASSERT_TRUE(first) << first.error().message;  // the first there, not number 0
  EXPECT_EQ(first->cols, 80);
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto cut = camera->Grab();
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("table_006.jpg: the file is cut short"), std::string::npos)
        << cut.error().message;
  }
  Write(6);
  EXPECT_TRUE(camera->Grab());
  auto none = camera->Grab();
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("gives no picture"), std::string::npos);
}

TEST_F(NumberedPicturesTest, PassesOverAPictureCutShortOnceALaterOneIsThere) {
  Write(0, false);
  Write(1);
  auto camera = CameraSource::Open(Pattern());
  ASSERT_TRUE(camera) << camera.error().message;
  EXPECT_FALSE(camera->Grab());
  EXPECT_TRUE(camera->Grab());
}

// Numbered pictures stand in for a camera: the sample game frame by frame.
TEST(CameraSource, GivesFramesInTurnUntilTheyRunOut) {
  auto camera = CameraSource::Open(std::string(CF_SOURCE_DIR) + "/sample_images/sequence/%03d.jpg");
  ASSERT_TRUE(camera) << camera.error().message;
  for (int i = 0; i < 24; ++i) {
    auto frame = camera->Grab();
    ASSERT_TRUE(frame) << "frame " << i << ": " << frame.error().message;
    EXPECT_EQ(frame->cols, 1920);
    EXPECT_EQ(frame->type(), CV_8UC3);
  }
  auto none = camera->Grab();
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("gives no picture"), std::string::npos);
}

TEST(CameraSource, RefusesWhatDoesNotOpen) {
  for (const char* spec : {"/no/such/%03d.jpg", "/no/such/video.mp4", "99"}) {
    auto camera = CameraSource::Open(spec);
    ASSERT_FALSE(camera) << spec;
    EXPECT_EQ(camera.error().message, std::string("cannot open the camera ") + spec);
  }
}

}  // namespace
}  // namespace cf
