#include "vision/camera_source.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

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
