#include "engine/whole_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/game_record.h"
#include "engine/tile_catalog.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

TEST(WholeFile, ReadsARegularFileWhole) {
  const fs::path path = fs::temp_directory_path() / "cf_text_file_whole.json";
  std::ofstream(path, std::ios::binary) << "{\"format\": 1}\n\0tail";
  auto text = ReadWholeFile(path.string());
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, "{\"format\": 1}\n");
  fs::remove(path);
}

TEST(WholeFile, SaysWhyAFileCannotBeRead) {
  EXPECT_EQ(ReadWholeFile("/no/such/game.json").error().message, "cannot read /no/such/game.json");
  const std::string folder = fs::temp_directory_path().string();
  EXPECT_EQ(ReadWholeFile(folder, "labels").error().message,
            "cannot read labels " + folder + ": it is a folder");
}

// A device never ends: read, it would fill the memory; it is refused before.
TEST(WholeFile, RefusesADeviceAsAGameRecordOrACatalog) {
  auto catalog = TileCatalog::Load(CF_CATALOG_PATH);
  ASSERT_TRUE(catalog) << catalog.error().message;
  EXPECT_EQ(LoadGameRecord("/dev/zero", *catalog).error().message,
            "cannot read /dev/zero: it is a device, not a file");
  EXPECT_EQ(TileCatalog::Load("/dev/zero").error().message,
            "cannot read tile catalog /dev/zero: it is a device, not a file");
}

}  // namespace
}  // namespace cf
