// Exported C++: the headers compile standalone with -Wall -Wextra -Werror
// -Wpedantic and compute bit-identical values to the interpreter; the player
// program chooses the same columns as evalsynth's search.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "export/play_page.hpp"
#include "game/search.hpp"
#include "games/connect4/connect4.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/random_program.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using test::run_evalsynth;

namespace {

const std::string kSource = test::kSourceDir;

// Compiles one C++17 file as a user of the export would, warnings as errors.
test::Run compile(const std::string& source, const std::string& binary,
                  const std::string& compiler = test::kCxxCompiler) {
  return test::run_shell(compiler + " -std=c++17 -O1 -Wall -Wextra -Wpedantic -Werror -o '" + binary + "' '" + source +
                         "'");
}

// Positions from random games of random length (won ones included: the
// evaluator is defined on every position).
std::vector<connect4::Position> random_positions(std::size_t count, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<connect4::Position> out;
  while (out.size() < count) {
    connect4::Position p;
    const int plies = rng.below(connect4::kRows * connect4::kColumns + 1);
    for (int i = 0; i < plies && !p.is_full(); ++i) {
      int col = rng.below(connect4::kColumns);
      while (!p.can_play(col)) col = (col + 1) % connect4::kColumns;
      p = p.played(col);
    }
    out.push_back(p);
  }
  return out;
}

// Runs the checker program compiled in `scratch` on the positions (one
// "x_stones o_stones" line each) and returns what it printed.
std::string checker_output(const test::ScratchFolder& scratch, const std::vector<connect4::Position>& positions) {
  std::string input;
  for (const connect4::Position& p : positions)
    input += std::to_string(p.x_stones()) + " " + std::to_string(p.o_stones()) + "\n";
  test::write_file(scratch / "positions.txt", input);
  const std::string values_file = scratch / "values.txt";
  std::string command = "'";  // appended piece by piece: GCC 12 warns falsely on "literal" + string chains
  for (const std::string& piece : {scratch / "checker", std::string("' < '"), scratch / "positions.txt",
                                   std::string("' > '"), values_file, std::string("'")})
    command += piece;
  REQUIRE(std::system(command.c_str()) == 0);
  return test::read_file(values_file);
}

// prefix + n, built by appending (GCC 12 warns falsely on "literal" + string).
std::string numbered(std::string prefix, std::size_t n) {
  prefix += std::to_string(n);
  return prefix;
}

}  // namespace

TEST_CASE("exported headers compute exactly the interpreter's values", "[export]") {
  test::ScratchFolder scratch("export");
  std::vector<lang::Program> programs = {lang::read_program_file(kSource + "/grammar/examples/ibef.eval"),
                                         lang::read_program_file(kSource + "/grammar/examples/adate2005.eval"),
                                         // The features that compare both sides' threats.
                                         lang::parse_program("lowest_threats(x) * 3 - good_threats(o) + "
                                                             "lowest_threats(o) - good_threats(x) * 2 + threats(o)")};
  Rng rng(11);
  for (int i = 0; i < 40; ++i)
    programs.push_back(lang::random_program(rng, 5 + static_cast<std::size_t>(rng.below(i < 30 ? 60 : 250))));
  std::string checker = "#include <cstdint>\n#include <cstdio>\n";
  std::vector<std::string> calls;
  int linear = 0;
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const std::string name = numbered("p", i);
    test::write_file(scratch / (name + ".eval"), lang::to_text(programs[i]) + "\n");
    const test::Run exported =
        run_evalsynth("export " + (scratch / (name + ".eval")) + " --cpp " + (scratch / (name + ".hpp")));
    INFO(exported.output);
    REQUIRE(exported.exit_code == 0);
    checker += "#include \"" + name + ".hpp\"\n";
    calls.push_back(name);
    linear += lang::Connect4Program(programs[i]).is_linear();
  }
  CHECK(linear >= 2);  // both ways of exporting are covered
  CHECK(linear < static_cast<int>(programs.size()));
  // Reads "x o" per line; prints every program's value, and whether the
  // board-array overload agrees with the bitboard one.
  checker +=
      "int main() {\n"
      "  unsigned long long x, o;\n"
      "  while (std::scanf(\"%llu %llu\", &x, &o) == 2) {\n"
      "    int board[6][7] = {};\n"
      "    for (int r = 0; r < 6; ++r)\n"
      "      for (int c = 0; c < 7; ++c) board[r][c] = (x >> (7 * c + r) & 1) ? 1 : (o >> (7 * c + r) & 1) ? -1 : 0;\n"
      "    int agree = 1;\n";
  for (const std::string& name : calls)
    checker +=
        "    { const int v = " + name + "(x, o); agree &= v == " + name + "(board); std::printf(\"%d \", v); }\n";
  checker += "    std::printf(\"%d\\n\", agree);\n  }\n}\n";
  test::write_file(scratch / "checker.cpp", checker);
  const test::Run built = compile(scratch / "checker.cpp", scratch / "checker");
  INFO(built.output.substr(0, 3000));
  REQUIRE(built.exit_code == 0);
  // Another compiler, where the machine has one: its warnings differ.
  if (std::system("command -v clang++ > /dev/null 2>&1") == 0) {
    const test::Run clang = compile(scratch / "checker.cpp", scratch / "checker-clang", "clang++");
    INFO(clang.output.substr(0, 3000));
    CHECK(clang.exit_code == 0);
  }

  const std::vector<connect4::Position> positions = random_positions(100000, 5);
  std::istringstream values(checker_output(scratch, positions));
  std::vector<lang::Connect4Program> interpreted;
  for (const lang::Program& p : programs) interpreted.emplace_back(p, lang::Connect4Program::Mode::InterpreterOnly);
  std::size_t mismatches = 0, disagreements = 0;
  for (const connect4::Position& p : positions) {
    for (std::size_t i = 0; i < programs.size(); ++i) {
      int v = 0;
      values >> v;
      if (v != interpreted[i](p) && mismatches++ < 5)
        FAIL_CHECK("program " << i << " " << lang::to_text(programs[i]) << ": exported " << v << ", interpreter "
                              << interpreted[i](p));
    }
    int agree = 0;
    values >> agree;
    disagreements += agree != 1;
  }
  CHECK(values);
  CHECK(mismatches == 0);
  CHECK(disagreements == 0);
}

TEST_CASE("an exported header carries the built-in network behind ntuple() or ntuple2()", "[export][ntuple]") {
  // The header holds the network's tables (about 7 MB of C++, twice that for
  // ntuple2()'s two stages) and sums the weights in evalsynth's order, so
  // values are bit-identical.
  test::ScratchFolder scratch("export-ntuple");
  const std::vector<std::string> texts = {"ntuple()", "ntuple() - windows(x, 3) + 65 * odd_threats(x) + 25 * sq(2, 6)",
                                          "if ntuple() > 200 then ntuple() / 3 else threats(o) * ntuple() % 7",
                                          "ntuple2() - 30 * threats(o) + sq(2, 3)"};
  std::string checker = "#include <cstdio>\n";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string name = numbered("n", i);
    test::write_file(scratch / (name + ".eval"), texts[i] + "\n");
    const test::Run exported =
        run_evalsynth("export " + (scratch / (name + ".eval")) + " --cpp " + (scratch / (name + ".hpp")));
    INFO(exported.output);
    REQUIRE(exported.exit_code == 0);
    checker += "#include \"" + name + ".hpp\"\n";
  }
  checker +=
      "int main() {\n"
      "  unsigned long long x, o;\n"
      "  while (std::scanf(\"%llu %llu\", &x, &o) == 2)\n"
      "    std::printf(\"%d %d %d %d\\n\", n0(x, o), n1(x, o), n2(x, o), n3(x, o));\n"
      "}\n";
  test::write_file(scratch / "checker.cpp", checker);
  const test::Run built = compile(scratch / "checker.cpp", scratch / "checker");
  INFO(built.output.substr(0, 3000));
  REQUIRE(built.exit_code == 0);

  const std::vector<connect4::Position> positions = random_positions(20000, 6);
  std::istringstream values(checker_output(scratch, positions));
  std::vector<lang::Connect4Program> interpreted;
  for (const std::string& text : texts)
    interpreted.emplace_back(lang::parse_program(text), lang::Connect4Program::Mode::InterpreterOnly);
  std::size_t mismatches = 0;
  for (const connect4::Position& p : positions)
    for (std::size_t i = 0; i < texts.size(); ++i) {
      int v = 0;
      values >> v;
      if (v != interpreted[i](p) && mismatches++ < 5)
        FAIL_CHECK(texts[i] << ": exported " << v << ", interpreter " << interpreted[i](p));
    }
  CHECK(values);
  CHECK(mismatches == 0);
}

TEST_CASE("the exported player chooses evalsynth's columns", "[export]") {
  test::ScratchFolder scratch("player");
  const lang::Program quickish = lang::parse_program(
      "let v = threats(x) - playable_threats(o) * stones(o) in odd_threats(x) * (windows(x, 2) + 44) + 6 * sq(1, 1) + "
      "13 * sq(2, 3) + windows(o, 2) * sq(2, 5) + 5 * v - 4 + 10 * sq(4, 3) + mobility() * to_move()");
  test::write_file(scratch / "quickish.eval", lang::to_text(quickish) + "\n");
  struct Case {
    std::string file;
    lang::Program program;
  };
  const std::vector<Case> cases = {
      {kSource + "/grammar/examples/ibef.eval", lang::read_program_file(kSource + "/grammar/examples/ibef.eval")},
      {scratch / "quickish.eval", quickish}};
  // Unfinished positions as Pons move strings.
  Rng rng(3);
  std::vector<std::pair<connect4::Position, std::string>> positions;
  while (positions.size() < 150) {
    connect4::Position p;
    std::string moves;
    const int plies = rng.below(30);
    for (int i = 0; i < plies; ++i) {
      std::vector<int> safe;
      for (int c = 0; c < connect4::kColumns; ++c)
        if (p.can_play(c) && !p.is_winning_move<connect4::StandardRules>(c)) safe.push_back(c);
      if (safe.empty()) break;
      const int col = safe[static_cast<std::size_t>(rng.below(static_cast<int>(safe.size())))];
      p = p.played(col);
      moves += static_cast<char>('1' + col);
    }
    if (!p.is_full()) positions.emplace_back(p, moves);
  }
  std::string input;
  for (const auto& [p, moves] : positions) input += moves + "\n";
  test::write_file(scratch / "positions.txt", input);

  for (std::size_t k = 0; k < cases.size(); ++k) {
    const std::string header = scratch / (numbered("e", k) + ".hpp");
    const test::Run exported =
        run_evalsynth("export " + cases[k].file + " --cpp " + header + " --name chosen --player");
    REQUIRE(exported.exit_code == 0);
    CHECK_THAT(exported.output, Contains("_player.cpp; build it with"));
    const std::string binary = scratch / numbered("player", k);
    const test::Run built = compile(scratch / (numbered("e", k) + "_player.cpp"), binary);
    INFO(built.output.substr(0, 3000));
    REQUIRE(built.exit_code == 0);
    const lang::Connect4Program evaluator(cases[k].program);
    for (int depth = 1; depth <= 4; ++depth) {
      const std::string out = scratch / "chosen.txt";
      REQUIRE(std::system(("'" + binary + "' " + std::to_string(depth) + " < '" + (scratch / "positions.txt") +
                           "' > '" + out + "'")
                              .c_str()) == 0);
      std::istringstream chosen(test::read_file(out));
      int differences = 0;
      for (const auto& [p, moves] : positions) {
        int column = 0;
        chosen >> column;
        const connect4::Game game;
        AlphaBeta search(game, evaluator);
        differences += column != search.search(p, depth, connect4::playable_in(p, connect4::kLeftToRight)).move + 1;
      }
      INFO(cases[k].file << " at depth " << depth);
      CHECK(differences == 0);
    }
  }
  // Bad lines are reported, line by line, and the answers stay aligned.
  const test::Run bad =
      test::Run{std::system(("printf '44\\n4x\\n444444 4\\n' | '" + (scratch / "player0") + "' 2 > '" +
                             (scratch / "bad.txt") + "' 2> '" + (scratch / "bad.err") + "'")
                                .c_str()),
                ""};
  CHECK(bad.exit_code != 0);
  CHECK(test::read_file(scratch / "bad.txt").substr(1) == "\n-\n-\n");
  CHECK_THAT(test::read_file(scratch / "bad.err"), Contains("<stdin>:2: error: column 2: 'x' is not a column 1-7") &&
                                                       Contains("<stdin>:3: error: column 8: column 4 is full"));
}

TEST_CASE("export errors are clear and write nothing", "[export][errors]") {
  test::ScratchFolder scratch("export-errors");
  test::write_file(scratch / "bad.eval", "sq(0, 3) +\n");
  test::Run r = run_evalsynth("export " + (scratch / "bad.eval") + " --cpp " + (scratch / "bad.hpp"));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("bad.eval:1:11: error:"));
  CHECK(run_evalsynth("export grammar/examples/ibef.eval", kSource).exit_code == 2);
  r = run_evalsynth("export grammar/examples/ibef.eval --cpp " + (scratch / "x.hpp") + " --name int", kSource);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.output, Contains("--name 'int' is not a usable C++ name"));
  r = run_evalsynth("export grammar/examples/ibef.eval --cpp " + (scratch / "nowhere/x.hpp"), kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("cannot write here"));
  r = run_evalsynth("export population/fixtures/truncated.ckpt --cpp " + (scratch / "t.hpp"), kSource);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.output, Contains("truncated checkpoint"));
  CHECK(!std::filesystem::exists(scratch / "bad.hpp"));
  CHECK(!std::filesystem::exists(scratch / "t.hpp"));
  // A checkpoint's answer exports with its provenance.
  r = run_evalsynth("export population/fixtures/tiny-v1.ckpt --cpp " + (scratch / "tiny.hpp"), kSource);
  CHECK(r.exit_code == 0);
  CHECK_THAT(test::read_file(scratch / "tiny.hpp"), Contains("int tiny(const int board[6][7])") &&
                                                        Contains("The answer of evalsynth run 'tiny'") &&
                                                        Contains("found in generation 1 of 6"));
}

TEST_CASE("a page carries the network its program reads", "[export][ntuple]") {
  using Catch::Matchers::Contains;
  const std::string first = exporter::play_page(lang::parse_program("ntuple() + 1"), {"first", {}, 4});
  const std::string second = exporter::play_page(lang::parse_program("ntuple2() + 1"), {"second", {}, 4});
  const std::string none = exporter::play_page(lang::parse_program("threats(x)"), {"none", {}, 4});
  CHECK_THAT(first, Contains("behind ntuple(), written by evalsynth (grammar/models/ntuple.model)"));
  CHECK(first.find(", stageSplit: ") == std::string::npos);
  CHECK_THAT(second, Contains("behind ntuple2(), written by evalsynth (grammar/models/ntuple2.model)"));
  CHECK_THAT(second, Contains("stageSplit: 11"));
  CHECK(none.find("NTUPLE_DATA =") == std::string::npos);
}
