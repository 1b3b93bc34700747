#include "ui/tile_art.h"

#include <QPainter>
#include <QTransform>
#include <opencv2/imgproc.hpp>

namespace cf::ui {

TileArt::TileArt(const std::vector<TileReference>& tileset) {
  for (const TileReference& ref : tileset) {
    if (ref.art.empty()) continue;
    cv::Mat rgb;
    cv::resize(ref.art, rgb, {kTilePixels, kTilePixels}, 0, 0, cv::INTER_AREA);
    cv::cvtColor(rgb, rgb, cv::COLOR_BGR2RGB);
    art_[ref.type] = QImage(rgb.data, rgb.cols, rgb.rows, static_cast<qsizetype>(rgb.step),
                            QImage::Format_RGB888)
                         .copy();
  }
}

QPixmap TileArt::Turned(int type, int quarter_turns) const {
  const auto key = std::make_pair(type, quarter_turns & 3);
  if (auto it = turned_.find(key); it != turned_.end()) return it->second;
  QPixmap pixmap;
  if (auto it = art_.find(type); it != art_.end()) {
    pixmap = QPixmap::fromImage(it->second.transformed(QTransform().rotate(90.0 * key.second)));
  } else {
    pixmap = QPixmap(kTilePixels, kTilePixels);
    pixmap.fill(QColor(170, 170, 160));
  }
  return turned_[key] = pixmap;
}

}  // namespace cf::ui
