// `evalsynth stages`: two Connect4 n-tuple networks joined into one split by
// stage; every refusal is located and writes nothing.

#include <catch2/catch.hpp>
#include <filesystem>

#include "model/model_file.hpp"
#include "support/random.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;
using test::run_evalsynth;

namespace {

// A network with random weights on the tuples of `tuple_seed`.
void write_network(const std::string& path, std::uint64_t tuple_seed, std::uint64_t weight_seed, int states = 3) {
  model::NTupleNet net(model::random_walk_tuples(10, 5, tuple_seed), states, true);
  Rng rng(weight_seed);
  for (float& w : net.weights()) w = static_cast<float>(rng.unit() - 0.5);
  model::Model m;
  m.info.spec_name = std::to_string(weight_seed);  // (GCC 12 warns falsely on "literal" + string)
  m.info.games = 100;
  m.network = std::move(net);
  model::write_model(m, path);
}

const model::NTupleNet& network(const model::Model& m) { return std::get<model::NTupleNet>(m.network); }

}  // namespace

TEST_CASE("stages: the joined network reads the early tables before the split and the late ones after",
          "[cli][stage]") {
  const test::ScratchFolder scratch("stages-cli");
  const std::string early = scratch / "early.bin", late = scratch / "late.bin", joined = scratch / "out/joined.bin";
  write_network(early, 1, 2);
  write_network(late, 1, 3);
  const test::Run run = run_evalsynth("stages " + early + " " + late + " --split 11 --output " + joined);
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.output, Contains("below 11 stones"));
  const model::Model e = model::read_model(early), l = model::read_model(late), j = model::read_model(joined);
  REQUIRE(network(j).stage_split() == 11);
  CHECK(j.info.games == 200);
  Rng rng(4);
  int early_positions = 0, late_positions = 0;
  for (int game = 0; game < 30; ++game)
    for (connect4::Position p; !p.is_game_over(); p = p.played(connect4::random_column(p, rng))) {
      const bool before_split = p.moves_played() < 11;
      (before_split ? early_positions : late_positions) += 1;
      REQUIRE(network(j).sum(p) == network(before_split ? e : l).sum(p));
    }
  CHECK(early_positions > 100);
  CHECK(late_positions > 100);
  // It plays like any model.
  const test::Run match = run_evalsynth("match --x " + joined + "@2 --o ibef@1 --games 2");
  INFO(match.output);
  CHECK(match.exit_code == 0);

  // Refusals: nothing is written or replaced.
  const std::string before = test::read_file(joined);
  const test::Run exists = run_evalsynth("stages " + early + " " + late + " --split 9 --output " + joined);
  CHECK(exists.exit_code != 0);
  CHECK_THAT(exists.output, Contains(joined + ":1:1") && Contains("exists already"));
  CHECK(test::read_file(joined) == before);

  const std::string other = scratch / "other.bin", four = scratch / "four.bin", fresh = scratch / "fresh.bin";
  write_network(other, 5, 2);
  write_network(four, 1, 2, 4);
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"stages " + early + " " + other + " --split 11", other + ":1:1: error: cannot join it to " + early},
      {"stages " + early + " " + four + " --split 11", "different states"},
      {"stages " + early + " " + joined + " --split 11", joined + ":1:1: error: a network split by stage already"},
      {"stages " + joined + " " + late + " --split 11", joined + ":1:1: error: a network split by stage already"},
      {"stages " + early + " " + scratch / "missing.bin" + " --split 11", "missing.bin"},
      {"stages " + early + " " + late + " --split 42", "--split"},
      {"stages " + early + " " + late, "give --split N"},
      {"stages " + early + " --split 11", "give two model files"},
  };
  for (const auto& [arguments, expected] : refused) {
    const std::string command =
        arguments + (arguments.find("--output") == std::string::npos ? " --output " + fresh : "");
    const test::Run refusal = run_evalsynth(command);
    INFO(command << "\n" << refusal.output);
    CHECK(refusal.exit_code != 0);
    CHECK_THAT(refusal.output, Contains(expected));
    CHECK_FALSE(std::filesystem::exists(fresh));
  }
  // A model of another learner.
  const std::string thesis = scratch / "thesis.bin";
  model::Model thesis_model;
  thesis_model.network = model::ThesisNet(3);
  model::write_model(thesis_model, thesis);
  const test::Run not_ntuple = run_evalsynth("stages " + early + " " + thesis + " --split 11 --output " + fresh);
  CHECK(not_ntuple.exit_code != 0);
  CHECK_THAT(not_ntuple.output, Contains("not Connect4's n-tuple network"));
}
