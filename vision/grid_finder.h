#pragma once
// The tile grid in a top view: its direction, and the pitch and phase of the tile borders.

#include <initializer_list>
#include <opencv2/core.hpp>
#include <vector>

namespace cf {

// Direction of the grid in degrees (-45..45): the dominant gradient orientation modulo 90,
// refined to where the edges line up along the fewest columns and rows.
double GridAngle(const cv::Mat& grey, const cv::Mat& mask);
// Edge strength along columns (vertical lines) and rows (horizontal lines), where `valid` is set.
void EdgeProfiles(const cv::Mat& grey, const cv::Mat& valid, std::vector<double>& cols,
                  std::vector<double>& rows);
// Where the borders of tiles `period` pixels wide fall along a profile, 0..period.
double BestPhase(const std::vector<double>& p, double period);
// The lag in [lo, hi) at which the summed autocorrelation of `profiles` is strongest, the
// fundamental preferred over its multiples.
double StrongestPeriod(std::initializer_list<const std::vector<double>*> profiles, int lo, int hi);
// The period of the grid from the autocorrelation of both edge profiles (uncalibrated pictures),
// up to half the shorter one: a view framed round a board of a few tiles holds two or three.
double BestPeriod(const std::vector<double>& cols, const std::vector<double>& rows);

}  // namespace cf
