// A file made for one game is no file of another: programs, grammars,
// labelled positions, start boards, models and game records made for each
// of several games (two boards of one family among them) are offered to
// every other game, and each is refused at a location in the file, before
// any work (issue 65: a 5 x 4 drop game's program ran on a 6 x 6 game and
// reported 0% mistakes).

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "test_support.hpp"

namespace {

using Catch::Matchers::Contains;
using evalsynth::GameDescriptor;

struct GameFiles {
  std::string game, program, grammar, positions, boards, model, record;
};

GameFiles make_files(const test::ScratchFolder& dir, const std::string& game, const std::string& tag) {
  const GameDescriptor d = evalsynth::parse_game(game);
  const bool default_family = d.family == evalsynth::kDefaultFamily;
  const std::string line = default_family ? "" : "game " + d.text() + "\n";
  GameFiles f{game,
              dir / (tag + ".eval"),
              dir / (tag + ".grammar"),
              dir / (tag + ".positions"),
              dir / (tag + ".boards"),
              dir / ("results/" + tag + "/model.bin"),
              dir / (tag + "-games.tsv")};
  test::write_file(f.program, line + "0\n");
  test::write_file(f.grammar, evalsynth::default_grammar_text(d));
  // The start position (Connect4's boards are move strings: its first move).
  test::write_file(f.boards, line + (default_family ? "4\n" : "-\n"));
  // Appended: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
  const std::string quoted = std::string("'").append(d.text()).append("'");
  const test::Run positions = test::run_evalsynth("positions --game " + quoted + " --count 3 --seed 2 --output " +
                                                  f.positions + (default_family ? " --plies 30-34" : ""));
  INFO(positions.output);
  REQUIRE(positions.exit_code == 0);
  test::write_file(dir / (tag + ".spec"), "name = " + tag + "\ngame = " + d.text() +
                                              "\nlearner = ntuple\ngames = 20\ncurve-every = 20\nseed = 1\n");
  const test::Run learned = test::run_evalsynth("learn " + tag + ".spec", dir.path.string());
  INFO(learned.output);
  REQUIRE(learned.exit_code == 0);
  const test::Run played =
      test::run_evalsynth("match --game " + quoted + " --x random --o random --games 2 --record " + f.record);
  INFO(played.output);
  REQUIRE(played.exit_code == 0);
  return f;
}

// The command fails with an input error located in `file`, and writes nothing.
void refused(const std::string& command, const std::string& file) {
  const test::Run r = test::run_evalsynth(command);
  INFO(command << "\n" << r.output);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains(file + ":") && Contains(": error: "));
}

}  // namespace

TEST_CASE(
    "a file of one game is refused by every other game, and by other boards of its family, where it names its game",
    "[cli][games][errors]") {
  test::ScratchFolder dir("game-files");
  const std::vector<std::pair<std::string, std::string>> games = {
      {"mnk(5,4,3,drop)", "drop543"}, {"mnk(5,5,4,drop,across,up)", "drop554"}, {"adjacent4(5,4)", "adj54"},
      {"modnim(10,3)", "nim10"},      {"checkers(4,12)", "checkers4"},          {"connect4", "connect4"}};
  std::vector<GameFiles> files;
  for (const auto& [game, tag] : games) files.push_back(make_files(dir, game, tag));
  for (const GameFiles& of : files)
    for (const GameFiles& to : files) {
      if (of.game == to.game) continue;
      const std::string game = " --game '" + to.game + "'";
      INFO("a file of " << of.game << " offered to " << to.game);
      refused("check " + of.program + game, of.program);
      refused("match" + game + " --x " + of.program + "@1 --o random", of.program);
      refused("solve" + game + " " + of.positions, of.positions);
      refused("strength " + to.program + game + " --depth 1 --positions " + of.positions, of.positions);
      refused("match" + game + " --x random --o random --boards " + of.boards, of.boards);
      refused("match" + game + " --x " + of.model + "@1 --o random", of.model);
      refused("match --replay " + of.record + game, of.record);
      refused("ratings " + to.record + " " + of.record, of.record);
      test::write_file(dir / "other.spec", "name = other\ngame = " + to.game + "\ngrammar = " + of.grammar + "\n");
      refused("run " + (dir / "other.spec") + " --dry-run", of.grammar);
      test::write_file(dir / "other.spec",
                       "name = other\ngame = " + to.game + "\ntraining-positions = " + of.positions + "\n");
      refused("run " + (dir / "other.spec") + " --dry-run", of.positions);
    }
}

TEST_CASE("without --game, files of two boards of one family are one command's two games", "[cli][games][errors]") {
  test::ScratchFolder dir("game-files-named");
  const GameFiles a = make_files(dir, "mnk(5,4,3,drop)", "a"), b = make_files(dir, "mnk(6,6,3,adjacent)", "b");
  const test::Run r = test::run_evalsynth("strength " + a.program + " --depth 1 --positions " + b.positions);
  INFO(r.output);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("a command plays one game"));
  // A program naming only its family plays any of its boards.
  test::write_file(dir / "family.eval", "game mnk\nthreats(x) - threats(o)\n");
  const test::Run family =
      test::run_evalsynth("strength " + (dir / "family.eval") + " --depth 1 --positions " + b.positions);
  INFO(family.output);
  CHECK(family.exit_code == 0);
  CHECK_THAT(family.output, Contains("in mnk(6,6,3,adjacent)"));
}
