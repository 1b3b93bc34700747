// catapult-fair-ui: the shared screen of a game at the table.

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTimer>
#include <cstdio>
#include <opencv2/core/utils/logger.hpp>

#include "ui/main_window.h"

namespace {

int BadInput(const std::string& why) {
  std::fprintf(stderr, "catapult-fair-ui: %s\n", cf::OneLine(why).c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);  // errors are ours
  QApplication app(argc, argv);
  QApplication::setApplicationName("catapult-fair-ui");
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "The shared screen of a Carcassonne game with The Catapult: board, scores, the game record,\n"
      "turns read from photos of the table, and the referee's calls on catapult throws.");
  parser.addHelpOption();
  parser.addPositionalArgument("game", "a game record to open (catapult-fair/game@1)",
                               "[GAME.json]");
  const QCommandLineOption tileset(
      "tileset", "reference art of the tiles, <id>.png (default: the painted set)", "DIR");
  const QCommandLineOption calibration("calibration", "the camera's calibration file", "FILE");
  const QCommandLineOption move("move", "show the position after N moves", "N");
  const QCommandLineOption photo("photo", "show what the reader sees on a photo", "IMAGE");
  const QCommandLineOption read_turn("read-turn", "propose the turn a photo shows", "IMAGE");
  const QCommandLineOption referee(
      "referee", "call a throw: the photos before and after it, the token, the thrower's colour",
      "BEFORE,AFTER,TOKEN[,THROWER]");
  const QCommandLineOption screenshot("screenshot", "save the window as a picture and quit", "PNG");
  parser.addOptions({tileset, calibration, move, photo, read_turn, referee, screenshot});
  parser.process(app);

  auto catalog = cf::TileCatalog::LoadDefault();
  if (!catalog) return BadInput(catalog.error().message);
  std::vector<cf::TileReference> art;
  if (parser.isSet(tileset)) {
    auto loaded = cf::LoadTileset(parser.value(tileset).toStdString(), *catalog);
    if (!loaded) return BadInput(loaded.error().message);
    art = std::move(loaded).value();
  } else {
    art = cf::PaintedTileset(*catalog);
  }
  std::optional<cf::Calibration> camera;
  if (parser.isSet(calibration)) {
    auto loaded = cf::LoadCalibration(parser.value(calibration).toStdString());
    if (!loaded) return BadInput(loaded.error().message);
    camera = std::move(loaded).value();
  }

  cf::ui::MainWindow window(*catalog, std::move(art), std::move(camera));
  if (!parser.positionalArguments().isEmpty())
    if (auto s = window.OpenGame(parser.positionalArguments().front()); !s)
      return BadInput(s.error().message);
  if (parser.isSet(move)) {
    bool number = false;
    const int n = parser.value(move).toInt(&number);
    if (!number || n < 0 || n > window.session().move_count())
      return BadInput("--move must be a move number from 0 to " +
                      std::to_string(window.session().move_count()));
    window.session().GoTo(n);
  }
  if (parser.isSet(read_turn))
    if (auto s = window.ReadTurn(parser.value(read_turn)); !s) return BadInput(s.error().message);
  if (parser.isSet(photo))
    if (auto s = window.ShowPhoto(parser.value(photo)); !s) return BadInput(s.error().message);
  if (parser.isSet(referee)) {
    const QStringList parts = parser.value(referee).split(',');
    const auto token =
        parts.size() >= 3 ? cf::ParseTokenKind(parts[2].toStdString()) : std::nullopt;
    if (parts.size() < 3 || parts.size() > 4 || !token)
      return BadInput(
          "--referee takes BEFORE,AFTER,TOKEN[,THROWER] with a token kind knockout, "
          "seduction, target or catch");
    const std::string thrower = parts.size() == 4 ? parts[3].toStdString() : "";
    if (auto s = window.RefereeThrow(parts[0], parts[1], *token, thrower); !s)
      return BadInput(s.error().message);
  }
  window.show();
  if (parser.isSet(screenshot)) {
    const QString out = parser.value(screenshot);
    int code = 0;
    QTimer::singleShot(300, &window, [&] {
      if (!window.grab().save(out)) code = BadInput("cannot write " + out.toStdString());
      app.quit();
    });
    app.exec();
    return code;
  }
  return app.exec();
}
