#pragma once
// Pictures made from tile art, kept from picture to picture: a camera on a stand sees the board at
// the same pitch frame after frame, and the art's templates need not be made again.

#include <compare>
#include <functional>
#include <opencv2/core.hpp>

namespace cf {

// Which picture is kept: what it is made for, of which art (by its pixels' address), turned and
// sized how.
struct KeptArtKey {
  enum class Purpose {
    kArtAtPitch,
    kSmoothedArt,
    kFineArt,
    kFineTemplate,
    kGreyTemplate,
    kBlurred,
    kTellingApart,
    kAddedDetail,
    kColours,
    kShrunk
  };
  Purpose purpose;
  const uchar* art = nullptr;
  const uchar* other_art = nullptr;  // a second art the picture is made of, if any
  int turn = 0, other_turn = 0, size = 0, inset = 0;
  double pitch = 0;  // exact: pictures made at another pitch differ
  auto operator<=>(const KeptArtKey&) const = default;
};

// The picture `make` gives for `key`, made once and then kept with `art` and `other_art`, whose
// pixels' addresses are in the key: while they are kept, no other art is given those addresses.
// Safe to call from several threads; `make` may itself call KeptArt.
cv::Mat KeptArt(const KeptArtKey& key, const cv::Mat& art, const cv::Mat& other_art,
                const std::function<cv::Mat()>& make);

}  // namespace cf
