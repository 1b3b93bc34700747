// GoogleTest's main with a QApplication, which widgets and pixmaps need.

#include <gtest/gtest.h>

#include <QApplication>
#include <opencv2/core/utils/logger.hpp>

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  // Headless unless told otherwise: the tests need no screen.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  return RUN_ALL_TESTS();
}
