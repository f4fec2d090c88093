#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/game_option.hpp"
#include "export/cpp_export.hpp"
#include "export/play_page.hpp"
#include "lang/builtin_board_net.hpp"
#include "lang/parse.hpp"
#include "model/model_file.hpp"
#include "support/files.hpp"
#include "support/source_text.hpp"
#include "synthesis/checkpoint_files.hpp"
#include "tournament/player.hpp"

namespace evalsynth {

const char* const kExportHelp =
    "usage: evalsynth export PROGRAM --cpp OUT.hpp [--name NAME] [--player]\n"
    "       evalsynth export PROGRAM --html OUT.html [--name NAME] [--depth D]\n"
    "\n"
    "--cpp writes an evaluator as a standalone C++17 header (no evalsynth files needed;\n"
    "compiles with -Wall -Wextra -Werror) offering\n"
    "  int NAME(const int board[6][7]);   board[row][col], row 0 = bottom, +1 X, -1 O\n"
    "  int NAME(std::uint64_t x_stones, std::uint64_t o_stones);\n"
    "with values from X's view, exactly evalsynth's for every position. Programs\n"
    "linear in the squares become a weight table computed with popcounts; others\n"
    "become named constants (one per let) and an expression.\n"
    "\n"
    "PROGRAM: a .eval file, or a run's answer: a checkpoint file or run folder\n"
    "(population/NAME). Its provenance (run, generation, scores) goes into the\n"
    "header's comment.\n"
    "\n"
    "Other games' programs export the same way: the k-in-a-row boards (mnk,\n"
    "adjacent4) as int NAME(const int board[ROWS][COLUMNS]) and\n"
    "int NAME(std::uint64_t x_stones, std::uint64_t o_stones) (bit row * COLUMNS +\n"
    "col), ModNim as int NAME(int sticks_left, int moves_made), checkers as\n"
    "int NAME(x, o, kings, plies, quiet) over the numbered squares' bits,\n"
    "Othello as int NAME(std::uint64_t x_discs, std::uint64_t o_discs,\n"
    "int plies_played) (bit row * N + col, a1 = bit 0) and\n"
    "int NAME(const int board[N][N], int plies_played); the games files describe\n"
    "(mnk(7,6,4,drop), ...) as the k-in-a-row boards with their rules. The\n"
    "header's comment says which.\n"
    "\n"
    "Options:\n"
    "  --cpp OUT.hpp   the header to write\n"
    "  --game NAME     the game to export for (default: the one the program's first\n"
    "                  line or the run's spec names, else connect4): the board's\n"
    "                  size and rules\n"
    "  --name NAME     the function's name, and the page's title with --html only\n"
    "                  (any short text there; default: from the file or run name)\n"
    "  --player        also write OUT_player.cpp next to it: a tiny program that\n"
    "                  reads Pons move strings on stdin and prints the column the\n"
    "                  evaluator chooses at a given depth\n"
    "  --html OUT.html a page where anyone plays against the evaluator in a browser:\n"
    "                  one self-contained file (opens from disk, no server); the\n"
    "                  program runs as JavaScript with exactly evalsynth's values\n"
    "                  and the page's moves are evalsynth's with the left-to-right\n"
    "                  move order; depth, first move, undo and hints on the page.\n"
    "                  Every game: connect4 (standard rules, not thesis-java),\n"
    "                  tictactoe and mnk(M,N,K[,RULES]) (game files' too),\n"
    "                  adjacent4(W,H) (a board of cells to click), modnim(K,M)\n"
    "                  (buttons taking sticks), checkers(N) (squares to click),\n"
    "                  othello(N) (cells to click, a button to pass)\n"
    "  --depth D       the engine's depth when the page opens (1-8, default 4)\n"
    "\n"
    "--cpp and --html may be given together.\n";

namespace {

struct Source {
  lang::Program program;
  std::string default_name;
  std::vector<std::string> provenance;
};

Source read_source(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored) || path.ends_with(".ckpt")) {
    const std::string file = resolve_checkpoint(path);
    const Checkpoint c = read_checkpoint(file);
    const HallEntry& answer = c.state.hall.front();
    char scores[200];
    std::snprintf(scores, sizeof scores, "validation %g (%d won, %d drawn of %d games), training %g",
                  answer.validation.score(c.scoring), answer.validation.wins, answer.validation.draws,
                  answer.validation.games, answer.training.score(c.scoring));
    std::vector<std::string> provenance = {
        "The answer of evalsynth run '" + c.run_name + "' (spec " + c.spec_source + "), from checkpoint " + file + ":",
        "found in generation " + std::to_string(answer.generation) + " of " + std::to_string(c.state.generation) +
            "; " + scores};
    for (const Baseline& b : c.state.baselines) {
      char line[120];
      std::snprintf(line, sizeof line, "%s on the same validation games: %g", b.name.c_str(),
                    b.validation.score(c.scoring));
      provenance.push_back(line);
    }
    if (answer.mistake_rate >= 0)
      provenance.push_back(
          "mistake rate against perfect play: " + std::to_string(100 * answer.mistake_rate).substr(0, 5) + "%");
    return {answer.program, c.run_name, provenance};
  }
  // A program file: its leading comment (best.eval's says where it came
  // from) is the provenance.
  const std::string text = read_text_file(path, "program", lang::kMaxSourceBytes);
  // A run's best.eval is named after its folder (results/strong/best.eval: strong).
  const std::filesystem::path file(path);
  const bool answer_file = file.stem() == "best" && !file.parent_path().filename().empty();
  Source source{lang::parse_program(text, path),
                (answer_file ? file.parent_path().filename() : file.stem()).string(),
                {"From " + path + (text.starts_with("#") ? ":" : ".")}};
  std::size_t at = 0;
  while (at < text.size() && text[at] == '#') {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    source.provenance.push_back("  " + text.substr(at + 1, end - at - 1));
    at = end + 1;
  }
  return source;
}

// A model file: the page plays against the four-in-a-row design's network
// (the other learners' models play in match, strength and play).
// A family whose features have no C++ (or no JavaScript: the page) form
// yet is refused before anything is written (exported as another's, its
// values would be wrong).
void require_exported(const GameDescriptor& game, bool cpp, bool html) {
  const std::string title(family_info(game.family).title);
  if (cpp && !exporter::exports_family(game.family))
    throw UsageError("export does not write C++ for " + title + " yet (its features have no C++ form): play " +
                     game.text() + " with `evalsynth play`, and use its programs in evalsynth's own matches");
  if (html && !exporter::page_plays_family(game.family))
    throw UsageError("the play page does not play " + title +
                     " yet (its rules and features have no JavaScript form): " +
                     (exporter::exports_family(game.family) ? "export its C++ (--cpp), or play " : "play ") +
                     game.text() + " in the terminal with `evalsynth play`");
}

int export_model_page(const std::string& path, const std::string& game_name, std::string name, bool cpp,
                      const std::string& page, int depth) {
  model::Model m = model::read_model(path);
  const auto* net = std::get_if<model::WinNet>(&m.network);
  if (!net)
    throw UsageError(path + " is a model of learner = " + model::learner_name(m.network) +
                     ": export writes programs, and a page for the design document's network (learner = "
                     "win-net); this model plays in match, strength and play");
  if (cpp) throw UsageError("--cpp writes programs; " + path + " is a network: export it with --html");
  const GameDescriptor game = command_game(game_name, {path});
  require_exported(game, false, true);
  if (game.text() != net->game())
    throw InputError(TextLocation{path, 1, 1},
                     "this is a model learned for " + net->game() + ", and the game is " + game.text());
  // "results/win-net-adjacent4/model.bin" is "win-net-adjacent4".
  const std::filesystem::path file = std::filesystem::path(path).lexically_normal();
  if (name.empty())
    name = file.parent_path().filename().empty() ? file.stem().string() : file.parent_path().filename().string();
  const bool printable =
      std::all_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20; });
  if (name.empty() || name.size() > 100 || !printable)
    throw UsageError("--name wants a page title of 1-100 printable characters");
  check_outputs({{page, "--html"}}, {{path, "the model"}});
  const std::vector<std::string> provenance = {"From " + path + ": learner win-net, spec '" + m.info.spec_name + "', " +
                                               std::to_string(m.info.games) + " training games, seed " +
                                               std::to_string(m.info.seed) + "."};
  write_file_atomically(page, exporter::play_page(*net, {name, provenance, depth, game}));
  std::printf("wrote %s: open it in a browser to play %s against %s (engine depth %d, changeable on the page)\n",
              page.c_str(), game.text().c_str(), name.c_str(), depth);
  return 0;
}

}  // namespace

int export_command(const Args& args) {
  std::vector<std::string> program;
  std::string header, page, name;
  int depth = 4;
  bool with_player = false;
  CommandLine command;
  command.positionals(program, 1, 1, "give exactly one program: a .eval file, a checkpoint or a run folder");
  command.text("cpp", header);
  command.text("name", name);
  command.flag("player", with_player);
  command.text("html", page);
  command.integer("depth", depth, 1, exporter::kPlayPageMaxDepth);
  std::string game_name;
  command.text("game", game_name);
  command.parse(args);
  const bool cpp = command.given("cpp"), html = command.given("html");
  if (!cpp && !html) throw UsageError("say what to write: --cpp OUT.hpp (a C++ header) or --html OUT.html (a page)");
  if (cpp && !header.ends_with(".hpp") && !header.ends_with(".h"))
    throw UsageError("--cpp wants a header file name ending in .hpp or .h, not '" + header + "'");
  if (html && !page.ends_with(".html") && !page.ends_with(".htm"))
    throw UsageError("--html wants a file name ending in .html, not '" + page + "'");
  if (with_player && !cpp) throw UsageError("--player comes with --cpp: the player program includes the header");
  if (command.given("depth") && !html) throw UsageError("--depth is the page's: it comes with --html");
  if (model::is_model_file(program[0]))
    return export_model_page(program[0], game_name, command.given("name") ? name : "", cpp, page, depth);
  Source source = read_source(program[0]);
  const GameDescriptor game = command_game(game_name, {program[0]});
  with_game(game, [&](const auto& g) { require_game(g, source.program, program[0]); });
  require_exported(game, cpp, html);
  for (const lang::BuiltinBoardNet* net : lang::builtin_board_nets_read(source.program)) {
    // The header and the page would carry the network's weights for a board
    // it was not learned on (as match refuses it: lang/game_program.hpp).
    const std::string& learned_on = lang::builtin_board_model(*net).game();
    with_game(game, [&](const auto& g) {
      if (g.name() != learned_on)
        throw InputError(TextLocation{program[0]}, std::string(net->feature) + "() is the network of " + learned_on +
                                                       " (" + std::string(net->path) + "): it does not value " +
                                                       g.name());
    });
  }
  if (html && game.family == connect4::kFamily && game.params[0] != 0)
    throw UsageError("--html plays Connect4 with the standard win test; " + game.text() +
                     " has the thesis's Java test, which the page does not play (export for connect4, or --cpp)");
  if (with_player && game.family != connect4::kFamily)
    throw UsageError("--player writes a Connect4 player; for " + game.text() +
                     " export the header alone (--cpp) and search with it in your own engine");
  if (!command.given("name")) name = exporter::identifier_from(source.default_name);
  if (cpp && !exporter::is_usable_identifier(name))
    throw UsageError("--name '" + name + "' is not a usable C++ name (letters, digits and '_', not first; no keyword)");
  const bool printable =
      std::all_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20; });
  if (html && (name.empty() || name.size() > 100 || !printable))
    throw UsageError("--name wants a page title of 1-100 printable characters");
  const std::string player = header.substr(0, header.rfind('.')) + "_player.cpp";
  std::vector<FileRole> outputs;
  if (cpp) outputs.push_back({header, "--cpp"});
  if (with_player) outputs.push_back({player, "the --player program " + player});
  if (html) outputs.push_back({page, "--html"});
  check_outputs(outputs, {{program[0], "the program"}});
  if (html) {
    write_file_atomically(page, exporter::play_page(source.program, {name, source.provenance, depth, game}));
    std::printf("wrote %s: open it in a browser to play %s against %s (engine depth %d, changeable on the page)\n",
                page.c_str(), game.text().c_str(), name.c_str(), depth);
  }
  if (!cpp) return 0;
  write_file_atomically(header, exporter::cpp_header(source.program, {name, source.provenance, game}));
  if (game.family == connect4::kFamily)
    std::printf("wrote %s: int %s(const int board[6][7]) and int %s(std::uint64_t x_stones, std::uint64_t o_stones)\n",
                header.c_str(), name.c_str(), name.c_str());
  else
    std::printf("wrote %s: int %s(...), an evaluator of %s (its comment shows how to call it)\n", header.c_str(),
                name.c_str(), game.text().c_str());
  if (with_player) {
    write_file_atomically(player, exporter::cpp_player(std::filesystem::path(header).filename().string(), name));
    std::printf("wrote %s; build it with: c++ -std=c++17 -O2 -o %s_player %s\n", player.c_str(), name.c_str(),
                player.c_str());
  }
  return 0;
}

}  // namespace evalsynth
