#include "engine/whole_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cf {

Result<std::string> ReadWholeFile(const std::string& path, const std::string& what) {
  auto refuse = [&](const std::string& why) {
    return Fail("cannot read " + (what.empty() ? "" : what + " ") + path +
                (why.empty() ? "" : ": " + why));
  };
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::is_directory(status)) return refuse("it is a folder");
  if (std::filesystem::is_character_file(status) || std::filesystem::is_block_file(status))
    return refuse("it is a device, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return refuse(std::filesystem::exists(status) ? "the file cannot be opened" : "");
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return refuse("");
  return text.str();
}

}  // namespace cf
