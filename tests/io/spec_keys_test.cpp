// The table of spec keys (support/spec_keys.cpp) against what reads, hashes,
// resolves and documents them: a key added in one place and not the others
// fails here.

#include "support/spec_keys.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "evolve/operators.hpp"
#include "games/connect4/position.hpp"
#include "io/learn_spec_reader.hpp"
#include "io/spec.hpp"
#include "lang/parse.hpp"
#include "model/board_ntuple_net.hpp"
#include "model/ntuple_net.hpp"
#include "model/thesis_net.hpp"
#include "model/win_net.hpp"
#include "test_support.hpp"

using namespace evalsynth;

namespace {

using test::InSourceDir;

// Two specs that differ in one key: `context` (the lines the key needs to
// act), then `key = first` against `key = second` (an empty value: the key
// left out).
struct Variation {
  const char* key;
  const char* context;
  const char* first;
  const char* second;
};

std::string with(const Variation& v, const char* value) {
  return std::string(v.context) + (*value ? std::string(v.key) + " = " + value + "\n" : "");
}

const char* const kPositions = "training-positions = specs/positions/training.analysis\n";
const char* const kIslands = "algorithm = islands\n";
const char* const kRacing = "racing = on\n";

const std::vector<Variation> kRunVariations = {
    {"name", "", "a", "b"},
    {"game", "", "connect4", "mnk(3,3,3)"},
    {"output", "", "a", "b"},
    {"checkpoints", "", "a", "b"},
    {"checkpoint-seconds", "", "10s", "20s"},
    {"threads", "", "1", "2"},
    {"grammar", "", "builtin", "grammar/features.grammar"},
    {"seeds", "", "grammar/examples/ibef.eval", "grammar/examples/adate2005.eval"},
    {"seed-population", "", "population/fixtures/tiny-v1.ckpt", ""},
    {"max-size", "", "300", "301"},
    {"max-depth", "", "40", "41"},
    {"init-depth", "", "4", "5"},
    {"opponents", "", "ibef@2", "adate@2"},
    {"colours", "", "x", "o"},
    {"candidate-depths", "", "1", "2"},
    {"depth-pairing", "candidate-depths = 2\n", "all", "equal"},
    {"training-boards", "", "random(10)", "random(11)"},
    {"validation-boards", "", "random(10)", "random(11)"},
    {"perfect-training-boards",
     "opponents = ibef@2, perfect\nperfect-validation-boards = file(\"tests/data/late.analysis\")\n",
     "file(\"tests/data/late.analysis\")", "file(\"specs/positions/training.analysis\")"},
    {"perfect-validation-boards",
     "opponents = ibef@2, perfect\nperfect-training-boards = file(\"tests/data/late.analysis\")\n",
     "file(\"tests/data/late.analysis\")", "file(\"specs/positions/training.analysis\")"},
    {"board-seed", "", "1", "2"},
    {"strength-positions", "", "specs/positions/validation.analysis", "specs/positions/training-late.analysis"},
    {"strength-depth", "", "3", "4"},
    {"training-positions", "", "specs/positions/training.analysis", "specs/positions/training-late.analysis"},
    {"validation-positions", kPositions, "specs/positions/validation.analysis", ""},
    {"position-depths", kPositions, "1", "2"},
    {"mistake-cost", kPositions, "1", "2"},
    {"scoring", "", "thesis", "points"},
    {"move-order", "", "left-to-right", "random"},
    {"random-moves", "", "10", "20"},
    {"rules", "", "standard", "thesis-java"},
    {"population", "", "20", "30"},
    {"generations", "", "5", "6"},
    {"time-budget", "", "1m", "2m"},
    {"evaluations", "", "5", "6"},
    {"algorithm", "", "archive", "islands"},
    {"archive-per-size", "algorithm = archive\n", "2", "3"},
    {"islands", kIslands, "4", "5"},
    {"migration-every", kIslands, "5", "6"},
    {"migrants", kIslands, "1", "2"},
    {"compound", "algorithm = archive\n", "2", "3"},
    {"restart-every", "", "0", "5"},
    {"tournament-size", "", "3", "4"},
    {"elitism", "", "1", "2"},
    {"validation-top", "", "4", "5"},
    {"hall-of-fame", "", "9", "10"},
    {"racing", "", "on", "off"},
    {"race-batches", kRacing, "4", "5"},
    {"race-confidence", kRacing, "0.99", "0.999"},
    {"seed", "", "1", "2"},
    {"checkpoint-every", "", "5", "6"},
    {"checkpoint-keep", "", "2", "4"},
};

const char* const kNTuple = "learner = ntuple\n";
const char* const kFable = "learner = fable\ngame = mnk(3,3,3)\n";
const char* const kLabelled = "learner = ntuple\nlabelled-positions = specs/positions/training.analysis\n";
const char* const kCurve = "learner = ntuple\ncurve-positions = specs/positions/validation.analysis\n";

const std::vector<Variation> kLearnVariations = {
    {"name", kNTuple, "a", "b"},
    {"game", kNTuple, "connect4", "mnk(3,3,3)"},
    {"output", kNTuple, "a", "b"},
    {"checkpoints", kNTuple, "a", "b"},
    {"checkpoint-seconds", kNTuple, "10s", "20s"},
    {"threads", kNTuple, "1", "2"},
    {"learner", "", "ntuple", "thesis-net"},
    {"games", kNTuple, "100", "200"},
    {"learner-side", "learner = ntuple\nopponents = random\n", "x", "o"},
    {"confidence", kFable, "3", "4"},
    {"values", kFable, "signed", "net"},
    {"localities", kFable, "contents", "placed"},
    {"start-model", "learner = ntuple\ngame = mnk(3,3,3)\n", "results/ntuple-tictactoe/model.bin", ""},
    {"features", "learner = linear\ngame = checkers(6)\n", "men", "kings"},
    {"opponents", kNTuple, "self", "random"},
    {"alpha", kNTuple, "0.1", "0.2"},
    {"epsilon", kNTuple, "0.1", "0.2"},
    {"lambda", kNTuple, "0.1", "0.2"},
    {"hidden", "learner = thesis-net\n", "5", "6"},
    {"initial-weights", "learner = thesis-net\n", "0.1", "0.2"},
    {"tuples", kNTuple, "5", "6"},
    {"tuple-length", kNTuple, "5", "6"},
    {"cell-states", kNTuple, "3", "4"},
    {"tuple-shape", "learner = ntuple\ngame = othello\ntuple-length = 2\n", "random-walk", "straight"},
    {"side-tables", kNTuple, "on", "off"},
    {"stage-split", kNTuple, "10", "12"},
    {"tcl", kNTuple, "on", "off"},
    {"seed", kNTuple, "1", "2"},
    {"curve-every", "learner = ntuple\ngames = 100\n", "5", "10"},
    {"labelled-positions", kNTuple, "specs/positions/training.analysis", "specs/positions/training-late.analysis"},
    {"labelled-steps", kLabelled, "5", "6"},
    {"play-games", "learner = ntuple\nlabelled-positions = specs/positions/training.analysis\nepsilon = 0\n", "on",
     "off"},
    {"curve-positions", kNTuple, "specs/positions/validation.analysis", "specs/positions/test.analysis"},
    {"curve-depth", kCurve, "1", "2"},
    {"checkpoint-every", kNTuple, "1", "2"},
};

std::set<std::string> declared(SpecKind kind) {
  std::set<std::string> names;
  for (const SpecKey& key : spec_keys())
    if (key.in(kind)) names.emplace(key.name);
  return names;
}

template <class Hash>
void check_hashes(SpecKind kind, std::vector<Variation> variations, Hash hash) {
  // The variation operators' rates, alike.
  if (kind == SpecKind::Run)
    for (evolve::OperatorId op = 0; op < evolve::operators().size(); ++op)
      variations.push_back({evolve::operator_info(op).name.data(), "", "0.1", "0.2"});
  std::set<std::string> varied;
  for (const Variation& v : variations) {
    INFO("key " << v.key);
    const SpecKey* key = find_spec_key(v.key, kind);
    REQUIRE(key);
    varied.insert(v.key);
    CHECK((hash(with(v, v.first)) != hash(with(v, v.second))) == key->in_hash);
  }
  CHECK(varied == declared(kind));  // a key added to the table needs its row here
}

}  // namespace

TEST_CASE("every spec key is declared once, with its help, and the readers read exactly the declared keys",
          "[spec][keys]") {
  InSourceDir here;
  std::set<std::pair<std::string, unsigned>> seen;
  for (const SpecKey& key : spec_keys()) {
    INFO("key " << key.name);
    for (const SpecKind kind : {SpecKind::Run, SpecKind::Learn})
      if (key.in(kind)) CHECK(seen.emplace(std::string(key.name), static_cast<unsigned>(kind)).second);
    CHECK(!key.help.empty());
    CHECK(!key.takes.empty());
    CHECK(!key.default_value.empty());
    if (key.whole_number()) CHECK(key.min <= key.max);
  }
  // Reading a spec checks the handlers against the table (a logic_error otherwise).
  CHECK_NOTHROW(parse_spec("", "x.spec"));
  CHECK_NOTHROW(parse_learn_spec("learner = ntuple\n", "x.spec"));
  // The ranges are the limits of what they size.
  CHECK(find_spec_key("max-depth", SpecKind::Run)->max == lang::kMaxProgramDepth);
  CHECK(find_spec_key("hidden", SpecKind::Learn)->max == model::ThesisNet::kMaxHidden);
  CHECK(find_spec_key("hidden", SpecKind::Learn)->max == model::WinNet::kMaxHidden);
  CHECK(find_spec_key("tuples", SpecKind::Learn)->max == model::NTupleNet::kMaxTuples);
  CHECK(find_spec_key("tuples", SpecKind::Learn)->max == model::BoardNTupleNet::kMaxTuples);
  CHECK(find_spec_key("tuple-length", SpecKind::Learn)->max == model::NTupleNet::kMaxLength);
  CHECK(find_spec_key("tuple-length", SpecKind::Learn)->max == model::BoardNTupleNet::kMaxLength);
  CHECK(find_spec_key("stage-split", SpecKind::Learn)->max == connect4::kCells - 1);
  // The operators' rates: a key each, its default the operator's.
  for (evolve::OperatorId op = 0; op < evolve::operators().size(); ++op) {
    const auto& info = evolve::operator_info(op);
    const SpecKey* key = find_spec_key(info.name, SpecKind::Run);
    REQUIRE(key);
    CHECK(std::stod(std::string(key->default_value)) == info.default_rate);
  }
}

TEST_CASE("a key enters the run's hash exactly when its declaration says so", "[spec][keys]") {
  InSourceDir here;
  check_hashes(SpecKind::Run, kRunVariations,
               [](const std::string& text) { return parse_spec(text, "s.spec").hash(); });
  check_hashes(SpecKind::Learn, kLearnVariations,
               [](const std::string& text) { return parse_learn_spec(text, "s.spec").hash(); });
}

TEST_CASE("the resolved run spec shows every run key, at its declared default", "[spec][keys]") {
  InSourceDir here;
  // The keys that act only with others: the islands', racing's and the
  // position term's lines appear with them.
  const std::string defaults = parse_spec("", "x.spec").resolved_text();
  const std::string resolved =
      defaults + parse_spec(std::string(kIslands) + kRacing + kPositions, "x.spec").resolved_text();
  for (const SpecKey& key : spec_keys()) {
    if (!key.in(SpecKind::Run)) continue;
    INFO("key " << key.name);
    const std::string name(key.name);
    const auto line = resolved.find("\n" + name + " ");
    const bool commented = resolved.find("\n# " + name + ":") != std::string::npos || resolved.starts_with("# " + name);
    CHECK((line != std::string::npos || commented || resolved.starts_with(name + " ")));
    const auto default_line = defaults.find("\n" + name + " ");
    if (default_line == std::string::npos || name == "name") continue;
    // Connect4's default, the declaration's first (a declared "0 (all
    // cores)" or "ibef@2 (Connect4); ..." begins with it).
    const std::size_t equals = defaults.find("= ", default_line) + 2;
    const std::string value = defaults.substr(equals, defaults.find('\n', equals) - equals);
    const std::string declared_default(key.default_value);
    CHECK((declared_default == value || declared_default.starts_with(value + " (")));
  }
}

TEST_CASE("specs/README.md documents every key where its kind of spec is described", "[spec][keys][docs]") {
  const std::string readme = test::read_file(std::string(test::kSourceDir) + "/specs/README.md");
  const std::size_t learning = readme.find("\n# Learning specs");
  REQUIRE(learning != std::string::npos);
  for (const SpecKey& key : spec_keys())
    for (const SpecKind kind : {SpecKind::Run, SpecKind::Learn}) {
      if (!key.in(kind)) continue;
      INFO("key " << key.name);
      const std::string part = kind == SpecKind::Run ? readme.substr(0, learning) : readme.substr(learning);
      std::string quoted(1, '`');
      quoted.append(key.name).push_back('`');
      bool documented = false;
      for (std::size_t at = part.find(quoted); at != std::string::npos && !documented; at = part.find(quoted, at + 1))
        documented = part.rfind("\n| `", at) == part.rfind('\n', at);  // in a row of a key table
      CHECK(documented);
    }
}
