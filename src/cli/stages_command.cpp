#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "model/model_file.hpp"
#include "model/ntuple_stages.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/random.hpp"

namespace evalsynth {

const char* const kStagesHelp =
    "usage: evalsynth stages EARLY LATE --split N --output FILE\n"
    "\n"
    "Joins two Connect4 n-tuple networks (model files from evalsynth learn with\n"
    "the same tuples: the same seed, tuples, tuple-length, cell-states and\n"
    "side-tables) into one split by stage: positions with fewer than N stones\n"
    "read EARLY's tables, the others LATE's. The joined model plays and\n"
    "searches like any other model, and a learning spec can go on from it\n"
    "(start-model; it takes the model's stage-split).\n"
    "\n"
    "Example (results/ntuple/labelled/README.md): self-play's network for the\n"
    "opening, one regressed on solver-labelled positions for the rest:\n"
    "  evalsynth stages population/ntuple-ablation/per-side-3states-alpha-01/model.bin \\\n"
    "    population/ntuple-ablation/labelled-both-3/model.bin --split 11 \\\n"
    "    --output population/ntuple-ablation/stages-td0-both-3/model.bin\n"
    "\n"
    "Options:\n"
    "  --split N      the fewest stones that read LATE's tables (1 to 41)\n"
    "  --output FILE  the joined model; it must not exist yet (nothing is\n"
    "                 replaced); its folder is made if missing\n";

int stages_command(const Args& args) {
  std::vector<std::string> inputs;
  int split = 0;
  std::string output;
  CommandLine command;
  command.positionals(inputs, 2, 2, "give two model files: EARLY and LATE");
  command.integer("split", split, 1, connect4::kCells - 1);
  command.text("output", output);
  command.parse(args);
  if (!command.given("split")) throw UsageError("give --split N: the fewest stones that read LATE's tables");
  if (output.empty()) throw UsageError("give --output FILE: where to write the joined model");

  // Every input read and checked before anything is written.
  const model::Model early = model::read_model(inputs[0]), late = model::read_model(inputs[1]);
  auto network_of = [](const model::Model& m, const std::string& path) {
    const TextLocation at{path, 1, 1};
    if (const auto* board_net = std::get_if<model::BoardNTupleNet>(&m.network))
      throw InputError(at, "an n-tuple network of " + board_net->game() + ", not Connect4's");
    const auto* net = std::get_if<model::NTupleNet>(&m.network);
    if (!net)
      throw InputError(at, "not Connect4's n-tuple network (it is a " + model::learner_name(m.network) + " model)");
    if (net->stage_split() > 0)
      throw InputError(at, "a network split by stage already (at " + std::to_string(net->stage_split()) +
                               " stones); join two that are not");
    return *net;
  };
  const model::NTupleNet early_net = network_of(early, inputs[0]), late_net = network_of(late, inputs[1]);
  if (const auto problem = model::stage_join_problem(early_net, late_net, split))
    throw InputError(TextLocation{inputs[1], 1, 1}, "cannot join it to " + inputs[0] + ": " + *problem);
  std::error_code error;
  if (std::filesystem::exists(output, error))
    throw InputError(TextLocation{output, 1, 1}, "exists already; remove it or choose another --output");
  if (error) throw InputError(TextLocation{output, 1, 1}, "cannot tell whether it exists: " + error.message());
  const std::string folder = std::filesystem::path(output).parent_path().string();
  if (!folder.empty()) {
    check_folder_creatable(folder, "output folder");
    std::filesystem::create_directories(folder);
  }
  check_outputs({{output, "--output"}}, {{inputs[0], "EARLY"}, {inputs[1], "LATE"}});

  model::Model joined;
  joined.info.spec_name =
      "stages(" + early.info.spec_name + " < " + std::to_string(split) + " <= " + late.info.spec_name + ")";
  joined.info.spec_hash =
      hash_text(model::encode_model(early) + model::encode_model(late) + "|split=" + std::to_string(split));
  joined.info.games = early.info.games + late.info.games;
  joined.info.seed = late.info.seed;
  joined.network = model::joined_by_stage(early_net, late_net, split);
  model::write_model(joined, output);
  std::printf("%s: %s's tables below %d stones, %s's from %d on (%zu weights)\n", output.c_str(), inputs[0].c_str(),
              split, inputs[1].c_str(), split, model::table_weight_count(joined.network));
  return 0;
}

}  // namespace evalsynth
