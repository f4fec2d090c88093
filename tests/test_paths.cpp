#include "test_paths.hpp"

namespace test {

const char* const kEvalsynthBinary = EVALSYNTH_BINARY;
const char* const kSourceDir = EVALSYNTH_SOURCE_DIR;
const char* const kCxxCompiler = EVALSYNTH_CXX;

}  // namespace test
