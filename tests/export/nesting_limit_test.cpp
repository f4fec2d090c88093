// The one nesting limit of programs (lang::kMaxProgramDepth), enforced at the
// door: every construct that nests parses at the limit and then survives every
// stage that walks a program recursively (lowering, simplifier, printer,
// compiler, exporter); one level more is a located error, and far more (what
// would overflow the stack) is the same error, not a crash.

#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "export/cpp_export.hpp"
#include "export/play_page.hpp"
#include "games/connect4/notation.hpp"
#include "lang/compiled.hpp"
#include "lang/parse.hpp"
#include "lang/printer.hpp"
#include "lang/simplify.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

struct NestingCase {
  const char* construct;
  std::function<std::string(int)> program;  // the construct nested n deep
  int deepest;                              // the deepest n within the limit
  const char* error;                        // the message one level deeper
};

std::string error_of(const std::string& text) {
  return test::input_error_of([&] { (void)lang::parse_program(text, "deep.eval"); });
}

}  // namespace

TEST_CASE("programs nest up to the documented limit, through every stage, and no deeper", "[lang][limits]") {
  constexpr int L = lang::kMaxProgramDepth;
  const std::string as_written = "expressions nested more than " + std::to_string(L) + " deep";
  const std::string as_tree = "program nested more than " + std::to_string(L) + " deep";
  // threats(x) is a leaf (one level as a tree), so n levels of a construct
  // around it are n + 1 deep.
  const NestingCase cases[] = {
      // Brackets add no tree level, so they meet the parser's limit (a call's
      // arguments are one more level).
      {"brackets", [](int n) { return repeat("(", n) + "threats(x)" + repeat(")", n); }, L - 1, as_written.c_str()},
      {"if chain", [](int n) { return repeat("if threats(x) > 0 then 1 else ", n) + "2"; }, L - 2, as_tree.c_str()},
      {"let chain",
       [](int n) {
         std::string text;
         for (int i = 0; i < n; ++i) text += "let v" + std::to_string(i) + " = " + std::to_string(i) + " in ";
         return text + "v0 + v1";
       },
       L - 2, as_tree.c_str()},
      {"unary minus", [](int n) { return repeat("-", n) + "threats(x)"; }, L - 1, as_tree.c_str()},
      {"not", [](int n) { return "if " + repeat("not ", n) + "(threats(x) > 0) then 1 else 2"; }, L - 3,
       as_tree.c_str()},
      // A chain nests a tree level per operator without any parser recursion.
      {"sum chain", [](int n) { return "threats(x)" + repeat(" + threats(o)", n); }, L - 1, as_tree.c_str()},
      {"min chain", [](int n) { return repeat("min(threats(x), ", n) + "threats(o)" + repeat(")", n); }, L - 1,
       as_tree.c_str()},
  };
  for (const NestingCase& c : cases) {
    INFO(c.construct);
    const lang::Program p = lang::parse_program(c.program(c.deepest), "deep.eval");
    CHECK(p.depth() <= L);
    // Every stage after the parser walks the tree recursively.
    const lang::Program simple = lang::simplify(p);
    const lang::Program reread = lang::parse_program(lang::to_text(p));
    CHECK(lang::to_text(reread) == lang::to_text(p));
    const connect4::Position start = connect4::parse_moves("4455");
    CHECK(lang::Connect4Program(p)(start) == lang::Connect4Program(simple)(start));
    CHECK_THAT(exporter::cpp_header(p, {"deep", {}}), Contains("int deep("));
    CHECK_THAT(exporter::play_page(p, {"deep", {}, 4}), Contains("function evaluate(b)"));

    // One level more: past the tree limit or, where the construct also nests
    // the parser that deep, past the parser's.
    const std::string one_more = error_of(c.program(c.deepest + 1));
    CHECK_THAT(one_more, Contains("deep.eval:1:") && (Contains(c.error) || Contains(as_written)));
    // Far past the limit: the same error, not a stack overflow.
    CHECK_THAT(error_of(c.program(40 * L)), Contains("deep.eval:1:") && Contains("deep"));
  }
}

TEST_CASE("a too-deep program is reported where the expression over the limit begins", "[lang][limits]") {
  const std::string brackets = std::string(static_cast<std::size_t>(lang::kMaxProgramDepth) + 1, '(') + "1" +
                               std::string(static_cast<std::size_t>(lang::kMaxProgramDepth) + 1, ')');
  CHECK_THAT(error_of(brackets), Contains("deep.eval:1:" + std::to_string(lang::kMaxProgramDepth + 2) + ": error:"));
  // The excerpt is a window around the caret, not the whole (long) line.
  const std::string message = error_of(brackets);
  CHECK(message.size() < 400);
  CHECK_THAT(message, Contains("..."));
}
