#include "vision/kept_art.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

namespace cf {

namespace {

// Beyond this many bytes of pictures, those used longest ago are let go until half is left: a
// board's pictures at one pitch take some 10 MB.
constexpr size_t kMostKeptBytes = size_t{128} << 20;

struct Kept {
  cv::Mat picture, art, other_art;
  size_t bytes = 0;
  long long used = 0;  // when last asked for (the store's count of requests)
};

struct Store {
  std::mutex mutex;
  std::map<KeptArtKey, Kept> entries;
  size_t bytes = 0;
  long long requests = 0;

  void MakeRoom(size_t wanted) {
    if (bytes + wanted <= kMostKeptBytes) return;
    std::vector<std::pair<long long, KeptArtKey>> by_use;
    for (const auto& [key, kept] : entries) by_use.emplace_back(kept.used, key);
    std::sort(by_use.begin(), by_use.end());
    for (const auto& [used, key] : by_use) {
      if (bytes + wanted <= kMostKeptBytes / 2) break;
      auto it = entries.find(key);
      bytes -= it->second.bytes;
      entries.erase(it);
    }
  }
};

Store& TheStore() {
  static Store store;
  return store;
}

}  // namespace

cv::Mat KeptArt(const KeptArtKey& key, const cv::Mat& art, const cv::Mat& other_art,
                const std::function<cv::Mat()>& make) {
  Store& store = TheStore();
  {
    std::lock_guard<std::mutex> lock(store.mutex);
    if (auto it = store.entries.find(key); it != store.entries.end()) {
      it->second.used = ++store.requests;
      return it->second.picture;
    }
  }
  cv::Mat picture = make();  // unlocked: the maker may ask for other kept pictures
  std::lock_guard<std::mutex> lock(store.mutex);
  const size_t bytes = picture.total() * picture.elemSize();
  if (auto it = store.entries.find(key); it != store.entries.end()) return it->second.picture;
  store.MakeRoom(bytes);
  store.entries.emplace(key, Kept{picture, art, other_art, bytes, ++store.requests});
  store.bytes += bytes;
  return picture;
}

}  // namespace cf
