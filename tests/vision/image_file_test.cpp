#include "vision/image_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "engine/tile_catalog.h"
#include "tests/vision/test_folder.h"
#include "vision/tileset.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

// Picture files written into a folder of the test's own.
class ImageFileTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::vector<uchar>& bytes) {
    return folder_.Write(name, bytes);
  }

  TestFolder folder_;
  const fs::path& dir_ = folder_.path();
};

// A picture with detail everywhere, so that its compressed data is long.
cv::Mat Picture(int cols, int rows) {
  cv::Mat picture(rows, cols, CV_8UC3);
  cv::randu(picture, cv::Scalar::all(0), cv::Scalar::all(255));
  cv::rectangle(picture, {cols / 4, rows / 4, cols / 2, rows / 2}, cv::Scalar(30, 160, 40),
                cv::FILLED);
  return picture;
}

std::vector<uchar> Encoded(const cv::Mat& picture, const std::string& ext) {
  std::vector<uchar> bytes;
  cv::imencode(ext, picture, bytes);
  return bytes;
}

std::vector<uchar> FirstBytes(const std::vector<uchar>& bytes, size_t n) {
  return {bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)};
}

// The JPEG with an EXIF segment put after its start marker: `tiff` is the segment's TIFF data.
std::vector<uchar> WithExif(const std::vector<uchar>& jpeg, const std::vector<uchar>& tiff) {
  std::vector<uchar> segment = {0xFF, 0xE1, 0, 0, 'E', 'x', 'i', 'f', 0, 0};
  segment.insert(segment.end(), tiff.begin(), tiff.end());
  const size_t length = segment.size() - 2;
  segment[2] = static_cast<uchar>(length >> 8), segment[3] = static_cast<uchar>(length & 0xFF);
  std::vector<uchar> out = jpeg;
  out.insert(out.begin() + 2, segment.begin(), segment.end());
  return out;
}

TEST_F(ImageFileTest, ReadsWholeJpegAndPngFiles) {
  const cv::Mat picture = Picture(160, 90);
  for (const char* ext : {".jpg", ".png"}) {
    auto read = ReadImageFile(Write(std::string("table") + ext, Encoded(picture, ext)));
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->size(), picture.size());
    EXPECT_EQ(read->type(), CV_8UC3);
  }
}

// A camera or a copy still writing the file: refused, not decoded half grey.
TEST_F(ImageFileTest, RefusesJpegAndPngFilesCutShort) {
  const cv::Mat picture = Picture(160, 90);
  for (const char* ext : {".jpg", ".png"}) {
    const std::vector<uchar> whole = Encoded(picture, ext);
    for (size_t kept : {whole.size() / 2, whole.size() - 2}) {
      const std::string path = Write(std::string("cut") + ext, FirstBytes(whole, kept));
      auto read = ReadImageFile(path);
      ASSERT_FALSE(read) << ext << " cut to " << kept << " of " << whole.size() << " bytes";
      EXPECT_EQ(read.error().message,
                "cannot read image " + path +
                    ": the file is cut short (is a camera or a copy still writing it?)");
    }
  }
}

TEST_F(ImageFileTest, ReadsAJpegWithBytesAfterItsEnd) {
  std::vector<uchar> bytes = Encoded(Picture(160, 90), ".jpg");
  bytes.insert(bytes.end(), {0, 0, 'm', 'a', 'k', 'e', 'r', 0});
  auto read = ReadImageFile(Write("trailer.jpg", bytes));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->cols, 160);
}

// Phone photos carry a small whole JPEG in their EXIF data: its end marker is not the photo's.
TEST_F(ImageFileTest, RefusesAJpegCutShortWhoseThumbnailIsWhole) {
  const std::vector<uchar> thumbnail = Encoded(Picture(16, 9), ".jpg");
  std::vector<uchar> tiff = {'I', 'I', 0x2A, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  tiff.insert(tiff.end(), thumbnail.begin(), thumbnail.end());
  const std::vector<uchar> photo = WithExif(Encoded(Picture(160, 90), ".jpg"), tiff);
  ASSERT_TRUE(ReadImageFile(Write("whole.jpg", photo)));
  auto read = ReadImageFile(Write("cut.jpg", FirstBytes(photo, photo.size() - 100)));
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("cut short"), std::string::npos) << read.error().message;
}

// A phone held upright writes the sensor's picture with an EXIF turn: read as it was held.
TEST_F(ImageFileTest, TurnsAPictureAsItsExifOrientationSays) {
  // One IFD entry: orientation (0x0112), SHORT, count 1, value 6 (turned a quarter clockwise).
  const std::vector<uchar> tiff = {'I', 'I', 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3,
                                   0,   1,   0,    0, 0, 6, 0, 0, 0, 0, 0,    0,    0};
  auto read =
      ReadImageFile(Write("upright.jpg", WithExif(Encoded(Picture(160, 90), ".jpg"), tiff)));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->cols, 90);
  EXPECT_EQ(read->rows, 160);
}

TEST_F(ImageFileTest, SaysWhyAFileIsNoPicture) {
  const std::string missing = (dir_ / "missing.jpg").string();
  EXPECT_EQ(ReadImageFile(missing).error().message,
            "cannot read image " + missing + ": no such file");
  EXPECT_EQ(ReadImageFile(dir_.string(), "the before image").error().message,
            "cannot read the before image " + dir_.string() + ": it is a folder");
  EXPECT_EQ(ReadImageFile("/dev/zero").error().message,
            "cannot read image /dev/zero: it is a device, not a file");
  const std::string empty = Write("empty.jpg", {});
  EXPECT_EQ(ReadImageFile(empty).error().message,
            "cannot read image " + empty + ": the file is empty");
  const std::string text =
      Write("notes.jpg", {'n', 'o', 't', ' ', 'a', ' ', 'p', 'h', 'o', 't', 'o'});
  EXPECT_EQ(
      ReadImageFile(text).error().message,
      "cannot read image " + text + ": not a picture (JPEG, PNG or another format OpenCV reads)");
}

TEST_F(ImageFileTest, RefusesATileSetWhoseArtIsCutShort) {
  auto catalog = TileCatalog::Load(CF_CATALOG_PATH);
  ASSERT_TRUE(catalog) << catalog.error().message;
  const std::vector<uchar> art = Encoded(Picture(128, 128), ".png");
  Write("D.png", art);
  const std::string cut = Write("E.png", FirstBytes(art, art.size() / 2));
  auto tileset = LoadTileset(dir_.string(), *catalog);
  ASSERT_FALSE(tileset);
  EXPECT_EQ(tileset.error().message, "cannot read tile art " + cut +
                                         ": the file is cut short (is a camera or a copy still "
                                         "writing it?)");
}

}  // namespace
}  // namespace cf
