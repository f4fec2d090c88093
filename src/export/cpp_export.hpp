#pragma once
// Export of evaluator programs as standalone C++17: a header any engine can
// include (no evalsynth headers, no libraries), and optionally a tiny player
// program around it. The exported function computes exactly what evalsynth's
// interpreter computes (lang/semantics.hpp) for every position: the same
// wrapping 32-bit arithmetic, protected division and features.

#include <string>
#include <vector>

#include "games/registry.hpp"
#include "lang/program.hpp"

namespace evalsynth::exporter {

struct ExportInfo {
  std::string name;                     // the C++ function name
  std::vector<std::string> provenance;  // comment lines: where the program came from
  GameDescriptor game = {};             // the game it is exported for (of the program's family)
};

// True for a C++ identifier that is not a keyword and not reserved (no
// leading underscore, no double underscore).
bool is_usable_identifier(const std::string& name);

// A usable identifier made from `text` (a file name, say): other characters
// become '_', a leading digit gets a prefix.
std::string identifier_from(const std::string& text);

// Whether the exporter writes C++ headers for the family's programs: its
// features' C++ exists (play_page.hpp says which the page plays). A family
// without it is refused before anything is written, never exported as
// another's.
bool exports_family(GameFamily family);

// The header defining, for Connect4, `int NAME(const int board[6][7])` and
// `int NAME(std::uint64_t x_stones, std::uint64_t o_stones)`; for the
// k-in-a-row boards the same for their boards (bit row * columns + col);
// for ModNim `int NAME(int sticks_left, int moves_made)`; for checkers
// `int NAME(std::uint32_t x, std::uint32_t o, std::uint32_t kings_bits, int
// plies_played, int quiet_plies)` over the numbered squares (bit s - 1 =
// square s).
// Precondition: is_usable_identifier(info.name), the program of info.game's family.
std::string cpp_header(const lang::Program& program, const ExportInfo& info);
// The part for the games other than Connect4 (game_cpp_export.cpp).
std::string game_cpp_header(const lang::Program& program, const ExportInfo& info);

// A self-contained player: reads Pons move strings on stdin and prints the
// column the evaluator chooses at the depth given as its argument, searching
// exactly as evalsynth's players do with left-to-right root order.
std::string cpp_player(const std::string& header_file_name, const std::string& name);

}  // namespace evalsynth::exporter
