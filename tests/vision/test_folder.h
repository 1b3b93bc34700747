#pragma once
// A folder of one test's own under the system's temporary one, and files written into it.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace cf {

// A folder named after the running test, empty when made and removed with the object.
class TestFolder {
 public:
  TestFolder() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("cf_" + std::string(test->test_suite_name()) + "_" + test->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TestFolder() { std::filesystem::remove_all(path_); }
  TestFolder(const TestFolder&) = delete;
  TestFolder& operator=(const TestFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Writes the first `size` of `bytes` (all of them by default) to `name`; returns its path.
  std::string Write(const std::string& name, const std::vector<unsigned char>& bytes,
                    size_t size = std::string::npos) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(std::min(size, bytes.size())));
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

}  // namespace cf
