#pragma once
// The median of a sample, as the readers take it.

#include <algorithm>
#include <cassert>
#include <vector>

namespace cf {

// The middle value (the upper of the two middle ones); `v` must not be empty.
inline double Median(std::vector<double> v) {
  assert(!v.empty());
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

}  // namespace cf
