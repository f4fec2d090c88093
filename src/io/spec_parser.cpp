// The one translation unit that instantiates the spec-file parser.
#include "io/spec_parser_def.hpp"

namespace evalsynth::spec_parser {
BOOST_SPIRIT_INSTANTIATE(spec_file_type, iterator_type, full_context_type)
}  // namespace evalsynth::spec_parser
