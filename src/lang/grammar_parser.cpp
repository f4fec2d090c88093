// The one translation unit that instantiates the grammar-file parser.
#include "lang/grammar_parser_def.hpp"

namespace evalsynth::lang::parser {
BOOST_SPIRIT_INSTANTIATE(grammar_file_type, iterator_type, full_context_type)
}  // namespace evalsynth::lang::parser
