// `evalsynth minesweeper`: FABLE's minesweeper experiment (Jackson 2009,
// §4.2): games by the random clicker or by FABLE's learner, which learns
// from every game it plays, tallied in blocks of 100 games as the thesis's
// tables 4.1 and 4.2.
#include <cmath>
#include <cstdio>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "games/minesweeper/minesweeper.hpp"
#include "io/csv.hpp"
#include "model/fable.hpp"
#include "model/model_file.hpp"
#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth {

const char* const kMinesweeperHelp =
    "usage: evalsynth minesweeper [--size N] [--mines M] [--player random|fable]\n"
    "                             [--games G] [--seed S] [--curve FILE]\n"
    "                             [--model FILE] [--start-model FILE]\n"
    "                             [--values signed|net|wins|goal]\n"
    "                             [--localities contents|placed]\n"
    "\n"
    "Plays G games of minesweeper on an N x N grid with M mines (placed before\n"
    "the first click, so it may lose; no flags: FABLE's rules, §3.2.1 of its\n"
    "thesis) by the random clicker or by FABLE's learner (model/fable.hpp),\n"
    "which sees only the clicked cells' counts and learns from each game when\n"
    "it ends. Prints the wins per block of 100 games (the thesis's Table 4.1:\n"
    "average, maximum, minimum, standard deviation) and the first and last ten\n"
    "blocks. Game g is seeded by (S, g): the same options give the same games.\n"
    "Minesweeper is not a game of the other commands: it has one player and\n"
    "hidden mines (games/minesweeper/minesweeper.hpp says why).\n"
    "\n"
    "Options:\n"
    "  --size N      3, 4 or 5 (default 3)\n"
    "  --mines M     default: 20% of the cells, rounded (2, 3, 5: the thesis's)\n"
    "  --player P    random (default) or fable\n"
    "  --games G     default 10000 (the thesis's 100 blocks of 100)\n"
    "  --seed S      default 1\n"
    "  --curve FILE  also write the wins of every block as CSV (block,wins)\n"
    "  --model FILE  with fable: write FABLE's model after the games (a model\n"
    "                file, as `learn` writes; it counts the games learned from)\n"
    "  --start-model FILE\n"
    "                with fable: go on from a model written by --model, with\n"
    "                the games after those it learned from (the same seed):\n"
    "                2,000 games, then 3,000 from their model, learn exactly\n"
    "                what 5,000 games in one go learn (its blocks of 100 count\n"
    "                from the first game played here)\n"
    "  --values V    with fable: how its counts become values (specs/README.md,\n"
    "                FABLE's learner): signed (default: +P(win) or -P(loss),\n"
    "                the greater, times the confidence), net (P(win) - P(loss))\n"
    "                wins (P(win) alone) or goal (wins / (wins + losses)); a\n"
    "                start model's own rule is kept\n"
    "  --localities L  with fable: a window of the grid counted by its contents\n"
    "                wherever it sits (contents, default) or also by where\n"
    "                (placed); a start model's own keying is kept\n"
    "\n"
    "With fable it also counts its choices: how many fell back to a random\n"
    "click after ten passes, and how many of the clicks it valued were valued\n"
    "below 0 (no pass takes them) or at 0.\n";

namespace {

struct BlockStats {
  double mean = 0, sd = 0;
  int most = 0, least = 0;
};

BlockStats stats(const std::vector<int>& blocks, std::size_t from, std::size_t to) {
  BlockStats s;
  if (to <= from) return s;
  s.most = s.least = blocks[from];
  for (std::size_t i = from; i < to; ++i) {
    s.mean += blocks[i];
    s.most = std::max(s.most, blocks[i]);
    s.least = std::min(s.least, blocks[i]);
  }
  s.mean /= static_cast<double>(to - from);
  for (std::size_t i = from; i < to; ++i) s.sd += (blocks[i] - s.mean) * (blocks[i] - s.mean);
  s.sd = to - from > 1 ? std::sqrt(s.sd / static_cast<double>(to - from - 1)) : 0;  // the thesis's n - 1
  return s;
}

}  // namespace

int minesweeper_command(const Args& args) {
  int size = 3, mines = 0;
  std::uint64_t games = 10000, seed = 1;
  bool fable = false;
  std::string curve;
  CommandLine command;
  command.integer("size", size, 3, 5);
  command.integer("mines", mines, 1, 24);
  // Static: the parser reads the choices after this call returns.
  static constexpr std::pair<std::string_view, bool> kPlayers[] = {{"random", false}, {"fable", true}};
  command.choice("player", fable, kPlayers);
  command.integer("games", games, 1, 10'000'000);
  command.integer("seed", seed, 0, INT64_MAX);
  command.text("curve", curve);
  std::string model_path, start_path;
  command.text("model", model_path);
  command.text("start-model", start_path);
  static constexpr std::pair<std::string_view, model::FableValues> kValues[] = {{"signed", model::FableValues::Signed},
                                                                                {"net", model::FableValues::Net},
                                                                                {"wins", model::FableValues::Wins},
                                                                                {"goal", model::FableValues::Goal}};
  model::FableValues values = model::FableValues::Signed;
  command.choice("values", values, kValues);
  static constexpr std::pair<std::string_view, model::FableLocalities> kLocalities[] = {
      {"contents", model::FableLocalities::Contents}, {"placed", model::FableLocalities::Placed}};
  model::FableLocalities localities = model::FableLocalities::Contents;
  command.choice("localities", localities, kLocalities);
  command.parse(args);
  if (!command.given("mines")) mines = static_cast<int>(std::lround(size * size / 5.0));
  const minesweeper::Game game(size, mines);
  if ((command.given("model") || command.given("start-model") || command.given("values") ||
       command.given("localities")) &&
      !fable)
    throw UsageError("--model, --start-model, --values and --localities are FABLE's: they come with --player fable");
  std::vector<FileRole> outputs;
  if (!curve.empty()) outputs.push_back({curve, "--curve"});
  if (!model_path.empty()) outputs.push_back({model_path, "--model"});
  std::vector<FileRole> inputs;
  if (!start_path.empty()) inputs.push_back({start_path, "--start-model"});
  check_outputs(outputs, inputs);

  const model::FableAgent<minesweeper::Game> agent(game);
  model::FableModel model;
  model.game = game.name();
  model.values = values;
  model.localities = localities;
  std::uint64_t first_game = 0;
  if (!start_path.empty()) {
    model::Model start = model::read_model(start_path);
    auto* learned = std::get_if<model::FableModel>(&start.network);
    if (!learned || start.info.spec_name != "minesweeper")
      throw InputError(TextLocation{start_path},
                       "not a minesweeper model of FABLE's (evalsynth minesweeper --model "
                       "writes them)");
    if (learned->game != game.name())
      throw InputError(TextLocation{start_path}, "the model learned " + learned->game + ", not " + game.name() +
                                                     " (give --size and --mines as it had them)");
    if (command.given("seed") && start.info.seed != seed)
      throw UsageError("the start model's games had seed " + std::to_string(start.info.seed) +
                       ": go on with the same seed (leave --seed out)");
    if (command.given("values") && learned->values != values)
      throw UsageError(std::string("the start model's values are ") + model::fable_values_word(learned->values) +
                       ": go on with them (leave --values out)");
    if (command.given("localities") && learned->localities != localities)
      throw UsageError(std::string("the start model's localities are ") +
                       model::fable_localities_word(learned->localities) +
                       ": go on with them (leave --localities out)");
    seed = start.info.seed;
    first_game = learned->games;
    model = std::move(*learned);
  }
  std::vector<int> blocks;
  int block_wins = 0;
  model::FableTally tally;
  std::vector<minesweeper::Position> positions;
  std::vector<int> moves;
  std::printf("minesweeper %dx%d, %d mines, %s, %llu games, seed %llu\n", size, size, mines,
              fable ? "FABLE (learning from every game)" : "the random clicker", static_cast<unsigned long long>(games),
              static_cast<unsigned long long>(seed));
  if (first_game)
    std::printf("going on from %s: %llu games learned, %zu transitions; games %llu to %llu follow\n",
                start_path.c_str(), static_cast<unsigned long long>(first_game), model.transitions.size(),
                static_cast<unsigned long long>(first_game + 1), static_cast<unsigned long long>(first_game + games));
  for (std::uint64_t g = first_game; g < first_game + games; ++g) {
    Rng rng(mix_seed({seed, 3, g}));
    minesweeper::Position p = game.deal(rng);
    positions.clear();
    moves.clear();
    while (game.status(p) == Status::Ongoing) {
      int cell = 0;
      if (fable) {
        cell = agent.choose(model, p, rng, &tally);
      } else {
        MoveList<int, minesweeper::Game::kMaxMoves> legal;
        game.legal_moves(p, legal);
        cell = legal[static_cast<std::size_t>(rng.below(static_cast<int>(legal.size())))];
      }
      positions.push_back(p);
      moves.push_back(cell);
      p = game.play(p, cell);
    }
    const Status result = game.status(p);
    if (fable) agent.learn(model, positions, moves, result);
    block_wins += result == Status::XWon;
    if ((g + 1 - first_game) % 100 == 0 || g + 1 == first_game + games) {
      blocks.push_back(block_wins);
      block_wins = 0;
      if (blocks.size() % 10 == 0) {
        std::printf("games %llu: wins in the last 10 blocks of 100: %.1f\n", static_cast<unsigned long long>(g + 1),
                    stats(blocks, blocks.size() - 10, blocks.size()).mean);
        std::fflush(stdout);
      }
    }
  }
  const BlockStats all = stats(blocks, 0, blocks.size());
  const std::size_t ten = std::min<std::size_t>(10, blocks.size());
  std::printf(
      "wins per block of 100 games (%zu blocks): average %.2f, maximum %d, minimum %d, standard deviation %.2f\n",
      blocks.size(), all.mean, all.most, all.least, all.sd);
  std::printf("first %zu blocks: %.2f; last %zu blocks: %.2f\n", ten, stats(blocks, 0, ten).mean, ten,
              stats(blocks, blocks.size() - ten, blocks.size()).mean);
  if (fable) {
    std::printf("FABLE's model: %zu transitions (values %s, localities %s)\n", model.transitions.size(),
                model::fable_values_word(model.values), model::fable_localities_word(model.localities));
    const auto share = [](std::uint64_t part, std::uint64_t whole) { return whole ? 100.0 * part / whole : 0.0; };
    std::printf(
        "FABLE's choices: %llu, %llu (%.1f%%) at random after ten passes; of the %llu clicks valued, %llu "
        "(%.1f%%) below 0 and %llu (%.1f%%) at 0\n",
        static_cast<unsigned long long>(tally.choices), static_cast<unsigned long long>(tally.random_choices),
        share(tally.random_choices, tally.choices), static_cast<unsigned long long>(tally.moves_valued),
        static_cast<unsigned long long>(tally.negative), share(tally.negative, tally.moves_valued),
        static_cast<unsigned long long>(tally.zero), share(tally.zero, tally.moves_valued));
  }
  if (!model_path.empty()) {
    const std::uint64_t learned = model.games;
    model::write_model({{"minesweeper", 0, learned, seed}, std::move(model)}, model_path);
    std::printf("wrote %s (%llu games learned; go on with --start-model %s)\n", model_path.c_str(),
                static_cast<unsigned long long>(learned), model_path.c_str());
  }
  if (!curve.empty()) {
    CsvWriter csv({"block", "wins"});
    for (std::size_t b = 0; b < blocks.size(); ++b) csv.row({std::to_string(b + 1), std::to_string(blocks[b])});
    write_file_atomically(curve, csv.text());
  }
  return 0;
}

}  // namespace evalsynth
