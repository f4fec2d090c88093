// The one translation unit that instantiates the program grammar.
#include "lang/parser_def.hpp"

namespace evalsynth::lang::parser {
BOOST_SPIRIT_INSTANTIATE(program_type, iterator_type, full_context_type)
}  // namespace evalsynth::lang::parser
