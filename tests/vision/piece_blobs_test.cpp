#include "vision/piece_blobs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace cf {
namespace {

constexpr double kPpmm = 2.0;  // pixels per millimetre of the synthetic masks

cv::Point Px(double x_mm, double y_mm) {
  return {static_cast<int>(x_mm * kPpmm), static_cast<int>(y_mm * kPpmm)};
}

// One colour mask with the shapes `draw` paints, judged blob by blob.
std::vector<BlobVerdict> Judge(const std::string& color,
                               const std::function<void(cv::Mat&)>& draw) {
  cv::Mat mask(400, 400, CV_8U, cv::Scalar(0));
  draw(mask);
  std::vector<BlobVerdict> out;
  for (const Blob& b : ColourBlobs({{color, mask}})) out.push_back(JudgeBlob(b, kPpmm));
  return out;
}

// A meeple lying on its back, seen from above: head, arms, body and legs, 18 mm from head to feet.
void LyingMeeple(cv::Mat& mask, cv::Point2d at_mm) {
  auto p = [&](double x, double y) { return Px(at_mm.x + x, at_mm.y + y); };
  cv::circle(mask, p(0, -5), static_cast<int>(3.5 * kPpmm), cv::Scalar(255), cv::FILLED);
  std::vector<cv::Point> body = {p(-10, -2), p(10, -2),  p(10, 1.5), p(4, 2),
                                 p(8, 10),   p(1.5, 10), p(0, 6),    p(-1.5, 10),
                                 p(-8, 10),  p(-4, 2),   p(-10, 1.5)};
  cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{body}, cv::Scalar(255));
}

TEST(PieceBlobs, ADiscOfATokensSizeIsThatToken) {
  auto v = Judge("blue", [](cv::Mat& m) {
    cv::ellipse(m, Px(50, 50), cv::Size(25, 20), 30, 0, 360, cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].what, BlobVerdict::kToken);
  EXPECT_STREQ(v[0].token, "knockout");
  auto red = Judge("red", [](cv::Mat& m) {
    cv::circle(m, Px(60, 60), static_cast<int>(9.5 * kPpmm), cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(red.size(), 1u);
  EXPECT_STREQ(red[0].token, "catch");
}

// A meeple lying flat can have a token's outline (its face then tells it apart): taken for a
// follower, its confidence is a follower's, not the outline's fit to a token.
TEST(PieceBlobs, ATokensOutlineTakenForAFollowerHasAFollowersConfidence) {
  cv::Mat mask(400, 400, CV_8U, cv::Scalar(0));
  cv::circle(mask, Px(60, 60), static_cast<int>(10.9 * kPpmm), cv::Scalar(255), cv::FILLED);
  const auto blobs = ColourBlobs({{"yellow", mask}});
  ASSERT_EQ(blobs.size(), 1u);
  ASSERT_EQ(JudgeBlob(blobs[0], kPpmm).what, BlobVerdict::kToken);
  const BlobVerdict follower = JudgeAsFollower(blobs[0], kPpmm);
  EXPECT_EQ(follower.what, BlobVerdict::kFollower);
  EXPECT_EQ(follower.token, nullptr);
  // 373 mm2, far from a meeple's usual 250 mm2: less sure than a clean disc is of being a token.
  EXPECT_LT(follower.confidence, JudgeBlob(blobs[0], kPpmm).confidence);
  EXPECT_GT(follower.confidence, 0.5);
}

// A knockout token is oval: a round blue disc of its length (a poker chip beside the board) is not
// one.
TEST(PieceBlobs, ARoundBlueDiscIsNoKnockoutToken) {
  auto v = Judge("blue", [](cv::Mat& m) {
    cv::circle(m, Px(60, 60), static_cast<int>(12.5 * kPpmm), cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].what, BlobVerdict::kToken);
}

// A token off the board in a coarse, soft picture: its blur and shadow, up to two pixels all round,
// make it wider than the token by more than a quarter. Still that token.
TEST(PieceBlobs, ABlurredTokenIsStillThatToken) {
  auto v = Judge("red", [](cv::Mat& m) {
    cv::circle(m, Px(60, 60), static_cast<int>(12.25 * kPpmm), cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].what, BlobVerdict::kToken);
  EXPECT_STREQ(v[0].token, "catch");
}

TEST(PieceBlobs, AMeepleOfATokenColourIsAFollower) {
  for (const char* color : {"blue", "red", "green", "yellow", "black"}) {
    auto v = Judge(color, [](cv::Mat& m) { LyingMeeple(m, {60, 60}); });
    ASSERT_EQ(v.size(), 1u) << color;
    EXPECT_EQ(v[0].what, BlobVerdict::kFollower) << color;
  }
}

// Seen from above at a slant, a standing meeple is a smooth oval a little smaller than a token of
// its colour, and narrower: it is no token.
TEST(PieceBlobs, AnOvalNarrowerThanItsColoursTokenIsAFollower) {
  auto blue = Judge("blue", [](cv::Mat& m) {
    cv::ellipse(m, Px(60, 60), cv::Size(22, 16), 20, 0, 360, cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(blue.size(), 1u);
  EXPECT_EQ(blue[0].what, BlobVerdict::kFollower);
  auto red = Judge("red", [](cv::Mat& m) {
    cv::ellipse(m, Px(60, 60), cv::Size(22, 15), 70, 0, 360, cv::Scalar(255), cv::FILLED);
  });
  ASSERT_EQ(red.size(), 1u);
  EXPECT_EQ(red[0].what, BlobVerdict::kFollower);
}

// The blobs of one colour mask with the shapes `draw` paints.
std::vector<Blob> Blobs(const std::string& color, const std::function<void(cv::Mat&)>& draw) {
  cv::Mat mask(400, 400, CV_8U, cv::Scalar(0));
  draw(mask);
  return ColourBlobs({{color, mask}});
}

// The rim of a tile's side seen beside it, around a corner of the board: a thin bent strip of a
// meeple's area and extent, but hollow. No follower.
TEST(PieceBlobs, AStripAroundACornerIsNoFollower) {
  auto draw = [](cv::Mat& m) {
    cv::rectangle(m, Px(40, 40), Px(64, 43), cv::Scalar(255), cv::FILLED);
    cv::rectangle(m, Px(40, 40), Px(43, 58), cv::Scalar(255), cv::FILLED);
  };
  auto b = Blobs("green", draw);  // 33 x 16 mm, 117 mm2
  ASSERT_EQ(b.size(), 1u);
  ASSERT_LT(b[0].solidity, 0.5);
  auto v = Judge("green", draw);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].what, BlobVerdict::kNothing);
}

TEST(PieceBlobs, ACatchTokenTwoThirdsHiddenIsNoTokenAThirdHiddenIs) {
  const int r = static_cast<int>(19.1 / 2 * kPpmm);
  auto hidden = [&](double visible_deg) {  // the part of the disc a piece leaves in view
    return Blobs("red", [&](cv::Mat& m) {
      cv::ellipse(m, Px(60, 60), cv::Size(r, r), 0, 0, visible_deg, cv::Scalar(255), cv::FILLED);
    });
  };
  auto two_thirds = hidden(240);
  ASSERT_EQ(two_thirds.size(), 1u);
  EXPECT_STREQ(PartlyHiddenToken(two_thirds[0], kPpmm), "catch");
  auto a_third = hidden(120);
  ASSERT_EQ(a_third.size(), 1u);
  EXPECT_EQ(PartlyHiddenToken(a_third[0], kPpmm), nullptr);
}

TEST(PieceBlobs, NoColourButATokensIsAHiddenToken) {
  for (const char* color : {"black", "gray"}) {
    auto b = Blobs(color, [](cv::Mat& m) {
      cv::circle(m, Px(60, 60), static_cast<int>(9.5 * kPpmm), cv::Scalar(255), cv::FILLED);
    });
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(PartlyHiddenToken(b[0], kPpmm), nullptr) << color;
  }
}

// A knockout token (20 mm across its short axis) with a meeple lying against it holds the token's
// whole disc; two meeples lying side by side do not, though they cover as much of the table.
TEST(PieceBlobs, ATokensWholeDiscLiesInATokenAndMeepleNotInTwoMeeples) {
  auto widest = [](const std::function<void(cv::Mat&)>& draw) {
    cv::Mat mask(200, 200, CV_8U, cv::Scalar(0));
    draw(mask);
    auto blobs = ColourBlobs({{"blue", mask}});
    EXPECT_EQ(blobs.size(), 1u);
    return blobs.empty() ? DiscInBlob{} : WidestDisc(blobs[0], 10 * kPpmm);
  };
  DiscInBlob with_token = widest([](cv::Mat& m) {
    cv::ellipse(m, Px(40, 50), cv::Size(Px(12.4, 10)), 0, 0, 360, cv::Scalar(255), cv::FILLED);
    LyingMeeple(m, {60, 52});
  });
  EXPECT_GT(with_token.covered, 0.97);
  EXPECT_NEAR(with_token.centre.x / kPpmm, 40, 2.5);
  EXPECT_NEAR(with_token.centre.y / kPpmm, 50, 1.0);
  DiscInBlob two_meeples = widest([](cv::Mat& m) {
    LyingMeeple(m, {40, 50});
    LyingMeeple(m, {58, 50});
  });
  EXPECT_LT(two_meeples.covered, 0.9);
}

TEST(PieceBlobs, SpecksStripsAndSheetsAreNeitherTokensNorFollowers) {
  auto v = Judge("green", [](cv::Mat& m) {
    cv::circle(m, Px(20, 20), static_cast<int>(3 * kPpmm), cv::Scalar(255), cv::FILLED);
    cv::rectangle(m, Px(40, 40), Px(80, 44), cv::Scalar(255), cv::FILLED);      // a 4 mm strip
    cv::rectangle(m, Px(100, 100), Px(145, 145), cv::Scalar(255), cv::FILLED);  // a whole tile
  });
  ASSERT_EQ(v.size(), 3u);
  for (const auto& verdict : v) EXPECT_EQ(verdict.what, BlobVerdict::kNothing);
}

TEST(PieceBlobs, ATokenAndAMeepleThatTouchAreTwoBlobs) {
  cv::Mat mask(400, 400, CV_8U, cv::Scalar(0));
  cv::ellipse(mask, Px(50, 60), cv::Size(25, 20), 0, 0, 360, cv::Scalar(255), cv::FILLED);
  LyingMeeple(mask, {70, 60});  // its arm overlaps the knock-out token's rim
  const double split_px = 150 * kPpmm * kPpmm;
  ASSERT_EQ(ColourBlobs({{"blue", mask}}).size(), 1u) << "one patch of blue";
  auto parts = ColourBlobs({{"blue", mask}}, split_px);
  ASSERT_EQ(parts.size(), 2u);
  std::vector<BlobVerdict::What> seen;
  for (const auto& b : parts) seen.push_back(JudgeBlob(b, kPpmm).what);
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<BlobVerdict::What>{BlobVerdict::kFollower, BlobVerdict::kToken}));
  // A lone meeple is not cut at its neck, nor a lone token anywhere.
  cv::Mat one(400, 400, CV_8U, cv::Scalar(0));
  LyingMeeple(one, {60, 60});
  cv::circle(one, Px(150, 60), static_cast<int>(12 * kPpmm), cv::Scalar(255), cv::FILLED);
  EXPECT_EQ(ColourBlobs({{"green", one}}, split_px).size(), 2u);
}

TEST(PieceBlobs, BlobsAreMeasuredInWholePixels) {
  cv::Mat mask(200, 200, CV_8U, cv::Scalar(0));
  cv::rectangle(mask, cv::Rect(50, 60, 40, 20), cv::Scalar(255), cv::FILLED);
  auto blobs = ColourBlobs({{"red", mask}});
  ASSERT_EQ(blobs.size(), 1u);
  EXPECT_DOUBLE_EQ(blobs[0].area_px, 800);
  EXPECT_NEAR(blobs[0].centroid.x, 69.5, 1e-9);
  EXPECT_NEAR(blobs[0].centroid.y, 69.5, 1e-9);
  EXPECT_NEAR(blobs[0].long_px / blobs[0].short_px, 2.0, 0.05);
  EXPECT_NEAR(blobs[0].solidity, 1.0, 0.03);
}

TEST(PieceBlobs, TheLookupClassifiesAsTheColourModelDoes) {
  ColorModel model = ColorModel::Defaults();
  ColourLookup lookup(model);
  cv::Mat samples(1, 6, CV_8UC3);
  const cv::Vec3b colours[] = {{40, 40, 200},  {190, 90, 30},   {60, 150, 40},
                               {30, 215, 235}, {186, 214, 226}, {58, 148, 96}};
  for (int i = 0; i < 6; ++i) samples.at<cv::Vec3b>(0, i) = colours[i];
  cv::Mat classes = lookup.Classify(samples);
  for (int i = 0; i < 6; ++i) {
    std::string expected = model.Classify(colours[i]).first;
    int k = classes.at<uchar>(0, i);
    EXPECT_EQ(k ? lookup.names()[k - 1] : std::string(), expected) << i;
  }
}

TEST(PieceBlobs, ColoursTheArtNeverUsesAreUnprinted) {
  TileReference field;
  field.art = cv::Mat(64, 64, CV_8UC3, cv::Scalar(58, 148, 96));  // grass
  cv::rectangle(field.art, cv::Rect(20, 0, 10, 64), cv::Scalar(186, 214, 226), cv::FILLED);
  PrintedColours printed({field});
  cv::Mat seen(1, 4, CV_8UC3);
  seen.at<cv::Vec3b>(0, 0) = {60, 150, 98};    // grass, a little lighter
  seen.at<cv::Vec3b>(0, 1) = {186, 214, 226};  // the road
  seen.at<cv::Vec3b>(0, 2) = {60, 150, 40};    // a green meeple
  seen.at<cv::Vec3b>(0, 3) = {190, 90, 30};    // a blue one
  cv::Mat unprinted = printed.Unprinted(seen);
  EXPECT_EQ(unprinted.at<uchar>(0, 0), 0);
  EXPECT_EQ(unprinted.at<uchar>(0, 1), 0);
  EXPECT_EQ(unprinted.at<uchar>(0, 2), 255);
  EXPECT_EQ(unprinted.at<uchar>(0, 3), 255);
}

// Each colour's pixels within `where`, opened by a 3x3 cross: a speck or a one-pixel line dropped,
// pieces whole but for their sharp corners; the mask of every piece is the union of the colours'
// masks, even where two colours meet.
TEST(PieceBlobs, ColourMasksDropSpecksAndThePieceMaskIsTheirUnion) {
  const ColourLookup lookup(ColorModel::Defaults());
  const std::vector<std::string>& names = lookup.names();
  ASSERT_GE(names.size(), 2u);
  cv::Mat classes(60, 80, CV_8U, cv::Scalar(0)), where(60, 80, CV_8U, cv::Scalar(255));
  cv::rectangle(classes, cv::Rect(10, 10, 12, 9), cv::Scalar(1), cv::FILLED);  // a piece
  cv::rectangle(classes, cv::Rect(22, 10, 8, 9), cv::Scalar(2), cv::FILLED);   // touching it
  classes.at<uchar>(40, 40) = 1;                                               // a speck
  cv::line(classes, {50, 30}, {75, 30}, cv::Scalar(2));                        // a thin line
  cv::rectangle(classes, cv::Rect(50, 40, 10, 10), cv::Scalar(1), cv::FILLED);
  where(cv::Rect(50, 40, 10, 10)).setTo(0);  // a piece where none is looked for
  const auto masks = ColourMasks(classes, where, lookup);
  EXPECT_EQ(cv::countNonZero(masks.at(names[0])), 12 * 9 - 4);
  EXPECT_EQ(cv::countNonZero(masks.at(names[1])), 8 * 9 - 4);
  cv::Mat any(classes.size(), CV_8U, cv::Scalar(0));
  for (const auto& [name, m] : masks) any |= m;
  EXPECT_EQ(cv::countNonZero(PieceMask(classes, where, lookup) != any), 0);
}

// A meeple's part and the whole grown from another part share the part's pixels within the
// whole; two meeples side by side, their boxes overlapping, share none.
TEST(PieceBlobs, SharedPixelsAreThoseOfBothBlobs) {
  auto part = Blobs("gray", [](cv::Mat& m) { cv::circle(m, {100, 100}, 10, cv::Scalar(255), -1); });
  auto whole = Blobs("gray", [](cv::Mat& m) {
    cv::circle(m, {108, 100}, 16, cv::Scalar(255), -1);
  });
  auto beside = Blobs("gray", [](cv::Mat& m) {
    cv::circle(m, {122, 122}, 8, cv::Scalar(255), -1);  // its box meets the whole's, not the blob
  });
  ASSERT_EQ(part.size(), 1u);
  ASSERT_EQ(whole.size(), 1u);
  ASSERT_EQ(beside.size(), 1u);
  ASSERT_FALSE((cv::Rect(whole[0].at, whole[0].patch.size()) &
                cv::Rect(beside[0].at, beside[0].patch.size()))
                   .empty());
  cv::Mat both(400, 400, CV_8U, cv::Scalar(0)), other(400, 400, CV_8U, cv::Scalar(0));
  part[0].patch.copyTo(both(cv::Rect(part[0].at, part[0].patch.size())));
  whole[0].patch.copyTo(other(cv::Rect(whole[0].at, whole[0].patch.size())));
  const int shared = cv::countNonZero(both & other);
  ASSERT_GT(shared, 0);
  EXPECT_EQ(SharedPixels(part[0], whole[0]), shared);
  EXPECT_EQ(SharedPixels(whole[0], part[0]), shared);
  EXPECT_EQ(SharedPixels(part[0], beside[0]), 0);
  EXPECT_EQ(SharedPixels(whole[0], beside[0]), 0);
}

}  // namespace
}  // namespace cf
